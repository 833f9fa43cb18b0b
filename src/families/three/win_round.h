#pragma once
// One ThreeBeTween round played for a utility of its score (docs/solver.md, "Playing to win:
// ThreeBeTween heads-up"): the round solver's recursion with u(S) in place of S on a pass and
// u(0) on a bust, over the same state graph (model.h). The win table (win_solver.h) sets u to
// the chance to win the game after the round. Internal to the win solver.
#include <utility>
#include <vector>

#include "families/three/model.h"

namespace inbetween::strategy {

// A value and the chance that the round scores 0 (a bust, or a pass with nothing in front): the
// coefficient of u(0), which the win table needs to solve the rounds that come back to the same
// totals (both players scoring nothing).
struct RoundWorth {
  double value = 0;
  double zero = 0;
};

class UtilityRound {
 public:
  // `u[S]` for S = 0..u.size()-1; at S >= rows the player passes (u must then be its highest
  // value there for the model to be exact: the win table makes sure of it, or states the cap).
  // u must reach rows - 1 + reach(m).
  // `skip` (when given) marks positions no dealt card leads to (a composition without some
  // kinds): they are not swept.
  UtilityRound(const model::Model& m, std::vector<double> u, int rows, const std::vector<char>* skip = nullptr);
  // The most points one step (a draw, or a bank's new limits) adds.
  static int reach(const model::Model& m) { return (2 + m.spaces) * m.max_points; }

  // V at the start of a turn: the better of passing and drawing (banking on a ThreeBeTween).
  RoundWorth turn(int id, int s) const;
  // Drawing (banking on a ThreeBeTween) and playing on.
  RoundWorth draw(int id, int s) const;
  RoundWorth pass(int s) const { return {u_at(s), s == 0 ? 1.0 : 0.0}; }
  // Two limit cards (kinds) laid the best way at S; identical: a bust.
  RoundWorth limits(int a, int b, int s) const;
  // Keeping `kept` and being dealt a replacement.
  RoundWorth replace(int kept, int s) const;
  // A dealt pair at the set-up: the best of keeping and replacing (as the rules allow).
  RoundWorth deal(int a, int b) const;
  // From a random deal at the round's start.
  RoundWorth start() const;
  // The smallest S from which passing a ThreeBeTween is at least as good as banking, at every
  // S above it up to the rows (rows when banking pays up to there).
  int bank_threshold() const;
  int rows() const { return rows_; }
  double u_at(int s) const { return u_[static_cast<std::size_t>(s)]; }

 private:
  std::size_t at(int id, int s) const { return static_cast<std::size_t>(s) * n_ + static_cast<std::size_t>(id); }
  void solve_state(int id, int s);
  RoundWorth bank_sum(int s, bool zero_points) const;
  void sweep_row(int s);
  int pair_index(int a, int b) const;

  const model::Model& m_;
  const std::vector<char>* skip_ = nullptr;
  std::vector<double> u_;
  int rows_ = 0;
  std::size_t n_ = 0;
  std::vector<double> d_, z_;  // [S * n + id], S < rows: D (W for the full state) and its zero chance
};

}  // namespace inbetween::strategy
