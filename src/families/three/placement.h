#pragma once
// Where ThreeBeTween cards may go: limit layouts and fits between the limits. The game, the
// solver and the bots all ask here, so the rule is written once. Visitors, so no call allocates.
#include <array>
#include <cstddef>

#include "cards/letter_card.h"
#include "families/three/action.h"

namespace inbetween::games::three {

// Each position `kind` may take as a limit on the left (low) or the right (high) side: a letter
// it shows, or for a wild, before A (left) and after Z (right).
template <class Visit>
void for_each_limit_position(const cards::LetterKind& kind, bool left, Visit&& visit) {
  if (kind.wild()) {
    visit(left ? cards::kBeforeA : cards::kAfterZ);
    return;
  }
  for (char l : kind.letters) visit(cards::letter_position(l));
}

// Every distinct legal way to lay limit cards `a` and `b`: the card nearer A on the left, and
// the same letter on both sides is no layout at all (it leaves no room).
template <class Visit>
void for_each_layout(const cards::LetterDeck& deck, CardCode a, CardCode b, Visit&& visit) {
  std::array<PlaceLimits, 16> seen{};
  std::size_t count = 0;
  for (int left = 0; left < 2; ++left) {
    CardCode l = left == 0 ? a : b, r = left == 0 ? b : a;
    for_each_limit_position(deck.kind(l), true, [&](int pl) {
      for_each_limit_position(deck.kind(r), false, [&](int pr) {
        if (pl >= pr) return;
        PlaceLimits layout{{l, pl}, {r, pr}};
        for (std::size_t i = 0; i < count; ++i)
          if (seen[i] == layout) return;
        if (count < seen.size()) seen[count++] = layout;
        visit(layout);
      });
    });
  }
}

// Each position where `kind` may go into an empty space between limits at `low` < `high`,
// `taken(position)` telling the letters already placed: a letter it shows, strictly between,
// not taken; a wild goes anywhere (position 0, no letter), repeats allowed.
template <class Taken, class Visit>
void for_each_fit(const cards::LetterKind& kind, int low, int high, Taken&& taken, Visit&& visit) {
  if (kind.wild()) {
    visit(0);
    return;
  }
  for (char letter : kind.letters) {
    int pos = cards::letter_position(letter);
    if (pos > low && pos < high && !taken(pos)) visit(pos);
  }
}

}  // namespace inbetween::games::three
