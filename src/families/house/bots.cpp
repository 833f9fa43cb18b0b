#include "families/house/bots.h"

#include <array>

#include "families/house/advisor.h"

namespace inbetween::strategy {

void RandomHouseBot::decide(const house::HouseGame& game, int seat, cards::Rng& rng, house::Action& out) const {
  // 0 wager, 1 pass, 2 raise, 3 stand, in that order (the draws a seed gives stay the same);
  // a fixed array, so a decision allocates nothing.
  house::Legal l = game.legal(seat);
  std::array<int, 4> kinds{};
  std::size_t n = 0;
  if (l.bet) kinds[n++] = 0;
  if (l.pass) kinds[n++] = 1;
  if (l.raise) kinds[n++] = 2;
  if (l.stand) kinds[n++] = 3;
  if (n == 0) {
    out = house::Pass{};
    return;
  }
  switch (kinds[n == 1 ? 0 : cards::uniform_below(rng, n)]) {
    case 0: {
      auto span = static_cast<std::uint64_t>(l.bet_max - l.bet_min + 1);
      out = house::Bet{l.bet_min + static_cast<rules::Chips>(cards::uniform_below(rng, span))};
      return;
    }
    case 1: out = house::Pass{}; return;
    case 2: out = house::Raise{}; return;
    default: out = house::Stand{}; return;
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
