#pragma once
// What one seat may see of a house game: the table, the wagers, the house's result and how
// many cards the shoe holds, never the shoe's order.
#include "families/house/game.h"
#include "families/card_table/table_lens.h"

namespace inbetween::games::house {

// A read-only lens on a house game for one seat (kNobody: a spectator).
class View : public card_table::TableLens<HouseGame> {
 public:
  using TableLens::TableLens;
  Chips house() const { return game_->house(); }
  int hands_done() const { return game_->hands_done(); }
  int hands_total() const { return game_->hands_total(); }
};

}  // namespace inbetween::games::house
