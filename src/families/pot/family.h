#pragma once
// The pot-game family (the Hoyle and banker home games, Between the Sheets, Acey-Deucey):
// the rule file's `game = "pot"`.
#include <string_view>

#include "rules/rule_files.h"

#include "games/game.h"
#include "families/pot/game.h"
#include "families/pot/bots.h"
#include "families/pot/measures.h"
#include "families/pot/view.h"

namespace inbetween::games::pot {

// The pot games, as one games::Family.
struct PotFamily {
  using Rules = rules::PotRules;
  using Action = pot::Action;
  using Event = pot::Event;
  using View = pot::View;
  // Its bots: a bot by kind (nullptr for an unknown kind), every kind, and the kind that plays
  // for a person who is away.
  struct Bots {
    using Bot = strategy::PotBot;
    static std::unique_ptr<Bot> make(const std::string& kind) { return strategy::make_pot_bot(kind); }
    static std::vector<std::string> kinds() { return strategy::pot_bot_kinds(); }
    static constexpr std::string_view stand_in = "sensible";
  };
  // What `simulate` counts in its games and the words for it (measures.h).
  using Measures = PotMeasures;
  using Game = PotGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::pot_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::pot_rules_to_text(rules); }
  static constexpr std::string_view key = "pot";
  // A choice in words ("bet 3", "call high"); a seat's stack; the chips an action carries.
  static std::string describe(const Game&, Seat, const Action& action) { return pot::describe(action); }
  static std::int64_t standing(const Game& game, Seat seat) { return game.players()[static_cast<std::size_t>(seat)].chips; }
  static Chips amount_of(const Action& action) { return pot::amount_of(action); }
  static Action with_amount(const Action& action, Chips amount) { return pot::with_amount(action, amount); }
};

static_assert(Family<PotFamily>);

}  // namespace inbetween::games::pot
