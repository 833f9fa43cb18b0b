#pragma once
// How the terminal colours its text and draws a card: the family-neutral pieces every
// family's terminal view (families/*/terminal*.*, built into the cli layer) draws with. This
// header names no family, so those views include it without a family being included back.
#include <string>

#include "cards/card.h"

namespace inbetween::cli {

// Colour on or off for everything a view prints.
struct Style {
  bool color = false;
};

// Whether to colour: "always", "never", or "auto" (stdout is a terminal, and NO_COLOR is unset
// or empty, as no-color.org says).
bool want_color(const std::string& setting);

// Text in bold, faint, good news (green) or bad news (red); plain when colour is off.
std::string bold(const Style& style, const std::string& text);
std::string dim(const Style& style, const std::string& text);
std::string good(const Style& style, const std::string& text);
std::string bad(const Style& style, const std::string& text);

// "9♣" (red for hearts and diamonds when colour is on).
std::string show_card(const Style& style, cards::Card card);

}  // namespace inbetween::cli
