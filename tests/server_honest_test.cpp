// Keeping people honest at the table server (docs/security.md, "The server"): names nobody can
// pass off as another's or as the server's, chat without control or bidi characters, private
// tables, a commitment that covers the rules, the knobs, the players and the seed, and which
// pages may open the WebSocket.
#include <gtest/gtest.h>

#include <sstream>

#include "server/fairness.h"
#include "server/origin.h"
#include "server/verify.h"

#include <fmt/format.h>
#include "support/server_fixture.h"

namespace inbetween {
namespace {

class Honesty : public ServerTest {
 protected:
  // What joining `table` as `name` answers: the `seated` message or the error.
  json join_as(const std::string& table, const std::string& name) {
    ConnId conn = connect();
    ask(conn, {{"type", "join"}, {"table", table}, {"name", name}});
    for (const auto& m : hooks_->inbox[conn])
      if (m["type"] == "seated" || m["type"] == "error") return m;
    return nullptr;
  }
  // A Hoyle game of Ann and Bob (30 deals) played out; its log as exported.
  std::vector<json> finished_log(json set = {{"deals", "30"}}) {
    Seat ann = create("hoyle", 2, "Ann", {{"set", set}});
    Seat bob = join(ann.table, "Bob");
    command(ann, "start");
    testing::play_out(*lobby_, *hooks_, {ann, bob});
    EXPECT_EQ(table_of(ann)["status"], "over");
    return lobby_->room(ann.table)->export_log(1);
  }
  static server::VerifyReport check(const std::vector<json>& lines, int oldest_version = server::kCommitmentVersion) {
    std::ostringstream log;
    for (const auto& line : lines) log << line.dump() << "\n";
    std::istringstream in(log.str());
    return server::verify_log(in, "g.jsonl", oldest_version);
  }
};

TEST_F(Honesty, ANameIsNormalisedBeforeItIsSeatedAndShown) {
  // Full-width letters (NFKC), spaces at either end, a run of spaces inside.
  Seat ann = create("hoyle", 3, "  \uFF21nn\u00A0  Lee ");
  EXPECT_EQ(table_of(ann)["seats"][0]["name"], "Ann Lee");
  json seated = join_as(ann.table, "\uFB01ona");  // the "fi" ligature
  ASSERT_EQ(seated["type"], "seated") << seated.dump();
  EXPECT_EQ(table_of(ann)["seats"][1]["name"], "fiona");
  EXPECT_EQ(join_as(ann.table, "   ")["code"], "bad_name");
  // 41 bytes is over the engine's limit; 48 that normalise to 40 are not.
  EXPECT_EQ(join_as(ann.table, std::string(41, 'x'))["code"], "bad_name");
  ASSERT_EQ(join_as(ann.table, std::string(4, ' ') + std::string(40, 'y') + std::string(4, ' '))["type"], "seated");
}

TEST_F(Honesty, InvisibleFormattingAndControlCharactersInANameAreRefused) {
  Seat ann = create("hoyle", 3);
  for (std::string bad : {"Bo\u200Bb", "Bob\u200E", "\u200FBob", "Bo\u202Eb", "\u2066Bob\u2069", "Bo\u202Ab", "\uFEFFBob",
                          "Bob\u3164", "Bo\u2028b", "Bo\x1b" "b", "Bo\x7f" "b", "Bo\xc2\x85" "b", "Bo\uE000b"}) {
    json reply = join_as(ann.table, bad);
    EXPECT_EQ(reply["code"], "bad_name") << json(bad).dump();
    std::string why = reply.value("message", "");
    EXPECT_TRUE(why.find("invisible") != std::string::npos || why.find("control") != std::string::npos ||
                why.find("private-use") != std::string::npos)
        << why;
  }
  // A table is not made for a creator whose name is refused.
  json reply = ask(connect(), {{"type", "create"}, {"name", "\u202EnnA"}, {"rules", "hoyle"}, {"seats", 2}});
  EXPECT_EQ(reply["code"], "bad_name");
  EXPECT_EQ(lobby_->tables(), 1u);
}

TEST_F(Honesty, ANameTheTableHasOrOneThatLooksLikeItIsRefused) {
  Seat ann = create("hoyle", 4);
  for (std::string same : {"ann", "ANN", " Ann", "\uFF41nn"}) {
    json reply = join_as(ann.table, same);
    EXPECT_EQ(reply["code"], "bad_name") << same;
    EXPECT_NE(reply.value("message", "").find("already at this table"), std::string::npos) << reply.dump();
  }
  // Cyrillic А (U+0410) and Latin "nn"; Greek Α (U+0391); "rn" for "m" in "Am".
  for (std::string alike : {"\u0410nn", "\u0391nn"}) {
    json reply = join_as(ann.table, alike);
    EXPECT_EQ(reply["code"], "bad_name") << alike;
    EXPECT_NE(reply.value("message", "").find("looks like \"Ann\""), std::string::npos) << reply.dump();
  }
  EXPECT_EQ(join_as(ann.table, "Anne")["type"], "seated");
  // Another table's Ann is no one here.
  Seat other = create("hoyle", 2, "Bob");
  EXPECT_EQ(join_as(other.table, "ann")["type"], "seated");
}

// What draws nothing counts for nothing (issue 49, finding 4): a name of only Braille's blank or
// a variation selector shows nothing; Ann with one added, or a selector inside, looks like Ann.
TEST_F(Honesty, ANameIsWhatItDrawsNotWhatItHolds) {
  Seat ann = create("hoyle", 4);
  for (std::string empty : {"\u2800", "\uFE0F", "\u2800\uFE0F", " \uFE00 ", "\U000E0100"}) {
    json reply = join_as(ann.table, empty);
    EXPECT_EQ(reply["code"], "bad_name") << json(empty).dump();
    EXPECT_NE(reply.value("message", "").find("at least one visible character"), std::string::npos) << reply.dump();
  }
  for (std::string same : {"Ann\u2800", "\u2800Ann", "Ann\uFE0F", "Ann\uFE00", "Ann\U000E0100", "A\uFE0Fnn", "Ann \uFE0F"}) {
    json reply = join_as(ann.table, same);
    EXPECT_EQ(reply["code"], "bad_name") << json(same).dump();
    EXPECT_NE(reply.value("message", "").find("already at this table"), std::string::npos) << reply.dump();
  }
  // A selector that does choose how a symbol is drawn stays in the name shown, and that name too
  // is taken without it.
  json heart = join_as(ann.table, "Bo \u2764\uFE0F");
  ASSERT_EQ(heart["type"], "seated") << heart.dump();
  EXPECT_EQ(join_as(ann.table, "Bo \u2764")["code"], "bad_name");
  EXPECT_EQ(join_as(ann.table, "server\uFE0F")["code"], "bad_name");
  EXPECT_EQ(join_as(ann.table, "A\u2800B")["type"], "seated");  // a blank inside is a space: "A B"
  EXPECT_EQ(join_as(ann.table, "A B")["code"], "bad_name");
}

TEST_F(Honesty, TheWordsTheServerSpeaksAsAreNoPersonsName) {
  Seat ann = create("hoyle", 3);
  for (std::string reserved : {"server", "System", "ADMIN", "bot", "bot3", "Bot 12", "watcher", "Moderator", "\u0455erver"}) {
    json reply = join_as(ann.table, reserved);
    EXPECT_EQ(reply["code"], "bad_name") << reserved;
    EXPECT_NE(reply.value("message", "").find("reserved"), std::string::npos) << reply.dump();
  }
  EXPECT_EQ(join_as(ann.table, "Botticelli")["type"], "seated");
}

TEST_F(Honesty, AFullTableOfEightSaysSo) {
  Seat ann = create("hoyle", 8);
  for (int i = 1; i < 8; ++i) join(ann.table, "P" + std::to_string(i));
  json reply = join_as(ann.table, "Nina");
  EXPECT_EQ(reply["code"], "table_full") << reply.dump();
}

TEST_F(Honesty, RulesAndRulesTextTogetherAreABadRequest) {
  json reply = ask(connect(), {{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"rules_text", "game = \"pot\"\n"}});
  EXPECT_EQ(reply["code"], "bad_request") << reply.dump();
  EXPECT_EQ(lobby_->tables(), 0u);
}

TEST_F(Honesty, ChatLosesControlAndBidiCharactersButKeepsTextAndEmoji) {
  Seat ann = create("hoyle", 2);
  std::string sent = std::string("a\x1b[2Jb\x07") + "c" + std::string(1, '\0') + "\u202Ed\u2066e\u2069\u200Bf\xc2\x85g\x7f" +
                     " caf\u00E9 \U0001F468\u200D\U0001F469\u200D\U0001F467 \u05E9\u05DC\u05D5\u05DD";
  command(ann, "chat", {{"text", sent}});
  json line = hooks_->last(ann.conn, "chat");
  EXPECT_EQ(line["text"], "a[2Jbcdefg caf\u00E9 \U0001F468\u200D\U0001F469\u200D\U0001F467 \u05E9\u05DC\u05D5\u05DD");
  // Nothing left to say once they are taken out.
  EXPECT_EQ(command(ann, "chat", {{"text", "\u202E\u200B\x1b"}})["code"], "bad_message");
}

TEST_F(Honesty, APrivateTableIsNotListedButJoinedByItsCodeAcrossARestart) {
  Seat shown = create("hoyle", 2, "Ann");
  Seat hidden = create("hoyle", 2, "Cy", {{"private", true}});
  auto listed = [&] {
    std::set<std::string> codes;
    json reply = ask(connect(), {{"type", "tables"}});
    for (const auto& t : reply["tables"]) codes.insert(t["table"].get<std::string>());
    return codes;
  };
  EXPECT_EQ(listed(), std::set<std::string>{shown.table});
  restart();
  EXPECT_EQ(listed(), std::set<std::string>{shown.table});
  EXPECT_EQ(join_as(hidden.table, "Di")["type"], "seated");
  EXPECT_EQ(ask(connect(), {{"type", "create"}, {"name", "Ed"}, {"rules", "hoyle"}, {"private", "yes"}})["code"], "bad_message");
}

TEST_F(Honesty, AnEditedKnobOrNameIsCaughtAndNamedByVerify) {
  auto lines = finished_log();
  ASSERT_TRUE(check(lines).ok) << check(lines).text;
  EXPECT_EQ(lines[0]["commitment_version"], server::kCommitmentVersion);
  EXPECT_NE(check(lines).text.find("covers the rules, the knobs, the players and the seed"), std::string::npos);
  // A knob: the deal count of the log is not the one committed to (the game may still replay).
  auto knob = lines;
  knob[0]["set"]["deals"] = "31";
  auto report = check(knob);
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.text.find("line 1: the knobs \"set\": {\"deals\":\"31\"} are not those committed to"), std::string::npos) << report.text;
  knob[0]["set"] = {{"start_chips", "999"}, {"deals", "30"}};
  EXPECT_NE(check(knob).text.find("the knobs"), std::string::npos) << check(knob).text;
  // A name, changed everywhere the log says it, so every move and event still replays.
  std::string text;
  for (const auto& line : lines) text += line.dump() + "\n";
  for (std::size_t at = 0; (at = text.find("\"Bob\"", at)) != std::string::npos;) text.replace(at, 5, "\"Rob\"");
  std::istringstream renamed(text);
  report = server::verify_log(renamed, "g.jsonl");
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.text.find("line 1: the players [\"Ann\",\"Rob\"] are not those committed to"), std::string::npos) << report.text;
  // The rules.
  auto rules = lines;
  rules[0]["rules"] = "red-dog";
  EXPECT_NE(check(rules).text.find("line 1: the rules are not those committed to"), std::string::npos) << check(rules).text;
  // Parts edited to match the edit no longer hash to the commitment; no parts: the sentence is general.
  auto parts = knob;
  parts[0]["commit_parts"]["set"] = server::sha256_hex(knob[0]["set"].dump());
  EXPECT_NE(check(parts).text.find("do not match the commitment"), std::string::npos) << check(parts).text;
  parts[0].erase("commit_parts");
  EXPECT_NE(check(parts).text.find("do not match the commitment"), std::string::npos) << check(parts).text;
}

