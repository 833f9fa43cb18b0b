#pragma once
// The statistics a sweep's chart or `--until` can name, each read from SimStats as a mean and
// the half-width of its 95% interval, in the unit the tables print it in.
#include <cstddef>
#include <optional>
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
  bool per_seat = false;
  // A share (win rate, house edge): read as a fraction, printed, charted and given as a goal in
  // percent, as the tables print it.
  bool percent = false;
  std::string (*label)(const SimStats&) = nullptr;  // for an axis or a column, in the game's units
  bool (*applies)(const SimStats&) = nullptr;       // whether these rules have it
  Estimate (*read)(const SimStats&, std::size_t seat) = nullptr;
  // A length counted game by game: its histogram and the factor to the statistic's unit
  // (seconds to minutes); nullptr for figures that are not a value per game.
  const Histogram* (*distribution)(const SimStats&) = nullptr;
  double scale = 1;
  // The exact figure beside the simulated one, where the rules have one (Red Dog's edges).
  std::optional<double> (*exact)(const SimStats&) = nullptr;
};

std::span<const Statistic> statistics();
// The statistic called `name`, or nullptr.
const Statistic* find_statistic(std::string_view name);
// Every name, comma-separated, for error messages; `per_seat` picks one kind only.
std::string statistic_names();
std::string statistic_names(bool per_seat);

// A proportion k of n and its interval (normal approximation).
Estimate proportion(std::uint64_t k, std::uint64_t n);

// The figure in the unit the tables print: "3.42% ± 0.46%" for a share, "15.15 ± 0.11" else.
std::string shown(const Statistic& statistic, Estimate e);
// A bare value in that unit: "3%" (a share of 0.03), "15".
std::string shown(const Statistic& statistic, double value);
// The label with its unit for an axis: "house edge (%)", "minutes per game".
std::string axis_label(const Statistic& statistic, const SimStats& s);

}  // namespace inbetween::sim
