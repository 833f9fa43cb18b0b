#include "cards/shoe.h"

#include <algorithm>
#include <string>
#include <utility>

namespace inbetween::cards {

Shoe::Shoe(std::vector<CardCode> contents, std::uint64_t seed, std::span<const CardCode> stacked)
    : rng_(make_rng(seed, RngStream::Shoe)) {
  for (CardCode c : contents) largest_code_ = std::max(largest_code_, c);
  // Take each stacked card out of the contents, then shuffle the rest beneath them.
  std::vector<CardCode> rest = std::move(contents);
  for (std::size_t i = 0; i < stacked.size(); ++i) {
    auto it = std::find(rest.begin(), rest.end(), stacked[i]);
    if (it == rest.end()) {
      throw StackError(i, "stacked card " + std::to_string(i + 1) +
                              " is not in the shoe (or is stacked more often than the shoe holds it)");
    }
    rest.erase(it);
  }
  cards_.reserve(rest.size() + stacked.size());
  cards_.assign(stacked.begin(), stacked.end());
  cards_.insert(cards_.end(), rest.begin(), rest.end());
  discard_pile_.reserve(cards_.size());
  shuffle_range(stacked.size());
}

void Shoe::shuffle_range(std::size_t first) {
  // Fisher-Yates with PCG's unbiased bounded draw, so a seed deals the same on every platform.
  for (std::size_t i = cards_.size(); i > first + 1; --i) {
    auto j = first + static_cast<std::size_t>(uniform_below(rng_, i - first));
    std::swap(cards_[i - 1], cards_[j]);
  }
}

void Shoe::reshuffle() {
  // Keep the undealt cards, add the discards, and shuffle them all as a new shoe.
  std::size_t left = remaining();
  std::move(cards_.begin() + static_cast<std::ptrdiff_t>(next_), cards_.end(), cards_.begin());
  cards_.resize(left);
  cards_.insert(cards_.end(), discard_pile_.begin(), discard_pile_.end());
  discard_pile_.clear();
  next_ = 0;
  shuffle_range(0);
  ++generation_;
}

std::vector<int> Shoe::remaining_counts() const {
  std::vector<int> counts(static_cast<std::size_t>(largest_code_) + 1, 0);
  for (CardCode c : undealt()) ++counts[c];
  return counts;
}

std::vector<CardCode> standard_shoe_contents(int decks) {
  std::vector<CardCode> contents;
  contents.reserve(static_cast<std::size_t>(decks * kStandardDeckSize));
  for (int d = 0; d < decks; ++d)
    for (int code = 0; code < kStandardDeckSize; ++code) contents.push_back(static_cast<CardCode>(code));
  return contents;
}

}  // namespace inbetween::cards
