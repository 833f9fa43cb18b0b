#pragma once
// Letter cards (the Alpha deck): consonants "K", two-vowel cards "A/E", wilds "?".
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"

namespace inbetween::cards {

// Places on the alphabet line: A = 1 .. Z = 26; a wild limit lies before A (0) or after Z (27).
constexpr int kBeforeA = 0;
constexpr int kAfterZ = 27;
constexpr int letter_position(char letter) { return letter - 'A' + 1; }
constexpr char position_letter(int position) { return static_cast<char>('A' + position - 1); }

// One kind of letter card and how many of it the deck holds.
struct LetterKind {
  std::string notation;        // "K", "A/E", "?"
  std::vector<char> letters;   // one consonant, two vowels, or none for a wild
  int points = 0;
  int copies = 1;
  // The letters as bits (bit p for position p, 1..26), set by the deck file's reader (0 in a
  // kind built by hand: then ask letter_mask()); the bots test a card against the open letters
  // with one AND.
  std::uint32_t letter_bits = 0;
  std::uint32_t letter_mask() const {
    if (letter_bits != 0 || letters.empty()) return letter_bits;
    std::uint32_t bits = 0;
    for (char l : letters) bits |= 1u << letter_position(l);
    return bits;
  }
  bool wild() const { return letters.empty(); }
  bool vowel_card() const { return letters.size() == 2; }
  // Whether this card may show `letter` (a vowel card either of its vowels).
  bool shows(char letter) const;
};

// A letter deck: its kinds, indexed by CardCode.
struct LetterDeck {
  std::string name;
  std::string description;
  std::vector<LetterKind> kinds;

  const LetterKind& kind(CardCode code) const { return kinds[code]; }
  // Every copy of every card, for a Shoe.
  std::vector<CardCode> contents() const;
  int size() const;
  // "k", "a/e", "E/A" (vowels in any order, any case), "?"; nullopt when the deck has no such card.
  std::optional<CardCode> parse(std::string_view text) const;
};

}  // namespace inbetween::cards
