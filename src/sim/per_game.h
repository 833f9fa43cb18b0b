#pragma once
// `simulate --per-game FILE.csv`: a row per game (wide), or with --long a row per game and seat
// for pandas and R (docs/simulate.md, "--per-game"). Rows go to disk as games end.
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "games/measures.h"

namespace inbetween::sim {

// One game as the per-game file needs it.
struct GameRow {
  std::uint64_t game = 0, seed = 0, decisions = 0;
  bool over = false;                    // false: stopped unfinished (no counts, no scores)
  const games::GameMeasures* measures = nullptr;
  double minutes = 0;
  std::span<const std::int64_t> scores;  // a seat's chips won or points
  std::span<const std::uint8_t> won;     // 1: among the winners
  std::size_t first_dealer = 0;          // seat index
};

// The header line; `banks`: ThreeBeTween's busts, banks and passes per seat (long rows).
void write_per_game_header(std::ostream& out, const std::vector<std::string>& bots, bool long_rows, bool banks);
void write_per_game_row(std::ostream& out, const GameRow& row, const std::vector<std::string>& bots, bool long_rows, bool banks);

}  // namespace inbetween::sim
