// Fuzz target: card notation as people and programs write it. The bytes are a standard card
// ("TD", "10d"), a letter card of the alpha74 deck ("K", "e/a", "?") and both as a protocol
// card string. Besides crashes it checks the promises of cards/card.h and letter_card.h: what
// parses prints in canonical form and reads back as the same card.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cards/card.h"
#include "cards/letter_card.h"
#include "families/card_table/codec.h"
#include "families/three/codec.h"
#include "rules/deck_files.h"

namespace {

[[noreturn]] void broken(const char* promise, std::string_view text) {
  std::fprintf(stderr, "card_notation_fuzz: %s: \"%.*s\"\n", promise, static_cast<int>(text.size()), text.data());
  std::abort();
}

const inbetween::cards::LetterDeck& alpha74() {
  static const auto deck = inbetween::rules::load_letter_deck("alpha74");
  return deck;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inbetween;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto card = cards::parse_card(text)) {
    std::string canonical = cards::to_string(*card);
    auto again = cards::parse_card(canonical);
    if (!again || *again != *card || cards::to_string(*again) != canonical) broken("a standard card does not read back", text);
  }
  const auto& deck = alpha74();
  if (auto code = deck.parse(text)) {
    if (deck.parse(deck.kind(*code).notation) != code) broken("a letter card does not read back", text);
  }
  // The protocol's cards are JSON strings: valid UTF-8 only, as the parser hands them over.
  protocol::json j = std::string(text);
  try {
    (void)j.dump();
  } catch (const protocol::json::exception&) {
    return 0;
  }
  try {
    (void)protocol::card_from_json(j);
  } catch (const protocol::ProtocolError&) {
  }
  try {
    (void)protocol::letter_card_from_json(deck, j);
  } catch (const protocol::ProtocolError&) {
  }
  return 0;
}
