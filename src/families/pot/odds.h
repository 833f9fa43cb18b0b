#pragma once
// Exact odds for the pot games: how the third card can fall given the cards still unseen,
// the expected value of every choice, and the best bet for two objectives.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cards/card.h"
#include "families/card_table/unseen.h"
#include "families/pot/action.h"
#include "rules/pot_rules.h"

namespace inbetween::strategy {

namespace pot = games::pot;
using rules::Chips;

// The whole shoe of the rules' decks (deck file x decks).
inline RankCounts fresh_counts(const rules::PotRules& rules) { return fresh_counts(rules.deck_cards, rules.decks); }

// Where a bet is decided: the money on the table and what the rules allow.
struct BetSituation {
  Chips pot = 0;
  Chips stack = 0;
  Chips min_bet = 1;
  Chips max_bet = 0;      // the legal maximum for these posts (betting::bet_limit)
  bool can_pass = false;
  bool can_bet = true;
};

// The bet decision on `posts` with `pot` in the middle and `stack` behind the player, as the
// rules allow it (the bet limit, whether a pass is allowed); `why` receives the binding limit.
BetSituation bet_situation(const rules::PotRules& rules, const pot::Posts& posts, Chips pot, Chips stack, bool first_deck,
                           std::string* why = nullptr);

// The value of a bet decision under both objectives.
struct BetAdvice {
  ThirdCardOdds odds;
  double edge = 0;              // expected chips per chip bet (before any loss cap)
  Chips best_bet = 0;           // 0 = pass
  double best_ev = 0;           // expected chips of best_bet
  Chips kelly_bet = 0;          // growth-optimal bet; 0 = pass
  double kelly_growth = 0;      // expected log growth of the stack with kelly_bet
  double ev_min = 0, ev_max = 0;  // expected chips of the smallest and largest legal bets
};

// Expected chips of a bet of `amount` (losses capped by the stack as the rules say).
double bet_ev(const rules::PotRules& rules, const ThirdCardOdds& odds, Chips amount, Chips stack);
BetAdvice advise_bet(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen,
                     const BetSituation& situation);

// The question `inbetween odds` and Python's odds() ask of two posts: what the rules settle
// without a bet, or else the bet's limits and the value of every choice. Both ask it here and
// only write the answer their own way.
struct PotPostsAnswer {
  enum class Settled { No, PairPaid, Redeal, ConsecutiveLoss, Push };
  Settled settled = Settled::No;
  Chips player_chips = 0;  // what a settled hand gives the player: the pair paid, or minus the loss
  // Where nothing is settled (a pair played on too):
  BetSituation situation;
  std::string limit;  // the bet limit that binds, in words
  BetAdvice advice;
};
PotPostsAnswer ask_two_posts(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, Chips pot,
                             Chips stack, bool first_deck);

// The value of calling the first-post ace high or low, over every second post still to come.
struct AceCallAdvice {
  double ev_high = 0, ev_low = 0;
  pot::AceValue best = pot::AceValue::High;
};
// `first` is the ace; the second post comes from `unseen`; pot and stack fix the bet limits.
AceCallAdvice advise_first_ace(const rules::PotRules& rules, cards::Card first, const RankCounts& unseen, Chips pot,
                               Chips stack, bool first_deck);
// The second post is an ace under second_ace = "call": the better value for the posts as dealt.
AceCallAdvice advise_second_ace(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, Chips pot,
                                Chips stack, bool first_deck);

// The value of the decision after the posts are complete (automatic outcomes included).
double position_value(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, Chips pot,
                      Chips stack, bool first_deck);

}  // namespace inbetween::strategy
