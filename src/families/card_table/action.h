#pragma once
// What a player can do in a pot game, and why the engine may refuse it.
#include <string>
#include <variant>

#include "games/game.h"
#include "families/card_table/posts.h"
#include "rules/pot_rules.h"

namespace inbetween::games::pot {

using rules::Chips;

// Pot games: stake `amount` on the third card. House games: the wager before the posts.
struct Bet {
  Chips amount = 0;
  friend bool operator==(const Bet&, const Bet&) = default;
};
// Decline the bet (a fold) where the rules allow it.
struct Pass {
  friend bool operator==(const Pass&, const Pass&) = default;
};
// Fix an ace post high or low.
struct Call {
  AceValue ace = AceValue::High;
  friend bool operator==(const Call&, const Call&) = default;
};
// House games: double the wager after the spread is announced.
struct Raise {
  friend bool operator==(const Raise&, const Raise&) = default;
};
// House games: keep the wager as it is.
struct Stand {
  friend bool operator==(const Stand&, const Stand&) = default;
};
// Buy more chips (banker game); allowed at any time.
struct Rebuy {
  Chips amount = 0;
  friend bool operator==(const Rebuy&, const Rebuy&) = default;
};

using Action = std::variant<Bet, Pass, Call, Raise, Stand, Rebuy>;

using games::Refusal;

// The action with its amount set (bet and rebuy); other actions come back unchanged.
Action with_amount(const Action& action, Chips amount);

// The action's protocol name: "bet", "pass", "call", "raise", "stand", "rebuy".
const char* action_name(const Action& action);
// The action in words: "bet 3", "call high", "rebuy 5", "pass".
std::string describe(const Action& action);
// The chips an action carries (a bet or a rebuy), 0 for the others.
Chips amount_of(const Action& action);

}  // namespace inbetween::games::pot
