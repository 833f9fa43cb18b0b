#pragma once
// The floor (issue 8's speed target): what a hand costs when nothing but the hand is done, so
// that the engine's ratio to the bare Limit can be read against what any engine could reach.
// Each floor plays whole games of one preset at a table of 4 random bots in one function, with
// every piece of state in locals: no events, no legal actions, no refusals, no interface, no
// game over, only the draws, the comparisons and the chips. It is a yardstick written for this
// benchmark, not a second copy of the rules to use anywhere (the rules live in games/); it does
// less than the preset asks (hoyle: no check that two players are left; red-dog: no table
// limit on a raise, no hands left out), so what it costs is a lower bound.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "cards/card.h"
#include "cards/rng.h"

namespace inbetween_bench {

namespace cards = inbetween::cards;

// Hoyle at 4 seats: 20 chips, ante 1, a deal each (16 turns); a pair takes 2 from the pot,
// consecutive posts lose 1, otherwise a uniform bet from 1 to min(pot, stack) on the third card;
// the pot refilled when empty; a reshuffle when fewer than 3 cards are left.
inline void HoyleFloor(benchmark::State& state) {
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
        long bet = 1 + static_cast<long>(cards::uniform_below(bots, static_cast<std::uint64_t>(most)));
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

// Red Dog at 4 seats: 6 decks with the cut card at 78, 100 chips, 20 hands; each seat wagers
// uniformly from 1 to min(25, stack); consecutive posts push; a pair deals a third card (trips
// pay 11 to 1, else push); otherwise each seat raises or stands at even chances (a raise where the
// stack covers it) and the third card pays 5/4/2/1 to 1 by spread.
inline void RedDogFloor(benchmark::State& state) {
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
        wager[k] = most < 1 ? 0 : 1 + static_cast<long>(cards::uniform_below(bots, static_cast<std::uint64_t>(most)));
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
      for (int k = 0; k < 4; ++k)
        if (wager[k] > 0 && chips[k] >= wager[k] && cards::uniform_below(bots, std::uint64_t{2}) == 1)
          chips[k] -= wager[k], wager[k] *= 2;
      int third = draw();
      if (third > low && third < high)
        for (int k = 0; k < 4; ++k) chips[k] += wager[k] * (1 + pays);
    }
    benchmark::DoNotOptimize(chips);
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}

inline const bool floor_registered = [] {
  benchmark::RegisterBenchmark("Floor/hoyle", HoyleFloor);
  benchmark::RegisterBenchmark("Floor/red-dog", RedDogFloor);
  return true;
}();

}  // namespace inbetween_bench
