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
          if (auto* s = m.seat(e.player)) s->wager = e.amount;
          break;
        case K::Raise: m.raised += e.amount; break;
        case K::Win: settle(m, e.player, e.amount); break;
        case K::Loss: settle(m, e.player, -e.amount); break;
        case K::Push: settle(m, e.player, 0); break;
        default: break;
      }
    }
  }
  // A bet settled: its net (chips won, lost with any raise, or 0) over its first wager.
  static void settle(GameMeasures& m, int player, Chips net) {
    auto* s = m.seat(player);
    if (!s || s->wager <= 0) return;
    auto units = net / s->wager;
    ++m.bets_settled;
    m.bet_nets += units;
    m.bet_nets_squared += units * units;
  }
  static void read_length(const HouseGame& game, GameMeasures& m) {
    m.rounds = game.hands_done();
    m.ended_by_limit = game.hands_total() > 0 && game.hands_done() >= game.hands_total();
  }
  static std::optional<Chips> pot_at_bet(const HouseGame&) { return std::nullopt; }
  // The house's result in a finished game.
  static Chips house_result(const HouseGame& game) { return game.house(); }
  // The exact figures of these rules with a fresh shoe and best play (odds --house-edge), where
  // they can be worked out: the house edge, the element of risk, the standard deviation per hand.
  struct Exact {
    double house_edge, element_of_risk, sd_per_hand;
  };
  static std::optional<Exact> exact(const rules::HouseRules& rules) {
    try {
      auto a = strategy::analyse_house_game(rules, strategy::fresh_counts(rules.deck_cards, rules.decks));
      return Exact{a.house_edge(), a.element_of_risk(), a.standard_deviation()};
    } catch (const std::invalid_argument&) {
      return std::nullopt;  // no exact figures for these rules; the simulated ones stand alone
    }
  }
};

}  // namespace inbetween::games::house
