#pragma once
// What a player can do in a pot game, what the game waits for, and the actions open now.
#include <string>
#include <variant>

#include "families/card_table/action.h"
#include "families/card_table/player.h"
#include "families/card_table/posts.h"
#include "games/game.h"

namespace inbetween::games::pot {

// The card-table parts every pot game uses under their own names.
using card_table::AceValue;
using card_table::Bet;
using card_table::Card;
using card_table::Outcome;
using card_table::Pass;
using card_table::Player;
using card_table::Posts;
using games::Refusal;
using games::Seat;
using games::Setup;
using rules::Chips;

// Fix an ace post high or low.
struct Call {
  AceValue ace = AceValue::High;
  friend bool operator==(const Call&, const Call&) = default;
};
// Buy more chips (banker game); allowed at any time.
struct Rebuy {
  Chips amount = 0;
  friend bool operator==(const Rebuy&, const Rebuy&) = default;
};

using Action = std::variant<Bet, Pass, Call, Rebuy>;

// What the game waits for.
enum class Phase { CallFirstAce, CallSecondAce, Bet, Over };

// The actions open to one player right now.
struct Legal {
  bool bet = false;
  Chips bet_min = 0, bet_max = 0;
  bool pass = false;
  bool call = false;
  bool rebuy = false;
  Chips rebuy_max = 0;
  bool any() const { return bet || pass || call || rebuy; }
};

// The action's protocol name: "bet", "pass", "call", "rebuy".
const char* action_name(const Action& action);
// The action in words: "bet 3", "call high", "rebuy 5", "pass".
std::string describe_action(const Action& action);

}  // namespace inbetween::games::pot
