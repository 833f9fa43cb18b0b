#pragma once
// The limits on a pot-game bet, shared by the engine and the odds.
#include <string>

#include "families/card_table/posts.h"
#include "rules/pot_rules.h"

namespace inbetween::games::pot {

using card_table::Outcome;
using card_table::Posts;
using rules::Chips;

// Whether two ace posts may count differently (an ace can be called low): then they are no pair.
inline bool aces_can_differ(const rules::PotRules& rules) {
  return rules.first_ace == rules::FirstAce::Call || rules.second_ace == rules::SecondAce::Call;
}

// Whether the posts are a pair under these rules.
inline bool posts_pair(const rules::PotRules& rules, const Posts& posts) { return posts.pair(aces_can_differ(rules)); }

// The most a bet on these posts can cost, as a multiple of the bet (1, the post-hit or triple-ace multiplier).
int worst_multiplier(const rules::PotRules& rules, const Posts& posts);

// What one chip-losing outcome costs for a bet of `amount` with `stack` behind it.
Chips loss_for(const rules::PotRules& rules, Outcome outcome, Chips amount, Chips stack);

// The largest bet allowed on these posts: the pot, the table maximum, the first-deck cap and
// what the stack can pay (loss_limit). `why` (if given) receives the limit that binds, in words.
Chips bet_limit(const rules::PotRules& rules, const Posts& posts, Chips pot, Chips stack, bool first_deck,
                std::string* why);

}  // namespace inbetween::games::pot
