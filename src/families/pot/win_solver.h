#pragma once
// The chance to win a heads-up pot game, under best play by both (docs/solver.md, "Playing to
// win"): value iteration over the game's own state.
//
// The state before a turn: the clock (which turn of the game, or of the dealers' cycle where the
// deals are unlimited; it names the dealer and the player to act), the cards left in the first
// deck (only where the rules cap bets while it lasts), the pot and the first dealer's chips (the
// other seat's follow: chips are conserved). The model deals every post and third card from a
// fresh shoe's composition (the cards a turn has already shown taken out); everything else is the
// game's own rules: antes, pairs paid or dealt again, consecutive posts, ace calls, the bet limits
// (betting.h), the end of the game. A tie counts half to each seat, so the two chances sum to 1;
// where the deals are unlimited a game that never ends (both passing for ever) counts as a tie.
// Where the rules allow rebuys (banker) the table is the game in which nobody buys chips: buying
// changes no seat's result (chips less what it bought), only how much it may bet; live() reads a
// game only while nobody has.
//
//   T(k, m, pot, c0)  the first dealer's chance at the start of turn k (before the first post)
//   the player to act maximises their own chance, the other's is 1 - it.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "families/pot/game.h"
#include "families/card_table/unseen.h"

namespace inbetween::strategy {

namespace pot = games::pot;

// A state the tables hold: seats are relative, 0 = the game's first dealer.
struct PotWinState {
  int clock = 0;        // turn of the game (deals x 2 + 0 for the dealer's left, 1 for the dealer)
  int first_deck = 0;   // cards left in the first deck; 0 once it is gone (or when nothing depends on it)
  rules::Chips pot = 0;
  rules::Chips chips0 = 0;  // the first dealer's chips
};

// One choice at a decision and its chance to win for the player making it.
struct PotWinChoice {
  pot::Action action;
  double chance = 0;
};

class PotWinSolver {
 public:
  // Why these rules have no exact heads-up table (stacks too deep for the work, a table over
  // memory_limit()), or nullopt.
  static std::optional<std::string> unsupported(const rules::PotRules& rules);
  // The bytes the table of these rules holds, and the most one may (1024 MB unless set: `serve
  // --solver-mb` sets it through PotFamily::limit_memory).
  static std::size_t table_bytes(const rules::PotRules& rules);
  static std::size_t memory_limit();
  static void set_memory_limit(std::size_t bytes);
  // Solves the table (throws rules::RuleError for unsupported rules).
  explicit PotWinSolver(const rules::PotRules& rules);
  ~PotWinSolver();
  PotWinSolver(const PotWinSolver&) = delete;
  PotWinSolver& operator=(const PotWinSolver&) = delete;
  // The process-wide table of these rules, loaded from the disk cache or solved and saved there.
  static std::shared_ptr<const PotWinSolver> shared(const rules::PotRules& rules);
  // The table without a long wait: shared() where the table solves in well under a second (the
  // deals end, no first-deck cap, stacks up to 30), else only one already in the process or the
  // disk cache (`inbetween solve RULES --win` makes it); nullptr otherwise. Hints ask this.
  static std::shared_ptr<const PotWinSolver> ready(const rules::PotRules& rules);
  static bool quick_to_solve(const rules::PotRules& rules);
  // Lets go of the tables in the process nobody asked for since the last call (the server's
  // sweep): the bytes let go. A table on disk stays there.
  static std::size_t let_go_of_unused();
  // A hash of what the table depends on, and its cache file ("" when there is no cache dir).
  static std::string cache_key(const rules::PotRules& rules);
  static std::string cache_path(const std::string& key);
  bool save(const std::string& path) const;
  static std::unique_ptr<PotWinSolver> load(const std::string& path, const rules::PotRules& rules);

