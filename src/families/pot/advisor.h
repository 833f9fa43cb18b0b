#pragma once
// Advice at any pot-game decision: the value of every legal choice from the cards actually left
// in the shoe, and the best one. Hints, the `optimal` and the `cautious` bots read it.
#include <optional>
#include <string>
#include <vector>

#include "families/pot/game.h"
#include "families/card_table/odds.h"

namespace inbetween::strategy {

// One choice and its expected result in chips.
struct PotChoice {
  pot::Action action;
  double ev = 0;
  std::string why;  // what the figure means, in words
};

// The advice for the player to act.
struct PotAdvice {
  games::Seat player = -1;
  std::optional<ThirdCardOdds> odds;  // when the posts are complete
  std::vector<PotChoice> choices;     // every kind of legal choice (bets: min, max, best, Kelly)
  pot::Action best;                   // most expected chips
  std::optional<pot::Action> kelly;   // growth-optimal, for bets
};

// Advice for the player to act; nullopt when nobody is (the game is over).
std::optional<PotAdvice> advise(const pot::PotGame& game);

}  // namespace inbetween::strategy
