#include "server/typed_text.h"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <unicode/brkiter.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>

#include "games/game.h"
#include "server/refused.h"

namespace inbetween::server {
namespace {
// The names the server speaks as (a chat line "from" them) or gives its bots (bot1, bot2...):
// a person called so could pass a line of their own for a notice, or for a bot's.
constexpr std::array<std::string_view, 8> kReserved = {"server", "system", "admin", "administrator", "moderator", "bot", "watcher", "inbetween"};

// ICU's conversion, asked only to measure: an ill-formed sequence is U_INVALID_CHAR_FOUND.
bool valid_utf8(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  std::int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, text.data(), static_cast<std::int32_t>(text.size()), &status);
  return status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status);
}

void check(UErrorCode status, const char* what) {
  if (U_FAILURE(status)) throw std::runtime_error(fmt::format("ICU could not {}: {}", what, u_errorName(status)));
}

std::string utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

icu::UnicodeString folded(const icu::UnicodeString& text) {
  icu::UnicodeString copy = text;
  return copy.foldCase();
}

// One spoof checker for the process, set to find confusable strings (ICU's skeletons).
const USpoofChecker* spoof_checker() {
  static const icu::LocalUSpoofCheckerPointer checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    icu::LocalUSpoofCheckerPointer made(uspoof_open(&status));
    check(status, "open its spoof checker");
    uspoof_setChecks(made.getAlias(), USPOOF_CONFUSABLE, &status);
    check(status, "set up its spoof checker");
    return made;
  }();
  return checker.getAlias();
}

// Whether a reader could take one for the other: as typed ("AnIta", "Anlta") or with case folded.
bool look_alike(const icu::UnicodeString& a, const icu::UnicodeString& b) {
  UErrorCode status = U_ZERO_ERROR;
  bool alike = uspoof_areConfusableUnicodeString(spoof_checker(), a, b, &status) != 0 ||
               uspoof_areConfusableUnicodeString(spoof_checker(), folded(a), folded(b), &status) != 0;
  check(status, "compare two names");
  return alike;
}

// Invisible where it stands: Cf (zero-width spaces, direction marks, bidi overrides and
// isolates, tags...) and the other default-ignorable code points (Hangul fillers...), except
// the variation selectors, which only choose how the character before them is drawn.
bool invisible(UChar32 c) {
  return u_charType(c) == U_FORMAT_CHAR ||
         (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) && !u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR));
}

// Drawn as an empty space though it is no whitespace character (U+2800, Braille's blank
// pattern): a name takes it as whitespace, so that it can neither be a name nor pad one.
bool blank(UChar32 c) { return u_isUWhiteSpace(c) || c == 0x2800; }

// What a reader sees of a name: without the variation selectors (U+FE00-FE0F, U+E0100-E01EF),
// which only choose how the character before them is drawn and alone draw nothing. Two names
// with the same key look the same; a name whose key is empty shows nothing.
icu::UnicodeString seen(const icu::UnicodeString& name) {
  icu::UnicodeString out;
  for (std::int32_t i = 0; i < name.length(); i += U16_LENGTH(name.char32At(i))) {
    UChar32 c = name.char32At(i);
    if (!u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR)) out.append(c);
  }
  return out;
}

Refused bad_name(const std::string& why) { return Refused("bad_name", why); }
}  // namespace

