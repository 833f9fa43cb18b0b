#pragma once
// What the generic random simulation (tests/random_sim_test.cpp, support/random_sim.h) needs to
// know of each family: what "chips" and "cards on the table" mean, how two actions, events or
// whole games (hidden state included) compare, which unlisted actions are worth trying, and
// how a game shows that it progresses. One specialisation of SimTraits<F> per family: a family
// in games::Families without one stops the test from compiling, so it is never skipped.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "cards/card.h"
#include "cards/letter_card.h"
#include "cards/rng.h"
#include "families/house/family.h"
#include "families/pot/family.h"
#include "families/pot/win_solver.h"
#include "families/three/family.h"
#include "families/house/rules.h"
#include "rules/pot_rules.h"
#include "families/three/rules.h"

namespace inbetween::sim {

using cards::CardCode;
using games::Chips;
using games::Seat;

// A broken invariant: the message says where and what; the test adds how to replay the game.
struct SimFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
[[noreturn]] inline void fail(const std::string& what) { throw SimFailure(what); }

template <class F>
inline constexpr bool kHasNoTraits = false;

template <class F>
struct SimTraits {
  static_assert(kHasNoTraits<F>,
                "a family without SimTraits<F>: write its conservation and probe rules in tests/support/random_sim_traits.h");
};

// ---- the card-table families (pot games and house games: each its own actions and events on
// the shared card-table record) ---------------------------------------------------------------

template <class ActionT, class EventT>
struct BetVocabulary {
  using Action = ActionT;
  using Event = EventT;

  static bool same_action(const Action& a, const Action& b) { return a == b; }
  // The amount an action carries (bet, rebuy); nullopt for the others.
  static std::optional<Chips> amount(const Action& a) {
    return std::visit(
        [](const auto& x) -> std::optional<Chips> {
          if constexpr (requires { x.amount; }) return x.amount;
          else return std::nullopt;
        },
        a);
  }
  static bool same_event(const Event& a, const Event& b) {
    return a.kind == b.kind && a.player == b.player && a.has_card == b.has_card && a.card == b.card && a.ace == b.ace &&
           a.outcome == b.outcome && a.amount == b.amount;
  }
  static bool game_over_event(const Event& e) { return e.kind == decltype(e.kind)::GameOver; }
  template <class Rules>
  static std::vector<CardCode> full_shoe(const Rules& r) {
    if (r.deck_cards.empty()) return cards::standard_shoe_contents(r.decks);
    std::vector<CardCode> all;
    for (int d = 0; d < r.decks; ++d) all.insert(all.end(), r.deck_cards.begin(), r.deck_cards.end());
    return all;
  }
  template <class Rules>
  static std::string card_notation(const Rules&, CardCode c) { return cards::to_string(cards::Card{c}); }
  template <class Game>
  static std::vector<CardCode> cards_on_table(const Game& g) {
    std::vector<CardCode> out;
    for (auto c : g.table_cards()) out.push_back(c.code);
    return out;
  }
  // The pot games' winning bot solves a heads-up table per rules (win_solver.h): affordable where
  // the deals end, no first-deck cap multiplies the states and the stacks are small; elsewhere it
  // plays as the optimal bot does (rebuys, stacks past its table) and costs nothing.
  template <class Rules>
  static bool bot_affordable(const Rules& r, const std::string& kind) {
    if constexpr (std::is_same_v<Rules, rules::PotRules>)
      return kind != "winning" || strategy::PotWinSolver::unsupported(r).has_value() || strategy::PotWinSolver::quick_to_solve(r);
    else
      return true;
  }

