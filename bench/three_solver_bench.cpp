// The ThreeBeTween solver (docs/solver.md): a full table (every position, every S), loading a
// saved table, and a hint (evaluate(): every legal action rated) at positions of real games.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "families/three/game.h"
#include "rules/rule_files.h"
#include "families/three/rules.h"
#include "families/three/bots.h"
#include "families/three/solver.h"

namespace {

using namespace inbetween;
namespace three = games::three;

rules::ThreeRules rules_with(int spaces) {
  return rules::load_three_rules("threebetween", {{"spaces", std::to_string(spaces)}});
}

const strategy::ThreeSolver& solved() {
  static auto rules = rules_with(3);
  static strategy::ThreeSolver solver(rules, strategy::fresh_composition(rules.letter_deck));
  return solver;
}

void BM_FullTable(benchmark::State& state) {
  auto rules = rules_with(static_cast<int>(state.range(0)));
  auto composition = strategy::fresh_composition(rules.letter_deck);
  double positions = 0, bytes = 0;
  for (auto _ : state) {
    strategy::ThreeSolver solver(rules, composition);
    benchmark::DoNotOptimize(solver.round_value());
    positions = solver.positions();
    bytes = static_cast<double>(solver.memory_bytes());
  }
  state.counters["positions"] = positions;
  state.counters["MB"] = bytes / 1e6;
}
BENCHMARK(BM_FullTable)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_LoadSavedTable(benchmark::State& state) {
  const auto& solver = solved();
  auto path = (std::filesystem::temp_directory_path() / ("three-solver-bench-" + std::to_string(::getpid()) + ".bin")).string();
  solver.save(path);
  for (auto _ : state) {
    auto loaded = strategy::ThreeSolver::load(path, solver.rules(), solver.composition());
    if (!loaded) state.SkipWithError("the saved table did not load");
    benchmark::DoNotOptimize(loaded);
  }
  state.counters["file MB"] = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
  std::filesystem::remove(path);
}
BENCHMARK(BM_LoadSavedTable)->Unit(benchmark::kMillisecond);

// Decisions of real games (3 players, sensible and random bots), as copies of the game.
std::vector<three::ThreeGame> positions_of_games() {
  auto rules = std::make_shared<const rules::ThreeRules>(solved().rules());
  std::vector<three::ThreeGame> out;
  strategy::SensibleThreeBot sensible;
  strategy::RandomThreeBot random;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    three::Setup setup;
    setup.players = {"a", "b", "c"};
    setup.seed = seed;
    std::vector<three::Event> events;
    three::ThreeGame game(rules, setup, events);
    auto rng = cards::make_rng(seed, cards::RngStream::Bots);
    for (int step = 0; step < 200 && !game.over(); ++step) {
      out.push_back(game);
      int seat = game.to_act();
      const strategy::ThreeBot& bot = step % 4 == 0 ? static_cast<const strategy::ThreeBot&>(random) : sensible;
      events.clear();
      game.apply(seat, bot.choose(game, seat, rng), events);
    }
  }
  return out;
}

void BM_Hint(benchmark::State& state) {
  const auto& solver = solved();
  static const auto games = positions_of_games();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& game = games[i++ % games.size()];
    auto rated = solver.evaluate(game, game.to_act());
    benchmark::DoNotOptimize(rated);
  }
  state.counters["positions"] = static_cast<double>(games.size());
}
BENCHMARK(BM_Hint)->Unit(benchmark::kMicrosecond);

// The slowest kind of hint: drawing or banking at S beyond the table (computed on the spot).
void BM_HintBeyondTheTable(benchmark::State& state) {
  const auto& solver = solved();
  int s = solver.top() + 10;
  auto wide = strategy::position_between(0, 27, 0, 3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(solver.draw_value(wide, s));
    benchmark::DoNotOptimize(solver.bank_value(s));
  }
}
BENCHMARK(BM_HintBeyondTheTable)->Unit(benchmark::kMillisecond);

}  // namespace
