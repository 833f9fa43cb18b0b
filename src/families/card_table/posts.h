#pragma once
// The two posts of a turn, the spread between them, and how a third card falls.
#include <array>
#include <cstdint>

#include "cards/card.h"

namespace inbetween::games::card_table {

using cards::Card;

// How an ace post counts: above the king, or below the 2.
enum class AceValue : std::uint8_t { High, Low };

// Where the third card fell.
enum class Outcome : std::uint8_t { None, Between, Outside, HitPost, TripleAce, Trips, NoTrips };

// Value of a card on the line 1 (ace low) .. 14 (ace high).
constexpr int post_value(Card card, AceValue ace) {
  return card.is_ace() ? (ace == AceValue::Low ? 1 : cards::kAceRank) : card.rank();
}

// Up to two posts dealt so far, with the ace calls that fix their values.
struct Posts {
  std::array<Card, 2> cards{};
  std::array<AceValue, 2> ace{AceValue::High, AceValue::High};
  int count = 0;

  int value(int i) const { return post_value(cards[static_cast<std::size_t>(i)], ace[static_cast<std::size_t>(i)]); }
  int low() const { return value(0) < value(1) ? value(0) : value(1); }
  int high() const { return value(0) < value(1) ? value(1) : value(0); }
  // Ranks strictly between the posts.
  int spread() const { return high() - low() > 1 ? high() - low() - 1 : 0; }
  bool both_aces() const { return cards[0].is_ace() && cards[1].is_ace(); }
  // Same rank; two aces are no pair where calls let them differ.
  bool pair(bool aces_can_differ) const { return cards[0].rank() == cards[1].rank() && !(aces_can_differ && both_aces()); }
  bool consecutive() const { return high() - low() == 1; }
  // Between (strictly), equal to a post, all three aces, or outside.
  Outcome judge(Card third) const;
};

// The outcome's protocol name, e.g. "hit_post"; "" for None.
const char* outcome_name(Outcome outcome);

}  // namespace inbetween::games::card_table
