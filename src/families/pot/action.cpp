#include "families/pot/action.h"

#include <fmt/format.h>

namespace inbetween::games::pot {

const char* action_name(const Action& action) {
  static constexpr const char* kNames[] = {"bet", "pass", "call", "rebuy"};
  return kNames[action.index()];
}

std::string describe_action(const Action& action) {
  if (auto* b = std::get_if<Bet>(&action)) return fmt::format("bet {}", b->amount);
  if (auto* c = std::get_if<Call>(&action)) return fmt::format("call {}", c->ace == AceValue::Low ? "low" : "high");
  if (auto* r = std::get_if<Rebuy>(&action)) return fmt::format("rebuy {}", r->amount);
  return action_name(action);
}

Chips chips_of(const Action& action) {
  if (auto* b = std::get_if<Bet>(&action)) return b->amount;
  if (auto* r = std::get_if<Rebuy>(&action)) return r->amount;
  return 0;
}

Action action_with_amount(const Action& action, Chips amount) {
  if (std::holds_alternative<Bet>(action)) return Bet{amount};
  if (std::holds_alternative<Rebuy>(action)) return Rebuy{amount};
  return action;
}

}  // namespace inbetween::games::pot
