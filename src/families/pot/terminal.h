#pragma once
// The terminal face of the pot games (Terminal<PotFamily>; the interface is in terminal.h).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/table_view.h"
#include "families/pot/family.h"

namespace inbetween::cli {

template <class F>
class Terminal;

// What a person typed at a pot game's prompt, as an action ("3", "p", "h", "rebuy 5"); Enter
// takes `best`; nullopt with `why` set when it means nothing here.
std::optional<pot::Action> parse_bet_input(const std::string& raw, const pot::Action& best, std::string& why);
// The bracketed default for `best`: "3", "h", "p"...
std::string bet_input_default(const pot::Action& best);

// Pot games at the terminal: free-text answers ("3", "p", "h") checked by the game.
template <>
class Terminal<games::pot::PotFamily> {
 public:
  using Game = pot::PotGame;
  using Action = pot::Action;
  Terminal(Style style, const Game& game, std::map<games::Seat, std::string> bot_kinds);

  std::string title() const;
  std::string narrate(const pot::Event& event);
  // After a move's events: who was knocked out by it.
  std::string after();
  std::string table() const;
  std::string prompt(games::Seat seat, const Action& best) const;
  std::optional<Action> parse(const std::string& input, games::Seat seat, const Action& best, std::string& why) const;
  std::string hint(games::Seat seat) const;
  std::string refusal(const std::string& text) const { return bad(style_, text); }
  std::string history() const;
  std::string ending() const;
  // Knob overrides in force, shown in the title ("pair_pays=5").
  void set_overrides(std::vector<std::string> overrides) { overrides_ = std::move(overrides); }

 private:
  // "Deal 2 of 3: Ann +2, bot1 -1; pot 5": the deal's results, summed from its events.
  std::string deal_summary();
  void count(const pot::Event& event);
  std::string seat_name(games::Seat seat) const;

  Style style_;
  const Game* game_;
  std::map<games::Seat, std::string> bot_kinds_;
  std::vector<std::string> overrides_;
  std::vector<rules::Chips> won_;  // each seat's result in this deal so far, from its events
  rules::Chips pot_ = 0;           // the pot, from the events
  int deals_ = 0;                  // deals summarised
  std::vector<bool> in_game_;      // who was still in, to announce who is knocked out
};

}  // namespace inbetween::cli
