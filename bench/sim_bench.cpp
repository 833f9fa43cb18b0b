// How `inbetween simulate` scales with threads: the same run of seeded Hoyle games (four
// sensible bots, the statistics of src/sim included) on 1 and on 2 threads, wall time.
//
//   Simulate/<preset>/threads:T   games/s and turns/s (hands in hoyle, bets in red-dog) of the run (real time: the threads
//                                 run at once); the speed-up is the ratio of the two rows
//                                 measured in the same run (bench/README.md).
#include <benchmark/benchmark.h>

#include <string>

#include "sim/simulate.h"

namespace {

using namespace inbetween;

void simulate_run(benchmark::State& state, const std::string& rules, int threads) {
  sim::SimSpec spec;
  spec.rules = rules;
  spec.bots = {"sensible", "sensible", "sensible", "sensible"};
  spec.games = 100'000;
  spec.threads = threads;
  std::uint64_t games = 0;
  std::int64_t hands = 0;
  for (auto _ : state) {
    auto stats = sim::simulate(spec);
    games += stats.games;
    hands += static_cast<std::int64_t>(stats.turns.tally.sum);
    ++spec.seed;  // other games each iteration
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(simulate_run, hoyle / threads : 1, "hoyle", 1)->Name("Simulate/hoyle/threads:1")->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(simulate_run, hoyle / threads : 2, "hoyle", 2)->Name("Simulate/hoyle/threads:2")->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(simulate_run, red-dog / threads : 1, "red-dog", 1)->Name("Simulate/red-dog/threads:1")->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(simulate_run, red-dog / threads : 2, "red-dog", 2)->Name("Simulate/red-dog/threads:2")->UseRealTime()->Unit(benchmark::kMillisecond);
