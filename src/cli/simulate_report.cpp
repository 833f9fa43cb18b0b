#include "cli/simulate_report.h"

#include <map>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/table_view.h"
#include "sim/statistics.h"

namespace inbetween::cli {
namespace {

using sim::Estimate;

// The seats of one bot kind taken together.
struct KindStats {
  sim::Tally score;
  sim::RatioTally per_turn;
  std::uint64_t wins = 0;
};

std::map<std::string, KindStats> by_kind(const sim::SimStats& s) {
  std::map<std::string, KindStats> kinds;
  for (const auto& seat : s.seats) {
    auto& k = kinds[seat.kind];
    k.score.merge(seat.score);
    k.per_turn.merge(seat.per_turn);
    k.wins += seat.wins;
  }
  return kinds;
}

std::string signed_figure(Estimate e, int decimals = 3) { return fmt::format("{:+.{}f} ± {:.{}f}", e.mean, decimals, e.ci95, decimals); }
std::string percent(Estimate e) { return fmt::format("{:.1f}% ± {:.1f}%", 100 * e.mean, 100 * e.ci95); }
Estimate of(const sim::Tally& t) { return {t.mean(), t.ci95()}; }
Estimate of(const sim::RatioTally& r) { return {r.ratio(), r.ci95()}; }
// "hand" from "hands".
std::string_view singular(std::string_view plural) { return plural.substr(0, plural.size() - 1); }

// "dealer", "1st to act", "2nd to act", ...
std::string place_name(std::size_t place) {
  if (place == 0) return "dealer";
  const char* suffix = place % 10 == 1 && place % 100 != 11 ? "st" : place % 10 == 2 && place % 100 != 12 ? "nd"
                       : place % 10 == 3 && place % 100 != 13 ? "rd" : "th";
  return fmt::format("{}{} to act", place, suffix);
}

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

nlohmann::json estimate_json(Estimate e) { return {{"mean", e.mean}, {"ci95", e.ci95}}; }

nlohmann::json length_json(const sim::Histogram& h, double scale = 1) {
  return {{"mean", h.tally.mean() * scale},
          {"ci95", h.tally.ci95() * scale},
          {"median", static_cast<double>(h.quantile(0.5)) * scale},
          {"p90", static_cast<double>(h.quantile(0.9)) * scale},
          {"max", static_cast<double>(h.tally.hi) * scale}};
}

}  // namespace

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
    fmt::print(out, "house edge (the house's gain over the chips first wagered): {:.3f}% ± {:.3f}%", 100 * s.house_edge.ratio(),
               100 * s.house_edge.ci95());
    if (s.exact_house_edge) fmt::print(out, "; exact for a fresh shoe, best play: {:.3f}%", 100 * *s.exact_house_edge);
    fmt::print(out, "\n");
  }
}

void print_csv(const sim::SimStats& s, const std::string& knob, const std::string& value, bool header, std::ostream& out) {
  std::string prefix = knob.empty() ? "" : value + ",";
  if (header)
    fmt::print(out,
               "{}seat,bot,games,score_mean,score_ci95,per_turn_mean,per_turn_ci95,win_rate,win_rate_ci95,turns_mean,rounds_mean,"
               "decisions_mean,minutes_mean,minutes_ci95,busts,banks,passes,seat_turns\n",
               knob.empty() ? "" : knob + ",");
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    auto wins = sim::proportion(seat.wins, seat.score.n);
    fmt::print(out, "{}seat{},{},{},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{:.4f},{:.4f},{:.4f},{:.4f},{:.4f},{},{},{},{}\n", prefix,
               i + 1, seat.kind, seat.score.n, seat.score.mean(), seat.score.ci95(), seat.per_turn.ratio(), seat.per_turn.ci95(),
               wins.mean, wins.ci95, s.turns.tally.mean(), s.rounds.tally.mean(), s.moves.tally.mean(), s.seconds.tally.mean() / 60,
               s.seconds.tally.ci95() / 60, seat.busts, seat.banks, seat.passes, seat.turns);
  }
}

