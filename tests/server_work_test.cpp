// Long work at the table server: hints (a cold solve), replays and log checks run on the heavy
// workers, admitted per table, per address and in all, and never hold up another table's bots
// or moves (docs/server.md, "Long requests").
#include <gtest/gtest.h>

#include <sstream>

#include "families/three/solver.h"
#include "server/typed_text.h"
#include "server/verify.h"
#include "support/server_fixture.h"

namespace inbetween {
namespace {

class ServerWorkTest : public ServerTest {
 protected:
  // A table of `rules` whose first game Ann played to its end against a random bot.
  Seat finished_table(const std::string& rules = "hoyle") {
    Seat ann = create(rules, 2);
    command(ann, "bot", {{"kind", "random"}});
    command(ann, "start");
    testing::play_out(*lobby_, *hooks_, {ann});
    EXPECT_EQ(table_of(ann)["status"], "over");
    return ann;
  }
  json replay(ConnId conn, const std::string& table, int id) {
    return ask(conn, {{"type", "replay"}, {"table", table}, {"game", 1}, {"id", id}});
  }
};

// While a hint and a replay wait on the heavy workers (as a cold solve would), another table's
// bots play a whole game; the waiting work then finishes and is answered.
TEST_F(ServerWorkTest, LongWorkWaitingHoldsUpNoOtherTablesBotsOrMoves) {
  Seat done = finished_table();
  hooks_->hold_heavy = true;
  Seat ann = create("hoyle", 2, "Ann", {{"set", {{"deals", "30"}}}});
  Seat bob = join(ann.table, "Bob");
  command(ann, "start");
  Seat to_act = table_of(ann)["to_act"] == "Ann" ? ann : bob;
  command(to_act, "hint", {{"id", 1}});
  ConnId watcher = connect();
  replay(watcher, done.table, 2);
  ASSERT_EQ(hooks_->heavy_waiting(), 2u);
  EXPECT_EQ(lobby_->heavy_running(), 2);
  EXPECT_TRUE(hooks_->last(to_act.conn, "hint").is_null());
  EXPECT_TRUE(hooks_->last(watcher, "replay").is_null());

  // Meanwhile a table of people and bots plays to its end, and the people at the hint's table act.
  Seat cy = create("red-dog", 3, "Cy");
  command(cy, "bot", {{"kind", "sensible"}});
  command(cy, "bot", {{"kind", "optimal"}});
  command(cy, "start");
  int moves = testing::play_out(*lobby_, *hooks_, {cy});
  EXPECT_EQ(table_of(cy)["status"], "over") << "the bots stood still behind the long work";
  EXPECT_GT(table_of(cy)["moves"].get<int>(), moves) << "the bots moved too";
  json act = command(to_act, "act", {{"action", testing::first_choice(table_of(to_act)["legal"])}});
  EXPECT_NE(act.value("type", ""), "error") << act.dump();

  hooks_->release_heavy();
  hooks_->run();
  EXPECT_EQ(hooks_->last(to_act.conn, "hint")["id"], 1);
  json steps = hooks_->last(watcher, "replay");
  EXPECT_EQ(steps["id"], 2);
  EXPECT_EQ(steps["steps_total"], table_of(done)["moves"].get<std::size_t>() + 1);
  EXPECT_EQ(steps["from"], 0);
  EXPECT_EQ(lobby_->heavy_running(), 0);
}

// A quick bot (all of Red Dog's) chooses on the spot, under its table's lock; one whose choice
// may be a solve (ThreeBeTween's optimal bot) on a worker, on a copy of the table.
TEST_F(ServerWorkTest, AQuickBotChoosesOnTheSpotAndOneThatSolvesOnAWorker) {
  Seat cy = create("red-dog", 3, "Cy");
  command(cy, "bot", {{"kind", "sensible"}});
  command(cy, "bot", {{"kind", "optimal"}});
  command(cy, "start");
  testing::play_out(*lobby_, *hooks_, {cy});
  EXPECT_EQ(table_of(cy)["status"], "over");
  EXPECT_GT(table_of(cy)["moves"].get<int>(), 2);
  EXPECT_EQ(hooks_->bot_choices_on_workers, 0);

  // The solver held to 1 MB: the optimal bot's first choice goes to a worker, which cannot solve;
  // the sensible bot stands in from then on, choosing on the spot.
  std::size_t limit = strategy::ThreeSolver::memory_limit();
  strategy::ThreeSolver::set_memory_limit(1 << 20);
  Seat ann = create("threebetween", 2, "Ann", {{"set", {{"target", 21}, {"replacement", false}}}});
  command(ann, "bot", {{"kind", "optimal"}});
  command(ann, "start");
  testing::play_out(*lobby_, *hooks_, {ann});
  strategy::ThreeSolver::set_memory_limit(limit);
  EXPECT_EQ(table_of(ann)["status"], "over");
  EXPECT_EQ(table_of(ann)["seats"][1]["bot"], "sensible");
  EXPECT_EQ(hooks_->bot_choices_on_workers, 1);
}

// Past the limits a long request is refused at once with `busy`, and admitted again once the
// work before it is done: per table, per address, and in all.
TEST_F(ServerWorkTest, LongRequestsAreAdmittedPerTablePerAddressAndInAllThenRefusedBusy) {
  options_.max_heavy_per_table = 2;
  options_.max_heavy_per_address = 3;
  options_.max_heavy = 4;
  restart();
  Seat one = finished_table(), two = finished_table(), three = finished_table();
  hooks_->hold_heavy = true;
  ConnId a = connect();
  replay(a, one.table, 1);
  replay(a, one.table, 2);
  EXPECT_EQ(hooks_->heavy_waiting(), 2u) << "both admitted, both waiting";
  EXPECT_TRUE(hooks_->of_type(a, "error").empty());
  json refused = replay(a, one.table, 3);
  EXPECT_EQ(refused["code"], "busy") << refused.dump();
  EXPECT_EQ(refused["id"], 3);
  EXPECT_NE(refused["message"].get<std::string>().find("table " + one.table), std::string::npos) << refused.dump();
  replay(a, two.table, 4);  // the address's third
  EXPECT_EQ(replay(a, three.table, 5)["code"], "busy");
  // Another address still has room, until the server's limit.
  lobby_->open(99, "10.0.0.2");
  replay(99, three.table, 6);
  EXPECT_EQ(hooks_->heavy_waiting(), 4u);
  EXPECT_EQ(replay(99, two.table, 7)["code"], "busy");
  EXPECT_NE(hooks_->last(99, "error")["message"].get<std::string>().find("its most"), std::string::npos);
  // Refusals take no place; the work done, every place is free again.
  EXPECT_EQ(lobby_->heavy_running(), 4);
  hooks_->release_heavy();
  hooks_->run();
  EXPECT_EQ(lobby_->heavy_running(), 0);
  EXPECT_EQ(hooks_->of_type(a, "replay").size(), 3u);
  EXPECT_EQ(replay(a, one.table, 8)["type"], "replay");
}

// The HTTP paths read a finished game as stored (a table that is over is not replayed to be
// read), and refuse a game in play or one there is not.
TEST_F(ServerWorkTest, AFinishedGameIsReadAsStoredForItsLogAndCheck) {
  Seat ann = finished_table("red-dog");
  restart();
  server::StoredGame game = lobby_->finished_game(ann.table, 0);
  EXPECT_EQ(lobby_->room(ann.table), nullptr) << "read from the store, not replayed into a table";
  EXPECT_EQ(game.game, 1);
  EXPECT_TRUE(game.moves.empty()) << "its moves are read from the store a page at a time, never all at once";
  EXPECT_GT(game.move_count, 0u);
  std::ostringstream log;
  for (const auto& line : server::log_lines(*store_, ann.table, game)) log << line.dump() << "\n";
  std::istringstream in(log.str());
  EXPECT_TRUE(server::verify_log(in, ann.table).ok);
  EXPECT_TRUE(server::verify_stored(*store_, ann.table, game, ann.table).ok);
  // Written a part at a time, the log is the same text, whatever the size of its parts.
  server::GameLog parts(*store_, ann.table, game);
  std::string streamed;
  for (std::string part; !(part = parts.next(300)).empty();) streamed += part;
  EXPECT_EQ(streamed, log.str());
  auto code_of = [&](const std::string& code, int number) {
    try {
      lobby_->finished_game(code, number);
    } catch (const server::Refused& e) {
      return e.code;
    }
    return std::string("none");
  };
  EXPECT_EQ(code_of(ann.table, 2), "no_game");
  EXPECT_EQ(code_of("NOPE", 0), "no_table");
  Seat waiting = create("hoyle", 2, "Bea");
  EXPECT_EQ(code_of(waiting.table, 0), "not_over");
  // A game in play: Bea against Cy, both people, so nothing moves until they do.
  join(waiting.table, "Cy");
  command(waiting, "start");
  ASSERT_EQ(table_of(waiting)["status"], "playing");
  EXPECT_EQ(code_of(waiting.table, 0), "not_over");
}

// A long game's replay comes a page at a time (each step holds the whole state: 5,000 of them
// would pass what a client may have waiting); the pages make up the whole replay.
TEST_F(ServerWorkTest, AReplayComesAPageAtATimeAndThePagesMakeTheWholeGame) {
  options_.replay_page = 7;
  restart();
  Seat done = finished_table("red-dog");
  std::size_t total = table_of(done)["moves"].get<std::size_t>() + 1;
  ASSERT_GT(total, 15u);
  json whole = lobby_->room(done.table)->replay(1)["steps"];
  ASSERT_EQ(whole.size(), total);
  ConnId watcher = connect();
  json steps = json::array();
  for (std::size_t from = 0; from < total;) {
    json page = ask(watcher, {{"type", "replay"}, {"table", done.table}, {"game", 1}, {"from", from}});
    ASSERT_EQ(page["type"], "replay") << page.dump();
    EXPECT_EQ(page["from"], from);
    EXPECT_EQ(page["steps_total"], total);
    EXPECT_EQ(page["steps"].size(), std::min<std::size_t>(7, total - from));
    for (const auto& step : page["steps"]) steps.push_back(step);
    from += page["steps"].size();
  }
  EXPECT_EQ(steps, whole);
  json past = ask(watcher, {{"type", "replay"}, {"table", done.table}, {"game", 1}, {"from", total}});
  EXPECT_TRUE(past["steps"].empty());
}

// One address may have only so many tables open (not over); tables that are over and that nobody
// looks at make room when the server is full (they stay in the store and are read again).
TEST_F(ServerWorkTest, OneAddressOpensOnlySoManyTablesAndFinishedOnesMakeRoom) {
  options_.max_open_tables_per_address = 2;
  options_.max_tables = 4;
  restart();
  Seat done = finished_table();  // over: no longer counts against its address
  create("hoyle", 2, "Bea");
  create("hoyle", 2, "Cy");
  ConnId same = connect();
  json refused = ask(same, {{"type", "create"}, {"name", "Di"}, {"rules", "hoyle"}, {"seats", 2}});
  EXPECT_EQ(refused["code"], "too_many_tables") << refused.dump();
  EXPECT_NE(refused["message"].get<std::string>().find("you have 2 tables open"), std::string::npos) << refused.dump();
  // Another address may; then the server holds 4, its most.
  auto create_from = [&](ConnId conn, const std::string& address, const std::string& name) {
    lobby_->open(conn, address);
    lobby_->receive(conn, json({{"type", "create"}, {"name", name}, {"rules", "hoyle"}, {"seats", 2}}).dump());
    hooks_->run();
    return hooks_->inbox[conn].back();
  };
  EXPECT_EQ(create_from(50, "10.0.0.9", "Ed")["type"], "table");
  // A third: the finished table, once nobody looks at it, makes room (it stays in the store).
  EXPECT_EQ(create_from(51, "10.0.0.10", "Fi")["code"], "too_many_tables") << "Ann still sits at her finished table";
  lobby_->close(done.conn);
  EXPECT_EQ(create_from(52, "10.0.0.11", "Gus")["type"], "table");
  EXPECT_EQ(lobby_->room(done.table), nullptr) << "let go of";
  ConnId watcher = connect();
  ask(watcher, {{"type", "watch"}, {"table", done.table}});
  EXPECT_EQ(hooks_->last(watcher, "table")["status"], "over") << "read again from the store";
}

// Binary frames and pings count against the rate like text messages: a binary frame is answered
// bad_message while within it, rate_limited past it; a flood of pings is let go as flooding.
TEST_F(ServerWorkTest, EveryFrameKindCountsAgainstTheRate) {
  limit_rate(1, 3, 5);
  ConnId binary = connect();
  for (int i = 0; i < 3; ++i) {
    lobby_->receive(binary, "", server::Lobby::Frame::binary);
    EXPECT_EQ(hooks_->inbox[binary].back()["code"], "bad_message");
  }
  lobby_->receive(binary, "", server::Lobby::Frame::binary);
  EXPECT_EQ(hooks_->inbox[binary].back()["code"], "rate_limited") << "the burst of 3 is spent";
  ConnId pinger = connect();
  for (int i = 0; i < 20 && !hooks_->dropped.count(pinger); ++i) lobby_->control_frame(pinger);
  EXPECT_TRUE(hooks_->dropped.count(pinger)) << "a ping flood is let go";
  EXPECT_EQ(hooks_->inbox[pinger].back()["code"], "flooding");
}

// A connection that sits down, watches or resumes gets the latest events only (a game of
// thousands would not fit one message) and asks for older ones page by page; the rules' title
// comes in its first table message only.
TEST_F(ServerWorkTest, ALongGameResumesWithItsLatestEventsAndOlderOnesComeOnRequest) {
  options_.event_window = 10;
  restart();
  Seat ann = create("hoyle", 2, "Ann", {{"set", {{"deals", "20"}}}});
  command(ann, "bot", {{"kind", "sensible"}});
  command(ann, "start");
  for (int i = 0; i < 6 && table_of(ann)["status"] == "playing"; ++i)
    command(ann, "act", {{"action", testing::first_choice(table_of(ann)["legal"])}});
  json now = table_of(ann);
  std::size_t count = now["event_count"];
  ASSERT_GT(count, 25u);
  EXPECT_FALSE(now.contains("title")) << "the title went with the first message only";
  ASSERT_FALSE(hooks_->of_type(ann.conn, "table").empty());
  EXPECT_TRUE(hooks_->of_type(ann.conn, "table").front().contains("title"));

  ConnId watcher = connect();
  ask(watcher, {{"type", "watch"}, {"table", ann.table}});
  json seen = hooks_->last(watcher, "table");
  EXPECT_EQ(seen["events"].size(), 10u);
  EXPECT_EQ(seen["events_from"], count - 10);
  EXPECT_EQ(seen["title"], hooks_->of_type(ann.conn, "table").front()["title"]) << "a new connection gets the title";
  // Every event, in order, from the pages and the window, is the table's.
  json all = json::array();
  for (std::size_t from = 0; from < count - 10; from += 10) {
    json page = ask(watcher, {{"type", "events"}, {"table", ann.table}, {"from", from}, {"id", 4}});
    ASSERT_EQ(page["type"], "events") << page.dump();
    EXPECT_EQ(page["from"], from);
    EXPECT_EQ(page["id"], 4);
    EXPECT_EQ(page["event_count"], count);
    for (const auto& e : page["events"]) if (all.size() < count - 10) all.push_back(e);
  }
  for (const auto& e : seen["events"]) all.push_back(e);
  ASSERT_EQ(all.size(), count);
  EXPECT_EQ(all, lobby_->room(ann.table)->events_between(0, lobby_->room(ann.table)->event_count()));
  // Only at the table one watches or sits at.
  ConnId stranger = connect();
  EXPECT_EQ(ask(stranger, {{"type", "events"}, {"table", ann.table}, {"from", 0}})["code"], "bad_message");
}

// A custom rule file's description may be 64 KiB: the table message carries it cut (to
// kTitleCharacters and "…", with title_cut), a watcher's too, and the whole text comes to whoever
// asks (`rules`), not to every watcher (issue 49, finding 9).
TEST_F(ServerWorkTest, ALongDescriptionIsCutInTheTableMessageAndTheWholeComesOnRequest) {
  for (std::string word : {"many words ", "x"}) {  // words, and one unbroken word
    std::string description;
    while (description.size() < 60000) description += word;
    Seat ann = create("", 2, "Ann", {{"rules_text", "game = \"pot\"\nname = \"long\"\ndescription = \"" + description + "\"\n"}});
    json first = hooks_->of_type(ann.conn, "table").front();
    std::string title = first["title"];
    EXPECT_LE(server::characters(title), server::kTitleCharacters + 1) << word;
    ASSERT_GE(title.size(), 3u);
    EXPECT_EQ(title.substr(title.size() - 3), "\u2026");
    EXPECT_EQ(description.rfind(title.substr(0, title.size() - 3), 0), 0u) << "the description's start: " << title;
    EXPECT_EQ(first["title_cut"], true);
    ConnId watcher = connect();
    ask(watcher, {{"type", "watch"}, {"table", ann.table}});
    EXPECT_EQ(hooks_->last(watcher, "table")["title"], title);
    json whole = ask(watcher, {{"type", "rules"}, {"table", ann.table}, {"id", 7}});
    ASSERT_EQ(whole["type"], "rules") << whole.dump().substr(0, 200);
    EXPECT_EQ(whole["description"], description);
    EXPECT_EQ(whole["rules"], "custom");
    EXPECT_EQ(whole["id"], 7);
  }
  // A preset's description is short: whole, and not marked cut.
  Seat bob = create("hoyle", 2, "Bob");
  json first = hooks_->of_type(bob.conn, "table").front();
  EXPECT_FALSE(first.contains("title_cut"));
  EXPECT_EQ(ask(bob.conn, {{"type", "rules"}, {"table", bob.table}})["description"], first["title"]);
  EXPECT_EQ(ask(bob.conn, {{"type", "rules"}, {"table", "NOPE1"}})["code"], "no_table");
}

// The cut never ends inside what a person reads as one character, nor in whitespace.
TEST(CutText, AtACharacterBoundaryWithoutTrailingSpace) {
  EXPECT_EQ(server::cut_text("short", 200), "short");
  EXPECT_EQ(server::cut_text("abc   def", 4), "abc\u2026");
  // 199 letters, then an e and its combining acute accent across the 200th character.
  EXPECT_EQ(server::cut_text(std::string(199, 'a') + "e\u0301zzz", 200), std::string(199, 'a') + "\u2026");
  EXPECT_EQ(server::cut_text("\u00e9\u00e9\u00e9", 2), "\u00e9\u00e9\u2026") << "two bytes a character, counted as one";
}

// Each seat's chance to win (issue 52): a `chances` request is worked out on a heavy worker, on a
// copy of the table, so the table plays on meanwhile; the answer names the moves it was worked
// out at, has each seat's chance in seat order summing to 1, and comes to a watcher as to a seat.
// A table not started has none to give.
TEST_F(ServerWorkTest, ChancesAreWorkedOutOffTheTableWhichPlaysOnMeanwhile) {
  Seat ann = create("hoyle", 3);
  EXPECT_EQ(command(ann, "chances").value("code", ""), "not_started");
  command(ann, "bot", {{"kind", "sensible"}});
  command(ann, "bot", {{"kind", "sensible"}});
  command(ann, "start");
  int moves = table_of(ann)["moves"].get<int>();
  hooks_->hold_heavy = true;
  command(ann, "chances", {{"id", 7}});
  EXPECT_EQ(hooks_->heavy_waiting(), 1u) << "worked out on a heavy worker";
  // Meanwhile the table plays on: the person and the bots.
  testing::play_out(*lobby_, *hooks_, {ann}, 3);
  EXPECT_GT(table_of(ann)["moves"].get<int>(), moves);
  hooks_->release_heavy();
  hooks_->run();
  json chances = hooks_->last(ann.conn, "chances");
  ASSERT_FALSE(chances.is_null());
  EXPECT_EQ(chances["id"], 7);
  EXPECT_EQ(chances["moves"].get<int>(), moves) << "the moves it was worked out at";
  ASSERT_EQ(chances["chances"].size(), 3u);
  double sum = 0;
  for (const auto& c : chances["chances"]) sum += c["chance"].get<double>();
  EXPECT_NEAR(sum, 1.0, 1e-9);
  EXPECT_EQ(chances["chances"][0]["player"], "Ann");
  ConnId watcher = connect();
  ask(watcher, {{"type", "watch"}, {"table", ann.table}});
  json seen = ask(watcher, {{"type", "chances"}, {"table", ann.table}});
  EXPECT_EQ(seen["type"], "chances") << seen.dump();
}


}  // namespace
}  // namespace inbetween
