#pragma once
// What a seat at a card table holds and what the table waits for: the part of the pot games'
// and the house game's state that the shared card-table code (seating, the seat's lens) reads.
#include <span>
#include <string>

#include "families/card_table/action.h"
#include "games/game.h"

namespace inbetween::games::pot {

// A seat at the table.
struct Player {
  std::string name;
  Chips chips = 0;
  Chips bought = 0;   // start chips plus rebuys: what this player put into the game
  Chips wager = 0;    // house games: chips on the table this hand
  bool raised = false;  // house games: the wager was doubled
};

// Every chip the players put into the game: start chips and rebuys.
inline Chips bought_total(std::span<const Player> players) {
  Chips total = 0;
  for (const auto& p : players) total += p.bought;
  return total;
}

// What the game waits for.
enum class Phase { Wager, CallFirstAce, CallSecondAce, Bet, Raise, Over };

using games::Setup;
using games::Seat;

// The actions open to one player right now.
struct Legal {
  bool bet = false;
  Chips bet_min = 0, bet_max = 0;
  bool pass = false;
  bool call = false;
  bool raise = false;
  bool stand = false;
  bool rebuy = false;
  Chips rebuy_max = 0;
  bool any() const { return bet || pass || call || raise || stand || rebuy; }
};

}  // namespace inbetween::games::pot
