#pragma once
// The floor (issue 8's speed target): what a hand costs when nothing but the hand is done, so
// that the engine's ratio to the bare Limit can be read against what a game played one decision
// at a time can reach. Each floor plays whole games of one preset at a table of 4 random (or
// sensible) bots in one function, with every piece of state in locals: no events, no legal
// actions, no refusals, no interface, no game over, only the draws (the shoe's pcg32 step, the
// bots' pcg64), the comparisons and the chips. It is a yardstick written for this benchmark, not
// a second copy of the rules to use anywhere (the rules live in games/), and it does less than
// the preset asks (hoyle: no check that two players are left; red-dog: no table limit on a
// raise, no hands left out): an engine that plays the rules one game at a time does at least
// this much work a hand.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>

#include "cards/card.h"
#include "cards/rng.h"

namespace inbetween_bench {

namespace cards = inbetween::cards;

// Hoyle at 4 seats: 20 chips, ante 1, a deal each (16 turns); a pair takes 2 from the pot,
// consecutive posts lose 1, otherwise a bet from 1 to min(pot, stack) on the third card; the pot
// refilled when empty; a reshuffle when fewer than 3 cards are left. The bet is the random
// bot's (uniform) or the sensible bot's (1 below an even chance of a card between, else from 1
// at even up to the most at certainty).
template <bool kSensible>
void HoyleFloor(benchmark::State& state) {
  std::uint64_t hands = 0, seed = 0;
  cards::Rng bots = cards::make_rng(1, cards::RngStream::Bots);
  for (auto _ : state) {
    cards::ShoeRng rng = cards::make_shoe_rng(++seed);
    std::array<cards::CardCode, cards::kStandardDeckSize> deck{};
    for (std::size_t i = 0; i < deck.size(); ++i) deck[i] = static_cast<cards::CardCode>(i);
    std::uint32_t next = 0;
    auto draw = [&] {
      std::uint32_t j = next + cards::uniform_below(rng, cards::kStandardDeckSize - next);
      std::swap(deck[next], deck[j]);
      return cards::Card{deck[next++]}.rank();
    };
    long chips[4] = {19, 19, 19, 19};
    long pot = 4;
    for (int deal = 0; deal < 4; ++deal) {
      for (long& stack : chips) {
        if (pot == 0)
          for (long& c : chips)
            if (c > 0) --c, ++pot;
        if (cards::kStandardDeckSize - next < 3) next = 0;  // the discards are the dealt prefix
        int a = draw(), b = draw();
        int low = a < b ? a : b, high = a < b ? b : a;
        ++hands;
        if (low == high) {
          long paid = pot < 2 ? pot : 2;
          stack += paid, pot -= paid;
          continue;
        }
        if (high - low == 1) {
          long lost = stack < 1 ? stack : 1;
          stack -= lost, pot += lost;
          continue;
        }
        long most = pot < stack ? pot : stack;
        if (most < 1) continue;
        long bet = 1;
        if constexpr (kSensible) {
          double chance = (high - low - 1) * cards::kSuits / double{cards::kStandardDeckSize - 2};
          if (chance >= 0.5) bet += static_cast<long>(std::floor((chance - 0.5) * 2.0 * static_cast<double>(most - 1)));
        } else {
          bet += static_cast<long>(cards::uniform_below(bots, static_cast<std::uint64_t>(most)));
        }
        int third = draw();
        if (third > low && third < high)
          stack += bet, pot -= bet;
        else
          stack -= bet, pot += bet;
      }
    }
    benchmark::DoNotOptimize(chips);
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}

// Red Dog at 4 seats: 6 decks with the cut card at 78, 100 chips, 20 hands; consecutive posts
// push; a pair deals a third card (trips pay 11 to 1, else push); otherwise each seat raises or
// stands (a raise where the stack covers it) and the third card pays 5/4/2/1 to 1 by spread.
// The random bot wagers uniformly from 1 to min(25, stack) and raises at even chances; the
// sensible bot wagers 1 and raises on a spread of 7 or more.
template <bool kSensible>
void RedDogFloor(benchmark::State& state) {
  constexpr std::uint32_t kShoe = 6 * cards::kStandardDeckSize;
  static constexpr long kPays[4] = {5, 4, 2, 1};
  std::uint64_t hands = 0, seed = 0;
  cards::Rng bots = cards::make_rng(1, cards::RngStream::Bots);
  std::array<cards::CardCode, kShoe> deck{};
  for (std::size_t i = 0; i < deck.size(); ++i) deck[i] = static_cast<cards::CardCode>(i % cards::kStandardDeckSize);
  for (auto _ : state) {
    cards::ShoeRng rng = cards::make_shoe_rng(++seed);
    std::uint32_t next = 0;
    auto draw = [&] {
      std::uint32_t j = next + cards::uniform_below(rng, kShoe - next);
      std::swap(deck[next], deck[j]);
      return cards::Card{deck[next++]}.rank();
    };
    long chips[4] = {100, 100, 100, 100}, wager[4];
    for (int hand = 0; hand < 20; ++hand) {
      if (kShoe - next < 78) next = 0;
      for (int k = 0; k < 4; ++k) {
        long most = chips[k] < 25 ? chips[k] : 25;
        if constexpr (kSensible) wager[k] = most < 1 ? 0 : 1;
        else wager[k] = most < 1 ? 0 : 1 + static_cast<long>(cards::uniform_below(bots, static_cast<std::uint64_t>(most)));
        chips[k] -= wager[k];
      }
      ++hands;
      int a = draw(), b = draw();
      int low = a < b ? a : b, high = a < b ? b : a;
      if (high - low == 1) {
        for (int k = 0; k < 4; ++k) chips[k] += wager[k];
        continue;
      }
      if (low == high) {
        int third = draw();
        for (int k = 0; k < 4; ++k) chips[k] += third == low ? 12 * wager[k] : wager[k];
        continue;
      }
      long pays = kPays[(high - low - 1 < 4 ? high - low - 1 : 4) - 1];
      for (int k = 0; k < 4; ++k) {
        bool raise = false;
        if constexpr (kSensible) raise = high - low - 1 >= 7;
        else raise = cards::uniform_below(bots, std::uint64_t{2}) == 1;
        if (wager[k] > 0 && chips[k] >= wager[k] && raise) chips[k] -= wager[k], wager[k] *= 2;
      }
      int third = draw();
      if (third > low && third < high)
        for (int k = 0; k < 4; ++k) chips[k] += wager[k] * (1 + pays);
    }
    benchmark::DoNotOptimize(chips);
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}

inline const bool floor_registered = [] {
  benchmark::RegisterBenchmark("Floor/hoyle", HoyleFloor<false>);
  benchmark::RegisterBenchmark("Floor/hoyle/sensible", HoyleFloor<true>);
  benchmark::RegisterBenchmark("Floor/red-dog", RedDogFloor<false>);
  benchmark::RegisterBenchmark("Floor/red-dog/sensible", RedDogFloor<true>);
  return true;
}();

}  // namespace inbetween_bench
