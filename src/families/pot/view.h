#pragma once
// What one seat may see of a pot game: the whole table and how many cards the shoe holds,
// never the shoe's order. The protocol's state and the server's messages are built from it.
#include "families/pot/game.h"
#include "families/card_table/table_lens.h"

namespace inbetween::games::pot {

// A read-only lens on a pot game for one seat (kNobody: a spectator).
class View : public card_table::TableLens<PotGame> {
 public:
  using TableLens::TableLens;
  Chips pot() const { return game_->pot(); }
  int deals_done() const { return game_->deals_done(); }
  int deals_total() const { return game_->deals_total(); }
};

inline View PotGame::view(Seat seat) const { return View(*this, seat); }

}  // namespace inbetween::games::pot
