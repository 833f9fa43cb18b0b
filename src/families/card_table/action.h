#pragma once
// The actions every card-table family has: a bet (a pot game's stake on the third card, Red
// Dog's wager before the posts) and a pass. Each family's own action.h adds the rest.
#include <string>
#include <variant>

#include <fmt/format.h>

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

// The chips an action carries (a bet, a wager, a rebuy), 0 for the others: whatever alternative
// of a family's Action variant has an `amount`.
template <class Action>
Chips chips_of(const Action& action) {
  return std::visit(
      [](const auto& a) -> Chips {
        if constexpr (requires { a.amount; }) return a.amount;
        else return 0;
      },
      action);
}

// The action with its amount set (bet, wager, rebuy); other actions come back unchanged.
template <class Action>
Action action_with_amount(const Action& action, Chips amount) {
  return std::visit(
      [amount](auto a) -> Action {
        if constexpr (requires { a.amount; }) a.amount = amount;
        return a;
      },
      action);
}

// The action in words from its protocol name: "bet 3", "rebuy 5", "raise", "pass".
template <class Action>
std::string name_and_chips(const Action& action, const char* name) {
  return std::visit([name](const auto& a) { if constexpr (requires { a.amount; }) return fmt::format("{} {}", name, a.amount); else return std::string(name); },
                    action);
}

}  // namespace inbetween::games::card_table
