// The engine protocol: the documented example session, malformed input, the line loop, log replays.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "protocol/engine_loop.h"
#include "protocol/json.h"
#include "support/seats.h"

using inbetween::protocol::Engine;
using inbetween::protocol::json;

namespace {

using inbetween::testing::ask;

// The `> ` request / `< ` reply lines of docs/protocol.md, in pairs: one session per fenced block.
using Session = std::vector<std::pair<std::string, std::string>>;
std::vector<Session> documented_sessions() {
  std::ifstream doc(std::string(INBETWEEN_SOURCE_DIR) + "/docs/protocol.md");
  EXPECT_TRUE(doc) << "docs/protocol.md is missing";
  std::vector<Session> sessions;
  std::string line;
  bool fenced = false;
  while (std::getline(doc, line)) {
    if (line.starts_with("```")) {
      fenced = !fenced;
      if (fenced) sessions.emplace_back();
      continue;
    }
    if (!fenced) continue;
    Session& pairs = sessions.back();
    if (line.starts_with("> ")) {
      pairs.emplace_back(line.substr(2), "");
    } else if (line.starts_with("< ")) {
      EXPECT_FALSE(pairs.empty()) << "a reply before any request: " << line;
      if (pairs.empty()) continue;
      EXPECT_TRUE(pairs.back().second.empty()) << "two replies to one request: " << line;
      pairs.back().second = line.substr(2);
    }
  }
  std::erase_if(sessions, [](const Session& s) { return s.empty(); });
  return sessions;
}

// ---- (a) the documented sessions are what the engine answers --------------------------------

TEST(DocumentedSession, EveryReplyIsTheEnginesReply) {
  auto sessions = documented_sessions();
  ASSERT_GE(sessions.size(), 2u) << "docs/protocol.md should hold a pot-game and a ThreeBeTween example";
  bool refused = false;
  std::set<std::string> games;
  for (const auto& pairs : sessions) {
    ASSERT_GE(pairs.size(), 8u) << "each example should be a whole session";
    Engine engine;
    bool quit = false;
    for (const auto& [request, reply] : pairs) {
      ASSERT_FALSE(quit) << "a request after quit: " << request;
      ASSERT_FALSE(reply.empty()) << "no documented reply to " << request;
      json documented = json::parse(reply);
      json actual = engine.handle(request);
      EXPECT_EQ(actual, documented) << "request: " << request << "\nengine replied: " << actual.dump()
                                    << "\n(regenerate the example in docs/protocol.md from `inbetween engine`)";
      refused = refused || actual.value("ok", true) == false;
      if (actual.contains("state")) games.insert(actual["state"].value("game", ""));
      quit = engine.quit();
    }
    EXPECT_TRUE(quit) << "each example should end with quit";
  }
  EXPECT_TRUE(refused) << "the examples should show a refused action";
  EXPECT_TRUE(games.contains("pot") && games.contains("threebetween")) << "examples of both families";
}

TEST(DocumentedSession, ItsLogReplaysTheSameGame) {
  for (const auto& pairs : documented_sessions()) {
    Engine engine;
    json last_state;
    bool replayed_log = false;
    for (const auto& [request, reply] : pairs) {
      json r = engine.handle(request);
      if (r.contains("state")) last_state = r["state"];
      if (r.contains("log")) {
        Engine replay;
        json replayed;
        for (const auto& line : r["log"]) {
          json answer = ask(replay, line);
          ASSERT_TRUE(answer["ok"].get<bool>()) << answer.dump();
          replayed = answer["state"];
        }
        EXPECT_EQ(replayed, last_state);
        replayed_log = true;
      }
    }
    EXPECT_TRUE(replayed_log) << "each example should ask for its log";
    EXPECT_TRUE(last_state.value("over", false)) << "each documented game should be played to its end";
  }
}

// ---- (b) malformed input ----------------------------------------------------------------------

// A hoyle game between Ann and Bob, Bob dealing, Ann to bet on 5S-JH with 2 in the pot.
json new_game() {
  return {{"cmd", "new"}, {"rules", "hoyle"}, {"players", {"Ann", "Bob"}}, {"seed", 7}, {"dealer", "Bob"},
          {"deck", {"5S", "JH", "9C", "3D", "4D", "7H", "7C", "2C", "KS", "KD"}}};
}

json with(json request, const std::string& key, json value) {
  request[key] = std::move(value);
  return request;
}

json without(json request, const std::string& key) {
  request.erase(key);
  return request;
}

json act(const std::string& player, json action) { return {{"cmd", "act"}, {"player", player}, {"action", std::move(action)}}; }

class Malformed : public ::testing::Test {
 protected:
  void SetUp() override {
    json r = ask(engine, new_game());
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    state = ask(engine, {{"cmd", "state"}})["state"];
    log = ask(engine, {{"cmd", "log"}})["log"];
  }

