#include "families/pot/odds.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "families/pot/betting.h"

namespace inbetween::strategy {

BetSituation bet_situation(const rules::PotRules& rules, const pot::Posts& posts, Chips pot, Chips stack, bool first_deck, std::string* why) {
  BetSituation sit;
  sit.pot = pot;
  sit.stack = stack;
  sit.min_bet = rules.min_bet;
  sit.max_bet = games::pot::bet_limit(rules, posts, pot, stack, first_deck, why);
  sit.can_bet = sit.max_bet >= sit.min_bet;
  sit.can_pass = rules.allow_pass || !sit.can_bet;
  return sit;
}

double bet_ev(const rules::PotRules& rules, const ThirdCardOdds& o, Chips amount, Chips stack) {
  if (o.total == 0) return 0;
  double b = static_cast<double>(amount);
  double lost = static_cast<double>(o.outside) * static_cast<double>(pot::loss_for(rules, pot::Outcome::Outside, amount, stack)) +
                static_cast<double>(o.hit_post) * static_cast<double>(pot::loss_for(rules, pot::Outcome::HitPost, amount, stack)) +
                static_cast<double>(o.triple_ace) * static_cast<double>(pot::loss_for(rules, pot::Outcome::TripleAce, amount, stack));
  return (static_cast<double>(o.between) * b - lost) / o.total;
}

namespace {
double log_growth(const rules::PotRules& rules, const ThirdCardOdds& o, Chips amount, Chips stack) {
  auto term = [&](int ways, double after) {
    if (ways == 0) return 0.0;
    if (after <= 0) return -std::numeric_limits<double>::infinity();
    return o.p(ways) * std::log(after / static_cast<double>(stack));
  };
  double s = static_cast<double>(stack);
  return term(o.between, s + static_cast<double>(amount)) +
         term(o.outside, s - static_cast<double>(pot::loss_for(rules, pot::Outcome::Outside, amount, stack))) +
         term(o.hit_post, s - static_cast<double>(pot::loss_for(rules, pot::Outcome::HitPost, amount, stack))) +
         term(o.triple_ace, s - static_cast<double>(pot::loss_for(rules, pot::Outcome::TripleAce, amount, stack)));
}
}  // namespace

BetAdvice advise_bet(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, const BetSituation& sit) {
  BetAdvice a;
  a.odds = third_card_odds(posts, unseen);
  const auto& o = a.odds;
  if (o.total > 0)
    a.edge = (o.between - o.outside - static_cast<double>(rules.post_hit_multiplier) * o.hit_post -
              static_cast<double>(rules.triple_ace_multiplier) * o.triple_ace) / o.total;
  bool bets = sit.can_bet && sit.max_bet >= sit.min_bet;
  if (!bets) return a;
  a.ev_min = bet_ev(rules, o, sit.min_bet, sit.stack);
  a.ev_max = bet_ev(rules, o, sit.max_bet, sit.stack);
  // Expected chips are piecewise linear in the bet, kinks where a loss reaches the stack:
  // the best bet is an end of the range or a kink.
  std::vector<Chips> candidates = {sit.min_bet, sit.max_bet};
  for (int m : {1, rules.post_hit_multiplier, rules.triple_ace_multiplier}) {
    Chips k = sit.stack / m;  // k + 1 only below the largest amount: a stack of 2^63 - 1 chips is allowed
    for (Chips kink : {k, k < std::numeric_limits<Chips>::max() ? k + 1 : k})
      if (kink >= sit.min_bet && kink <= sit.max_bet) candidates.push_back(kink);
  }
  a.best_bet = sit.can_pass ? 0 : sit.min_bet;
  a.best_ev = sit.can_pass ? 0.0 : a.ev_min;
  for (Chips b : candidates) {
    double ev = bet_ev(rules, o, b, sit.stack);
    if (ev > a.best_ev + 1e-12) {
      a.best_ev = ev;
      a.best_bet = b;
    }
  }
  // Growth is concave in the bet: a ternary search over whole chips, then the ends and passing.
  Chips lo = sit.min_bet, hi = sit.max_bet;
  while (hi - lo > 2) {
    Chips m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (log_growth(rules, o, m1, sit.stack) < log_growth(rules, o, m2, sit.stack)) lo = m1 + 1;
    else hi = m2 - 1;
  }
  a.kelly_bet = sit.can_pass ? 0 : sit.min_bet;
  a.kelly_growth = sit.can_pass ? 0.0 : log_growth(rules, o, sit.min_bet, sit.stack);
  for (Chips b = lo; b <= hi; ++b) {
    double g = log_growth(rules, o, b, sit.stack);
    if (g > a.kelly_growth + 1e-15) {
      a.kelly_growth = g;
      a.kelly_bet = b;
    }
    if (b == hi) break;  // ++b past the largest amount would overflow
  }
  return a;
}

double position_value(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, Chips pot,
                      Chips stack, bool first_deck) {
  if (games::pot::posts_pair(rules, posts)) {
    if (rules.pair_posts == rules::PairPosts::Pay) return static_cast<double>(std::min(rules.pair_pays, pot));
    // A redeal starts the turn again: its value does not depend on this decision; count it as 0.
    if (rules.pair_posts == rules::PairPosts::Redeal) return 0;
  } else if (posts.consecutive()) {
    if (rules.consecutive_posts == rules::ConsecutivePosts::LoseMin) return -static_cast<double>(std::min(rules.min_bet, stack));
    if (rules.consecutive_posts == rules::ConsecutivePosts::Push) return 0;
  }
  BetSituation sit;
  sit.pot = pot;
  sit.stack = stack;
  sit.min_bet = rules.min_bet;
  sit.max_bet = pot::bet_limit(rules, posts, pot, stack, first_deck, nullptr);
  sit.can_bet = sit.max_bet >= sit.min_bet;
  sit.can_pass = rules.allow_pass || !sit.can_bet;
  return advise_bet(rules, posts, unseen, sit).best_ev;
}

AceCallAdvice advise_second_ace(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, Chips pot,
                                Chips stack, bool first_deck) {
  AceCallAdvice a;
  pot::Posts p = posts;
  p.ace[1] = pot::AceValue::High;
  a.ev_high = position_value(rules, p, unseen, pot, stack, first_deck);
  p.ace[1] = pot::AceValue::Low;
  a.ev_low = position_value(rules, p, unseen, pot, stack, first_deck);
  a.best = a.ev_low > a.ev_high ? pot::AceValue::Low : pot::AceValue::High;
  return a;
}

AceCallAdvice advise_first_ace(const rules::PotRules& rules, cards::Card first, const RankCounts& unseen, Chips pot,
                               Chips stack, bool first_deck) {
  AceCallAdvice a;
  for (pot::AceValue call : {pot::AceValue::High, pot::AceValue::Low}) {
    double total = 0;
    for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
      int n = unseen.count[static_cast<std::size_t>(rank)];
      if (n == 0) continue;
      RankCounts rest = unseen;
      cards::Card second = cards::Card::of(rank, cards::Suit::Spades);
      rest.count[static_cast<std::size_t>(rank)] -= 1;
      rest.total -= 1;
      pot::Posts posts;
      posts.cards = {first, second};
      posts.ace = {call, pot::AceValue::High};
      posts.count = 2;
      double v = second.is_ace() && rules.second_ace == rules::SecondAce::Call
                     ? [&] {
                         auto s = advise_second_ace(rules, posts, rest, pot, stack, first_deck);
                         return std::max(s.ev_high, s.ev_low);
                       }()
                     : position_value(rules, posts, rest, pot, stack, first_deck);
      total += n * v;
    }
    (call == pot::AceValue::High ? a.ev_high : a.ev_low) = unseen.total > 0 ? total / unseen.total : 0.0;
  }
  a.best = a.ev_low > a.ev_high ? pot::AceValue::Low : pot::AceValue::High;
  return a;
}

PotPostsAnswer ask_two_posts(const rules::PotRules& rules, const pot::Posts& posts, const RankCounts& unseen, Chips pot,
                             Chips stack, bool first_deck) {
  using Settled = PotPostsAnswer::Settled;
  PotPostsAnswer a;
  if (posts.pair(pot::aces_can_differ(rules))) {
    if (rules.pair_posts == rules::PairPosts::Pay) {
      a.settled = Settled::PairPaid;
      a.player_chips = std::min(rules.pair_pays, pot);
      return a;
    }
    if (rules.pair_posts == rules::PairPosts::Redeal) {
      a.settled = Settled::Redeal;
      return a;
    }
  } else if (posts.consecutive() && rules.consecutive_posts != rules::ConsecutivePosts::Play) {
    bool lose = rules.consecutive_posts == rules::ConsecutivePosts::LoseMin;
    a.settled = lose ? Settled::ConsecutiveLoss : Settled::Push;
    a.player_chips = lose ? -rules.min_bet : 0;
    return a;
  }
  a.situation = bet_situation(rules, posts, pot, stack, first_deck, &a.limit);
  a.advice = advise_bet(rules, posts, unseen, a.situation);
  return a;
}

}  // namespace inbetween::strategy
