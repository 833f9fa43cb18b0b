#pragma once
// Computer players for ThreeBeTween.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cards/rng.h"
#include "families/three/game.h"

namespace inbetween::strategy {

namespace three = games::three;

class ThreeSolver;

// Picks one legal action for the player to act.
class ThreeBot {
 public:
  virtual ~ThreeBot() = default;
  virtual three::Action choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const = 0;
  // The choice written into `out`: the call every family's bots answer (simulate makes it;
  // TableBot::decide says why the pot and house bots implement this one and not choose).
  void decide(const three::ThreeGame& game, games::Seat player, cards::Rng& rng, three::Action& out) const {
    out = choose(game, player, rng);
  }
};

// `random`: any legal action, uniformly.
class RandomThreeBot : public ThreeBot {
 public:
  static constexpr std::string_view kind = "random";
  static constexpr bool quick = true;
  three::Action choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const override;
};

// `sensible`: keeps wide limits, places every card it can (highest points first), passes when
// the chance of busting on the next draw outweighs what it could gain, banks only small rounds.
class SensibleThreeBot : public ThreeBot {
 public:
  static constexpr std::string_view kind = "sensible";
  static constexpr bool quick = true;
  three::Action choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const override;
};

// `cautious`: keeps what it is dealt unless it must change a pair, places what it can, never
// banks, and passes once a bust on the next draw is more likely than one in four.
class CautiousThreeBot : public ThreeBot {
 public:
  static constexpr std::string_view kind = "cautious";
  static constexpr bool quick = true;
  three::Action choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const override;
};

// `optimal`: takes the action ThreeSolver::evaluate() rates best (the fresh-deck composition;
// three_solver.h).
class OptimalThreeBot : public ThreeBot {
 public:
  static constexpr std::string_view kind = "optimal";
  // Not quick: a position the solver has not seen is a solve (seconds, more memory).
  static constexpr bool quick = false;
  OptimalThreeBot() = default;
  explicit OptimalThreeBot(std::shared_ptr<const ThreeSolver> solver) : solver_(std::move(solver)) {}
  three::Action choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const override;

 private:
  std::shared_ptr<const ThreeSolver> solver_;  // null: ThreeSolver::shared(game.rules())
};

// `winning`: heads-up, the action with the highest chance to win the game (win_solver.h: the
// table of both totals, made at its first move, kept in the disk cache); with more seats, the
// highest chance to beat the leading other player as if the two were alone; where the table is
// refused (games::TooBig), it plays as `optimal` does.
class WinningThreeBot : public ThreeBot {
 public:
  static constexpr std::string_view kind = "winning";
  // Not quick: its first move may solve the table (seconds to minutes).
  static constexpr bool quick = false;
  three::Action choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const override;
};

// Cards not in sight of `player` (the deck less every card in front of anyone), by card code.
std::vector<int> unseen_counts(const three::ThreeGame& game);
// The same into `counts` (resized), reusing its memory.
void unseen_counts(const three::ThreeGame& game, std::vector<int>& counts);
// How many of `unseen` cards would fit an empty space between `low` and `high` (positions),
// given the letters already placed.
int fitting_cards(const three::ThreeGame& game, const std::vector<int>& unseen, int low, int high,
                  const std::vector<three::Lay>& spaces);
// Chance that none of `draws` cards drawn fits (drawing without replacement from `unseen`).
double bust_chance(int fitting, int unseen_total, int draws);


}  // namespace inbetween::strategy
