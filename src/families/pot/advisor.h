#pragma once
// Advice at any pot-game decision: the value of every legal choice from the cards actually left
// in the shoe, and the best one. Hints, the `optimal` and the `cautious` bots read it.
#include <optional>

#include "families/pot/game.h"
#include "families/card_table/advice.h"
#include "families/pot/odds.h"

namespace inbetween::strategy {

using PotChoice = TableChoice<pot::Action>;
using PotAdvice = TableAdvice<pot::Action>;

// Advice for the player to act; nullopt when nobody is (the game is over).
std::optional<PotAdvice> advise(const pot::PotGame& game);

}  // namespace inbetween::strategy
