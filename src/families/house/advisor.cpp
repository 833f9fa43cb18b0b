#include "families/house/advisor.h"

#include <algorithm>
#include <stdexcept>

#include "families/house/edge.h"

namespace inbetween::strategy {

std::optional<HouseAdvice> advise(const house::HouseGame& game) {
  int seat = game.to_act();
  if (seat < 0) return std::nullopt;
  const auto& r = game.rules();
  const auto& me = game.players()[static_cast<std::size_t>(seat)];
  RankCounts unseen = counts_of(game.shoe().undealt_unordered());
  house::Legal legal = game.legal(seat);
  HouseAdvice a;
  a.player = seat;
  if (game.phase() == house::Phase::Wager) {
    // The wager's worth is the table's: the house edge for the cards left in the shoe.
    double unit = 0;
    try {
      unit = analyse_house_game(r, unseen).player_ev();
    } catch (const std::invalid_argument&) {
      unit = 0;
    }
    if (legal.bet) {
      a.choices.push_back({house::Bet{legal.bet_min}, unit * static_cast<double>(legal.bet_min), "the smallest wager"});
      if (legal.bet_max != legal.bet_min)
        a.choices.push_back({house::Bet{legal.bet_max}, unit * static_cast<double>(legal.bet_max), "the largest wager"});
    }
    if (legal.pass) a.choices.push_back({house::Pass{}, 0.0, "sit out"});
  } else {
    auto o = third_card_odds(game.posts(), unseen);
    a.odds = o;
    double unit = spread_unit_ev(r, game.posts(), o);
    double w = static_cast<double>(me.wager);
    a.choices.push_back({house::Stand{}, unit * w, "keep the wager"});
    if (legal.raise) a.choices.push_back({house::Raise{}, 2 * unit * w, "double the wager"});
  }
  best_first(a);
  return a;
}

}  // namespace inbetween::strategy
