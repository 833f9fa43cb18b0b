#pragma once
// Everything that happens in a house game is an event; display, protocol and logs read them.
#include <cstdint>

#include "families/card_table/event.h"

namespace inbetween::games::house {

enum class EventKind : std::uint8_t {
  Shuffled,       // amount: shuffle number (0 = the first deck)
  DrawForDeal,    // player, card: one card of the draw for who plays first
  DealerChosen,   // player: who plays first
  Bet,            // player, amount: the wager
  Pass,           // player: sits the hand out
  PostDealt,      // card (the table's posts: player -1)
  PostsReplaced,  // a pair of posts: no spread, two new posts follow
  Raise,          // player, amount added
  Stand,          // player
  ThirdCard,      // card, outcome (player -1)
  Win,            // player, amount won, outcome
  Push,           // player, amount: the wager comes back
  Loss,           // player, amount lost, outcome
  DealerChanged,  // player: the order of play moves round
  GameOver,       // (winners are in the state)
};

using Event = card_table::TableEvent<EventKind>;

// The event's protocol name, e.g. "post_dealt" (the same words as the pot games').
const char* event_name(EventKind kind);
// Whether the event's `amount` is a number of chips the protocol shows.
bool carries_chips(EventKind kind);

}  // namespace inbetween::games::house
