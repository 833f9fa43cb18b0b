#pragma once
// The one random number generator of the project: PCG64, always seeded explicitly.
#include <pcg_random.hpp>

#include <cstdint>

namespace inbetween::cards {

using Rng = pcg64;

// Independent streams from one seed, so that e.g. choosing a dealer never shifts the shoe.
enum class RngStream : std::uint64_t { Shoe = 1, Seating = 2, Bots = 3, Games = 4 };

inline Rng make_rng(std::uint64_t seed, RngStream stream) {
  return Rng(seed, static_cast<std::uint64_t>(stream));
}

// Uniform in [0, bound): PCG's own unbiased bounded draw, identical on every platform.
inline std::uint64_t uniform_below(Rng& rng, std::uint64_t bound) { return rng(bound); }

}  // namespace inbetween::cards
