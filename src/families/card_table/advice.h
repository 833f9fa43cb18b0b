#pragma once
// The shape of advice at a card table (the pot games' and Red Dog's advisors fill it): the
// value of every legal choice in chips, from the cards actually left in the shoe, and the best.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "families/card_table/unseen.h"
#include "games/game.h"

namespace inbetween::strategy {

// One choice and its expected result in chips.
template <class Action>
struct TableChoice {
  Action action;
  double ev = 0;
  std::string why;  // what the figure means, in words
};

// The advice for the player to act.
template <class Action>
struct TableAdvice {
  games::Seat player = -1;
  std::optional<ThirdCardOdds> odds;        // when the posts are complete
  std::vector<TableChoice<Action>> choices;  // every kind of legal choice (bets: min, max, best, Kelly)
  Action best;                               // most expected chips
  std::optional<Action> kelly;               // growth-optimal, for bets
};

// Puts the choices best first (most expected chips; equal values keep their order) and names the
// first the best: every hint's choices are in this order (docs/protocol.md, "hint").
template <class Action>
void best_first(TableAdvice<Action>& advice) {
  std::stable_sort(advice.choices.begin(), advice.choices.end(),
                   [](const TableChoice<Action>& a, const TableChoice<Action>& b) { return a.ev > b.ev; });
  if (!advice.choices.empty()) advice.best = advice.choices.front().action;
}

}  // namespace inbetween::strategy
