#pragma once
// Red Dog (house games) by exact enumeration of every ordered deal of posts and third card.
#include <cstdint>
#include <string>
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

// One row of the return table: a way a hand ends, what it nets per original wager of 1 (raises
// included), and how many of the N(N-1)(N-2) ordered deals of three cards end so. The player
// raises where standing wins on average on the posts dealt, as the engine's advice does and
// player_numerator counts; on a shoe of whole decks that is exactly SpreadLine::raise.
enum class HandEnd { ThreeOfAKind, Win, PairPush, ConsecutivePush, LoseRaised, Lose };
struct ReturnLine {
  HandEnd end = HandEnd::Lose;
  int spread = 0;          // Win: the spread; 0 otherwise
  bool raised = false;     // Win and LoseRaised: the wager was raised
  int net = 0;             // units won (+) or lost (-) per original wager of 1
  std::int64_t ways = 0;   // ordered deals of three cards that end so (out of the denominator)
  std::string name() const;  // "win, spread 7, raised", "three of a kind", "lose", ...
  std::string key() const;   // the same for programs: "win", "three_of_a_kind", "lose_raised", ...
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
  // The return table: every way a hand ends, in the order printed; the ways add up to the
  // denominator and ways x net to player_numerator.
  std::vector<ReturnLine> returns;
  std::int64_t raise_ways = 0;         // ordered deals on which the player raises
  std::int64_t square_numerator = 0;   // sum of ways x net^2: E[net^2] times denominator
  // Units bet per hand (1 + the chance of a raise) times denominator.
  std::int64_t bet_numerator() const { return denominator + raise_ways; }
  // The house edge per unit of all money bet, raises included: -player_numerator / bet_numerator.
  double element_of_risk() const { return -static_cast<double>(player_numerator) / static_cast<double>(bet_numerator()); }
  // Of the net of a hand, per original wager of 1, raising where it is right.
  double variance() const;
  double standard_deviation() const;
};

// The analysis for `shoe` (e.g. fresh_counts(rules)); throws std::invalid_argument for
// rules this enumeration does not cover (pair_posts = redeal).
RedDogAnalysis analyse_house_game(const rules::HouseRules& rules, const RankCounts& shoe);
// A wager of 1 standing on these posts: between pays by the spread; anything else loses it.
double spread_unit_ev(const rules::HouseRules& rules, const card_table::Posts& posts, const ThirdCardOdds& odds);

// The question `inbetween odds` and Python's odds() ask of two Red Dog posts: what the rules
// settle without a third card to beat, or else its chances and the value of standing and of
// raising. Both ask it here and only write the answer their own way.
struct HousePostsAnswer {
  enum class Settled { No, PairThirdCard, Redeal, Push };  // PairThirdCard: trips pay, else a push
  Settled settled = Settled::No;
  // Where nothing is settled (a pair played on too):
  ThirdCardOdds odds;
  double stand_value = 0;  // a wager of 1 standing, in chips
  double raise_value = 0;  // the same wager raised (doubled)
  bool raise = false;      // the better choice, where the rules allow a raise
};
HousePostsAnswer ask_two_posts(const rules::HouseRules& rules, const card_table::Posts& posts, const RankCounts& unseen);

}  // namespace inbetween::strategy
