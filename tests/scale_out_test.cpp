// Several servers on one PostgreSQL database (docs/scale-out.md), as lobbies over FakeHooks: a
// server that stops renewing its lease (killed, paused) has its tables taken over by another from
// the stored log, exactly where they were; a table another server still plays is not taken; a
// server that lost a lease hears of it and lets the table go, and nothing it still tries is kept.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <sstream>
#include <string>

#include "server/lobby.h"
#include "server/pg_store.h"
#include "server/verify.h"
#include "support/lobby_client.h"
#include "support/test_postgres.h"

namespace inbetween {
namespace {

using nlohmann::json;
using server::ConnId;
using testing::Seat;

// One server: its store (its own connection and name in the leases), its hooks, its lobby.
struct Node {
  // `tune` changes the options before the lobby starts (a rate to flood, say).
  Node(const std::string& uri, const std::string& name, const std::function<void(server::LobbyOptions&)>& tune = {}) {
    options.bot_delay = std::chrono::milliseconds(0);
    options.messages_per_second = options.message_burst = 1e9;
    options.address_messages_per_second = options.address_burst = 1e9;
    if (tune) tune(options);
    store = std::make_unique<server::PgStore>(uri, name);
    lobby = std::make_unique<server::Lobby>(*store, hooks, options);
  }
  ConnId connect() {
    lobby->open(next, "127.0.0.1");
    return next++;
  }
  json ask(ConnId conn, const json& message) { return testing::ask(*lobby, hooks, conn, message); }
  Seat seat_for(ConnId conn, const json& message) {
    ask(conn, message);
    json seated = hooks.last(conn, "seated");
    EXPECT_FALSE(seated.is_null()) << hooks.inbox[conn].back().dump();
    return {conn, seated.value("table", ""), seated.value("token", ""), seated.value("seat", -1)};
  }
  json command(const Seat& s, const std::string& type, json extra = json::object()) {
    json message = {{"type", type}, {"table", s.table}, {"token", s.token}};
    message.update(extra);
    return ask(s.conn, message);
  }
  server::LobbyOptions options;
  testing::FakeHooks hooks;
  std::unique_ptr<server::PgStore> store;
  std::unique_ptr<server::Lobby> lobby;
  ConnId next = 1;
};

class ScaleOut : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    uri_ = testing_support::postgres_database(std::string("scale_out.") + info->name());
    sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  }
  void sql(const std::string& statement) {
    pqxx::connection c(uri_);
    pqxx::nontransaction w(c);
    w.exec(statement);
  }
  // Node `name` stops renewing (killed with -9, or paused) and its leases run out.
  void lapse(const std::string& name) {
    sql("UPDATE leases SET expires = clock_timestamp() - interval '1 second' WHERE node LIKE '" + name + "@%'");
  }
  std::string uri_;
};

TEST_F(ScaleOut, AnotherServerTakesATableOverExactlyWhereItWas) {
  Node a(uri_, "a");
  ConnId ann_at_a = a.connect(), bob_at_a = a.connect();
  Seat ann = a.seat_for(ann_at_a, {{"type", "create"}, {"name", "Ann"}, {"seats", 3}, {"rules", "hoyle"}, {"set", {{"deals", "30"}}}});
  Seat bob = a.seat_for(bob_at_a, {{"type", "join"}, {"table", ann.table}, {"name", "Bob"}});
  a.command(ann, "bot", {{"kind", "sensible"}});
  a.command(ann, "start");
  testing::play_out(*a.lobby, a.hooks, {ann, bob}, 6);
  json before = a.hooks.last(ann.conn, "table");
  ASSERT_EQ(before["status"], "playing");

  lapse("a");  // a is killed: its lease runs out
  Node b(uri_, "b");
  EXPECT_EQ(b.lobby->tables(), 1u);  // a server that starts takes up every table whose lease lapsed
  ann.conn = b.connect();
  bob.conn = b.connect();
  b.ask(ann.conn, {{"type", "resume"}, {"table", ann.table}, {"token", ann.token}});
  b.ask(bob.conn, {{"type", "resume"}, {"table", bob.table}, {"token", bob.token}});
  json after = b.hooks.of_type(ann.conn, "table").front();
  EXPECT_EQ(after["state"], before["state"]);
  EXPECT_EQ(after["commit"], before["commit"]);
  EXPECT_EQ(after["moves"], before["moves"]);
  EXPECT_EQ(after["event_count"], before["event_count"]);

  // a wakes up (it was only paused) and its people act there: refused, nothing kept, and a lets the table go.
  Seat stale = ann;
  stale.conn = ann_at_a;
  json refused = a.command(stale, "act", {{"action", testing::first_choice(before["legal"])}});
  if (refused.value("type", "") == "error" && refused.value("code", "") != "table_moved") {
    // Not Ann's turn at a's copy: Bob's, then.
    stale = bob;
    stale.conn = bob_at_a;
    refused = a.command(stale, "act", {{"action", testing::first_choice(a.hooks.last(bob_at_a, "table")["legal"])}});
  }
  EXPECT_EQ(refused.value("code", ""), "table_moved") << refused.dump();
  EXPECT_EQ(a.lobby->room(ann.table), nullptr);
  EXPECT_EQ(a.hooks.last(bob_at_a, "error").value("code", ""), "table_moved");

  // Played to the end on b: one line of history, which verifies against the commitment made on a.
  testing::play_out(*b.lobby, b.hooks, {ann, bob});
  const server::Room* room = b.lobby->room(ann.table);
  ASSERT_NE(room, nullptr);
  EXPECT_EQ(room->status(), server::TableStatus::over);
  auto stored = b.store->load_table(ann.table);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->games[0].moves.size(), room->moves());
  std::ostringstream log;
  for (const auto& line : room->export_log(1)) log << line.dump() << "\n";
  std::istringstream in(log.str());
  auto report = server::verify_log(in, ann.table);
  EXPECT_TRUE(report.ok) << report.text;
}

