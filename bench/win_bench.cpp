// The heads-up chance to win a pot game (docs/solver.md, "Playing to win"): solving hoyle's whole
// table, reading a saved one, and a hint's rating (every bet's chance to win) at decisions of real
// games, from a table in memory.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "families/pot/bots.h"
#include "games/any_table.h"
#include "games/win_estimate.h"
#include "families/pot/game.h"
#include "families/pot/win_solver.h"
#include "rules/rule_files.h"

namespace {

using namespace inbetween;
namespace pot = games::pot;

rules::PotRules hoyle() { return rules::load_pot_rules("hoyle", {}); }

void BM_SolveHoyleHeadsUp(benchmark::State& state) {
  auto r = hoyle();
  for (auto _ : state) {
    strategy::PotWinSolver solver(r);
    benchmark::DoNotOptimize(solver.start_chance());
  }
}
BENCHMARK(BM_SolveHoyleHeadsUp)->Unit(benchmark::kMillisecond);

void BM_LoadHoyleTable(benchmark::State& state) {
  auto r = hoyle();
  std::string path = (std::filesystem::temp_directory_path() / ("win-bench-" + std::to_string(::getpid()) + ".bin")).string();
  strategy::PotWinSolver(r).save(path);
  for (auto _ : state) benchmark::DoNotOptimize(strategy::PotWinSolver::load(path, r));
  std::filesystem::remove(path);
}
BENCHMARK(BM_LoadHoyleTable)->Unit(benchmark::kMicrosecond);

// Every decision of 20 heads-up hoyle games played by the winning bot, rated in turn.
void BM_RateADecision(benchmark::State& state) {
  auto r = hoyle();
  auto rules = std::make_shared<const rules::PotRules>(r);
  auto table = strategy::PotWinSolver::shared(r);
  std::vector<pot::PotGame> decisions;
  strategy::WinningBot bot;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    games::Setup setup;
    setup.players = {"ann", "bob"};
    setup.seed = seed;
    std::vector<pot::Event> events;
    pot::PotGame game(rules, setup, events);
    cards::Rng rng(seed);
    while (!game.over()) {
      decisions.push_back(game);
      events.clear();
      game.apply(game.to_act(), bot.choose(game, game.to_act(), rng), events);
    }
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(table->rate(decisions[i]));
    i = (i + 1) % decisions.size();
  }
}
BENCHMARK(BM_RateADecision)->Unit(benchmark::kMicrosecond);

}  // namespace

namespace {
// Any number of seats (games/win_estimate.h): every seat's chance from the start of a three-seat
// game of each preset, 400 playouts of sensible bots (an interval about +-0.05 wide); the goal is
// 100 ms.
void BM_EstimateThreeSeats(benchmark::State& state, const char* preset) {
  inbetween::games::Setup setup;
  setup.players = {"ann", "bob", "cy"};
  setup.seed = 5;
  auto table = inbetween::games::open_table(inbetween::rules::read_rule_file(preset), setup);
  std::uint64_t seed = 1;
  for (auto _ : state) benchmark::DoNotOptimize(inbetween::games::estimate_win_chances(*table, 0, 400, seed++));
}
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, hoyle, "hoyle")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, between_the_sheets, "between-the-sheets")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, acey_deucey, "acey-deucey")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, threebetween, "threebetween")->Unit(benchmark::kMillisecond);
}  // namespace
