#pragma once
// A simulation spec in one line: rules, a bot kind per seat, games, knobs; two threads.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/simulate.h"

namespace inbetween::testing_support {

inline sim::SimSpec spec_of(const std::string& rules, std::vector<std::string> bots, std::uint64_t games,
                            std::vector<rules::Override> sets = {}) {
  sim::SimSpec spec;
  spec.rules = rules;
  spec.bots = std::move(bots);
  spec.games = games;
  spec.threads = 2;
  spec.overrides = std::move(sets);
  return spec;
}

}  // namespace inbetween::testing_support
