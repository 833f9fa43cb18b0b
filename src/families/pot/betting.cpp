#include "families/pot/betting.h"

#include <algorithm>

#include <fmt/format.h>

namespace inbetween::games::pot {

int worst_multiplier(const rules::PotRules& rules, const Posts& posts) {
  int m = rules.post_hit_multiplier;
  if (posts.both_aces()) m = std::max(m, rules.triple_ace_multiplier);
  return std::max(1, m);
}

Chips loss_for(const rules::PotRules& rules, Outcome outcome, Chips amount, Chips stack) {
  Chips loss = amount;
  if (outcome == Outcome::HitPost) loss = amount * rules.post_hit_multiplier;
  if (outcome == Outcome::TripleAce) loss = amount * rules.triple_ace_multiplier;
  return std::min(loss, stack);  // never more than the player holds (loss_limit)
}

Chips bet_limit(const rules::PotRules& rules, const Posts& posts, Chips pot, Chips stack, bool first_deck,
                std::string* why) {
  auto lower = [&](Chips& limit, Chips value, auto&& reason) {
    if (value < limit) {
      limit = value;
      if (why) *why = reason();
    }
  };
  Chips limit = pot;
  if (why) *why = fmt::format("the pot of {}", pot);
  if (rules.max_bet > 0)
    lower(limit, rules.max_bet, [&] { return fmt::format("the table maximum of {} (max_bet)", rules.max_bet); });
  if (rules.first_deck_bet_cap > 0 && first_deck)
    lower(limit, rules.first_deck_bet_cap, [&] {
      return fmt::format("the first-deck cap of {} (first_deck_bet_cap: while the first deck lasts)", rules.first_deck_bet_cap);
    });
  if (rules.loss_limit == rules::LossLimit::LimitBet) {
    int m = worst_multiplier(rules, posts);
    lower(limit, stack / m, [&] {
      return m == 1 ? fmt::format("your stack of {}", stack)
                    : fmt::format("what your stack of {} can cover when the worst outcome costs {}x the bet", stack, m);
    });
  } else {
    lower(limit, stack, [&] { return fmt::format("your stack of {}", stack); });
  }
  return limit;
}

}  // namespace inbetween::games::pot
