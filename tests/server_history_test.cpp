// What a table keeps of its story besides its moves (docs/server.md): its chat lines (the last
// 100, across its games and restarts), sent in the first `table` message after `seated`, `watch`
// or `resume`; and the moves the server made for a person, said by a `played_for` event before
// their events, marked in the stored move and the log, and told by verify, replay and `replay`.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "server/verify.h"
#include "support/run_inbetween.h"
#include "support/server_fixture.h"

namespace inbetween {
namespace {

class TableStory : public ServerTest {
 protected:
  static json line(const std::string& from, const std::string& text) { return {{"from", from}, {"text", text}}; }
  void say(const Seat& s, const std::string& text) {
    json told = command(s, "chat", {{"text", text}});
    EXPECT_EQ(told["type"], "chat") << told.dump();
  }
  // The `chat` of the first table message a connection got (after its seated, watch or resume).
  json first_chat(ConnId conn) {
    auto tables = hooks_->of_type(conn, "table");
    return tables.empty() ? json() : tables.front().value("chat", json());
  }
  void resume(Seat& s) {
    s.conn = connect();
    ask(s.conn, {{"type", "resume"}, {"table", s.table}, {"token", s.token}});
  }
  // Every event a connection was sent at a table, in order, each message going on from the last.
  std::vector<json> events_seen(ConnId conn) {
    std::vector<json> seen;
    for (const auto& m : hooks_->of_type(conn, "table")) {
      EXPECT_EQ(m["events_from"], seen.size());
      for (const auto& e : m["events"]) seen.push_back(e);
    }
    return seen;
  }
  // Where the `played_for` events are in a list of events.
  static std::vector<std::size_t> marks_in(const json& events) {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < events.size(); ++i)
      if (events[i]["type"] == "played_for") at.push_back(i);
    return at;
  }
  // The log of a game that is over, checked by verify as `name`.
  static server::VerifyReport check(const std::vector<json>& lines, const std::string& name = "g.jsonl") {
    std::ostringstream log;
    for (const auto& l : lines) log << l.dump() << "\n";
    std::istringstream in(log.str());
    return server::verify_log(in, name);
  }
};

TEST_F(TableStory, ChatLinesComeInTheFirstTableMessageAfterAResumeAWatchOrAJoin) {
  Seat ann = create("hoyle", 3);
  EXPECT_EQ(first_chat(ann.conn), json::array()) << "nothing said yet: an empty list";
  Seat bob = join(ann.table, "Bob");
  ConnId watcher = connect();
  ask(watcher, {{"type", "watch"}, {"table", ann.table}});
  say(ann, "hello");
  say(bob, "hi Ann");
  EXPECT_EQ(ask(watcher, {{"type", "chat"}, {"table", ann.table}, {"text", "good luck"}})["from"], "watcher");
  // A line refused (nothing is left of it once cleaned) is kept nowhere.
  EXPECT_EQ(command(ann, "chat", {{"text", "\u200b"}})["code"], "bad_message");
  json said = json::array({line("Ann", "hello"), line("Bob", "hi Ann"), line("watcher", "good luck")});
  // Only the first table message of a connection carries them.
  auto tables = hooks_->of_type(ann.conn, "table");
  ASSERT_GT(tables.size(), 1u);
  EXPECT_TRUE(std::none_of(tables.begin() + 1, tables.end(), [](const json& m) { return m.contains("chat"); }));
  // A reload: the page resumes its seat on a new connection.
  resume(ann);
  EXPECT_EQ(first_chat(ann.conn), said);
  // A spectator who comes later, and a late joiner.
  ConnId later = connect();
  ask(later, {{"type", "watch"}, {"table", ann.table}});
  EXPECT_EQ(first_chat(later), said);
  Seat cy = join(ann.table, "Cy");
  EXPECT_EQ(first_chat(cy.conn), said);
  // Live lines still come as `chat` messages; a connection that watches again gets them all.
  say(cy, "made it");
  EXPECT_EQ(hooks_->last(later, "chat")["text"], "made it");
  EXPECT_FALSE(hooks_->last(later, "table").contains("chat"));
  said.push_back(line("Cy", "made it"));
  ask(later, {{"type", "watch"}, {"table", ann.table}});
  EXPECT_EQ(hooks_->last(later, "table")["chat"], said);
}

TEST_F(TableStory, TheLastHundredLinesAreKeptInOrderAcrossARestart) {
  Seat ann = create("hoyle", 2);
  Seat bob = join(ann.table, "Bob");
  for (int i = 1; i <= 130; ++i) say(i % 2 ? ann : bob, "line " + std::to_string(i));
  json kept = json::array();
  for (int i = 31; i <= 130; ++i) kept.push_back(line(i % 2 ? "Ann" : "Bob", "line " + std::to_string(i)));
  auto stored = store_->load_table(ann.table);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->chat.size(), 100u) << "the first 30 are deleted from the store";
  restart();
  resume(ann);
  EXPECT_EQ(first_chat(ann.conn), kept);
  // They go on after the restart: a new line is the last, and the oldest goes.
  say(ann, "after the restart");
  kept.erase(kept.begin());
  kept.push_back(line("Ann", "after the restart"));
  restart();
  ConnId watcher = connect();
  ask(watcher, {{"type", "watch"}, {"table", ann.table}});
  EXPECT_EQ(first_chat(watcher), kept);
}

