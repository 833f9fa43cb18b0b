#pragma once
// The figures of `inbetween simulate` as a table, CSV or JSON (docs/simulate.md shows each).
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/simulate.h"

namespace inbetween::cli {

// What the report says about the run besides the figures.
struct RunHeading {
  std::uint64_t seed = 1;
  sim::TimeModel time;
};

// One run as a table for people.
void print_table(const sim::SimStats& s, const RunHeading& h, std::ostream& out);
// One run as CSV, a row per seat; `knob`/`value` prefix every row when given (a sweep).
void print_csv(const sim::SimStats& s, const std::string& knob, const std::string& value, bool header, std::ostream& out);
// Every figure of one run.
nlohmann::json stats_json(const sim::SimStats& s, const RunHeading& h);
// A sweep (or the values a fit tried) as a table: a row per value.
void print_sweep_table(const std::vector<sim::SimStats>& runs, const std::string& knob, const std::vector<std::string>& values,
                       const RunHeading& h, std::ostream& out);

}  // namespace inbetween::cli
