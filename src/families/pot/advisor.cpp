#include "families/pot/advisor.h"

#include <algorithm>

#include <fmt/format.h>


namespace inbetween::strategy {

std::optional<PotAdvice> advise(const pot::PotGame& game) {
  int seat = game.to_act();
  if (seat < 0) return std::nullopt;
  const auto& r = game.rules();
  const auto& seat_ref = game.players()[static_cast<std::size_t>(seat)];
  RankCounts unseen = counts_of(game.shoe().undealt_unordered());
  bool first_deck = game.shoe().generation() == 0;
  pot::Legal legal = game.legal(seat);
  PotAdvice a;
  a.player = seat;
  switch (game.phase()) {
    case pot::Phase::CallFirstAce:
    case pot::Phase::CallSecondAce: {
      auto call = game.phase() == pot::Phase::CallFirstAce
                      ? advise_first_ace(r, game.posts().cards[0], unseen, game.pot(), seat_ref.chips, first_deck)
                      : advise_second_ace(r, game.posts(), unseen, game.pot(), seat_ref.chips, first_deck);
      a.choices = {{pot::Call{pot::AceValue::High}, call.ev_high, "call high, then play the best bet"},
                   {pot::Call{pot::AceValue::Low}, call.ev_low, "call low, then play the best bet"}};
      break;
    }
    case pot::Phase::Bet: {
      BetSituation sit{game.pot(), seat_ref.chips, legal.bet_min, legal.bet_max, legal.pass, legal.bet};
      auto advice = advise_bet(r, game.posts(), unseen, sit);
      a.odds = advice.odds;
      if (legal.pass) a.choices.push_back({pot::Pass{}, 0.0, "pass: nothing won or lost"});
      if (legal.bet) {
        std::vector<rules::Chips> amounts = {legal.bet_min, legal.bet_max};
        if (advice.best_bet > 0) amounts.push_back(advice.best_bet);
        if (advice.kelly_bet > 0) amounts.push_back(advice.kelly_bet);
        std::sort(amounts.begin(), amounts.end());
        amounts.erase(std::unique(amounts.begin(), amounts.end()), amounts.end());
        for (auto b : amounts)
          a.choices.push_back({pot::Bet{b}, bet_ev(r, advice.odds, b, seat_ref.chips),
                               b == legal.bet_min ? "the smallest bet" : b == legal.bet_max ? "the largest bet" : "a bet between"});
        a.kelly = advice.kelly_bet > 0 ? pot::Action{pot::Bet{advice.kelly_bet}} : pot::Action{pot::Pass{}};
      }
      break;
    }
    case pot::Phase::Over: return std::nullopt;
  }
  best_first(a);
  return a;
}

}  // namespace inbetween::strategy
