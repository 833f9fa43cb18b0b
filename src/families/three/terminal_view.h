#pragma once
// How the terminal shows ThreeBeTween: the table as it lies, events, the score sheet.
#include <string>

#include "cli/style.h"
#include "families/three/game.h"

namespace inbetween::cli {

namespace three = games::three;

// "A/E" or, once laid, the vowel it shows ("A/E→E"); a wild limit "?" with its side.
std::string show_letter_card(const Style& style, const three::ThreeGame& game, three::CardCode card);
// One event as a sentence, or "" when not worth a line.
std::string narrate_three(const Style& style, const three::ThreeGame& game, const three::Event& event);
// Every player's limits and spaces, the open letters of the player to act highlighted.
std::string show_three_table(const Style& style, const three::ThreeGame& game);
// An action in words, as the menu shows it: "place A/E=E", "lay ? … T", "pass with 12 points".
std::string label(const three::ThreeGame& game, int seat, const three::Action& action);
// The solver's value of every choice open to `seat` (the `?` key).
std::string show_three_hint(const Style& style, const three::ThreeGame& game, int seat);
// The score sheet: one column per player, a row per round; busted banks struck through.
std::string show_score_sheet(const Style& style, const three::ThreeGame& game);

}  // namespace inbetween::cli
