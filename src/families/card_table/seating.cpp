#include "families/card_table/seating.h"

#include <string>

#include <fmt/format.h>

namespace inbetween::games::card_table {

cards::Shoe make_shoe(const std::vector<cards::CardCode>& deck_cards, int decks, const Setup& setup) {
  std::vector<cards::CardCode> all;
  if (deck_cards.empty()) {
    all = cards::standard_shoe_contents(decks);
  } else {
    for (int d = 0; d < decks; ++d) all.insert(all.end(), deck_cards.begin(), deck_cards.end());
  }
  try {
    return cards::Shoe(std::move(all), setup.seed, setup.stacked);
  } catch (const cards::StackError& e) {
    throw SetupError(fmt::format("stacked card {} ({}) is stacked more often than the {} deck(s) hold it", e.index + 1,
                                 cards::to_string(Card{setup.stacked[e.index]}), decks));
  }
}

}  // namespace inbetween::games::card_table