  // The line is answered {"ok":false,"error":{"code":code,...}} and the game is untouched.
  void refused_line(const std::string& line, const std::string& code) {
    SCOPED_TRACE(line);
    json r = engine.handle(line);
    ASSERT_TRUE(r.is_object());
    EXPECT_EQ(r.value("ok", true), false) << r.dump();
    ASSERT_TRUE(r.contains("error") && r["error"].is_object()) << r.dump();
    EXPECT_EQ(r["error"].value("code", ""), code) << r.dump();
    EXPECT_FALSE(r["error"].value("message", "").empty()) << r.dump();
    EXPECT_EQ(r.size(), 2u) << r.dump();
    EXPECT_FALSE(engine.quit());
    EXPECT_EQ(ask(engine, {{"cmd", "state"}})["state"], state);
    EXPECT_EQ(ask(engine, {{"cmd", "log"}})["log"], log);
  }
  void refused(const json& request, const std::string& code) { refused_line(request.dump(), code); }

  // After all that, the game goes on as if nothing happened.
  void still_serves() {
    json r = ask(engine, act("Ann", {{"type", "bet"}, {"amount", 2}}));
    ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
    EXPECT_EQ(r["events"][1], json({{"type", "third_card"}, {"player", "Ann"}, {"card", "9C"}, {"outcome", "between"}}));
    EXPECT_EQ(r["state"]["to_act"], "Ann");
    EXPECT_EQ(ask(engine, {{"cmd", "log"}})["log"].size(), 2u);
  }

