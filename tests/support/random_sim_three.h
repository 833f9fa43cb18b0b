#pragma once
// SimTraits<ThreeFamily>'s longer parts (random_sim_traits.h): the whole game compared, the
// score sheet and the shape of what lies in front of each player, and the unlisted actions
// worth trying.
#include <algorithm>
#include <string>
#include <vector>

#include "random_sim_traits.h"

namespace inbetween::sim {

namespace detail_three {
namespace t = games::three;

inline bool same_player(const t::Player& a, const t::Player& b) {
  return a.name == b.name && a.total == b.total && a.status == b.status && a.limit_hand == b.limit_hand && a.low == b.low &&
         a.high == b.high && a.spaces == b.spaces && a.drawn == b.drawn && a.banks == b.banks &&
         a.replacement_used == b.replacement_used && a.placed_this_turn == b.placed_this_turn && a.round_score == b.round_score;
}

inline bool same_sheet(const std::vector<t::RoundRecord>& a, const std::vector<t::RoundRecord>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t r = 0; r < a.size(); ++r) {
    if (a[r].round != b[r].round || a[r].dealer != b[r].dealer || a[r].players.size() != b[r].players.size()) return false;
    for (std::size_t i = 0; i < a[r].players.size(); ++i) {
      const auto &x = a[r].players[i], &y = b[r].players[i];
      if (x.banks != y.banks || x.busted != y.busted || x.score != y.score || x.total != y.total) return false;
    }
  }
  return true;
}

// Totals are the sums of the sheet, the sheet's running totals agree, busts score nothing, and
// there is one tally per finished round.
inline void check_scores(const t::ThreeGame& g, const std::string& where) {
  const auto n = g.players().size();
  std::vector<int> sum(n, 0);
  for (const auto& r : g.sheet()) {
    if (r.players.size() != n) fail(where + ": a sheet line with the wrong number of players");
    for (std::size_t i = 0; i < n; ++i) {
      const auto& s = r.players[i];
      if (s.busted && s.score != 0) fail(where + ": a bust scored " + std::to_string(s.score));
      if (s.score < 0) fail(where + ": a negative round score");
      sum[i] += s.score;
      if (s.total != sum[i]) fail(where + ": the sheet's running total is not the sum of the rounds");
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    if (g.players()[i].total != sum[i])
      fail(where + ": " + g.players()[i].name + " has " + std::to_string(g.players()[i].total) + ", the sheet adds up to " +
           std::to_string(sum[i]));
  if (static_cast<int>(g.sheet().size()) != (g.over() ? g.round() : g.round() - 1))
    fail(where + ": " + std::to_string(g.sheet().size()) + " tallies in round " + std::to_string(g.round()));
}

// Who acts and what lies in front of each player fits the phase.
inline void check_shape(const t::ThreeGame& g, const std::string& where) {
  const int n = static_cast<int>(g.players().size());
  const int spaces = g.rules().spaces;
  for (int i = 0; i < n; ++i) {
    const auto& p = g.players()[static_cast<std::size_t>(i)];
    if (static_cast<int>(p.spaces.size()) > spaces) fail(where + ": more cards between the limits than spaces");
    if (p.low.has_value() != p.high.has_value()) fail(where + ": one limit laid without the other");
    if (p.low && p.low->position >= p.high->position) fail(where + ": limits out of order");
    if (!p.spaces.empty() && !p.low) fail(where + ": cards between limits that are not there");
    if (p.status == t::Status::Busted && (p.low || !p.limit_hand.empty() || !p.spaces.empty() || !p.drawn.empty()))
      fail(where + ": a busted player still has cards in front");
    if (!p.drawn.empty() && (i != g.to_act() || g.phase() != t::Phase::Place))
      fail(where + ": drawn cards outside the player's placing");
    for (const auto& s : p.spaces) {
      const auto& k = g.deck().kind(s.card);
      if (k.wild() ? s.position != 0
                   : !(k.shows(cards::position_letter(s.position)) && s.position > p.low->position && s.position < p.high->position))
        fail(where + ": a card between the limits that does not belong there");
      if (!k.wild() && std::count_if(p.spaces.begin(), p.spaces.end(), [&](const t::Lay& o) { return o.position == s.position; }) != 1)
        fail(where + ": a letter twice between the limits");
    }
  }
  if (g.over()) return;
  const auto& me = g.players()[static_cast<std::size_t>(g.to_act())];
  if (me.status != t::Status::In) fail(where + ": a player who is out is to act");
  switch (g.phase()) {
    case t::Phase::Replace:
    case t::Phase::PlaceLimits:
      if (me.limit_hand.size() != 2) fail(where + ": laying limits without two limit cards");
      break;
    case t::Phase::Turn:
      if (!me.low) fail(where + ": a turn without limits");
      break;
    case t::Phase::Place:
      if (me.drawn.empty()) fail(where + ": placing with nothing drawn");
      break;
    case t::Phase::Over: fail(where + ": phase over in a running game");
  }
}
}  // namespace detail_three

inline bool SimTraits<games::three::ThreeFamily>::same_game(const Game& a, const Game& b) {
  if (a.players().size() != b.players().size()) return false;
  for (std::size_t i = 0; i < a.players().size(); ++i)
    if (!detail_three::same_player(a.players()[i], b.players()[i])) return false;
  return a.to_act() == b.to_act() && a.phase() == b.phase() && a.dealer() == b.dealer() && a.round() == b.round() &&
         std::ranges::equal(a.shoe().undealt_unordered(), b.shoe().undealt_unordered()) &&
         std::ranges::equal(a.shoe().discard_pile(), b.shoe().discard_pile()) &&
         a.shoe().generation() == b.shoe().generation() && detail_three::same_sheet(a.sheet(), b.sheet());
}

// Scores (every total is the sum of the sheet) and the shape of the table.
inline void SimTraits<games::three::ThreeFamily>::check(const Game& g, const std::string& where) {
  detail_three::check_scores(g, where);
  detail_three::check_shape(g, where);
}

// The game ends at a tally where someone reached the target; the winners have the highest total.
inline void SimTraits<games::three::ThreeFamily>::check_over(const Game& g, const std::string& where) {
  auto w = g.winners();
  if (w.empty()) fail(where + ": a game over without winners");
  int best = 0;
  for (const auto& p : g.players()) best = std::max(best, p.total);
  if (best < g.rules().target) fail(where + ": the game ended below the target");
  for (Seat i : w)
    if (g.players()[static_cast<std::size_t>(i)].total != best) fail(where + ": a winner without the highest total");
}

// Cards of the deck with random letters, the cards in sight (limit cards, drawn cards, cards in
// front) at random and at their own letters, and layouts a letter off, swapped or random.
inline void SimTraits<games::three::ThreeFamily>::extra_probes(const Game& g, Seat seat, cards::Rng& rng,
                                                               std::vector<Action>& out) {
  namespace t = games::three;
  const auto kinds = static_cast<std::uint64_t>(g.deck().kinds.size());
  auto any_card = [&] { return static_cast<CardCode>(cards::uniform_below(rng, kinds)); };
  auto any_position = [&] { return static_cast<int>(cards::uniform_below(rng, 30)) - 1; };
  out.push_back(t::Replace{any_card()});
  out.push_back(t::Place{any_card(), any_position()});
  out.push_back(t::PlaceLimits{{any_card(), any_position()}, {any_card(), any_position()}});
  if (seat < 0 || seat >= static_cast<Seat>(g.players().size())) return;
  const auto& me = g.players()[static_cast<std::size_t>(seat)];
  for (auto c : me.limit_hand) out.push_back(t::Replace{c});
  for (auto c : me.drawn) {
    out.push_back(t::Place{c, any_position()});
    out.push_back(t::Place{c, 0});
    for (char l : g.deck().kind(c).letters) out.push_back(t::Place{c, cards::letter_position(l)});
  }
  if (me.limit_hand.size() == 2) {
    auto a = me.limit_hand[0], b = me.limit_hand[1];
    out.push_back(t::PlaceLimits{{a, any_position()}, {b, any_position()}});
    out.push_back(t::PlaceLimits{{b, any_position()}, {a, any_position()}});
    g.for_each_layout(seat, [&](const t::PlaceLimits& l) {
      out.push_back(t::PlaceLimits{l.high, l.low});                             // swapped
      out.push_back(t::PlaceLimits{{l.low.card, l.low.position + 1}, l.high});  // a letter off
      out.push_back(t::PlaceLimits{l.low, {l.high.card, any_position()}});
    });
  }
  // A limit card and the cards of the spaces are in sight but not drawn.
  if (me.low) out.push_back(t::Place{me.low->card, me.low->position});
  for (const auto& s : me.spaces) out.push_back(t::Place{s.card, s.position});
}

}  // namespace inbetween::sim
