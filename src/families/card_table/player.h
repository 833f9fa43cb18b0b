#pragma once
// A seat at a card table as the shared card-table code (seating, the seat's lens, results)
// reads it: a name and chips. A family whose seats hold more (Red Dog's wager) extends it.
#include <span>
#include <string>

#include "games/game.h"
#include "rules/pot_rules.h"

namespace inbetween::games::card_table {

using rules::Chips;

// A seat at the table.
struct Player {
  std::string name;
  Chips chips = 0;
  Chips bought = 0;  // start chips plus rebuys: what this player put into the game
};

// Every chip the players put into the game: start chips and rebuys.
template <class SeatedPlayer>
Chips bought_total(std::span<const SeatedPlayer> players) {
  Chips total = 0;
  for (const auto& p : players) total += p.bought;
  return total;
}

}  // namespace inbetween::games::card_table
