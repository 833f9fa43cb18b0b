// How fast the pot-game engine plays, against the bare limit of dealing.
//
//   Limit, LimitPcg64*     the yardstick: 3 cards by partial Fisher-Yates from 52 (limit.h)
//   Floor/<preset>[/sensible]  a hand of hoyle or red-dog with nothing else done (floor.h):
//                          the least work a hand of the rules takes, played one game at a time
//   Engine/<preset>/<bot>  whole games at a table of 4 bots on the family's state machine (PotGame
//                          for the pot presets, HouseGame for red-dog), one
//                          new game (seed 1, 2, ...) per iteration, its construction included;
//                          one events buffer reused throughout. Reports hands/s (a hand = one
//                          pair of posts: a player's turn in the pot games, a hand of the whole
//                          table in Red Dog), cards/s, cards/hand, and the heap allocations per
//                          hand while playing (DESIGN.md: none) and per game (construction).
//   BareShoe/<preset>      the same shoe (the preset's decks, the shoe's pcg32 stream) drawing and
//                          discarding, reshuffling when empty, with no rules: cards/s, and
//                          hands-equiv/s = cards/s divided by the engine's cards per hand.
//
// bench/run.sh builds this in Release and prints every engine row as a ratio to Limit.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "cards/rng.h"
#include "cards/shoe.h"
#include "floor.h"
#include "limit.h"
#include "families/house/family.h"
#include "families/pot/family.h"
#include "rules/rule_files.h"
#include "presets.h"

// ---- counting heap allocations -------------------------------------------------------------
// Replacing the global operator new costs one increment; it lets the benchmark report how many
// allocations a hand makes on the hot path.
// GCC 12 reports the std::free() below as mismatched with operator new where it inlines the
// lambdas registered further down; these operators replace the global ones and pair
// malloc/free themselves, so the warning does not apply to this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::uint64_t g_allocations = 0;
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

namespace games = inbetween::games;
namespace pot = inbetween::games::pot;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;

constexpr int kPlayers = 4;

template <class F>
std::shared_ptr<const typename F::Rules> load(const std::string& preset) {
  static std::map<std::string, std::shared_ptr<const typename F::Rules>> cache;
  auto& r = cache[preset];
  if (!r) r = std::make_shared<const typename F::Rules>(F::load(rules::read_rule_file(preset)));
  return r;
}

games::Setup table_setup(std::uint64_t seed) {
  games::Setup setup;
  for (int i = 0; i < kPlayers; ++i) setup.players.push_back("p" + std::to_string(i));
  setup.seed = seed;
  return setup;
}

// What a stretch of events amounts to: a hand is one pair of posts (a turn in the pot games,
// a hand for the whole table in Red Dog); cards are every card dealt.
struct Tally {
  std::uint64_t hands = 0, cards = 0;
  template <class Event>  // either card-table family's: each names these kinds alike
  void add(const std::vector<Event>& events) {
    using Kind = decltype(Event::kind);
    std::uint64_t posts = 0;
    for (const auto& e : events) {
      posts += e.kind == Kind::PostDealt ? 1 : 0;
      cards += e.kind == Kind::PostDealt || e.kind == Kind::ThirdCard || e.kind == Kind::DrawForDeal
                   ? 1
                   : 0;
    }
    hands += posts / 2;
  }
};

// One whole game with `bot` in every seat; the events buffer is reused, so after the first
// games it no longer grows. Returns the allocations made while playing (construction excluded).
template <class F>
std::uint64_t play_game(const std::shared_ptr<const typename F::Rules>& r, games::Setup& setup, std::uint64_t seed,
                        const typename F::Bots::Bot& bot, cards::Rng& rng, std::vector<typename F::Event>& events, Tally& tally) {
  events.clear();
  setup.seed = seed;
  typename F::Game game(r, setup, events);
  std::uint64_t before = g_allocations;
  while (!game.over()) {
    int player = game.to_act();
    game.apply(player, bot.choose(game, player, rng), events);
  }
  std::uint64_t during = g_allocations - before;
  tally.add(events);
  return during;
}

