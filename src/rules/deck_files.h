#pragma once
// Deck files (decks/*.toml): the standard 52-card deck and letter decks such as alpha74.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

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

// A deck file's text held in memory (`label` stands for the file's name in messages and gives
// a deck without a `name` its name): the same checks as a file's. Throws RuleError.
cards::LetterDeck letter_deck_from_text(std::string_view text, const std::string& label);
std::vector<cards::CardCode> standard_deck_from_text(std::string_view text, const std::string& label);
// The same from a parsed table; `where` names it in messages, `stem` is the deck's default name.
cards::LetterDeck letter_deck_from_table(const toml::table& table, const std::string& where, const std::string& stem);
std::vector<cards::CardCode> standard_deck_from_table(const toml::table& table, const std::string& where);

// A shoe of `decks` copies of a standard deck that a card-table game (pot or house) can play
// to the end: at least two ranks (else every draw for the deal ties and every pair of posts
// is a pair, for ever) and more cards than seats and at least 3 (the draw for the deal, a
// turn's posts and third card). Throws RuleError naming `where`, the deck, and what it lacks;
// tests/small_decks_test.cpp plays random games on every small shoe this accepts.
// The cut card of a card-table game: `reshuffle_below` as given, or, with `penetration` (the
// percent of the shoe dealt before a reshuffle), the cards that percent leaves, so it follows the
// shoe when `decks` changes. A knob set by --set outranks the file's other one (its penetration
// is then 0); both from the same place must agree (a rule file written out holds both). A cut
// card past the shoe (every hand would reshuffle) is refused, naming the keys.
enum class KnobFrom { absent, file, set };
// Where `knob` of a parsed rule table came from (`origins`: the knobs --set gave).
KnobFrom knob_from(const toml::table& table, const std::map<std::string, std::string, std::less<>>& origins, std::string_view knob);
int cut_card(std::size_t shoe_cards, int& penetration, int reshuffle_below, KnobFrom reshuffle, KnobFrom pen, const std::string& where);

void check_card_table_shoe(const std::vector<cards::CardCode>& deck, int decks, int max_players, const std::string& where,
                           const std::string& deck_name);

}  // namespace inbetween::rules
