// The solver core: the sweep over every position and S, lookups at any S, the values of
// deals and actions, and evaluate(). The model is in three_model.cpp, the disk cache and
// shared() in three_solver_cache.cpp, simulations in three_simulation.cpp.
#include "families/three/solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "families/three/solver_impl.h"
#include "games/overloaded.h"

namespace inbetween::strategy {
namespace {

using cards::CardCode;
using model::letter_bit;
using model::letters_between;

}  // namespace

// ---- the sweep --------------------------------------------------------------------------------

void ThreeSolver::Impl::solve_state(int id, int s) {
  const auto& st = states[static_cast<std::size_t>(id)];
  double d = 0, b = st.bust;
  for (auto t = st.type_begin; t < st.type_end; ++t) {
    const model::HandType& ht = types[t];
    double best = -1, best_b = 0;
    for (auto o = ht.begin; o < ht.end; ++o) {
      double v = v_at(opts[o].succ, s + opts[o].points);
      if (v > best) {
        best = v;
        best_b = b_at(opts[o].succ, s + opts[o].points);
      }
    }
    d += ht.prob * best;
    b += ht.prob * best_b;
  }
  draw_out[at(id, s)] = d;
  bust_out[at(id, s)] = b;
}

std::pair<double, double> ThreeSolver::Impl::bank_sum(int s, bool zero_points) const {
  double w = 0, b = 0;
  for (const auto& pr : pairs) {
    if (pr.prob <= 0) continue;
    if (pr.identical) {
      if (!zero_points) b += pr.prob;
      continue;
    }
    if ((pr.points == 0) != zero_points) continue;
    double best = -1, best_b = 0;
    for (int id : pr.layouts) {
      double v = v_at(id, s + pr.points);
      if (v > best) {
        best = v;
        best_b = b_at(id, s + pr.points);
      }
    }
    w += pr.prob * best;
    b += pr.prob * best_b;
  }
  return {w, b};
}

// One S of the sweep, a function of its own for the WebAssembly engine: V8 runs a function's
// first calls in its baseline code (Liftoff) and its optimised code only from a later call (it
// cannot switch inside a running call), so a sweep run as one call stayed in the baseline code
// (docs/performance.md, "The engine as WebAssembly"). Natively the compiler may inline it as before.
INBETWEEN_SWEEP_ROW_NOINLINE void ThreeSolver::Impl::sweep_row(int s) {
  std::size_t full_at = at(full_id, s);
  if (s > cap) {
    draw_out[full_at] = -1;  // a ThreeBeTween above the cap is passed
    bust_out[full_at] = 0;
    for (int id : zero_order) solve_state(id, s);
  } else {
    auto [w_rest, b_rest] = bank_sum(s, false);
    double w = w_rest;  // a start: the zero-point pairs are iterated below
    for (int it = 0; it < 200; ++it) {
      draw_out[full_at] = w;
      for (int id : zero_order) solve_state(id, s);
      auto [w0, b0] = bank_sum(s, true);
      double next = w_rest + w0;
      bust_out[full_at] = b_rest + b0;
      bool done = std::abs(next - w) <= options.tolerance * std::max(1.0, std::abs(next));
      w = next;
      if (done) break;
    }
    draw_out[full_at] = w;
    for (int id : zero_order) solve_state(id, s);
    auto [w0, b0] = bank_sum(s, true);
    bust_out[full_at] = b_rest + b0;
  }
  for (int id : order)
    if (!in_zero[static_cast<std::size_t>(id)]) solve_state(id, s);
}

void ThreeSolver::Impl::sweep() {
  rows = top + 1;
  draw = model::Table<double>(std::vector<double>(static_cast<std::size_t>(rows) * states.size(), 0.0));
  bust = model::Table<double>(std::vector<double>(draw.size(), 0.0));
  draw_out = draw.writable();
  bust_out = bust.writable();
  for (int s = top; s >= 0; --s) sweep_row(s);
  draw_out = bust_out = nullptr;
  // The smallest S from which banking does not beat passing, up to the cap.
  threshold = 0;
  for (int s = cap; s >= 0; --s)
    if (bank_w(s) > s) {
      threshold = s + 1;
      break;
    }
}

void ThreeSolver::Impl::solve() {
  auto start = std::chrono::steady_clock::now();
  std::size_t limit = memory_limit();
  graph_limit = limit;
  discover();
  int c = options.bank_cap > 0 ? options.bank_cap : 256;
  for (;;) {
    cap = c;
    top = cap + (2 + spaces) * max_points;
    // The two value tables, checked before they are allocated.
    std::size_t values = 2 * sizeof(double) * static_cast<std::size_t>(top + 1) * states.size();
    if (graph_bytes() + values > limit)
      throw SolverLimit(fmt::format("the ThreeBeTween solver would need {:.1f} MB for these rules ({} positions x {} points at risk, "
                                    "{} spaces, cards worth up to {} points); its limit is {:.1f} MB",
                                    megabytes(graph_bytes() + values), states.size(), top + 1, spaces, max_points, megabytes(limit)));
    sweep();
    // Banking does not pay at the cap: the truncation is exact (docs/solver.md).
    if (options.bank_cap > 0 || bank_w(cap) <= cap) break;
    c *= 2;
  }
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

namespace {
std::atomic<std::size_t> solver_memory_limit{std::size_t{1024} << 20};
}  // namespace

std::size_t ThreeSolver::memory_limit() { return solver_memory_limit.load(); }
void ThreeSolver::set_memory_limit(std::size_t bytes) { solver_memory_limit.store(bytes); }

// ---- lookups at any S -------------------------------------------------------------------------

// S within the top less what the remaining spaces can add.
bool ThreeSolver::Impl::exact(int id, int s) const {
  const auto& st = states[static_cast<std::size_t>(id)];
  if (st.empty == 0) return s <= cap;
  return s <= top - st.empty * max_points;
}

// Above the cap nothing is banked; a position's value then needs only its own limits.
std::pair<double, double> ThreeSolver::Impl::draw_beyond(int id, int s, Memo& memo) const {
  auto key = std::pair{id, s};
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const auto& st = states[static_cast<std::size_t>(id)];
  double d = 0, b = st.bust;
  for (auto t = st.type_begin; t < st.type_end; ++t) {
    const model::HandType& ht = types[t];
    double best = -1, best_b = 0;
    for (auto o = ht.begin; o < ht.end; ++o) {
      auto [v, vb] = value_beyond(opts[o].succ, s + opts[o].points, memo);
      if (v > best) {
        best = v;
        best_b = vb;
      }
    }
    d += ht.prob * best;
    b += ht.prob * best_b;
  }
  memo[key] = {d, b};
  return {d, b};
}

std::pair<double, double> ThreeSolver::Impl::value_beyond(int id, int s, Memo& memo) const {
  if (exact(id, s)) return {v_at(id, s), b_at(id, s)};
  if (id == full_id) return {s, 0.0};
  auto [d, b] = draw_beyond(id, s, memo);
  return d > s ? std::pair{d, b} : std::pair{static_cast<double>(s), 0.0};
}

std::pair<double, double> ThreeSolver::Impl::draw_any(int id, int s) const {
  if (id == full_id) return bank_any(s);
  if (exact(id, s)) return {draw[at(id, s)], bust[at(id, s)]};
  Memo memo;
  return draw_beyond(id, s, memo);
}

std::pair<double, double> ThreeSolver::Impl::value_any(int id, int s) const {
  auto [d, b] = draw_any(id, s);
  return d > s ? std::pair{d, b} : std::pair{static_cast<double>(s), 0.0};
}

std::pair<double, double> ThreeSolver::Impl::bank_any(int s) const {
  if (s <= cap) return {draw[at(full_id, s)], bust[at(full_id, s)]};
  Memo memo;
  double w = 0, b = 0;
  for (const auto& pr : pairs) {
    if (pr.prob <= 0) continue;
    if (pr.identical) {
      b += pr.prob;
      continue;
    }
    double best = -1, best_b = 0;
    for (int id : pr.layouts) {
      auto [v, vb] = value_beyond(id, s + pr.points, memo);
      if (v > best) {
        best = v;
        best_b = vb;
      }
    }
    w += pr.prob * best;
    b += pr.prob * best_b;
  }
  return {w, b};
}

std::optional<ThreeSolver::Impl::Choice> ThreeSolver::Impl::best_choice(TurnPosition pos, const std::vector<CardCode>& drawn,
                                                                        int s, bool allow_none) const {
  std::vector<model::CardClass> cls;
  cls.reserve(drawn.size());
  for (CardCode c : drawn) {
    const auto& k = kinds[c];
    cls.push_back({k.wild ? 0u : (k.letters & pos.open), k.points, k.wild, k.weight});
  }
  // Every placement of at most `empty` of the cards.
  std::vector<Choice> all;
  auto emit = [&](std::uint32_t used, int placed, int points) {
    if (placed > pos.empty) return;
    Choice c;
    c.used = used;
    c.placed = placed;
    c.points = points;
    all.push_back(c);
  };
  std::vector<const model::CardClass*> every;
  for (auto& c : cls) every.push_back(&c);
  placements(every, 0, pos.open, 0, 0, 0, emit);
  if (allow_none) all.push_back(Choice{});
  std::optional<Choice> best;
  for (auto& c : all) {
    c.succ = c.placed == 0 ? -1 : find(pos.open & ~c.used, pos.empty - c.placed);
    std::tie(c.value, c.bust) = c.placed == 0 ? value_any(find(pos.open, pos.empty), s) : value_any(c.succ, s + c.points);
    if (!best || c.value > best->value ||
        (c.value == best->value && (c.succ < best->succ || (c.succ == best->succ && c.points > best->points))))
      best = c;
  }
  return best;
}

// ---- construction -----------------------------------------------------------------------------

ThreeSolver::ThreeSolver(const rules::ThreeRules& rules, Composition composition)
    : ThreeSolver(rules, std::move(composition), Options{}) {}

ThreeSolver::ThreeSolver(const rules::ThreeRules& rules, Composition composition, Options options)
    : impl_(std::make_unique<Impl>()) {
  impl_->rules = rules;
  impl_->table_key = cache_key(rules, composition);
  impl_->weights = std::move(composition);
  impl_->options = options;
  impl_->init_kinds();
  impl_->solve();
}

ThreeSolver::ThreeSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ThreeSolver::~ThreeSolver() = default;

const rules::ThreeRules& ThreeSolver::rules() const { return impl_->rules; }
const Composition& ThreeSolver::composition() const { return impl_->weights; }
int ThreeSolver::bank_cap() const { return impl_->cap; }
int ThreeSolver::top() const { return impl_->top; }
int ThreeSolver::bank_threshold() const { return impl_->threshold; }
int ThreeSolver::positions() const { return impl_->n(); }
double ThreeSolver::solve_seconds() const { return impl_->seconds; }
std::size_t ThreeSolver::memory_bytes() const {
  const Impl& m = *impl_;
  return m.draw.bytes() + m.bust.bytes() + m.states.bytes() + m.types.bytes() + m.opts.bytes() + m.ids.size() * 32;
}

// ---- values -----------------------------------------------------------------------------------

double ThreeSolver::turn_value(TurnPosition pos, int at_risk) const {
  return impl_->value_any(impl_->find(pos.open, pos.empty), at_risk).first;
}

double ThreeSolver::draw_value(TurnPosition pos, int at_risk) const {
  return impl_->draw_any(impl_->find(pos.open, pos.empty), at_risk).first;
}

double ThreeSolver::bank_value(int at_risk) const { return impl_->bank_any(at_risk).first; }

double ThreeSolver::turn_bust(TurnPosition pos, int at_risk) const {
  return impl_->value_any(impl_->find(pos.open, pos.empty), at_risk).second;
}

ThreeSolver::Placement ThreeSolver::best_layout(CardCode a, CardCode b, int at_risk) const {
  const Impl& m = *impl_;
  Placement best;
  best.value = -1;
  int points = m.kinds[a].points + m.kinds[b].points;
  int best_id = -1;
  for (auto [lo, hi] : m.layouts(a, b)) {
    TurnPosition pos{letters_between(lo, hi), m.spaces};
    int id = m.find(pos.open, pos.empty);
    double v = m.value_any(id, at_risk + points).first;
    if (v > best.value || (v == best.value && id < best_id)) {
      best = {pos, points, v};
      best_id = id;
    }
  }
  return best;
}

double ThreeSolver::limits_value(CardCode a, CardCode b, int at_risk) const {
  if (impl_->identical(a, b)) return 0;
  return best_layout(a, b, at_risk).value;
}

namespace {
double limits_bust(const ThreeSolver::Impl& m, const ThreeSolver& solver, CardCode a, CardCode b, int at_risk) {
  if (m.identical(a, b)) return 1;
  auto lay = solver.best_layout(a, b, at_risk);
  return m.value_any(m.find(lay.next.open, lay.next.empty), at_risk + lay.points).second;
}
}  // namespace

double ThreeSolver::replace_value(CardCode kept, int at_risk) const {
  double v = 0;
  for (std::size_t c = 0; c < impl_->kinds.size(); ++c)
    if (impl_->kinds[c].weight > 0) v += impl_->kinds[c].weight * limits_value(kept, static_cast<CardCode>(c), at_risk);
  return v;
}

DealValue ThreeSolver::deal_value(CardCode a, CardCode b) const {
  const Impl& m = *impl_;
  if (a > b) std::swap(a, b);
  DealValue d;
  d.a = a;
  d.b = b;
  d.probability = a == b ? m.kinds[a].weight * m.kinds[a].weight : 2 * m.kinds[a].weight * m.kinds[b].weight;
  d.keep = limits_value(a, b, 0);
  d.value = d.keep;
  d.bust = limits_bust(m, *this, a, b, 0);
  if (m.rules.replacement) {
    for (CardCode out : {a, b}) {
      CardCode kept = out == a ? b : a;
      double v = replace_value(kept, 0);
      if (v > d.value) {
        d.value = v;
        d.replace = out;
        double bust = 0;
        for (std::size_t c = 0; c < m.kinds.size(); ++c)
          if (m.kinds[c].weight > 0) bust += m.kinds[c].weight * limits_bust(m, *this, kept, static_cast<CardCode>(c), 0);
        d.bust = bust;
      }
      if (a == b) break;
    }
  }
  return d;
}

std::vector<DealValue> ThreeSolver::deal_table() const {
  std::vector<DealValue> out;
  const auto k = impl_->kinds.size();
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = a; b < k; ++b) out.push_back(deal_value(static_cast<CardCode>(a), static_cast<CardCode>(b)));
  std::stable_sort(out.begin(), out.end(), [](const DealValue& x, const DealValue& y) { return x.value < y.value; });
  return out;
}

double ThreeSolver::round_value() const {
  double v = 0;
  for (const auto& d : deal_table()) v += d.probability * d.value;
  return v;
}

double ThreeSolver::round_bust() const {
  double b = 0;
  for (const auto& d : deal_table()) b += d.probability * d.bust;
  return b;
}

std::optional<ThreeSolver::Placement> ThreeSolver::best_placement(TurnPosition pos, const std::vector<CardCode>& drawn,
                                                                  int at_risk, bool allow_none) const {
  auto c = impl_->best_choice(pos, drawn, at_risk, allow_none);
  if (!c || (c->placed == 0 && !allow_none)) return std::nullopt;
  return Placement{{pos.open & ~c->used, pos.empty - c->placed}, c->points, c->value};
}

// ---- evaluate ---------------------------------------------------------------------------------

std::vector<RatedAction> ThreeSolver::evaluate(const three::ThreeGame& game, games::Seat player) const {
  const Impl& m = *impl_;
  auto legal = game.legal(player);
  std::vector<RatedAction> out;
  if (legal.empty()) return out;
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  const int banked = std::accumulate(me.banks.begin(), me.banks.end(), 0);
  const int at_risk = banked + game.points_in_front(player);
  for (const auto& action : legal) {
    double v = std::visit(
        games::Overloaded{
            [&](const three::Keep&) { return limits_value(me.limit_hand[0], me.limit_hand[1], banked); },
            [&](const three::Replace& r) {
              CardCode kept = me.limit_hand[0] == r.card ? me.limit_hand[1] : me.limit_hand[0];
              return replace_value(kept, banked);
            },
            [&](const three::PlaceLimits& lay) {
              TurnPosition pos{letters_between(lay.low.position, lay.high.position), m.spaces};
              int points = m.kinds[lay.low.card].points + m.kinds[lay.high.card].points;
              return turn_value(pos, banked + points);
            },
            [&](const three::Draw&) { return draw_value(position_of(game, player), at_risk); },
            [&](const three::Bank&) { return bank_value(at_risk); },
            [&](const three::Pass&) { return static_cast<double>(at_risk); },
            [&](const three::Place& pc) {
              TurnPosition pos = position_of(game, player);
              TurnPosition next{pc.position >= 1 && pc.position <= 26 ? pos.open & ~letter_bit(pc.position) : pos.open, pos.empty - 1};
              std::vector<CardCode> rest = me.drawn;
              rest.erase(std::find(rest.begin(), rest.end(), pc.card));
              auto best = m.best_choice(next, rest, at_risk + m.kinds[pc.card].points, true);
              return best->value;
            },
            [&](const three::EndTurn&) {
              return me.placed_this_turn > 0 ? turn_value(position_of(game, player), at_risk) : 0.0;
            },
        },
        action);
    out.push_back({action, v});
  }
  std::stable_sort(out.begin(), out.end(), [](const RatedAction& x, const RatedAction& y) { return x.value > y.value; });
  return out;
}

}  // namespace inbetween::strategy
