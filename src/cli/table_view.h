#pragma once
// How the terminal shows a pot game: cards, the table, events as sentences, standings.
#include <string>

#include "cli/style.h"
#include "families/pot/game.h"

namespace inbetween::cli {

namespace pot = games::pot;

// "9♣" (red for hearts and diamonds when colour is on).
std::string show_card(const Style& style, cards::Card card);
// One event as a line of text, or "" for events not worth a line.
std::string narrate(const Style& style, const pot::PotGame& game, const pot::Event& event);
// The table before a decision: pot, stacks, dealer, posts and spread.
std::string show_table(const Style& style, const pot::PotGame& game);
// The exact odds and the value of every choice open to the player to act (the `?` key).
std::string show_hint(const Style& style, const pot::PotGame& game);
// Final standings, best first.
std::string show_standings(const Style& style, const pot::PotGame& game);
// The verb that goes with `name`: "You" takes "deal", "are", "pass"; anyone else "deals",
// "is", "passes" (given in that third-person form).
std::string verb(const std::string& name, const std::string& third_person);
// "1 card", "3 cards".
std::string plural(long long n, const std::string& word);
// Style helpers.
std::string bold(const Style& style, const std::string& text);
std::string dim(const Style& style, const std::string& text);
std::string good(const Style& style, const std::string& text);
std::string bad(const Style& style, const std::string& text);

}  // namespace inbetween::cli
