#pragma once
// ThreeBeTween with the Alpha letter deck: the rule file's `game = "threebetween"`.
#include <string_view>

#include "rules/three_rules.h"

#include "games/game.h"
#include "games/three/three_game.h"
#include "games/three/view.h"

namespace inbetween::games::three {

// ThreeBeTween, as one games::Family.
struct ThreeFamily {
  using Rules = rules::ThreeRules;
  using Action = three::Action;
  using Event = three::Event;
  using View = three::View;
  using Game = ThreeGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::three_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::three_rules_to_text(rules); }
  static constexpr std::string_view key = "threebetween";
  // No ThreeBeTween action carries an amount.
  static Action with_amount(const Action& action, Chips) { return action; }
};

static_assert(Family<ThreeFamily>);

}  // namespace inbetween::games::three