std::string seat_name(std::string_view typed, const std::vector<std::string>& others) {
  if (!valid_utf8(typed)) throw bad_name("a name is UTF-8 text");
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
  check(status, "load NFKC");
  // NFKC first: full-width letters, ligatures and compatibility spaces become the plain ones,
  // so what is checked below is what is shown.
  icu::UnicodeString normal = nfkc->normalize(icu::UnicodeString::fromUTF8(typed), status);
  check(status, "normalise a name");
  icu::UnicodeString name;
  bool space = false;
  for (std::int32_t i = 0; i < normal.length(); i += U16_LENGTH(normal.char32At(i))) {
    UChar32 c = normal.char32At(i);
    auto type = static_cast<UCharCategory>(u_charType(c));
    if (type == U_CONTROL_CHAR) throw bad_name(fmt::format("a name may not hold a control character (U+{:04X})", c));
    if (invisible(c) || type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR)
      throw bad_name(fmt::format("a name may not hold an invisible or formatting character (U+{:04X}): zero-width spaces, "
                                 "direction marks and overrides would let it pass for another name",
                                 c));
    if (type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR || type == U_SURROGATE)
      throw bad_name(fmt::format("a name may not hold an unassigned or private-use character (U+{:04X})", c));
    // Whitespace at either end goes, and each run inside is one space: a page shows it so.
    if (blank(c)) {
      space = !name.isEmpty();
      continue;
    }
    if (space) name.append(static_cast<UChar>(u' '));
    space = false;
    name.append(c);
  }
  // Trailing variation selectors may follow the last space: the name ends at its last seen character.
  icu::UnicodeString key = seen(name);
  while (!key.isEmpty() && key.endsWith(icu::UnicodeString(u" "))) key.truncate(key.length() - 1);
  if (key.isEmpty()) throw bad_name("a name needs at least one visible character (a letter, digit, mark, punctuation or symbol)");
  std::string text = utf8(name);
  if (text.size() > games::kMaxNameBytes)
    throw bad_name(fmt::format("a name is at most {} bytes of UTF-8 once normalised (NFKC); this one is {}", games::kMaxNameBytes, text.size()));
  // The engine's own rules, whatever the server adds.
  try {
    games::Setup one;
    one.players = {text};
    games::check_setup(one, 1, 1);
  } catch (const games::SetupError& e) {
    throw bad_name(e.what());
  }
  // "Server", "SYSTEM", "Bot7", and look-alikes of them ("Ѕerver" with a Cyrillic Ѕ).
  icu::UnicodeString base = folded(key);
  while (!base.isEmpty() && (u_isdigit(base.char32At(base.length() - 1)) || base.endsWith(icu::UnicodeString(u" "))))
    base.truncate(base.length() - 1);
  for (auto word : kReserved) {
    auto reserved = icu::UnicodeString::fromUTF8(icu::StringPiece(word.data(), static_cast<std::int32_t>(word.size())));
    if (base == reserved || (!base.isEmpty() && look_alike(base, reserved)))
      throw bad_name(fmt::format("\"{}\" is reserved: the server speaks as server, system, admin and watcher, and names its "
                                 "bots bot1, bot2, ...; choose another name",
                                 text));
  }
  for (const auto& other : others) {
    if (other.empty() || !valid_utf8(other)) continue;
    icu::UnicodeString theirs = seen(nfkc->normalize(icu::UnicodeString::fromUTF8(other), status));
    check(status, "normalise a name");
    if (folded(theirs) == folded(key))
      throw bad_name(fmt::format("\"{}\" is already at this table (as \"{}\"): names must differ by more than case and "
                                 "characters that draw nothing",
                                 text, other));
    if (look_alike(key, theirs))
      throw bad_name(fmt::format("\"{}\" looks like \"{}\", who is already at this table: choose a name nobody could take for theirs",
                                 text, other));
  }
  return text;
}

std::string chat_line(std::string_view typed) {
  if (!valid_utf8(typed)) throw Refused("bad_message", "a chat line is UTF-8 text");
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(typed);
  icu::UnicodeString out;
  for (std::int32_t i = 0; i < text.length(); i += U16_LENGTH(text.char32At(i))) {
    UChar32 c = text.char32At(i);
    auto type = static_cast<UCharCategory>(u_charType(c));
    if (type == U_CONTROL_CHAR) continue;
    // Emoji sequences (the family 👨‍👩‍👧) and some scripts need the joiners; they turn no text around.
    if (type == U_FORMAT_CHAR && c != 0x200D && c != 0x200C) continue;
    if (type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR) c = u' ';
    out.append(c);
  }
  return utf8(out);
}

std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; }));
}

std::string cut_text(std::string_view text, std::size_t most) {
  // The byte where character `most` begins: the text beyond it is what is cut.
  std::size_t end = 0;
  for (std::size_t seen = 0; end < text.size(); ++end)
    if ((static_cast<unsigned char>(text[end]) & 0xC0) != 0x80 && seen++ == most) break;
  if (end >= text.size()) return std::string(text);
  // Back to the start of the character a person sees there (its grapheme cluster), reading only
  // the part kept and the one code point after it.
  std::size_t next = end + 1;
  while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
  icu::UnicodeString kept = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<std::int32_t>(next)));
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> graphemes(icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
  check(status, "open a character break iterator");
  graphemes->setText(kept);
  std::int32_t cut = kept.length() - icu::UnicodeString::fromUTF8(icu::StringPiece(text.data() + end, static_cast<std::int32_t>(next - end))).length();
  if (!graphemes->isBoundary(cut)) {
    std::int32_t before = graphemes->preceding(cut);
    if (before > 0) cut = before;
  }
  kept.truncate(cut);
  // No space before the ellipsis.
  while (kept.length() > 0 && u_isUWhiteSpace(kept.char32At(kept.length() - 1))) kept.truncate(kept.moveIndex32(kept.length(), -1));
  return utf8(kept) + "\u2026";
}

}  // namespace inbetween::server