  // ---- chances ----
  // The first player's (the dealer's left) chance from the start of the game.
  double start_chance() const;
  // The first dealer's chance before turn `clock` (antes due on an empty pot are taken first).
  double before_turn(const PotWinState& s) const;
  // The seat to act at a clock (relative: 0 = first dealer).
  int actor(int clock) const;
  // The state of a live heads-up game, mid-turn (nullopt where the table does not describe it:
  // not two seats, chips bought, another game's rules).
  struct Live {
    PotWinState state;
    int dealer0 = 0;     // the game's seat that dealt first
    int actor = 0;       // relative seat to act
  };
  std::optional<Live> live(const pot::PotGame& game) const;
  // Every choice of the player to act (each bet amount) with its chance to win, best first;
  // empty where the table does not describe the game or nobody is to act.
  std::vector<PotWinChoice> rate(const pot::PotGame& game) const;
  // Each seat's chance to win now (game seats), at any moment of a described game; nullopt else.
  std::optional<std::vector<double>> seat_chances(const pot::PotGame& game) const;

  // ---- the best bet of a state's posts (charts) ----
  // The bet (0 = pass) with the highest chance for the player to act on posts of this spread
  // (a plain pair of ranks, no aces) at the start of a turn with this pot and lead.
  rules::Chips best_bet(const PotWinState& s, int low_rank, int high_rank) const;

  // ---- facts ----
  const rules::PotRules& rules() const { return rules_; }
  rules::Chips total() const { return total_; }
  int clocks() const { return clocks_; }
  bool cyclic() const { return cyclic_; }
  int deck_states() const { return decks_; }
  std::size_t states() const { return table_.size(); }
  int sweeps() const { return sweeps_; }
  double residual() const { return residual_; }
  double solve_seconds() const { return seconds_; }
  const std::string& key() const { return key_; }

  struct Branch;  // a node of a turn's posts (win_solver.cpp)

 private:
  PotWinSolver(const rules::PotRules& rules, bool solve);
  void shape();
  void solve();
  std::size_t index(int clock, int deck, rules::Chips pot, rules::Chips chips0) const {
    auto n = static_cast<std::size_t>(total_ + 1);
    return ((static_cast<std::size_t>(clock) * static_cast<std::size_t>(decks_) + static_cast<std::size_t>(deck)) * n +
            static_cast<std::size_t>(pot)) * n + static_cast<std::size_t>(chips0);
  }
  // The value of turn (clock, deck) in state (pot, chips0) from the table's current estimates.
  double turn_value(int clock, int deck, rules::Chips pot, rules::Chips chips0) const;
  double after_turn(int clock, int deck, rules::Chips pot, rules::Chips chips0) const;
  double terminal(rules::Chips chips0, rules::Chips chips1) const;
  // Posts complete: the best choice's chance for the actor (and the action, when asked).
  // `each` (when given) hears every choice and its chance.
  using Each = std::function<void(const pot::Action&, double)>;
  double settle_posts(int clock, int deck, bool first_deck, rules::Chips pot, rules::Chips chips0, const pot::Posts& posts,
                      const ThirdCardOdds& odds, const Each* each) const;
  double posts_value(int clock, int deck, rules::Chips pot, rules::Chips chips0, const pot::Posts& posts,
                     const RankCounts& unseen) const;

  rules::PotRules rules_;
  rules::Chips total_ = 0;
  rules::Chips stay_in_ = 1;
  int clocks_ = 0;      // turns in the table: the game's (finite) or one cycle of the dealers
  bool cyclic_ = false;
  int deals_ = 0;       // deals of the game, 0 for unlimited
  int decks_ = 1;       // first-deck states: the deck's size + 1, or 1 where no bet cap depends on it
  int deck_size_ = 0;
  RankCounts fresh_;
  std::vector<Branch> turn_;  // the posts of a fresh turn, as a tree of chance and calls
  std::vector<double> table_;
  int sweeps_ = 0;
  double residual_ = 0;
  double seconds_ = 0;
  std::string key_;
};

}  // namespace inbetween::strategy
