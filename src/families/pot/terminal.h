#pragma once
// The terminal face of the pot games (Terminal<PotFamily>; the interface is in terminal.h).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "families/card_table/terminal_part.h"
#include "families/pot/family.h"

namespace inbetween::cli {

namespace pot = games::pot;

// What a person typed at a pot game's prompt, as an action ("3", "p", "h", "rebuy 5"); Enter
// takes `best`; nullopt with `why` set when it means nothing here.
std::optional<pot::Action> parse_bet_input(const std::string& raw, const pot::Action& best, std::string& why);
// The bracketed default for `best`: "3", "h", "p"...
std::string bet_input_default(const pot::Action& best);

// Pot games at the terminal: free-text answers ("3", "p", "h") checked by the game.
template <>
class Terminal<games::pot::PotFamily> : public CardTableTerminal<pot::PotGame> {
 public:
  using Game = pot::PotGame;
  using Action = pot::Action;
  using CardTableTerminal::CardTableTerminal;

  std::string title() const;
  std::string narrate(const pot::Event& event);
  // After a move's events: who was knocked out by it.
  std::string after();
  std::string table() const;
  std::string prompt(games::Seat seat, const Action& best) const;
  std::optional<Action> parse(const std::string& input, games::Seat seat, const Action& best, std::string& why) const;
  std::string hint(games::Seat seat) const;
  std::string history() const;
  std::string ending() const;

 private:
  // "Deal 2 of 3: Ann +2, bot1 -1; pot 5": the deal's results, summed from its events.
  std::string deal_summary();
  void count(const pot::Event& event);
  std::string seat_name(games::Seat seat) const;
  // The answer Enter gives: the best choice by the exact hint, except that a bet of the whole
  // stack gives way to the Kelly bet when that is smaller (the best by value can lose everything).
  Action suggested(games::Seat seat, const Action& best) const;

  rules::Chips pot_ = 0;  // the pot, from the events
  int deals_ = 0;         // deals summarised
};

}  // namespace inbetween::cli
