#pragma once
// What strangers type into the server: the names they sit down with and their chat lines. The
// engine's own name rules (games::check_setup: 1 to 40 bytes of UTF-8, no control characters,
// all different) hold everywhere; at a shared table the server adds what keeps people from
// passing for someone else (docs/security.md, "The server"). Unicode comes from ICU.
#include <string>
#include <string_view>
#include <vector>

namespace inbetween::server {

// The name a person sits down with, as the table will show it: NFKC-normalised, whitespace at
// either end removed and each run inside made one space. Refused (`bad_name`, naming the rule):
// a control character, an invisible or formatting character (Unicode's Cf: zero-width spaces,
// direction marks and overrides...), a line or paragraph separator, an unassigned or private-use
// code point; a name the engine refuses (empty, over 40 bytes once normalised); a name that is,
// or looks like, a word the server speaks as ("server", "watcher", "bot3", ...); a name that
// `others` (the names at the table) already has, ignoring case, or that looks like one of them
// (ICU's confusable skeletons: Latin "Ann" and Cyrillic "Аnn"). What draws nothing counts for
// nothing: Braille's blank (U+2800) is whitespace, and the variation selectors are kept but left
// out when names are compared, so a name with no visible character is refused and "Ann" with a
// selector or a blank added is Ann.
std::string seat_name(std::string_view typed, const std::vector<std::string>& others);

// A chat line as the table will get it: control characters (C0 with NUL, ESC and BEL, DEL, C1)
// and invisible formatting characters (bidi embeddings, overrides and isolates, zero-width
// spaces, tags...) removed, a line or paragraph separator made a space; the zero-width joiner
// and non-joiner stay (emoji sequences and several scripts need them). Ordinary text and emoji
// are kept as sent. Invalid UTF-8 is refused (`bad_message`).
std::string chat_line(std::string_view typed);

// How many characters (code points) `text` holds; `text` is valid UTF-8.
std::size_t characters(std::string_view text);

// `text` (valid UTF-8) as it is when it holds at most `most` characters (code points); else its
// first `most` at most, never ending inside what a person reads as one character (a letter and
// its accents, an emoji sequence) nor in whitespace, and "…".
std::string cut_text(std::string_view text, std::size_t most);

}  // namespace inbetween::server
