#pragma once
// The house games (casino Red Dog): the rule file's `game = "house"`.
#include <string_view>

#include "games/game.h"
#include "games/house/house_game.h"
#include "games/house/view.h"
#include "rules/house_rules.h"

namespace inbetween::games::house {

// Red Dog and its variants, as one games::Family.
struct HouseFamily {
  using Rules = rules::HouseRules;
  using Action = pot::Action;
  using Event = pot::Event;
  using View = house::View;
  using Game = HouseGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::house_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::house_rules_to_text(rules); }
  static constexpr std::string_view key = "house";
  static Action with_amount(const Action& action, Chips amount) { return pot::with_amount(action, amount); }
};

static_assert(Family<HouseFamily>);

}  // namespace inbetween::games::house
