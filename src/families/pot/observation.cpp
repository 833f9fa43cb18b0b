// What a learning agent observes of a pot game, and the next card's chances (PotFamily).
#include "families/pot/family.h"

namespace inbetween::games::pot {

void PotFamily::observe(const Game& g, Seat seat, float* out) {
  *out++ = static_cast<float>(g.pot());
  for (auto phase : {Phase::CallFirstAce, Phase::CallSecondAce, Phase::Bet}) *out++ = g.phase() == phase ? 1.0f : 0.0f;
  card_table::put_posts(g.posts(), out);
  *out++ = static_cast<float>(g.deals_done());
  *out++ = static_cast<float>(g.deals_total());
  *out++ = static_cast<float>(g.players()[static_cast<std::size_t>(seat)].chips);
  card_table::put_ranks(g.shoe(), out);
}

NextCard PotFamily::next_card(const Game& game) {
  if (game.over()) return {};
  // The bet decision is the one with both posts down: the card after it is the third card.
  return card_table::next_card_by_rank(game.shoe(), game.posts(), game.phase() == Phase::Bet && game.posts().count == 2);
}

}  // namespace inbetween::games::pot
