#pragma once
// Each seat's chance to win the game from here, estimated by playing it out many times (issue 52,
// any number of seats): every playout a copy the asking seat cannot tell from the table
// (AnyTable::resample: the cards it has not seen drawn afresh), played to its end by bots of one
// kind. Family-neutral: it asks only AnyTable.
#include <cstdint>
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

// Every seat's chance, in seat order; the chances sum to 1 (a shared win counts a share to each).
struct WinEstimate {
  std::vector<SeatChance> seats;
  int playouts = 0;
  int unfinished = 0;  // playouts cut off at `max_moves` (counted as shared by every seat)
};

// Plays the game out `playouts` times from `seat`'s view with `bot` bots in every seat, each
// playout's unseen cards and bots' randomness from `seed` and its number. A game that is over
// gives its winners. Throws std::invalid_argument for a bad seat, an unknown bot kind or fewer
// than one playout.
WinEstimate estimate_win_chances(const AnyTable& table, Seat seat, int playouts, std::uint64_t seed,
                                 const std::string& bot = "sensible", std::size_t max_moves = 20000);

}  // namespace inbetween::games
