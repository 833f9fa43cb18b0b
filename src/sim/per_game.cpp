#include "sim/per_game.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace inbetween::sim {
namespace {

constexpr const char* kGameColumns = "decisions,turns,rounds,cards,ended_by_limit,minutes";

// decisions,turns,rounds,cards,ended_by_limit,minutes; a stopped game has its decisions only.
std::string game_cells(const GameRow& row) {
  if (!row.over) return fmt::format("{},,,,,", row.decisions);
  const auto& m = *row.measures;
  return fmt::format("{},{},{},{},{},{:.2f}", row.decisions, m.turns, m.rounds, m.cards, m.ended_by_limit ? 1 : 0, row.minutes);
}

}  // namespace

void write_per_game_header(std::ostream& out, const std::vector<std::string>& bots, bool long_rows, bool banks) {
  if (long_rows) {
    fmt::print(out, "game,seed,status,seat,bot,place,score,won,seat_turns{},{},first_dealer\n", banks ? ",busts,banks,passes" : "",
               kGameColumns);
    return;
  }
  fmt::print(out, "game,seed,status,{}", kGameColumns);
  for (std::size_t s = 1; s <= bots.size(); ++s) fmt::print(out, ",seat{}_score,seat{}_won", s, s);
  fmt::print(out, ",first_dealer\n");
}

void write_per_game_row(std::ostream& out, const GameRow& row, const std::vector<std::string>& bots, bool long_rows, bool banks) {
  const char* status = row.over ? "over" : "stopped";
  auto game = game_cells(row);
  std::size_t players = bots.size();
  if (long_rows) {
    for (std::size_t s = 0; s < players; ++s) {
      fmt::print(out, "{},{},{},{},{},{},", row.game, row.seed, status, s + 1, bots[s], (s + players - row.first_dealer) % players);
      if (row.over) {
        const auto& seat = row.measures->seats[s];
        fmt::print(out, "{},{},{}", row.scores[s], row.won[s] ? 1 : 0, seat.turns);
        if (banks) fmt::print(out, ",{},{},{}", seat.busts, seat.banks, seat.passes);
      } else {
        fmt::print(out, ",,{}", banks ? ",,," : "");
      }
      fmt::print(out, ",{},{}\n", game, row.first_dealer + 1);
    }
    return;
  }
  fmt::print(out, "{},{},{},{}", row.game, row.seed, status, game);
  for (std::size_t s = 0; s < players; ++s) {
    if (row.over) fmt::print(out, ",{},{}", row.scores[s], row.won[s] ? 1 : 0);
    else fmt::print(out, ",,");
  }
  fmt::print(out, ",{}\n", row.first_dealer + 1);
}

}  // namespace inbetween::sim
