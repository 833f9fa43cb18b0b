#pragma once
// Exact optimal play of one player's ThreeBeTween round (docs/solver.md).
//
// The model: one player's round on its own (other players never change it); every card dealt
// is drawn independently from a composition (a chance per card kind: by default the fresh
// deck's copies / deck size). A turn position is the set of letters still open between the
// limits and the number of empty spaces; S is the points at risk (banked + cards in front).
//   V(pos, S) = max(pass = S, D(pos, S))
//   D(pos, S) = E over the cards drawn (one per empty space) of the best non-empty placement's
//               V(next, S + points placed); no card fits: a bust, 0
//   a ThreeBeTween: V = max(pass = S, bank = W(S)),
//   W(S)      = E over two new limit cards (identical: 0) of the best layout's V(layout, S + points)
// solved for every position and every S in [0, S_end] (see docs/solver.md for the bank cap).
//
// Files (in families/three/): position.h (compositions, positions), model.* (kinds, canonical
// positions, the state graph), solver.cpp (the sweep, values, evaluate), solver_cache.cpp (the
// disk cache and shared()), solver_impl.h (what those two share), simulation.* (simulated
// rounds), bots.* (the `optimal` bot).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cards/letter_card.h"
#include "families/three/game.h"
#include "families/three/rules.h"
#include "games/too_big.h"
#include "families/three/bots.h"
#include "families/three/position.h"
#include "families/three/simulation.h"