// Cards per hand of the engine for a preset, measured once over many random games.
template <class F>
double cards_per_hand(const std::string& preset) {
  static std::map<std::string, double> cache;
  if (auto it = cache.find(preset); it != cache.end()) return it->second;
  auto r = load<F>(preset);
  games::Setup setup = table_setup(0);
  auto bot = F::Bots::make("random");
  cards::Rng rng = cards::make_rng(7, cards::RngStream::Bots);
  std::vector<typename F::Event> events;
  Tally tally;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) play_game<F>(r, setup, seed, *bot, rng, events, tally);
  return cache[preset] = static_cast<double>(tally.cards) / static_cast<double>(tally.hands);
}

template <class F>
void Engine(benchmark::State& state, const std::string& preset, const std::string& kind) {
  auto r = load<F>(preset);
  games::Setup setup = table_setup(0);
  auto bot = F::Bots::make(kind);
  cards::Rng rng = cards::make_rng(1, cards::RngStream::Bots);
  std::vector<typename F::Event> events;
  events.reserve(4096);
  Tally tally;
  std::uint64_t seed = 0, play_allocations = 0, total_allocations = g_allocations;
  for (auto _ : state) play_allocations += play_game<F>(r, setup, ++seed, *bot, rng, events, tally);
  total_allocations = g_allocations - total_allocations;
  auto hands = static_cast<double>(tally.hands);
  state.counters["hands/s"] = benchmark::Counter(hands, benchmark::Counter::kIsRate);
  state.counters["cards/s"] = benchmark::Counter(static_cast<double>(tally.cards), benchmark::Counter::kIsRate);
  state.counters["hands/game"] = hands / static_cast<double>(state.iterations());
  state.counters["cards/hand"] = static_cast<double>(tally.cards) / hands;
  // Allocations while playing (the hot path), and including each game's construction.
  state.counters["allocs/hand"] = static_cast<double>(play_allocations) / hands;
  state.counters["allocs/game"] = static_cast<double>(total_allocations) / static_cast<double>(state.iterations());
}

template <class F>
void BareShoe(benchmark::State& state, const std::string& preset) {
  auto r = load<F>(preset);
  const double per_hand = cards_per_hand<F>(preset);
  cards::Shoe shoe(cards::standard_shoe_contents(r->decks), 1);
  constexpr int kBatch = 1000;
  for (auto _ : state) {
    for (int i = 0; i < kBatch; ++i) {
      if (shoe.empty()) shoe.reshuffle();
      cards::CardCode c = shoe.draw();
      benchmark::DoNotOptimize(c);
      shoe.discard(c);
    }
  }
  auto drawn = static_cast<double>(state.iterations()) * kBatch;
  state.counters["cards/s"] = benchmark::Counter(drawn, benchmark::Counter::kIsRate);
  state.counters["hands-equiv/s"] = benchmark::Counter(drawn / per_hand, benchmark::Counter::kIsRate);
  state.counters["cards/hand"] = per_hand;
}

// Registered by hand for readable names: Engine/<preset>/<bot>, BareShoe/<preset>.
template <class F>
void register_preset(const std::string& preset) {
  for (std::string kind : {"random", "sensible"})
    benchmark::RegisterBenchmark(("Engine/" + preset + "/" + kind).c_str(),
                                 [preset, kind](benchmark::State& s) { Engine<F>(s, preset, kind); });
  benchmark::RegisterBenchmark(("BareShoe/" + preset).c_str(), [preset](benchmark::State& s) { BareShoe<F>(s, preset); });
}

const bool registered = [] {
  for (const char* preset : inbetween_bench::kPotPresets) register_preset<pot::PotFamily>(preset);
  register_preset<games::house::HouseFamily>(inbetween_bench::kHousePreset);
  return true;
}();

}  // namespace
