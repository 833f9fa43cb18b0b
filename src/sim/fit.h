#pragma once
// `--until STAT=GOAL` over a swept range: the first value of the knob at which a statistic of
// the whole game reaches a goal (the `target` that makes a game last 15 minutes), by bisection.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/simulate.h"
#include "sim/statistics.h"
#include "sim/sweep.h"

namespace inbetween::sim {

// A statistic and the value it should reach: "minutes=15".
struct Goal {
  const Statistic* statistic = nullptr;
  double value = 0;
};

// Throws std::invalid_argument naming the text, the statistics allowed and what is wrong.
Goal parse_goal(const std::string& text);

// The values tried, in the sweep's order, and the answer's index among them.
struct Fit {
  std::vector<std::string> values;
  std::vector<SimStats> runs;
  std::optional<std::size_t> answer;  // none: the goal is not reached within the range
  bool partial = false;
};

// Runs `spec` with the swept knob set to the values bisection needs (each run the one --set
// would give, the same seeds for every value), taking the statistic to grow with the knob.
// Throws as simulate() does; rules::RuleError for a value the knob refuses.
Fit fit(const SimSpec& spec, const Sweep& sweep, const Goal& goal, const std::atomic<bool>* stop = nullptr,
        std::atomic<std::uint64_t>* done = nullptr);

// `spec` with `knob` set to `value` on top of its overrides.
SimSpec with_knob(SimSpec spec, const std::string& knob, const std::string& value);

}  // namespace inbetween::sim
