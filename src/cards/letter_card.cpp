#include "cards/letter_card.h"

#include <algorithm>
#include <cctype>

namespace inbetween::cards {

bool LetterKind::shows(char letter) const {
  return std::find(letters.begin(), letters.end(), letter) != letters.end();
}

std::vector<CardCode> LetterDeck::contents() const {
  std::vector<CardCode> out;
  for (std::size_t code = 0; code < kinds.size(); ++code)
    for (int c = 0; c < kinds[code].copies; ++c) out.push_back(static_cast<CardCode>(code));
  return out;
}

int LetterDeck::size() const {
  int n = 0;
  for (const auto& k : kinds) n += k.copies;
  return n;
}

std::optional<CardCode> LetterDeck::parse(std::string_view text) const {
  std::string t;
  for (char c : text)
    if (c != ' ') t.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  // Vowel cards are written in alphabetical order; accept the reverse too.
  if (t.size() == 3 && t[1] == '/' && t[0] > t[2]) std::swap(t[0], t[2]);
  for (std::size_t code = 0; code < kinds.size(); ++code)
    if (kinds[code].notation == t) return static_cast<CardCode>(code);
  return std::nullopt;
}

}  // namespace inbetween::cards
