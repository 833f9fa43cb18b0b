#pragma once
// The terminal face of ThreeBeTween (Terminal<ThreeFamily>; the interface is in terminal.h).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "families/three/terminal_view.h"
#include "families/three/family.h"

namespace inbetween::cli {

template <class F>
class Terminal;

// ThreeBeTween at the terminal: every legal choice as a numbered menu, with word shortcuts.
template <>
class Terminal<games::three::ThreeFamily> {
 public:
  using Game = three::ThreeGame;
  using Action = three::Action;
  Terminal(Style style, const Game& game, std::map<games::Seat, std::string> bot_kinds);

  std::string title() const;
  std::string narrate(const three::Event& event);
  std::string after() { return ""; }
  std::string table() const { return show_three_table(style_, *game_); }
  std::string prompt(games::Seat seat, const Action& best) const;
  std::optional<Action> parse(const std::string& input, games::Seat seat, const Action& best, std::string& why) const;
  std::string hint(games::Seat seat) const { return show_three_hint(style_, *game_, seat); }
  std::string refusal(const std::string& text) const { return bad(style_, text); }
  std::string history() const;
  std::string ending() const { return ""; }  // the score sheet follows the last tally
  void set_overrides(std::vector<std::string> overrides) { overrides_ = std::move(overrides); }

 private:
  Style style_;
  const Game* game_;
  std::map<games::Seat, std::string> bot_kinds_;
  std::vector<std::string> overrides_;
};

}  // namespace inbetween::cli
