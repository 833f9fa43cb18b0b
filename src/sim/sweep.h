#pragma once
// Knobs swept over values: "knob=v1,v2,..." or a whole-number range "knob=a..b:step"; several
// sweeps make a grid, every combination of their values. `players` sweeps the number of seats.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sim/simulate.h"

namespace inbetween::sim {

// The knob that sweeps the number of seats rather than a rule (docs/simulate.md, "Sweeps").
inline constexpr std::string_view kPlayersKnob = "players";

struct Sweep {
  std::string knob;
  std::vector<std::string> values;  // as --set would take them
  bool range = false;               // given as a..b:step
  std::string text;                 // as given, for messages
};

// Throws std::invalid_argument naming the text and what is wrong with it.
Sweep parse_sweep(const std::string& text);

// One --sweep or more: every combination of their values, the first knob varying slowest (the
// rows of a knob's value together; on a chart, the first knob along x and a line per value of
// the second).
struct Grid {
  std::vector<Sweep> sweeps;
  // Every combination, a value per sweep, in order.
  std::vector<std::vector<std::string>> points() const;
  std::size_t size() const;
  std::vector<std::string> knobs() const;
};

// Throws std::invalid_argument for a bad sweep, a knob swept twice or more than 1,000 combinations.
Grid parse_grid(const std::vector<std::string>& texts);

// `spec` with `knob` set to `value` on top of its overrides; `players=N` seats N bots: the first
// N of spec.bots, the last repeated past its end. Throws std::invalid_argument for a `players`
// value that is not a whole number from 1 to 1,000.
SimSpec with_knob(SimSpec spec, const std::string& knob, const std::string& value);
// `spec` at one point of the grid.
SimSpec at_point(SimSpec spec, const Grid& grid, const std::vector<std::string>& point);

}  // namespace inbetween::sim
