#pragma once
// What one seat may see of a pot game: the whole table and how many cards the shoe holds,
// never the shoe's order. The protocol's state and the server's messages are built from it.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "games/game.h"
#include "games/pot/pot_game.h"

namespace inbetween::games::pot {

// A read-only lens on a game for one seat (kNobody: a spectator); it never exposes the shoe.
class View {
 public:
  View(const PotGame& game, Seat seat) : game_(&game), seat_(seat) {}

  Seat seat() const { return seat_; }
  const PotRules& rules() const { return game_->rules(); }
  std::span<const Player> players() const { return game_->players(); }
  bool in_game(Seat seat) const { return game_->in_game(seat); }
  Chips pot() const { return game_->pot(); }
  Seat dealer() const { return game_->dealer(); }
  Seat to_act() const { return game_->to_act(); }
  Phase phase() const { return game_->phase(); }
  bool over() const { return game_->over(); }
  std::vector<Seat> winners() const { return game_->winners(); }
  const Posts& posts() const { return game_->posts(); }
  std::optional<Card> third_card() const { return game_->third_card(); }
  int deals_done() const { return game_->deals_done(); }
  int deals_total() const { return game_->deals_total(); }
  // The shoe, as counts only.
  std::size_t cards_left() const { return game_->shoe().remaining(); }
  std::size_t discards() const { return game_->shoe().discards(); }
  int shuffles() const { return game_->shoe().generation(); }

 private:
  const PotGame* game_;
  Seat seat_;
};

inline View PotGame::view(Seat seat) const { return View(*this, seat); }

}  // namespace inbetween::games::pot
