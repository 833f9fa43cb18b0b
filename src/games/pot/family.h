#pragma once
// The pot-game family (the Hoyle and banker home games, Between the Sheets, Acey-Deucey):
// the rule file's `game = "pot"`.
#include <string_view>

#include "rules/rule_files.h"

#include "games/game.h"
#include "games/pot/pot_game.h"
#include "games/pot/view.h"

namespace inbetween::games::pot {

// The pot games, as one games::Family.
struct PotFamily {
  using Rules = rules::PotRules;
  using Action = pot::Action;
  using Event = pot::Event;
  using View = pot::View;
  using Game = PotGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::pot_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::pot_rules_to_text(rules); }
  static constexpr std::string_view key = "pot";
  static Action with_amount(const Action& action, Chips amount) { return pot::with_amount(action, amount); }
};

static_assert(Family<PotFamily>);

}  // namespace inbetween::games::pot
