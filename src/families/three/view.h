#pragma once
// What one seat may see of a ThreeBeTween game: every card in front of every player, the score
// sheet and how many cards the deck holds, never the deck's order.
#include <cstddef>
#include <span>
#include <vector>

#include "games/game.h"
#include "families/three/game.h"

namespace inbetween::games::three {

// A read-only lens on a game for one seat (kNobody: a spectator); it never exposes the shoe.
class View {
 public:
  View(const ThreeGame& game, Seat seat) : game_(&game), seat_(seat) {}

  Seat seat() const { return seat_; }
  const ThreeRules& rules() const { return game_->rules(); }
  const cards::LetterDeck& deck() const { return game_->deck(); }
  std::span<const Player> players() const { return game_->players(); }
  Seat dealer() const { return game_->dealer(); }
  Seat to_act() const { return game_->to_act(); }
  Phase phase() const { return game_->phase(); }
  int round() const { return game_->round(); }
  bool over() const { return game_->over(); }
  std::vector<Seat> winners() const { return game_->winners(); }
  const std::vector<RoundRecord>& sheet() const { return game_->sheet(); }
  std::vector<int> open_letters(Seat seat) const { return game_->open_letters(seat); }
  int points_in_front(Seat seat) const { return game_->points_in_front(seat); }
  // The deck, as counts only.
  std::size_t cards_left() const { return game_->shoe().remaining(); }
  std::size_t discards() const { return game_->shoe().discards(); }
  int shuffles() const { return game_->shoe().generation(); }

 private:
  const ThreeGame* game_;
  Seat seat_;
};

inline View ThreeGame::view(Seat seat) const { return View(*this, seat); }

}  // namespace inbetween::games::three
