#pragma once
// What one game measures beyond its result, read from the events each family reports: its
// length in the family's own words, the cards it put on the table, ThreeBeTween's busts, banks
// and passes. The games say what happened; this file only counts it.
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "games/house/family.h"
#include "games/pot/family.h"
#include "games/three/family.h"

namespace inbetween::sim {

// A family's words for its units of length (docs/simulate.md, "Units").
struct LengthWords {
  std::string_view turn;   // one player's go: a hand at the posts, a bet, a ThreeBeTween turn
  std::string_view round;  // once round the table: a deal, a hand of the table, a round
  std::string_view card;   // the cards the time model counts: dealt, or placed in ThreeBeTween
};

// One seat's counts in one game.
struct SeatMeasures {
  std::int64_t turns = 0, busts = 0, banks = 0, passes = 0;
  std::int64_t posts = 0;  // pot games: posts dealt to this seat, to count hands in pairs
};

// One game's counts; `rounds` and `ended_by_limit` are read from the game at its end.
struct GameMeasures {
  std::int64_t turns = 0, rounds = 0, cards = 0;
  bool ended_by_limit = false;  // the rules' deal (or hand) limit ended it, not the players
  std::vector<SeatMeasures> seats;
  void reset(std::size_t players) {
    turns = rounds = cards = 0;
    ended_by_limit = false;
    seats.assign(players, {});
  }
};

template <class F>
constexpr LengthWords length_words() {
  if constexpr (std::is_same_v<F, games::three::ThreeFamily>) return {"turns", "rounds", "cards placed"};
  else if constexpr (std::is_same_v<F, games::house::HouseFamily>) return {"bets", "hands", "cards dealt"};
  else return {"hands", "deals", "cards dealt"};
}

// Counts a move of `seat`: a ThreeBeTween turn is a draw.
template <class F>
void count_move(games::Seat seat, const typename F::Action& action, GameMeasures& m) {
  if constexpr (std::is_same_v<F, games::three::ThreeFamily>)
    if (std::holds_alternative<games::three::Draw>(action)) {
      ++m.turns;
      ++m.seats[static_cast<std::size_t>(seat)].turns;
    }
}

// Counts what `events` report into `m`.
template <class F>
void count_events(std::span<const typename F::Event> events, GameMeasures& m) {
  auto seat = [&](int player) -> SeatMeasures* {
    return player >= 0 && static_cast<std::size_t>(player) < m.seats.size() ? &m.seats[static_cast<std::size_t>(player)] : nullptr;
  };
  auto turn = [&](SeatMeasures* s, int by) {
    m.turns += by;
    if (s) s->turns += by;
  };
  if constexpr (std::is_same_v<F, games::three::ThreeFamily>) {
    using K = games::three::EventKind;
    for (const auto& e : events) {
      auto* s = seat(e.player);
      switch (e.kind) {
        case K::RoundStarted: ++m.rounds; break;
        case K::Placed: ++m.cards; break;
        case K::Bust: if (s) ++s->busts; break;
        case K::Banked: if (s) ++s->banks; break;
        case K::Passed: if (s) ++s->passes; break;
        default: break;
      }
    }
  } else {
    using K = games::pot::EventKind;
    constexpr bool kHouse = std::is_same_v<F, games::house::HouseFamily>;
    for (const auto& e : events) {
      auto* s = seat(e.player);
      switch (e.kind) {
        case K::PostDealt:
          ++m.cards;
          // A pot-game hand is one pair of posts: count the second of each pair.
          if (!kHouse && s && ++s->posts % 2 == 0) turn(s, 1);
          break;
        case K::PostsReplaced:  // two new posts follow for the same hand
          if (!kHouse) turn(s, -1);
          break;
        case K::ThirdCard: ++m.cards; break;
        case K::Bet:
          if (kHouse) turn(s, 1);
          break;
        default: break;
      }
    }
  }
}

}  // namespace inbetween::sim
