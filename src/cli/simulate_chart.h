#pragma once
// `simulate --chart FILE.svg|FILE.png`: gnuplot draws a statistic from data this program writes:
// against the swept knob with 95% interval bars (a grid: a line per value of the other knob, a
// panel per seat), or for one run per seat (or, for the length of a game, its distribution).
// Shares (house edge, win rate) in percent as the tables print them; the exact figure, where the
// rules have one, as a dashed line.
#include <filesystem>
#include <functional>
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
  std::vector<std::string> knobs;        // the swept knobs (a grid: the first along x); empty: one run
  std::vector<std::vector<std::string>> points;  // a value per knob, one per run
  std::optional<double> goal;            // drawn as a dashed line (--until), in the statistic's terms
  std::uint64_t seed = 1;
  // --until: the runs are the values the search played, drawn as points; the answer stands out.
  struct Search {
    std::optional<std::size_t> answer;   // among the runs
    std::size_t range_values = 0;        // the values of the whole range
  };
  std::optional<Search> search;
};

// Throws CommandLineError for a file that is neither .svg nor .png, ChartError when gnuplot is
// not on PATH; called before the games are played.
void check_chart(const std::string& file);
// The gnuplot script for `chart`, its data files written into `dir` (draw_chart runs it; tests
// read what would be drawn).
std::string chart_script(const Chart& chart, const std::vector<sim::SimStats>& runs, const std::filesystem::path& dir);
// Writes the chart; throws ChartError naming gnuplot's complaint if it fails.
void draw_chart(const Chart& chart, const std::vector<sim::SimStats>& runs);
// Runs gnuplot on the script `make_script` writes (its data files into the folder it is given)
// to draw `file`; throws ChartError naming gnuplot's complaint if it fails (`solve --win --chart`).
void run_gnuplot(const std::string& file, const std::function<std::string(const std::filesystem::path&)>& make_script);

}  // namespace inbetween::cli
