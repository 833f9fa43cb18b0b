// How long exact advice takes (docs/odds.md).
//
//   Hint/<preset>/<decision>  strategy::advise at positions taken from real games (random bots,
//                             four seats, fixed seeds): one hint per iteration, cycling through
//                             the positions. Decisions: bet (hoyle, between-the-sheets), ace-call
//                             (between-the-sheets' first-post ace: every second post, then the
//                             best bet), wager and raise (red-dog: the wager's worth is the whole
//                             table for the cards left, by exact enumeration).
//   HouseEdge/<decks>         one full Red Dog analysis of a fresh shoe (analyse_house_game):
//                             every spread, the raise decisions and the exact house edge.
//
// Build in Release (bench/CMakeLists.txt) and run, e.g.:
//   build-release/bench/odds_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cards/rng.h"
#include "families/house/family.h"
#include "families/pot/family.h"
#include "families/pot/game.h"
#include "rules/rule_files.h"
#include "families/pot/bots.h"
#include "families/pot/advisor.h"
#include "families/pot/odds.h"
#include "families/house/advisor.h"
#include "families/house/edge.h"
#include "families/house/rules.h"

namespace {

namespace pot = inbetween::games::pot;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;

constexpr std::size_t kPositions = 1000;

// Copies of games waiting for a decision of `phase`, gathered from random play.
template <class F, class Phase>  // PotFamily or HouseFamily, with its own phases
std::vector<typename F::Game> positions(const std::string& preset, Phase phase) {
  auto r = std::make_shared<const typename F::Rules>(F::load(rules::read_rule_file(preset)));
  auto bot = F::Bots::make("random");
  std::vector<typename F::Game> out;
  std::vector<typename F::Event> events;
  for (std::uint64_t seed = 1; out.size() < kPositions && seed < 100000; ++seed) {
    inbetween::games::Setup setup;
    setup.players = {"p0", "p1", "p2", "p3"};
    setup.seed = seed;
    events.clear();
    typename F::Game game(r, setup, events);
    auto rng = cards::make_rng(seed, cards::RngStream::Bots);
    for (int move = 0; move < 2000 && !game.over() && out.size() < kPositions; ++move) {
      if (game.phase() == phase) out.push_back(game);
      int seat = game.to_act();
      events.clear();
      game.apply(seat, bot->choose(game, seat, rng), events);
    }
  }
  return out;
}

template <class F, class Phase>
void Hint(benchmark::State& state, const std::string& preset, Phase phase) {
  auto games = positions<F>(preset, phase);
  if (games.empty()) {
    state.SkipWithError("no positions of this kind");
    return;
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto advice = strategy::advise(games[i]);
    benchmark::DoNotOptimize(advice);
    if (++i == games.size()) i = 0;
  }
  state.counters["hints/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["positions"] = static_cast<double>(games.size());
  state.counters["cards_left"] = static_cast<double>(games.front().shoe().remaining());
}

void HouseEdge(benchmark::State& state) {
  auto r = rules::load_house_rules("red-dog", {{"decks", std::to_string(state.range(0))}});
  double edge = 0;
  for (auto _ : state) {
    auto analysis = strategy::analyse_house_game(r, strategy::fresh_counts(r.deck_cards, r.decks));
    edge = analysis.house_edge();
    benchmark::DoNotOptimize(analysis);
  }
  state.counters["house_edge_%"] = 100.0 * edge;
  state.counters["analyses/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// One kind of decision to time: a preset and a phase of its family.
template <class Phase>
struct Kind {
  const char* preset;
  const char* decision;
  Phase phase;
};

const bool registered = [] {
  using PotKind = Kind<pot::Phase>;
  for (const PotKind& k : {PotKind{"hoyle", "bet", pot::Phase::Bet}, PotKind{"between-the-sheets", "bet", pot::Phase::Bet},
                           PotKind{"between-the-sheets", "ace-call", pot::Phase::CallFirstAce}}) {
    std::string preset = k.preset;
    pot::Phase phase = k.phase;
    benchmark::RegisterBenchmark(("Hint/" + preset + "/" + k.decision).c_str(),
                                 [preset, phase](benchmark::State& s) { Hint<inbetween::games::pot::PotFamily>(s, preset, phase); });
  }
  using HouseKind = Kind<inbetween::games::house::Phase>;
  for (const HouseKind& k : {HouseKind{"red-dog", "wager", inbetween::games::house::Phase::Wager},
                             HouseKind{"red-dog", "raise", inbetween::games::house::Phase::Raise}}) {
    std::string preset = k.preset;
    auto phase = k.phase;
    benchmark::RegisterBenchmark(("Hint/" + preset + "/" + k.decision).c_str(),
                                 [preset, phase](benchmark::State& s) { Hint<inbetween::games::house::HouseFamily>(s, preset, phase); });
  }
  benchmark::RegisterBenchmark("HouseEdge", HouseEdge)->ArgName("decks")->Arg(1)->Arg(6)->Arg(8);
  return true;
}();

}  // namespace
