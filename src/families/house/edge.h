#pragma once
// Red Dog (house games) by exact enumeration of every ordered deal of posts and third card.
#include <cstdint>
#include <vector>

#include "families/house/rules.h"
#include "families/card_table/unseen.h"

namespace inbetween::strategy {

// One spread of the pay table: how often it comes, and what a wager of 1 is worth on it.
struct SpreadLine {
  int spread = 0;
  int pays = 0;
  std::int64_t deals = 0;   // ordered post pairs with this spread (out of N(N-1))
  double probability = 0;   // of this spread being dealt
  double ev_stand = 0;      // expected net of a wager of 1, standing
  bool raise = false;       // raising is right when standing wins on average
  double ev_best = 0;       // with the right raise decision (per original wager)
};

// Everything about a house table for one shoe composition.
struct RedDogAnalysis {
  int cards = 0;                       // N, the shoe
  std::int64_t denominator = 0;        // N(N-1)(N-2): ordered deals of three cards
  std::vector<SpreadLine> spreads;     // spreads 1..11 (zero-probability ones included)
  double p_consecutive = 0, p_pair = 0, p_trips = 0;
  double ev_pair = 0;                  // expected net of a wager of 1 when the posts pair
  std::int64_t player_numerator = 0;   // player's expected net per wager of 1, times denominator
  double player_ev() const { return static_cast<double>(player_numerator) / static_cast<double>(denominator); }
  double house_edge() const { return -player_ev(); }
};

// The analysis for `shoe` (e.g. fresh_counts(rules)); throws std::invalid_argument for
// rules this enumeration does not cover (pair_posts = redeal).
RedDogAnalysis analyse_house_game(const rules::HouseRules& rules, const RankCounts& shoe);
// A wager of 1 standing on these posts: between pays by the spread; anything else loses it.
double spread_unit_ev(const rules::HouseRules& rules, const card_table::Posts& posts, const ThirdCardOdds& odds);

}  // namespace inbetween::strategy
