#include "families/house/edge.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace inbetween::strategy {

std::string ReturnLine::name() const {
  switch (end) {
    case HandEnd::ThreeOfAKind: return "three of a kind";
    case HandEnd::Win: return fmt::format("win, spread {}{}", spread, raised ? ", raised" : "");
    case HandEnd::PairPush: return "pair: push";
    case HandEnd::ConsecutivePush: return "consecutive: push";
    case HandEnd::LoseRaised: return "lose, raised";
    case HandEnd::Lose: return "lose";
  }
  return "";
}

std::string ReturnLine::key() const {
  switch (end) {
    case HandEnd::ThreeOfAKind: return "three_of_a_kind";
    case HandEnd::Win: return "win";
    case HandEnd::PairPush: return "pair_push";
    case HandEnd::ConsecutivePush: return "consecutive_push";
    case HandEnd::LoseRaised: return "lose_raised";
    case HandEnd::Lose: return "lose";
  }
  return "";
}

double RedDogAnalysis::variance() const {
  double d = static_cast<double>(denominator), mean = player_ev();
  return static_cast<double>(square_numerator) / d - mean * mean;
}

double RedDogAnalysis::standard_deviation() const { return std::sqrt(variance()); }

RedDogAnalysis analyse_house_game(const rules::HouseRules& rules, const RankCounts& shoe) {
  if (rules.pair_posts == rules::PairPosts::Redeal)
    throw std::invalid_argument("the house edge is computed for pair_posts = \"third-card\" or \"play\"");
  RedDogAnalysis a;
  const std::int64_t n = shoe.total;
  a.cards = shoe.total;
  a.denominator = n * (n - 1) * (n - 2);
  const std::int64_t rest = n - 2;
  auto pays_for = [&](int spread) { return rules::spread_pays(rules, spread); };
  for (int s = 1; s <= 11; ++s) a.spreads.push_back({s, pays_for(s), 0, 0, 0, false, 0});
  std::int64_t pair_deals = 0, consecutive_deals = 0, trips_ways = 0, numerator = 0;
  std::vector<std::int64_t> spread_value(12, 0);  // net numerator (over deals x rest) per spread, standing
  // The return table's ways: ordered deals of three cards, by how the hand ends.
  std::int64_t pair_push_ways = 0, consecutive_push_ways = 0, lose_ways = 0, lose_raised_ways = 0;
  std::vector<std::int64_t> win_ways(12, 0), win_raised_ways(12, 0);
  const auto& c = shoe.count;
  for (int r1 = cards::kLowestRank; r1 <= cards::kAceRank; ++r1) {
    for (int r2 = cards::kLowestRank; r2 <= cards::kAceRank; ++r2) {
      std::int64_t deals = static_cast<std::int64_t>(c[static_cast<std::size_t>(r1)]) *
                           (c[static_cast<std::size_t>(r2)] - (r1 == r2 ? 1 : 0));
      if (deals <= 0) continue;
      int gap = std::abs(r1 - r2);
      if (gap == 0 && rules.pair_posts == rules::PairPosts::ThirdCard) {
        std::int64_t trips = c[static_cast<std::size_t>(r1)] - 2;  // a third card of the pair's rank
        pair_deals += deals;
        trips_ways += deals * trips;
        numerator += deals * trips * rules.triple_pays;  // anything else pushes
        pair_push_ways += deals * (rest - trips);
        continue;
      }
      if (gap == 1 && rules.consecutive_posts == rules::ConsecutivePosts::Push) {
        consecutive_deals += deals;
        consecutive_push_ways += deals * rest;
        continue;
      }
      // Play on: the spread is announced, each player raises or stands, the third card decides.
      int spread = std::max(0, gap - 1);
      std::int64_t between = 0;
      for (int r = std::min(r1, r2) + 1; r < std::max(r1, r2); ++r) between += c[static_cast<std::size_t>(r)];
      std::int64_t per_deal = spread > 0 ? between * pays_for(spread) - (rest - between) : -rest;
      bool raise = rules.allow_raise && per_deal > 0;
      numerator += deals * per_deal * (raise ? 2 : 1);
      (raise ? win_raised_ways : win_ways)[static_cast<std::size_t>(spread)] += deals * between;
      (raise ? lose_raised_ways : lose_ways) += deals * (rest - between);
      if (raise) a.raise_ways += deals * rest;
      if (gap == 0) pair_deals += deals;
      if (gap == 1) consecutive_deals += deals;
      if (spread >= 1) {
        auto& line = a.spreads[static_cast<std::size_t>(spread - 1)];
        line.deals += deals;
        spread_value[static_cast<std::size_t>(spread)] += deals * per_deal;
      }
    }
  }
  double deals_total = static_cast<double>(n * (n - 1));
  for (auto& line : a.spreads) {
    line.probability = static_cast<double>(line.deals) / deals_total;
    if (line.deals == 0) continue;
    line.ev_stand = static_cast<double>(spread_value[static_cast<std::size_t>(line.spread)]) /
                    (static_cast<double>(line.deals) * static_cast<double>(rest));
    line.raise = rules.allow_raise && line.ev_stand > 0;
    line.ev_best = line.ev_stand * (line.raise ? 2 : 1);
  }
  a.p_pair = static_cast<double>(pair_deals) / deals_total;
  a.p_consecutive = static_cast<double>(consecutive_deals) / deals_total;
  a.p_trips = static_cast<double>(trips_ways) / static_cast<double>(a.denominator);
  a.ev_pair = pair_deals > 0 ? static_cast<double>(trips_ways * rules.triple_pays) /
                                   (static_cast<double>(pair_deals) * static_cast<double>(rest))
                             : 0.0;
  a.player_numerator = numerator;
  // The return table, best outcome first; the moments come from its rows.
  auto row = [&](HandEnd end, int spread, bool raised, int net, std::int64_t ways) {
    if (ways > 0) a.returns.push_back({end, spread, raised, net, ways});
  };
  row(HandEnd::ThreeOfAKind, 0, false, rules.triple_pays, trips_ways);
  for (int s = 1; s <= 11; ++s) {
    row(HandEnd::Win, s, false, pays_for(s), win_ways[static_cast<std::size_t>(s)]);
    row(HandEnd::Win, s, true, 2 * pays_for(s), win_raised_ways[static_cast<std::size_t>(s)]);
  }
  row(HandEnd::PairPush, 0, false, 0, pair_push_ways);
  row(HandEnd::ConsecutivePush, 0, false, 0, consecutive_push_ways);
  row(HandEnd::Lose, 0, false, -1, lose_ways);
  row(HandEnd::LoseRaised, 0, true, -2, lose_raised_ways);
  for (const auto& line : a.returns) a.square_numerator += line.ways * line.net * line.net;
  return a;
}

