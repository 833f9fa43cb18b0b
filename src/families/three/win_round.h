#pragma once
// One ThreeBeTween round played for a utility of its score (docs/solver.md, "Playing to win:
// ThreeBeTween heads-up"): the round solver's recursion with u(S) in place of S on a pass and
// u(0) on a bust, over the same state graph (model.h). The win table (win_solver.h) sets u to
// the chance to win the game after the round. Internal to the win solver.
#include <cstdint>
#include <utility>
#include <vector>

#include "families/three/model.h"

namespace inbetween::strategy {

// A value and its weight on the chance at the round's own totals (`same`): a round that scores
// 0 comes back to them (with the totals on a grid, a round scoring less than the grid's step
// comes back to them in part). The win table needs it to solve those rounds (win_solver.cpp);
// with exact totals it is the chance that the round scores 0 (a bust, or a pass with nothing).
struct RoundWorth {
  double value = 0;
  double same = 0;
};

// The state graph as a round's sweep reads it, built once per table: each choice one 4-byte
// offset into the row-major values (points x positions + successor) rather than the model's
// successor and points, each hand type its chance and where its choices start. Less to read and
// less to do for each choice, which is where a sweep spends its time.
struct SweepGraph {
  SweepGraph() = default;
  // `skip` (when given) marks positions no dealt card leads to (a composition without some
  // kinds): they are not swept.
  SweepGraph(const model::Model& m, const std::vector<char>* skip);
  std::vector<std::int32_t> offset;       // per choice
  std::vector<std::uint32_t> type_start;  // per hand type, and one past the last: its choices
  std::vector<double> type_prob;          // per hand type
  std::vector<int> rest;                  // the positions swept after the zero set, in order
  std::size_t bytes() const {
    return offset.size() * sizeof(std::int32_t) + type_start.size() * sizeof(std::uint32_t) + type_prob.size() * sizeof(double) +
           rest.size() * sizeof(int);
  }
};

class UtilityRound {
 public:
  // `u[S]` for S = 0..u.size()-1; at S >= rows the player passes (u must then be its highest
  // value there for the model to be exact: the win table makes sure of it, or states the cap).
  // u must reach rows - 1 + reach(m). `same[S]` is u(S)'s weight on the chance at the round's
  // own totals; empty: the weights are not swept (RoundWorth::same is 0 throughout), which
  // saves a third of the work where only the values are wanted (a hint's ratings).
  // `g` is SweepGraph(m, ...), kept by the caller.
  UtilityRound(const model::Model& m, const SweepGraph& g, std::vector<double> u, int rows, std::vector<double> same = {});
  // The most points one step (a draw, or a bank's new limits) adds.
  static int reach(const model::Model& m) { return (2 + m.spaces) * m.max_points; }

  // V at the start of a turn: the better of passing and drawing (banking on a ThreeBeTween).
  RoundWorth turn(int id, int s) const { return s < rows_ ? RoundWorth{v_[at(id, s)], weights_ ? vs_[at(id, s)] : 0.0} : pass(s); }
  // Drawing (banking on a ThreeBeTween) and playing on.
  RoundWorth draw(int id, int s) const;
  RoundWorth pass(int s) const { return {u_at(s), same_at(s)}; }
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
  std::size_t bytes() const { return sizeof(double) * (v_.size() + vs_.size()) + sizeof(RoundWorth) * d_.size(); }
  double u_at(int s) const { return u_[static_cast<std::size_t>(s)]; }
  double same_at(int s) const { return static_cast<std::size_t>(s) < same_.size() ? same_[static_cast<std::size_t>(s)] : 0.0; }

 private:
  std::size_t at(int id, int s) const { return static_cast<std::size_t>(s) * n_ + static_cast<std::size_t>(id); }
  template <bool Weights>
  void solve_state(int id, int s);
  void solve(int id, int s) { weights_ ? solve_state<true>(id, s) : solve_state<false>(id, s); }
  void set_draw(int id, int s, RoundWorth d);
  RoundWorth bank_sum(int s, bool zero_points) const;
  void sweep_row(int s);
  int pair_index(int a, int b) const;

  const model::Model& m_;
  const SweepGraph& g_;
  std::vector<double> u_, same_;
  bool weights_ = false;
  int rows_ = 0;
  std::size_t n_ = 0;
  // [S * n + id]: V (the better of passing and drawing) and its weight `same`, for S < rows +
  // reach (at S >= rows the pass), so that the sweep's inner loop reads one array of values
  // without a branch (the weights only for the best choice); and D (W for the full state), S < rows.
  std::vector<double> v_, vs_;
  std::vector<RoundWorth> d_;
};

}  // namespace inbetween::strategy
