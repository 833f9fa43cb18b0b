// What a learning agent observes of ThreeBeTween, and the next card's chances (ThreeFamily).
#include <algorithm>
#include <map>

#include "families/three/family.h"

namespace inbetween::games::three {

void ThreeFamily::observe(const Game& g, Seat seat, float* out) {
  const auto& me = g.players()[static_cast<std::size_t>(seat)];
  std::size_t kinds = g.deck().kinds.size();
  for (auto phase : {Phase::Replace, Phase::PlaceLimits, Phase::Turn, Phase::Place}) *out++ = g.phase() == phase ? 1.0f : 0.0f;
  for (auto status : {Status::In, Status::Passed, Status::Busted}) *out++ = me.status == status ? 1.0f : 0.0f;
  *out++ = me.low ? static_cast<float>(me.low->position) : 0.0f;
  *out++ = me.high ? static_cast<float>(me.high->position) : 0.0f;
  // Letters 1..26: 1 where one of the seat's spaces is filled.
  float* letters = out;
  std::fill(letters, letters + 26, 0.0f);
  for (const auto& lay : me.spaces)
    if (lay.position >= 1 && lay.position <= 26) letters[lay.position - 1] = 1.0f;
  out += 26;
  // Counts by letter card kind: the limit cards in hand, the cards drawn, the cards unseen.
  for (const auto* codes : {&me.limit_hand, &me.drawn}) {
    std::fill(out, out + kinds, 0.0f);
    for (auto code : *codes) out[code] += 1.0f;
    out += kinds;
  }
  std::fill(out, out + kinds, 0.0f);
  for (auto code : g.shoe().undealt_unordered()) out[code] += 1.0f;
  out += kinds;
  *out++ = static_cast<float>(me.round_score);
  *out++ = static_cast<float>(me.banks.size());
  *out++ = me.replacement_used ? 1.0f : 0.0f;
  *out++ = static_cast<float>(me.placed_this_turn);
  *out++ = static_cast<float>(g.round());
}

NextCard ThreeFamily::next_card(const Game& game) {
  if (game.over()) return {};
  // By letter card; while the player to act has both limits down, whether it fits an open
  // space of theirs (a turn whose drawn cards fit nowhere ends in a bust).
  NextCard next;
  auto codes = drawable(game.shoe(), next.after_reshuffle);
  std::map<cards::CardCode, int> count;
  for (auto code : codes) ++count[code];
  next.of = static_cast<int>(codes.size());
  Seat seat = game.to_act();
  const auto& player = game.players()[static_cast<std::size_t>(seat)];
  bool limits_down = player.low && player.high;
  for (auto [code, n] : count) {
    std::string outcome = !limits_down ? "limit" : game.fits(seat, code).empty() ? "no_fit" : "fits";
    next.rows.push_back({game.deck().kind(code).notation, n, outcome});
  }
  return next;
}

}  // namespace inbetween::games::three