  template <class SeatedPlayer>
  static bool same_players(std::span<const SeatedPlayer> a, std::span<const SeatedPlayer> b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i].name != b[i].name || a[i].chips != b[i].chips || a[i].bought != b[i].bought) return false;
      if constexpr (requires { a[i].wager; })
        if (a[i].wager != b[i].wager || a[i].raised != b[i].raised) return false;
    }
    return true;
  }
  template <class Game>
  static bool same_table(const Game& a, const Game& b) {
    const auto &pa = a.posts(), &pb = b.posts();
    return same_players(a.players(), b.players()) && a.phase() == b.phase() && a.to_act() == b.to_act() &&
           a.dealer() == b.dealer() && pa.count == pb.count && pa.cards == pb.cards && pa.ace == pb.ace &&
           a.third_card() == b.third_card() && std::ranges::equal(a.shoe().undealt_unordered(), b.shoe().undealt_unordered()) &&
           std::ranges::equal(a.shoe().discard_pile(), b.shoe().discard_pile()) &&
           a.shoe().generation() == b.shoe().generation();
  }
  // Chips: nothing negative, and stacks + wagers + the middle (pot or house) == what came in.
  template <class Game>
  static void check_chips(const Game& g, Chips middle, const char* middle_name, bool middle_may_be_negative,
                          const std::string& where) {
    Chips total = middle;
    for (const auto& s : g.players()) {
      if (s.chips < 0) fail(where + ": " + s.name + " holds a negative stack");
      if (s.bought < 0) fail(where + ": " + s.name + " bought a negative number of chips");
      total += s.chips;
      if constexpr (requires { s.wager; }) {  // Red Dog: chips on the table this hand
        if (s.wager < 0) fail(where + ": " + s.name + " holds a negative wager");
        total += s.wager;
      }
    }
    if (!middle_may_be_negative && middle < 0) fail(where + ": the " + middle_name + " is negative");
    if (total != g.chips_in())
      fail(where + ": chips not conserved: stacks + wagers + " + middle_name + " = " + std::to_string(total) + ", " +
           std::to_string(g.chips_in()) + " came in");
  }
};

// ---- pot games (Hoyle, banker, Between the Sheets, Acey-Deucey) ------------------------------

template <>
struct SimTraits<games::pot::PotFamily> : BetVocabulary<games::pot::Action, games::pot::Event> {
  using Game = games::pot::PotGame;
  using Rules = rules::PotRules;

  // Unlisted actions besides every alternative's default: the other ace call.
  static void extra_probes(const Game&, Seat, cards::Rng&, std::vector<Action>& out) {
    out.push_back(games::pot::Call{games::pot::AceValue::Low});
  }

  static bool same_game(const Game& a, const Game& b) {
    return same_table(a, b) && a.pot() == b.pot() && a.deals_done() == b.deals_done() && a.deals_total() == b.deals_total();
  }
  static bool finite(const Rules& r, int players) { return rules::total_deals(r, players) > 0; }
  // Enough for every finite preset at the largest table; unlimited games stop here.
  static int max_actions(const Rules& r, int players) { return finite(r, players) ? 3000 : 1000; }

  // Chips (stacks + wagers + pot == chips in, nothing negative) and what each seat may do: only
  // the player to act may do more than rebuy, rebuys exactly where the rules allow them, and a
  // sane bet range.
  static void check(const Game& g, const std::string& where) {
    check_chips(g, g.pot(), "pot", false, where);
    const auto& r = g.rules();
    const int n = static_cast<int>(g.players().size());
    for (int p = -1; p <= n; ++p) {
      games::pot::Legal l = g.legal(p);
      const bool seated = p >= 0 && p < n, acting = seated && p == g.to_act();
      if (seated && !acting && (l.bet || l.pass || l.call))
        fail(where + ": seat " + std::to_string(p) + " is not to act but may do more than rebuy");
      if (l.rebuy != (seated && !g.over() && r.rebuys)) fail(where + ": a rebuy is listed where the rules say otherwise");
    }
    if (g.over()) return;
    games::pot::Legal l = g.legal(g.to_act());
    if (!(l.bet || l.pass || l.call)) fail(where + ": the player to act has nothing to do but rebuy");
    if (l.bet && (l.bet_min < r.min_bet || l.bet_max < l.bet_min))
      fail(where + ": bad bet range " + std::to_string(l.bet_min) + ".." + std::to_string(l.bet_max));
  }
  static void check_over(const Game& g, const std::string& where) {
    if (g.winners().empty()) fail(where + ": a pot game is over without winners");
  }

