#pragma once
// What a player can do in a house game (Red Dog), what the game waits for, the actions open
// now, and what a seat holds: its stack and this hand's wager.
#include <string>
#include <variant>

#include "families/card_table/action.h"
#include "families/card_table/player.h"
#include "families/card_table/posts.h"
#include "games/game.h"

namespace inbetween::games::house {

// The card-table parts Red Dog uses under their own names.
using card_table::Bet;  // the wager, before the posts
using card_table::Card;
using card_table::Outcome;
using card_table::Pass;  // sit the hand out: only a stack below the minimum wager may
using card_table::Posts;
using games::Refusal;
using games::Seat;
using games::Setup;
using rules::Chips;

// Double the wager after the spread is announced.
struct Raise {
  friend bool operator==(const Raise&, const Raise&) = default;
};
// Keep the wager as it is.
struct Stand {
  friend bool operator==(const Stand&, const Stand&) = default;
};

using Action = std::variant<Bet, Pass, Raise, Stand>;

// What the game waits for: the wagers, then each wager's raise or stand.
enum class Phase { Wager, Raise, Over };

// The actions open to one player right now.
struct Legal {
  bool bet = false;  // a wager
  Chips bet_min = 0, bet_max = 0;
  bool pass = false;
  bool raise = false;
  bool stand = false;
  bool any() const { return bet || pass || raise || stand; }
};

// A seat at a house table: its stack, and its wager on this hand.
struct Player : card_table::Player {
  Chips wager = 0;      // chips on the table this hand
  bool raised = false;  // the wager was doubled
};

// The action's protocol name: "bet", "pass", "raise", "stand".
const char* action_name(const Action& action);
// The action in words, as the table says them: "wager 3" (a Red Dog bet is a wager, whatever its
// protocol name), "raise", "stand", "pass".
inline std::string describe_action(const Action& action) {
  return card_table::name_and_chips(action, std::holds_alternative<Bet>(action) ? "wager" : action_name(action));
}

}  // namespace inbetween::games::house
