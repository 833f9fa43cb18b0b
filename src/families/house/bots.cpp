#include "families/house/bots.h"

#include "families/pot/bots.h"
#include "families/house/advisor.h"

namespace inbetween::strategy {

void RandomHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const {
  random_choice(game.legal(seat), rng, out);
}

void SensibleHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng&, house::Action& out) const {
  pot::Legal l = game.legal(seat);
  if (game.phase() == pot::Phase::Raise) {
    if (l.raise && game.posts().spread() >= 7) out = pot::Raise{};
    else out = pot::Stand{};
  } else if (l.bet) {
    out = pot::Bet{l.bet_min};
  } else {
    out = pot::Pass{};
  }
}

void CautiousHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng&, house::Action& out) const {
  pot::Legal l = game.legal(seat);
  if (game.phase() == pot::Phase::Raise) out = pot::Stand{};
  else if (l.bet) out = pot::Bet{l.bet_min};
  else out = pot::Pass{};
}

void OptimalHouseBot::decide(const house::HouseGame& game, int, cards::Rng&, house::Action& out) const {
  auto advice = advise(game);
  out = advice ? advice->best : pot::Action{pot::Pass{}};
}

}  // namespace inbetween::strategy
