#include "cli/style.h"

#include <unistd.h>

#include <cstdlib>

#include <fmt/color.h>
#include <fmt/format.h>

namespace inbetween::cli {
namespace {
std::string styled(const Style& style, const std::string& text, fmt::text_style ts) {
  return style.color ? fmt::format(ts, "{}", text) : text;
}
}  // namespace

bool want_color(const std::string& setting) {
  if (setting == "always") return true;
  if (setting == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && (no_color == nullptr || *no_color == '\0');
}

std::string bold(const Style& s, const std::string& t) { return styled(s, t, fmt::emphasis::bold); }
std::string dim(const Style& s, const std::string& t) { return styled(s, t, fmt::emphasis::faint); }
std::string good(const Style& s, const std::string& t) { return styled(s, t, fmt::fg(fmt::terminal_color::green) | fmt::emphasis::bold); }
std::string bad(const Style& s, const std::string& t) { return styled(s, t, fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold); }

std::string show_card(const Style& style, cards::Card card) {
  static constexpr const char* kSuits[] = {"♠", "♥", "♦", "♣"};
  std::string rank = card.rank() == 10 ? "10" : std::string(1, cards::rank_symbol(card.rank()));
  std::string text = rank + kSuits[static_cast<int>(card.suit())];
  bool red = card.suit() == cards::Suit::Hearts || card.suit() == cards::Suit::Diamonds;
  // Black suits keep the terminal's own foreground: bright white vanished on light backgrounds.
  return red ? styled(style, text, fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold) : bold(style, text);
}

}  // namespace inbetween::cli
