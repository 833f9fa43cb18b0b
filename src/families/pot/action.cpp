#include "families/pot/action.h"

#include <fmt/format.h>

namespace inbetween::games::pot {

const char* action_name(const Action& action) {
  static constexpr const char* kNames[] = {"bet", "pass", "call", "rebuy"};
  return kNames[action.index()];
}

std::string describe_action(const Action& action) {
  if (auto* c = std::get_if<Call>(&action)) return fmt::format("call {}", c->ace == AceValue::Low ? "low" : "high");
  return card_table::name_and_chips(action, action_name(action));
}

}  // namespace inbetween::games::pot
