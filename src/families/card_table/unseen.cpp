#include "families/card_table/unseen.h"

namespace inbetween::strategy {

void RankCounts::add(cards::Card card, int n) {
  count[static_cast<std::size_t>(card.rank())] += n;
  total += n;
}

bool RankCounts::take(cards::Card card) {
  auto& c = count[static_cast<std::size_t>(card.rank())];
  if (c == 0) return false;
  --c;
  --total;
  return true;
}

RankCounts counts_of(std::span<const cards::CardCode> codes) {
  RankCounts counts;
  for (auto code : codes) counts.add(cards::Card{code});
  return counts;
}

RankCounts fresh_counts(const std::vector<std::uint8_t>& deck_cards, int decks) {
  std::vector<cards::CardCode> one = deck_cards;
  if (one.empty())
    for (int c = 0; c < cards::kStandardDeckSize; ++c) one.push_back(static_cast<cards::CardCode>(c));
  RankCounts counts;
  for (int d = 0; d < decks; ++d)
    for (auto code : one) counts.add(cards::Card{code});
  return counts;
}

UnseenCards UnseenCards::fresh(const std::vector<std::uint8_t>& deck_cards, int decks) {
  UnseenCards u{fresh_counts(deck_cards, decks), std::vector<int>(cards::kStandardDeckSize, 0)};
  for (int d = 0; d < decks; ++d) {
    if (deck_cards.empty()) {
      for (auto& c : u.copies) ++c;
    } else {
      for (auto code : deck_cards) ++u.copies[code];
    }
  }
  return u;
}

bool UnseenCards::take(cards::Card card) {
  int& left = copies[card.code];
  if (left <= 0 || !ranks.take(card)) return false;
  --left;
  return true;
}

ThirdCardOdds third_card_odds(const card_table::Posts& posts, const RankCounts& unseen) {
  ThirdCardOdds odds;
  odds.total = unseen.total;
  for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
    int n = unseen.count[static_cast<std::size_t>(rank)];
    if (n == 0) continue;
    // Any suit of this rank falls the same way; judge one.
    switch (posts.judge(cards::Card::of(rank, cards::Suit::Spades))) {
      case card_table::Outcome::Between: odds.between += n; break;
      case card_table::Outcome::HitPost: odds.hit_post += n; break;
      case card_table::Outcome::TripleAce: odds.triple_ace += n; break;
      default: odds.outside += n; break;
    }
  }
  return odds;
}

}  // namespace inbetween::strategy
