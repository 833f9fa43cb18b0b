#pragma once
// What the ThreeBeTween solver plays on (docs/solver.md): the chances of the cards dealt, and
// a player's position at the start of a turn.
#include <cstdint>
#include <vector>

#include "cards/letter_card.h"
#include "families/three/game.h"

namespace inbetween::strategy {

// The chance of each card kind (index = card code) on every deal; deals are independent.
using Composition = std::vector<double>;
// The fresh deck: copies / deck size.
Composition fresh_composition(const cards::LetterDeck& deck);
// Counts (e.g. the cards still in a shoe) scaled to chances.
Composition composition_of(const std::vector<int>& counts);
// The exact remaining cards: what the game's shoe has not dealt yet (still drawn independently
// from that composition by the solver).
Composition remaining_composition(const games::three::ThreeGame& game);

// A position at the start of a turn: the letters still open between the limits (bit p - 1 for
// the letter at position p = 1..26) and how many spaces are empty (0: a ThreeBeTween).
struct TurnPosition {
  std::uint32_t open = 0;
  int empty = 0;
};
// The letters strictly between limit positions `low` < `high` (0..27), less `filled` (a mask of
// letters placed), with `spaces - placed` empty spaces.
TurnPosition position_between(int low, int high, std::uint32_t filled, int empty);
// The position of `player` in `game` (limits laid).
TurnPosition position_of(const games::three::ThreeGame& game, games::Seat player);
// Banked points plus the points of the cards in front of `player`.
int points_at_risk(const games::three::ThreeGame& game, games::Seat player);

}  // namespace inbetween::strategy
