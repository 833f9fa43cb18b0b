#pragma once
// The terminal face of the house games, Red Dog (Terminal<HouseFamily>; the interface is in
// terminal.h): every player against the house on one set of posts.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "families/card_table/terminal_part.h"
#include "families/house/family.h"

namespace inbetween::cli {

namespace house = games::house;

template <>
class Terminal<games::house::HouseFamily> : public CardTableTerminal<house::HouseGame> {
 public:
  using Game = house::HouseGame;
  using Action = house::Action;
  using CardTableTerminal::CardTableTerminal;

  std::string title() const;
  std::string narrate(const house::Event& event);
  std::string after();
  std::string table() const;
  std::string prompt(games::Seat seat, const Action& best) const;
  // "3" (a wager), "p", "r", "s"; Enter takes `best`.
  std::optional<Action> parse(const std::string& input, games::Seat seat, const Action& best, std::string& why) const;
  std::string hint(games::Seat seat) const;
  std::string history() const;
  std::string ending() const;

 private:
  std::string name(games::Seat seat) const { return game_->players()[static_cast<std::size_t>(seat)].name; }
  // "Hand 3: Ann +10, bot1 -5 · house -5": the hand's results, summed from its events.
  std::string hand_summary();

  int hands_ = 0;  // hands summarised
};

}  // namespace inbetween::cli