  // Liveness of unlimited games: decisions in a row where the player to bet could not. A game
  // where nobody can ever bet again cannot end.
  class Liveness {
   public:
    Liveness(const Rules& r, int players) : unlimited_(!finite(r, players)), limit_(8 * players + 16) {}
    void step(const Game& g, const std::string& where) {
      if (!unlimited_ || g.over() || g.phase() != games::pot::Phase::Bet) return;
      stalled_ = g.legal(g.to_act()).bet ? 0 : stalled_ + 1;
      if (stalled_ > limit_) {
        std::string stacks;
        for (const auto& s : g.players()) stacks += " " + std::to_string(s.chips);
        fail(where + ": stuck: " + std::to_string(stalled_) + " turns in a row without a possible bet; pot " +
             std::to_string(g.pot()) + ", stacks" + stacks + "; the game can never end");
      }
    }

   private:
    bool unlimited_;
    int limit_;
    int stalled_ = 0;
  };
};

// ---- house games (Red Dog) -----------------------------------------------------------------

template <>
struct SimTraits<games::house::HouseFamily> : BetVocabulary<games::house::Action, games::house::Event> {
  using Game = games::house::HouseGame;
  using Rules = rules::HouseRules;

  // Every alternative's default (a wager of 0, pass, raise, stand) is probe enough.
  static void extra_probes(const Game&, Seat, cards::Rng&, std::vector<Action>&) {}

  static bool same_game(const Game& a, const Game& b) {
    return same_table(a, b) && a.house() == b.house() && a.hands_done() == b.hands_done() &&
           a.hands_total() == b.hands_total();
  }
  static bool finite(const Rules& r, int players) { return rules::total_hands(r, players) > 0; }
  // A hand takes at most a wager and a raise from each player.
  static int max_actions(const Rules& r, int players) {
    return finite(r, players) ? rules::total_hands(r, players) * (2 * players + 1) + 10 : 1000;
  }

  // Chips (stacks + wagers + the house's result == chips in; the house may be behind) and what
  // each seat may do: only the player to act, never a rebuy, wagers in the table's limits.
  static void check(const Game& g, const std::string& where) {
    check_chips(g, g.house(), "house", true, where);
    const auto& r = g.rules();
    const int n = static_cast<int>(g.players().size());
    for (int p = -1; p <= n; ++p) {
      games::house::Legal l = g.legal(p);
      if (p != g.to_act() && l.any()) fail(where + ": seat " + std::to_string(p) + " is not to act but has legal actions");
    }
    for (const auto& s : g.players())
      if (s.raised && s.wager == 0) fail(where + ": " + s.name + " raised without a wager");
    if (g.over()) return;
    games::house::Legal l = g.legal(g.to_act());
    if (!(l.bet || l.pass || l.raise || l.stand)) fail(where + ": the player to act has nothing to do");
    if (l.bet && (l.bet_min < r.min_bet || l.bet_max < l.bet_min || (r.max_bet > 0 && l.bet_max > r.max_bet)))
      fail(where + ": bad wager range " + std::to_string(l.bet_min) + ".." + std::to_string(l.bet_max));
    if (l.raise && !r.allow_raise) fail(where + ": a raise offered where allow_raise = false");
  }
  // Against the house exactly the players who end ahead win; the house may beat everyone.
  static void check_over(const Game& g, const std::string& where) {
    std::vector<Seat> ahead;
    for (Seat i = 0; i < static_cast<Seat>(g.players().size()); ++i)
      if (g.players()[static_cast<std::size_t>(i)].chips > g.players()[static_cast<std::size_t>(i)].bought) ahead.push_back(i);
    if (g.winners() != ahead) fail(where + ": the winners are not exactly the players who ended ahead of the house");
  }

