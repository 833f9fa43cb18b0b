#include "families/card_table/observation.h"

#include "families/card_table/unseen.h"

namespace inbetween::games::card_table {
namespace {

// "7" for any seven: the suit of a card changes nothing in these games' rules.
std::string rank_name(int rank) {
  std::string text = cards::to_string(cards::Card::of(rank, cards::Suit::Spades));
  text.pop_back();
  return text;
}

}  // namespace

void put_ranks(const cards::Shoe& shoe, float*& out) {
  auto counts = strategy::counts_of(shoe.undealt_unordered());
  for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) *out++ = static_cast<float>(counts.count[static_cast<std::size_t>(rank)]);
}

void put_posts(const Posts& posts, float*& out) {
  for (int i = 0; i < 2; ++i) *out++ = i < posts.count ? static_cast<float>(posts.value(i)) : 0.0f;
}

NextCard next_card_by_rank(const cards::Shoe& shoe, const Posts& posts, bool third_card_next) {
  NextCard next;
  auto codes = drawable(shoe, next.after_reshuffle);
  auto counts = strategy::counts_of(codes);
  next.of = counts.total;
  for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
    int n = counts.count[static_cast<std::size_t>(rank)];
    if (n == 0) continue;
    std::string outcome = third_card_next ? outcome_name(posts.judge(cards::Card::of(rank, cards::Suit::Spades))) : "post";
    next.rows.push_back({rank_name(rank), n, outcome});
  }
  return next;
}

}  // namespace inbetween::games::card_table
