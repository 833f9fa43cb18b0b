// Two real `inbetween serve` processes on one PostgreSQL database (docs/scale-out.md): one is
// killed with -9 while a game is played on it, again and again; each time the page reconnects to
// the other, resumes its seat and plays on exactly where it was. Every move the client saw
// acknowledged is in the log, no move is there twice, and the finished game verifies.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/verify.h"
#include "support/scale_out_play.h"
#include "support/serve_process.h"
#include "support/temp_folder.h"
#include "support/test_postgres.h"

namespace inbetween {
namespace {

using nlohmann::json;
using testing::ServeProcess;
using testing::WsClient;

class ScaleOutServe : public testing_support::TempFolderTest {
 protected:
  void SetUp() override {
    TempFolderTest::SetUp();
    uri_ = testing_support::postgres_database(dir_.string());
  }
  std::unique_ptr<ServeProcess> start(const std::string& node) {
    // Leases of 5 s (renewed every 1.7 s): short enough for kills to be quick, long enough that a
    // node starved of the processor for a moment by a loaded CI machine keeps its tables (with 2 s,
    // a late renewal let a restarted node take a table from one still playing it: table_moved).
    return std::make_unique<ServeProcess>(uri_, std::vector<std::string>{"--node", node, "--lease-seconds", "5"});
  }
  std::string uri_;
};

// The `table` message after a resume, retried while the table is still the killed server's
// (`table_elsewhere` until its lease lapses): at most 30 s, polled every 100 ms.
json resume(WsClient& ws, const std::string& table, const std::string& token) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    ws.send({{"type", "resume"}, {"table", table}, {"token", token}});
    json reply = ws.read_until("table");
    if (reply.value("type", "") == "table") return reply;
    if (reply.value("code", "") != "table_elsewhere" || std::chrono::steady_clock::now() > deadline) return reply;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// Ann acts on her turn until the game is over or `moves` moves are stored.
json play(WsClient& ws, json table, const std::string& code, const std::string& token, std::size_t moves) {
  return testing::play_as(ws, std::move(table), code, token, "Ann", moves);
}

TEST_F(ScaleOutServe, AServerKilledMidGameIsTakenOverAndPlayGoesOnExactlyWhereItWas) {
  std::unique_ptr<ServeProcess> nodes[2] = {start("a"), start("b")};
  auto ws = std::make_unique<WsClient>(nodes[0]->port());
  ws->send({{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "hoyle"}, {"set", {{"deals", "12"}}}});
  json seated = ws->read_until("seated");
  ASSERT_EQ(seated.value("type", ""), "seated") << seated.dump();
  const std::string code = seated["table"], token = seated["token"];
  ws->send({{"type", "bot"}, {"table", code}, {"token", token}, {"kind", "sensible"}});
  ws->send({{"type", "start"}, {"table", code}, {"token", token}});
  json table = ws->read_until("table");
  while (table["status"] != "playing") table = ws->read_until("table");

  int playing_on = 0;
  for (int kill = 0; kill < 3 && table["status"] == "playing"; ++kill) {
    table = play(*ws, table, code, token, table["moves"].get<std::size_t>() + 6);
    if (table["status"] != "playing") break;
    json acknowledged = table;
    nodes[playing_on]->kill(SIGKILL);
    int other = 1 - playing_on;
    ws = std::make_unique<WsClient>(nodes[other]->port());
    json resumed = resume(*ws, code, token);
    ASSERT_EQ(resumed.value("type", ""), "table") << resumed.dump();
    // Every acknowledged move is there, in the same order: the events seen are a prefix of the story.
    EXPECT_GE(resumed["moves"].get<std::size_t>(), acknowledged["moves"].get<std::size_t>());
    EXPECT_EQ(resumed["commit"], acknowledged["commit"]);
    ASSERT_GE(resumed["event_count"].get<std::size_t>(), acknowledged["event_count"].get<std::size_t>());
    if (resumed["moves"] == acknowledged["moves"]) {
      EXPECT_EQ(resumed["state"], acknowledged["state"]);
    }
    table = resumed;
    nodes[playing_on] = start(playing_on == 0 ? "a" : "b");  // the killed server comes back
    playing_on = other;
  }
  table = play(*ws, table, code, token, SIZE_MAX);
  ASSERT_EQ(table["status"], "over") << table.dump();
  // The log, from the server that finished it: one line of history that verifies.
  auto [status, log] = testing::http_get(nodes[playing_on]->port(), "/tables/" + code + "/log");
  ASSERT_EQ(status, 200) << log;
  std::istringstream in(log);
  auto report = server::verify_log(in, code);
  EXPECT_TRUE(report.ok) << report.text;
  // Its first line opens the game; one line a move, none twice.
  EXPECT_EQ(static_cast<std::size_t>(std::count(log.begin(), log.end(), '\n')), table["moves"].get<std::size_t>() + 1);
}

// Reads `table` messages until one shows `moves` moves (each within the client's read timeout).
json until_moves(WsClient& ws, std::size_t moves) {
  for (;;) {
    json table = ws.read_until("table");
    if (table.value("type", "") != "table") throw std::runtime_error(table.dump());
    if (table["moves"].get<std::size_t>() >= moves) return table;
  }
}

// A client on server b plays and watches a table that server a plays: b forwards both to a, the
// watcher on b sees every move made on a, b's `tables` lists it; a killed, b takes it over.
TEST_F(ScaleOutServe, AClientOnAnyServerPlaysAndWatchesATableAnotherServerPlays) {
  auto a = start("a");
  auto b = start("b");
  std::string code, token;
  {
    WsClient at_a(a->port());
    at_a.send({{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", "hoyle"}, {"set", {{"deals", "12"}}}});
    json seated = at_a.read_until("seated");
    ASSERT_EQ(seated.value("type", ""), "seated") << seated.dump();
    code = seated["table"];
    token = seated["token"];
    at_a.send({{"type", "bot"}, {"table", code}, {"token", token}, {"kind", "sensible"}});
    at_a.read_until("table");
  }
  // Ann's page reconnects, and reaches b: her resume and every later message are a's to serve.
  auto ann = std::make_unique<WsClient>(b->port(), std::chrono::seconds(10));
  json table = resume(*ann, code, token);
  ASSERT_EQ(table.value("type", ""), "table") << table.dump();
  auto watcher = std::make_unique<WsClient>(b->port(), std::chrono::seconds(10));
  watcher->send({{"type", "watch"}, {"table", code}});
  ASSERT_EQ(watcher->read_until("table").value("type", ""), "table");
  ann->send({{"type", "start"}, {"table", code}, {"token", token}});
  table = ann->read_until("table");
  while (table["status"] != "playing") table = ann->read_until("table");
  table = play(*ann, table, code, token, 10);
  // The watcher on b saw the moves made on a (each within its 10 s read timeout).
  EXPECT_EQ(until_moves(*watcher, table["moves"])["state"], table["state"]);
  // b lists a's table (announced with a's renewals: within a few seconds).
  WsClient lobby(b->port());
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  bool listed = false;
  while (!listed && std::chrono::steady_clock::now() < deadline) {
    lobby.send({{"type", "tables"}});
    json tables = lobby.read_until("tables");
    for (const auto& t : tables["tables"]) listed = listed || t["table"] == code;
    if (!listed) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(listed) << "b never listed a's table " << code;

  // a is killed: b closes the forwarded connections, the pages reconnect and b takes the table over.
  json acknowledged = table;
  a->kill(SIGKILL);
  ann = std::make_unique<WsClient>(b->port(), std::chrono::seconds(10));
  table = resume(*ann, code, token);
  ASSERT_EQ(table.value("type", ""), "table") << table.dump();
  EXPECT_GE(table["moves"].get<std::size_t>(), acknowledged["moves"].get<std::size_t>());
  EXPECT_EQ(table["commit"], acknowledged["commit"]);
  table = play(*ann, table, code, token, SIZE_MAX);
  ASSERT_EQ(table["status"], "over") << table.dump();
  auto [status, log] = testing::http_get(b->port(), "/tables/" + code + "/log");
  ASSERT_EQ(status, 200) << log;
  std::istringstream in(log);
  EXPECT_TRUE(server::verify_log(in, code).ok);
}

// Three nodes, a table of every family created through different nodes, its person on one node
// or another; four times a node picked at random is killed with -9 mid-play (and started again),
// and every page reconnects to a node picked at random and resumes. Every acknowledged move is
// kept, each game goes on where it was, and every game, played to its end, verifies with one
// log line a move.
TEST_F(ScaleOutServe, ThreeNodesEveryFamilyAndKillsAtRandomMoments) {
  const std::vector<std::string> names{"a", "b", "c"};
  std::vector<std::unique_ptr<ServeProcess>> nodes;
  for (const auto& name : names) nodes.push_back(start(name));
  struct Game {
    std::string rules, code, token;
    std::unique_ptr<WsClient> ws;
    json table;
  };
  std::vector<Game> games;
  for (const char* rules : {"hoyle", "red-dog", "threebetween", "banker", "between-the-sheets"}) {
    Game g{rules, "", "", std::make_unique<WsClient>(nodes[games.size() % 3]->port(), std::chrono::seconds(10)), json()};
    g.ws->send({{"type", "create"}, {"name", "Ann"}, {"seats", 2}, {"rules", rules}});
    json seated = g.ws->read_until("seated");
    ASSERT_EQ(seated.value("type", ""), "seated") << rules << ": " << seated.dump();
    g.code = seated["table"];
    g.token = seated["token"];
    g.ws->send({{"type", "bot"}, {"table", g.code}, {"token", g.token}, {"kind", "sensible"}});
    g.ws->send({{"type", "start"}, {"table", g.code}, {"token", g.token}});
    g.table = g.ws->read_until("table");
    while (g.table.value("status", "") != "playing") g.table = g.ws->read_until("table");
    games.push_back(std::move(g));
  }
  std::mt19937 random(20261126);
  for (int kill = 0; kill < 4; ++kill) {
    for (auto& g : games) g.table = play(*g.ws, g.table, g.code, g.token, g.table["moves"].get<std::size_t>() + 5);
    std::size_t victim = random() % nodes.size();
    nodes[victim]->kill(SIGKILL);
    nodes[victim] = start(names[victim]);  // back at once, under a new lease name: it takes nothing of the old one's early
    for (auto& g : games) {
      SCOPED_TRACE(g.rules + " after kill " + std::to_string(kill + 1) + " of node " + names[victim]);
      if (g.table["status"] != "playing") continue;
      json acknowledged = g.table;
      g.ws = std::make_unique<WsClient>(nodes[random() % nodes.size()]->port(), std::chrono::seconds(10));
      g.table = resume(*g.ws, g.code, g.token);
      ASSERT_EQ(g.table.value("type", ""), "table") << g.table.dump();
      EXPECT_GE(g.table["moves"].get<std::size_t>(), acknowledged["moves"].get<std::size_t>());
      EXPECT_EQ(g.table["commit"], acknowledged["commit"]);
      if (g.table["moves"] == acknowledged["moves"]) {
        EXPECT_EQ(g.table["state"], acknowledged["state"]);
      }
    }
  }
  for (auto& g : games) {
    SCOPED_TRACE(g.rules);
    g.table = play(*g.ws, g.table, g.code, g.token, SIZE_MAX);
    ASSERT_EQ(g.table["status"], "over") << g.table.dump();
    auto [status, log] = testing::http_get(nodes[0]->port(), "/tables/" + g.code + "/log");
    ASSERT_EQ(status, 200) << log;
    std::istringstream in(log);
    auto report = server::verify_log(in, g.code);
    EXPECT_TRUE(report.ok) << report.text;
    EXPECT_EQ(static_cast<std::size_t>(std::count(log.begin(), log.end(), '\n')), g.table["moves"].get<std::size_t>() + 1);
  }
}

// A WebSocket upgrade that claims to be forwarded by a server of the cluster (a wrong secret) or
// by a proxy (X-Real-IP, from a peer that is no --trusted-proxy), held open; returns its status.
int forged_upgrade(unsigned short port, std::vector<testing::RawUpgrade>& held) {
  held.emplace_back(port, std::vector<std::pair<std::string, std::string>>{
                              {"X-Inbetween-Relay", "not-the-secret"}, {"X-Inbetween-For", "10.1.2.3"}, {"X-Real-IP", "10.1.2.4"}});
  return held.back().status();
}

// Whoever claims to pass a client's address on without the cluster's secret (or from no trusted
// proxy) is counted as themselves: two such connections fill an address's quota of two.
TEST_F(ScaleOutServe, AForgedForwardIsCountedAsItsSender) {
  ServeProcess node(uri_, {"--node", "a", "--max-connections-per-address", "2"});
  std::vector<testing::RawUpgrade> held;
  ASSERT_EQ(forged_upgrade(node.port(), held), 101);
  ASSERT_EQ(forged_upgrade(node.port(), held), 101);
  // 127.0.0.1 holds its two connections: a third is turned away.
  EXPECT_THROW(
      {
        WsClient third(node.port(), std::chrono::seconds(5));
        third.send({{"type", "tables"}});
        third.read();
      },
      std::exception);
}

}  // namespace
}  // namespace inbetween