// A table another server still plays is not taken: the connection is forwarded to that server
// (where it announced it is reached), and `tables` lists that server's tables too.
TEST_F(ScaleOut, ATableAnotherServerStillPlaysIsForwardedNotTaken) {
  Node a(uri_, "a");
  a.lobby->announce("127.0.0.1:1111");
  Seat ann = a.seat_for(a.connect(), {{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "red-dog"}});
  a.seat_for(a.connect(), {{"type", "create"}, {"name", "Cy"}, {"seats", 2}, {"rules", "hoyle"}, {"private", true}});
  a.lobby->announce("127.0.0.1:1111");  // as every renewal does
  Node b(uri_, "b");
  b.lobby->announce("127.0.0.1:2222");
  ConnId bea = b.connect();
  json join = {{"type", "join"}, {"table", ann.table}, {"name", "Bea"}};
  b.ask(bea, join);
  ASSERT_EQ(b.hooks.relayed.size(), 1u);
  EXPECT_EQ(b.hooks.relayed[0].conn, bea);
  EXPECT_EQ(b.hooks.relayed[0].address, "127.0.0.1:1111");
  EXPECT_EQ(json::parse(b.hooks.relayed[0].first), join);
  EXPECT_EQ(b.lobby->room(ann.table), nullptr);
  // a plays on, untouched.
  a.seat_for(a.connect(), {{"type", "join"}, {"table", ann.table}, {"name", "Bea"}});
  // b lists a's public table, not its private one.
  json tables = b.ask(b.connect(), {{"type", "tables"}});
  ASSERT_EQ(tables["tables"].size(), 1u) << tables.dump();
  EXPECT_EQ(tables["tables"][0]["table"], ann.table);
}

// A flooder let go of by one server is held off by the others too, for what is left of its
// cool-down, once the servers have announced themselves (as every renewal does); the cool-down
// another server told of is not passed on again, so it ends.
TEST_F(ScaleOut, AFlooderLetGoOfByOneServerIsHeldOffByTheOthers) {
  Node a(uri_, "a", [](server::LobbyOptions& o) {
    o.messages_per_second = 10;
    o.message_burst = 5;
    o.refused_burst = 20;
    o.flood_cooldown = std::chrono::seconds(10);
  });
  a.lobby->announce("127.0.0.1:1111");
  Node b(uri_, "b");
  b.lobby->announce("127.0.0.1:2222");
  ASSERT_TRUE(b.lobby->admits("127.0.0.1"));
  ConnId flooder = a.connect();
  for (int i = 0; i < 100 && !a.hooks.dropped.count(flooder); ++i) a.lobby->receive(flooder, R"({"type":"tables"})");
  ASSERT_TRUE(a.hooks.dropped.count(flooder));
  EXPECT_FALSE(a.lobby->admits("127.0.0.1"));
  EXPECT_TRUE(b.lobby->admits("127.0.0.1")) << "b has not heard yet";
  a.lobby->announce("127.0.0.1:1111");
  b.lobby->announce("127.0.0.1:2222");
  EXPECT_FALSE(b.lobby->admits("127.0.0.1")) << "b holds the flooder off";
  EXPECT_TRUE(b.lobby->admits("10.1.2.3")) << "and nobody else";
  // a does not hear its own cool-down back from b: past it, both let the address in again.
  a.lobby->announce("127.0.0.1:1111");
  a.hooks.advance(std::chrono::seconds(11));
  b.hooks.advance(std::chrono::seconds(11));
  a.lobby->announce("127.0.0.1:1111");
  b.lobby->announce("127.0.0.1:2222");
  EXPECT_TRUE(a.lobby->admits("127.0.0.1"));
  EXPECT_TRUE(b.lobby->admits("127.0.0.1"));
}