nlohmann::json stats_json(const sim::SimStats& s, const RunHeading& h) {
  using nlohmann::json;
  json seats = json::array();
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    json j = {{"seat", fmt::format("seat{}", i + 1)},
              {"bot", seat.kind},
              {"games", seat.score.n},
              {"score", {{"mean", seat.score.mean()}, {"ci95", seat.score.ci95()}, {"min", seat.score.lo}, {"max", seat.score.hi}}},
              {"per_turn", estimate_json(of(seat.per_turn))},
              {"win_rate", estimate_json(sim::proportion(seat.wins, seat.score.n))},
              {"turns", seat.turns}};
    if (s.counts_banks) {
      j["busts"] = seat.busts;
      j["banks"] = seat.banks;
      j["passes"] = seat.passes;
      j["bust_rate"] = estimate_json(sim::proportion(seat.busts, seat.turns));
    }
    seats.push_back(std::move(j));
  }
  json places = json::array();
  for (std::size_t p = 0; p < s.places.size(); ++p)
    places.push_back({{"place", place_name(p)},
                      {"score", estimate_json(of(s.places[p].score))},
                      {"win_rate", estimate_json(sim::proportion(s.places[p].wins, s.places[p].score.n))}});
  json j = {{"rules", s.rules_name},
            {"game", s.family},
            {"seed", h.seed},
            {"games", s.games},
            {"stopped", s.stopped},
            {"ended_by_limit", s.ended_by_limit},
            {"partial", s.partial},
            {"unit", s.unit},
            {"seats", seats},
            {"places", places},
            {"units", {{"turn", s.turn_word}, {"round", s.round_word}, {"card", s.card_word}}},
            {"turns", length_json(s.turns)},
            {"rounds", length_json(s.rounds)},
            {"decisions", length_json(s.moves)},
            {"cards", estimate_json(of(s.cards))},
            {"minutes", length_json(s.seconds, 1.0 / 60)},
            {"time_model",
             {{"turn_seconds", h.time.turn_seconds}, {"card_seconds", h.time.card_seconds}, {"round_seconds", h.time.round_seconds}}}};
  if (s.has_pot) j["pot"] = {{"mean", s.pot.mean()}, {"ci95", s.pot.ci95()}, {"max", s.pot.hi}};
  if (s.against_house) {
    j["house_edge"] = estimate_json(of(s.house_edge));
    if (s.exact_house_edge) j["house_edge"]["exact"] = *s.exact_house_edge;
  }
  return j;
}

void print_sweep_table(const std::vector<sim::SimStats>& runs, const std::string& knob, const std::vector<std::string>& values,
                       const RunHeading& h, std::ostream& out) {
  const auto& first = runs.front();
  fmt::print(out, "{}: {} of {} per value, seed {}; {} per game (95%)\n", first.rules_name,
             plural(static_cast<long long>(first.games), "game"), plural(static_cast<long long>(first.seats.size()), "bot"), h.seed,
             first.unit);
  std::string head = fmt::format("{:<14}", knob);
  for (std::size_t i = 0; i < first.seats.size(); ++i)
    head += fmt::format(" {:>20}", fmt::format("seat{} {}", i + 1, first.seats[i].kind));
  head += fmt::format(" {:>16} {:>16}", fmt::format("{}/game", first.turn_word), "minutes/game");
  if (first.against_house) head += fmt::format(" {:>18}", "house edge");
  fmt::print(out, "{}\n", head);
  for (std::size_t v = 0; v < runs.size(); ++v) {
    const auto& s = runs[v];
    std::string row = fmt::format("{:<14}", values[v]);
    for (const auto& seat : s.seats) row += fmt::format(" {:>20}", signed_figure(of(seat.score)));
    row += fmt::format(" {:>16}", fmt::format("{:.1f} ± {:.1f}", s.turns.tally.mean(), s.turns.tally.ci95()));
    row += fmt::format(" {:>16}", fmt::format("{:.2f} ± {:.2f}", s.seconds.tally.mean() / 60, s.seconds.tally.ci95() / 60));
    if (s.against_house)
      row += fmt::format(" {:>18}", fmt::format("{:.2f}% ± {:.2f}%", 100 * s.house_edge.ratio(), 100 * s.house_edge.ci95()));
    fmt::print(out, "{}{}\n", row, s.partial ? "  (PARTIAL)" : "");
  }
}

}  // namespace inbetween::cli
