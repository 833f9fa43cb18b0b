#include "sim/run_json.h"

#include <optional>

#include <fmt/format.h>

#include "sim/statistics.h"

namespace inbetween::sim {
namespace {

using nlohmann::json;

json estimate_json(Estimate e) { return {{"mean", e.mean}, {"ci95", e.ci95}}; }
json estimate_json(const Tally& t) { return estimate_json(Estimate{t.mean(), t.ci95()}); }
json estimate_json(const RatioTally& r) { return estimate_json(Estimate{r.ratio(), r.ci95()}); }

json length_json(const Histogram& h, double scale = 1) {
  return {{"mean", h.tally.mean() * scale},
          {"ci95", h.tally.ci95() * scale},
          {"median", static_cast<double>(h.quantile(0.5)) * scale},
          {"p90", static_cast<double>(h.quantile(0.9)) * scale},
          {"max", static_cast<double>(h.tally.hi) * scale}};
}

}  // namespace

std::string place_name(std::size_t place) {
  if (place == 0) return "dealer";
  const char* suffix = place % 10 == 1 && place % 100 != 11 ? "st" : place % 10 == 2 && place % 100 != 12 ? "nd"
                       : place % 10 == 3 && place % 100 != 13 ? "rd" : "th";
  return fmt::format("{}{} to act", place, suffix);
}

json run_json(const SimStats& s, const RunHeading& h) {
  json seats = json::array();
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    json j = {{"seat", fmt::format("seat{}", i + 1)},
              {"bot", seat.kind},
              {"games", seat.score.n},
              {"score", {{"mean", seat.score.mean()}, {"ci95", seat.score.ci95()}, {"min", seat.score.lo}, {"max", seat.score.hi}}},
              {"per_turn", estimate_json(seat.per_turn)},
              {"win_rate", estimate_json(proportion(seat.wins, seat.score.n))},
              {"turns", seat.turns}};
    if (s.counts_banks) {
      j["busts"] = seat.busts;
      j["banks"] = seat.banks;
      j["passes"] = seat.passes;
      j["bust_rate"] = estimate_json(proportion(seat.busts, seat.turns));
    }
    seats.push_back(std::move(j));
  }
  json places = json::array();
  for (std::size_t p = 0; p < s.places.size(); ++p)
    places.push_back({{"place", place_name(p)},
                      {"score", estimate_json(s.places[p].score)},
                      {"win_rate", estimate_json(proportion(s.places[p].wins, s.places[p].score.n))}});
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
            {"cards", estimate_json(s.cards)},
            {"minutes", length_json(s.seconds, 1.0 / 60)},
            {"time_model",
             {{"turn_seconds", h.time.turn_seconds}, {"card_seconds", h.time.card_seconds}, {"round_seconds", h.time.round_seconds}}}};
  if (s.has_pot) j["pot"] = {{"mean", s.pot.mean()}, {"ci95", s.pot.ci95()}, {"max", s.pot.hi}};
  if (s.against_house) {
    auto with_exact = [](json figure, const std::optional<double>& exact) {
      if (exact) figure["exact"] = *exact;
      return figure;
    };
    j["house_edge"] = with_exact(estimate_json(s.house_edge), s.exact_house_edge);
    j["element_of_risk"] = with_exact(estimate_json(s.element_of_risk), s.exact_element_of_risk);
    j["sd_per_hand"] = with_exact(estimate_json(Estimate{s.hand_net.sd(), s.hand_net.sd_ci95()}), s.exact_sd_per_hand);
    j["sd_per_hand"]["bets"] = static_cast<std::uint64_t>(s.hand_net.n);
  }
  return j;
}

}  // namespace inbetween::sim
