#pragma once
// What the card-table families (the pot games, Red Dog) share in what a learning agent observes
// and in the next card's chances (the descriptors' observe and next_card): the cards unseen by
// rank, the posts' values, and the next card by rank with where it falls between the posts.
#include "cards/shoe.h"
#include "families/card_table/posts.h"
#include "games/chance.h"

namespace inbetween::games::card_table {

// The counts put_ranks appends: one per rank, 2..A.
inline constexpr int kRanks = cards::kAceRank - cards::kLowestRank + 1;

// Appends the cards the shoe may still deal, by rank 2..A (kRanks counts).
void put_ranks(const cards::Shoe& shoe, float*& out);
// Appends the two posts' values, 0 for a post not dealt yet.
void put_posts(const Posts& posts, float*& out);

// The next card by rank; while `third_card_next` (both posts down at the bet decision), where
// each rank falls between them (the same judgement strategy::third_card_odds counts), else
// "post": it is the next post.
NextCard next_card_by_rank(const cards::Shoe& shoe, const Posts& posts, bool third_card_next);

}  // namespace inbetween::games::card_table
