#pragma once
// Everything that happens in a pot game is an event; display, protocol and logs read them.
#include <cstdint>

#include "families/card_table/event.h"

namespace inbetween::games::pot {

enum class EventKind : std::uint8_t {
  Shuffled,         // amount: shuffle number (0 = the first deck)
  DrawForDeal,      // player, card: one card of the draw for the first deal
  DealerChosen,     // player
  Ante,             // player, amount
  BankerStake,      // player, amount: the dealer's stake into a new pot
  Rebuy,            // player, amount
  PostDealt,        // player, card
  AceCalled,        // player, ace
  PostsReplaced,    // player: identical posts go to the discards, two new ones follow
  PairPaid,         // player, amount: paid from the pot for a pair of posts
  ConsecutiveLoss,  // player, amount: consecutive posts lose the minimum bet
  Push,             // player, amount: consecutive posts under consecutive_posts = "push"
  Bet,              // player, amount
  Pass,             // player
  ThirdCard,        // player, card, outcome
  Win,              // player, amount won, outcome
  Loss,             // player, amount lost, outcome
  DealerTakesPot,   // player, amount
  DealerChanged,    // player: the new dealer
  GameOver,         // (winners are in the state)
};

using Event = card_table::TableEvent<EventKind>;

// The event's protocol name, e.g. "post_dealt".
const char* event_name(EventKind kind);
// Whether the event's `amount` is a number of chips the protocol shows.
bool carries_chips(EventKind kind);

}  // namespace inbetween::games::pot
