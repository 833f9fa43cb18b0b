#pragma once
// What the card-table families (the pot games and the house game) share in their descriptors and
// simulation measures: a choice in words, a seat's chips, the chips an action carries, and a
// seat's result as its chips less what it bought. Each family's own descriptor adds the rest.
#include <cstdint>
#include <string>
#include <string_view>

#include "families/card_table/action.h"
#include "games/game.h"
#include "rules/pot_rules.h"

namespace inbetween::games::card_table {

using rules::Chips;

// `ActionT` and `EventT` are the family's own; describe_action is its own function beside its
// Action (found by argument-dependent lookup).
template <class Game, class ActionT, class EventT>
struct CardTableFamily {
  using Action = ActionT;
  using Event = EventT;
  // A choice in words ("bet 3", "raise"); a seat's stack; the chips an action carries.
  static std::string describe(const Game&, Seat, const Action& action) { return describe_action(action); }
  static std::int64_t standing(const Game& game, Seat seat) { return game.players()[static_cast<std::size_t>(seat)].chips; }
  static Chips amount_of(const Action& action) { return card_table::chips_of(action); }
  static Action with_amount(const Action& action, Chips amount) { return card_table::action_with_amount(action, amount); }
  // Posts and third cards are dealt face up: every seat sees the whole table.
  static constexpr bool seats_see_differently = false;
  // A decision offers a handful of choices (pass, bet, two ace calls, rebuy): room for 8.
  static constexpr int choice_slots = 8;
};

template <class Game, class ActionT>
struct CardTableMeasures {
  static constexpr std::string_view unit = "chips";
  static constexpr bool counts_banks = false;  // ThreeBeTween's busts, banks and passes
  static void count_move(Seat, const ActionT&, GameMeasures&) {}
  static std::int64_t seat_score(const Game& game, Seat seat) {
    const auto& p = game.players()[static_cast<std::size_t>(seat)];
    return p.chips - p.bought;
  }
};

}  // namespace inbetween::games::card_table
