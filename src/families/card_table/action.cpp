#include "families/card_table/action.h"

#include <fmt/format.h>

namespace inbetween::games::pot {

std::string describe(const Action& action) {
  if (auto* b = std::get_if<Bet>(&action)) return fmt::format("bet {}", b->amount);
  if (auto* c = std::get_if<Call>(&action)) return fmt::format("call {}", c->ace == AceValue::Low ? "low" : "high");
  if (auto* r = std::get_if<Rebuy>(&action)) return fmt::format("rebuy {}", r->amount);
  return action_name(action);
}

Chips amount_of(const Action& action) {
  if (auto* b = std::get_if<Bet>(&action)) return b->amount;
  if (auto* r = std::get_if<Rebuy>(&action)) return r->amount;
  return 0;
}

}  // namespace inbetween::games::pot
