#pragma once
// Computer players for the pot games.
#include <memory>
#include <string>
#include <vector>

#include "families/card_table/bot.h"
#include "families/pot/game.h"

namespace inbetween::strategy {

namespace pot = games::pot;

using PotBot = TableBot<pot::PotGame, pot::Action>;

// `random`: a uniformly chosen legal action type, and a uniform amount for a bet.
class RandomBot : public PotBot {
 public:
  static constexpr std::string_view kind = "random";
  static constexpr bool quick = true;
  void decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const override;
};

// `sensible`: bets in proportion to the chance the spread gives, folds bad spreads where it
// may, calls aces for the wider spread.
class SensibleBot : public PotBot {
 public:
  static constexpr std::string_view kind = "sensible";
  static constexpr bool quick = true;
  void decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const override;
};

// `cautious`: small stakes: the minimum bet only when the odds favour it (else pass where it may),
// aces called by value.
class CautiousBot : public PotBot {
 public:
  static constexpr std::string_view kind = "cautious";
  static constexpr bool quick = true;
  void decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const override;
};

// `optimal`: the choice with the most expected chips, from the exact odds of the cards left.
class OptimalBot : public PotBot {
 public:
  static constexpr std::string_view kind = "optimal";
  static constexpr bool quick = true;
  void decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const override;
};

// `winning`: the choice with the highest chance to win the game. Heads-up under rules with an
// exact table (win_solver.h: no rebuys) it reads the solved table (the first move of a rules
// solves or loads it). Elsewhere (three or more seats, rebuys) it estimates: of the hint's choices
// (advisor.h), the one that wins most often in kPlayouts playouts after it with sensible bots in
// every seat, on the same deals for each (docs/solver.md, "Any number of seats" sizes it). Where
// the deals never end it plays as `optimal` does (most expected chips): see decide().
class WinningBot : public PotBot {
 public:
  static constexpr std::string_view kind = "winning";
  static constexpr bool quick = false;  // the first move under new rules may solve their table
  static constexpr int kPlayouts = 64;
  void decide(const pot::PotGame& game, games::Seat player, cards::Rng& rng, pot::Action& out) const override;
};

// A uniformly chosen kind of legal action, and a uniform amount for a bet.
void random_choice(const pot::Legal& legal, cards::Rng& rng, pot::Action& out);

// Chance that a third card falls strictly between the posts, counting the cards left unseen
// (a fresh shoe less the posts).
double chance_between(const pot::PotGame& game);


}  // namespace inbetween::strategy
