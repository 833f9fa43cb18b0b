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

}  // namespace

void check_setup(const Setup& setup, int min_players, int max_players) {
  int n = static_cast<int>(setup.players.size());
  if (n < min_players || n > max_players)
    throw SetupError(fmt::format("{} players given; these rules seat {} to {} (min_players, max_players)", n, min_players, max_players));
  for (std::size_t i = 0; i < setup.players.size(); ++i) {
    const auto& name = setup.players[i];
    if (name.empty()) throw SetupError("a player's name is empty");
    if (name.size() > kMaxNameBytes)
      throw SetupError(fmt::format("player {}'s name is {} bytes long; the limit is {}", i + 1, name.size(), kMaxNameBytes));
    if (has_control_character(name))
      throw SetupError(fmt::format("player {}'s name holds a control character (a tab, a newline, an escape...)", i + 1));
    // A few names: comparing each with those before allocates nothing (a std::set would).
    for (std::size_t j = 0; j < i; ++j)
      if (setup.players[j] == name) throw SetupError(fmt::format("two players are called '{}'", name));
  }
  if (setup.dealer && (*setup.dealer < 0 || *setup.dealer >= n)) throw SetupError("the named dealer is not a player");
}

}  // namespace inbetween::games
