#pragma once
// Advice at any house-game decision: the value of every legal choice from the cards actually
// left in the shoe, and the best one. Hints and the `optimal` house bot read it.
#include <optional>

#include "families/house/game.h"
#include "families/pot/advisor.h"

namespace inbetween::strategy {

// Advice for the player to act; nullopt when nobody is (the game is over).
std::optional<PotAdvice> advise(const games::house::HouseGame& game);

}  // namespace inbetween::strategy
