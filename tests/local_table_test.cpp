// The page's own table (protocol/local_table.h): the server's messages and refusals, the game's
// part of its `table` message as a session of the same moves writes it, a save played back to the
// same table, and pass-and-play's `you`.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "protocol/json.h"
#include "protocol/local_table.h"
#include "protocol/session.h"

using inbetween::protocol::json;
using inbetween::protocol::LocalTable;

namespace {

json last_of(const json& replies, const std::string& type) {
  json found;
  for (const auto& r : replies)
    if (r["type"] == type) found = r;
  return found;
}

std::string code_of(const json& replies) {
  return replies.size() == 1 && replies[0]["type"] == "error" ? replies[0]["code"].get<std::string>() : "ok";
}

// A table of Ann and two bots, dealt from seed 7.
void seat_and_start(LocalTable& table, const std::string& rules, int bots, const std::string& kind = "sensible") {
  ASSERT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", rules}, {"seats", bots + 1}})), "ok");
  for (int i = 0; i < bots; ++i) ASSERT_EQ(code_of(table.handle({{"type", "bot"}, {"kind", kind}})), "ok");
  ASSERT_EQ(code_of(table.handle({{"type", "start"}, {"seed", "7"}})), "ok");
}

// The first legal choice of the table message's person, a ranged one at its least.
json first_action(const json& table_message) {
  json action = table_message["legal"]["actions"][0];
  if (action.contains("min")) action["amount"] = action["min"];
  action.erase("min");
  action.erase("max");
  return action;
}

// Plays the first legal choice (a ranged one at its least) of the person to act, `n` times or to the end.
json play(LocalTable& table, int n) {
  json last = last_of(table.handle({{"type", "watch"}}), "table");
  for (int i = 0; i < n && last["status"] == "playing"; ++i) {
    json replies = table.handle({{"type", "act"}, {"action", first_action(last)}});
    EXPECT_EQ(code_of(replies), "ok") << replies.dump();
    last = last_of(replies, "table");
  }
  return last;
}

TEST(LocalTable, RefusesAsTheServerDoesAndChangesNothing) {
  LocalTable table;
  EXPECT_EQ(code_of(table.handle({{"type", "act"}, {"action", {{"type", "pass"}}}})), "no_table");
  EXPECT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "no-such"}, {"seats", 2}})), "bad_rules");
  EXPECT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"set", {{"nope", "1"}}}})), "bad_rules");
  EXPECT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"set", "x"}})), "bad_message");
  EXPECT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"seats", 1}})), "bad_setup");
  EXPECT_EQ(code_of(table.handle({{"type", "create"}, {"name", " "}, {"rules", "hoyle"}})), "bad_name");
  EXPECT_EQ(code_of(table.handle(json::parse("[1]"))), "bad_message");
  seat_and_start(table, "red-dog", 0);
  json before = last_of(table.handle({{"type", "watch"}}), "table");
  EXPECT_EQ(code_of(table.handle({{"type", "act"}, {"action", {{"type", "bet"}, {"amount", 1000000}}}})), "bet_too_large");
  EXPECT_EQ(code_of(table.handle({{"type", "act"}, {"action", {{"type", "fly"}}}})), "bad_action");
  EXPECT_EQ(code_of(table.handle({{"type", "act"}})), "bad_message");
  EXPECT_EQ(code_of(table.handle({{"type", "start"}, {"seed", "1"}})), "not_waiting");
  EXPECT_EQ(code_of(table.handle({{"type", "again"}})), "not_over");
  EXPECT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "no-such"}})), "bad_rules");
  json after = last_of(table.handle({{"type", "watch"}}), "table");
  EXPECT_EQ(after, before);
}

TEST(LocalTable, ItsGameIsWhatASessionOfTheSameMovesWrites) {
  LocalTable table;
  seat_and_start(table, "hoyle", 2);
  json last = play(table, 3);  // mid-game: the legal choices too
  std::string log = table.handle({{"type", "log"}})[0]["text"];
  std::istringstream lines(log);
  std::string line;
  std::getline(lines, line);
  auto session = inbetween::protocol::new_session(json::parse(line));
  while (std::getline(lines, line)) session->act(json::parse(line));
  EXPECT_EQ(last["state"], session->state());
  EXPECT_EQ(last["moves"], session->moves());
  EXPECT_EQ(last["event_count"], session->table().event_count());
  // The server's `legal` too: the person's choices while the game is played, none once it is over.
  EXPECT_EQ(last["legal"], session->over() ? json() : session->legal(std::string("Ann")));
  json events = json::array();
  for (const auto& t : table.handle({{"type", "resume"}}))
    if (t["type"] == "table") events = t["events"];
  EXPECT_EQ(events, session->events_since(0));
}

