#pragma once
// The one list of pot-game knobs, visited for reading, writing and documentation.
// docs/rules-knobs.md explains each; keep the two in step.
#include "rules/pot_rules.h"
#include "rules/table_knobs.h"

namespace inbetween::rules {

template <class Visitor, class Rules>  // Rules: PotRules or const PotRules
void visit_pot_knobs(Visitor& v, Rules& r) {
  visit_table_knobs(v, r);
  v.boolean("reshuffle_each_deal", r.reshuffle_each_deal);
  v.choice("first_dealer", r.first_dealer, {{"high-card", FirstDealer::HighCard}, {"random", FirstDealer::Random}});

  v.integer("start_chips", r.start_chips, 1, 1'000'000'000);
  v.integer("ante", r.ante, 0, 1'000'000);
  v.integer("banker_stake", r.banker_stake, 0, 1'000'000'000);
  v.boolean("rebuys", r.rebuys);
  v.integer("rebuy_max", r.rebuy_max, 0, 1'000'000'000);
  v.choice("when_pot_empty", r.when_pot_empty, {{"reante", EmptyPot::Reante}, {"end", EmptyPot::End}});

  v.integer("min_bet", r.min_bet, 1, 1'000'000'000);
  v.integer("max_bet", r.max_bet, 0, 1'000'000'000);
  v.integer("first_deck_bet_cap", r.first_deck_bet_cap, 0, 1'000'000'000);
  v.choice("loss_limit", r.loss_limit, {{"limit-bet", LossLimit::LimitBet}, {"cap-loss", LossLimit::CapLoss}});
  v.boolean("allow_pass", r.allow_pass);

  v.choice("pair_posts", r.pair_posts, {{"pay", PairPosts::Pay}, {"redeal", PairPosts::Redeal}, {"play", PairPosts::Play}});
  v.integer("pair_pays", r.pair_pays, 0, 1'000'000);
  v.choice("consecutive_posts", r.consecutive_posts,
           {{"lose-min", ConsecutivePosts::LoseMin}, {"push", ConsecutivePosts::Push}, {"play", ConsecutivePosts::Play}});
  v.integer("post_hit_multiplier", r.post_hit_multiplier, 1, 2);
  v.integer("triple_ace_multiplier", r.triple_ace_multiplier, 1, 3);
  v.choice("first_ace", r.first_ace, {{"high", FirstAce::High}, {"call", FirstAce::Call}});
  v.choice("second_ace", r.second_ace, {{"high", SecondAce::High}, {"call", SecondAce::Call}});

  v.deal_count("deals", r.deals);
  v.integer("deals_per_dealer", r.deals_per_dealer, 1, 1000);
  v.boolean("dealer_takes_pot", r.dealer_takes_pot);
}

}  // namespace inbetween::rules
