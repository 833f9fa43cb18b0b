#pragma once
// The house games (casino Red Dog): the rule file's `game = "house"`.
#include <string_view>

#include "games/game.h"
#include "families/house/game.h"
#include "families/house/bots.h"
#include "families/house/measures.h"
#include "families/house/view.h"
#include "families/house/rules.h"

namespace inbetween::games::house {

// Red Dog and its variants, as one games::Family.
struct HouseFamily {
  using Rules = rules::HouseRules;
  using Action = pot::Action;
  using Event = pot::Event;
  using View = house::View;
  // Its bots: a bot by kind (nullptr for an unknown kind), every kind, and the kind that plays
  // for a person who is away.
  struct Bots {
    using Bot = strategy::HouseBot;
    static std::unique_ptr<Bot> make(const std::string& kind) { return strategy::make_house_bot(kind); }
    static std::vector<std::string> kinds() { return strategy::house_bot_kinds(); }
    static constexpr std::string_view stand_in = "sensible";
  };
  // What `simulate` counts in its games and the words for it (measures.h).
  using Measures = HouseMeasures;
  using Game = HouseGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::house_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::house_rules_to_text(rules); }
  static constexpr std::string_view key = "house";
  // A choice in words ("bet 3", "raise"); a seat's stack; the chips an action carries.
  static std::string describe(const Game&, Seat, const Action& action) { return pot::describe(action); }
  static std::int64_t standing(const Game& game, Seat seat) { return game.players()[static_cast<std::size_t>(seat)].chips; }
  static Chips amount_of(const Action& action) { return pot::amount_of(action); }
  static Action with_amount(const Action& action, Chips amount) { return pot::with_amount(action, amount); }
};

static_assert(Family<HouseFamily>);

}  // namespace inbetween::games::house