TEST_F(Honesty, VerifyDealsFromWhatTheCommitmentCoversOnly) {
  auto lines = finished_log();
  ASSERT_TRUE(check(lines).ok) << check(lines).text;
  // A stacked deck or a named dealer slipped into the log would deal another game in `replay`
  // (issue 49, finding 5): a key the server does not write is refused, on any line.
  for (const char* key : {"deck", "dealer", "id"}) {
    auto edited = lines;
    edited[0][key] = key == std::string("deck") ? json{"AS", "AH", "AD", "AC"} : json("Bob");
    auto report = check(edited);
    EXPECT_FALSE(report.ok) << key;
    EXPECT_NE(report.text.find(fmt::format("line 1: the key \"{}\" is not one the server writes", key)), std::string::npos) << report.text;
  }
  auto move = lines;
  move[3]["seed"] = 7;
  EXPECT_NE(check(move).text.find("line 4: the key \"seed\" is not one the server writes"), std::string::npos) << check(move).text;
  // An unknown scheme is refused.
  auto unknown = lines;
  unknown[0]["commitment_version"] = 7;
  EXPECT_NE(check(unknown).text.find("no commitment scheme"), std::string::npos) << check(unknown).text;
}

TEST_F(Honesty, ALogOfTheFirstSchemeStillVerifiesAndSaysWhatItCovers) {
  auto lines = finished_log();
  lines[0].erase("commit_parts");
  lines[0].erase("commitment_version");
  lines[0]["commit"] = server::seed_commitment(lines[0]["table"].get<std::string>(), 1, lines[0]["seed"].get<std::uint64_t>());
  // Only when asked for: a log rewritten to the older scheme could carry an edited knob.
  auto report = check(lines);
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.text.find("line 1: the log is committed by version 1 (the seed only"), std::string::npos) << report.text;
  EXPECT_NE(report.text.find("give --allow-version 1"), std::string::npos) << report.text;
  report = check(lines, 1);
  EXPECT_TRUE(report.ok) << report.text;
  EXPECT_NE(report.text.find("version 1: the seed only"), std::string::npos) << report.text;
  EXPECT_NE(report.text.find("a weaker check than the current version's"), std::string::npos) << report.text;
  lines[0]["set"]["max_players"] = "7";  // what version 1 leaves out (a knob that deals the same), and why it is not the default
  EXPECT_TRUE(check(lines, 1).ok);
  EXPECT_FALSE(check(lines).ok);
}

