#pragma once
// `inbetween simulate`: many seeded games of one table of bots, on every core, with
// statistics that do not depend on how the games were split (docs/simulate.md).
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/rule_files.h"
#include "sim/tally.h"

namespace inbetween::sim {

// What to simulate: the rules, one bot kind per seat, games [first, first + games) of `seed`.
struct SimSpec {
  std::string rules;
  std::vector<rules::Override> overrides;
  std::vector<std::string> bots;  // a bot kind per seat, e.g. {"optimal", "sensible"}
  std::uint64_t games = 1000;
  std::uint64_t first = 0;        // the first game's index (a share of a larger run)
  int threads = 1;
  std::uint64_t seed = 1;
  std::uint64_t max_moves = 100'000;  // a game not over by then is stopped and counted as such
};

// One seat's results over the games.
struct SeatStats {
  std::string kind;
  Tally score;                // per game: chips won (pot and house games) or points (ThreeBeTween)
  std::uint64_t wins = 0;     // games this seat was among the winners of
};

// Everything gathered; merge() adds another share of the same run.
struct SimStats {
  std::string rules_name, family;
  std::string unit;             // of a seat's score: "chips" or "points"
  std::uint64_t games = 0;      // games played (finished or stopped)
  std::uint64_t stopped = 0;    // games stopped at max_moves
  std::vector<SeatStats> seats;
  Histogram moves;              // decisions per game
  // Games against a house (Red Dog): the house's gain over the chips first wagered (raises
  // not counted), and the exact edge of a fresh shoe for the same rules (odds --house-edge).
  bool against_house = false;
  RatioTally house_edge;
  std::optional<double> exact_house_edge;  // none where it is not computed (pair_posts = "redeal")
  bool partial = false;         // interrupted before every game was played

  void merge(const SimStats& other);
};

// Game i's seed: the i-th draw of the run's own stream of `seed`, so it depends on (seed, i)
// alone, never on threads or how the range is split.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t i);

// Plays the games; throws rules::RuleError for bad rules and std::invalid_argument for a bad
// spec (an unknown bot kind, a seat count the rules do not allow, no games). `stop`, when set
// by another thread (Ctrl-C), ends the run early with what was gathered, marked partial.
// `done`, when given, counts the games played so far (for a progress bar).
SimStats simulate(const SimSpec& spec, const std::atomic<bool>* stop = nullptr, std::atomic<std::uint64_t>* done = nullptr);

}  // namespace inbetween::sim
