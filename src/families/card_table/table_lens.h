#pragma once
// What one seat may see of a card table, the part the pot games and the house game share: the
// players, the posts, the third card, the turn and how many cards the shoe holds, never its
// order. pot::View and house::View add what is their own.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "games/game.h"
#include "families/card_table/posts.h"

namespace inbetween::games::card_table {

// A read-only lens on a game for one seat (kNobody: a spectator); it never exposes the shoe.
template <class Game>
class TableLens {
 public:
  TableLens(const Game& game, Seat seat) : game_(&game), seat_(seat) {}

  Seat seat() const { return seat_; }
  const auto& rules() const { return game_->rules(); }
  auto players() const { return game_->players(); }
  bool in_game(Seat seat) const { return game_->in_game(seat); }
  Seat dealer() const { return game_->dealer(); }
  Seat to_act() const { return game_->to_act(); }
  auto phase() const { return game_->phase(); }
  bool over() const { return game_->over(); }
  std::vector<Seat> winners() const { return game_->winners(); }
  const Posts& posts() const { return game_->posts(); }
  std::optional<Card> third_card() const { return game_->third_card(); }
  // The shoe, as counts only.
  std::size_t cards_left() const { return game_->shoe().remaining(); }
  std::size_t discards() const { return game_->shoe().discards(); }
  int shuffles() const { return game_->shoe().generation(); }

 protected:
  const Game* game_;
  Seat seat_;
};

}  // namespace inbetween::games::card_table