  // Unlimited games: every hand ends within a wager and a raise per player.
  class Liveness {
   public:
    Liveness(const Rules&, int players) : limit_(2 * players + 2) {}
    void step(const Game& g, const std::string& where) {
      if (g.hands_done() != hands_) {
        hands_ = g.hands_done();
        actions_ = 0;
      } else if (++actions_ > limit_) {
        fail(where + ": " + std::to_string(actions_) + " decisions without finishing a hand");
      }
    }

   private:
    int limit_;
    int hands_ = 0;
    int actions_ = 0;
  };
};

// ---- ThreeBeTween --------------------------------------------------------------------------

template <>
struct SimTraits<games::three::ThreeFamily> {
  using Game = games::three::ThreeGame;
  using Rules = rules::ThreeRules;
  using Action = games::three::Action;
  using Event = games::three::Event;

  static bool same_action(const Action& a, const Action& b) {
    namespace t = games::three;
    if (a.index() != b.index()) return false;
    if (auto* r = std::get_if<t::Replace>(&a)) return r->card == std::get<t::Replace>(b).card;
    if (auto* p = std::get_if<t::Place>(&a)) {
      const auto& q = std::get<t::Place>(b);
      return p->card == q.card && p->position == q.position;
    }
    if (auto* l = std::get_if<t::PlaceLimits>(&a)) return *l == std::get<t::PlaceLimits>(b);
    return true;
  }
  static std::optional<Chips> amount(const Action&) { return std::nullopt; }
  static bool same_event(const Event& a, const Event& b) {
    return a.kind == b.kind && a.player == b.player && a.has_card == b.has_card && a.has_card2 == b.has_card2 &&
           a.card == b.card && a.card2 == b.card2 && a.position == b.position && a.position2 == b.position2 &&
           a.reason == b.reason && a.points == b.points && a.total == b.total;
  }
  static bool game_over_event(const Event& e) { return e.kind == games::three::EventKind::GameOver; }
  static std::vector<CardCode> full_shoe(const Rules& r) { return r.letter_deck.contents(); }
  static std::string card_notation(const Rules& r, CardCode c) { return r.letter_deck.kind(c).notation; }
  static std::vector<CardCode> cards_on_table(const Game& g) { return g.cards_in_front(); }
  // The optimal bot solves a table per rules (cached on disk): 1 and 2 spaces take well under a
  // second, the preset's 3 about one (once per cache), 4 and 5 spaces seconds to minutes. The
  // winning bot solves a heads-up win table per rules at any number of seats (win_solver.h):
  // about a second with one space, a minute with two to 40, the preset's six minutes on 2 cores.
  static bool bot_affordable(const Rules& r, const std::string& kind) {
    if (kind == "winning") return r.spaces <= 1 || (r.spaces == 2 && r.target <= 20);
    return kind != "optimal" || r.spaces <= 2 || (r.spaces == 3 && r.replacement && !r.wild_pair_busts);
  }
  static bool finite(const Rules&, int) { return true; }
  static int max_actions(const Rules&, int) { return 5000; }

  static bool same_game(const Game& a, const Game& b);
  static void check(const Game& g, const std::string& where);
  static void check_over(const Game& g, const std::string& where);
  static void extra_probes(const Game& g, Seat seat, cards::Rng& rng, std::vector<Action>& out);

  // Every round ends: within one round a player acts a bounded number of times.
  class Liveness {
   public:
    Liveness(const Rules&, int) {}
    void step(const Game& g, const std::string& where) {
      if (g.round() != round_) {
        round_ = g.round();
        actions_ = 0;
      } else if (++actions_ > 2000) {
        fail(where + ": 2000 decisions in round " + std::to_string(round_) + " without a tally");
      }
    }

   private:
    int round_ = -1;
    int actions_ = 0;
  };
};

}  // namespace inbetween::sim

#include "random_sim_three.h"
