#pragma once
// ThreeBeTween with the Alpha letter deck: the rule file's `game = "threebetween"`.
#include <cstddef>
#include <string_view>

#include "families/three/rules.h"

#include "games/game.h"
#include "families/three/game.h"
#include "families/three/bots.h"
#include "families/three/measures.h"
#include "families/three/view.h"

namespace inbetween::games::three {

// ThreeBeTween, as one games::Family.
struct ThreeFamily {
  using Rules = rules::ThreeRules;
  using Action = three::Action;
  using Event = three::Event;
  using View = three::View;
  // Its bots, by kind (bots.h).
  using Bots = BotMenu<strategy::ThreeBot,
                       strategy::RandomThreeBot, strategy::CautiousThreeBot, strategy::SensibleThreeBot, strategy::OptimalThreeBot,
                       strategy::WinningThreeBot>;
  // What `simulate` counts in its games and the words for it (measures.h).
  using Measures = ThreeMeasures;
  using Game = ThreeGame;
  // The knobs of a rule file whose `game` key is this family's; throws RuleError.
  static Rules load(const rules::RuleFile& file) { return rules::three_rules_from_file(file); }
  // The resolved knobs as "knob = value" lines (`rules show`).
  static std::string to_text(const Rules& rules) { return rules::three_rules_to_text(rules); }
  static constexpr std::string_view key = "threebetween";
  // A choice in words ("place A/E=E"); a seat's points; no action carries an amount.
  static std::string describe(const Game& game, Seat seat, const Action& action) { return three::describe(game, seat, action); }
  static std::int64_t standing(const Game& game, Seat seat) { return game.players()[static_cast<std::size_t>(seat)].total; }
  static Chips amount_of(const Action&) { return 0; }
  // Limit cards, drawn cards and spaces are all face up: every seat sees the whole table.
  static constexpr bool seats_see_differently = false;
  static Action with_amount(const Action& action, Chips) { return action; }
  // A decision offered at most 6 choices over 40 random three-seat games (a layout, a placing,
  // draw, bank, pass): room for 32.
  static constexpr int choice_slots = 32;
  // What a learning agent observes, and the next card's chances (observation.cpp): the phase,
  // the seat's status, limits and filled letters, its limit cards, drawn cards and the cards
  // unseen by kind, its round score, banks, replacement and placings, and the round.
  static int observation_size(const Rules& rules) { return 40 + 3 * static_cast<int>(rules.letter_deck.kinds.size()); }
  static void observe(const Game& game, Seat seat, float* out);
  static NextCard next_card(const Game& game);
  // Heads-up where the win table is at hand (ThreeWinSolver::ready), each seat's chance from the
  // best choice of the seat to act (win_rating.cpp).
  static std::optional<std::vector<double>> exact_chances(const Game& game);
  // The solver's tables nobody used since the last call (ThreeSolver::let_go_of_unused).
  static std::size_t let_go_of_unused();
  // The solver's limits: one table's bytes (a larger one is refused, games::TooBig) and all its
  // tables' together (ThreeSolver::set_memory_limit, set_cache_budget).
  static void limit_memory(std::size_t one_table, std::size_t all_tables);
};

static_assert(Family<ThreeFamily>);

}  // namespace inbetween::games::three
