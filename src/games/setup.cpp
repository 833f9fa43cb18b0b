#include <cstdint>

#include <fmt/format.h>

#include "games/game.h"

namespace inbetween::games {
namespace {

// A C0 control, DEL, or a C1 control (U+0080..U+009F, in UTF-8 0xC2 0x80..0x9F).
bool has_control_character(const std::string& name) {
  for (std::size_t i = 0; i < name.size(); ++i) {
    auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x20 || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(name[i + 1]) <= 0x9F)
      return true;
  }
  return false;
}

// Well-formed UTF-8 (no stray continuation byte, no truncated or overlong sequence, no
// surrogate, nothing past U+10FFFF): a name is shown on terminals and written into JSON, which
// takes nothing else. The command line can hand over any bytes; the protocol's parser cannot.
bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > text.size()) return false;
    std::uint32_t code = length == 1 ? c : c & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    static constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kLeast[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

}  // namespace

void check_setup(const Setup& setup, int min_players, int max_players) {
  int n = static_cast<int>(setup.players.size());
  if (n < min_players || n > max_players)
    throw SetupError(fmt::format("{} {} given; these rules seat {} to {} (min_players, max_players)", n, n == 1 ? "player" : "players",
                                 min_players, max_players));
  for (std::size_t i = 0; i < setup.players.size(); ++i) {
    const auto& name = setup.players[i];
    if (name.empty()) throw SetupError("a player's name is empty");
    if (name.size() > kMaxNameBytes)
      throw SetupError(fmt::format("player {}'s name is {} bytes long; the limit is {}", i + 1, name.size(), kMaxNameBytes));
    if (!valid_utf8(name)) throw SetupError(fmt::format("player {}'s name is not UTF-8 text", i + 1));
    if (has_control_character(name))
      throw SetupError(fmt::format("player {}'s name holds a control character (a tab, a newline, an escape...)", i + 1));
    // A few names: comparing each with those before allocates nothing (a std::set would).
    for (std::size_t j = 0; j < i; ++j)
      if (setup.players[j] == name) throw SetupError(fmt::format("two players are called '{}'", name));
  }
  if (setup.dealer && (*setup.dealer < 0 || *setup.dealer >= n)) throw SetupError("the named dealer is not a player");
}

}  // namespace inbetween::games
