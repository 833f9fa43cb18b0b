#pragma once
// The interface of a card-table family's bots (the pot games' and Red Dog's).
#include "cards/rng.h"
#include "games/game.h"

namespace inbetween::strategy {

// Picks one legal action for the player to act.
template <class Game, class Action>
class TableBot {
 public:
  virtual ~TableBot() = default;
  Action choose(const Game& game, games::Seat seat, cards::Rng& rng) const {
    Action action;
    decide(game, seat, rng, action);
    return action;
  }
  // Writes the choice into `out`. An out-parameter, not a return value, because GCC returns a
  // 16-byte std::variant from a call in two registers after building it in memory with a 1-byte
  // store of its index, and the 8-byte reload of that store cannot be forwarded: a stall at
  // every decision (bench/README.md).
  virtual void decide(const Game& game, games::Seat seat, cards::Rng& rng, Action& out) const = 0;
};

}  // namespace inbetween::strategy
