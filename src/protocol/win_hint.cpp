#include "protocol/win_hint.h"

#include <algorithm>
#include <vector>

#include "cards/rng.h"

namespace inbetween::protocol {
namespace {

// The playouts' seed at this moment of this table.
std::uint64_t estimate_seed(const games::AnyTable& table) {
  auto rng = cards::make_rng(table.setup().seed + table.move_count(), cards::RngStream::Estimates);
  return rng();
}

json seats_json(const games::AnyTable& table, const games::WinEstimate& estimate) {
  json out = json::array();
  for (std::size_t s = 0; s < estimate.seats.size(); ++s) {
    const auto& c = estimate.seats[s];
    out.push_back(fields({{"player", table.names()[s]}, {"chance", c.chance}, {"low", c.low}, {"high", c.high}}));
  }
  return out;
}

// Heads-up with an exact chance for the seat to act: the other seat's is the rest.
void exact_seats(const games::AnyTable& table, json& hint) {
  const auto seats = table.names().size();
  if (seats != 2) return;
  double p = hint["win_chance"].get<double>();
  games::WinEstimate exact;
  exact.seats.resize(2);
  auto me = static_cast<std::size_t>(table.to_act());
  exact.seats[me] = {p, p, p};
  exact.seats[1 - me] = {1 - p, 1 - p, 1 - p};
  hint["win_chances"] = seats_json(table, exact);
}

}  // namespace

void add_win_chances(const games::AnyTable& table, json& hint, std::span<const std::optional<games::AnyMove>> moves,
                     const games::PlayoutBudget& budget) {
  if (hint.contains("win_chance")) return exact_seats(table, hint);
  const games::Seat seat = table.to_act();
  if (seat < 0) return;
  std::vector<games::AnyMove> playable;
  std::vector<std::size_t> index;  // hint["choices"]'s index of each playable move
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i]) {
      playable.push_back(*moves[i]);
      index.push_back(i);
    }
  auto chances = games::estimate_choice_chances(table, seat, playable, estimate_seed(table), budget);
  hint["win_chances"] = seats_json(table, chances.now);
  if (playable.empty()) return;
  auto& choices = hint["choices"];
  const auto me = static_cast<std::size_t>(seat);
  // The best to win: the choice with the most chance among those whose gain over the hint's best
  // for chips (the first choice) is above its own 95% interval; the best for chips where none is,
  // so that the noise of the playouts does not make another choice look better.
  std::size_t best = 0;
  double widest = 0;
  for (std::size_t k = 0; k < playable.size(); ++k) {
    const auto& c = chances.after[k].seats[me];
    choices[index[k]]["win_chance"] = c.chance;
    widest = std::max(widest, c.high - c.low);
    if (chances.gain[k].low > 0 && c.chance > chances.after[best].seats[me].chance) best = k;
  }
  const auto& chosen = choices[index[best]];
  hint["win_chance"] = chances.after[best].seats[me].chance;
  hint["best_to_win"] = chosen["action"];
  hint["best_to_win_differs"] = chosen["action"] != hint["best"];
  hint["win_estimate"] = fields({{"playouts", chances.after[best].playouts}, {"bot", "sensible"}, {"widest_interval", widest}});
}

json seat_chances(const games::AnyTable& table, int playouts) {
  // Where the hint's chances are exact (heads-up, the table at hand), the bars say the same.
  if (auto exact = table.exact_chances()) {
    games::WinEstimate e;
    for (double c : *exact) e.seats.push_back({c, c, c});
    return seats_json(table, e);
  }
  games::Seat seat = table.to_act() >= 0 ? table.to_act() : 0;
  return seats_json(table, games::estimate_win_chances(table, seat, playouts, estimate_seed(table)));
}

}  // namespace inbetween::protocol
