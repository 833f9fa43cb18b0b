// `inbetween solve threebetween`: the exact optimal play of one player's round (docs/solver.md).
#include <chrono>
#include <cstdint>
#include <optional>
#include <tuple>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/figures_json.h"
#include "games/registry.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"
#include "families/three/rules.h"
#include "families/three/bots.h"
#include "families/three/solver.h"

namespace inbetween::cli {
namespace {

std::string percent(double p) { return fmt::format("{:.2f}%", 100 * p); }

// Mean and 95% half-width of per-round differences (the two bots met the same cards).
std::pair<double, double> paired(const std::vector<double>& a, const std::vector<double>& b) {
  std::size_t n = std::min(a.size(), b.size());
  if (n < 2) return {0, 0};
  double sum = 0, sum2 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double d = a[i] - b[i];
    sum += d;
    sum2 += d * d;
  }
  double nn = static_cast<double>(n), mean = sum / nn;
  double var = std::max(0.0, (sum2 - nn * mean * mean) / (nn - 1));
  return {mean, 1.96 * std::sqrt(var / nn)};
}

}  // namespace

int run_solve(const RuleChoice& choice, std::ostream& out) { return run_solve(choice, SolveOptions{}, out); }

int run_solve(const RuleChoice& choice, const SolveOptions& options, std::ostream& out) {
  std::vector<rules::Override> overrides;
  for (const auto& s : choice.sets) overrides.push_back(rules::parse_override(s));
  if (games::family_of(choice.rules) != games::three::ThreeFamily::key)
    throw rules::RuleError(fmt::format("`solve threebetween` needs ThreeBeTween rules; '{}' is a pot game", choice.rules));
  auto rules = rules::load_three_rules(choice.rules, overrides);
  const auto& deck = rules.letter_deck;

  auto start = std::chrono::steady_clock::now();
  auto solver = std::make_shared<strategy::ThreeSolver>(rules, strategy::fresh_composition(deck));
  auto table = solver->deal_table();
  double solved = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Later hints (the `optimal` bot) load the table instead of solving it again.
  if (auto path = strategy::ThreeSolver::cache_path(solver->key()); !path.empty()) solver->save(path);

  double value = 0, bust = 0;
  for (const auto& d : table) {
    value += d.probability * d.value;
    bust += d.probability * d.bust;
  }
  // The comparison with the sensible bot, when asked for: both bots meet the same cards.
  struct Comparison {
    strategy::RoundStats optimal, sensible;
    double gain = 0, gain_ci = 0, seconds = 0;
  };
  std::optional<Comparison> compared;
  if (options.rounds > 0) {
    auto mc_start = std::chrono::steady_clock::now();
    std::vector<double> opt_scores, sensible_scores;
    strategy::OptimalThreeBot optimal(solver);
    strategy::SensibleThreeBot sensible;
    Comparison c;
    c.optimal = strategy::play_rounds(rules, optimal, options.rounds, options.seed, &opt_scores);
    c.sensible = strategy::play_rounds(rules, sensible, options.rounds, options.seed, &sensible_scores);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - mc_start).count();
    std::tie(c.gain, c.gain_ci) = paired(opt_scores, sensible_scores);
    compared = c;
  }

  if (options.format == "json") {
    // A pair's chance is exact: two independent draws from the fresh deck (copies / size each),
    // in either order when the cards differ.
    const std::int64_t n = deck.size();
    ordered_json pairs = ordered_json::array();
    for (const auto& d : table) {
      std::int64_t ways = static_cast<std::int64_t>(deck.kind(d.a).copies) * deck.kind(d.b).copies * (d.a == d.b ? 1 : 2);
      pairs.push_back({{"pair", {deck.kind(d.a).notation, deck.kind(d.b).notation}},
                       {"chance", exact_reduced(ways, n * n)},
                       {"expected_round_points", d.value},
                       {"best_play", d.replace ? "replace" : "keep"},
                       {"replace", d.replace ? ordered_json(deck.kind(*d.replace).notation) : ordered_json(nullptr)},
                       {"keep_expected_round_points", d.keep},
                       {"bust_chance", d.bust}});
    }
    ordered_json j = {{"command", "solve"},
                      {"game", "threebetween"},
                      {"rules", rules.name},
                      {"deck", {{"name", deck.name}, {"cards", deck.size()}}},
                      {"spaces", rules.spaces},
                      {"replacement", rules.replacement},
                      {"two_wild_limits", rules.wild_pair_busts ? "bust" : "lucky"},
                      {"solver", {{"positions", solver->positions()},
                                  {"points_at_risk_max", solver->top()},
                                  {"seconds", solved},
                                  {"memory_bytes", solver->memory_bytes()},
                                  {"bank_stops_paying_at_points", solver->bank_threshold()},
                                  {"bank_cap_points", solver->bank_cap()}}},
                      {"pairs_worst_to_best", pairs},
                      {"random_deal", {{"expected_round_points", value}, {"bust_chance", bust}}}};
    if (compared) {
      auto bot = [](const strategy::RoundStats& r) {
        return ordered_json{{"points_per_round", r.mean}, {"points_per_round_ci95", r.mean_ci95()},
                            {"bust_chance", r.bust_rate}, {"bust_chance_ci95", r.bust_ci95()}};
      };
      j["comparison"] = {{"rounds_per_bot", options.rounds},
                         {"seed", options.seed},
                         {"optimal", bot(compared->optimal)},
                         {"sensible", bot(compared->sensible)},
                         {"optimal_minus_sensible", {{"points_per_round", compared->gain},
                                                     {"points_per_round_ci95", compared->gain_ci},
                                                     {"percent_of_sensible", compared->sensible.mean > 0 ? 100 * compared->gain / compared->sensible.mean : 0.0}}},
                         {"seconds", compared->seconds}};
    } else {
      j["comparison"] = nullptr;
    }
    out << j.dump(2) << '\n';
    return 0;
  }

  fmt::print(out, "ThreeBeTween, one player's round played optimally: rules {}, deck {} ({} cards), {} spaces, "
                  "replacement {}, two wild limits {}.\n",
             rules.name, deck.name, deck.size(), rules.spaces, rules.replacement ? "on" : "off",
             rules.wild_pair_busts ? "bust" : "lucky");
  fmt::print(out, "Every card is drawn independently from the fresh deck's composition (copies / {}).\n", deck.size());
  fmt::print(out, "Solved {} positions for every S (points at risk) 0..{} in {:.2f} s, {:.1f} MB; banking stops paying at "
                  "S = {} (cap {}: verified, see docs/solver.md).\n\n",
             solver->positions(), solver->top(), solved, static_cast<double>(solver->memory_bytes()) / 1e6,
             solver->bank_threshold(), solver->bank_cap());

  fmt::print(out, "Expected round score from each dealt pair of limit cards, worst to best:\n");
  fmt::print(out, "  {:<8} {:>7} {:>8}  {:<12} {:>7} {:>7}\n", "pair", "chance", "value", "best play", "keep", "bust");
  for (const auto& d : table) {
    std::string pair = deck.kind(d.a).notation + " " + deck.kind(d.b).notation;
    std::string play = d.replace ? "replace " + deck.kind(*d.replace).notation : "keep";
    fmt::print(out, "  {:<8} {:>7} {:>8.3f}  {:<12} {:>7.3f} {:>7}\n", pair, percent(d.probability), d.value, play, d.keep,
               percent(d.bust));
  }
  fmt::print(out, "\nFrom a random deal: expected round score {:.4f}, bust rate {} (exact, optimal play).\n\n", value,
             percent(bust));

  if (compared) {
    const auto& o = compared->optimal;
    const auto& s = compared->sensible;
    fmt::print(out, "One-player rounds of the real game, cards drawn independently, {} rounds per bot (seed {}, the same "
                    "cards for both), 95% intervals:\n",
               options.rounds, options.seed);
    fmt::print(out, "  {:<9} {:>8.3f} ± {:.3f}   bust {} ± {}\n", "optimal", o.mean, o.mean_ci95(), percent(o.bust_rate),
               percent(o.bust_ci95()));
    fmt::print(out, "  {:<9} {:>8.3f} ± {:.3f}   bust {} ± {}\n", "sensible", s.mean, s.mean_ci95(), percent(s.bust_rate),
               percent(s.bust_ci95()));
    fmt::print(out, "  optimal - sensible: {:+.3f} ± {:.3f} points a round ({:+.1f}%); simulated in {:.2f} s\n", compared->gain,
               compared->gain_ci, s.mean > 0 ? 100 * compared->gain / s.mean : 0.0, compared->seconds);
  }
  fmt::print(out, "Time: {:.2f} s to solve the table and rate every pair.\n", solved);
  return 0;
}

}  // namespace inbetween::cli
