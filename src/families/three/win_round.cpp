// The round solver's sweep (solver.cpp) with a utility of the round's score: see win_round.h.
#include "families/three/win_round.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace inbetween::strategy {

SweepGraph::SweepGraph(const model::Model& m, const std::vector<char>* skip) {
  const std::size_t n = m.states.size();
  if (static_cast<double>(UtilityRound::reach(m) + 1) * static_cast<double>(n) > 2147483647.0)
    throw std::length_error("SweepGraph: too many positions for 4-byte offsets");
  offset.reserve(m.opts.size());
  for (const auto& o : m.opts) offset.push_back(static_cast<std::int32_t>(static_cast<std::size_t>(o.points) * n + static_cast<std::size_t>(o.succ)));
  type_start.reserve(m.types.size() + 1);
  type_prob.reserve(m.types.size());
  for (std::size_t t = 0; t < m.types.size(); ++t) {
    // The model's hand types are laid out one after another (model.cpp); the sweep relies on it.
    if (m.types[t].begin != (t == 0 ? 0u : m.types[t - 1].end)) throw std::logic_error("SweepGraph: hand types not contiguous");
    type_start.push_back(m.types[t].begin);
    type_prob.push_back(m.types[t].prob);
  }
  type_start.push_back(m.types.size() ? m.types[m.types.size() - 1].end : 0u);
  for (int id : m.order)
    if (!m.in_zero[static_cast<std::size_t>(id)] && !(skip && (*skip)[static_cast<std::size_t>(id)])) rest.push_back(id);
}

UtilityRound::UtilityRound(const model::Model& m, const SweepGraph& g, std::vector<double> u, int rows, std::vector<double> same)
    : m_(m), g_(g), u_(std::move(u)), same_(std::move(same)), weights_(!same_.empty()), rows_(std::max(rows, 0)), n_(m.states.size()) {
  const int top = rows_ + reach(m);
  if (u_.size() < static_cast<std::size_t>(top)) throw std::logic_error("UtilityRound: the utility does not reach past the rows");
  v_.resize(static_cast<std::size_t>(top) * n_);
  if (weights_) vs_.resize(v_.size());
  for (int s = rows_; s < top; ++s) {
    std::fill_n(v_.begin() + static_cast<std::ptrdiff_t>(at(0, s)), n_, u_at(s));
    if (weights_) std::fill_n(vs_.begin() + static_cast<std::ptrdiff_t>(at(0, s)), n_, same_at(s));
  }
  d_.resize(static_cast<std::size_t>(rows_) * n_);
  for (int s = rows_ - 1; s >= 0; --s) sweep_row(s);
}

RoundWorth UtilityRound::draw(int id, int s) const {
  if (s >= rows_) return {id == m_.full_id ? u_at(s) : 0.0, 1.0};  // not asked of the table (forced pass)
  return d_[at(id, s)];
}

void UtilityRound::set_draw(int id, int s, RoundWorth d) {
  d_[at(id, s)] = d;
  RoundWorth v = d.value > u_at(s) ? d : pass(s);
  v_[at(id, s)] = v.value;
  if (weights_) vs_[at(id, s)] = v.same;
}

// The hot loop of the win table: every choice of every hand type, one read each (and the
// weight of the best, where the weights are asked for).
template <bool Weights>
void UtilityRound::solve_state(int id, int s) {
  const auto& st = m_.states[static_cast<std::size_t>(id)];
  const RoundWorth bust = pass(0);
  double d = st.bust * bust.value, z = st.bust * bust.same;
  const std::size_t row = at(0, s);
  const double* v = v_.data() + row;
  const std::int32_t* offset = g_.offset.data();
  const std::uint32_t* start = g_.type_start.data();
  const double* prob = g_.type_prob.data();
  for (auto t = st.type_begin; t < st.type_end; ++t) {
    std::int32_t best = 0;
    double best_value = -1;
    // Without a branch: which choice is best is as good as random to the branch predictor.
    for (auto o = start[t], end = start[t + 1]; o < end; ++o) {
      const std::int32_t k = offset[o];
      const double x = v[k];
      const bool better = x > best_value;
      best = better ? k : best;
      best_value = better ? x : best_value;
    }
    d += prob[t] * best_value;
    if constexpr (Weights) z += prob[t] * vs_[row + static_cast<std::size_t>(best)];
  }
  set_draw(id, s, {d, z});
}

