#pragma once
// What one seat may see of a house game: the table, the wagers and how many cards the shoe
// holds, never the shoe's order.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "games/game.h"
#include "games/house/house_game.h"

namespace inbetween::games::house {

// A read-only lens on a game for one seat (kNobody: a spectator); it never exposes the shoe.
class View {
 public:
  View(const HouseGame& game, Seat seat) : game_(&game), seat_(seat) {}

  Seat seat() const { return seat_; }
  const HouseRules& rules() const { return game_->rules(); }
  std::span<const Player> players() const { return game_->players(); }
  bool in_game(Seat seat) const { return game_->in_game(seat); }
  Chips house() const { return game_->house(); }
  Seat dealer() const { return game_->dealer(); }
  Seat to_act() const { return game_->to_act(); }
  Phase phase() const { return game_->phase(); }
  bool over() const { return game_->over(); }
  std::vector<Seat> winners() const { return game_->winners(); }
  const Posts& posts() const { return game_->posts(); }
  std::optional<Card> third_card() const { return game_->third_card(); }
  int hands_done() const { return game_->hands_done(); }
  int hands_total() const { return game_->hands_total(); }
  // The shoe, as counts only.
  std::size_t cards_left() const { return game_->shoe().remaining(); }
  std::size_t discards() const { return game_->shoe().discards(); }
  int shuffles() const { return game_->shoe().generation(); }

 private:
  const HouseGame* game_;
  Seat seat_;
};

}  // namespace inbetween::games::house
