#pragma once
// What the shoe still holds, by rank, and how a third card can fall between two posts: the exact
// chance both card-table families' advisors and Red Dog's edge start from.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "cards/card.h"
#include "families/card_table/posts.h"

namespace inbetween::strategy {

namespace card_table = games::card_table;

// Cards not yet seen since the last shuffle, by rank (index 2..14).
struct RankCounts {
  std::array<int, cards::kAceRank + 1> count{};
  int total = 0;
  void add(cards::Card card, int n = 1);
  // False when the card is not there to take.
  bool take(cards::Card card);
};

// The whole shoe of `decks` copies of a deck file's cards (empty: the standard 52).
RankCounts fresh_counts(const std::vector<std::uint8_t>& deck_cards, int decks);

// The cards a question about a shoe is asked of (`inbetween odds`, Python's odds()): a fresh
// shoe less the cards seen, by rank for the odds and card by card, so that a card seen more
// often than the shoe holds it (5S twice from one deck) is refused even where its rank has
// copies left.
struct UnseenCards {
  RankCounts ranks;
  std::vector<int> copies;  // by card code
  // The whole shoe of `decks` copies of a deck file's cards (empty: the standard 52).
  static UnseenCards fresh(const std::vector<std::uint8_t>& deck_cards, int decks);
  // Takes a card seen out of the shoe; false, and nothing taken, when no copy of it is left.
  bool take(cards::Card card);
};
// The cards still undealt in a shoe (the cards on the table are out of it).
RankCounts counts_of(std::span<const cards::CardCode> cards);

// How the third card can fall, counted in cards out of `total`.
struct ThirdCardOdds {
  int between = 0, outside = 0, hit_post = 0, triple_ace = 0, total = 0;
  double p(int ways) const { return total > 0 ? static_cast<double>(ways) / total : 0.0; }
};
ThirdCardOdds third_card_odds(const card_table::Posts& posts, const RankCounts& unseen);

}  // namespace inbetween::strategy
