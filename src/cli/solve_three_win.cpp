// `inbetween solve threebetween --win`: ThreeBeTween heads-up played to its target, the chance to
// win over both totals (families/three/win_solver.h, docs/solver.md "Playing to win: ThreeBeTween
// heads-up"), and where the round's first player stops banking, as text, JSON or a gnuplot chart.
#include <algorithm>
#include <chrono>
#include <iterator>
#include <filesystem>
#include <fstream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/figures_json.h"
#include "cli/simulate_chart.h"
#include "families/three/rules.h"
#include "families/three/win_solver.h"
#include "rules/rule_files.h"

namespace inbetween::cli {
namespace {

constexpr const char* kModel =
    "each round taken one player after the other: the first (the dealer's left) without seeing the dealer's round, the "
    "dealer knowing the first's score; every card drawn from the fresh deck's composition; a tie counts half; the first "
    "player passes at the latest at the target plus the lead cap";

// The totals the text shows: from 0 towards the target in quarters, and close to it.
std::vector<int> shown_totals(int target) {
  std::vector<int> out;
  for (int t : {0, target / 4, target / 2, 3 * target / 4, target - std::max(1, target / 10), target - 1})
    if (out.empty() || t > out.back()) out.push_back(t);
  return out;
}

}  // namespace

int run_solve_three_win(const RuleChoice& choice, const SolveWinOptions& options, std::ostream& out) {
  std::vector<rules::Override> overrides;
  for (const auto& s : choice.sets) overrides.push_back(rules::parse_override(s));
  auto r = rules::load_three_rules(choice.rules, overrides);
  if (!options.chart.empty()) check_chart(options.chart);
  if (options.totals_step < 0 || options.totals_step > strategy::ThreeWinSolver::kMaxStep)
    throw CommandLineError(fmt::format("--totals-step: {} is not a step of the grid of totals: 1 to {}", options.totals_step,
                                       strategy::ThreeWinSolver::kMaxStep));

  auto start = std::chrono::steady_clock::now();
  // games::TooBig past the limits: the caller says why.
  auto solver = strategy::ThreeWinSolver::shared(r, {.step = options.totals_step});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int T = solver->target();
  const auto& held = solver->totals();  // the totals the table holds (every one at step 1)
  double first = solver->start_chance();

  if (!options.chart.empty()) {
    run_gnuplot(options.chart, [&](const std::filesystem::path& dir) {
      auto data = dir / "threshold.dat";
      std::ofstream f(data);
      for (int a = 0; a < T; ++a) {
        for (int b = 0; b < T; ++b) fmt::print(f, "{}\t{}\t{}\n", b, a, solver->bank_threshold(a, b));
        fmt::print(f, "\n");
      }
      return fmt::format(
          "set terminal {} size 900,760 font \"sans,11\" background \"white\"\nset termoption noenhanced\nset output \"{}\"\n"
          "set title \"{}, heads-up to {}: bank a ThreeBeTween below the points at risk shown, pass from there\\n(the round's "
          "first player, playing to win; fresh deck, rounds one after the other)\"\n"
          "set xlabel \"the other player's total\"\nset ylabel \"own total\"\nset cblabel \"points at risk from which to pass\"\n"
          "set xrange [-0.5:{}]\nset yrange [-0.5:{}]\nset palette defined (0 \"#f7fbff\", 1 \"#6baed6\", 2 \"#08306b\")\n"
          "set view map\nplot \"{}\" using 1:2:3 with image notitle\n",
          options.chart.ends_with(".png") ? "pngcairo" : "svg", std::filesystem::absolute(options.chart).string(), r.name, T,
          T - 0.5, T - 0.5, data.string());
    });
  }

  if (options.format == "json") {
    ordered_json grid = ordered_json::array();
    // Every pair of totals; those the table holds are marked (the others are interpolated).
    auto on_grid = [&](int t) { return std::binary_search(held.begin(), held.end(), t); };
    for (int a = 0; a < T; ++a)
      for (int b = 0; b < T; ++b) grid.push_back({a, b, solver->first(a, b), solver->bank_threshold(a, b), on_grid(a) && on_grid(b)});
    ordered_json j = {{"command", "solve"},
                      {"objective", "win"},
                      {"game", "threebetween"},
                      {"rules", r.name},
                      {"seats", 2},
                      {"target", T},
                      {"spaces", r.spaces},
                      {"model", kModel},
                      {"solver", {{"positions", solver->positions()},
                                  {"lead_cap", solver->lead_cap()},
                                  {"totals_step", solver->step()},
                                  {"threads", solver->threads()},
                                  {"policy_steps", solver->policy_steps()},
                                  {"seconds_to_solve", solver->solve_seconds()},
                                  {"seconds", seconds}}},
                      {"chance_to_win", {{"first_player", first}, {"dealer", 1.0 - first}}},
                      {"by_totals", {{"columns", {"own_total", "other_total", "first_player_chance", "bank_threshold", "held"}},
                                     {"rows", grid}}},
                      {"chart", options.chart.empty() ? ordered_json(nullptr) : ordered_json(options.chart)}};
    out << j.dump(2) << '\n';
    return 0;
  }

  fmt::print(out, "{}, heads-up to {} points, playing to win (a tie counts half).\n", r.name, T);
  fmt::print(out, "Model: {}.\n", kModel);
  const std::string every =
      solver->step() == 1 ? "every pair of totals"
                          : fmt::format("the totals every {} points and {}, the chances between them interpolated", solver->step(), T - 1);
  fmt::print(out, "Solved {} x {} pairs of totals ({}) over {} positions in {:.2f} s on {} threads (at most {} policy steps a cycle){}.\n\n",
             held.size(), held.size(), every, solver->positions(), solver->solve_seconds(), solver->threads(),
             solver->policy_steps(), seconds < solver->solve_seconds() ? "; read from the cache now" : "");
  fmt::print(out, "Chance to win from the start: the first player (the dealer's left) {:.4f}%, the dealer {:.4f}%.\n\n", 100 * first,
             100 * (1 - first));
  // The shown totals are the table's own: each the highest it holds at or below the round figure.
  std::vector<int> totals;
  for (int t : shown_totals(T)) {
    int held_at = *std::prev(std::upper_bound(held.begin(), held.end(), t));
    if (totals.empty() || held_at > totals.back()) totals.push_back(held_at);
  }
  auto grid = [&](const char* title, auto cell) {
    fmt::print(out, "{}\n  {:>6}", title, "own");
    for (int b : totals) fmt::print(out, " {:>7}", b);
    fmt::print(out, "\n");
    for (int a : totals) {
      fmt::print(out, "  {:>6}", a);
      for (int b : totals) fmt::print(out, " {:>7}", cell(a, b));
      fmt::print(out, "\n");
    }
    fmt::print(out, "\n");
  };
  grid("The round's first player's chance to win at a round's start, by its total (rows) and the dealer's (columns):",
       [&](int a, int b) { return fmt::format("{:.1f}%", 100 * solver->first(a, b)); });
  grid("Points at risk from which the round's first player passes a ThreeBeTween rather than banks (rows: its total):",
       [&](int a, int b) { return fmt::format("{}", solver->bank_threshold(a, b)); });
  if (!options.chart.empty()) fmt::print(out, "Chart: {}\n", options.chart);
  return 0;
}

}  // namespace inbetween::cli