namespace inbetween::strategy {

// One legal action and the expected round score of taking it and then playing optimally.
struct RatedAction {
  three::Action action;
  double value = 0;
};

// How to start from a dealt pair of limit cards.
struct DealValue {
  cards::CardCode a = 0, b = 0;      // a <= b
  double probability = 0;             // of being dealt this pair (either order)
  double value = 0;                   // expected round score of optimal play
  double keep = 0;                    // ... when keeping both (0 when identical)
  std::optional<cards::CardCode> replace;  // the card to replace, if replacing is best
  double bust = 0;                    // chance the round ends in a bust under optimal play
};

// A table the solver refuses to make: it would need more memory than memory_limit(); the
// message names how much. Thrown before the value tables are allocated; the layers above catch it
// as the family-neutral games::TooBig.
struct SolverLimit : games::TooBig {
  using games::TooBig::TooBig;
};
// Bytes in MB (2^20), for SolverLimit's messages.
inline double megabytes(std::size_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

// The solved table of one rules and composition: values, bust chances and the policy.
class ThreeSolver {
 public:
  // The bytes one table may hold (state graph and value tables): 1024 MB unless set, once at
  // start (`serve --solver-mb`); a table refused under one limit stays refused in this process.
  static std::size_t memory_limit();
  static void set_memory_limit(std::size_t bytes);
  // The bytes all the process's shared() tables may hold together: 1024 MB unless set
  // (`serve --solver-cache-mb`). Past it the least recently used tables nobody holds are let go
  // (a table in use never is); cached_bytes() is what they hold now, and trim_cache() lets go
  // at once what is over the budget and not in use.
  static std::size_t cache_budget();
  static void set_cache_budget(std::size_t bytes);
  static std::size_t cached_bytes();
  static void trim_cache();
  // Lets go of every table nobody holds and nobody was handed since the last call, whatever the
  // budget: called at a steady pace (a server's sweep), the process's memory returns to its idle
  // level once play stops. The bytes let go.
  static std::size_t let_go_of_unused();

  // How the table is cut off and iterated.
  struct Options {
    // Above this S a ThreeBeTween is passed, not banked. 0: automatic (start at 256, doubled
    // until banking is verified not to pay at the cap, which makes the truncation exact).
    int bank_cap = 0;
    // The fixed point of W(S) through two wild limits and wild spaces is iterated to this.
    double tolerance = 1e-13;
  };

  ThreeSolver(const rules::ThreeRules& rules, Composition composition);
  ThreeSolver(const rules::ThreeRules& rules, Composition composition, Options options);
  ~ThreeSolver();
  ThreeSolver(const ThreeSolver&) = delete;
  ThreeSolver& operator=(const ThreeSolver&) = delete;

  // A solver for the fresh composition of `rules`, shared by everyone in this process and
  // kept in the disk cache (see cache_dir) so later processes load it instead of solving.
  // Only the first caller of a table loads or solves it; others asking for the same table
  // wait for it, and a table already made is returned at once, whatever else is being solved.
  static std::shared_ptr<const ThreeSolver> shared(const rules::ThreeRules& rules);
  // The process-wide table under `key`, made by `make` if nobody has it yet (what shared(rules)
  // calls with the cache key and a load-or-solve).
  static std::shared_ptr<const ThreeSolver> shared(const std::string& key,
                                                   const std::function<std::shared_ptr<const ThreeSolver>()>& make);
  // $XDG_CACHE_HOME/inbetween (else ~/.cache/inbetween), or $INBETWEEN_CACHE_DIR; empty when
  // there is no such place. INBETWEEN_CACHE_DIR=off disables the cache.
  static std::string cache_dir();
  // Saves / loads the solved table (keyed by a hash of the rules and composition).
  bool save(const std::string& path) const;
  static std::unique_ptr<ThreeSolver> load(const std::string& path, const rules::ThreeRules& rules,
                                           const Composition& composition);
  // A hash of everything the table depends on (the composition as given), for cache file names.
  static std::string cache_key(const rules::ThreeRules& rules, const Composition& composition);
  // The cache file of a key in cache_dir(); empty when there is no cache.
  static std::string cache_path(const std::string& key);
  // cache_key() of the rules and composition this table was made for.
  const std::string& key() const;

  // ---- values (expected round score from here, playing optimally) ----
  // At the start of a turn: the better of passing and drawing (banking on a ThreeBeTween).
  double turn_value(TurnPosition pos, int at_risk) const;
  // Drawing now (banking, on a ThreeBeTween), then playing optimally.
  double draw_value(TurnPosition pos, int at_risk) const;
  // Banking a ThreeBeTween with `at_risk` points: W(S).
  double bank_value(int at_risk) const;
  // The chance the round ends in a bust, playing optimally from the start of this turn.
  double turn_bust(TurnPosition pos, int at_risk) const;
  // Two limit cards dealt (after any replacement): laid the best way; 0 when identical.
  double limits_value(cards::CardCode a, cards::CardCode b, int at_risk) const;
  // Keeping `kept` and being dealt a replacement.
  double replace_value(cards::CardCode kept, int at_risk) const;
  // A dealt pair at the round's set-up: the best of keep / replace either (as the rules allow).
  DealValue deal_value(cards::CardCode a, cards::CardCode b) const;
  // Every unordered pair of card kinds, worst to best.
  std::vector<DealValue> deal_table() const;
  // From a random deal: the expected round score and the bust rate.
  double round_value() const;
  double round_bust() const;

  // Every legal action of `player` (exactly game.legal(player)) with its value, best first.
  std::vector<RatedAction> evaluate(const three::ThreeGame& game, games::Seat player) const;

  // ---- the policy, on positions (for simulations outside a ThreeGame) ----
  // The best non-empty placement of `drawn` cards into `pos` (with `placed` already placed this
  // turn, so the empty placement is allowed when placed > 0): the next position and points, or
  // nullopt for none (a bust when nothing was placed).
  struct Placement {
    TurnPosition next;
    int points = 0;
    double value = 0;
  };
  std::optional<Placement> best_placement(TurnPosition pos, const std::vector<cards::CardCode>& drawn, int at_risk,
                                          bool allow_none) const;
  // The best layout of two (non-identical) limit cards: the position, points and value.
  Placement best_layout(cards::CardCode a, cards::CardCode b, int at_risk) const;

  // ---- facts about the solve ----
  const rules::ThreeRules& rules() const;
  const Composition& composition() const;
  int bank_cap() const;          // the S above which a ThreeBeTween is passed
  int top() const;               // S_end: the largest S in the table
  int bank_threshold() const;    // the smallest S from which passing beats banking
  int positions() const;         // canonical positions solved
  std::size_t memory_bytes() const;
  double solve_seconds() const;  // 0 when loaded from a file

  struct Impl;

 private:
  explicit ThreeSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace inbetween::strategy
