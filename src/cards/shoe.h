#pragma once
// The shoe: every copy of every card of N decks, a stacked top, a discard pile, reshuffles.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cards/card.h"
#include "cards/rng.h"

namespace inbetween::cards {

// Which cards a seed deals. Version 2 draws each card by one Fisher-Yates step when it is dealt
// (pcg32, Lemire's bounded draw); version 1 (no "dealing" in a saved game) shuffled the whole
// shoe up front with pcg64. A saved game records the version it was dealt with, and a game
// dealt by another version is refused rather than replayed with other cards.
inline constexpr int kDealingVersion = 2;

// Thrown when a stacked order asks for a card the shoe does not hold (often enough).
struct StackError : std::runtime_error {
  StackError(std::size_t index_, const std::string& message) : std::runtime_error(message), index(index_) {}
  std::size_t index;  // 0-based position in the stacked list
};

// Cards still to be dealt, plus the discard pile. Codes are opaque here.
class Shoe {
 public:
  // `contents`: the full shoe (all copies of all decks). `stacked`: cards that come off the
  // top first, in this order; the rest of the contents follows in seeded order.
  Shoe(std::vector<CardCode> contents, std::uint64_t seed, std::span<const CardCode> stacked = {});

  bool empty() const { return next_ == cards_.size(); }
  std::size_t remaining() const { return cards_.size() - next_; }
  std::size_t discards() const { return discard_pile_.size(); }
  // Cards the shoe held at its last shuffle (at first, its whole contents).
  std::size_t size() const { return size_; }
  // How many shuffles have happened since the first; 0 while the first deck lasts.
  int generation() const { return generation_; }

  // Precondition: !empty(). The stacked cards in their order, then each card drawn uniformly
  // from those left: one Fisher-Yates step per card dealt, so a shoe costs only what it deals.
  // Always inlined (and the games' draw and uniform_below with it): left to the link-time
  // inliner's budget, a change elsewhere in the program could move it out of line and cost a
  // simulated Hoyle game a quarter of its speed (-25% on one thread when it happened: commit d8d67f3).
  [[gnu::always_inline]] CardCode draw() {
    if (next_ < stacked_end_) return cards_[next_++];
    auto j = next_ + uniform_below(rng_, static_cast<std::uint32_t>(cards_.size() - next_));
    // The swap of Fisher-Yates, written so that the card drawn comes from a register, not
    // reloaded from the slot just stored (a store-to-load wait on every card).
    CardCode card = cards_[j];
    cards_[j] = cards_[next_];
    cards_[next_++] = card;
    return card;
  }
  void discard(CardCode card) { discard_pile_.push_back(card); }
  // The discard pile joins what is left, and all of it is the shoe again (cards on the table
  // stay out); the draws do the shuffling.
  void reshuffle();
  // The undealt cards and every later reshuffle drawn from `seed`'s stream from now on, and a
  // stacked top forgotten: the shoe as someone who has seen only the dealt cards knows it (a
  // search's resampled table, games::AnyTable::resample). The cards it holds do not change.
  void reseed(std::uint64_t seed) {
    rng_ = make_shoe_rng(seed);
    stacked_end_ = next_;
  }

  // Cards not yet dealt, in no particular order: the next card is drawn at random from them
  // (stacked cards excepted). Two shoes in the same state hold them in the same order.
  std::span<const CardCode> undealt_unordered() const { return {cards_.data() + next_, remaining()}; }
  std::span<const CardCode> discard_pile() const { return discard_pile_; }
  // Count of each card code still in the shoe (index = code), sized to the largest code + 1.
  std::vector<int> remaining_counts() const;

 private:
  std::vector<CardCode> cards_;  // dealt cards are the prefix [0, next_)
  std::size_t next_ = 0;
  std::size_t stacked_end_ = 0;  // cards_[next_, stacked_end_) are still stacked, in order
  std::size_t size_ = 0;
  std::vector<CardCode> discard_pile_;
  ShoeRng rng_;
  int generation_ = 0;
  CardCode largest_code_ = 0;
};

// The full contents of `decks` standard 52-card decks.
std::vector<CardCode> standard_shoe_contents(int decks);

}  // namespace inbetween::cards