RoundWorth UtilityRound::bank_sum(int s, bool zero_points) const {
  RoundWorth w;
  for (const auto& pr : m_.pairs) {
    if (pr.prob <= 0) continue;
    if (pr.identical) {
      if (!zero_points) {
        w.value += pr.prob * u_at(0);
        w.same += pr.prob * same_at(0);
      }
      continue;
    }
    if ((pr.points == 0) != zero_points) continue;
    RoundWorth best{-1, 0};
    for (int id : pr.layouts) {
      RoundWorth v = turn(id, s + pr.points);
      if (v.value > best.value) best = v;
    }
    w.value += pr.prob * best.value;
    w.same += pr.prob * best.same;
  }
  return w;
}

// As ThreeSolver::Impl::sweep_row: two wild limits lead back to the same S, so W(S) is iterated
// over the zero set to a fixed point before the other positions are solved.
void UtilityRound::sweep_row(int s) {
  RoundWorth rest = bank_sum(s, false);
  double w = rest.value;
  for (int it = 0; it < 200; ++it) {
    set_draw(m_.full_id, s, {w, 0.0});
    for (int id : m_.zero_order) solve(id, s);
    double next = rest.value + bank_sum(s, true).value;
    bool done = std::abs(next - w) <= 1e-15;
    w = next;
    if (done) break;
  }
  set_draw(m_.full_id, s, {w, 0.0});
  for (int id : m_.zero_order) solve(id, s);
  if (weights_) {
    set_draw(m_.full_id, s, {w, rest.same + bank_sum(s, true).same});
    // The weight of the zero set follows W's, iterated the same way.
    for (int it = 0; it < 200; ++it) {
      double before = d_[at(m_.full_id, s)].same;
      for (int id : m_.zero_order) solve_state<true>(id, s);
      set_draw(m_.full_id, s, {w, rest.same + bank_sum(s, true).same});
      if (std::abs(d_[at(m_.full_id, s)].same - before) <= 1e-15) break;
    }
  }
  for (int id : g_.rest) solve(id, s);
}

int UtilityRound::pair_index(int a, int b) const {
  if (a > b) std::swap(a, b);
  const int k = static_cast<int>(m_.kinds.size());
  return a * k - a * (a - 1) / 2 + (b - a);
}

RoundWorth UtilityRound::limits(int a, int b, int s) const {
  const auto& pr = m_.pairs[static_cast<std::size_t>(pair_index(a, b))];
  if (pr.identical) return pass(0);
  RoundWorth best{-1, 0};
  for (int id : pr.layouts) {
    RoundWorth v = turn(id, s + pr.points);
    if (v.value > best.value) best = v;
  }
  return best;
}

RoundWorth UtilityRound::replace(int kept, int s) const {
  RoundWorth r;
  for (std::size_t c = 0; c < m_.kinds.size(); ++c) {
    double w = m_.kinds[c].weight;
    if (w <= 0) continue;
    RoundWorth v = limits(kept, static_cast<int>(c), s);
    r.value += w * v.value;
    r.same += w * v.same;
  }
  return r;
}

RoundWorth UtilityRound::deal(int a, int b) const {
  RoundWorth best = limits(a, b, 0);
  if (!m_.rules.replacement) return best;
  for (int out : {a, b}) {
    RoundWorth v = replace(out == a ? b : a, 0);
    if (v.value > best.value) best = v;
    if (a == b) break;
  }
  return best;
}

RoundWorth UtilityRound::start() const {
  RoundWorth r;
  for (const auto& pr : m_.pairs) {
    if (pr.prob <= 0) continue;
    RoundWorth v = deal(pr.a, pr.b);
    r.value += pr.prob * v.value;
    r.same += pr.prob * v.same;
  }
  return r;
}

int UtilityRound::bank_threshold() const {
  for (int s = rows_ - 1; s >= 0; --s)
    if (d_[at(m_.full_id, s)].value > u_at(s)) return s + 1;
  return 0;
}

}  // namespace inbetween::strategy
