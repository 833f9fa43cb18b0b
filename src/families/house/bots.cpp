#include "families/house/bots.h"

#include <array>

#include "families/card_table/random_pick.h"
#include "families/house/advisor.h"

namespace inbetween::strategy {

void RandomHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const {
  house::Legal l = game.legal(seat);
  switch (games::card_table::random_kind(std::array<bool, 4>{l.bet, l.pass, l.raise, l.stand}, rng)) {
    case 0: out = house::Bet{games::card_table::random_amount(l.bet_min, l.bet_max, rng)}; return;
    case 2: out = house::Raise{}; return;
    case 3: out = house::Stand{}; return;
    default: out = house::Pass{}; return;  // a pass, or nothing open at all
  }
}

void SensibleHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng&, house::Action& out) const {
  house::Legal l = game.legal(seat);
  if (game.phase() == house::Phase::Raise) {
    if (l.raise && game.posts().spread() >= 7) out = house::Raise{};
    else out = house::Stand{};
  } else if (l.bet) {
    out = house::Bet{l.bet_min};
  } else {
    out = house::Pass{};
  }
}

void CautiousHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng&, house::Action& out) const {
  house::Legal l = game.legal(seat);
  if (game.phase() == house::Phase::Raise) out = house::Stand{};
  else if (l.bet) out = house::Bet{l.bet_min};
  else out = house::Pass{};
}

void OptimalHouseBot::decide(const house::HouseGame& game, int, cards::Rng&, house::Action& out) const {
  auto advice = advise(game);
  out = advice ? advice->best : house::Action{house::Pass{}};
}

}  // namespace inbetween::strategy
