// The ThreeBeTween win table: every pair of totals, solved from the target down (win_solver.h).
#include "families/three/win_solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "families/three/solver.h"
#include "families/three/win_solver_impl.h"

namespace inbetween::strategy {
namespace three_win {
std::atomic<double> win_work_limit{1e11};
// Policy iteration over a cycle of totals stops once no chance moves by more than this.
constexpr double kTolerance = 1e-14;
constexpr int kMaxSteps = 60;
}  // namespace three_win
using namespace three_win;

double ThreeWinSolver::work_limit() { return win_work_limit.load(); }
void ThreeWinSolver::set_work_limit(double choices) { win_work_limit.store(choices); }

double ThreeWinSolver::Impl::g(int b, int a) const {
  if (a < T) return G[static_cast<std::size_t>(b * T + a)];
  std::size_t d = static_cast<std::size_t>(a - b);
  // Past the table the dealer's chance is below H's last (it only falls as d grows).
  return H[std::min(d, H.size() - 1)];
}

std::vector<double> ThreeWinSolver::Impl::first_utility(int a, int b, int rows) const {
  std::vector<double> u(static_cast<std::size_t>(rows + UtilityRound::reach(*this)));
  for (std::size_t x = 0; x < u.size(); ++x) u[x] = 1 - g(b, a + static_cast<int>(x));
  return u;
}

std::vector<double> ThreeWinSolver::Impl::second_utility(int b, int a_final, int rows, bool starts_next) const {
  std::vector<double> u(static_cast<std::size_t>(rows + UtilityRound::reach(*this)));
  for (std::size_t y = 0; y < u.size(); ++y) {
    int mine = b + static_cast<int>(y);
    if (a_final >= T || mine >= T)
      u[y] = mine > a_final ? 1.0 : mine == a_final ? 0.5 : 0.0;
    else
      u[y] = starts_next ? f(mine, a_final) : 1 - f(a_final, mine);
  }
  return u;
}

// F(a, b), G(b, a), F(b, a), G(a, b) lead to each other through rounds that score 0. With the
// players' rounds fixed each is affine in the next (c + z * next, z the chance of scoring 0), so
// the cycle is a linear solve; then the rounds are swept again with the new chances until nothing
// moves (policy iteration).
void ThreeWinSolver::Impl::solve_cycle(int a, int b) {
  auto at = [&](int x, int y) { return static_cast<std::size_t>(x * T + y); };
  // First guesses from the cycle solved just before (one point more for one player): the
  // chances move little from one pair of totals to the next, so the policy is nearly right.
  auto near = [&](std::vector<double>& t, int x, int y) { return x + 1 < T ? t[at(x + 1, y)] : y + 1 < T ? t[at(x, y + 1)] : 0.5; };
  double f1 = near(F, a, b), f2 = near(F, b, a), g1 = near(G, b, a), g2 = near(G, a, b);  // F(a,b), F(b,a), G(b,a), G(a,b)
  const bool same = a == b;
  for (int step = 1; step <= kMaxSteps; ++step) {
    F[at(a, b)] = f1;
    F[at(b, a)] = f2;
    G[at(b, a)] = g1;
    G[at(a, b)] = g2;
    auto sweep = [&](std::vector<double> u, int rows, int* threshold) {
      UtilityRound r(*this, std::move(u), rows, &unreachable);
      if (threshold) *threshold = r.bank_threshold();
      RoundWorth w = r.start();
      return std::pair{w.value - w.zero * r.u_at(0), w.zero};
    };
    auto [cF1, zF1] = sweep(first_utility(a, b, first_rows(a)), first_rows(a), &thresholds[at(a, b)]);
    auto [cG1, zG1] = sweep(second_utility(b, a, second_rows(b, a), true), second_rows(b, a), nullptr);
    double A1 = cF1 + zF1 * (1 - cG1), B1 = zF1 * zG1;
    double nf1, nf2, ng1, ng2;
    if (same) {
      nf1 = nf2 = A1 / (1 + B1);
      ng1 = ng2 = cG1 + zG1 * nf1;
    } else {
      auto [cF2, zF2] = sweep(first_utility(b, a, first_rows(b)), first_rows(b), &thresholds[at(b, a)]);
      auto [cG2, zG2] = sweep(second_utility(a, b, second_rows(a, b), true), second_rows(a, b), nullptr);
      double A2 = cF2 + zF2 * (1 - cG2), B2 = zF2 * zG2;
      nf1 = (A1 - B1 * A2) / (1 - B1 * B2);
      nf2 = A2 - B2 * nf1;
      ng1 = cG1 + zG1 * nf2;
      ng2 = cG2 + zG2 * nf1;
    }
    double moved = std::max({std::abs(nf1 - f1), std::abs(nf2 - f2), std::abs(ng1 - g1), std::abs(ng2 - g2)});
    f1 = nf1, f2 = nf2, g1 = ng1, g2 = ng2;
    steps = std::max(steps, step);
    if (moved <= kTolerance) break;
  }
  F[at(a, b)] = f1;
  F[at(b, a)] = f2;
  G[at(b, a)] = g1;
  G[at(a, b)] = g2;
}

void ThreeWinSolver::Impl::solve() {
  auto start = std::chrono::steady_clock::now();
  T = rules.target;
  K = options.lead_cap > 0 ? options.lead_cap : T;
  graph_limit = ThreeSolver::memory_limit();
  discover();
  find_unreachable();
  const int reach = UtilityRound::reach(*this);
  // The largest d the dealer may need: the first's total at most T + K - 1 + reach, its own 0.
  const int d_max = T + K + reach;
  std::size_t need = graph_bytes() + round_bytes(d_max + 1) + 4 * sizeof(double) * static_cast<std::size_t>(T * T);
  if (need > ThreeSolver::memory_limit())
    throw SolverLimit(fmt::format("the ThreeBeTween win table would need {:.1f} MB for these rules; its limit is {:.1f} MB",
                                  megabytes(need), megabytes(ThreeSolver::memory_limit())));
  double choices = static_cast<double>(opts.size() + pairs.size());
  double rows = 0;
  for (int d = 1; d <= d_max; ++d) rows += d + 1;
  for (int a = 0; a < T; ++a)
    for (int b = 0; b < T; ++b) rows += 2.0 * (first_rows(a) + second_rows(b, a));  // about two steps each
  if (rows * choices > ThreeWinSolver::work_limit())
    throw SolverLimit(fmt::format("the ThreeBeTween win table would take about {:.2g} steps for these rules ({} positions, target "
                                  "{}; about {:.0f} s); its limit is {:.2g}",
                                  rows * choices, states.size(), T, rows * choices * 3e-9, ThreeWinSolver::work_limit()));
  // H[d]: the dealer, facing a first player who ended past the target d points ahead of it.
  H.assign(static_cast<std::size_t>(d_max + 1), 1.0);
  for (int d = 1; d <= d_max; ++d) {
    std::vector<double> u(static_cast<std::size_t>(d + 1 + reach));
    for (std::size_t y = 0; y < u.size(); ++y) u[y] = static_cast<int>(y) > d ? 1.0 : static_cast<int>(y) == d ? 0.5 : 0.0;
    H[static_cast<std::size_t>(d)] = UtilityRound(*this, std::move(u), d + 1, &unreachable).start().value;
  }
  F.assign(static_cast<std::size_t>(T * T), 0.0);
  G.assign(F.size(), 0.0);
  thresholds.assign(F.size(), 0);
  for (int sum = 2 * T - 2; sum >= 0; --sum)
    for (int a = std::min(sum, T - 1); 2 * a >= sum; --a) solve_cycle(a, sum - a);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// From the layouts of the pairs that can be dealt, along the choices of hands that can be drawn.
void ThreeWinSolver::Impl::find_unreachable() {
  unreachable.assign(states.size(), 1);
  std::vector<int> queue;
  auto reach = [&](int id) {
    if (unreachable[static_cast<std::size_t>(id)]) {
      unreachable[static_cast<std::size_t>(id)] = 0;
      queue.push_back(id);
    }
  };
  reach(full_id);
  for (const auto& pr : pairs)
    if (pr.prob > 0)
      for (int id : pr.layouts) reach(id);
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const auto& st = states[static_cast<std::size_t>(queue[q])];
    for (auto t = st.type_begin; t < st.type_end; ++t)
      if (types[t].prob > 0)
        for (auto o = types[t].begin; o < types[t].end; ++o) reach(opts[o].succ);
  }
}

double ThreeWinSolver::work(const rules::ThreeRules& rules) {
  Impl m;
  m.rules = rules;
  m.weights = fresh_composition(rules.letter_deck);
  m.init_kinds();
  m.discover();
  m.T = rules.target;
  m.K = m.T;
  double rows = 0;
  for (int d = 1; d <= m.T + m.K + UtilityRound::reach(m); ++d) rows += d + 1;
  for (int a = 0; a < m.T; ++a)
    for (int b = 0; b < m.T; ++b) rows += 2.0 * (m.first_rows(a) + m.second_rows(b, a));
  return rows * static_cast<double>(m.opts.size() + m.pairs.size());
}

ThreeWinSolver::ThreeWinSolver(const rules::ThreeRules& rules, Composition composition)
    : ThreeWinSolver(rules, std::move(composition), Options{}) {}

ThreeWinSolver::ThreeWinSolver(const rules::ThreeRules& rules, Composition composition, Options options)
    : impl_(std::make_unique<Impl>()) {
  impl_->rules = rules;
  impl_->table_key = cache_key(rules, composition, options);
  impl_->weights = std::move(composition);
  impl_->options = options;
  impl_->init_kinds();
  impl_->solve();
}

ThreeWinSolver::ThreeWinSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ThreeWinSolver::~ThreeWinSolver() = default;

double ThreeWinSolver::first(int a, int b) const { return impl_->f(a, b); }
double ThreeWinSolver::second(int b, int a_final) const { return impl_->g(b, a_final); }
int ThreeWinSolver::bank_threshold(int a, int b) const { return impl_->thresholds[static_cast<std::size_t>(a * impl_->T + b)]; }
int ThreeWinSolver::target() const { return impl_->T; }
int ThreeWinSolver::lead_cap() const { return impl_->K; }
int ThreeWinSolver::positions() const { return impl_->n(); }
double ThreeWinSolver::solve_seconds() const { return impl_->seconds; }
int ThreeWinSolver::policy_steps() const { return impl_->steps; }
const std::string& ThreeWinSolver::key() const { return impl_->table_key; }

}  // namespace inbetween::strategy
