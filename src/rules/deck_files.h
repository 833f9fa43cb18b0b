#pragma once
// Deck files (decks/*.toml): the standard 52-card deck and letter decks such as alpha74.
#include <string>
#include <vector>

#include "cards/card.h"
#include "cards/letter_card.h"

namespace inbetween::rules {

// A deck file's summary for `decks list` / `decks show`.
struct DeckSummary {
  std::string name;
  std::string description;
  std::string kind;  // "standard" or "letters"
  int cards = 0;
};

// Deck names found in data_dir()/decks, sorted.
std::vector<std::string> deck_names();
// Throws RuleError naming file, line and reason for a malformed file.
DeckSummary deck_summary(const std::string& name_or_path);
// A letter deck (kind = "letters").
cards::LetterDeck load_letter_deck(const std::string& name_or_path);
// One standard deck's cards (kind = "standard"): ranks x suits x copies.
std::vector<cards::CardCode> load_standard_deck(const std::string& name_or_path);

}  // namespace inbetween::rules
