#pragma once
// Advice at any house-game decision: the value of every legal choice from the cards actually
// left in the shoe, and the best one. Hints and the `optimal` house bot read it.
#include <optional>

#include "families/card_table/advice.h"
#include "families/house/game.h"

namespace inbetween::strategy {

namespace house = games::house;

using HouseChoice = TableChoice<house::Action>;
using HouseAdvice = TableAdvice<house::Action>;

// Advice for the player to act; nullopt when nobody is (the game is over).
std::optional<HouseAdvice> advise(const house::HouseGame& game);

}  // namespace inbetween::strategy
