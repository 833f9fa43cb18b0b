// What a table keeps of its story besides its moves (docs/server.md): its chat lines (the last
// 100, across its games and restarts), sent in the first `table` message after `seated`, `watch`
// or `resume`.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace inbetween
