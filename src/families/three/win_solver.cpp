// The ThreeBeTween win table: every pair of totals, solved from the target down (win_solver.h).
#include "families/three/win_solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "families/three/solver.h"
#include "families/three/win_solver_impl.h"

namespace inbetween::strategy {
namespace three_win {
std::atomic<double> win_work_limit{2e11};
// Policy iteration over a cycle of totals stops once no chance moves by more than this.
constexpr double kTolerance = 1e-14;
constexpr int kMaxSteps = 60;
}  // namespace three_win

double ThreeWinSolver::work_limit() { return three_win::win_work_limit.load(); }
void ThreeWinSolver::set_work_limit(double choices) { three_win::win_work_limit.store(choices); }

void ThreeWinSolver::Impl::set_grid(int step) {
  totals.clear();
  for (int t = 0; t < T - 1; t += step) totals.push_back(t);
  totals.push_back(T - 1);
  cell.assign(static_cast<std::size_t>(T), 0);
  for (std::size_t i = 0; i < totals.size(); ++i)
    for (int t = totals[i]; t < (i + 1 < totals.size() ? totals[i + 1] : T); ++t) cell[static_cast<std::size_t>(t)] = static_cast<int>(i);
}

namespace three_win {
// Where t lies in its cell: the grid index below it and the weight of the one above.
struct CellPoint {
  int i = 0;
  double above = 0;
};
CellPoint cell_point(const ThreeWinSolver::Impl& m, int t) {
  int i = m.cell[static_cast<std::size_t>(t)];
  int low = m.totals[static_cast<std::size_t>(i)];
  if (t == low) return {i, 0.0};
  int high = m.totals[static_cast<std::size_t>(i + 1)];
  return {i, static_cast<double>(t - low) / (high - low)};
}
// A table over the grid at any totals below the target, bilinear between its points.
double bilinear(const ThreeWinSolver::Impl& m, const std::vector<double>& table, int x, int y) {
  CellPoint px = cell_point(m, x), py = cell_point(m, y);
  auto v = [&](int di, int dj) {
    double w = (di ? px.above : 1 - px.above) * (dj ? py.above : 1 - py.above);
    return w == 0 ? 0.0 : w * table[m.at(px.i + di, py.i + dj)];
  };
  return v(0, 0) + v(1, 0) + v(0, 1) + v(1, 1);
}
}  // namespace three_win

double ThreeWinSolver::Impl::f(int a, int b) const { return three_win::bilinear(*this, F, a, b); }

double ThreeWinSolver::Impl::g(int b, int a) const {
  if (a < T) return three_win::bilinear(*this, G, b, a);
  std::size_t d = static_cast<std::size_t>(a - b);
  // Past the table the dealer's chance is below H's last (it only falls as d grows).
  return H[std::min(d, H.size() - 1)];
}

// The interpolation's own weight on t0 at the totals of its cell (0 past it).
std::vector<double> ThreeWinSolver::Impl::same_weights(int t0, std::size_t size) const {
  std::vector<double> w(size, 0.0);
  const int own = cell[static_cast<std::size_t>(t0)];
  for (int t = t0; t < T && static_cast<std::size_t>(t - t0) < size && cell[static_cast<std::size_t>(t)] == own; ++t)
    w[static_cast<std::size_t>(t - t0)] = 1 - three_win::cell_point(*this, t).above;
  return w;
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

// F(a, b), G(b, a), F(b, a), G(a, b) (grid totals a_i, b_j) lead to each other through rounds
// that score 0 (on a grid: less than the step, in part). With the players' rounds fixed each is
// affine in the next (c + z * next, z the weight `same`), so the cycle is a linear solve; then
// the rounds are swept again with the new chances until nothing moves (policy iteration).
int ThreeWinSolver::Impl::solve_cycle(int i, int j) {
  const int a = totals[static_cast<std::size_t>(i)], b = totals[static_cast<std::size_t>(j)];
  // First guesses from the cycle solved just before (one grid point more for one player): the
  // chances move little from one pair of totals to the next, so the policy is nearly right.
  auto near = [&](std::vector<double>& t, int x, int y) { return x + 1 < P() ? t[at(x + 1, y)] : y + 1 < P() ? t[at(x, y + 1)] : 0.5; };
  double f1 = near(F, i, j), f2 = near(F, j, i), g1 = near(G, j, i), g2 = near(G, i, j);  // F(a,b), F(b,a), G(b,a), G(a,b)
  const bool same = i == j;
  int step = 1;
  for (; step <= three_win::kMaxSteps; ++step) {
    F[at(i, j)] = f1;
    F[at(j, i)] = f2;
    G[at(j, i)] = g1;
    G[at(i, j)] = g2;
    auto sweep = [&](std::vector<double> u, int start, int rows, int* threshold) {
      std::vector<double> w = same_weights(start, u.size());
      UtilityRound r(*this, graph, std::move(u), rows, std::move(w));
      if (threshold) *threshold = r.bank_threshold();
      RoundWorth v = r.start();
      return std::pair{v.value - v.same * r.u_at(0), v.same};
    };
    auto [cF1, zF1] = sweep(first_utility(a, b, first_rows(a)), a, first_rows(a), &thresholds[at(i, j)]);
    auto [cG1, zG1] = sweep(second_utility(b, a, second_rows(b, a), true), b, second_rows(b, a), nullptr);
    double A1 = cF1 + zF1 * (1 - cG1), B1 = zF1 * zG1;
    double nf1, nf2, ng1, ng2;
    if (same) {
      nf1 = nf2 = A1 / (1 + B1);
      ng1 = ng2 = cG1 + zG1 * nf1;
    } else {
      auto [cF2, zF2] = sweep(first_utility(b, a, first_rows(b)), b, first_rows(b), &thresholds[at(j, i)]);
      auto [cG2, zG2] = sweep(second_utility(a, b, second_rows(a, b), true), a, second_rows(a, b), nullptr);
      double A2 = cF2 + zF2 * (1 - cG2), B2 = zF2 * zG2;
      nf1 = (A1 - B1 * A2) / (1 - B1 * B2);
      nf2 = A2 - B2 * nf1;
      ng1 = cG1 + zG1 * nf2;
      ng2 = cG2 + zG2 * nf1;
    }
    double moved = std::max({std::abs(nf1 - f1), std::abs(nf2 - f2), std::abs(ng1 - g1), std::abs(ng2 - g2)});
    f1 = nf1, f2 = nf2, g1 = ng1, g2 = ng2;
    if (moved <= three_win::kTolerance) break;
  }
  F[at(i, j)] = f1;
  F[at(j, i)] = f2;
  G[at(j, i)] = g1;
  G[at(i, j)] = g2;
  return std::min(step, three_win::kMaxSteps);
}

double ThreeWinSolver::Impl::work() const {
  double choices = static_cast<double>(opts.size() + pairs.size());
  double rows = 0;
  for (int d = 1; d <= T + K + UtilityRound::reach(*this); ++d) rows += d + 1;
  for (int a : totals)
    for (int b : totals) rows += 2.0 * (first_rows(a) + second_rows(b, a));  // about two steps each
  return rows * choices;
}

namespace three_win {
// Runs job(k) for k in [0, count) on `threads` threads; the first exception is rethrown.
template <class Job>
void on_threads(int threads, int count, Job&& job) {
  std::atomic<int> next{0};
  std::exception_ptr failed;
  std::mutex mu;
  auto work = [&] {
    for (int k; (k = next.fetch_add(1)) < count;) {
      try {
        job(k);
      } catch (...) {
        std::lock_guard lock(mu);
        if (!failed) failed = std::current_exception();
        next.store(count);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min(threads, count); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failed) std::rethrow_exception(failed);
}
}  // namespace three_win

void ThreeWinSolver::Impl::solve() {
  auto start = std::chrono::steady_clock::now();
  T = rules.target;
  K = lead_cap_of(T, options);
  graph_limit = ThreeSolver::memory_limit();
  discover();
  build_sweep_graph();
  const int reach = UtilityRound::reach(*this);
  // The grid: the step asked for, or the smallest whose work fits the limit.
  int step = options.step > 0 ? options.step : 1;
  set_grid(step);
  while (options.step == 0 && work() > ThreeWinSolver::work_limit() && step < kMaxStep) set_grid(++step);
  if (work() > ThreeWinSolver::work_limit())
    throw SolverLimit(fmt::format("the ThreeBeTween win table would take about {:.2g} steps for these rules ({} positions, target "
                                  "{}, totals every {} points; about {:.0f} core-seconds); its limit is {:.2g}",
                                  work(), states.size(), T, step, work() * 5e-9, ThreeWinSolver::work_limit()));
  threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  // The largest d the dealer may need: the first's total at most T + K - 1 + reach, its own 0.
  const int d_max = T + K + reach;
  auto need = [&](int th) {
    return graph_bytes() + graph.bytes() + static_cast<std::size_t>(th) * round_bytes(d_max + 1) + 4 * sizeof(double) * static_cast<std::size_t>(P() * P());
  };
  if (need(1) > ThreeSolver::memory_limit())
    throw SolverLimit(fmt::format("the ThreeBeTween win table would need {:.1f} MB for these rules; its limit is {:.1f} MB",
                                  megabytes(need(1)), megabytes(ThreeSolver::memory_limit())));
  while (threads > 1 && need(threads) > ThreeSolver::memory_limit()) --threads;
  // H[d]: the dealer, facing a first player who ended past the target d points ahead of it.
  H.assign(static_cast<std::size_t>(d_max + 1), 1.0);
  three_win::on_threads(threads, d_max, [&](int k) {
    const int d = d_max - k;  // the long ones first
    std::vector<double> u(static_cast<std::size_t>(d + 1 + reach));
    for (std::size_t y = 0; y < u.size(); ++y) u[y] = static_cast<int>(y) > d ? 1.0 : static_cast<int>(y) == d ? 0.5 : 0.0;
    H[static_cast<std::size_t>(d)] = UtilityRound(*this, graph, std::move(u), d + 1).start().value;
  });
  const auto cells = static_cast<std::size_t>(P() * P());
  F.assign(cells, 0.0);
  G.assign(cells, 0.0);
  thresholds.assign(cells, 0);
  std::mutex steps_mu;
  for (int sum = 2 * P() - 2; sum >= 0; --sum) {
    std::vector<std::pair<int, int>> cycles;
    for (int i = std::min(sum, P() - 1); 2 * i >= sum; --i) cycles.emplace_back(i, sum - i);
    three_win::on_threads(threads, static_cast<int>(cycles.size()), [&](int k) {
      int took = solve_cycle(cycles[static_cast<std::size_t>(k)].first, cycles[static_cast<std::size_t>(k)].second);
      std::lock_guard lock(steps_mu);
      steps = std::max(steps, took);
    });
  }
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// From the layouts of the pairs that can be dealt, along the choices of hands that can be drawn.
void ThreeWinSolver::Impl::build_sweep_graph() {
  std::vector<char> unreachable(states.size(), 1);
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
  graph = SweepGraph(*this, &unreachable);
}

double ThreeWinSolver::work(const rules::ThreeRules& rules, int step) {
  Impl m;
  m.rules = rules;
  m.weights = fresh_composition(rules.letter_deck);
  m.init_kinds();
  m.discover();
  m.T = rules.target;
  m.K = lead_cap_of(m.T, {});
  m.set_grid(std::max(step, 1));
  return m.work();
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
int ThreeWinSolver::bank_threshold(int a, int b) const {
  const Impl& m = *impl_;
  return m.thresholds[m.at(m.cell[static_cast<std::size_t>(a)], m.cell[static_cast<std::size_t>(b)])];
}
const std::vector<int>& ThreeWinSolver::totals() const { return impl_->totals; }
int ThreeWinSolver::step() const { return impl_->step(); }
int ThreeWinSolver::threads() const { return impl_->threads; }
int ThreeWinSolver::target() const { return impl_->T; }
int ThreeWinSolver::lead_cap() const { return impl_->K; }
int ThreeWinSolver::positions() const { return impl_->n(); }
double ThreeWinSolver::solve_seconds() const { return impl_->seconds; }
int ThreeWinSolver::policy_steps() const { return impl_->steps; }
const std::string& ThreeWinSolver::key() const { return impl_->table_key; }

}  // namespace inbetween::strategy
