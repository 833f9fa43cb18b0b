#pragma once
// Streaming statistics that merge exactly: integer sums (no floating point until the figures
// are read), so a run split over any number of threads or machines gives identical figures.
#include <cmath>
#include <cstdint>
#include <map>

namespace inbetween::sim {

// Count, sum and sum of squares of whole-number samples (chips, points, moves).
struct Tally {
  std::uint64_t n = 0;
  __int128 sum = 0, sum2 = 0;
  std::int64_t lo = 0, hi = 0;

  void add(std::int64_t x) {
    lo = n == 0 ? x : (x < lo ? x : lo);
    hi = n == 0 ? x : (x > hi ? x : hi);
    ++n;
    sum += x;
    sum2 += static_cast<__int128>(x) * x;
  }
  void merge(const Tally& o) {
    if (o.n == 0) return;
    lo = n == 0 ? o.lo : (o.lo < lo ? o.lo : lo);
    hi = n == 0 ? o.hi : (o.hi > hi ? o.hi : hi);
    n += o.n;
    sum += o.sum;
    sum2 += o.sum2;
  }
  double mean() const { return n ? static_cast<double>(sum) / static_cast<double>(n) : 0.0; }
  // The sample variance, from the exact sums.
  double variance() const {
    if (n < 2) return 0.0;
    __int128 nn = static_cast<__int128>(n);
    __int128 centred = nn * sum2 - sum * sum;  // n^2 times the population variance, exactly
    return static_cast<double>(centred) / (static_cast<double>(n) * static_cast<double>(n - 1));
  }
  // Half-width of the 95% confidence interval of the mean (normal approximation).
  double ci95() const { return n < 2 ? 0.0 : 1.96 * std::sqrt(variance() / static_cast<double>(n)); }
};

// Every value seen with its count: exact median and percentiles of game lengths; memory grows
// with the number of distinct values, not with the number of games.
struct Histogram {
  std::map<std::int64_t, std::uint64_t> counts;
  Tally tally;

  void add(std::int64_t x) {
    ++counts[x];
    tally.add(x);
  }
  void merge(const Histogram& o) {
    for (const auto& [x, c] : o.counts) counts[x] += c;
    tally.merge(o.tally);
  }
  // The smallest value with at least fraction q of the samples at or below it.
  std::int64_t quantile(double q) const {
    if (tally.n == 0) return 0;
    auto need = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(tally.n)));
    if (need == 0) need = 1;
    std::uint64_t seen = 0;
    for (const auto& [x, c] : counts) {
      seen += c;
      if (seen >= need) return x;
    }
    return counts.rbegin()->first;
  }
};

}  // namespace inbetween::sim
