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

// The standard deviation of whole-number values that come in groups (a Red Dog bet's net; the
// bets of one game share its cards, so they are not independent): from each group's count, sum
// and sum of squares, with a 95% interval by the delta method over the groups (a cluster-robust
// interval: sd^2 = S2/N - (S1/N)^2, each group's influence z = (s2 - r2 n) - 2 r1 (s1 - r1 n)).
struct GroupedMoments {
  std::uint64_t groups = 0;
  __int128 n = 0, s1 = 0, s2 = 0;                            // over all values
  __int128 nn = 0, s1s1 = 0, s2s2 = 0, ns1 = 0, ns2 = 0, s1s2 = 0;  // sums of the groups' products

  void add_group(std::int64_t count, std::int64_t sum, std::int64_t squares) {
    __int128 c = count, a = sum, b = squares;
    ++groups;
    n += c;
    s1 += a;
    s2 += b;
    nn += c * c;
    s1s1 += a * a;
    s2s2 += b * b;
    ns1 += c * a;
    ns2 += c * b;
    s1s2 += a * b;
  }
  void merge(const GroupedMoments& o) {
    groups += o.groups;
    n += o.n;
    s1 += o.s1;
    s2 += o.s2;
    nn += o.nn;
    s1s1 += o.s1s1;
    s2s2 += o.s2s2;
    ns1 += o.ns1;
    ns2 += o.ns2;
    s1s2 += o.s1s2;
  }
  double mean() const { return n ? static_cast<double>(s1) / static_cast<double>(n) : 0.0; }
  double sd() const {
    if (n < 2) return 0.0;
    double m = mean(), count = static_cast<double>(n);
    return std::sqrt(std::max(0.0, (static_cast<double>(s2) - count * m * m) / (count - 1)));
  }
  double sd_ci95() const {
    double s = sd();
    if (groups < 2 || s == 0) return 0.0;
    double N = static_cast<double>(n), r1 = mean(), r2 = static_cast<double>(s2) / N;
    // z = s2 - (r2 - 2 r1^2) n - 2 r1 s1 = b + k c + m a, summed over groups as a square.
    double k = -(r2 - 2 * r1 * r1), m = -2 * r1;
    auto d = [](__int128 x) { return static_cast<double>(x); };
    double zz = d(s2s2) + k * k * d(nn) + m * m * d(s1s1) + 2 * k * d(ns2) + 2 * m * d(s1s2) + 2 * k * m * d(ns1);
    double g = static_cast<double>(groups);
    double var_f = std::max(0.0, zz) * g / (g - 1) / (N * N);
    return 1.96 * std::sqrt(var_f) / (2 * s);
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
