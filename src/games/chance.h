#pragma once
// The next card's chance outcomes, as a player at the table sees them: every card the shoe may
// still deal (the undealt cards; the discards with them once the shoe is empty and must be
// reshuffled), each with its exact count and what it would do. Each family describes its own
// (the descriptor's next_card); `t.chance()` in Python reads it (docs/python.md). Like game.h,
// this header sits below the families.
#include <string>
#include <vector>

#include "cards/card.h"
#include "cards/shoe.h"

namespace inbetween::games {

// One kind of next card: a rank ("7") in the card-table games, a letter card ("A/E") in
// ThreeBeTween; `cards` of the `of` unseen cards are of it.
struct ChanceRow {
  std::string card;
  int cards = 0;
  std::string outcome;  // what it does: "between", "outside", "hit_post"... ("post": a post is dealt next)
};

// The card the shoe deals next; no rows once the game is over.
struct NextCard {
  int of = 0;  // the cards it is drawn from
  std::vector<ChanceRow> rows;
  bool after_reshuffle = false;  // the shoe is empty: the discards are shuffled first
};

// What the next card comes from: the undealt cards, or (the shoe empty, `reshuffle` set) the
// discards that the game reshuffles before it draws; cards on the table stay out either way
// (cards::Shoe).
inline std::vector<cards::CardCode> drawable(const cards::Shoe& shoe, bool& reshuffle) {
  auto undealt = shoe.undealt_unordered();
  reshuffle = undealt.empty();
  if (!reshuffle) return {undealt.begin(), undealt.end()};
  auto discards = shoe.discard_pile();
  return {discards.begin(), discards.end()};
}

}  // namespace inbetween::games
