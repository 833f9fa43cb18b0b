// Fuzz target: a deck file's text, parsed from memory as a standard deck and as a letter deck
// (what `--set deck=...` and `decks show` read). A bad file must be refused with a RuleError
// naming the file, line and key; anything else (another exception, a crash, a sanitizer's
// finding) is a bug. A standard deck that loads also goes through the card-table shoe check.
#include <cstdint>
#include <string_view>

#include "rules/deck_files.h"
#include "rules/knob_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inbetween;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto deck = rules::standard_deck_from_text(text, "fuzz.toml");
    rules::check_card_table_shoe(deck, 1, 2, "fuzz.toml", "fuzz");
  } catch (const rules::RuleError&) {
  }
  try {
    auto deck = rules::letter_deck_from_text(text, "fuzz.toml");
    (void)deck.contents();
  } catch (const rules::RuleError&) {
  }
  return 0;
}