TEST(LocalTable, TheStepThroughOfAGameOverIsItsOpeningAndEveryMove) {
  LocalTable table;
  seat_and_start(table, "hoyle", 2);
  EXPECT_EQ(code_of(table.handle({{"type", "replay"}})), "not_over");
  json over = play(table, 100000);
  ASSERT_EQ(over["status"], "over");
  json replay = table.handle({{"type", "replay"}, {"id", 9}})[0];
  ASSERT_EQ(replay["type"], "replay") << replay.dump();
  EXPECT_EQ(replay["id"], 9);
  EXPECT_EQ(replay["steps_total"], over["moves"].get<int>() + 1);
  json steps = replay["steps"];
  for (int from = 100; from < replay["steps_total"]; from += 100)
    for (const auto& step : table.handle({{"type", "replay"}, {"from", from}})[0]["steps"]) steps.push_back(step);
  ASSERT_EQ(steps.size(), replay["steps_total"].get<std::size_t>());
  EXPECT_EQ(steps[0]["player"], nullptr);
  EXPECT_EQ(steps.back()["state"], over["state"]);
  json events = json::array();
  for (const auto& step : steps)
    for (const auto& e : step["events"]) events.push_back(e);
  EXPECT_EQ(events, last_of(table.handle({{"type", "resume"}}), "table")["events"]);
  EXPECT_EQ(code_of(table.handle({{"type", "replay"}, {"game", 2}})), "bad_message");
}

TEST(LocalTable, ASaveComesBackAsTheTableItWas) {
  LocalTable table;
  seat_and_start(table, "threebetween", 1, "cautious");
  play(table, 5);
  // What the page keeps: the `saved` after a move.
  json moved = table.handle({{"type", "act"}, {"action", first_action(last_of(table.handle({{"type", "watch"}}), "table"))}});
  json save = last_of(moved, "saved")["save"];
  ASSERT_TRUE(save.is_object()) << moved.dump();
  json before = last_of(table.handle({{"type", "resume"}}), "table");
  LocalTable again;
  json back = last_of(again.handle({{"type", "restore"}, {"save", save}}), "table");
  for (const char* key : {"state", "legal", "moves", "event_count", "events", "seats", "to_act", "you", "game"})
    EXPECT_EQ(back[key], before[key]) << key;
  EXPECT_EQ(code_of(again.handle({{"type", "restore"}, {"save", {{"rules", "hoyle"}}}})), "bad_save");
}

TEST(LocalTable, PassAndPlayShowsTheTableToThePersonToAct) {
  LocalTable table;
  ASSERT_EQ(code_of(table.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"seats", 2}})), "ok");
  EXPECT_EQ(code_of(table.handle({{"type", "join"}, {"name", "ann"}})), "bad_name");
  ASSERT_EQ(code_of(table.handle({{"type", "join"}, {"name", "Bob"}})), "ok");
  EXPECT_EQ(code_of(table.handle({{"type", "join"}, {"name", "Cy"}})), "table_full");
  ASSERT_EQ(code_of(table.handle({{"type", "start"}, {"seed", "3"}})), "ok");
  for (int i = 0; i < 6; ++i) {
    json t = play(table, 1);
    if (t["status"] != "playing") break;
    EXPECT_EQ(t["seats"][t["you"].get<int>()]["name"], t["to_act"]);
  }
}

}  // namespace

namespace {
TEST(LocalTable, ALongDescriptionIsCutInTheTitleAndWholeInRules) {
  LocalTable table;
  std::string words;
  for (int i = 0; i < 100; ++i) words += "many words ";
  json replies = table.handle({{"type", "create"}, {"name", "Ann"}, {"seats", 2},
                               {"rules_text", "game = \"pot\"\nname = \"long\"\ndescription = \"" + words + "\"\n"}});
  json first = last_of(replies, "table");
  ASSERT_TRUE(first.contains("title")) << replies.dump();
  std::string title = first["title"];
  EXPECT_EQ(first["title_cut"], true);
  EXPECT_EQ(title, words.substr(0, 200) + "\u2026");  // its first 200 characters
  EXPECT_EQ(last_of(table.handle({{"type", "rules"}}), "rules")["description"], words);
}
}  // namespace
