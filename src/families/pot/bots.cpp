#include "families/pot/bots.h"

#include "families/card_table/random_pick.h"
#include "families/pot/advisor.h"
#include "families/pot/win_solver.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace inbetween::strategy {

void random_choice(const pot::Legal& l, cards::Rng& rng, pot::Action& out) {
  // A call is two kinds (high and low), each as likely as a bet or a pass.
  switch (games::card_table::random_kind(std::array<bool, 4>{l.bet, l.pass, l.call, l.call}, rng)) {
    case 0: out = pot::Bet{games::card_table::random_amount(l.bet_min, l.bet_max, rng)}; return;
    case 2: out = pot::Call{pot::AceValue::High}; return;
    case 3: out = pot::Call{pot::AceValue::Low}; return;
    default: out = pot::Pass{}; return;  // a pass, or nothing open at all
  }
}

void RandomBot::decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const {
  random_choice(game.legal(player), rng, out);
}

double chance_between(const pot::PotGame& game) {
  const auto& posts = game.posts();
  int decks = game.rules().decks;
  int unseen = decks * cards::kStandardDeckSize - posts.count;
  // Every rank from the 2 up (no third card counts 1: only a post's ace can be called low) and
  // strictly between the posts' values holds all its copies: a post's rank is its value, or the
  // ace's 14 where it was called 1, so no post is among them. A count, not a walk over ranks:
  // the sensible bot asks this at every bet (a fifth of a simulated Hoyle game before).
  int ranks = posts.high() - std::max(posts.low() + 1, cards::kLowestRank);
  int between = std::max(0, ranks) * cards::kSuits * decks;
  return unseen > 0 ? static_cast<double>(between) / unseen : 0.0;
}

void SensibleBot::decide(const pot::PotGame& game, games::Seat player, cards::Rng&, pot::Action& out) const {
  pot::Legal l = game.legal(player);
  const auto& posts = game.posts();
  if (l.call) {
    if (game.phase() == pot::Phase::CallFirstAce) {
      out = pot::Call{pot::AceValue::High};
      return;
    }
    // Second post is the ace: take the value that leaves the wider gap to the first post.
    int other = posts.value(0);
    out = pot::Call{(cards::kAceRank - other) >= (other - 1) ? pot::AceValue::High : pot::AceValue::Low};
    return;
  }
  if (!l.bet) {
    out = pot::Pass{};
    return;
  }
  double p = chance_between(game);
  if (p < 0.5) {
    if (l.pass) out = pot::Pass{};
    else out = pot::Bet{l.bet_min};
    return;
  }
  // From the minimum at an even chance up to the maximum at certainty.
  double share = (p - 0.5) * 2.0;
  auto amount = l.bet_min + static_cast<rules::Chips>(std::floor(share * static_cast<double>(l.bet_max - l.bet_min)));
  out = pot::Bet{std::clamp(amount, l.bet_min, l.bet_max)};
}

void OptimalBot::decide(const pot::PotGame& game, int, cards::Rng&, pot::Action& out) const {
  auto advice = advise(game);
  out = advice ? advice->best : pot::Action{pot::Pass{}};
}

namespace {

// Plays `game` out to its end with sensible bots in every seat; `seat`'s share of the win (1/k of
// a win shared by k seats, a game cut off at `max_moves` a share like every seat's).
double play_out(pot::PotGame& game, games::Seat seat, cards::Rng& rng, std::vector<pot::Event>& events) {
  constexpr int kMaxMoves = 20000;
  SensibleBot sensible;
  pot::Action action = pot::Pass{};
  for (int moves = 0; !game.over() && moves < kMaxMoves; ++moves) {
    events.clear();
    sensible.decide(game, game.to_act(), rng, action);
    if (game.apply(game.to_act(), action, events)) throw std::logic_error("a sensible bot's move was refused in a playout");
  }
  if (!game.over()) return 1.0 / static_cast<double>(game.players().size());
  auto winners = game.winners();
  bool won = std::find(winners.begin(), winners.end(), seat) != winners.end();
  return won ? 1.0 / static_cast<double>(winners.size()) : 0.0;
}

}  // namespace

void WinningBot::decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const {
  const auto& r = game.rules();
  // Where the deals never end, the table counts a game that never ends by the chips as they
  // stand, which makes passing for ever the leader's best: two winning bots would never finish
  // (a game still going after 100,000 decisions). There the bot plays for chips, as the optimal
  // one does, until the table knows a game's end (the hint still shows each choice's chance).
  if (rules::total_deals(r, static_cast<int>(game.players().size())) == 0) return OptimalBot().decide(game, player, rng, out);
  if (game.players().size() == 2 && !PotWinSolver::unsupported(r)) {
    auto choices = PotWinSolver::shared(r)->rate(game);
    if (!choices.empty()) {
      out = choices.front().action;
      return;
    }
  }
  // No exact table (three or more seats, or a seat bought chips): the choice of the hint's (advisor.h: the pass,
  // the smallest and largest bets, the best for chips and Kelly's) with the most wins in
  // kPlayouts playouts after it, sensible bots in every seat, the same deals for every choice.
  auto advice = advise(game);
  if (!advice || advice->choices.empty()) return OptimalBot().decide(game, player, rng, out);
  out = advice->best;
  if (advice->choices.size() == 1) return;
  std::vector<double> wins(advice->choices.size(), 0.0);
  std::vector<pot::Event> events;
  for (int i = 0; i < kPlayouts; ++i) {
    std::uint64_t deal = rng();
    for (std::size_t c = 0; c < advice->choices.size(); ++c) {
      pot::PotGame copy = game;
      copy.shuffle_unseen(deal);
      events.clear();
      if (copy.apply(player, advice->choices[c].action, events)) continue;
      cards::Rng bots(deal, static_cast<std::uint64_t>(cards::RngStream::Bots));
      wins[c] += play_out(copy, player, bots, events);
    }
  }
  // The first of equal counts: the choices come best for chips first.
  out = advice->choices[static_cast<std::size_t>(std::max_element(wins.begin(), wins.end()) - wins.begin())].action;
}

void CautiousBot::decide(const pot::PotGame& game, games::Seat player, cards::Rng&, pot::Action& out) const {
  out = [&]() -> pot::Action {
    pot::Legal l = game.legal(player);
    auto advice = advise(game);
    if (!advice) return pot::Pass{};
    switch (game.phase()) {
      case pot::Phase::CallFirstAce:
      case pot::Phase::CallSecondAce: return advice->best;
      default: break;
    }
    if (!l.bet) return pot::Pass{};
    bool favoured = advice->odds && advice->odds->between * 2 > advice->odds->total;
    if (!favoured && l.pass) return pot::Pass{};
    return pot::Bet{l.bet_min};
  }();
}

}  // namespace inbetween::strategy
