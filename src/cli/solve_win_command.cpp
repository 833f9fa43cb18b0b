// `inbetween solve RULES --win`: a heads-up pot game's chance to win under best play by both
// (families/pot/win_solver.h, docs/solver.md "Playing to win"), and the best bet over the pot and
// the chip lead, as text, JSON or a gnuplot chart.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/figures_json.h"
#include "cli/simulate_chart.h"
#include "families/pot/family.h"
#include "families/pot/win_solver.h"
#include "families/three/family.h"
#include "games/registry.h"
#include "rules/rule_files.h"

namespace inbetween::cli {
namespace {

using rules::Chips;

// The posts the figures show the best bet on: a narrow, a middling and a wide spread.
struct ShownPosts {
  int low, high;
};
constexpr ShownPosts kShown[] = {{5, 9}, {4, 11}, {2, 13}};

std::string posts_words(const ShownPosts& p) {
  auto name = [](int rank) { return std::string(1, "??23456789TJQKA"[rank]); };
  return fmt::format("{}-{} (spread {})", name(p.low), name(p.high), p.high - p.low - 1);
}

// The turn the figures are drawn for: the first of the last deal where the deals end, else the
// first of the dealers' cycle once the first deck is gone.
int shown_clock(const strategy::PotWinSolver& s) { return s.cyclic() ? 0 : s.clocks() - 2; }

// The state where the player to act holds `mine` chips with `pot` in the middle.
strategy::PotWinState state_for(const strategy::PotWinSolver& s, int clock, Chips pot, Chips mine) {
  Chips chips0 = s.actor(clock) == 0 ? mine : s.total() - pot - mine;
  return {clock, 0, pot, chips0};
}

}  // namespace

int run_solve_win(const RuleChoice& choice, const SolveWinOptions& options, std::ostream& out) {
  if (games::family_of(choice.rules) == games::three::ThreeFamily::key) return run_solve_three_win(choice, options, out);
  if (games::family_of(choice.rules) != games::pot::PotFamily::key)
    throw rules::RuleError(fmt::format("`solve {} --win` needs the rules of a pot game or ThreeBeTween", choice.rules));
  std::vector<rules::Override> overrides;
  for (const auto& s : choice.sets) overrides.push_back(rules::parse_override(s));
  auto r = rules::load_pot_rules(choice.rules, overrides);
  if (auto why = strategy::PotWinSolver::unsupported(r)) throw rules::RuleError(*why);
  if (!options.chart.empty()) check_chart(options.chart);

  auto start = std::chrono::steady_clock::now();
  auto solver = strategy::PotWinSolver::shared(r);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double first = solver->start_chance();
  int clock = shown_clock(*solver);
  Chips total = solver->total();

  if (!options.chart.empty()) {
    run_gnuplot(options.chart, [&](const std::filesystem::path& dir) {
      std::string script = fmt::format(
          "set terminal {} size 1200,460 font \"sans,11\" background \"white\"\nset termoption noenhanced\nset output \"{}\"\n"
          "set multiplot layout 1,3 title \"{}: the bet with the best chance to win, heads-up ({}; fresh shoe, best play by both)\"\n"
          "set xlabel \"chip lead of the player to act\"\nset ylabel \"pot\"\nset cblabel \"bet (0 = pass)\"\n"
          "set palette defined (0 \"#f7fbff\", 1 \"#6baed6\", 2 \"#08306b\")\nset grid\n",
          options.chart.ends_with(".png") ? "pngcairo" : "svg", std::filesystem::absolute(options.chart).string(), r.name,
          solver->cyclic() ? "past the first deck" : "the last deal, first turn");
      for (std::size_t i = 0; i < std::size(kShown); ++i) {
        auto data = dir / fmt::format("posts{}.dat", i);
        std::ofstream f(data);
        for (Chips pot = 1; pot <= total; ++pot)
          for (Chips mine = 0; mine + pot <= total; ++mine) {
            auto s = state_for(*solver, clock, pot, mine);
            Chips lead = mine - (total - pot - mine);
            fmt::print(f, "{}\t{}\t{}\n", lead, pot, solver->best_bet(s, kShown[i].low, kShown[i].high));
          }
        script += fmt::format("set title \"posts {}\"\nplot \"{}\" using 1:2:3 with points pt 5 ps 0.45 palette notitle\n",
                              posts_words(kShown[i]), data.string());
      }
      return script + "unset multiplot\n";
    });
  }

  if (options.format == "json") {
    ordered_json best = ordered_json::array();
    for (const auto& p : kShown) {
      ordered_json rows = ordered_json::array();
      for (Chips pot = 1; pot <= total; ++pot)
        for (Chips mine = 0; mine + pot <= total; ++mine) {
          auto s = state_for(*solver, clock, pot, mine);
          rows.push_back({pot, mine - (total - pot - mine), solver->best_bet(s, p.low, p.high)});
        }
      best.push_back({{"posts", {p.low, p.high}}, {"spread", p.high - p.low - 1}, {"pot_lead_bet", rows}});
    }
    ordered_json j = {{"command", "solve"},
                      {"objective", "win"},
                      {"game", "pot"},
                      {"rules", r.name},
                      {"seats", 2},
                      {"chips_in_play", total},
                      {"model", std::string("every post and third card from a fresh shoe's composition; a tie counts half to each seat") +
                                    (r.rebuys ? "; nobody buys chips" : "")},
                      {"solver", {{"states", solver->states()},
                                  {"turns", solver->clocks()},
                                  {"deals_repeat", solver->cyclic()},
                                  {"first_deck_states", solver->deck_states()},
                                  {"sweeps", solver->sweeps()},
                                  {"residual", solver->residual()},
                                  {"seconds_to_solve", solver->solve_seconds()},
                                  {"seconds", seconds}}},
                      {"chance_to_win", {{"first_player", first}, {"first_dealer", 1.0 - first}}},
                      {"best_bet", {{"turn", solver->cyclic() ? "past the first deck" : "the last deal, first turn"},
                                    {"by_posts", best}}},
                      {"chart", options.chart.empty() ? ordered_json(nullptr) : ordered_json(options.chart)}};
    out << j.dump(2) << '\n';
    return 0;
  }

  fmt::print(out, "{}, heads-up, playing to win: both seats play for the chance to finish ahead (a tie counts half).\n", r.name);
  fmt::print(out, "Every post and third card is drawn from a fresh shoe's composition (the turn's own cards taken out).{}\n",
             r.rebuys ? " Nobody buys chips (the rules allow it: a game where a seat has bought is not in the table)." : "");
  fmt::print(out, "Solved {} states ({} turns{}, {} first-deck states) in {:.2f} s ({} sweeps, residual {:.1e}){}.\n\n",
             solver->states(), solver->clocks(), solver->cyclic() ? " repeating" : "", solver->deck_states(),
             solver->solve_seconds(), solver->sweeps(), solver->residual(),
             seconds < solver->solve_seconds() ? "; read from the cache now" : "");
  fmt::print(out, "Chance to win from the start: the first player (the dealer's left) {:.4f}%, the first dealer {:.4f}%.\n\n",
             100 * first, 100 * (1 - first));
  for (const auto& p : kShown) {
    fmt::print(out, "Best bet on posts {} ({}), by pot (rows) and the chip lead of the player to act:\n", posts_words(p),
               solver->cyclic() ? "past the first deck" : "the last deal, first turn");
    // The rows and columns grow with the stacks: hoyle's 20 chips show pots of 2 to 20, banker's
    // 200 pots of 20 to 200 (the pot alone starts at 102 there).
    const Chips scale = std::max<Chips>(1, r.start_chips / 20);
    std::vector<Chips> leads = {-12, -6, -2, 0, 2, 6, 12};
    for (auto& l : leads) l *= scale;
    fmt::print(out, "  {:>5}", "pot");
    for (auto l : leads) fmt::print(out, " {:>5}", fmt::format("{:+}", l));
    fmt::print(out, "\n");
    for (Chips base : {2, 4, 8, 12, 20}) {
      const Chips pot = base * scale;
      if (pot > total) continue;
      fmt::print(out, "  {:>5}", pot);
      for (auto l : leads) {
        Chips twice = total - pot + l;  // 2 x the actor's chips
        if (twice % 2 != 0 || twice < 0 || twice / 2 + pot > total) {
          fmt::print(out, " {:>5}", "-");
          continue;
        }
        auto s = state_for(*solver, clock, pot, twice / 2);
        Chips bet = solver->best_bet(s, p.low, p.high);
        fmt::print(out, " {:>5}", bet == 0 ? std::string("pass") : fmt::format("{}", bet));
      }
      fmt::print(out, "\n");
    }
    fmt::print(out, "\n");
  }
  if (!options.chart.empty()) fmt::print(out, "Chart: {}\n", options.chart);
  return 0;
}

}  // namespace inbetween::cli
