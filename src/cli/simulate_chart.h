#pragma once
// `simulate --chart FILE.svg|FILE.png`: gnuplot draws a statistic from data this program writes:
// against the swept knob with 95% interval bars, or for one run per seat (or, for the length of
// a game, its distribution).
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/simulate.h"
#include "sim/statistics.h"

namespace inbetween::cli {

// Gnuplot is missing or failed; the message says which and what to do.
struct ChartError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What to draw.
struct Chart {
  std::string file;                      // .svg or .png
  const sim::Statistic* statistic = nullptr;
  std::string knob;                      // empty: one run
  std::vector<std::string> values;       // the knob's values, one per run
  std::optional<double> goal;            // drawn as a dashed line (--until)
  std::uint64_t seed = 1;
};

// Throws CommandLineError for a file that is neither .svg nor .png, ChartError when gnuplot is
// not on PATH; called before the games are played.
void check_chart(const std::string& file);
// Writes the chart; throws ChartError naming gnuplot's complaint if it fails.
void draw_chart(const Chart& chart, const std::vector<sim::SimStats>& runs);

}  // namespace inbetween::cli
