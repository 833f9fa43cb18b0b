// How the cost of every card-table preset grows with the shoe and the table: whole games of
// sensible bots, one new game per iteration (seeds 1, 2, ...), as in pot_bench's Engine rows.
//
//   Scale/<preset>/decks:D/players:4   decks 1..8 at a table of 4
//   Scale/<preset>/decks:0/players:P   the preset's own decks (0), 2..6 players
//
// Reports hands/s (a hand = one pair of posts), games/s and hands/game, so a row's cost per
// hand and per game can both be read. ThreeBeTween (no decks knob) is three_bench's, 2..6.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cards/rng.h"
#include "families/house/family.h"
#include "families/pot/family.h"
#include "rules/rule_files.h"
#include "presets.h"

namespace {

namespace games = inbetween::games;
namespace pot = inbetween::games::pot;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;

template <class F>
std::shared_ptr<const typename F::Rules> load(const std::string& preset, int decks) {
  static std::map<std::pair<std::string, int>, std::shared_ptr<const typename F::Rules>> cache;
  auto& r = cache[{preset, decks}];
  std::vector<rules::Override> overrides;
  if (decks > 0) overrides.push_back({"decks", std::to_string(decks)});
  if (!r) r = std::make_shared<const typename F::Rules>(F::load(rules::read_rule_file(preset, overrides)));
  return r;
}

template <class F>
void Scale(benchmark::State& state, const std::string& preset) {
  auto r = load<F>(preset, static_cast<int>(state.range(0)));
  games::Setup setup;
  for (int i = 0; i < state.range(1); ++i) setup.players.push_back("p" + std::to_string(i));
  auto bot = F::Bots::make("sensible");
  cards::Rng rng = cards::make_rng(1, cards::RngStream::Bots);
  std::vector<typename F::Event> events;
  events.reserve(4096);
  std::uint64_t seed = 0, posts = 0, games_played = 0;
  for (auto _ : state) {
    events.clear();
    setup.seed = ++seed;
    typename F::Game game(r, setup, events);
    while (!game.over()) {
      int player = game.to_act();
      game.apply(player, bot->choose(game, player, rng), events);
    }
    for (const auto& e : events) posts += e.kind == decltype(e.kind)::PostDealt ? 1 : 0;
    ++games_played;
  }
  auto hands = static_cast<double>(posts / 2);
  state.counters["hands/s"] = benchmark::Counter(hands, benchmark::Counter::kIsRate);
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(games_played), benchmark::Counter::kIsRate);
  state.counters["hands/game"] = hands / static_cast<double>(games_played);
}

template <class F>
void register_preset(const std::string& preset) {
  auto* b = benchmark::RegisterBenchmark(("Scale/" + preset).c_str(), [preset](benchmark::State& s) { Scale<F>(s, preset); });
  b->ArgNames({"decks", "players"});
  for (int decks = 1; decks <= 8; ++decks) b->Args({decks, 4});
  for (int players = 2; players <= 6; ++players) b->Args({0, players});
}

const bool registered = [] {
  for (const char* preset : inbetween_bench::kPotPresets) register_preset<pot::PotFamily>(preset);
  register_preset<games::house::HouseFamily>(inbetween_bench::kHousePreset);
  return true;
}();

}  // namespace
