// The round solver's sweep (solver.cpp) with a utility of the round's score: see win_round.h.
#include "families/three/win_round.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace inbetween::strategy {

UtilityRound::UtilityRound(const model::Model& m, std::vector<double> u, int rows, const std::vector<char>* skip)
    : m_(m), skip_(skip), u_(std::move(u)), rows_(std::max(rows, 0)), n_(m.states.size()) {
  if (u_.size() < static_cast<std::size_t>(rows_ + reach(m)))
    throw std::logic_error("UtilityRound: the utility does not reach past the rows");
  d_.assign(static_cast<std::size_t>(rows_) * n_, 0.0);
  z_.assign(d_.size(), 0.0);
  for (int s = rows_ - 1; s >= 0; --s) sweep_row(s);
}

RoundWorth UtilityRound::turn(int id, int s) const {
  if (s >= rows_) return pass(s);
  double d = d_[at(id, s)];
  return d > u_at(s) ? RoundWorth{d, z_[at(id, s)]} : pass(s);
}

RoundWorth UtilityRound::draw(int id, int s) const {
  if (s >= rows_) return {id == m_.full_id ? u_at(s) : 0.0, 1.0};  // not asked of the table (forced pass)
  return {d_[at(id, s)], z_[at(id, s)]};
}

void UtilityRound::solve_state(int id, int s) {
  const auto& st = m_.states[static_cast<std::size_t>(id)];
  double d = st.bust * u_at(0), z = st.bust;
  for (auto t = st.type_begin; t < st.type_end; ++t) {
    const model::HandType& ht = m_.types[t];
    RoundWorth best{-1, 0};
    for (auto o = ht.begin; o < ht.end; ++o) {
      RoundWorth v = turn(m_.opts[o].succ, s + m_.opts[o].points);
      if (v.value > best.value) best = v;
    }
    d += ht.prob * best.value;
    z += ht.prob * best.zero;
  }
  d_[at(id, s)] = d;
  z_[at(id, s)] = z;
}

RoundWorth UtilityRound::bank_sum(int s, bool zero_points) const {
  RoundWorth w;
  for (const auto& pr : m_.pairs) {
    if (pr.prob <= 0) continue;
    if (pr.identical) {
      if (!zero_points) {
        w.value += pr.prob * u_at(0);
        w.zero += pr.prob;
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
    w.zero += pr.prob * best.zero;
  }
  return w;
}

// As ThreeSolver::Impl::sweep_row: two wild limits lead back to the same S, so W(S) is iterated
// over the zero set to a fixed point before the other positions are solved.
void UtilityRound::sweep_row(int s) {
  std::size_t full_at = at(m_.full_id, s);
  RoundWorth rest = bank_sum(s, false);
  double w = rest.value;
  for (int it = 0; it < 200; ++it) {
    d_[full_at] = w;
    for (int id : m_.zero_order) solve_state(id, s);
    RoundWorth w0 = bank_sum(s, true);
    double next = rest.value + w0.value;
    bool done = std::abs(next - w) <= 1e-15;
    w = next;
    if (done) break;
  }
  d_[full_at] = w;
  for (int id : m_.zero_order) solve_state(id, s);
  z_[full_at] = rest.zero + bank_sum(s, true).zero;
  // The zero chance of the zero set follows W's, iterated the same way.
  for (int it = 0; it < 200; ++it) {
    double before = z_[full_at];
    for (int id : m_.zero_order) solve_state(id, s);
    z_[full_at] = rest.zero + bank_sum(s, true).zero;
    if (std::abs(z_[full_at] - before) <= 1e-15) break;
  }
  for (int id : m_.order)
    if (!m_.in_zero[static_cast<std::size_t>(id)] && !(skip_ && (*skip_)[static_cast<std::size_t>(id)])) solve_state(id, s);
}

int UtilityRound::pair_index(int a, int b) const {
  if (a > b) std::swap(a, b);
  const int k = static_cast<int>(m_.kinds.size());
  return a * k - a * (a - 1) / 2 + (b - a);
}

RoundWorth UtilityRound::limits(int a, int b, int s) const {
  const auto& pr = m_.pairs[static_cast<std::size_t>(pair_index(a, b))];
  if (pr.identical) return {u_at(0), 1.0};
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
    r.zero += w * v.zero;
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
    r.zero += pr.prob * v.zero;
  }
  return r;
}

int UtilityRound::bank_threshold() const {
  for (int s = rows_ - 1; s >= 0; --s)
    if (d_[at(m_.full_id, s)] > u_at(s)) return s + 1;
  return 0;
}

}  // namespace inbetween::strategy
