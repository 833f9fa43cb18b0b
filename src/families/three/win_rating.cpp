// The chance to win after each legal action of a live heads-up game (win_solver.h): the round
// of the player to act swept for the utility its seat has now, with the table after the round.
//
// At a live decision the other player's round is either over (passed or busted: its final total
// is known, and the player to act plays as the model's dealer does, for that total, whichever
// seat it is) or still going (the player to act plays as the model's first player does, not
// seeing it). A seat that starts the next round is the one dealing now (the deal passes left).
#include <algorithm>
#include <numeric>
#include <variant>

#include <fmt/format.h>

#include "families/three/family.h"
#include "families/three/win_solver_impl.h"
#include "games/overloaded.h"

namespace inbetween::strategy {
namespace {
using cards::CardCode;
using model::letter_bit;
using model::letters_between;
namespace three = games::three;
// A seat's total once its round is over: a passed round's score counts, a bust's does not.
int standing(const three::Player& p) { return p.total + (p.status == three::Status::Passed ? p.round_score : 0); }
// Hint rounds kept for later decisions: both players' utilities of a round or two.
constexpr std::size_t kRecentRounds = 8;
}  // namespace

std::shared_ptr<const UtilityRound> ThreeWinSolver::Impl::round_for(const std::string& key, std::vector<double> u, int rows,
                                                                   bool keep) const {
  {
    std::lock_guard lock(mu);
    if (keep && start_round && start_key == key) return start_round;
    for (auto it = recent.begin(); it != recent.end(); ++it)
      if (it->first == key) {
        recent.splice(recent.begin(), recent, it);
        return recent.front().second;
      }
  }
  auto made = std::make_shared<const UtilityRound>(*this, graph, std::move(u), rows);
  std::lock_guard lock(mu);
  if (keep) {
    start_key = key;
    start_round = made;
    return made;
  }
  recent.emplace_front(key, made);
  if (recent.size() > kRecentRounds) recent.pop_back();
  return made;
}

std::vector<WinRatedAction> ThreeWinSolver::evaluate(const three::ThreeGame& game, games::Seat player) const {
  if (game.players().size() != 2) return {};
  return evaluate(game, player, 1 - player);
}

games::Seat ThreeWinSolver::leader(const three::ThreeGame& game, games::Seat player) {
  games::Seat best = -1;
  int best_total = -1;
  for (std::size_t s = 0; s < game.players().size(); ++s) {
    if (static_cast<games::Seat>(s) == player) continue;
    int total = standing(game.players()[s]);
    if (total > best_total) best = static_cast<games::Seat>(s), best_total = total;
  }
  return best;
}

std::vector<WinRatedAction> ThreeWinSolver::evaluate(const three::ThreeGame& game, games::Seat player, games::Seat against) const {
  const Impl& m = *impl_;
  std::vector<WinRatedAction> out;
  const int seats = static_cast<int>(game.players().size());
  if (game.over() || game.rules().target != m.T || against == player || against < 0 || against >= seats) return out;
  auto legal = game.legal(player);
  if (legal.empty()) return out;
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  const auto& other = game.players()[static_cast<std::size_t>(against)];
  const int banked = std::accumulate(me.banks.begin(), me.banks.end(), 0);
  const int at_risk = banked + game.points_in_front(player);
  // The round this player plays now, and for what.
  std::shared_ptr<const UtilityRound> round;
  if (other.status == three::Status::In) {
    // Past the model's cap the player is rated as if it could go on (u is defined there too).
    int rows = std::max(m.first_rows(me.total), at_risk + 1);
    // Every game's first round is played at 0 to 0, by both players (neither sees the other's):
    // that round is kept for good, so a series of games (simulate, a table's next game) sweeps it once.
    const bool game_start = me.total == 0 && other.total == 0;
    round = m.round_for(fmt::format("first {} {} {}", me.total, other.total, rows), m.first_utility(me.total, other.total, rows), rows,
                        game_start);
  } else {
    int final_total = standing(other);
    // The next round's turns start two seats left of this dealer: of the two, who comes first.
    auto from_next_start = [&](int seat) { return ((seat - game.dealer() - 2) % seats + 2 * seats) % seats; };
    bool starts_next = from_next_start(player) < from_next_start(against);
    int rows = std::max(m.second_rows(me.total, final_total), at_risk + 1);
    round = m.round_for(fmt::format("known {} {} {} {}", me.total, final_total, starts_next, rows),
                        m.second_utility(me.total, final_total, rows, starts_next), rows, false);
  }
  const UtilityRound& r = *round;
  auto position_id = [&]() {
    TurnPosition pos = position_of(game, player);
    return m.find(pos.open, pos.empty);
  };
  for (const auto& action : legal) {
    double v = std::visit(
        games::Overloaded{
            [&](const three::Keep&) { return r.limits(me.limit_hand[0], me.limit_hand[1], banked).value; },
            [&](const three::Replace& rep) {
              CardCode kept = me.limit_hand[0] == rep.card ? me.limit_hand[1] : me.limit_hand[0];
              return r.replace(kept, banked).value;
            },
            [&](const three::PlaceLimits& lay) {
              std::uint32_t open = letters_between(lay.low.position, lay.high.position);
              int points = m.kinds[lay.low.card].points + m.kinds[lay.high.card].points;
              return r.turn(m.find(open, m.spaces), banked + points).value;
            },
            [&](const three::Draw&) { return r.draw(position_id(), at_risk).value; },
            [&](const three::Bank&) { return r.draw(m.full_id, at_risk).value; },
            [&](const three::Pass&) { return r.pass(at_risk).value; },
            [&](const three::Place& pc) {
              // Placing this card, then the best use of the other cards drawn (placing none of
              // them counts: the turn may end once a card is placed).
              TurnPosition pos = position_of(game, player);
              TurnPosition next{pc.position >= 1 && pc.position <= 26 ? pos.open & ~letter_bit(pc.position) : pos.open, pos.empty - 1};
              std::vector<CardCode> rest = me.drawn;
              rest.erase(std::find(rest.begin(), rest.end(), pc.card));
              const int s = at_risk + m.kinds[pc.card].points;
              double best = r.turn(m.find(next.open, next.empty), s).value;
              std::vector<model::CardClass> cls;
              for (CardCode c : rest) {
                const auto& k = m.kinds[c];
                cls.push_back({k.wild ? 0u : (k.letters & next.open), k.points, k.wild, k.weight});
              }
              std::vector<const model::CardClass*> every;
              for (auto& c : cls) every.push_back(&c);
              auto emit = [&](std::uint32_t used, int placed, int points) {
                if (placed > next.empty) return;
                best = std::max(best, r.turn(m.find(next.open & ~used, next.empty - placed), s + points).value);
              };
              model::Model::placements(every, 0, next.open, 0, 0, 0, emit);
              return best;
            },
            [&](const three::EndTurn&) {
              return me.placed_this_turn > 0 ? r.turn(position_id(), at_risk).value : r.u_at(0);
            },
        },
        action);
    out.push_back({action, v});
  }
  std::stable_sort(out.begin(), out.end(), [](const WinRatedAction& x, const WinRatedAction& y) { return x.chance > y.chance; });
  return out;
}

}  // namespace inbetween::strategy

namespace inbetween::games::three {
std::optional<std::vector<double>> ThreeFamily::exact_chances(const Game& game) {
  if (game.players().size() != 2 || game.over()) return std::nullopt;
  auto table = strategy::ThreeWinSolver::ready(game.rules());
  if (!table) return std::nullopt;
  auto rated = table->evaluate(game, game.to_act());
  if (rated.empty()) return std::nullopt;
  std::vector<double> chances(2, 0.0);
  chances[static_cast<std::size_t>(game.to_act())] = rated.front().chance;
  chances[static_cast<std::size_t>(1 - game.to_act())] = 1.0 - rated.front().chance;
  return chances;
}
}  // namespace inbetween::games::three
