#pragma once
// The bare limit of dealing (issue 8), registered in every benchmark binary that includes this
// header, so that the engine's figures can be read against it from the same run.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <utility>

#include "cards/card.h"
#include "cards/rng.h"

namespace inbetween_bench {

namespace cards = inbetween::cards;

// The real bare limit (issue 8): a hand is 3 cards by partial Fisher-Yates from a 52-card deck,
// each card one swap with a uniform draw from those left. The deck stays a permutation, so it
// is never reset. `draw(rng, bound)` is the bounded draw under test; Limit (pcg32 with Lemire's
// draw, cards::uniform_below) is the yardstick, the others show what the generator and the draw
// cost.
template <class R, class Draw>
void deal_three(benchmark::State& state, R rng, Draw draw) {
  std::array<cards::CardCode, cards::kStandardDeckSize> deck{};
  for (std::size_t i = 0; i < deck.size(); ++i) deck[i] = static_cast<cards::CardCode>(i);
  constexpr int kBatch = 1000;
  for (auto _ : state) {
    for (int h = 0; h < kBatch; ++h) {
      for (std::uint32_t i = 0; i < 3; ++i) {
        std::uint32_t j = i + static_cast<std::uint32_t>(draw(rng, cards::kStandardDeckSize - i));
        std::swap(deck[i], deck[j]);
      }
      benchmark::DoNotOptimize(deck[0]);
      benchmark::DoNotOptimize(deck[1]);
      benchmark::DoNotOptimize(deck[2]);
    }
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(state.iterations()) * kBatch, benchmark::Counter::kIsRate);
}

inline void Limit(benchmark::State& state) {
  deal_three(state, cards::make_shoe_rng(1), [](cards::ShoeRng& r, std::uint32_t n) { return cards::uniform_below(r, n); });
}
inline void LimitPcg64Lemire(benchmark::State& state) {
  deal_three(state, cards::make_rng(1, cards::RngStream::Shoe), [](cards::Rng& r, std::uint32_t n) { return cards::uniform_below(r, n); });
}
inline void LimitPcg64Divide(benchmark::State& state) {  // PCG's own rng(bound): two 64-bit divisions a draw
  deal_three(state, cards::make_rng(1, cards::RngStream::Shoe), [](cards::Rng& r, std::uint32_t n) { return r(n); });
}
// Static registration at namespace scope: each including binary gets the three rows once.
inline const bool limit_registered = [] {
  benchmark::RegisterBenchmark("Limit", Limit);
  benchmark::RegisterBenchmark("LimitPcg64Lemire", LimitPcg64Lemire);
  benchmark::RegisterBenchmark("LimitPcg64Divide", LimitPcg64Divide);
  return true;
}();

}  // namespace inbetween_bench
