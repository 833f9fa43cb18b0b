#pragma once
// What `simulate` counts in ThreeBeTween: turns (a turn starts with a draw) and rounds, the
// cards placed, and each seat's busts, banks and passes; a seat's result is its points.
#include <cstdint>
#include <optional>
#include <span>
#include <variant>

#include "families/three/game.h"
#include "games/measures.h"

namespace inbetween::games::three {

struct ThreeMeasures {
  static constexpr LengthWords words{"turns", "rounds", "cards placed"};
  static constexpr std::string_view unit = "points";
  static constexpr bool counts_banks = true;
  static constexpr bool has_pot = false;
  static constexpr bool against_house = false;

  static void count_move(Seat seat, const Action& action, GameMeasures& m) {
    if (std::holds_alternative<Draw>(action)) m.add_turns(m.seat(seat), 1);
  }
  static void count_events(std::span<const Event> events, GameMeasures& m) {
    using K = EventKind;
    for (const auto& e : events) {
      auto* s = m.seat(e.player);
      switch (e.kind) {
        case K::RoundStarted: ++m.rounds; break;
        case K::Placed: ++m.cards; break;
        case K::Bust: if (s) ++s->busts; break;
        case K::Banked: if (s) ++s->banks; break;
        case K::Passed: if (s) ++s->passes; break;
        default: break;
      }
    }
  }
  // Rounds are counted as they start, and no limit on them ends a game (a target does).
  static void read_length(const ThreeGame&, GameMeasures&) {}
  static std::int64_t seat_score(const ThreeGame& game, Seat seat) { return game.players()[static_cast<std::size_t>(seat)].total; }
  static std::optional<Chips> pot_at_bet(const ThreeGame&) { return std::nullopt; }
};

}  // namespace inbetween::games::three
