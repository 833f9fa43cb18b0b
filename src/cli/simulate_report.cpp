#include "cli/simulate_report.h"

#include <algorithm>
#include <map>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/text.h"
#include "sim/statistics.h"

namespace inbetween::cli {
namespace {

using sim::Estimate;

std::string signed_figure(Estimate e, int decimals = 3) { return fmt::format("{:+.{}f} ± {:.{}f}", e.mean, decimals, e.ci95, decimals); }
std::string percent(Estimate e) { return fmt::format("{:.1f}% ± {:.1f}%", 100 * e.mean, 100 * e.ci95); }
Estimate of(const sim::Tally& t) { return {t.mean(), t.ci95()}; }
Estimate of(const sim::RatioTally& r) { return {r.ratio(), r.ci95()}; }
// "hand" from "hands".
std::string_view singular(std::string_view plural) { return plural.substr(0, plural.size() - 1); }

// A result row: score per game, per turn, and the win rate.
void print_result_row(std::string_view first, std::string_view second, Estimate score, Estimate per_turn, Estimate wins,
                      std::ostream& out) {
  fmt::print(out, "{:<13} {:<9} {:>22} {:>22} {:>16}\n", first, second, signed_figure(score), signed_figure(per_turn), percent(wins));
}

void print_length_row(std::string_view what, const sim::Histogram& h, double scale, std::ostream& out) {
  auto q = [&](double p) { return static_cast<double>(h.quantile(p)) * scale; };
  fmt::print(out, "  {:<14} {:>18} {:>8.1f} {:>8.1f} {:>8.1f}\n", what,
             fmt::format("{:.2f} ± {:.2f}", h.tally.mean() * scale, h.tally.ci95() * scale), q(0.5), q(0.9),
             static_cast<double>(h.tally.hi) * scale);
}

}  // namespace

std::map<std::string, KindStats> by_kind(const sim::SimStats& s) {
  std::map<std::string, KindStats> kinds;
  for (const auto& seat : s.seats) {
    auto& k = kinds[seat.kind];
    k.score.merge(seat.score);
    k.per_turn.merge(seat.per_turn);
    k.wins += seat.wins;
    k.turns += seat.turns;
  }
  return kinds;
}

void print_table(const sim::SimStats& s, const RunHeading& h, std::ostream& out) {
  fmt::print(out, "{}: {} of {}, seed {}{}\n", s.rules_name, plural(static_cast<long long>(s.games), "game"),
             plural(static_cast<long long>(s.seats.size()), "bot"), h.seed,
             s.partial ? " (PARTIAL: interrupted)" : "");
  auto per_turn = fmt::format("{} per {}", s.unit, singular(s.turn_word));
  fmt::print(out, "{:<13} {:<9} {:>22} {:>22} {:>16}\n", "seat", "bot", fmt::format("{} per game (95%)", s.unit),
             fmt::format("{} (95%)", per_turn), "win rate (95%)");
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    print_result_row(fmt::format("seat{}", i + 1), seat.kind, of(seat.score), of(seat.per_turn),
                     sim::proportion(seat.wins, seat.score.n), out);
  }
  auto kinds = by_kind(s);
  if (kinds.size() > 1) {
    fmt::print(out, "by bot kind:\n");
    for (const auto& [kind, k] : kinds) print_result_row("", kind, of(k.score), of(k.per_turn), sim::proportion(k.wins, k.score.n), out);
  }
  if (s.places.size() > 1) {
    fmt::print(out, "by place after the first dealer (whichever bot sat there; the deal passes left):\n");
    for (std::size_t p = 0; p < s.places.size(); ++p)
      fmt::print(out, "{:<13} {:<9} {:>22} {:>22} {:>16}\n", place_name(p), "", signed_figure(of(s.places[p].score)), "",
                 percent(sim::proportion(s.places[p].wins, s.places[p].score.n)));
  }
  if (s.counts_banks) {
    fmt::print(out, "{:<13} {:<9} {:>22} {:>22} {:>16}\n", "seat", "bot", "busts per turn (95%)", "banks per game", "passes per game");
    for (std::size_t i = 0; i < s.seats.size(); ++i) {
      const auto& seat = s.seats[i];
      auto n = static_cast<double>(std::max<std::uint64_t>(seat.score.n, 1));
      fmt::print(out, "{:<13} {:<9} {:>22} {:>22.2f} {:>16.2f}\n", fmt::format("seat{}", i + 1), seat.kind,
                 percent(sim::proportion(seat.busts, seat.turns)), static_cast<double>(seat.banks) / n,
                 static_cast<double>(seat.passes) / n);
    }
  }
  fmt::print(out, "per game         {:>18} {:>8} {:>8} {:>8}\n", "mean (95%)", "median", "90th %", "max");
  print_length_row(s.turn_word, s.turns, 1, out);
  print_length_row(s.round_word, s.rounds, 1, out);
  print_length_row("decisions", s.moves, 1, out);
  print_length_row("minutes", s.seconds, 1.0 / 60, out);
  fmt::print(out, "  ({:g} s a {}, {:g} s a card {}, {:g} s a {}; {:.1f} {} a game)\n", h.time.turn_seconds, singular(s.turn_word),
             h.time.card_seconds, s.card_word.substr(s.card_word.find(' ') + 1), h.time.round_seconds, singular(s.round_word),
             s.cards.mean(), s.card_word);
  if (s.has_pot) fmt::print(out, "pot at a bet: {:.2f} ± {:.2f} chips, largest {}\n", s.pot.mean(), s.pot.ci95(), s.pot.hi);
  if (s.ended_by_limit > 0)
    fmt::print(out, "games ended by the rules' limit of {}: {} ({:.1f}%)\n", s.round_word, s.ended_by_limit,
               100.0 * static_cast<double>(s.ended_by_limit) / static_cast<double>(s.games));
  fmt::print(out, "games stopped unfinished: {}\n", s.stopped);
  if (s.against_house) {
    auto exact = [&](const std::optional<double>& x, double scale, const char* unit) {
      if (x) fmt::print(out, "; exact for a fresh shoe, best play: {:.3f}{}", scale * *x, unit);
      fmt::print(out, "\n");
    };
    fmt::print(out, "house edge (the house's gain over the chips first wagered): {:.3f}% ± {:.3f}%", 100 * s.house_edge.ratio(),
               100 * s.house_edge.ci95());
    exact(s.exact_house_edge, 100, "%");
    fmt::print(out, "element of risk (over every chip bet, raises included): {:.3f}% ± {:.3f}%", 100 * s.element_of_risk.ratio(),
               100 * s.element_of_risk.ci95());
    exact(s.exact_element_of_risk, 100, "%");
    fmt::print(out, "standard deviation of a hand (a player's net, in first wagers; {} bets): {:.3f} ± {:.3f}", static_cast<std::uint64_t>(s.hand_net.n),
               s.hand_net.sd(), s.hand_net.sd_ci95());
    exact(s.exact_sd_per_hand, 1, "");
  }
}

