#pragma once
// The record of what happens at a card table, written once for every card-table family: each
// family names its own kinds (EventKind in its event.h); the record and its makers are shared.
#include <cstdint>
#include <vector>

#include "families/card_table/posts.h"
#include "games/game.h"
#include "rules/pot_rules.h"

namespace inbetween::games::card_table {

// A flat record, so that a hand's events fill a reused buffer without allocating.
template <class Kind>
struct TableEvent {
  Kind kind{};
  std::int8_t player = -1;
  bool has_card = false;
  Card card{};
  AceValue ace = AceValue::High;
  Outcome outcome = Outcome::None;
  rules::Chips amount = 0;
};

// Appends an event of `kind` for `player` (-1: nobody) to `events` and returns it; every event
// at a card table is made through these two.
template <class Kind>
TableEvent<Kind>& emit(std::vector<TableEvent<Kind>>& events, Kind kind, Seat player, rules::Chips amount = 0) {
  TableEvent<Kind>& e = events.emplace_back();
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  e.amount = amount;
  return e;
}
// ... with a card face up and what it means.
template <class Kind>
TableEvent<Kind>& emit_card(std::vector<TableEvent<Kind>>& events, Kind kind, Seat player, Card card, Outcome outcome = Outcome::None) {
  TableEvent<Kind>& e = emit(events, kind, player);
  e.has_card = true;
  e.card = card;
  e.outcome = outcome;
  return e;
}

}  // namespace inbetween::games::card_table