TEST_F(Honesty, ATableStoredUnderTheFirstSchemeKeepsItsCommitmentAndVerifies) {
  // As a server before version 2 left it: the seats filled, the seed committed alone.
  std::string token(32, 'a');
  server::StoredGame first{1, 1234567, server::seed_commitment("OLD1", 1, 1234567), {}, {}, {}};
  store_->add_table({"OLD1", "hoyle", "", R"({"deals":"30"})", 2, 60, {{0, "Ann", "", server::sha256_hex(token)}, {1, "bot2", "sensible", ""}}, {first}, false, ""});
  restart();
  Seat ann{connect(), "OLD1", token, 0};
  json seated = command(ann, "resume");
  ASSERT_EQ(table_of(ann)["commit"], first.commit) << seated.dump();
  command(ann, "start");
  testing::play_out(*lobby_, *hooks_, {ann});
  auto lines = lobby_->room("OLD1")->export_log(1);
  EXPECT_EQ(lines[0]["commitment_version"], 1);
  auto report = check(lines, 1);
  EXPECT_TRUE(report.ok) << report.text;
  EXPECT_NE(report.text.find("version 1: the seed only"), std::string::npos) << report.text;
  // The next game there is committed by the current scheme.
  command(ann, "again");
  EXPECT_EQ(lobby_->room("OLD1")->export_log(1)[0]["commitment_version"], 1);
  EXPECT_NE(table_of(ann)["commit"], first.commit);
}

