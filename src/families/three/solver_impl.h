#pragma once
// The ThreeBeTween solver's insides, shared by its core (solver.cpp) and its disk cache
// (solver_cache.cpp). Internal; the public face is solver.h.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "families/three/model.h"
#include "families/three/solver.h"

// The sweep's rows are calls of their own in the WebAssembly engine (solver.cpp, sweep_row).
#ifdef __EMSCRIPTEN__
#define INBETWEEN_SWEEP_ROW_NOINLINE __attribute__((noinline))
#else
#define INBETWEEN_SWEEP_ROW_NOINLINE
#endif

namespace inbetween::strategy {

// The model (state graph) and the value tables the sweep fills, with lookups at any S.
struct ThreeSolver::Impl : model::Model {
  Options options;
  // cache_key() of the rules and the composition as given, before init_kinds() scales it: the
  // key save() writes is the key load() and shared() look for.
  std::string table_key;

  int cap = 0, top = 0, rows = 0;
  model::Table<double> draw;  // [S * n + id]: D (W for the full state)
  model::Table<double> bust;  // [S * n + id]: the bust chance when drawing (banking)
  double* draw_out = nullptr;  // the two tables' storage while the sweep fills them
  double* bust_out = nullptr;
  int threshold = 0;
  double seconds = 0;

  // ---- the sweep (three_solver.cpp) ----
  void solve();
  void sweep();
  void sweep_row(int s);
  void solve_state(int id, int s);
  // W(S) and its bust chance over the limit pairs with (or without) points.
  std::pair<double, double> bank_sum(int s, bool zero_points) const;

  std::size_t at(int id, int s) const { return static_cast<std::size_t>(s) * states.size() + static_cast<std::size_t>(id); }
  double v_at(int id, int s) const {
    if (s > top) return s;
    double d = draw[at(id, s)];
    return d > s ? d : s;
  }
  double b_at(int id, int s) const {
    if (s > top) return 0;
    return draw[at(id, s)] > s ? bust[at(id, s)] : 0;
  }
  double bank_w(int s) const { return draw[at(full_id, s)]; }

  // ---- lookups at any S ----
  using Memo = std::map<std::pair<int, int>, std::pair<double, double>>;
  // Whether the table holds the exact value of (id, S).
  bool exact(int id, int s) const;
  std::pair<double, double> draw_beyond(int id, int s, Memo& memo) const;
  std::pair<double, double> value_beyond(int id, int s, Memo& memo) const;
  // D (W for the full state) and its bust chance at any S.
  std::pair<double, double> draw_any(int id, int s) const;
  // V and its bust chance at any S.
  std::pair<double, double> value_any(int id, int s) const;
  std::pair<double, double> bank_any(int s) const;

  // A placement of actual cards (not classes) and what it leads to.
  struct Choice {
    std::uint32_t used = 0;
    int placed = 0, points = 0, succ = -1;
    double value = 0, bust = 0;
  };
  // The best placement of actual cards into an actual position (ties: the lowest successor id,
  // then the most points: the order the table uses). With `allow_none`, placing nothing counts.
  std::optional<Choice> best_choice(TurnPosition pos, const std::vector<cards::CardCode>& drawn, int s, bool allow_none) const;
};

}  // namespace inbetween::strategy