// Where the server that plays the table never said where it is reached, the page is told to try again.
TEST_F(ScaleOut, ATableWhoseServerCannotBeReachedIsRefusedForNow) {
  Node a(uri_, "a");
  Seat ann = a.seat_for(a.connect(), {{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "red-dog"}});
  Node b(uri_, "b");
  json refused = b.ask(b.connect(), {{"type", "watch"}, {"table", ann.table}});
  EXPECT_EQ(refused.value("code", ""), "table_elsewhere") << refused.dump();
  EXPECT_TRUE(b.hooks.relayed.empty());
}

// The database cut every connection (a restart, a failover): the move is refused with
// `store_unavailable` and changes nothing; the next one is played and stored.
TEST_F(ScaleOut, AMoveWhileTheDatabaseIsAwayIsRefusedThenPlays) {
  Node a(uri_, "a");
  Seat ann = a.seat_for(a.connect(), {{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "hoyle"}});
  a.command(ann, "bot", {{"kind", "sensible"}});
  a.command(ann, "start");
  // Ann's turn: the bot (no pause) moves in the command's own run. Her turn may not come in a
  // game (posts that settle themselves, a game of two deals): then the next game, a bounded few times.
  json before = a.hooks.last(ann.conn, "table");
  for (int game = 0; game < 20 && before["to_act"] != "Ann"; ++game) {
    ASSERT_EQ(before["status"], "over") << "neither Ann's turn nor the end: " << before.dump();
    a.command(ann, "again");
    a.command(ann, "start");
    before = a.hooks.last(ann.conn, "table");
  }
  ASSERT_EQ(before["to_act"], "Ann") << before.dump();
  sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
  json action = testing::first_choice(before["legal"]);
  json refused = a.command(ann, "act", {{"action", action}});
  EXPECT_EQ(refused.value("code", ""), "store_unavailable") << refused.dump();
  EXPECT_EQ(a.lobby->room(ann.table)->moves(), before["moves"].get<std::size_t>());
  json played = a.command(ann, "act", {{"action", action}});
  EXPECT_NE(played.value("type", ""), "error") << played.dump();
  // Stored (with the bot's answer after it, if any): what the room holds is what the database holds.
  std::size_t stored = a.store->load_table(ann.table)->games.back().moves.size();  // the game in play
  EXPECT_GE(stored, before["moves"].get<std::size_t>() + 1);
  EXPECT_EQ(stored, a.lobby->room(ann.table)->moves());
}

// A server learns at its next renewal that a lease is gone, tells the people at the table and
// lets it go; the tables it still holds are renewed and stay.
TEST_F(ScaleOut, ARenewalFindsALostLeaseAndLetsTheTableGo) {
  Node a(uri_, "a");
  Seat ann = a.seat_for(a.connect(), {{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "hoyle"}});
  Seat cy = a.seat_for(a.connect(), {{"type", "create"}, {"name", "Cy"}, {"seats", 2}, {"rules", "hoyle"}});
  sql("UPDATE leases SET expires = clock_timestamp() - interval '1 second' WHERE code = '" + ann.table + "'");
  Node b(uri_, "b");
  ASSERT_TRUE(b.store->take_lease(ann.table));
  a.hooks.advance(a.options.lease_renew_every);
  a.hooks.run();
  EXPECT_EQ(a.hooks.last(ann.conn, "error").value("code", ""), "table_moved");
  EXPECT_EQ(a.lobby->room(ann.table), nullptr);
  EXPECT_NE(a.lobby->room(cy.table), nullptr);
  EXPECT_FALSE(b.store->take_lease(cy.table));  // renewed: still a's
}

}  // namespace
}  // namespace inbetween
