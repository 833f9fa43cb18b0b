// Whole ThreeBeTween games per second for 2..6 players, sensible bots (BM_ThreeBeTweenGame) and
// random ones, and what a game takes: rounds and turns to reach the target.
#include <benchmark/benchmark.h>

#include <memory>

#include "families/three/game.h"
#include "limit.h"
#include "families/three/rules.h"
#include "families/three/bots.h"

namespace {

using namespace inbetween;

std::shared_ptr<const rules::ThreeRules> three_rules() {
  static auto rules = std::make_shared<const rules::ThreeRules>(rules::load_three_rules("threebetween"));
  return rules;
}

void play_games(benchmark::State& state, const strategy::ThreeBot& bot) {
  auto rules = three_rules();
  int players = static_cast<int>(state.range(0));
  games::three::Setup setup;
  for (int i = 0; i < players; ++i) setup.players.push_back("p" + std::to_string(i));
  auto rng = cards::make_rng(1, cards::RngStream::Bots);
  std::vector<games::three::Event> events;
  std::uint64_t seed = 0;
  double games = 0, rounds = 0, turns = 0, decisions = 0, busts = 0;
  for (auto _ : state) {
    setup.seed = ++seed;
    events.clear();
    games::three::ThreeGame game(rules, setup, events);
    while (!game.over()) {
      int seat = game.to_act();
      if (game.phase() == games::three::Phase::Turn) ++turns;
      ++decisions;
      events.clear();
      auto refusal = game.apply(seat, bot.choose(game, seat, rng), events);
      if (refusal) state.SkipWithError(refusal->message.c_str());
      for (const auto& e : events) busts += e.kind == games::three::EventKind::Bust ? 1 : 0;
    }
    games += 1;
    rounds += game.round();
  }
  state.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  // A turn (draw, bank or pass) deals up to 3 cards: the nearest thing to a pot game's hand.
  state.counters["turns/s"] = benchmark::Counter(turns, benchmark::Counter::kIsRate);
  state.counters["rounds/game"] = rounds / games;
  state.counters["turns/game"] = turns / games;
  state.counters["turns/player"] = turns / games / players;
  state.counters["decisions/game"] = decisions / games;
  state.counters["busts/round/player"] = busts / rounds / players;
}
void BM_ThreeBeTweenGame(benchmark::State& state) { play_games(state, strategy::SensibleThreeBot()); }
void BM_ThreeBeTweenRandom(benchmark::State& state) { play_games(state, strategy::RandomThreeBot()); }
BENCHMARK(BM_ThreeBeTweenGame)->DenseRange(2, 6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ThreeBeTweenRandom)->DenseRange(2, 6)->Unit(benchmark::kMicrosecond);

}  // namespace
