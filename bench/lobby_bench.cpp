// The table server's lobby without the network (bench/README.md, "Every core"): each benchmark
// thread plays a table of its own through Lobby::receive, as the network threads do: a person's
// `act` parsed, played, stored in SQLite (WAL), and broadcast as text to the table's two
// connections. Moves per second on 1 and 2 threads show how the lobby's work spreads over
// cores; the network and the clients, which take the same cores in serve_load.mjs, are left out.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "server/lobby.h"

namespace {
using nlohmann::json;
using namespace inbetween;

// Hooks that only count what would be written; timers never fire (no clock runs out here).
class Sink final : public server::Hooks {
 public:
  void send(server::ConnId, std::string text) override { bytes.fetch_add(text.size(), std::memory_order_relaxed); }
  void drop(server::ConnId) override {}
  void off_thread(server::Lane, std::function<json()> work, std::function<void(json)> done) override { done(work()); }
  void after(std::chrono::milliseconds, std::function<void()>) override {}
  std::chrono::steady_clock::time_point now() override { return std::chrono::steady_clock::now(); }
  std::atomic<std::size_t> bytes{0};
  // The last `seated` reply's token, read right after the create or join that caused it.
  void send_message(server::ConnId conn, json message) override {
    if (message.value("type", "") == "seated") {
      std::lock_guard lock(mutex);
      seated[conn] = message;
    }
    Hooks::send_message(conn, std::move(message));
  }
  std::mutex mutex;
  std::map<server::ConnId, json> seated;
};

struct World {
  World() {
    auto dir = std::filesystem::temp_directory_path() / ("inbetween-lobby-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    // LOBBY_BENCH_MEMORY=1: SQLite in memory, to see what the file's writes cost; LOBBY_BENCH_DB=URI:
    // another store, e.g. postgresql://... (docs/scale-out.md).
    const char* memory = std::getenv("LOBBY_BENCH_MEMORY");
    const char* db = std::getenv("LOBBY_BENCH_DB");
    store = server::open_store(db ? db : memory && std::string(memory) == "1" ? ":memory:" : (dir / "tables.db").string(), "bench");
    server::LobbyOptions options;
    options.messages_per_second = options.message_burst = 1e12;
    options.address_messages_per_second = options.address_burst = 1e12;
    options.max_tables = options.max_open_tables_per_address = 100000;
    lobby = std::make_unique<server::Lobby>(*store, hooks, options);
  }
  Sink hooks;
  std::unique_ptr<server::Store> store;
  std::unique_ptr<server::Lobby> lobby;
  std::atomic<server::ConnId> next{1};
};

World& world() {
  static World w;
  return w;
}

void BM_LobbyMoves(benchmark::State& state) {
  World& w = world();
  server::ConnId ann = w.next++, bob = w.next++;
  w.lobby->open(ann, "127.0.0.1");
  w.lobby->open(bob, "127.0.0.1");
  w.lobby->receive(ann, json({{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"seats", 2}, {"set", {{"deals", "unlimited"}}}}).dump());
  json a = w.hooks.seated.at(ann);
  std::string code = a["table"];
  w.lobby->receive(bob, json({{"type", "join"}, {"table", code}, {"name", "Bob"}}).dump());
  json b = w.hooks.seated.at(bob);
  std::string tokens[2] = {a["token"], b["token"]};
  server::ConnId conns[2] = {ann, bob};
  w.lobby->receive(ann, json({{"type", "start"}, {"table", code}, {"token", tokens[0]}}).dump());
  const server::Room* room = w.lobby->room(code);
  std::size_t moves = 0, games = 0;
  for (auto _ : state) {
    int seat = room->seat_to_act();
    if (seat < 0) {  // over: the same two again
      w.lobby->receive(ann, json({{"type", "again"}, {"table", code}, {"token", tokens[0]}}).dump());
      w.lobby->receive(ann, json({{"type", "start"}, {"table", code}, {"token", tokens[0]}}).dump());
      ++games;
      continue;
    }
    json legal = room->legal_for(seat);
    json action = legal["actions"][0];
    if (action.contains("min")) action = {{"type", action["type"]}, {"amount", action["min"]}};
    if (action["type"] == "call") action = {{"type", "call"}, {"ace", legal["actions"][0]["ace"][0]}};
    w.lobby->receive(conns[seat], json({{"type", "act"}, {"table", code}, {"token", tokens[seat]}, {"action", action}}).dump());
    ++moves;
  }
  state.counters["games"] = static_cast<double>(games);
  state.SetItemsProcessed(static_cast<std::int64_t>(moves));  // items_per_second: moves a second, all threads together
}
// 1, 2, 4, ... threads up to the machine's cores: how the lobby grows with them.
BENCHMARK(BM_LobbyMoves)->Apply([](benchmark::internal::Benchmark* b) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int t = 1; t <= cores; t *= 2) b->Threads(t);
})->UseRealTime()->MinTime(3);

}  // namespace
