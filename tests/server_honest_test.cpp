// Keeping people honest at the table server (docs/security.md, "The server"): names nobody can
// pass off as another's or as the server's, chat without control or bidi characters, and the
// refusals that say what they are.
#include <gtest/gtest.h>

#include "support/server_fixture.h"

namespace inbetween {
namespace {

using nlohmann::json;
using server::ConnId;
using testing::Seat;
using testing::ServerTest;

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

}  // namespace
}  // namespace inbetween
