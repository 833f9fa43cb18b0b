#include "games/win_estimate.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace inbetween::games {
namespace {

constexpr std::uint64_t kStep = 0x9E3779B97F4A7C15ULL;  // one playout's seed from the next (the golden ratio's 64 bits)

// Each seat's share of one finished game: 1/k to each of its k winners where they share one win;
// 1 to each where each plays against a house (a win of its own); none where no seat won.
void add_shares(const std::vector<Seat>& winners, bool against_house, std::vector<double>& share) {
  std::fill(share.begin(), share.end(), 0.0);
  const double each = against_house ? 1.0 : 1.0 / static_cast<double>(winners.size());
  for (Seat w : winners) share[static_cast<std::size_t>(w)] += each;
}

// The playouts' shares so far, and the estimate they make.
class Tally {
 public:
  explicit Tally(std::size_t seats) : share_(seats), sum_(seats, 0.0), squares_(seats, 0.0) {}

  // Plays `game` to its end (or `max_moves`) with `bot` bots and counts its winners; the moves played.
  std::size_t play_out(AnyTable& game, const std::string& bot, std::size_t max_moves) {
    std::size_t moves = 0;
    while (!game.over() && moves < max_moves) {
      if (game.apply(game.bot_move(bot))) throw std::logic_error("a bot's move was refused in a playout");
      ++moves;
    }
    if (game.over()) {
      auto winners = game.winners();
      add_shares(winners, game.against_house(), share_);
      if (winners.empty()) ++nobody_;
    } else {
      // cut off: shared alike by every seat
      ++unfinished_;
      std::fill(share_.begin(), share_.end(), 1.0 / static_cast<double>(share_.size()));
    }
    for (std::size_t s = 0; s < share_.size(); ++s) {
      sum_[s] += share_[s];
      squares_[s] += share_[s] * share_[s];
    }
    ++playouts_;
    return moves;
  }

  // The last playout's share of `seat`.
  double last(Seat seat) const { return share_[static_cast<std::size_t>(seat)]; }

  WinEstimate estimate() const {
    WinEstimate out;
    out.seats.resize(share_.size());
    out.playouts = playouts_;
    out.unfinished = unfinished_;
    const double n = static_cast<double>(playouts_);
    out.nobody = playouts_ > 0 ? nobody_ / n : 0.0;
    for (std::size_t s = 0; s < share_.size() && playouts_ > 0; ++s) {
      double mean = sum_[s] / n;
      double variance = n > 1 ? std::max(0.0, (squares_[s] - n * mean * mean) / (n - 1)) : 0.0;
      double half = 1.96 * std::sqrt(variance / n);
      out.seats[s] = {mean, std::max(0.0, mean - half), std::min(1.0, mean + half)};
    }
    return out;
  }

 private:
  std::vector<double> share_, sum_, squares_;
  int playouts_ = 0;
  int unfinished_ = 0;
  double nobody_ = 0;
};

void check(const AnyTable& table, Seat seat, const std::string& bot) {
  const std::size_t seats = table.names().size();
  if (seat < 0 || static_cast<std::size_t>(seat) >= seats)
    throw std::invalid_argument(fmt::format("seat {} is not at this table (seats 0 to {})", seat, seats - 1));
  auto kinds = table.bot_kinds();
  if (std::find(kinds.begin(), kinds.end(), bot) == kinds.end())
    throw std::invalid_argument(fmt::format("unknown bot kind '{}'; kinds: {}", bot, fmt::join(kinds, ", ")));
}

}  // namespace

WinEstimate estimate_win_chances(const AnyTable& table, Seat seat, int playouts, std::uint64_t seed, const std::string& bot,
                                 std::size_t max_moves) {
  check(table, seat, bot);
  if (playouts < 1) throw std::invalid_argument(fmt::format("playouts {}: at least 1", playouts));
  Tally tally(table.names().size());
  if (table.over()) playouts = 1;  // nothing is left to chance
  for (int i = 0; i < playouts; ++i) {
    auto game = table.over() ? table.clone() : table.resample(seat, seed + static_cast<std::uint64_t>(i) * kStep);
    tally.play_out(*game, bot, max_moves);
  }
  return tally.estimate();
}

ChoiceChances estimate_choice_chances(const AnyTable& table, Seat seat, std::span<const AnyMove> choices, std::uint64_t seed,
                                      const PlayoutBudget& budget, const std::string& bot) {
  check(table, seat, bot);
  const std::size_t seats = table.names().size();
  constexpr std::size_t kMaxMoves = 20000;
  Tally now(seats);
  std::vector<Tally> after(choices.size(), Tally(seats));
  if (table.over()) {
    auto game = table.clone();
    now.play_out(*game, bot, kMaxMoves);
    return {now.estimate(), {}, {}};
  }
  for (const auto& move : choices) {
    auto probe = table.clone();
    if (auto refusal = probe->apply(move)) throw std::invalid_argument("a choice to estimate is refused: " + refusal->message);
  }
  std::size_t moves = 0;
  std::vector<double> gain(choices.size(), 0.0), gain_squares(choices.size(), 0.0);
  int rounds = 0;
  for (int round = 0; round < budget.rounds && (round < budget.min_rounds || moves < budget.moves); ++round) {
    // The same cards for the table and every choice in a round (common random numbers): the
    // choices' differences are measured on the same deals.
    std::uint64_t deal = seed + static_cast<std::uint64_t>(round) * kStep;
    moves += now.play_out(*table.resample(seat, deal), bot, kMaxMoves);
    for (std::size_t c = 0; c < choices.size(); ++c) {
      auto game = table.resample(seat, deal);
      game->apply(choices[c]);
      moves += 1 + after[c].play_out(*game, bot, kMaxMoves);
      double d = after[c].last(seat) - after[0].last(seat);
      gain[c] += d;
      gain_squares[c] += d * d;
    }
    ++rounds;
  }
  ChoiceChances out{now.estimate(), {}, {}};
  for (const auto& t : after) out.after.push_back(t.estimate());
  const double n = static_cast<double>(rounds);
  for (std::size_t c = 0; c < choices.size(); ++c) {
    double mean = gain[c] / n;
    double variance = n > 1 ? std::max(0.0, (gain_squares[c] - n * mean * mean) / (n - 1)) : 0.0;
    double half = 1.96 * std::sqrt(variance / n);
    out.gain.push_back({mean, mean - half, mean + half});
  }
  return out;
}

}  // namespace inbetween::games
