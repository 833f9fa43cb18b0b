#pragma once
// `--until STAT=GOAL` over a swept range: the first value of the knob at which a statistic of
// the whole game reaches a goal (the `target` that makes a game last 15 minutes, the decks
// that bring the house edge down to 3%), by a bracketing search.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/simulate.h"
#include "sim/statistics.h"
#include "sim/sweep.h"

namespace inbetween::sim {

// A statistic and the value it should reach, in the statistic's own terms (a share as a
// fraction): "minutes=15", "house_edge=3%" (or "house_edge=3": a share's goal is in percent).
struct Goal {
  const Statistic* statistic = nullptr;
  double value = 0;
  std::string text;  // as given
};

// Throws std::invalid_argument naming the text, the statistics allowed and what is wrong.
Goal parse_goal(const std::string& text);

// Which way the statistic crosses the goal between the ends of the range.
enum class Direction { Rises, Falls };

// The values tried, in the sweep's order, and the answer's index among them.
struct Fit {
  std::vector<std::string> values;
  std::vector<SimStats> runs;
  std::optional<std::size_t> answer;  // none: the goal is not crossed within the range
  std::optional<Direction> direction;  // none: both ends on the same side (or the first value meets it)
  bool partial = false;
};

// Plays the two ends of the sweep (each run the one --set would give, the same seeds for every
// value). If the statistic is on one side of the goal at the first value and on the other (or
// at it) at the last, it bisects, keeping a value short of the goal below and one reaching it
// above, and answers the first value reaching it: the first in the range when the statistic
// moves one way with the knob, a crossing of the goal in any case. Throws as simulate() does,
// rules::RuleError for a value the knob refuses, std::invalid_argument for a statistic the rules
// do not have.
Fit fit(const SimSpec& spec, const Sweep& sweep, const Goal& goal, const std::atomic<bool>* stop = nullptr,
        std::atomic<std::uint64_t>* done = nullptr);

// The answer in words, in the unit the rows print: "decks = 4: the first value where house edge
// falls to 3% (2.95% ± 0.40%); at decks = 3: 3.10% ± 0.41%".
std::string describe(const Fit& fit, const Sweep& sweep, const Goal& goal);

}  // namespace inbetween::sim
