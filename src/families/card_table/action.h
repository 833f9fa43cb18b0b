#pragma once
// The actions every card-table family has: a bet (a pot game's stake on the third card, Red
// Dog's wager before the posts) and a pass. Each family's own action.h adds the rest.
#include "rules/pot_rules.h"

namespace inbetween::games::card_table {

using rules::Chips;

// Stake `amount`: on the third card (pot games) or against the house before the posts (wager).
struct Bet {
  Chips amount = 0;
  friend bool operator==(const Bet&, const Bet&) = default;
};
// Decline the bet (a fold) where the rules allow it; sit a hand out in a house game.
struct Pass {
  friend bool operator==(const Pass&, const Pass&) = default;
};

}  // namespace inbetween::games::card_table
