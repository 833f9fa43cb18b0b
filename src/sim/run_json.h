#pragma once
// Every figure of one `simulate` run as JSON: what `inbetween simulate --format json` prints and
// Python's simulate() returns, both from run_json(). (stats_json.h is another thing: SimStats
// whole and lossless, the bytes a share of a run travels as between MPI processes.)
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/simulate.h"

namespace inbetween::sim {

// What a report says about the run besides the figures: its seed and the time model.
struct RunHeading {
  std::uint64_t seed = 1;
  TimeModel time;
};

// "dealer", "1st to act", "2nd to act", ...
std::string place_name(std::size_t place);

// Every figure of one run (docs/simulate.md shows it).
nlohmann::json run_json(const SimStats& s, const RunHeading& h);

}  // namespace inbetween::sim