TEST_F(TableStory, ChatOutlastsTheGameItWasSaidIn) {
  Seat ann = create("hoyle", 2, "Ann", {{"set", {{"deals", "2"}}}});
  command(ann, "bot", {{"kind", "random"}});
  command(ann, "start");
  say(ann, "good game");
  testing::play_out(*lobby_, *hooks_, {ann});
  ASSERT_EQ(table_of(ann)["status"], "over");
  command(ann, "again");
  command(ann, "start");
  resume(ann);
  EXPECT_EQ(first_chat(ann.conn), json::array({line("Ann", "good game")}));
}

// Ann stays connected and idle on a 1 s clock: each time her turn comes, the clock runs out and
// the stand-in moves for her, until she is marked away after three and the table waits.
TEST_F(TableStory, AMoveTheClockMadeIsSaidBeforeItsEventsAndStaysAtItsPlace) {
  Seat ann = create("hoyle", 2, "Ann", {{"timeout", 1}, {"set", {{"deals", "unlimited"}}}});
  command(ann, "bot", {{"kind", "sensible"}});
  command(ann, "start");
  for (int s = 0; s < 10; ++s) {
    hooks_->advance(std::chrono::seconds(1));
    hooks_->run();
  }
  ASSERT_TRUE(table_of(ann)["seats"][0]["away"]) << "three turns in a row played for her";
  std::vector<json> seen = events_seen(ann.conn);
  const server::Room& room = *lobby_->room(ann.table);
  json all = room.events_between(0, room.event_count());
  EXPECT_EQ(json(seen), all) << "the table messages told the table's whole list";
  EXPECT_EQ(table_of(ann)["event_count"], all.size());
  auto marks = marks_in(all);
  ASSERT_EQ(marks.size(), 3u) << all.dump();
  for (std::size_t at : marks) {
    EXPECT_EQ(all[at], json({{"type", "played_for"}, {"player", "Ann"}, {"reason", "clock"}, {"bot", "sensible"}}));
    // Immediately before her move's own events: her bet or pass.
    ASSERT_LT(at + 1, all.size());
    EXPECT_EQ(all[at + 1]["player"], "Ann") << all[at + 1].dump();
    EXPECT_TRUE(all[at + 1]["type"] == "bet" || all[at + 1]["type"] == "pass") << all[at + 1].dump();
  }
  // The bot's own moves are its own: no mark before them, and none in their stored lines.
  auto stored = store_->load_table(ann.table);
  ASSERT_TRUE(stored);
  std::size_t marked = 0;
  for (const auto& text : stored->games.back().moves) {
    json move = json::parse(text);
    if (!move.contains("by")) continue;
    ++marked;
    EXPECT_EQ(move["by"], "clock");
    EXPECT_EQ(move["player"], "Ann");
  }
  EXPECT_EQ(marked, 3u);
  // After a restart the marks are where they were: in the first table message after the resume,
  // in the table's list and in an `events` page that starts at one.
  restart();
  resume(ann);
  json first = hooks_->of_type(ann.conn, "table").front();
  EXPECT_EQ(first["events_from"], 0);
  EXPECT_EQ(first["event_count"], all.size());
  EXPECT_EQ(first["events"], all);
  const server::Room& again = *lobby_->room(ann.table);
  EXPECT_EQ(again.events_between(0, all.size()), all);
  json page = ask(ann.conn, {{"type", "events"}, {"table", ann.table}, {"from", marks[1]}});
  ASSERT_EQ(page["type"], "events") << page.dump();
  EXPECT_EQ(page["events"][0], all[marks[1]]);
  EXPECT_EQ(page["events"][1], all[marks[1] + 1]);
}

