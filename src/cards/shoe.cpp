#include "cards/shoe.h"

#include <algorithm>

namespace inbetween::cards {

Shoe::Shoe(std::vector<CardCode> contents, std::uint64_t seed, std::span<const CardCode> stacked)
    : cards_(std::move(contents)), stacked_end_(stacked.size()), size_(cards_.size()), rng_(make_shoe_rng(seed)) {
  for (CardCode c : cards_) largest_code_ = std::max(largest_code_, c);
  // Each stacked card is brought to its place on top; the rest stays beneath, drawn at random.
  for (std::size_t i = 0; i < stacked.size(); ++i) {
    auto it = std::find(cards_.begin() + static_cast<std::ptrdiff_t>(i), cards_.end(), stacked[i]);
    if (it == cards_.end()) {
      throw StackError(i, "stacked card " + std::to_string(i + 1) +
                              " is not in the shoe (or is stacked more often than the shoe holds it)");
    }
    std::iter_swap(cards_.begin() + static_cast<std::ptrdiff_t>(i), it);
  }
  discard_pile_.reserve(cards_.size());
}

void Shoe::reshuffle() {
  // The discards go back just before what is left, over the dealt prefix (every discard was
  // dealt, so it has room); nothing is shuffled here, as every draw picks at random.
  std::size_t d = discard_pile_.size();
  if (d <= next_) {
    std::copy(discard_pile_.begin(), discard_pile_.end(), cards_.begin() + static_cast<std::ptrdiff_t>(next_ - d));
    next_ -= d;
  } else {  // discards that never came from this shoe: rebuild it
    std::vector<CardCode> all(cards_.begin() + static_cast<std::ptrdiff_t>(next_), cards_.end());
    all.insert(all.end(), discard_pile_.begin(), discard_pile_.end());
    cards_ = std::move(all);
    next_ = 0;
    for (CardCode c : cards_) largest_code_ = std::max(largest_code_, c);
  }
  discard_pile_.clear();
  stacked_end_ = 0;
  size_ = remaining();
  ++generation_;
}

std::vector<int> Shoe::remaining_counts() const {
  std::vector<int> counts(static_cast<std::size_t>(largest_code_) + 1, 0);
  for (CardCode c : undealt_unordered()) ++counts[c];
  return counts;
}

std::vector<CardCode> standard_shoe_contents(int decks) {
  // One deck in order, then copies of it: built for every game, so no push_back per card.
  std::vector<CardCode> contents(static_cast<std::size_t>(std::max(decks, 0) * kStandardDeckSize));
  for (std::size_t i = 0; i < contents.size() && i < kStandardDeckSize; ++i) contents[i] = static_cast<CardCode>(i);
  for (std::size_t at = kStandardDeckSize; at < contents.size(); at += kStandardDeckSize)
    std::copy_n(contents.begin(), kStandardDeckSize, contents.begin() + static_cast<std::ptrdiff_t>(at));
  return contents;
}

}  // namespace inbetween::cards
