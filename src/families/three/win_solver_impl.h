#pragma once
// The ThreeBeTween win table's insides, shared by the table (win_solver.cpp) and the ratings of
// live decisions (win_rating.cpp). Internal; the public face is win_solver.h.
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "families/three/model.h"
#include "families/three/win_round.h"
#include "families/three/win_solver.h"

namespace inbetween::strategy {

struct ThreeWinSolver::Impl : model::Model {
  Options options;
  std::string table_key;
  int T = 100, K = 100;
  // The totals the table holds (the grid): 0, step, 2 step, ... and target - 1; cell[t] is the
  // index of the highest of them at or below t. Between them the chances are interpolated.
  std::vector<int> totals, cell;
  std::vector<double> F, G;      // [i * P + j], grid indices: F(a_i, b_j); G(b_i, a'_j), a' < T
  std::vector<double> H;         // H[d]: the dealer's chance needing more than d (a' >= T), d >= 1
  std::vector<int> thresholds;   // [i * P + j]: the first player's bank threshold at (a_i, b_j)
  SweepGraph graph;  // the rounds' sweeps read the state graph this way; positions no card leads to left out
  double seconds = 0;
  int steps = 0;
  int threads = 1;

  int P() const { return static_cast<int>(totals.size()); }
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(i * P() + j); }
  // The grid: totals and cells for a target and a step.
  void set_grid(int step);
  int step() const { return totals.size() > 1 ? totals[1] - totals[0] : 1; }
  // F and G at any totals below the target (G past it: H), interpolated between the grid's.
  double f(int a, int b) const;
  double g(int b, int a) const;
  // The weight of the chance at grid total t0 in the chance at t0 + x (the cycle's unknown).
  std::vector<double> same_weights(int t0, std::size_t size) const;
  // The utilities and rows of each role (win_solver.h's recursion).
  int first_rows(int a) const { return T + K - a; }
  std::vector<double> first_utility(int a, int b, int rows) const;
  int second_rows(int b, int a_final) const { return a_final >= T ? a_final - b + 1 : T - b; }
  // The dealer's utility, or, with `next_first` set and the other seat's round over, the
  // utility of a player who knows the other's final total and starts the next round itself.
  std::vector<double> second_utility(int b, int a_final, int rows, bool starts_next) const;
  // The choices the table's sweeps visit (the work limit), at the grid set.
  double work() const;

  void solve();
  // Builds `graph` from the state graph, leaving out the positions no dealt card leads to.
  void build_sweep_graph();
  int solve_cycle(int i, int j);  // the policy steps it took
  std::size_t round_bytes(int rows) const {
    return sizeof(RoundWorth) * static_cast<std::size_t>(2 * rows + UtilityRound::reach(*this)) * states.size();
  }

  // The last rounds the ratings swept, by what their utility depends on (a hint's sweep is the
  // table's work for one state: kept for the next decisions of the same round).
  mutable std::mutex mu;
  mutable std::list<std::pair<std::string, std::shared_ptr<const UtilityRound>>> recent;
  mutable std::string start_key;
  mutable std::shared_ptr<const UtilityRound> start_round;
  // `keep`: the game's first round, kept for good (in start_round) rather than among the recent.
  std::shared_ptr<const UtilityRound> round_for(const std::string& key, std::vector<double> u, int rows, bool keep) const;
};

}  // namespace inbetween::strategy