// Bob leaves and is marked away: the stand-in plays his turns, each said `away`; Ann's own moves
// are hers.
TEST_F(TableStory, AnAwayPersonsMovesAreSaidAway) {
  Seat ann = create("hoyle", 2, "Ann", {{"timeout", 30}, {"set", {{"deals", "unlimited"}}}});
  Seat bob = join(ann.table, "Bob");
  command(ann, "start");
  lobby_->close(bob.conn);
  hooks_->advance(std::chrono::seconds(30));  // his away time, and the clock of whoever is to act
  hooks_->run();
  ASSERT_TRUE(table_of(ann)["seats"][1]["away"]);
  const server::Room& room = *lobby_->room(ann.table);
  std::size_t since = room.event_count();
  testing::play_out(*lobby_, *hooks_, {ann}, 6);
  json all = room.events_between(0, room.event_count());
  std::size_t away = 0;
  for (std::size_t at : marks_in(all)) {
    if (at < since) continue;
    EXPECT_EQ(all[at], json({{"type", "played_for"}, {"player", "Bob"}, {"reason", "away"}, {"bot", "sensible"}}));
    EXPECT_EQ(all[at + 1]["player"], "Bob");
    ++away;
  }
  EXPECT_GE(away, 2u) << all.dump();
}

// The exported log marks the move the clock made; verify accepts the mark and says which move it
// was, and refuses any other value naming the line; the server's replay steps and `inbetween
// replay` say it too.
TEST_F(TableStory, TheLogMarksAMoveTheClockMadeAndVerifyAndReplaySayIt) {
  Seat ann = create("hoyle", 2, "Ann", {{"timeout", 1}, {"set", {{"deals", "6"}}}});
  command(ann, "bot", {{"kind", "sensible"}});
  command(ann, "start");
  // A fair deal may settle every deal by itself before Ann is asked anything: played again.
  for (int i = 0; i < 20 && table_of(ann)["to_act"] != "Ann"; ++i) {
    command(ann, "again");
    command(ann, "start");
  }
  ASSERT_EQ(table_of(ann)["to_act"], "Ann");
  hooks_->advance(std::chrono::seconds(1));  // her clock runs out once; she plays the rest herself
  hooks_->run();
  testing::play_out(*lobby_, *hooks_, {ann});
  ASSERT_EQ(table_of(ann)["status"], "over");
  int game = table_of(ann)["game"];
  auto lines = lobby_->room(ann.table)->export_log(game);
  std::size_t marked = 0;
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (lines[i].contains("by")) {
      EXPECT_EQ(marked, 0u) << "one move made by the clock";
      marked = i;
    }
  ASSERT_GT(marked, 0u);
  EXPECT_EQ(lines[marked]["by"], "clock");
  EXPECT_EQ(lines[marked]["player"], "Ann");
  std::string at = "line " + std::to_string(marked + 1);
  auto report = check(lines);
  EXPECT_TRUE(report.ok) << report.text;
  EXPECT_NE(report.text.find("1 move when the player's time ran out (Ann at " + at + ")"), std::string::npos) << report.text;
  auto edited = lines;
  edited[marked]["by"] = "bogus";
  report = check(edited);
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.text.find(at + ": \"by\": \"bogus\""), std::string::npos) << report.text;
  EXPECT_NE(report.text.find("\"clock\""), std::string::npos) << report.text;
  EXPECT_NE(report.text.find("\"away\""), std::string::npos) << report.text;
  // The replay's step of that move says who made it; no other step has a `by`.
  json replay = ask(ann.conn, {{"type", "replay"}, {"table", ann.table}, {"game", game}});
  ASSERT_EQ(replay["type"], "replay") << replay.dump();
  ASSERT_GT(replay["steps"].size(), marked);
  for (std::size_t i = 0; i < replay["steps"].size(); ++i)
    EXPECT_EQ(replay["steps"][i].value("by", ""), i == marked ? "clock" : "") << i;
  // `inbetween replay` tells it before the move; an edited mark is refused with its line.
  auto write = [&](const std::vector<json>& log, const std::string& file) {
    std::ofstream out(dir_ / file);
    for (const auto& l : log) out << l.dump() << "\n";
  };
  write(lines, "g.jsonl");
  write(edited, "bogus.jsonl");
  auto told = testing::run_inbetween({"replay", "g.jsonl"}, "", dir_);
  EXPECT_EQ(told.status, 0) << told.err;
  EXPECT_NE(told.out.find("time ran out: a bot played for Ann\n"), std::string::npos) << told.out;
  auto refused = testing::run_inbetween({"replay", "bogus.jsonl"}, "", dir_);
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.err.find("bogus.jsonl:" + std::to_string(marked + 1) + ":"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace inbetween
