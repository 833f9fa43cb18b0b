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
  std::int64_t wager = 0;  // against a house: the first wager of this seat's open bet
};

// One game's counts; `rounds` and `ended_by_limit` are read from the game at its end.
struct GameMeasures {
  std::int64_t turns = 0, rounds = 0, cards = 0;
  std::int64_t wagered = 0;     // against a house: the chips first wagered, for the house edge
  std::int64_t raised = 0;      // against a house: the chips added by raises (the element of risk)
  // Against a house: the bets settled, and the sum and the sum of squares of their nets in units
  // of each bet's first wager (a Red Dog raise doubles the wager and the pays are whole
  // multiples, so the units are whole).
  std::int64_t bets_settled = 0, bet_nets = 0, bet_nets_squared = 0;
  bool ended_by_limit = false;  // the rules' deal (or hand) limit ended it, not the players
  std::vector<SeatMeasures> seats;
  void reset(std::size_t players) {
    turns = rounds = cards = wagered = raised = bets_settled = bet_nets = bet_nets_squared = 0;
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
