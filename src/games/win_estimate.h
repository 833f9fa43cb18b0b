#pragma once
// Each seat's chance to win the game from here, estimated by playing it out many times (issue 52,
// any number of seats): every playout a copy the asking seat cannot tell from the table
// (AnyTable::resample: the cards it has not seen drawn afresh), played to its end by bots of one
// kind. Family-neutral: it asks only AnyTable.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/any_table.h"

namespace inbetween::games {

// One seat's estimated chance to win, with its 95% interval (normal, clamped to [0, 1]).
struct SeatChance {
  double chance = 0;
  double low = 0;
  double high = 0;
};

// Every seat's chance, in seat order (a shared win counts a share to each). They sum to 1 less
// `nobody` (the playouts no seat won), except against a house (AnyTable::against_house, Red Dog):
// there each seat's chance is its own of ending ahead of the house, several may win one game, and
// the chances do not sum to anything in particular.
struct WinEstimate {
  std::vector<SeatChance> seats;
  double nobody = 0;   // the share of playouts no seat won
  int playouts = 0;
  int unfinished = 0;  // playouts cut off at `max_moves` (counted as shared by every seat)
};

// Plays the game out `playouts` times from `seat`'s view with `bot` bots in every seat, each
// playout's unseen cards and bots' randomness from `seed` and its number. A game that is over
// gives its winners. Throws std::invalid_argument for a bad seat, an unknown bot kind or fewer
// than one playout.
WinEstimate estimate_win_chances(const AnyTable& table, Seat seat, int playouts, std::uint64_t seed,
                                 const std::string& bot = "sensible", std::size_t max_moves = 20000);

// How much playing out a hint may do: rounds of one playout of the table as it stands and one
// after each choice, until `rounds` rounds or, after at least `min_rounds`, `moves` bot moves in
// all. Counted in moves, not time, so the same table gives the same figures in every shell (the
// native program and the WebAssembly engine); docs/solver.md, "Any number of seats", says how
// the default was sized to answer within 100 ms.
struct PlayoutBudget {
  int rounds = 300;
  int min_rounds = 40;
  std::size_t moves = 150000;
};

// Each seat's chance now and after each of `choices` (moves of the seat to act, as legal() lists
// them now), every one on copies `seat` cannot tell from the table, played out by `bot` bots.
struct ChoiceChances {
  WinEstimate now;
  std::vector<WinEstimate> after;  // one per choice, in order
  // For each choice, `seat`'s chance after it less its chance after the first choice (a hint's
  // best for chips), measured on the same deals, with its 95% interval: a choice better to win
  // than the first is one whose whole interval is above 0.
  std::vector<SeatChance> gain;
};
// Throws as estimate_win_chances(), and std::invalid_argument for a choice the table refuses.
ChoiceChances estimate_choice_chances(const AnyTable& table, Seat seat, std::span<const AnyMove> choices, std::uint64_t seed,
                                      const PlayoutBudget& budget = {}, const std::string& bot = "sensible");

}  // namespace inbetween::games
