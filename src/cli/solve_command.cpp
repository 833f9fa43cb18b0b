// `inbetween solve threebetween`: the exact optimal play of one player's round (docs/solver.md).
#include <chrono>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
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
  double value = 0, bust = 0;
  for (const auto& d : table) {
    value += d.probability * d.value;
    bust += d.probability * d.bust;
  }
  fmt::print(out, "\nFrom a random deal: expected round score {:.4f}, bust rate {} (exact, optimal play).\n\n", value,
             percent(bust));

  if (options.rounds > 0) {
    auto mc_start = std::chrono::steady_clock::now();
    std::vector<double> opt_scores, sensible_scores;
    strategy::OptimalThreeBot optimal(solver);
    strategy::SensibleThreeBot sensible;
    auto o = strategy::play_rounds(rules, optimal, options.rounds, options.seed, &opt_scores);
    auto s = strategy::play_rounds(rules, sensible, options.rounds, options.seed, &sensible_scores);
    double mc = std::chrono::duration<double>(std::chrono::steady_clock::now() - mc_start).count();
    fmt::print(out, "One-player rounds of the real game, cards drawn independently, {} rounds per bot (seed {}, the same "
                    "cards for both), 95% intervals:\n",
               options.rounds, options.seed);
    fmt::print(out, "  {:<9} {:>8.3f} ± {:.3f}   bust {} ± {}\n", "optimal", o.mean, o.mean_ci95(), percent(o.bust_rate),
               percent(o.bust_ci95()));
    fmt::print(out, "  {:<9} {:>8.3f} ± {:.3f}   bust {} ± {}\n", "sensible", s.mean, s.mean_ci95(), percent(s.bust_rate),
               percent(s.bust_ci95()));
    auto [gain, ci] = paired(opt_scores, sensible_scores);
    fmt::print(out, "  optimal - sensible: {:+.3f} ± {:.3f} points a round ({:+.1f}%); simulated in {:.2f} s\n", gain, ci,
               s.mean > 0 ? 100 * gain / s.mean : 0.0, mc);
  }
  fmt::print(out, "Time: {:.2f} s to solve the table and rate every pair.\n", solved);
  return 0;
}

}  // namespace inbetween::cli