double spread_unit_ev(const rules::HouseRules& rules, const card_table::Posts& posts, const ThirdCardOdds& o) {
  int pays = rules::spread_pays(rules, posts.spread());
  return o.total > 0 ? (static_cast<double>(o.between) * pays - (o.total - o.between)) / o.total : 0.0;
}

HousePostsAnswer ask_two_posts(const rules::HouseRules& rules, const card_table::Posts& posts, const RankCounts& unseen) {
  using Settled = HousePostsAnswer::Settled;
  HousePostsAnswer a;
  if (posts.pair(false)) {
    if (rules.pair_posts == rules::PairPosts::ThirdCard) a.settled = Settled::PairThirdCard;
    if (rules.pair_posts == rules::PairPosts::Redeal) a.settled = Settled::Redeal;
    if (a.settled != Settled::No) return a;
  } else if (posts.consecutive() && rules.consecutive_posts == rules::ConsecutivePosts::Push) {
    a.settled = Settled::Push;
    return a;
  }
  a.odds = third_card_odds(posts, unseen);
  a.stand_value = spread_unit_ev(rules, posts, a.odds);
  a.raise_value = 2 * a.stand_value;
  a.raise = rules.allow_raise && a.stand_value > 0;
  return a;
}

}  // namespace inbetween::strategy
