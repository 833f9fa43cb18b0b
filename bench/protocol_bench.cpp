// What the JSON protocol costs over the typed table: lines per second through
// protocol::Engine::handle (parse, dispatch, apply, reply, serialise) against the same moves
// applied in-process.
//
//   Protocol/<preset>/full    `{"cmd":"act","bot":"random"}` lines, each reply with the state
//   Protocol/<preset>/brief   the same with "state":false (the state stays one `state` away)
//   Protocol/<preset>/new     `{"cmd":"new",...}` lines: reading the rule file and dealing
//   InProcess/<preset>        the same bots' moves on games::Table<F> directly, per move
//   State/<preset>/tree       a spectator's state of a seeded game 12 moves in, as JSON (built, freed)
//   State/<preset>/text       the same written out (`bytes`: its size): what the server sends with every move
// Every other counter is per second of CPU; bench/README.md has the figures.
#include <benchmark/benchmark.h>

#include <string>

#include <nlohmann/json.hpp>

#include "games/registry.h"
#include "protocol/engine_loop.h"
#include "games/table.h"

namespace {

using nlohmann::json;
namespace protocol = inbetween::protocol;
namespace games = inbetween::games;

std::string new_line(const std::string& preset, std::uint64_t seed) {
  return json{{"cmd", "new"}, {"rules", preset}, {"players", {"ann", "bob", "cy", "dee"}}, {"seed", seed}}.dump();
}

void ProtocolActs(benchmark::State& state, const std::string& preset, bool with_state) {
  protocol::Engine engine;
  std::uint64_t seed = 1;
  engine.handle(new_line(preset, seed));
  const std::string act = with_state ? R"({"cmd":"act","bot":"random"})" : R"({"cmd":"act","bot":"random","state":false})";
  std::int64_t lines = 0;
  for (auto _ : state) {
    json reply = engine.handle(act);
    std::string out = reply.dump();
    benchmark::DoNotOptimize(out.data());
    ++lines;
    if (engine.session()->over()) {
      state.PauseTiming();
      engine.handle(new_line(preset, ++seed));
      state.ResumeTiming();
    }
  }
  state.counters["lines/s"] = benchmark::Counter(static_cast<double>(lines), benchmark::Counter::kIsRate);
}

void ProtocolNew(benchmark::State& state, const std::string& preset) {
  protocol::Engine engine;
  std::uint64_t seed = 1;
  std::int64_t lines = 0;
  for (auto _ : state) {
    std::string out = engine.handle(new_line(preset, ++seed)).dump();
    benchmark::DoNotOptimize(out.data());
    ++lines;
  }
  state.counters["lines/s"] = benchmark::Counter(static_cast<double>(lines), benchmark::Counter::kIsRate);
}

void InProcess(benchmark::State& state, const std::string& preset) {
  games::with_rules(preset, {}, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
    auto bot = F::Bots::make("random");
    games::Setup setup{{"ann", "bob", "cy", "dee"}, 1, {}, {}};
    auto table = std::make_unique<inbetween::games::Table<F>>(rules, setup);
    std::vector<typename F::Event> events;
    std::int64_t moves = 0;
    for (auto _ : state) {
      events.clear();
      auto action = table->bot_action(*bot);
      benchmark::DoNotOptimize(table->apply(table->game().to_act(), action, events));
      ++moves;
      if (table->game().over()) {
        state.PauseTiming();
        ++setup.seed;
        table = std::make_unique<inbetween::games::Table<F>>(rules, setup);
        state.ResumeTiming();
      }
    }
    state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  });
}

// A game some moves in (posts dealt, chips moved, letters placed), seeded: every build sees the same state.
std::unique_ptr<protocol::GameSession> game_under_way(const std::string& preset) {
  protocol::Engine engine;
  engine.handle(new_line(preset, 7));
  for (int i = 0; i < 12 && !engine.session()->over(); ++i) engine.handle(R"({"cmd":"act","bot":"random","state":false})");
  return engine.session()->clone();
}

void StateTree(benchmark::State& state, const std::string& preset) {
  auto game = game_under_way(preset);
  for (auto _ : state) {
    json tree = game->state();
    benchmark::DoNotOptimize(tree);
  }
}

void StateText(benchmark::State& state, const std::string& preset) {
  auto game = game_under_way(preset);
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string text = game->state().dump();
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}

const char* const kPresets[] = {"hoyle", "red-dog", "threebetween"};

int register_all = [] {
  for (const char* p : kPresets) {
    std::string preset = p;
    benchmark::RegisterBenchmark(("Protocol/" + preset + "/full").c_str(), ProtocolActs, preset, true);
    benchmark::RegisterBenchmark(("Protocol/" + preset + "/brief").c_str(), ProtocolActs, preset, false);
    benchmark::RegisterBenchmark(("Protocol/" + preset + "/new").c_str(), ProtocolNew, preset);
    benchmark::RegisterBenchmark(("InProcess/" + preset).c_str(), InProcess, preset);
    benchmark::RegisterBenchmark(("State/" + preset + "/tree").c_str(), StateTree, preset);
    benchmark::RegisterBenchmark(("State/" + preset + "/text").c_str(), StateText, preset);
  }
  return 0;
}();

}  // namespace
