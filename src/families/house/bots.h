#pragma once
// Computer players for the house games (Red Dog).
#include <memory>
#include <string>
#include <vector>

#include "families/card_table/bot.h"
#include "families/house/game.h"

namespace inbetween::strategy {

namespace house = games::house;

using HouseBot = TableBot<house::HouseGame, house::Action>;

// `random`: a uniformly chosen legal action kind, a uniform wager.
class RandomHouseBot : public HouseBot {
 public:
  static constexpr std::string_view kind = "random";
  static constexpr bool quick = true;
  void decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const override;
};

// `sensible`: the minimum wager; raises on a spread of 7 or more (where standing wins on average).
class SensibleHouseBot : public HouseBot {
 public:
  static constexpr std::string_view kind = "sensible";
  static constexpr bool quick = true;
  void decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const override;
};

// `cautious`: the minimum wager, never a raise.
class CautiousHouseBot : public HouseBot {
 public:
  static constexpr std::string_view kind = "cautious";
  static constexpr bool quick = true;
  void decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const override;
};

// `optimal`: the choice with the most expected chips from the exact odds of the cards left.
class OptimalHouseBot : public HouseBot {
 public:
  static constexpr std::string_view kind = "optimal";
  static constexpr bool quick = true;
  void decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const override;
};


}  // namespace inbetween::strategy