void print_sweep_table(const std::vector<sim::SimStats>& runs, const std::vector<std::string>& knobs,
                       const std::vector<std::vector<std::string>>& points, const RunHeading& h, std::ostream& out) {
  // The run with the most seats names the seat columns (a sweep of `players` seats fewer in some).
  const auto& first = runs.front();
  const auto* widest = &first;
  std::size_t fewest = first.seats.size();
  for (const auto& r : runs) {
    if (r.seats.size() > widest->seats.size()) widest = &r;
    fewest = std::min(fewest, r.seats.size());
  }
  std::string bots = fewest == widest->seats.size() ? plural(static_cast<long long>(fewest), "bot")
                                                      : fmt::format("{} to {} bots", fewest, widest->seats.size());
  fmt::print(out, "{}: {} of {} per {}, seed {}; {} per game (95%)\n", first.rules_name, plural(static_cast<long long>(first.games), "game"),
             bots, knobs.size() > 1 ? "combination" : "value", h.seed, first.unit);
  std::vector<std::size_t> widths;
  for (const auto& knob : knobs) widths.push_back(std::max<std::size_t>(14, knob.size() + 2));
  for (const auto& point : points)
    for (std::size_t k = 0; k < point.size() && k < widths.size(); ++k) widths[k] = std::max(widths[k], point[k].size() + 2);
  std::string head;
  for (std::size_t k = 0; k < knobs.size(); ++k) head += fmt::format("{:<{}}", knobs[k], widths[k]);
  for (std::size_t i = 0; i < widest->seats.size(); ++i)
    head += fmt::format(" {:>20}", fmt::format("seat{} {}", i + 1, widest->seats[i].kind));
  head += fmt::format(" {:>16} {:>16}", fmt::format("{}/game", first.turn_word), "minutes/game");
  if (first.against_house) head += fmt::format(" {:>18} {:>18}", "house edge", "element of risk");
  fmt::print(out, "{}\n", head);
  for (std::size_t v = 0; v < runs.size(); ++v) {
    const auto& s = runs[v];
    std::string row;
    for (std::size_t k = 0; k < points[v].size() && k < widths.size(); ++k) row += fmt::format("{:<{}}", points[v][k], widths[k]);
    for (std::size_t i = 0; i < widest->seats.size(); ++i)
      row += fmt::format(" {:>20}", i < s.seats.size() ? signed_figure(of(s.seats[i].score)) : "");
    row += fmt::format(" {:>16}", fmt::format("{:.1f} ± {:.1f}", s.turns.tally.mean(), s.turns.tally.ci95()));
    row += fmt::format(" {:>16}", fmt::format("{:.2f} ± {:.2f}", s.seconds.tally.mean() / 60, s.seconds.tally.ci95() / 60));
    if (s.against_house)
      for (const auto* r : {&s.house_edge, &s.element_of_risk})
        row += fmt::format(" {:>18}", fmt::format("{:.2f}% ± {:.2f}%", 100 * r->ratio(), 100 * r->ci95()));
    fmt::print(out, "{}{}\n", row, s.partial ? "  (PARTIAL)" : "");
  }
}

}  // namespace inbetween::cli
