#include "games/win_estimate.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace inbetween::games {
namespace {

// Each seat's share of one finished game: 1/k to each of its k winners.
void add_shares(const std::vector<Seat>& winners, std::size_t seats, std::vector<double>& share) {
  std::fill(share.begin(), share.end(), 0.0);
  if (winners.empty()) {
    for (auto& s : share) s = 1.0 / static_cast<double>(seats);
    return;
  }
  for (Seat w : winners) share[static_cast<std::size_t>(w)] += 1.0 / static_cast<double>(winners.size());
}

}  // namespace

WinEstimate estimate_win_chances(const AnyTable& table, Seat seat, int playouts, std::uint64_t seed, const std::string& bot,
                                 std::size_t max_moves) {
  const std::size_t seats = table.names().size();
  if (seat < 0 || static_cast<std::size_t>(seat) >= seats)
    throw std::invalid_argument(fmt::format("seat {} is not at this table (seats 0 to {})", seat, seats - 1));
  if (playouts < 1) throw std::invalid_argument(fmt::format("playouts {}: at least 1", playouts));
  auto kinds = table.bot_kinds();
  if (std::find(kinds.begin(), kinds.end(), bot) == kinds.end())
    throw std::invalid_argument(fmt::format("unknown bot kind '{}'; kinds: {}", bot, fmt::join(kinds, ", ")));

  WinEstimate out;
  out.seats.resize(seats);
  std::vector<double> share(seats), sum(seats, 0.0), squares(seats, 0.0);
  if (table.over()) playouts = 1;  // nothing is left to chance
  for (int i = 0; i < playouts; ++i) {
    auto game = table.over() ? table.clone() : table.resample(seat, seed + static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ULL);
    std::size_t moves = 0;
    while (!game->over() && moves < max_moves) {
      if (game->apply(game->bot_move(bot))) throw std::logic_error("a bot's move was refused in a playout");
      ++moves;
    }
    if (game->over()) {
      add_shares(game->winners(), seats, share);
    } else {
      ++out.unfinished;
      add_shares({}, seats, share);
    }
    for (std::size_t s = 0; s < seats; ++s) {
      sum[s] += share[s];
      squares[s] += share[s] * share[s];
    }
  }
  const double n = static_cast<double>(playouts);
  out.playouts = playouts;
  for (std::size_t s = 0; s < seats; ++s) {
    double mean = sum[s] / n;
    double variance = n > 1 ? std::max(0.0, (squares[s] - n * mean * mean) / (n - 1)) : 0.0;
    double half = 1.96 * std::sqrt(variance / n);
    out.seats[s] = {mean, std::max(0.0, mean - half), std::min(1.0, mean + half)};
  }
  return out;
}

}  // namespace inbetween::games
