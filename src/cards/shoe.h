#pragma once
// The shoe: every copy of every card of N decks, a stacked top, a discard pile, reshuffles.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "cards/card.h"
#include "cards/rng.h"

namespace inbetween::cards {

// Thrown when a stacked order asks for a card the shoe does not hold (often enough).
struct StackError : std::runtime_error {
  StackError(std::size_t index_, const std::string& message) : std::runtime_error(message), index(index_) {}
  std::size_t index;  // 0-based position in the stacked list
};

// Cards still to be dealt, top first, plus the discard pile. Codes are opaque here.
class Shoe {
 public:
  // `contents`: the full shoe (all copies of all decks). `stacked`: cards that come off the
  // top first, in this order; the rest of the contents follows in seeded order.
  Shoe(std::vector<CardCode> contents, std::uint64_t seed, std::span<const CardCode> stacked = {});

  bool empty() const { return next_ == cards_.size(); }
  std::size_t remaining() const { return cards_.size() - next_; }
  std::size_t discards() const { return discard_pile_.size(); }
  std::size_t size() const { return cards_.size(); }
  // How many shuffles have happened since the first; 0 while the first deck lasts.
  int generation() const { return generation_; }

  // Precondition: !empty().
  CardCode draw() { return cards_[next_++]; }
  void discard(CardCode card) { discard_pile_.push_back(card); }
  // The discard pile joins what is left and all of it is shuffled (cards on the table stay out).
  void reshuffle();

  // Cards not yet dealt, in dealing order (top first).
  std::span<const CardCode> undealt() const { return {cards_.data() + next_, remaining()}; }
  std::span<const CardCode> discard_pile() const { return discard_pile_; }
  // Count of each card code still in the shoe (index = code), sized to the largest code + 1.
  std::vector<int> remaining_counts() const;

 private:
  void shuffle_range(std::size_t first);

  std::vector<CardCode> cards_;  // dealt cards are the prefix [0, next_)
  std::size_t next_ = 0;
  std::vector<CardCode> discard_pile_;
  Rng rng_;
  int generation_ = 0;
  CardCode largest_code_ = 0;
};

// The full contents of `decks` standard 52-card decks.
std::vector<CardCode> standard_shoe_contents(int decks);

}  // namespace inbetween::cards
