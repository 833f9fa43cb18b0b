// What a learning agent gets from the engine, in C++ (the cores of `import inbetween`'s Env and
// VectorEnv, src/python/env.h and vector_env.h), against the typed simulation in the same run:
//
//   VectorEnv/<preset>/<threads>   env steps per second of 256 tables, a random legal action for
//                                  each from its mask, the `sensible` bot at the other seat,
//                                  finished tables dealt again (next-step autoreset)
//   Reset/<preset>                 Env::reset per second: a game dealt and played up to the agent
//   Simulate/<preset>/<threads>    the same seats as bots through sim::simulate: decisions per second
//
// bench/README.md, "Agents", has the figures; bench/python_agents.py the same through Python.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "python/vector_env.h"
#include "sim/simulate.h"

namespace {

namespace python = inbetween::python;
namespace sim = inbetween::sim;

constexpr int kTables = 256;

void VectorEnvSteps(benchmark::State& state, const std::string& preset) {
  int threads = static_cast<int>(state.range(0));
  python::EnvConfig config{preset, 0, {"sensible"}, {}, 8, 100'000};
  python::VectorEnv env(config, kTables, 1, threads);
  int d = env.observation_size(), a = env.action_count();
  std::vector<float> observations(static_cast<std::size_t>(kTables * d));
  std::vector<double> rewards(kTables);
  std::unique_ptr<bool[]> terminated(new bool[kTables]), truncated(new bool[kTables]), masks(new bool[static_cast<std::size_t>(kTables * a)]);
  python::VectorStep out{observations.data(), rewards.data(), terminated.get(), truncated.get(), masks.get()};
  env.reset(1, out);
  std::vector<std::int64_t> actions(kTables);
  std::mt19937_64 rng(7);
  std::vector<int> legal;
  std::int64_t steps = 0;
  for (auto _ : state) {
    for (int i = 0; i < kTables; ++i) {
      legal.clear();
      for (int k = 0; k < a; ++k)
        if (masks[static_cast<std::size_t>(i * a + k)]) legal.push_back(k);
      actions[static_cast<std::size_t>(i)] = legal.empty() ? 0 : legal[rng() % legal.size()];
    }
    env.step(actions.data(), out);
    steps += kTables;
  }
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}

void Resets(benchmark::State& state, const std::string& preset) {
  python::Env env(python::EnvConfig{preset, 0, {"sensible"}, {}, 8, 100'000});
  std::uint64_t seed = 0;
  for (auto _ : state) env.reset(++seed);
  state.counters["resets/s"] = benchmark::Counter(static_cast<double>(seed), benchmark::Counter::kIsRate);
}

void Simulate(benchmark::State& state, const std::string& preset) {
  sim::SimSpec spec;
  spec.rules = preset;
  spec.bots = {"random", "sensible"};
  spec.games = 20'000;
  spec.threads = static_cast<int>(state.range(0));
  double decisions = 0;
  for (auto _ : state) {
    auto result = sim::simulate(spec);
    decisions += result.moves.tally.mean() * static_cast<double>(result.games);
  }
  state.counters["decisions/s"] = benchmark::Counter(decisions, benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(VectorEnvSteps, hoyle, std::string("hoyle"))->Arg(1)->Arg(2)->UseRealTime()->MinTime(2);
BENCHMARK_CAPTURE(Simulate, hoyle, std::string("hoyle"))->Arg(1)->Arg(2)->UseRealTime()->MinTime(2);
BENCHMARK_CAPTURE(Resets, hoyle, std::string("hoyle"))->MinTime(1);
BENCHMARK_CAPTURE(VectorEnvSteps, red_dog, std::string("red-dog"))->Arg(2)->UseRealTime()->MinTime(2);
BENCHMARK_CAPTURE(VectorEnvSteps, threebetween, std::string("threebetween"))->Arg(2)->UseRealTime()->MinTime(2);

}  // namespace
