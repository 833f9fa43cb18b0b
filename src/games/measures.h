#pragma once
// What a simulated game counts beyond its result, in a shape every family fills: each family's
// `Measures` (families/NAME/measures.h) reads its own events into these and names its units;
// sim/ only adds them up.
#include <cstdint>
#include <string_view>
#include <vector>

namespace inbetween::games {

// A family's words for its units of length (docs/simulate.md, "Units").
struct LengthWords {
  std::string_view turn;   // one player's go: a hand at the posts, a bet, a ThreeBeTween turn
  std::string_view round;  // once round the table: a deal, a hand of the table, a round
  std::string_view card;   // the cards the time model counts: dealt, or placed in ThreeBeTween
};

// One seat's counts in one game.
struct SeatMeasures {
  std::int64_t turns = 0, busts = 0, banks = 0, passes = 0;
  std::int64_t posts = 0;  // card-table games: posts dealt to this seat, to count hands in pairs
};

// One game's counts; `rounds` and `ended_by_limit` are read from the game at its end.
struct GameMeasures {
  std::int64_t turns = 0, rounds = 0, cards = 0;
  std::int64_t wagered = 0;     // against a house: every chip bet, for the house edge
  bool ended_by_limit = false;  // the rules' deal (or hand) limit ended it, not the players
  std::vector<SeatMeasures> seats;
  void reset(std::size_t players) {
    turns = rounds = cards = wagered = 0;
    ended_by_limit = false;
    seats.assign(players, {});
  }
  SeatMeasures* seat(int index) {  // a seat (games::Seat), or -1 for none
    return index >= 0 && static_cast<std::size_t>(index) < seats.size() ? &seats[static_cast<std::size_t>(index)] : nullptr;
  }
  void add_turns(SeatMeasures* s, std::int64_t by) {
    turns += by;
    if (s) s->turns += by;
  }
};

}  // namespace inbetween::games
