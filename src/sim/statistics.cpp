#include "sim/statistics.h"

#include <cmath>

#include <fmt/format.h>

namespace inbetween::sim {
namespace {

Estimate of(const Tally& t, double scale = 1) { return {t.mean() * scale, t.ci95() * scale}; }
Estimate of(const RatioTally& r) { return {r.ratio(), r.ci95()}; }
bool always(const SimStats&) { return true; }
bool counts_banks(const SimStats& s) { return s.counts_banks; }
bool against_house(const SimStats& s) { return s.against_house; }
std::string_view singular(std::string_view plural) { return plural.substr(0, plural.size() - 1); }

const Statistic kStatistics[] = {
    {.name = "score", .per_seat = true, .label = [](const SimStats& s) { return fmt::format("{} per game", s.unit); }, .applies = always,
     .read = [](const SimStats& s, std::size_t i) { return of(s.seats[i].score); }},
    {.name = "per_turn", .per_seat = true,
     .label = [](const SimStats& s) { return fmt::format("{} per {}", s.unit, singular(s.turn_word)); }, .applies = always,
     .read = [](const SimStats& s, std::size_t i) { return of(s.seats[i].per_turn); }},
    {.name = "win_rate", .per_seat = true, .percent = true, .label = [](const SimStats&) { return std::string("win rate"); },
     .applies = always, .read = [](const SimStats& s, std::size_t i) { return proportion(s.seats[i].wins, s.seats[i].score.n); }},
    {.name = "bust_rate", .per_seat = true, .percent = true, .label = [](const SimStats&) { return std::string("busts per turn"); },
     .applies = counts_banks, .read = [](const SimStats& s, std::size_t i) { return proportion(s.seats[i].busts, s.seats[i].turns); }},
    {.name = "minutes", .label = [](const SimStats&) { return std::string("minutes per game"); }, .applies = always,
     .read = [](const SimStats& s, std::size_t) { return of(s.seconds.tally, 1.0 / 60); },
     .distribution = [](const SimStats& s) { return &s.seconds; }, .scale = 1.0 / 60},
    {.name = "turns", .label = [](const SimStats& s) { return fmt::format("{} per game", s.turn_word); }, .applies = always,
     .read = [](const SimStats& s, std::size_t) { return of(s.turns.tally); }, .distribution = [](const SimStats& s) { return &s.turns; }},
    {.name = "rounds", .label = [](const SimStats& s) { return fmt::format("{} per game", s.round_word); }, .applies = always,
     .read = [](const SimStats& s, std::size_t) { return of(s.rounds.tally); },
     .distribution = [](const SimStats& s) { return &s.rounds; }},
    {.name = "decisions", .label = [](const SimStats&) { return std::string("decisions per game"); }, .applies = always,
     .read = [](const SimStats& s, std::size_t) { return of(s.moves.tally); }, .distribution = [](const SimStats& s) { return &s.moves; }},
    {.name = "pot", .label = [](const SimStats&) { return std::string("pot at a bet"); }, .applies = [](const SimStats& s) { return s.has_pot; },
     .read = [](const SimStats& s, std::size_t) { return of(s.pot); }},
    {.name = "house_edge", .percent = true, .label = [](const SimStats&) { return std::string("house edge"); }, .applies = against_house,
     .read = [](const SimStats& s, std::size_t) { return of(s.house_edge); },
     .exact = [](const SimStats& s) { return s.exact_house_edge; }},
    {.name = "element_of_risk", .percent = true, .label = [](const SimStats&) { return std::string("element of risk"); },
     .applies = against_house, .read = [](const SimStats& s, std::size_t) { return of(s.element_of_risk); },
     .exact = [](const SimStats& s) { return s.exact_element_of_risk; }},
    {.name = "sd_per_hand", .label = [](const SimStats&) { return std::string("standard deviation per hand (first wagers)"); },
     .applies = against_house, .read = [](const SimStats& s, std::size_t) { return Estimate{s.hand_net.sd(), s.hand_net.sd_ci95()}; },
     .exact = [](const SimStats& s) { return s.exact_sd_per_hand; }},
};

}  // namespace

Estimate proportion(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {};
  double p = static_cast<double>(k) / static_cast<double>(n);
  return {p, 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(n))};
}

std::span<const Statistic> statistics() { return kStatistics; }

const Statistic* find_statistic(std::string_view name) {
  for (const auto& s : kStatistics)
    if (s.name == name) return &s;
  return nullptr;
}

std::string statistic_names() {
  std::string names;
  for (const auto& s : kStatistics) names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

std::string statistic_names(bool per_seat) {
  std::string names;
  for (const auto& s : kStatistics)
    if (s.per_seat == per_seat) names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

std::string shown(const Statistic& statistic, Estimate e) {
  if (statistic.percent) return fmt::format("{:.2f}% ± {:.2f}%", 100 * e.mean, 100 * e.ci95);
  return fmt::format("{:.2f} ± {:.2f}", e.mean, e.ci95);
}

std::string shown(const Statistic& statistic, double value) {
  return statistic.percent ? fmt::format("{:g}%", 100 * value) : fmt::format("{:g}", value);
}

std::string axis_label(const Statistic& statistic, const SimStats& s) {
  return statistic.percent ? statistic.label(s) + " (%)" : statistic.label(s);
}

}  // namespace inbetween::sim
