#pragma once
// `inbetween simulate`: many seeded games of one table of bots, on every core, with
// statistics that do not depend on how the games were split (docs/simulate.md).
#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/rule_files.h"
#include "sim/tally.h"

namespace inbetween::sim {

// The minutes a game would take at a real table, from what it counted: seconds per turn, per
// card (placed in ThreeBeTween, dealt in the pot and house games) and per round (its set-up
// and tally). Defaults and how they were chosen: docs/simulate.md, "Time model".
struct TimeModel {
  double turn_seconds = 8;
  double card_seconds = 3;
  double round_seconds = 60;
};

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
  TimeModel time;
  std::string per_game;  // a CSV file to write a row per game to (in game order); empty: none
  bool per_game_long = false;  // a row per game and seat instead (docs/simulate.md, "--per-game")
};

// One seat's results over the games.
struct SeatStats {
  std::string kind;
  Tally score;                // per game: chips won (pot and house games) or points (ThreeBeTween)
  std::uint64_t wins = 0;     // games this seat was among the winners of
  RatioTally per_turn;        // the score over the turns (hands, bets) this seat played, game by game
  std::uint64_t turns = 0, busts = 0, banks = 0, passes = 0;  // busts, banks, passes: ThreeBeTween
};

// The results of whoever sat at one place relative to the first dealer (0: the dealer, 1: the
// first to act, ...), whatever bot sat there: the effect of the seat.
struct PlaceStats {
  Tally score;
  std::uint64_t wins = 0;
};

// Everything gathered; merge() adds another share of the same run.
struct SimStats {
  std::string rules_name, family;
  std::string unit;             // of a seat's score: "chips" or "points"
  std::uint64_t games = 0;      // games played (finished or stopped)
  std::uint64_t stopped = 0;    // games stopped at max_moves
  std::uint64_t ended_by_limit = 0;  // games the rules' deal or hand limit ended
  std::vector<SeatStats> seats;
  std::vector<PlaceStats> places;    // by place after the first dealer
  std::string turn_word, round_word, card_word;  // the family's units (families/NAME/measures.h)
  Histogram moves;              // decisions per game
  Histogram turns, rounds;      // per game, in the family's units
  Tally cards;                  // per game
  Histogram seconds;            // per game, under the time model, rounded to whole seconds
  bool counts_banks = false;    // ThreeBeTween: busts, banks and passes per seat
  bool has_pot = false;         // pot games: the pot each bet is made against
  Tally pot;
  // Games against a house (Red Dog): the house's gain over the chips first wagered (raises
  // not counted), over every chip bet (raises included: the element of risk), a bet's net in
  // units of its first wager (its standard deviation per hand), and the exact figures of a
  // fresh shoe with best play for the same rules (odds --house-edge).
  bool against_house = false;
  RatioTally house_edge;
  RatioTally element_of_risk;
  GroupedMoments hand_net;  // a game a group
  std::optional<double> exact_house_edge;  // none where it is not computed (pair_posts = "redeal")
  std::optional<double> exact_element_of_risk, exact_sd_per_hand;
  bool partial = false;         // interrupted before every game was played

  void merge(const SimStats& other);
};

// Game i's seed: the i-th draw of the run's own stream of `seed`, so it depends on (seed, i)
// alone, never on threads or how the range is split.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t i);

// A seat count the rules do not seat; what() names --players.
struct SeatCountError : std::invalid_argument {
  SeatCountError(const std::string& message, int given, int fewest, int most)
      : std::invalid_argument(message), seats(given), min(fewest), max(most) {}
  int seats, min, max;
};

// Checks the spec without playing: throws as simulate() does for bad rules, bot kinds, seats.
void check(const SimSpec& spec);

// Plays the games; throws rules::RuleError for bad rules and std::invalid_argument for a bad
// spec (an unknown bot kind, a seat count the rules do not allow, no games). `stop`, when set
// by another thread (Ctrl-C), ends the run early with what was gathered, marked partial.
// `done`, when given, counts the games played so far (for a progress bar).
SimStats simulate(const SimSpec& spec, const std::atomic<bool>* stop = nullptr, std::atomic<std::uint64_t>* done = nullptr);

}  // namespace inbetween::sim
