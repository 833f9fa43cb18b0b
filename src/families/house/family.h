#pragma once
// The house games (casino Red Dog): the rule file's `game = "house"`.
#include <cstddef>
#include <string_view>

#include "games/game.h"
#include "families/house/game.h"
#include "families/card_table/family_part.h"
#include "families/card_table/observation.h"
#include "families/house/bots.h"
#include "families/house/measures.h"
#include "families/house/view.h"
#include "families/house/rules.h"

namespace inbetween::games::house {

// Red Dog and its variants, as one games::Family.
struct HouseFamily : card_table::CardTableFamily<HouseGame, Action, Event> {
  using Rules = rules::HouseRules;
  using View = house::View;
  // Its bots, by kind (bots.h).
  using Bots = BotMenu<strategy::HouseBot,
                       strategy::RandomHouseBot, strategy::CautiousHouseBot, strategy::SensibleHouseBot, strategy::OptimalHouseBot>;
  // What `simulate` counts in its games and the words for it (measures.h).
  using Measures = HouseMeasures;
  using Game = HouseGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::house_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::house_rules_to_text(rules); }
  static constexpr std::string_view key = "house";
  // What a learning agent observes, and the next card's chances (observation.cpp): the phase,
  // the posts, the seat's chips, wager and raise, the hands and the cards unseen by rank.
  static int observation_size(const Rules&) { return 9 + card_table::kRanks; }
  static void observe(const Game& game, Seat seat, float* out);
  static NextCard next_card(const Game& game);
  // Each player against the house: no table of the chance to win (the estimate answers).
  static std::optional<std::vector<double>> exact_chances(const Game&) { return std::nullopt; }
  // Nothing is kept between moves: the odds are counted afresh each time.
  static std::size_t let_go_of_unused() { return 0; }
  static void limit_memory(std::size_t, std::size_t) {}
};

static_assert(Family<HouseFamily>);

}  // namespace inbetween::games::house
