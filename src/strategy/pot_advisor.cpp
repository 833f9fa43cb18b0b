#include "strategy/pot_advisor.h"

#include <algorithm>

#include <fmt/format.h>

#include "strategy/red_dog.h"

namespace inbetween::strategy {
namespace {

PotChoice best_of(const std::vector<PotChoice>& choices) {
  return *std::max_element(choices.begin(), choices.end(), [](const PotChoice& a, const PotChoice& b) { return a.ev < b.ev; });
}

// A house-game wager of 1 on these posts: between pays by spread; anything else loses.
double house_unit_ev(const rules::PotRules& r, const pot::Posts& posts, const ThirdCardOdds& o) {
  int s = posts.spread();
  int pays = s > 0 ? r.spread_pays[std::min(static_cast<std::size_t>(s), r.spread_pays.size()) - 1] : 0;
  return o.total > 0 ? (static_cast<double>(o.between) * pays - (o.total - o.between)) / o.total : 0.0;
}

}  // namespace

std::optional<PotAdvice> advise(const pot::PotGame& game) {
  int seat = game.to_act();
  if (seat < 0) return std::nullopt;
  const auto& r = game.rules();
  const auto& seat_ref = game.players()[static_cast<std::size_t>(seat)];
  RankCounts unseen = counts_of(game.shoe().undealt());
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
    case pot::Phase::Wager: {
      // The wager's worth is the table's: the house edge for the cards left in the shoe.
      double unit = 0;
      try {
        unit = analyse_house_game(r, unseen).player_ev();
      } catch (const std::invalid_argument&) {
        unit = 0;
      }
      if (legal.bet) {
        a.choices.push_back({pot::Bet{legal.bet_min}, unit * static_cast<double>(legal.bet_min), "the smallest wager"});
        if (legal.bet_max != legal.bet_min)
          a.choices.push_back({pot::Bet{legal.bet_max}, unit * static_cast<double>(legal.bet_max), "the largest wager"});
      }
      if (legal.pass) a.choices.push_back({pot::Pass{}, 0.0, "sit out"});
      break;
    }
    case pot::Phase::Raise: {
      auto o = third_card_odds(game.posts(), unseen);
      a.odds = o;
      double unit = house_unit_ev(r, game.posts(), o);
      double w = static_cast<double>(seat_ref.wager);
      a.choices.push_back({pot::Stand{}, unit * w, "keep the wager"});
      if (legal.raise) a.choices.push_back({pot::Raise{}, 2 * unit * w, "double the wager"});
      break;
    }
    case pot::Phase::Over: return std::nullopt;
  }
  a.best = best_of(a.choices).action;
  return a;
}

}  // namespace inbetween::strategy
