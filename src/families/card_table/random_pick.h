#pragma once
// What the card-table families' random bots share: a uniform pick among the kinds of action open
// now, and a uniform amount for a bet or a wager. Fixed arrays: a decision allocates nothing.
#include <array>
#include <cstddef>
#include <cstdint>

#include "cards/rng.h"
#include "rules/pot_rules.h"

namespace inbetween::games::card_table {

// One of the open kinds (their index in `open`), each as likely; -1 where none is open. A single
// open kind takes no draw, so a seed's bots draw exactly as they always did.
template <std::size_t N>
int random_kind(const std::array<bool, N>& open, cards::Rng& rng) {
  std::array<int, N> kinds{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < N; ++i)
    if (open[i]) kinds[n++] = static_cast<int>(i);
  if (n == 0) return -1;
  return kinds[n == 1 ? 0 : cards::uniform_below(rng, n)];
}

// An amount from `least` to `most`, each as likely.
inline rules::Chips random_amount(rules::Chips least, rules::Chips most, cards::Rng& rng) {
  auto span = static_cast<std::uint64_t>(most - least + 1);
  return least + static_cast<rules::Chips>(cards::uniform_below(rng, span));
}

}  // namespace inbetween::games::card_table
