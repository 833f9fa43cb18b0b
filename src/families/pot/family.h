#pragma once
// The pot-game family (the Hoyle and banker home games, Between the Sheets, Acey-Deucey):
// the rule file's `game = "pot"`.
#include <cstddef>
#include <string_view>

#include "rules/rule_files.h"

#include "games/game.h"
#include "families/pot/game.h"
#include "families/card_table/family_part.h"
#include "families/card_table/observation.h"
#include "families/pot/bots.h"
#include "families/pot/measures.h"
#include "families/pot/view.h"

namespace inbetween::games::pot {

// The pot games, as one games::Family.
struct PotFamily : card_table::CardTableFamily<PotGame, Action, Event> {
  using Rules = rules::PotRules;
  using View = pot::View;
  // Its bots, by kind (bots.h).
  using Bots = BotMenu<strategy::PotBot,
                       strategy::RandomBot, strategy::CautiousBot, strategy::SensibleBot, strategy::OptimalBot,
                       strategy::WinningBot>;
  // What `simulate` counts in its games and the words for it (measures.h).
  using Measures = PotMeasures;
  using Game = PotGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::pot_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::pot_rules_to_text(rules); }
  static constexpr std::string_view key = "pot";
  // What a learning agent observes, and the next card's chances (observation.cpp): the pot,
  // the phase, the posts, the deals, the seat's chips and the cards unseen by rank.
  static int observation_size(const Rules&) { return 9 + card_table::kRanks; }
  static void observe(const Game& game, Seat seat, float* out);
  static NextCard next_card(const Game& game);
  // Heads-up where the chance-to-win table is at hand (PotWinSolver::ready: solved at once or
  // cached), each seat's chance from it (win_cache.cpp).
  static std::optional<std::vector<double>> exact_chances(const Game& game);
  // The heads-up chance-to-win tables nobody asked for since the last call
  // (PotWinSolver::let_go_of_unused, win_cache.cpp).
  static std::size_t let_go_of_unused();
  // The most one heads-up chance-to-win table may hold: a table's knobs (stacks of 200, a
  // thousand deals) could ask for gigabytes, which PotWinSolver refuses. The tables held together
  // are let go of by let_go_of_unused(), not by a budget.
  static void limit_memory(std::size_t one_table, std::size_t all_tables);
};

static_assert(Family<PotFamily>);

}  // namespace inbetween::games::pot
