#pragma once
// The next card's chance outcomes, as a player at the table sees them: every card the shoe may
// still deal (the undealt cards; the discards with them once the shoe is empty and must be
// reshuffled), each with its exact count and what it would do (docs/python.md, `t.chance()`).
#include <string>
#include <vector>

#include "games/any_table.h"

namespace inbetween::python {

// One kind of next card: a rank ("7") in the card-table games, a letter card ("A/E") in
// ThreeBeTween; `cards` of the `of` unseen cards are of it.
struct ChanceRow {
  std::string card;
  int cards = 0;
  std::string outcome;  // what it does: "between", "outside", "hit_post"... ("post": a post is dealt next)
};

struct NextCard {
  int of = 0;  // the cards it is drawn from
  std::vector<ChanceRow> rows;
  bool after_reshuffle = false;  // the shoe is empty: the discards are shuffled first
};

// The card the shoe deals next in `table`'s game; an empty list once the game is over.
NextCard next_card(const games::AnyTable& table);

}  // namespace inbetween::python
