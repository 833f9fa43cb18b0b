#include "sim/statistics.h"

#include <cmath>

#include <fmt/format.h>

namespace inbetween::sim {
namespace {

Estimate of(const Tally& t, double scale = 1) { return {t.mean() * scale, t.ci95() * scale}; }
bool always(const SimStats&) { return true; }
bool counts_banks(const SimStats& s) { return s.counts_banks; }

const Statistic kStatistics[] = {
    {"score", true, [](const SimStats& s) { return fmt::format("{} per game", s.unit); }, always,
     [](const SimStats& s, std::size_t i) { return of(s.seats[i].score); }},
    {"per_turn", true, [](const SimStats& s) { return fmt::format("{} per {}", s.unit, std::string_view(s.turn_word).substr(0, s.turn_word.size() - 1)); },
     always, [](const SimStats& s, std::size_t i) { return Estimate{s.seats[i].per_turn.ratio(), s.seats[i].per_turn.ci95()}; }},
    {"win_rate", true, [](const SimStats&) { return std::string("win rate"); }, always,
     [](const SimStats& s, std::size_t i) { return proportion(s.seats[i].wins, s.seats[i].score.n); }},
    {"bust_rate", true, [](const SimStats&) { return std::string("busts per turn"); }, counts_banks,
     [](const SimStats& s, std::size_t i) { return proportion(s.seats[i].busts, s.seats[i].turns); }},
    {"minutes", false, [](const SimStats&) { return std::string("minutes per game"); }, always,
     [](const SimStats& s, std::size_t) { return of(s.seconds.tally, 1.0 / 60); }, [](const SimStats& s) { return &s.seconds; }, 1.0 / 60},
    {"turns", false, [](const SimStats& s) { return fmt::format("{} per game", s.turn_word); }, always,
     [](const SimStats& s, std::size_t) { return of(s.turns.tally); }, [](const SimStats& s) { return &s.turns; }},
    {"rounds", false, [](const SimStats& s) { return fmt::format("{} per game", s.round_word); }, always,
     [](const SimStats& s, std::size_t) { return of(s.rounds.tally); }, [](const SimStats& s) { return &s.rounds; }},
    {"decisions", false, [](const SimStats&) { return std::string("decisions per game"); }, always,
     [](const SimStats& s, std::size_t) { return of(s.moves.tally); }, [](const SimStats& s) { return &s.moves; }},
    {"pot", false, [](const SimStats&) { return std::string("pot at a bet"); }, [](const SimStats& s) { return s.has_pot; },
     [](const SimStats& s, std::size_t) { return of(s.pot); }},
    {"house_edge", false, [](const SimStats&) { return std::string("house edge"); }, [](const SimStats& s) { return s.against_house; },
     [](const SimStats& s, std::size_t) { return Estimate{s.house_edge.ratio(), s.house_edge.ci95()}; }},
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

}  // namespace inbetween::sim
