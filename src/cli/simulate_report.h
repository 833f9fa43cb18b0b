#pragma once
// The figures of `inbetween simulate` as a table or CSV (docs/simulate.md shows each); its JSON
// is sim/run_json.h, which Python's simulate() answers with too.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "sim/run_json.h"
#include "sim/simulate.h"

namespace inbetween::cli {

// The run's seed and time model (sim/run_json.h).
using sim::RunHeading;

// The seats of one bot kind taken together.
struct KindStats {
  sim::Tally score;
  sim::RatioTally per_turn;
  std::uint64_t wins = 0, turns = 0;
};
std::map<std::string, KindStats> by_kind(const sim::SimStats& s);
// "dealer", "1st to act", ... (the JSON's words too).
using sim::place_name;

// One run as a table for people.
void print_table(const sim::SimStats& s, const RunHeading& h, std::ostream& out);
// One run as CSV (simulate_csv.cpp): a row per seat, per bot kind and per place after the
// dealer, every figure of the table and the JSON, each column named with its unit; `knobs` and
// `point` (a sweep's, a grid's) lead every row when given.
void print_csv(const sim::SimStats& s, const RunHeading& h, const std::vector<std::string>& knobs, const std::vector<std::string>& point,
               bool header, std::ostream& out);
// A sweep, a grid (or the values a fit tried) as a table: a row per point.
void print_sweep_table(const std::vector<sim::SimStats>& runs, const std::vector<std::string>& knobs,
                       const std::vector<std::vector<std::string>>& points, const RunHeading& h, std::ostream& out);

}  // namespace inbetween::cli
