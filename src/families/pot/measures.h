#pragma once
// What `simulate` counts in a pot game: hands (a pair of posts) and deals, the cards dealt, the
// pot at each bet; a seat's result is its chips less what it bought.
#include <cstdint>
#include <optional>
#include <span>

#include "families/card_table/family_part.h"
#include "families/pot/game.h"
#include "games/measures.h"

namespace inbetween::games::pot {

struct PotMeasures : card_table::CardTableMeasures<PotGame, Action> {
  static constexpr LengthWords words{"hands", "deals", "cards dealt"};
  static constexpr bool has_pot = true;
  static constexpr bool against_house = false;

  static void count_events(std::span<const Event> events, GameMeasures& m) {
    for (const auto& e : events) {
      switch (e.kind) {
        case EventKind::PostDealt: {
          ++m.cards;
          // A hand is one pair of posts: count the second of each pair.
          auto* s = m.seat(e.player);
          if (s && ++s->posts % 2 == 0) m.add_turns(s, 1);
          break;
        }
        case EventKind::PostsReplaced: m.add_turns(m.seat(e.player), -1); break;  // two new posts follow for the same hand
        case EventKind::ThirdCard: ++m.cards; break;
        default: break;
      }
    }
  }
  static void read_length(const PotGame& game, GameMeasures& m) {
    m.rounds = game.deals_done();
    m.ended_by_limit = game.deals_total() > 0 && game.deals_done() >= game.deals_total();
  }
  // The pot a player bets against, sampled at each bet.
  static std::optional<Chips> pot_at_bet(const PotGame& game) {
    if (game.phase() == Phase::Bet) return game.pot();
    return std::nullopt;
  }
};

}  // namespace inbetween::games::pot
