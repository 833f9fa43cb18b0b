#pragma once
// Streaming statistics that merge exactly: integer sums (no floating point until the figures
// are read), so a run split over any number of threads or machines gives identical figures.
#include <algorithm>
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

// The ratio sum(x) / sum(w) of per-game pairs (the house's gain over the chips wagered), with
// its 95% interval by the delta method; exact integer sums, as Tally.
struct RatioTally {
  Tally x, w;
  __int128 xw = 0;

  void add(std::int64_t xi, std::int64_t wi) {
    x.add(xi);
    w.add(wi);
    xw += static_cast<__int128>(xi) * wi;
  }
  void merge(const RatioTally& o) {
    x.merge(o.x);
    w.merge(o.w);
    xw += o.xw;
  }
  double ratio() const { return w.sum ? static_cast<double>(x.sum) / static_cast<double>(w.sum) : 0.0; }
  double ci95() const {
    if (x.n < 2 || w.sum == 0) return 0.0;
    double n = static_cast<double>(x.n), r = ratio(), wbar = static_cast<double>(w.sum) / n;
    // The sample variance of x - r w, from the sums.
    double sxx = static_cast<double>(x.sum2) - static_cast<double>(x.sum) * static_cast<double>(x.sum) / n;
    double sww = static_cast<double>(w.sum2) - static_cast<double>(w.sum) * static_cast<double>(w.sum) / n;
    double sxw = static_cast<double>(xw) - static_cast<double>(x.sum) * static_cast<double>(w.sum) / n;
    double var = (sxx - 2 * r * sxw + r * r * sww) / (n - 1);
    return 1.96 * std::sqrt(std::max(0.0, var) / n) / wbar;
  }
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
