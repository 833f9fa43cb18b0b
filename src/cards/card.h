#pragma once
// Standard playing cards: ranks 2..A, four suits; notation "9C", "TD", "AS" (also "10D").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace inbetween::cards {

// A card's index in its deck's list of kinds; what it means is up to the deck.
using CardCode = std::uint8_t;

// Rank values: 2..14, ace high; suits never matter to the rules.
enum class Suit : std::uint8_t { Spades, Hearts, Diamonds, Clubs };

constexpr int kLowestRank = 2;
constexpr int kAceRank = 14;
constexpr int kSuits = 4;
constexpr int kRanks = 13;
constexpr int kStandardDeckSize = kSuits * kRanks;

// A standard card; its code in the 52-card deck is (rank - 2) * 4 + suit.
struct Card {
  CardCode code = 0;

  static constexpr Card of(int rank, Suit suit) {
    return Card{static_cast<CardCode>((rank - kLowestRank) * kSuits + static_cast<int>(suit))};
  }
  constexpr int rank() const { return code / kSuits + kLowestRank; }
  constexpr Suit suit() const { return static_cast<Suit>(code % kSuits); }
  constexpr bool is_ace() const { return rank() == kAceRank; }
  friend constexpr bool operator==(Card, Card) = default;
};

// "AS", "TD", "9C": rank then suit, canonical upper case.
std::string to_string(Card card);
// Accepts any case and "10" for ten; nullopt for anything else.
std::optional<Card> parse_card(std::string_view text);
// "A", "T", "9": the rank alone.
char rank_symbol(int rank);

}  // namespace inbetween::cards
