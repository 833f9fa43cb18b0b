#pragma once
// The statistics a sweep's chart or `--until` can name, each read from SimStats as a mean and
// the half-width of its 95% interval.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "sim/simulate.h"

namespace inbetween::sim {

// A figure and the half-width of its 95% confidence interval.
struct Estimate {
  double mean = 0, ci95 = 0;
};

// One named statistic: per seat (a line per seat on a chart) or of the whole game.
struct Statistic {
  std::string_view name;
  bool per_seat;
  std::string (*label)(const SimStats&);        // for an axis or a column, in the game's units
  bool (*applies)(const SimStats&);             // whether these rules have it
  Estimate (*read)(const SimStats&, std::size_t seat);
  // A length counted game by game: its histogram and the factor to the statistic's unit
  // (seconds to minutes); nullptr for figures that are not a value per game.
  const Histogram* (*distribution)(const SimStats&) = nullptr;
  double scale = 1;
};

std::span<const Statistic> statistics();
// The statistic called `name`, or nullptr.
const Statistic* find_statistic(std::string_view name);
// Every name, comma-separated, for error messages.
std::string statistic_names();

// A proportion k of n and its interval (normal approximation).
Estimate proportion(std::uint64_t k, std::uint64_t n);

}  // namespace inbetween::sim
