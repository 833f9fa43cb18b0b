// What a learning agent observes of a house game (Red Dog), and the next card's chances
// (HouseFamily).
#include "families/house/family.h"

namespace inbetween::games::house {

void HouseFamily::observe(const Game& g, Seat seat, float* out) {
  for (auto phase : {Phase::Wager, Phase::Raise}) *out++ = g.phase() == phase ? 1.0f : 0.0f;
  card_table::put_posts(g.posts(), out);
  const auto& me = g.players()[static_cast<std::size_t>(seat)];
  *out++ = static_cast<float>(me.chips);
  *out++ = static_cast<float>(me.wager);
  *out++ = me.raised ? 1.0f : 0.0f;
  *out++ = static_cast<float>(g.hands_done());
  *out++ = static_cast<float>(g.hands_total());
  card_table::put_ranks(g.shoe(), out);
}

NextCard HouseFamily::next_card(const Game& game) {
  if (game.over()) return {};
  // The raise decision is the one with both posts down: the card after it is the third card.
  return card_table::next_card_by_rank(game.shoe(), game.posts(), game.phase() == Phase::Raise && game.posts().count == 2);
}

}  // namespace inbetween::games::house
