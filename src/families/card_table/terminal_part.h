#pragma once
// What the card-table families' terminal faces (Terminal<PotFamily>, Terminal<HouseFamily>)
// hold alike: the style, the game, the bots' kinds, the knobs changed, each seat's result in the
// deal or hand under way, and who was still in (to announce who is knocked out).
#include <map>
#include <string>
#include <vector>

#include "cli/style.h"
#include "games/game.h"
#include "rules/pot_rules.h"

namespace inbetween::cli {

template <class F>
class Terminal;

template <class Game>
class CardTableTerminal {
 public:
  CardTableTerminal(Style style, const Game& game, std::map<games::Seat, std::string> bot_kinds)
      : style_(style), game_(&game), bot_kinds_(std::move(bot_kinds)), won_(game.players().size(), 0) {
    for (std::size_t i = 0; i < game.players().size(); ++i) in_game_.push_back(game.in_game(static_cast<games::Seat>(i)));
  }
  std::string refusal(const std::string& text) const { return bad(style_, text); }
  // Knob overrides in force, shown in the title ("pair_pays=5").
  void set_overrides(std::vector<std::string> overrides) { overrides_ = std::move(overrides); }

 protected:
  Style style_;
  const Game* game_;
  std::map<games::Seat, std::string> bot_kinds_;
  std::vector<std::string> overrides_;
  std::vector<rules::Chips> won_;  // each seat's result in this deal or hand so far, from its events
  std::vector<bool> in_game_;      // who was still in, to announce who is knocked out
};

}  // namespace inbetween::cli
