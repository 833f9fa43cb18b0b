#pragma once
// What `simulate` counts in Red Dog: bets and hands of the table, the cards dealt, the chips
// wagered against the house (for the house edge, beside the exact one).
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>

#include "families/house/edge.h"
#include "families/card_table/family_part.h"
#include "families/house/game.h"
#include "games/measures.h"

namespace inbetween::games::house {

struct HouseMeasures : card_table::CardTableMeasures<HouseGame, Action> {
  static constexpr LengthWords words{"bets", "hands", "cards dealt"};
  static constexpr bool has_pot = false;
  static constexpr bool against_house = true;

  static void count_events(std::span<const Event> events, GameMeasures& m) {
    using K = EventKind;
    for (const auto& e : events) {
      switch (e.kind) {
        case K::PostDealt:
        case K::ThirdCard: ++m.cards; break;
        case K::Bet:
          m.add_turns(m.seat(e.player), 1);
          m.wagered += e.amount;
          break;
        default: break;
      }
    }
  }
  static void read_length(const HouseGame& game, GameMeasures& m) {
    m.rounds = game.hands_done();
    m.ended_by_limit = game.hands_total() > 0 && game.hands_done() >= game.hands_total();
  }
  static std::optional<Chips> pot_at_bet(const HouseGame&) { return std::nullopt; }
  // The house's result in a finished game.
  static Chips house_result(const HouseGame& game) { return game.house(); }
  // The exact house edge of these rules with a fresh shoe, where one can be worked out.
  static std::optional<double> exact_house_edge(const rules::HouseRules& rules) {
    try {
      return strategy::analyse_house_game(rules, strategy::fresh_counts(rules.deck_cards, rules.decks)).house_edge();
    } catch (const std::invalid_argument&) {
      return std::nullopt;  // no exact figure for these rules; the simulated one stands alone
    }
  }
};

}  // namespace inbetween::games::house