  Engine engine;
  json state, log;
};

TEST_F(Malformed, LinesThatAreNoRequest) {
  refused_line("this is not json", "bad_json");
  refused_line("{\"cmd\":\"state\"", "bad_json");
  refused_line("{\"cmd\":\"state\"} {\"cmd\":\"state\"}", "bad_json");
  refused_line("\xff\xfe{\"cmd\":\"state\"}", "bad_json");
  refused_line("\"x\xff\"", "bad_json");
  refused_line("", "bad_json");
  refused_line("[1,2]", "bad_request");
  refused_line("\"state\"", "bad_request");
  refused_line("42", "bad_request");
  refused_line("null", "bad_request");
  refused_line("{}", "bad_request");
  refused(json{{"command", "state"}}, "bad_request");
  refused(json{{"cmd", 5}}, "bad_request");
  refused(json{{"cmd", {"state"}}}, "bad_request");
  refused(json{{"cmd", "dance"}}, "unknown_cmd");
  refused(json{{"cmd", "STATE"}}, "unknown_cmd");
  still_serves();
}

TEST_F(Malformed, NewWithMissingOrWrongFieldsKeepsTheCurrentGame) {
  refused(without(new_game(), "players"), "bad_request");
  refused(with(new_game(), "players", "Ann,Bob"), "bad_request");
  refused(with(new_game(), "players", json::array()), "bad_request");
  refused(with(new_game(), "players", {"Ann", 3}), "bad_request");
  refused(with(new_game(), "rules", 5), "bad_request");
  refused(with(new_game(), "seed", -1), "bad_request");
  refused(with(new_game(), "seed", "7"), "bad_request");
  refused(with(new_game(), "seed", 7.5), "bad_request");
  refused(with(new_game(), "dealer", 1), "bad_request");
  refused(with(new_game(), "deck", "5S,JH"), "bad_request");
  refused(with(new_game(), "set", {1, 2}), "bad_request");
  refused(with(new_game(), "set", "pair_pays=3"), "bad_request");
  still_serves();
}

TEST_F(Malformed, NewWithBadCardsRulesOrSetup) {
  refused(with(new_game(), "deck", {"5S", "ZZ"}), "bad_card");
  refused(with(new_game(), "deck", {"5S", 9}), "bad_card");
  refused(with(new_game(), "deck", {"1S"}), "bad_card");
  refused(with(new_game(), "deck", {"5S", "5S"}), "bad_setup");  // one deck holds one 5S
  refused(with(new_game(), "rules", "no-such-game"), "bad_rules");
  refused(with(new_game(), "set", {{"decks", 99}}), "bad_rules");
  refused(with(new_game(), "set", {{"decks", "lots"}}), "bad_rules");
  refused(with(new_game(), "set", {{"pair_pays", true}}), "bad_rules");
  refused(with(new_game(), "set", {{"pair_posts", "sometimes"}}), "bad_rules");
  refused(with(new_game(), "set", {{"no_such_knob", 1}}), "bad_rules");
  refused(with(new_game(), "set", {{"max_bet", 0}, {"min_bet", 5}, {"banking", "house"}}), "bad_rules");
  refused(with(new_game(), "dealer", "Zed"), "bad_setup");
  refused(with(new_game(), "players", {"Ann"}), "bad_setup");
  refused(with(new_game(), "players", {"Ann", "Ann"}), "bad_setup");
  refused(with(new_game(), "players", {"Ann", ""}), "bad_setup");
  refused(with(new_game(), "players", {"a", "b", "c", "d", "e", "f", "g", "h", "i"}), "bad_setup");
  // Another dealing's seed would deal other cards: such a game is refused, not replayed wrong.
  refused(with(new_game(), "dealing", 1), "old_dealing");
  refused(with(new_game(), "dealing", 3), "old_dealing");
  refused(with(new_game(), "dealing", "2"), "old_dealing");
  still_serves();
}

TEST_F(Malformed, NewNamesNoFileButTheEnginesCommandLineMay) {
  // Real files, so the refusal is for being a path, not for being missing.
  std::string rule_file = std::string(INBETWEEN_SOURCE_DIR) + "/rules/hoyle.toml";
  std::string deck_file = std::string(INBETWEEN_SOURCE_DIR) + "/decks/standard52.toml";
  for (const std::string& rules : {rule_file, std::string("hoyle.toml"), std::string("/etc/passwd")}) {
    refused(with(new_game(), "rules", rules), "bad_rules");
    json r = engine.handle(with(new_game(), "rules", rules).dump());
    EXPECT_NE(r["error"]["message"].get<std::string>().find("is a path"), std::string::npos) << r.dump();
    EXPECT_EQ(r["error"]["message"].get<std::string>().find("root:"), std::string::npos) << "no file's text in the reply";
  }
  refused(with(new_game(), "set", {{"deck", deck_file}}), "bad_rules");
  refused(with(new_game(), "set", {{"deck", "standard52.toml"}}), "bad_rules");
  still_serves();
  // The same files from the engine's own command line (its defaults) are read.
  Engine local(rule_file, {"deck=" + deck_file});
  json r = ask(local, without(new_game(), "rules"));
  EXPECT_EQ(r["ok"], true) << r.dump();
}

TEST(Dealing, TheLogRecordsTheDealingVersion) {
  Engine engine;
  EXPECT_EQ(ask(engine, {{"cmd", "new"}, {"rules", "hoyle"}, {"players", {"Ann", "Bob"}}, {"seed", 3}})["ok"], true);
  EXPECT_EQ(ask(engine, {{"cmd", "log"}})["log"][0]["dealing"], 2);
  // A log that names this version replays.
  EXPECT_EQ(ask(engine, {{"cmd", "new"}, {"rules", "hoyle"}, {"players", {"Ann", "Bob"}}, {"seed", 3}, {"dealing", 2}})["ok"], true);
}

TEST_F(Malformed, ActAndLegalWithMissingOrWrongFields) {
  refused(json{{"cmd", "act"}, {"player", "Ann"}}, "bad_request");
  refused(json{{"cmd", "act"}, {"player", 0}, {"action", {{"type", "bet"}, {"amount", 1}}}}, "bad_request");
  refused(act("Ann", "bet"), "bad_action");
  refused(act("Ann", json::object()), "bad_action");
  refused(act("Ann", {{"type", 1}}), "bad_action");
  refused(act("Ann", {{"type", "double"}}), "bad_action");
  refused(act("Ann", {{"type", "bet"}}), "bad_action");
  refused(act("Ann", {{"type", "bet"}, {"amount", "2"}}), "bad_action");
  refused(act("Ann", {{"type", "bet"}, {"amount", 1.5}}), "bad_action");
  refused(act("Ann", {{"type", "rebuy"}}), "bad_action");
  refused(act("Ann", {{"type", "call"}}), "bad_action");
  refused(act("Ann", {{"type", "call"}, {"ace", "middle"}}), "bad_action");
  refused(act("Zed", {{"type", "bet"}, {"amount", 1}}), "unknown_player");
  refused(json{{"cmd", "legal"}, {"player", "Zed"}}, "unknown_player");
  refused(json{{"cmd", "legal"}, {"player", 1}}, "bad_request");
  still_serves();
}

TEST_F(Malformed, ActionsTheRulesRefuse) {
  refused(act("Ann", {{"type", "bet"}, {"amount", 5}}), "bet_too_large");
  refused(act("Ann", {{"type", "bet"}, {"amount", 0}}), "bet_too_small");
  refused(act("Ann", {{"type", "bet"}, {"amount", -3}}), "bet_too_small");
  refused(act("Bob", {{"type", "bet"}, {"amount", 1}}), "not_your_turn");
  refused(act("Ann", {{"type", "pass"}}), "pass_not_allowed");
  refused(act("Ann", {{"type", "call"}, {"ace", "low"}}), "no_ace_to_call");
  refused(act("Ann", {{"type", "raise"}}), "raise_not_allowed");
  refused(act("Ann", {{"type", "stand"}}), "not_now");
  refused(act("Ann", {{"type", "rebuy"}, {"amount", 5}}), "rebuy_not_allowed");
  refused(json{{"cmd", "act"}, {"action", {{"type", "bet"}, {"amount", 3}}}}, "bet_too_large");
  still_serves();
}

// Red Dog's actions are its own type: a pot game's call or rebuy sent to a Red Dog table is
// refused by the codec with the code the game gave before the families were split.
TEST(MalformedInput, RedDogRefusesThePotGamesActionsByTheirRule) {
  Engine engine;
  ASSERT_EQ(ask(engine, {{"cmd", "new"}, {"rules", "red-dog"}, {"players", {"Ann", "Bob"}}, {"seed", 3}})["ok"], true);
  json state = ask(engine, {{"cmd", "state"}})["state"];
  std::string who = state["to_act"].get<std::string>();
  auto code_of = [&](const json& action) {
    json r = ask(engine, {{"cmd", "act"}, {"player", who}, {"action", action}});
    EXPECT_EQ(r.value("ok", true), false) << r.dump();
    return r["error"].value("code", "");
  };
  EXPECT_EQ(code_of({{"type", "call"}, {"ace", "low"}}), "no_ace_to_call");
  EXPECT_EQ(code_of({{"type", "rebuy"}, {"amount", 5}}), "rebuy_not_allowed");
  EXPECT_EQ(code_of({{"type", "double"}}), "bad_action");
  EXPECT_EQ(ask(engine, {{"cmd", "state"}})["state"], state);
}

TEST(MalformedInput, EveryCommandButNewAndQuitNeedsAGame) {
  Engine engine;
  for (const char* cmd : {"legal", "act", "state", "log"}) {
    json r = ask(engine, {{"cmd", cmd}, {"player", "Ann"}, {"action", {{"type", "bet"}, {"amount", 1}}}});
    EXPECT_EQ(r["ok"], false) << cmd;
    EXPECT_EQ(r["error"]["code"], "no_game") << cmd;
  }
  // A new game that cannot start leaves no game behind either.
  EXPECT_EQ(ask(engine, with(new_game(), "rules", "no-such-game"))["error"]["code"], "bad_rules");
  EXPECT_EQ(ask(engine, {{"cmd", "state"}})["error"]["code"], "no_game");
  // And then the engine serves a good request.
  EXPECT_EQ(ask(engine, new_game())["ok"], true);
  EXPECT_EQ(ask(engine, {{"cmd", "state"}})["state"]["to_act"], "Ann");
}

TEST(MalformedInput, BadEngineDefaultsRefuseNewGamesOnly) {
  Engine bad_set("hoyle", {"decks=lots"});
  EXPECT_EQ(ask(bad_set, new_game())["error"]["code"], "bad_rules");
  Engine no_equals("hoyle", {"decks"});
  EXPECT_EQ(ask(no_equals, new_game())["error"]["code"], "bad_rules");
  Engine unknown("no-such-game");
  EXPECT_EQ(ask(unknown, without(new_game(), "rules"))["error"]["code"], "bad_rules");
  // A request that names its rules and knobs does not need the defaults.
  EXPECT_EQ(ask(unknown, new_game())["ok"], true);
  EXPECT_EQ(ask(bad_set, with(new_game(), "set", {{"decks", 1}}))["ok"], true);
}

TEST(MalformedInput, AfterTheEndEveryActIsRefused) {
  Engine engine;
  ask(engine, new_game());
  ask(engine, act("Ann", {{"type", "bet"}, {"amount", 2}}));
  json r = ask(engine, act("Ann", {{"type", "bet"}, {"amount", 1}}));
  ASSERT_TRUE(r["state"]["over"].get<bool>()) << r.dump();
  EXPECT_EQ(r["state"]["to_act"], nullptr);
  EXPECT_EQ(ask(engine, act("Ann", {{"type", "bet"}, {"amount", 1}}))["error"]["code"], "game_over");
  EXPECT_EQ(ask(engine, {{"cmd", "act"}, {"action", {{"type", "bet"}, {"amount", 1}}}})["error"]["code"], "game_over");
  json legal = ask(engine, {{"cmd", "legal"}});
  EXPECT_EQ(legal, json({{"ok", true}, {"player", nullptr}, {"actions", json::array()}}));
}

// ---- replies of the other commands -----------------------------------------------------------

TEST(Commands, NewKeepsUnknownFieldsAndRecordsADrawnSeedOnceTheGameIsOver) {
  Engine engine;
  json request = {{"cmd", "new"}, {"players", {"Ann", "bot1"}}, {"bots", {{"bot1", "sensible"}}}};
  // About one drawn seed in 550 deals a game that is over before Ann decides anything (each of
  // her posts a pair or consecutive: 36 of seeds 1-20000): a new game is drawn then.
  json r;
  for (int tries = 0; tries < 20; ++tries) {
    r = ask(engine, request);
    ASSERT_EQ(r["ok"], true) << r.dump();
    if (!r["state"]["over"].get<bool>()) break;
  }
  ASSERT_FALSE(r["state"]["over"].get<bool>());
  // While the game is on, the seed the engine drew stays hidden: it would deal every card to come.
  json reply = ask(engine, {{"cmd", "log"}});
  json first = reply["log"][0];
  EXPECT_EQ(reply["seed_hidden"], true);
  EXPECT_FALSE(first.contains("seed")) << first.dump();
  EXPECT_EQ(first["bots"], request["bots"]);
  EXPECT_EQ(first["rules"], "hoyle");
  EXPECT_EQ(first["cmd"], "new");
  // Played to its end, the log holds the seed and gives the same game again, move for move.
  for (int moves = 0; !ask(engine, {{"cmd", "state"}})["state"]["over"].get<bool>(); ++moves) {
    ASSERT_LT(moves, 10000);
    ASSERT_EQ(ask(engine, {{"cmd", "act"}, {"bot", "random"}})["ok"], true);
  }
  reply = ask(engine, {{"cmd", "log"}});
  EXPECT_FALSE(reply.contains("seed_hidden"));
  json log = reply["log"];
  ASSERT_TRUE(log[0].contains("seed"));
  EXPECT_TRUE(log[0]["seed"].is_number_unsigned());
  Engine again;
  EXPECT_EQ(ask(again, log[0])["events"], r["events"]);
  for (std::size_t i = 1; i < log.size(); ++i) ASSERT_EQ(ask(again, log[i])["ok"], true) << log[i].dump();
  EXPECT_EQ(ask(again, {{"cmd", "state"}}), ask(engine, {{"cmd", "state"}}));
  EXPECT_EQ(ask(again, {{"cmd", "log"}}), ask(engine, {{"cmd", "log"}}));
}

// A seed the client gave is its own: the log shows it at any time.
TEST(Commands, AGivenSeedIsInTheLogMidGame) {
  Engine engine;
  ASSERT_EQ(ask(engine, {{"cmd", "new"}, {"players", {"Ann", "Bob"}}, {"seed", 77}})["ok"], true);
  json reply = ask(engine, {{"cmd", "log"}});
  EXPECT_EQ(reply["log"][0]["seed"], 77);
  EXPECT_FALSE(reply.contains("seed_hidden"));
}

TEST(Commands, EngineDefaultsAreRecordedInTheLog) {
  Engine engine("red-dog", {"decks=2", "max_bet=10"});
  json r = ask(engine, {{"cmd", "new"}, {"players", {"Ann", "Bob"}}, {"seed", 3}, {"set", {{"max_bet", 5}}}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["state"]["rules"], "red-dog");
  EXPECT_EQ(r["state"]["shoe"]["remaining"], 104);
  json legal = ask(engine, {{"cmd", "legal"}});
  EXPECT_EQ(legal["actions"][0], json({{"type", "bet"}, {"min", 1}, {"max", 5}}));  // the request's own knob wins
  json first = ask(engine, {{"cmd", "log"}})["log"][0];
  EXPECT_EQ(first["rules"], "red-dog");
  EXPECT_EQ(first["set"]["decks"], "2");
  Engine plain;  // hoyle, no knobs: the log alone says it all
  EXPECT_EQ(ask(plain, first)["state"], r["state"]);
}

TEST(Commands, LegalForOthersAndRebuysAnyTime) {
  Engine engine;
  json r = ask(engine, {{"cmd", "new"}, {"rules", "banker"}, {"players", {"Ann", "Bob", "Cy"}}, {"seed", 11}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  auto to_act = r["state"]["to_act"].get<std::string>();
  std::string other = to_act == "Ann" ? "Bob" : "Ann";
  json legal = ask(engine, {{"cmd", "legal"}, {"player", other}});
  EXPECT_EQ(legal["player"], other);
  EXPECT_EQ(legal["actions"], json::array({{{"type", "rebuy"}, {"min", 1}, {"max", 200}}}));
  json rebuy = ask(engine, act(other, {{"type", "rebuy"}, {"amount", 50}}));
  ASSERT_EQ(rebuy["ok"], true) << rebuy.dump();
  EXPECT_EQ(rebuy["events"], json::array({{{"type", "rebuy"}, {"player", other}, {"amount", 50}}}));
  EXPECT_EQ(rebuy["state"]["to_act"], to_act);
  EXPECT_EQ(ask(engine, act(other, {{"type", "rebuy"}, {"amount", 201}}))["error"]["code"], "rebuy_out_of_range");
  EXPECT_EQ(ask(engine, act(other, {{"type", "bet"}, {"amount", 1}}))["error"]["code"], "not_your_turn");
}

TEST(Commands, AceCallsAndHouseGamePhases) {
  Engine engine;
  json r = ask(engine, {{"cmd", "new"}, {"rules", "between-the-sheets"}, {"players", {"Ann", "Bob"}}, {"seed", 1},
                        {"dealer", "Bob"}, {"deck", {"AS", "9D", "5C"}}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["state"]["phase"], "call_first_ace");
  EXPECT_EQ(r["state"]["ace_values"], json::array({nullptr}));
  EXPECT_FALSE(r["state"].contains("spread"));
  EXPECT_EQ(ask(engine, {{"cmd", "legal"}})["actions"], json::array({{{"type", "call"}, {"ace", {"high", "low"}}}}));
  EXPECT_EQ(ask(engine, act("Ann", {{"type", "bet"}, {"amount", 1}}))["error"]["code"], "not_now");
  r = ask(engine, act("Ann", {{"type", "call"}, {"ace", "low"}}));
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["events"][0], json({{"type", "ace_called"}, {"player", "Ann"}, {"card", "AS"}, {"ace", "low"}}));
  EXPECT_EQ(r["state"]["ace_values"], json::array({"low", nullptr}));
  EXPECT_EQ(r["state"]["spread"], 7);
  EXPECT_EQ(ask(engine, act("Ann", {{"type", "bet"}, {"amount", 2}}))["error"]["code"], "bet_too_large");  // first-deck cap

  Engine house;
  r = ask(house, {{"cmd", "new"}, {"rules", "red-dog"}, {"players", {"Ann"}}, {"seed", 1}, {"deck", {"5S", "JH", "9C"}}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["state"]["phase"], "wager");
  EXPECT_EQ(r["state"]["banking"], "house");
  EXPECT_EQ(r["state"]["house"], 0);
  EXPECT_EQ(r["state"]["pay_table"], json({{"spread", {5, 4, 2, 1}}, {"trips", 11}}));  // the rule file's, at every phase
  EXPECT_FALSE(r["state"].contains("pays"));
  EXPECT_EQ(ask(house, act("Ann", {{"type", "stand"}}))["error"]["code"], "not_now");
  r = ask(house, act("Ann", {{"type", "bet"}, {"amount", 10}}));
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["state"]["phase"], "raise");
  EXPECT_EQ(r["state"]["players"][0]["wager"], 10);
  EXPECT_EQ(r["state"]["spread"], 5);
  EXPECT_EQ(r["state"]["pays"], 1);  // spread 5: the last entry, for every spread from 4
  EXPECT_EQ(ask(house, act("Ann", {{"type", "bet"}, {"amount", 1}}))["error"]["code"], "not_now");
  r = ask(house, act("Ann", {{"type", "raise"}}));
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["events"][0], json({{"type", "raise"}, {"player", "Ann"}, {"amount", 10}}));
  EXPECT_EQ(r["events"][1], json({{"type", "third_card"}, {"card", "9C"}, {"outcome", "between"}}));
  EXPECT_EQ(r["events"][2], json({{"type", "win"}, {"player", "Ann"}, {"amount", 20}, {"outcome", "between"}}));
  EXPECT_EQ(r["state"]["players"][0]["chips"], 120);
  EXPECT_EQ(r["state"]["house"], -20);

  Engine own;  // a table's own pay rates: the state says what this spread pays under them
  r = ask(own, {{"cmd", "new"}, {"rules", "red-dog"}, {"players", {"Ann"}}, {"seed", 1}, {"deck", {"5S", "7H", "6C"}},
                {"set", {{"spread_pays", "[6, 3, 1]"}, {"triple_pays", "9"}}}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["state"]["pay_table"], json({{"spread", {6, 3, 1}}, {"trips", 9}}));
  r = ask(own, act("Ann", {{"type", "bet"}, {"amount", 2}}));
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["state"]["phase"], "raise");
  EXPECT_EQ(r["state"]["spread"], 1);
  EXPECT_EQ(r["state"]["pays"], 6);
}

// ---- (c) the line loop ------------------------------------------------------------------------

std::vector<json> lines_of(const std::string& text) {
  std::vector<json> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(json::parse(line));
  return out;
}

TEST(RunEngine, AnswersEveryLineUntilQuit) {
  std::istringstream in(new_game().dump() + "\n" +
                        "\n"
                        "   \t\r\n"
                        "{\"cmd\":\"legal\"}\n"
                        "not json\n"
                        "{\"cmd\":\"act\",\"player\":\"Ann\",\"action\":{\"type\":\"bet\",\"amount\":2}}\r\n"
                        "{\"cmd\":\"quit\"}\n"
                        "{\"cmd\":\"state\"}\n");
  std::ostringstream out;
  inbetween::protocol::run_engine(in, out);
  auto replies = lines_of(out.str());
  ASSERT_EQ(replies.size(), 5u) << out.str();
  EXPECT_EQ(replies[0]["ok"], true);
  EXPECT_EQ(replies[1], json({{"ok", true}, {"player", "Ann"}, {"actions", json::array({{{"type", "bet"}, {"min", 1}, {"max", 2}}})}}));
  EXPECT_EQ(replies[2]["error"]["code"], "bad_json");
  EXPECT_EQ(replies[3]["ok"], true);
  EXPECT_EQ(replies[4], json({{"ok", true}}));
  std::string rest;
  EXPECT_TRUE(std::getline(in, rest)) << "the line after quit is not read";
  EXPECT_EQ(json::parse(rest)["cmd"], "state");
}

TEST(RunEngine, EndsAtEndOfInputAndSurvivesBadBytes) {
  std::istringstream in("\xff\xfe garbage\n" + new_game().dump() + "\n{\"cmd\":\"state\"}");
  std::ostringstream out;
  inbetween::protocol::run_engine(in, out, "red-dog");
  auto replies = lines_of(out.str());  // every reply is valid JSON (and UTF-8)
  ASSERT_EQ(replies.size(), 3u) << out.str();
  EXPECT_EQ(replies[0]["error"]["code"], "bad_json");
  EXPECT_EQ(replies[1]["state"]["rules"], "hoyle");
  EXPECT_EQ(replies[2]["state"], replies[1]["state"]);
}

// ---- (d) logs replay --------------------------------------------------------------------------

// Plays up to `steps` random legal actions (and some rebuys where allowed); returns the replies.
std::vector<json> play_randomly(Engine& engine, const json& new_request, int steps, std::mt19937& rng) {
  std::vector<json> replies{ask(engine, new_request)};
  EXPECT_EQ(replies[0]["ok"], true) << replies[0].dump();
  for (int i = 0; i < steps && !replies.back()["state"]["over"].get<bool>(); ++i) {
    json state = replies.back()["state"];
    // Now and then a player who is not to act buys chips, where the rules allow it.
    const json& players = state["players"];
    auto someone = players[rng() % players.size()]["name"].get<std::string>();
    json others = ask(engine, {{"cmd", "legal"}, {"player", someone}})["actions"];
    if (rng() % 8 == 0 && !others.empty() && others.back()["type"] == "rebuy") {
      json r = ask(engine, act(someone, {{"type", "rebuy"}, {"amount", 1 + rng() % 20}}));
      EXPECT_EQ(r["ok"], true) << r.dump();
      replies.push_back(r);
      continue;
    }
    json legal = ask(engine, {{"cmd", "legal"}});
    json choices = json::array();
    for (const auto& c : legal["actions"])
      if (c["type"] != "rebuy") choices.push_back(c);
    EXPECT_FALSE(choices.empty()) << state.dump();
    if (choices.empty()) break;
    json c = choices[rng() % choices.size()];
    json action = {{"type", c["type"]}};
    if (c["type"] == "bet") {
      auto lo = c["min"].get<std::int64_t>(), hi = c["max"].get<std::int64_t>();
      action["amount"] = lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    if (c["type"] == "call") action["ace"] = rng() % 2 ? "high" : "low";
    json r = ask(engine, {{"cmd", "act"}, {"action", action}});  // the player to act, by default
    EXPECT_EQ(r["ok"], true) << action.dump() << " " << r.dump();
    if (!r["ok"].get<bool>()) break;
    replies.push_back(r);
  }
  return replies;
}

TEST(LogReplay, AFreshEngineFedTheLogReachesTheSameState) {
  std::mt19937 rng(2024);
  const std::vector<json> games = {
      {{"cmd", "new"}, {"rules", "hoyle"}, {"players", {"Ann", "Bob", "Cy"}}},
      {{"cmd", "new"}, {"rules", "hoyle-3"}, {"players", {"Ann", "Bob"}}, {"set", {{"start_chips", 5}}}},
      {{"cmd", "new"}, {"rules", "banker"}, {"players", {"Ann", "Bob", "Cy"}}, {"bots", {{"Cy", "random"}}}},
      {{"cmd", "new"}, {"rules", "red-dog"}, {"players", {"Ann", "Bob"}}, {"set", {{"decks", 1}, {"deals", 30}}}},
      {{"cmd", "new"}, {"rules", "between-the-sheets"}, {"players", {"Ann", "Bob", "Cy", "Di"}}, {"deck", {"AS", "AD"}}},
      {{"cmd", "new"}, {"rules", "between-the-sheets"}, {"players", {"Ann", "Bob"}}, {"set", {{"second_ace", "call"}}}},
      {{"cmd", "new"}, {"rules", "acey-deucey"}, {"players", {"Ann", "Bob"}}, {"dealer", "Bob"}},
  };
  int finished = 0;
  for (const auto& request : games) {
    for (int round = 0; round < 3; ++round) {
      SCOPED_TRACE(request.dump());
      Engine engine;
      auto replies = play_randomly(engine, request, 300, rng);
      finished += replies.back()["state"]["over"].get<bool>() ? 1 : 0;
      json log = ask(engine, {{"cmd", "log"}})["log"];
      ASSERT_EQ(log.size(), replies.size());
      EXPECT_TRUE(log[0]["seed"].is_number_unsigned());  // drawn, and recorded
      Engine fresh;
      for (std::size_t i = 0; i < log.size(); ++i) {
        json r = ask(fresh, log[i]);
        ASSERT_EQ(r, replies[i]) << "log line " << i << ": " << log[i].dump();
      }
      EXPECT_EQ(ask(fresh, {{"cmd", "state"}}), ask(engine, {{"cmd", "state"}}));
      EXPECT_EQ(ask(fresh, {{"cmd", "log"}}), ask(engine, {{"cmd", "log"}}));
    }
  }
  EXPECT_GE(finished, 12) << "most of these games should be played to their end";
}

TEST(LogReplay, RefusedRequestsAreNotLogged) {
  Engine engine;
  ask(engine, new_game());
  ask(engine, act("Ann", {{"type", "bet"}, {"amount", 9}}));
  ask(engine, act("Bob", {{"type", "bet"}, {"amount", 1}}));
  ask(engine, {{"cmd", "legal"}});
  ask(engine, {{"cmd", "act"}, {"action", {{"type", "bet"}, {"amount", 2}, {"note", "ignored"}}}});
  json log = ask(engine, {{"cmd", "log"}})["log"];
  ASSERT_EQ(log.size(), 2u) << log.dump();
  EXPECT_EQ(log[1], json({{"cmd", "act"}, {"player", "Ann"}, {"action", {{"type", "bet"}, {"amount", 2}}}}));
}

// `"state": false` leaves the state out of a `new` or `act` reply and nothing else: the events
// are the same, and `state` afterwards is what the full reply would have carried.
TEST(BriefReplies, StateFalseLeavesOnlyTheStateOut) {
  for (const char* rules : {"hoyle", "red-dog", "threebetween"}) {
    json start = {{"cmd", "new"}, {"rules", rules}, {"players", {"Ann", "Bob"}}, {"seed", 5}};
    Engine full, brief;
    json a = ask(full, start), b = ask(brief, with(start, "state", false));
    ASSERT_TRUE(a["ok"].get<bool>()) << a.dump();
    EXPECT_FALSE(b.contains("state")) << b.dump();
    EXPECT_EQ(a["events"], b["events"]);
    for (int move = 0; move < 40 && !ask(full, {{"cmd", "state"}})["state"]["over"].get<bool>(); ++move) {
      a = ask(full, {{"cmd", "act"}, {"bot", "random"}});
      b = ask(brief, {{"cmd", "act"}, {"bot", "random"}, {"state", false}});
      ASSERT_TRUE(a["ok"].get<bool>()) << a.dump();
      EXPECT_FALSE(b.contains("state")) << b.dump();
      EXPECT_EQ(a["events"], b["events"]) << rules << " move " << move;
      EXPECT_EQ(a["state"], ask(brief, {{"cmd", "state"}})["state"]) << rules << " move " << move;
    }
    // A "state" that is not a boolean is refused before the move is made.
    json before = ask(brief, {{"cmd", "log"}});
    json refused = ask(brief, {{"cmd", "act"}, {"bot", "random"}, {"state", "no"}});
    EXPECT_EQ(refused["error"]["code"], "bad_request") << refused.dump();
    EXPECT_EQ(ask(brief, {{"cmd", "log"}}), before);
  }
}

// json_text keeps one serializer a thread: its text must be dump()'s, whatever came before it.
TEST(JsonText, WritesWhatDumpWritesWhateverCameBefore) {
  using inbetween::protocol::json_text;
  auto dumped = [](const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); };
  Engine engine;
  json game = ask(engine, {{"cmd", "new"}, {"rules", "threebetween"}, {"players", {"Ann", "Bob", "Cy"}}, {"seed", 9}});
  json big = json::array();
  for (int i = 0; i < 100; ++i) big.push_back(game["state"]);  // past the 64 KB the buffer keeps
  const std::string bad_utf8 = "Ann\xff\xfe";
  std::vector<json> values = {game, json::array(), json("tab\tquote\"back\\slash\x01"), 1.5, -7, nullptr,
                              big, json{{"name", bad_utf8}}, game["state"], json::object()};
  for (const json& v : values) EXPECT_EQ(json_text(v), dumped(v));
  EXPECT_GT(json_text(big).size(), 65536u);
  // Strict as dump() is: the same error, and the next text is whole.
  EXPECT_THROW(json_text(json{{"name", bad_utf8}}, true), json::type_error);
  EXPECT_THROW((void)json({{"name", bad_utf8}}).dump(), json::type_error);
  EXPECT_EQ(json_text(game["state"], true), game["state"].dump());
  EXPECT_EQ(json_text(json{{"name", bad_utf8}}), "{\"name\":\"Ann\xEF\xBF\xBD\xEF\xBF\xBD\"}");  // U+FFFD, as UTF-8
  // Each thread its own: four threads writing different values at once each get their own.
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      const json& v = values[std::vector<std::size_t>{0, 2, 7, 8}[static_cast<std::size_t>(t)]];
      for (int i = 0; i < 200; ++i) wrong[static_cast<std::size_t>(t)] += json_text(v) != dumped(v);
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

}  // namespace
