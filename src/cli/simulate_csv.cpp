// `simulate --format csv`: every figure of the table and the JSON, a row per seat, per bot kind
// and per place after the first dealer, each column named with its unit: `_per_game` (a mean
// over the games), `_total` (a count over the games), `_percent`, `_wagers` (a Red Dog bet's
// first wager); the figures of the whole game repeat on every row (docs/simulate.md).
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/simulate_report.h"
#include "sim/statistics.h"

namespace inbetween::cli {
namespace {

// A row's cells, each with its column's name: the header and the rows come from one place.
using Cells = std::vector<std::pair<std::string, std::string>>;

std::string number(double x) { return fmt::format("{:.6f}", x); }
std::string percent(double x) { return fmt::format("{:.4f}", 100 * x); }
std::string count(std::uint64_t n) { return std::to_string(n); }
std::string singular(std::string_view plural) { return std::string(plural.substr(0, plural.size() - 1)); }
// "cards dealt" -> "cards_dealt"
std::string column(std::string text) {
  std::replace(text.begin(), text.end(), ' ', '_');
  return text;
}

// One group of players (a seat, the seats of a bot kind, a place after the dealer). `per_turn`
// and `turns`: where the group has them (a place does not).
struct Group {
  std::string row, name, bot;
  const sim::Tally* score = nullptr;
  const sim::RatioTally* per_turn = nullptr;
  std::uint64_t wins = 0;
  const std::uint64_t* turns = nullptr;
  const sim::SeatStats* seat = nullptr;  // ThreeBeTween's busts, banks and passes
};

void result_cells(const sim::SimStats& s, const Group& g, Cells& c) {
  std::string unit = s.unit, turn = singular(s.turn_word);
  const auto& score = *g.score;
  c.emplace_back("row", g.row);
  c.emplace_back("name", g.name);
  c.emplace_back("bot", g.bot);
  c.emplace_back("finished_games_total", count(score.n));
  c.emplace_back(unit + "_per_game_mean", number(score.mean()));
  c.emplace_back(unit + "_per_game_ci95", number(score.ci95()));
  c.emplace_back(unit + "_per_game_min", score.n ? std::to_string(score.lo) : "");
  c.emplace_back(unit + "_per_game_max", score.n ? std::to_string(score.hi) : "");
  c.emplace_back(fmt::format("{}_per_{}_mean", unit, turn), g.per_turn ? number(g.per_turn->ratio()) : "");
  c.emplace_back(fmt::format("{}_per_{}_ci95", unit, turn), g.per_turn ? number(g.per_turn->ci95()) : "");
  auto wins = sim::proportion(g.wins, score.n);
  c.emplace_back("win_rate_percent", percent(wins.mean));
  c.emplace_back("win_rate_percent_ci95", percent(wins.ci95));
  c.emplace_back("wins_total", count(g.wins));
  c.emplace_back(s.turn_word + "_total", g.turns ? count(*g.turns) : "");
  if (!s.counts_banks) return;
  const auto* seat = g.seat;
  auto busts = seat ? sim::proportion(seat->busts, seat->turns) : sim::Estimate{};
  auto per_game = [&](std::uint64_t n) { return number(static_cast<double>(n) / static_cast<double>(std::max<std::uint64_t>(score.n, 1))); };
  c.emplace_back("busts_per_turn_percent", seat ? percent(busts.mean) : "");
  c.emplace_back("busts_per_turn_percent_ci95", seat ? percent(busts.ci95) : "");
  c.emplace_back("busts_total", seat ? count(seat->busts) : "");
  c.emplace_back("banks_total", seat ? count(seat->banks) : "");
  c.emplace_back("banks_per_game", seat ? per_game(seat->banks) : "");
  c.emplace_back("passes_total", seat ? count(seat->passes) : "");
  c.emplace_back("passes_per_game", seat ? per_game(seat->passes) : "");
}

void length_cells(const std::string& what, const sim::Histogram& h, double scale, Cells& c) {
  auto name = column(what) + "_per_game_";
  c.emplace_back(name + "mean", number(h.tally.mean() * scale));
  c.emplace_back(name + "ci95", number(h.tally.ci95() * scale));
  c.emplace_back(name + "median", number(static_cast<double>(h.quantile(0.5)) * scale));
  c.emplace_back(name + "p90", number(static_cast<double>(h.quantile(0.9)) * scale));
  c.emplace_back(name + "max", number(static_cast<double>(h.tally.hi) * scale));
}

void game_cells(const sim::SimStats& s, const RunHeading& h, Cells& c) {
  length_cells(s.turn_word, s.turns, 1, c);
  length_cells(s.round_word, s.rounds, 1, c);
  length_cells("decisions", s.moves, 1, c);
  length_cells("minutes", s.seconds, 1.0 / 60, c);
  c.emplace_back(column(s.card_word) + "_per_game_mean", number(s.cards.mean()));
  c.emplace_back(column(s.card_word) + "_per_game_ci95", number(s.cards.ci95()));
  c.emplace_back("games_total", count(s.games));
  c.emplace_back("stopped_total", count(s.stopped));
  c.emplace_back("ended_by_limit_total", count(s.ended_by_limit));
  c.emplace_back("ended_by_limit_percent", percent(s.games ? static_cast<double>(s.ended_by_limit) / static_cast<double>(s.games) : 0));
  if (s.has_pot) {
    c.emplace_back("pot_at_bet_mean", number(s.pot.mean()));
    c.emplace_back("pot_at_bet_ci95", number(s.pot.ci95()));
    c.emplace_back("pot_at_bet_max", s.pot.n ? std::to_string(s.pot.hi) : "");
  }
  if (s.against_house) {
    auto exact = [](const std::optional<double>& x, bool share) { return !x ? std::string() : share ? percent(*x) : number(*x); };
    c.emplace_back("house_edge_percent", percent(s.house_edge.ratio()));
    c.emplace_back("house_edge_percent_ci95", percent(s.house_edge.ci95()));
    c.emplace_back("house_edge_exact_percent", exact(s.exact_house_edge, true));
    c.emplace_back("element_of_risk_percent", percent(s.element_of_risk.ratio()));
    c.emplace_back("element_of_risk_percent_ci95", percent(s.element_of_risk.ci95()));
    c.emplace_back("element_of_risk_exact_percent", exact(s.exact_element_of_risk, true));
    c.emplace_back("sd_per_hand_wagers", number(s.hand_net.sd()));
    c.emplace_back("sd_per_hand_wagers_ci95", number(s.hand_net.sd_ci95()));
    c.emplace_back("sd_per_hand_exact_wagers", exact(s.exact_sd_per_hand, false));
    c.emplace_back("bets_settled_total", count(static_cast<std::uint64_t>(s.hand_net.n)));
  }
  c.emplace_back("partial", s.partial ? "1" : "0");
  c.emplace_back("turn_seconds", fmt::format("{:g}", h.time.turn_seconds));
  c.emplace_back("card_seconds", fmt::format("{:g}", h.time.card_seconds));
  c.emplace_back("round_seconds", fmt::format("{:g}", h.time.round_seconds));
}

// A cell as CSV writes it: quoted when it holds a comma or a quote (a knob's value may).
std::string csv_cell(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

}  // namespace

void print_csv(const sim::SimStats& s, const RunHeading& h, const std::vector<std::string>& knobs, const std::vector<std::string>& point,
               bool header, std::ostream& out) {
  std::vector<Group> groups;
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    groups.push_back({"seat", fmt::format("seat{}", i + 1), seat.kind, &seat.score, &seat.per_turn, seat.wins, &seat.turns, &seat});
  }
  auto kinds = by_kind(s);
  for (const auto& [kind, k] : kinds) groups.push_back({"kind", kind, kind, &k.score, &k.per_turn, k.wins, &k.turns, nullptr});
  for (std::size_t p = 0; p < s.places.size(); ++p)
    groups.push_back({"place", place_name(p), "", &s.places[p].score, nullptr, s.places[p].wins, nullptr, nullptr});
  Cells game;
  game_cells(s, h, game);
  bool first = true;
  for (const auto& g : groups) {
    Cells c;
    for (std::size_t k = 0; k < knobs.size(); ++k) c.emplace_back(knobs[k], k < point.size() ? point[k] : "");
    c.emplace_back("rules", s.rules_name);
    c.emplace_back("seed", std::to_string(h.seed));
    result_cells(s, g, c);
    c.insert(c.end(), game.begin(), game.end());
    if (header && first) {
      std::string line;
      for (const auto& [name, value] : c) line += (line.empty() ? "" : ",") + csv_cell(name);
      fmt::print(out, "{}\n", line);
    }
    first = false;
    std::string line;
    for (const auto& [name, value] : c) line += (line.empty() ? "" : ",") + csv_cell(value);
    fmt::print(out, "{}\n", line);
  }
}

}  // namespace inbetween::cli
