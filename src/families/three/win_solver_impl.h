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
  std::vector<double> F, G;      // [a * T + b]: F(a, b); [b * T + a']: G(b, a'), a' < T
  std::vector<double> H;         // H[d]: the dealer's chance needing more than d (a' >= T), d >= 1
  std::vector<int> thresholds;   // [a * T + b]: the first player's bank threshold
  std::vector<char> unreachable;  // positions no card of the composition leads to (not swept)
  double seconds = 0;
  int steps = 0;

  double f(int a, int b) const { return F[static_cast<std::size_t>(a * T + b)]; }
  double g(int b, int a) const;
  // The utilities and rows of each role (win_solver.h's recursion).
  int first_rows(int a) const { return T + K - a; }
  std::vector<double> first_utility(int a, int b, int rows) const;
  int second_rows(int b, int a_final) const { return a_final >= T ? a_final - b + 1 : T - b; }
  // The dealer's utility, or, with `next_first` set and the other seat's round over, the
  // utility of a player who knows the other's final total and starts the next round itself.
  std::vector<double> second_utility(int b, int a_final, int rows, bool starts_next) const;

  void solve();
  void find_unreachable();
  void solve_cycle(int a, int b);
  std::size_t round_bytes(int rows) const { return 2 * sizeof(double) * static_cast<std::size_t>(rows) * states.size(); }

  // The last rounds the ratings swept, by what their utility depends on (a hint's sweep is the
  // table's work for one state: kept for the next decisions of the same round).
  mutable std::mutex mu;
  mutable std::list<std::pair<std::string, std::shared_ptr<const UtilityRound>>> recent;
  std::shared_ptr<const UtilityRound> round_for(const std::string& key, std::vector<double> u, int rows) const;
};

}  // namespace inbetween::strategy
