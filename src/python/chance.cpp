#include "python/chance.h"

#include <map>

#include "families/card_table/unseen.h"
#include "families/house/family.h"
#include "families/pot/family.h"
#include "families/three/family.h"

namespace inbetween::python {
namespace {

using cards::CardCode;

// What the next card comes from: the undealt cards, or (the shoe empty) the discards that the
// game reshuffles before it draws; cards on the table stay out either way (cards::Shoe).
std::vector<CardCode> drawable(const cards::Shoe& shoe, bool& reshuffle) {
  auto undealt = shoe.undealt_unordered();
  reshuffle = undealt.empty();
  if (!reshuffle) return {undealt.begin(), undealt.end()};
  auto discards = shoe.discard_pile();
  return {discards.begin(), discards.end()};
}

// "7" for any seven: the suit of a card changes nothing in these games' rules.
std::string rank_name(int rank) {
  std::string text = cards::to_string(cards::Card::of(rank, cards::Suit::Spades));
  text.pop_back();
  return text;
}

// Card-table games: by rank; with both posts laid, where each rank falls between them (the
// same judgement strategy::third_card_odds counts), else it is the next post.
NextCard by_rank(const cards::Shoe& shoe, const games::card_table::Posts& posts, bool third_card_next) {
  NextCard next;
  auto codes = drawable(shoe, next.after_reshuffle);
  auto counts = strategy::counts_of(codes);
  next.of = counts.total;
  for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
    int n = counts.count[static_cast<std::size_t>(rank)];
    if (n == 0) continue;
    std::string outcome =
        third_card_next ? games::card_table::outcome_name(posts.judge(cards::Card::of(rank, cards::Suit::Spades))) : "post";
    next.rows.push_back({rank_name(rank), n, outcome});
  }
  return next;
}

}  // namespace

NextCard next_card(const games::AnyTable& table) {
  if (table.over()) return {};
  if (const auto* pot = games::as<games::pot::PotFamily>(table)) {
    const auto& game = pot->game();
    // The bet decision is the one with both posts down: the card after it is the third card.
    return by_rank(game.shoe(), game.posts(), game.phase() == games::pot::Phase::Bet && game.posts().count == 2);
  }
  if (const auto* house = games::as<games::house::HouseFamily>(table)) {
    const auto& game = house->game();
    return by_rank(game.shoe(), game.posts(), game.phase() == games::house::Phase::Raise && game.posts().count == 2);
  }
  const auto* three = games::as<games::three::ThreeFamily>(table);
  if (!three) return {};
  // ThreeBeTween: by letter card; while the player to act has both limits down, whether it
  // fits an open space of theirs (a turn whose drawn cards fit nowhere ends in a bust).
  const auto& game = three->game();
  NextCard next;
  auto codes = drawable(game.shoe(), next.after_reshuffle);
  std::map<CardCode, int> count;
  for (auto code : codes) ++count[code];
  next.of = static_cast<int>(codes.size());
  games::Seat seat = game.to_act();
  const auto& player = game.players()[static_cast<std::size_t>(seat)];
  bool limits_down = player.low && player.high;
  for (auto [code, n] : count) {
    std::string outcome = !limits_down ? "limit" : game.fits(seat, code).empty() ? "no_fit" : "fits";
    next.rows.push_back({game.deck().kind(code).notation, n, outcome});
  }
  return next;
}

}  // namespace inbetween::python