TEST(Origins, APageOfAnotherSiteMayNotOpenTheWebSocketUnlessAllowed) {
  std::string own = "http://127.0.0.1:8080", local = "http://localhost:8080", secure = "https://cards.example.com",
              evil = "https://evil.example", null = "null";
  auto served = server::served_origins("127.0.0.1", 8080, {});
  EXPECT_TRUE(server::origin_admitted(nullptr, served));  // a program sends no Origin
  EXPECT_TRUE(server::origin_admitted(&own, served));
  EXPECT_TRUE(server::origin_admitted(&local, served));
  std::string tls = "https://127.0.0.1:8080";
  EXPECT_TRUE(server::origin_admitted(&tls, served));
  EXPECT_FALSE(server::origin_admitted(&secure, served));  // behind a proxy only when named
  EXPECT_TRUE(server::origin_admitted(&secure, server::served_origins("127.0.0.1", 8080, {server::allowed_origin(secure, "--public-origin")})));
  std::string other_port = "http://127.0.0.1:9090";
  EXPECT_FALSE(server::origin_admitted(&other_port, served));  // another port is another site
  EXPECT_FALSE(server::origin_admitted(&evil, served));
  EXPECT_FALSE(server::origin_admitted(&null, served));
  // DNS rebinding (issue 49, finding 8): a page of the attacker's name that resolves to this
  // machine names that name in Origin and in Host alike; neither makes it the server's own.
  std::string rebound = "http://evil.com:8080";
  EXPECT_FALSE(server::origin_admitted(&rebound, served));
  EXPECT_FALSE(server::origin_admitted(&rebound, server::served_origins("0.0.0.0", 8080, {})));
  // Listening on every address: the machine's own addresses, loopback among them, and no other.
  auto every = server::served_origins("0.0.0.0", 8080, {});
  EXPECT_TRUE(server::origin_admitted(&own, every));
  EXPECT_TRUE(server::origin_admitted(&local, every));
  std::string stranger = "http://203.0.113.9:8080";
  EXPECT_FALSE(server::origin_admitted(&stranger, every));
  std::string friends = "https://friends.example:8443";
  std::vector<std::string> allowed = served;
  allowed.push_back(server::allowed_origin("https://friends.example:8443/"));
  EXPECT_TRUE(server::origin_admitted(&friends, allowed));
  EXPECT_FALSE(server::origin_admitted(&evil, allowed));
  EXPECT_EQ(server::allowed_origin("HTTPS://Example.COM:443"), "https://example.com");
  for (const char* bad : {"example.com", "ftp://example.com", "https://example.com/page", "https://", "*"})
    EXPECT_THROW(server::allowed_origin(bad), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace inbetween
