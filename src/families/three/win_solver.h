#pragma once
// The chance to win a heads-up ThreeBeTween game played to its target (docs/solver.md, "Playing
// to win: ThreeBeTween heads-up"), under this model:
//
// - Each round is played as if the two players took their rounds one after the other: the
//   round's first player (the dealer's left) plays its whole round without seeing the other's,
//   then the dealer plays its round knowing the first's score. (In the real game the turns
//   interleave: a player sees the other's score only once the other has passed or busted.)
// - Every card is drawn independently from the fresh deck's composition (as the round solver).
// - A round's score counts for the totals at the tally (RULES.md rule 11): once anyone has
//   reached the target the game ends, the highest total wins, a tie counts half; otherwise the
//   deal passes left, so the dealer starts the next round.
// - The round's first player passes at the latest when its total with its points at risk reaches
//   the target plus `lead_cap` (default the target, at most 30) (the dealer needs no such cap: beyond what beats the first it can
//   only pass).
// - Where every pair of totals would be too much work (the real rules: target 100, three
//   spaces), the table holds the totals of a grid (every step-th) and a round's utility between
//   them is interpolated; each round is still played at its exact points.
//
//   F(a, b)   the round's first player's chance at the round's start, totals a (its) and b
//   G(b, a')  the dealer's chance when the first has finished the round at total a' (any a')
//   F(a, b) = max over its round of E[1 - G(b, a + x)]
//   G(b, a') = max over its round of E[a' >= T or b + y >= T ? [b+y > a'] + [b+y = a'] / 2
//                                                         : F(b + y, a')]
// Rounds where both score 0 come back to the same totals: F(a, b), G(b, a), F(b, a), G(a, b)
// are solved together (policy iteration, each step a linear solve). The cycles of a diagonal
// (a + b, on the grid) are independent and are solved on all the machine's cores.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "families/three/game.h"
#include "families/three/position.h"
#include "families/three/rules.h"

namespace inbetween::strategy {

// One legal action and the chance to win the game after taking it (and playing on to win).
struct WinRatedAction {
  games::three::Action action;
  double chance = 0;
};

class ThreeWinSolver {
 public:
  struct Options {
    int lead_cap = 0;  // 0: the target, at most kDefaultLeadCap
    // The grid of totals: 1 holds every pair of totals; a larger step holds every step-th total
    // (and the target less 1) and interpolates between them. 0: the smallest step whose work
    // fits work_limit(), up to kMaxStep.
    int step = 0;
  };
  static constexpr int kMaxStep = 8;
  // Past this lead the first player's round barely changes (docs/solver.md measures it), and
  // each point of cap is a row of every sweep.
  static constexpr int kDefaultLeadCap = 30;
  static int lead_cap_of(int target, Options options) { return options.lead_cap > 0 ? options.lead_cap : std::min(target, kDefaultLeadCap); }
  // Solves the table. Throws SolverLimit (games::TooBig) when it would take more work than
  // work_limit() or more memory than ThreeSolver::memory_limit().
  ThreeWinSolver(const rules::ThreeRules& rules, Composition composition, Options options);
  ThreeWinSolver(const rules::ThreeRules& rules, Composition composition);
  ~ThreeWinSolver();
  ThreeWinSolver(const ThreeWinSolver&) = delete;
  ThreeWinSolver& operator=(const ThreeWinSolver&) = delete;

  // The most work (choices visited in all the sweeps, about 5 ns of one core each) one table may take:
  // 2e11 (about 9 minutes on two cores) unless set.
  static double work_limit();
  static void set_work_limit(double choices);
  // The work the table of these rules would take (choices visited) at a step of the grid of
  // totals, for the limit and messages.
  static double work(const rules::ThreeRules& rules, int step = 1);

  // The process-wide table of these rules (fresh composition), loaded from the disk cache
  // (ThreeSolver::cache_dir) or solved and saved there.
  static std::shared_ptr<const ThreeWinSolver> shared(const rules::ThreeRules& rules);
  static std::shared_ptr<const ThreeWinSolver> shared(const rules::ThreeRules& rules, Options options);
  // The table without a long wait: shared() where it solves in about a second, else one already
  // in the process or the disk cache; nullptr otherwise (or when it is refused). Hints ask this.
  static std::shared_ptr<const ThreeWinSolver> ready(const rules::ThreeRules& rules);
  // Lets go of the tables in the process nobody asked for since the last call (the server's
  // sweep), with the rounds they keep: the bytes let go. A table on disk stays there.
  static std::size_t let_go_of_unused();
  // The bytes it holds: the table, its state graph and the rounds it keeps for live decisions.
  std::size_t bytes() const;
  static std::string cache_key(const rules::ThreeRules& rules, const Composition& composition, Options options);
  bool save(const std::string& path) const;
  static std::unique_ptr<ThreeWinSolver> load(const std::string& path, const rules::ThreeRules& rules,
                                              const Composition& composition, Options options);

  // ---- chances ----
  // At any totals; between the grid's totals, interpolated (bilinear) from them.
  double first(int a, int b) const;        // F(a, b), a, b < target
  double second(int b, int a_final) const;  // G(b, a'), b < target, any a' >= 0
  // The first player's chance from the start of the game (both at 0).
  double start_chance() const { return first(0, 0); }
  // The round's first player's bank threshold at totals (a, b): from this S on, passing a
  // ThreeBeTween is at least as good as banking (the chart's boundary); between the grid's
  // totals, that of the grid's totals at or below them.
  int bank_threshold(int a, int b) const;
  // The totals the table holds, ascending from 0 to the target less 1 (every total at step 1).
  const std::vector<int>& totals() const;
  int step() const;
  // Every legal action of `player` (exactly game.legal(player)) with its chance to win, best
  // first; empty when the game is not heads-up, not these rules' game, or over.
  std::vector<WinRatedAction> evaluate(const games::three::ThreeGame& game, games::Seat player) const;
  // The same against one other seat of a game of any seats, as if the two were alone at the
  // table (the others left out: a model, which the winning bot uses at three or more seats).
  std::vector<WinRatedAction> evaluate(const games::three::ThreeGame& game, games::Seat player, games::Seat against) const;
  // The other seat with the highest total (its round's score counted once it has passed).
  static games::Seat leader(const games::three::ThreeGame& game, games::Seat player);

  // ---- facts ----
  int target() const;
  int lead_cap() const;
  int positions() const;
  double solve_seconds() const;
  int policy_steps() const;  // the most policy-iteration steps one cycle of totals took
  int threads() const;       // the threads it was solved on
  const std::string& key() const;

  struct Impl;

 private:
  explicit ThreeWinSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace inbetween::strategy
