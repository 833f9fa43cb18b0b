#pragma once
// The project's random numbers: PCG (pcg-cpp), always seeded explicitly, and one bounded draw.
#include <pcg_random.hpp>

#include <cstdint>

namespace inbetween::cards {

// Bots, seating and simulations.
using Rng = pcg64;
// The shoe's own stream: pcg32 steps with one 64-bit multiply where pcg64 needs a 128-bit one,
// and a shoe never needs a bound past 2^32 (bench/README.md: the dealing figures).
using ShoeRng = pcg32;

// Independent streams from one seed, so that e.g. choosing a dealer never shifts the shoe.
enum class RngStream : std::uint64_t { Shoe = 1, Seating = 2, Bots = 3, Games = 4, Estimates = 5 };

inline Rng make_rng(std::uint64_t seed, RngStream stream) {
  return Rng(seed, static_cast<std::uint64_t>(stream));
}
inline ShoeRng make_shoe_rng(std::uint64_t seed) { return ShoeRng(seed, static_cast<std::uint64_t>(RngStream::Shoe)); }

// Uniform in [0, bound), bound >= 1: Lemire's nearly divisionless draw ("Fast random integer
// generation in an interval", 2019). The high half of word * bound is the answer; only when the
// low half falls below bound can the draw be one of the 2^w mod bound biased values, and only
// then is that remainder computed (one division) and the word redrawn while it is biased.
// Unbiased, integer-only, so a seed deals the same on every platform; PCG's own rng(bound)
// divides twice on every draw.
[[gnu::always_inline]] inline std::uint32_t uniform_below(ShoeRng& rng, std::uint32_t bound) {
  std::uint64_t m = std::uint64_t{rng()} * bound;
  auto low = static_cast<std::uint32_t>(m);
  if (low < bound) {
    std::uint32_t biased = (0u - bound) % bound;  // 2^32 mod bound
    while (low < biased) {
      m = std::uint64_t{rng()} * bound;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

inline std::uint64_t uniform_below(Rng& rng, std::uint64_t bound) {
  __extension__ using u128 = unsigned __int128;  // GCC and Clang; pcg64 itself is built on it
  u128 m = u128{rng()} * bound;
  auto low = static_cast<std::uint64_t>(m);
  if (low < bound) {
    std::uint64_t biased = (0 - bound) % bound;  // 2^64 mod bound
    while (low < biased) {
      m = u128{rng()} * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

}  // namespace inbetween::cards
