#pragma once
// What a ThreeBeTween player can do, and the events the game reports.
#include <cstdint>
#include <string>
#include <variant>

#include "cards/card.h"
#include "games/game.h"

namespace inbetween::games::three {

using cards::CardCode;

// A card and the place it takes on the alphabet line: A = 1 .. Z = 26; a wild limit card
// lies at 0 (left, before A) or 27 (right, after Z); a wild between the limits at 0 (no letter).
struct Lay {
  CardCode card = 0;
  int position = 0;
  friend bool operator==(const Lay&, const Lay&) = default;
};

// Set-up: keep both limit cards.
struct Keep {
  friend bool operator==(const Keep&, const Keep&) = default;
};
// Set-up: discard this limit card and be dealt a replacement (once).
struct Replace {
  CardCode card = 0;
  friend bool operator==(const Replace&, const Replace&) = default;
};
// Lay the two limit cards: which is left (low), which right (high), the vowel each shows.
struct PlaceLimits {
  Lay low, high;
  friend bool operator==(const PlaceLimits&, const PlaceLimits&) = default;
};
// Turn: be dealt as many cards as there are empty spaces.
struct Draw {
  friend bool operator==(const Draw&, const Draw&) = default;
};
// Put a drawn card into an empty space, showing the letter at `position` (0 for a wild).
struct Place {
  CardCode card = 0;
  int position = 0;
  friend bool operator==(const Place&, const Place&) = default;
};
// Done placing; unplaced cards are discarded (nothing placed this turn: a bust).
struct EndTurn {
  friend bool operator==(const EndTurn&, const EndTurn&) = default;
};
// After a ThreeBeTween: bank the five cards' points and get two new limit cards.
struct Bank {
  friend bool operator==(const Bank&, const Bank&) = default;
};
// Out of the round with banked points plus the cards in front.
struct Pass {
  friend bool operator==(const Pass&, const Pass&) = default;
};

using Action = std::variant<Keep, Replace, PlaceLimits, Draw, Place, EndTurn, Bank, Pass>;

using games::Refusal;

// Protocol name of an action: "keep", "replace", "place_limits", "draw", "place", "end_turn", "bank", "pass".
const char* action_name(const Action& action);

// Why a player busted.
enum class BustReason : std::uint8_t { None, IdenticalLimits, NothingPlaced };

enum class EventKind : std::uint8_t {
  Shuffled,      // amount: shuffle number
  RoundStarted,  // amount: round number; player: the dealer
  LimitDealt,    // player, card
  Kept,          // player
  Replaced,      // player, card (discarded), card2 (dealt)
  LimitsLaid,    // player, card + position (left), card2 + position2 (right)
  Drew,          // player, card
  Placed,        // player, card, position
  Discarded,     // player, card: a drawn card not placed
  ThreeBeTween,  // player: every space is filled
  Banked,        // player, points
  Passed,        // player, points: the round score
  Bust,          // player, reason, points: banked points lost
  Tally,         // player, points: round score, total
  DealerChanged, // player
  GameOver,
};

// A flat event record.
struct Event {
  EventKind kind{};
  std::int8_t player = -1;
  bool has_card = false, has_card2 = false;
  CardCode card = 0, card2 = 0;
  std::int8_t position = -1, position2 = -1;
  BustReason reason = BustReason::None;
  int points = 0;
  int total = 0;
};

const char* event_name(EventKind kind);
const char* bust_reason_name(BustReason reason);

}  // namespace inbetween::games::three
