#pragma once
// Everything that happens in a pot game is an event; display, protocol and logs read them.
#include <cstdint>
#include <vector>

#include "families/card_table/posts.h"
#include "rules/pot_rules.h"

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
  Push,             // player, amount: the wager comes back
  Bet,              // player, amount (the wager in house games)
  Raise,            // player, amount added
  Stand,            // player
  Pass,             // player
  ThirdCard,        // player (-1 in house games), card, outcome
  Win,              // player, amount won, outcome
  Loss,             // player, amount lost, outcome
  DealerTakesPot,   // player, amount
  DealerChanged,    // player: the new dealer
  GameOver,         // (winners are in the state)
};

// A flat record, so that a hand's events fill a reused buffer without allocating.
struct Event {
  EventKind kind{};
  std::int8_t player = -1;
  bool has_card = false;
  Card card{};
  AceValue ace = AceValue::High;
  Outcome outcome = Outcome::None;
  rules::Chips amount = 0;
};

// Appends an event of `kind` for `player` (-1: nobody) to `events` and returns it; the pot and
// house games make every event through these two.
inline Event& emit(std::vector<Event>& events, EventKind kind, Seat player, rules::Chips amount = 0) {
  Event& e = events.emplace_back();
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  e.amount = amount;
  return e;
}
// ... with a card face up and what it means.
inline Event& emit_card(std::vector<Event>& events, EventKind kind, Seat player, Card card, Outcome outcome = Outcome::None) {
  Event& e = emit(events, kind, player);
  e.has_card = true;
  e.card = card;
  e.outcome = outcome;
  return e;
}

// The event's protocol name, e.g. "post_dealt".
const char* event_name(EventKind kind);
// The outcome's protocol name, e.g. "hit_post"; "" for None.
const char* outcome_name(Outcome outcome);

}  // namespace inbetween::games::pot
