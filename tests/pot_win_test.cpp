// The heads-up chance to win a pot game (families/pot/win_solver.h) against a brute force of its
// own: plain recursion over the rules as RULES.md writes them, card rank by card rank, with a
// memo, on small games (few chips, one or two deals), and the table's live use.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>

#include "cards/rng.h"
#include "families/pot/advisor.h"
#include "families/pot/bots.h"
#include "families/pot/codec.h"
#include "families/pot/game.h"
#include "families/pot/win_solver.h"
#include "rules/rule_files.h"

namespace {

using namespace inbetween;
using rules::Chips;
using rules::PotRules;

rules::PotRules load(const std::string& name, const std::vector<std::string>& sets) {
  std::vector<rules::Override> o;
  for (const auto& s : sets) o.push_back(rules::parse_override(s));
  return rules::load_pot_rules(name, o);
}

// The brute force: the game heads-up, a deal of two turns (the dealer's left, then the dealer),
// the dealer passing left after each deal (deals_per_dealer = 1); a banker's stake, and the banker
// taking the pot when its deal ends, where the rules have them (nobody buying chips: where rebuys
// are allowed nobody is out for want of chips). Ranks 2..14 with 4 copies; the
// posts and the third card drawn from a fresh deck less the cards the turn has shown. Where a
// bet cap holds while the first deck lasts, the cards dealt are counted. A pair dealt again is
// followed to a depth where what is left is below 1e-15. Seats: 0 = the first dealer.
class Brute {
 public:
  explicit Brute(const PotRules& r) : r_(r) {
    stay_ = r.rebuys ? 0 : (r.pair_posts == rules::PairPosts::Pay && r.pair_pays > 0) ? 1 : r.min_bet * std::max(1, r.post_hit_multiplier);
  }

  // The first player's chance from the start (seat 1: the dealer's left).
  double start() {
    std::array<Chips, 2> chips{r_.start_chips, r_.start_chips};
    Chips pot = 0;
    ante(chips, pot, 0);
    int dealt = r_.first_dealer == rules::FirstDealer::HighCard ? 2 : 0;
    return 1.0 - turn(0, dealt, pot, chips);
  }

 private:
  int deals() const { return r_.deals.kind == rules::DealCount::Kind::Fixed ? r_.deals.fixed : 2 * r_.deals_per_dealer; }
  double end(const std::array<Chips, 2>& c) const { return c[0] > c[1] ? 1.0 : c[0] == c[1] ? 0.5 : 0.0; }
  // Every seat's ante, then the dealer's stake (the banker game), each no more than it holds.
  void ante(std::array<Chips, 2>& chips, Chips& pot, int dealer) const {
    for (auto& c : chips) {
      if (c < stay_) continue;
      Chips a = std::min(r_.ante, c);
      c -= a;
      pot += a;
    }
    Chips stake = std::min(r_.banker_stake, chips[static_cast<std::size_t>(dealer)]);
    chips[static_cast<std::size_t>(dealer)] -= stake;
    pot += stake;
  }
  static int count(int rank, int a = 0, int b = 0) { return 4 - (rank == a) - (rank == b); }

  // Seat 0's chance before turn `t` with `dealt` cards off the first deck (52 or more: it is gone).
  double turn(int t, int dealt, Chips pot, std::array<Chips, 2> chips) {
    if (t >= 2 * deals()) return end(chips);
    if (pot == 0 && r_.when_pot_empty == rules::EmptyPot::Reante) {
      ante(chips, pot, t / 2 % 2);
      if (chips[0] < stay_ || chips[1] < stay_) return end(chips);
    }
    if (r_.first_deck_bet_cap == 0) dealt = 52;
    auto key = std::make_tuple(t, std::min(dealt, 52), pot, chips[0]);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int dealer = t / 2 % 2;
    int who = t % 2 == 0 ? 1 - dealer : dealer;
    double u = deal_posts(t, dealt, pot, chips, who, 0);
    double v = who == 0 ? u : 1 - u;
    memo_[key] = v;
    return v;
  }

  // After a turn: the pot emptied, a seat out, the deal over.
  double next(int t, int dealt, Chips pot, std::array<Chips, 2> chips) {
    if (pot == 0 && r_.when_pot_empty == rules::EmptyPot::End) return end(chips);
    if (chips[0] < stay_ || chips[1] < stay_) return end(chips);
    if (t % 2 == 1 && r_.dealer_takes_pot) {  // the banker's deal is over: it takes the pot
      int dealer = t / 2 % 2;
      chips[static_cast<std::size_t>(dealer)] += pot;
      pot = 0;
      if (t + 1 >= 2 * deals()) return end(chips);
      ante(chips, pot, 1 - dealer);
    }
    return turn(t + 1, dealt, pot, chips);
  }

  // The actor's chance over the posts; `again` counts the pairs dealt again this turn.
  double deal_posts(int t, int dealt, Chips pot, const std::array<Chips, 2>& chips, int who, int again) {
    if (again > 14) return 0.5;  // (1/17)^14: far below 1e-15
    auto key = std::make_tuple(t, std::min(dealt, 52), pot, chips[0], again);
    if (auto it = dealt_memo_.find(key); it != dealt_memo_.end()) return it->second;
    double sum = 0;
    for (int a = 2; a <= 14; ++a) {
      double pa = count(a) / 52.0;
      bool call = a == 14 && r_.first_ace == rules::FirstAce::Call;
      double best = -1;
      for (int low = 0; low <= (call ? 1 : 0); ++low) {
        double s = 0;
        for (int b = 2; b <= 14; ++b) {
          double pb = count(b, a) / 51.0;
          int va = (a == 14 && low) ? 1 : a;
          bool pair = a == b && !(call && a == 14);
          if (pair && r_.pair_posts == rules::PairPosts::Redeal) {
            s += pb * deal_posts(t, dealt + 2, pot, chips, who, again + 1);
            continue;
          }
          s += pb * posts(t, dealt + 2, pot, chips, who, a, va, b, pair);
        }
        best = std::max(best, s);
      }
      sum += pa * best;
    }
    dealt_memo_[key] = sum;
    return sum;
  }

  double as_actor(int who, double v0) const { return who == 0 ? v0 : 1 - v0; }

  double posts(int t, int dealt, Chips pot, std::array<Chips, 2> chips, int who, int a, int va, int b, bool pair) {
    int lo = std::min(va, b), hi = std::max(va, b);
    auto after = [&](Chips won, int cards) {
      auto c = chips;
      c[static_cast<std::size_t>(who)] += won;
      return as_actor(who, next(t, cards, pot - won, c));
    };
    Chips stack = chips[static_cast<std::size_t>(who)];
    if (pair && r_.pair_posts == rules::PairPosts::Pay) return after(std::min(r_.pair_pays, pot), dealt);
    if (!pair && hi - lo == 1 && r_.consecutive_posts == rules::ConsecutivePosts::LoseMin)
      return after(-std::min(r_.min_bet, stack), dealt);
    bool aces = a == 14 && b == 14;
    int worst = std::max({1, r_.post_hit_multiplier, aces ? r_.triple_ace_multiplier : 1});
    Chips limit = std::min(pot, stack / worst);
    if (r_.first_deck_bet_cap > 0 && dealt <= 52) limit = std::min(limit, r_.first_deck_bet_cap);
    double best = -1;
    if (r_.allow_pass || limit < r_.min_bet) best = after(0, dealt);
    for (Chips bet = r_.min_bet; bet <= limit; ++bet) {
      double v = 0;
      for (int c = 2; c <= 14; ++c) {
        double pc = count(c, a, b) / 50.0;
        if (pc == 0) continue;
        Chips won;
        if (c > lo && c < hi) won = bet;
        else if (aces && c == 14) won = -std::min(bet * r_.triple_ace_multiplier, stack);
        else if (c == a || c == b) won = -std::min(bet * r_.post_hit_multiplier, stack);
        else won = -bet;
        v += pc * after(won, dealt + 1);
      }
      best = std::max(best, v);
    }
    return best;
  }

  PotRules r_;
  Chips stay_ = 1;
  std::map<std::tuple<int, int, Chips, Chips>, double> memo_;
  std::map<std::tuple<int, int, Chips, Chips, int>, double> dealt_memo_;
};

struct Small {
  std::string rules;
  std::vector<std::string> sets;
};

class PotWinAgrees : public ::testing::TestWithParam<Small> {};

// A fresh game of `rules` with these seats and seed, its opening's events in `events`.
games::pot::PotGame new_game(const std::shared_ptr<const PotRules>& rules, const std::vector<std::string>& names, std::uint64_t seed,
                             std::vector<games::pot::Event>& events) {
  games::Setup setup;
  setup.players = names;
  setup.seed = seed;
  return games::pot::PotGame(rules, setup, events);
}

TEST_P(PotWinAgrees, WithTheBruteForceTo1e9) {
  auto r = load(GetParam().rules, GetParam().sets);
  strategy::PotWinSolver solver(r);
  Brute brute(r);
  double exact = brute.start();
  EXPECT_NEAR(solver.start_chance(), exact, 1e-9) << GetParam().rules;
  EXPECT_GT(exact, 0.0);
  EXPECT_LT(exact, 1.0);
}

INSTANTIATE_TEST_SUITE_P(
    SmallGames, PotWinAgrees,
    ::testing::Values(Small{"hoyle", {"start_chips=5", "deals=1"}}, Small{"hoyle", {"start_chips=5", "deals=2"}},
                      Small{"hoyle-3", {"start_chips=4", "deals=2"}}, Small{"hoyle", {"start_chips=3", "deals=2", "ante=2"}},
                      // the first deck's cap, ace calls, pairs dealt again, posts hit double, the pot emptied
                      Small{"between-the-sheets", {"start_chips=4", "ante=1", "deals=2"}},
                      Small{"acey-deucey", {"start_chips=5", "ante=2", "deals=1"}},
                      // no cap: a pair dealt again comes back to the same state
                      Small{"between-the-sheets", {"start_chips=5", "ante=1", "deals=1", "first_deck_bet_cap=0"}},
                      // the banker's stake and its pot, a fold, hitting a post pays double, rebuys allowed
                      Small{"banker", {"start_chips=6", "banker_stake=3", "deals_per_dealer=1"}},
                      Small{"banker", {"start_chips=5", "banker_stake=2", "deals_per_dealer=1", "ante=2"}}));

// Where rebuys are allowed (banker) the table is the game in which nobody buys chips: it reads a
// live game only while both seats hold what they started with and bought nothing since.
TEST(PotWin, WithRebuysTheTableIsTheGameWithoutThem) {
  auto r = load("banker", {"start_chips=8", "banker_stake=4"});
  EXPECT_FALSE(strategy::PotWinSolver::unsupported(r).has_value());
  strategy::PotWinSolver solver(r);
  auto rules = std::make_shared<const PotRules>(r);
  std::vector<games::pot::Event> events;
  auto game = new_game(rules, std::vector<std::string>{"ann", "bob"}, 3, events);
  ASSERT_FALSE(game.over());
  auto before = solver.rate(game);
  ASSERT_FALSE(before.empty());
  auto chances = solver.seat_chances(game);
  ASSERT_TRUE(chances.has_value());
  EXPECT_NEAR((*chances)[0] + (*chances)[1], 1.0, 1e-12);
  // A seat buys chips: the table no longer describes the game.
  ASSERT_FALSE(game.apply(game.to_act(), games::pot::Action{games::pot::Rebuy{5}}, events));
  EXPECT_TRUE(solver.rate(game).empty());
  EXPECT_FALSE(solver.seat_chances(game).has_value());
  EXPECT_TRUE(strategy::PotWinSolver::unsupported(load("banker", {"start_chips=201"})).has_value());
}

TEST(PotWin, HoyleFromTheStartIsAChanceAndTheTableReadsTheLiveGame) {
  auto r = load("hoyle", {});
  strategy::PotWinSolver solver(r);
  double p = solver.start_chance();
  EXPECT_GT(p, 0.3);
  EXPECT_LT(p, 0.7);
  auto rules = std::make_shared<const PotRules>(r);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<games::pot::Event> events;
    auto game = new_game(rules, std::vector<std::string>{"ann", "bob"}, seed, events);
    while (!game.over()) {
      auto chances = solver.seat_chances(game);
      ASSERT_TRUE(chances.has_value()) << "seed " << seed << " deals " << game.deals_done() << " dealer " << game.dealer()
                                       << " to act " << game.to_act() << " phase " << static_cast<int>(game.phase()) << " posts " << game.posts().value(0) << "-" << game.posts().value(1) << " rated " << solver.rate(game).size() << " live " << solver.live(game).has_value() << " pot " << game.pot() << " chips "
                                       << game.players()[0].chips << "," << game.players()[1].chips;
      EXPECT_NEAR((*chances)[0] + (*chances)[1], 1.0, 1e-12);
      for (double c : *chances) {
        EXPECT_GE(c, 0.0);
        EXPECT_LE(c, 1.0);
      }
      auto choices = solver.rate(game);
      ASSERT_FALSE(choices.empty());
      // every legal bet is rated, and the best is legal
      auto legal = game.legal(game.to_act());
      if (game.phase() == games::pot::Phase::Bet && legal.bet) {
        EXPECT_EQ(std::count_if(choices.begin(), choices.end(),
                                [](const strategy::PotWinChoice& c) { return std::holds_alternative<games::pot::Bet>(c.action); }),
                  legal.bet_max - legal.bet_min + 1);
      }
      events.clear();
      ASSERT_FALSE(game.apply(game.to_act(), choices.front().action, events).has_value());
    }
    auto end = solver.seat_chances(game);
    ASSERT_TRUE(end.has_value());
    EXPECT_NEAR((*end)[0] + (*end)[1], 1.0, 1e-12);
  }
}

TEST(PotWin, ASavedTableLoadsTheSameAndAnotherRulesTableIsNotRead) {
  auto r = load("hoyle", {"start_chips=8"});
  strategy::PotWinSolver solver(r);
  std::string path = ::testing::TempDir() + "pot-win-test.bin";
  ASSERT_TRUE(solver.save(path));
  auto back = strategy::PotWinSolver::load(path, r);
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(back->start_chance(), solver.start_chance());
  EXPECT_EQ(back->solve_seconds(), solver.solve_seconds());  // `solve --win` reports the solve's own time
  EXPECT_EQ(strategy::PotWinSolver::load(path, load("hoyle", {"start_chips=9"})), nullptr);
}

// A table's knobs can ask for gigabytes (stacks of 200, a thousand deals a dealer): refused by
// its size against the limit (`serve --solver-mb` sets it), before anything is allocated.
TEST(PotWin, ATableOverTheMemoryLimitIsRefused) {
  auto banker = load("banker", {});
  EXPECT_EQ(strategy::PotWinSolver::table_bytes(banker), std::size_t{12} * 401 * 401 * sizeof(double));
  EXPECT_FALSE(strategy::PotWinSolver::unsupported(banker).has_value());
  auto huge = load("banker", {"deals_per_dealer=1000"});
  auto why = strategy::PotWinSolver::unsupported(huge);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("4907 MB"), std::string::npos) << *why;
  EXPECT_THROW(strategy::PotWinSolver{huge}, rules::RuleError);
  const auto before = strategy::PotWinSolver::memory_limit();
  strategy::PotWinSolver::set_memory_limit(std::size_t{10} << 20);
  EXPECT_TRUE(strategy::PotWinSolver::unsupported(banker).has_value());  // 14.7 MB over 10
  EXPECT_FALSE(strategy::PotWinSolver::unsupported(load("hoyle", {})).has_value());
  strategy::PotWinSolver::set_memory_limit(before);
}

// The server's sweep lets go of the tables nobody asked for since its last call; a table a game
// holds stays, and so does one asked for again in between.
TEST(PotWin, TablesNobodyAskedForSinceTheLastSweepAreLetGoOfAndAHeldOneStays) {
  auto held = strategy::PotWinSolver::shared(load("hoyle", {"start_chips=7"}));
  std::weak_ptr<const strategy::PotWinSolver> idle = strategy::PotWinSolver::shared(load("hoyle", {"start_chips=6"}));
  std::weak_ptr<const strategy::PotWinSolver> asked = strategy::PotWinSolver::shared(load("hoyle", {"start_chips=5"}));
  std::size_t idle_bytes = idle.lock()->states() * sizeof(double);
  strategy::PotWinSolver::let_go_of_unused();  // every table was asked for since: none goes
  EXPECT_FALSE(idle.expired());
  EXPECT_NE(strategy::PotWinSolver::shared(load("hoyle", {"start_chips=5"})), nullptr);  // asked again
  std::size_t let_go = strategy::PotWinSolver::let_go_of_unused();
  EXPECT_TRUE(idle.expired());
  EXPECT_GE(let_go, idle_bytes);
  EXPECT_FALSE(asked.expired());
  EXPECT_EQ(strategy::PotWinSolver::shared(load("hoyle", {"start_chips=7"})), held);
  strategy::PotWinSolver::let_go_of_unused();
  strategy::PotWinSolver::let_go_of_unused();
  EXPECT_TRUE(asked.expired());
  EXPECT_EQ(strategy::PotWinSolver::shared(load("hoyle", {"start_chips=7"})), held);  // held by a game all along
}

}  // namespace

namespace {

// The winning bot takes the table's best choice heads-up; at three seats, where there is no table,
// one of the hint's choices (the advisor's), the same one for the same randomness, and the games end.
TEST(WinningBot, TakesTheTablesBestHeadsUpAndAHintsChoiceByPlayoutsElsewhere) {
  auto r = load("hoyle", {"start_chips=10"});
  auto rules = std::make_shared<const PotRules>(r);
  auto table = strategy::PotWinSolver::shared(r);
  strategy::WinningBot winning;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    for (std::vector<std::string> names : {std::vector<std::string>{"ann", "bob"}, std::vector<std::string>{"ann", "bob", "cy"}}) {
      std::vector<games::pot::Event> events;
      auto game = new_game(rules, names, seed, events);
      cards::Rng rng(seed);
      while (!game.over()) {
        cards::Rng again = rng;
        auto move = winning.choose(game, game.to_act(), rng);
        EXPECT_EQ(move, winning.choose(game, game.to_act(), again));
        if (names.size() == 2) {
          EXPECT_EQ(move, table->rate(game).front().action);
        } else {
          auto advice = strategy::advise(game);
          ASSERT_TRUE(advice.has_value());
          bool among = std::any_of(advice->choices.begin(), advice->choices.end(), [&](const auto& c) { return c.action == move; });
          EXPECT_TRUE(among);
        }
        events.clear();
        ASSERT_FALSE(game.apply(game.to_act(), move, events).has_value());
      }
    }
  }
}

// Where the deals never end, the winning bot plays for chips (its table would have the leader pass
// for ever: two winning bots at between-the-sheets never finished); and so two of them finish.
TEST(WinningBot, WhereTheDealsNeverEndItPlaysAsTheOptimalBotAndTheGameEnds) {
  auto r = load("between-the-sheets", {"start_chips=10"});
  ASSERT_EQ(rules::total_deals(r, 2), 0);
  auto rules = std::make_shared<const PotRules>(r);
  strategy::WinningBot winning;
  strategy::OptimalBot optimal;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::vector<games::pot::Event> events;
    auto game = new_game(rules, std::vector<std::string>{"ann", "bob"}, seed, events);
    cards::Rng rng(seed);
    int decisions = 0;
    for (; !game.over() && decisions < 100000; ++decisions) {
      auto move = winning.choose(game, game.to_act(), rng);
      EXPECT_EQ(move, optimal.choose(game, game.to_act(), rng));
      events.clear();
      ASSERT_FALSE(game.apply(game.to_act(), move, events).has_value());
    }
    EXPECT_TRUE(game.over()) << "seed " << seed << ": still going after " << decisions << " decisions";
  }
}

}  // namespace

namespace {

// Where the deals never end the table is swept to a fixed point: it agrees with the same game cut
// off after many deals (a game that long is rarer than 1e-9), and its chances are chances.
TEST(PotWin, UnlimitedDealsAgreeWithTheGameCutOffLate) {
  std::vector<std::string> small = {"start_chips=4", "ante=1", "first_deck_bet_cap=0"};
  auto unlimited = load("between-the-sheets", small);
  small.push_back("deals=600");
  auto cut = load("between-the-sheets", small);
  strategy::PotWinSolver endless(unlimited), finite(cut);
  ASSERT_TRUE(endless.cyclic());
  ASSERT_FALSE(finite.cyclic());
  EXPECT_LT(endless.residual(), 1e-12);
  EXPECT_NEAR(endless.start_chance(), finite.start_chance(), 1e-9);
  EXPECT_GT(endless.start_chance(), 0.0);
  EXPECT_LT(endless.start_chance(), 1.0);
}

}  // namespace

namespace {

// The protocol's hint: heads-up each choice's chance to win beside its chips, the best choice to
// win and whether it differs from the best for chips; with three seats, none of it.
TEST(PotWinHint, HeadsUpEveryChoiceHasItsChanceAndTheBestToWinIsNamed) {
  auto rules = std::make_shared<const PotRules>(load("hoyle", {}));
  int differs = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    for (std::vector<std::string> names : {std::vector<std::string>{"ann", "bob"}, std::vector<std::string>{"ann", "bob", "cy"}}) {
      std::vector<games::pot::Event> events;
      auto game = new_game(rules, names, seed, events);
      strategy::WinningBot bot;
      cards::Rng rng(seed);
      while (!game.over()) {
        auto hint = protocol::pot_hint_json(game, protocol::json::object());
        if (names.size() == 2) {
          ASSERT_TRUE(hint.contains("best_to_win"));
          double best = hint["win_chance"].get<double>();
          for (const auto& c : hint["choices"]) {
            ASSERT_TRUE(c.contains("win_chance")) << c.dump();
            EXPECT_GE(c["win_chance"].get<double>(), 0.0);
            EXPECT_LE(c["win_chance"].get<double>(), best + 1e-12);
          }
          EXPECT_EQ(hint["best_to_win_differs"].get<bool>(), hint["best_to_win"] != hint["best"]);
          differs += hint["best_to_win_differs"].get<bool>() ? 1 : 0;
        } else {
          EXPECT_FALSE(hint.contains("best_to_win"));
          EXPECT_FALSE(hint["choices"][0].contains("win_chance"));
        }
        events.clear();
        ASSERT_FALSE(game.apply(game.to_act(), bot.choose(game, game.to_act(), rng), events).has_value());
      }
    }
  }
  EXPECT_GT(differs, 0);  // playing to win is not always playing for chips
}

}  // namespace

namespace {

// Every decision of seeded heads-up games, under rules of each kind the table describes (deals
// that end; deals unlimited with the first deck's cap, ace calls and pairs dealt again): the
// seats' chances lie in [0, 1] and sum to 1, and the best choice is legal.
class PotWinLive : public ::testing::TestWithParam<Small> {};

TEST_P(PotWinLive, ChancesSumToOneAndTheBestChoiceIsLegal) {
  auto r = load(GetParam().rules, GetParam().sets);
  auto rules = std::make_shared<const PotRules>(r);
  strategy::PotWinSolver solver(r);
  int decisions = 0;
  for (std::uint64_t seed = 1; seed <= 15; ++seed) {
    std::vector<games::pot::Event> events;
    auto game = new_game(rules, std::vector<std::string>{"ann", "bob"}, seed, events);
    for (int moves = 0; !game.over() && moves < 400; ++moves) {
      auto chances = solver.seat_chances(game);
      ASSERT_TRUE(chances.has_value()) << GetParam().rules << " seed " << seed;
      EXPECT_NEAR((*chances)[0] + (*chances)[1], 1.0, 1e-12);
      for (double c : *chances) {
        EXPECT_GE(c, 0.0);
        EXPECT_LE(c, 1.0);
      }
      auto best = solver.rate(game).front().action;
      events.clear();
      ASSERT_FALSE(game.apply(game.to_act(), best, events).has_value()) << GetParam().rules << " seed " << seed;
      ++decisions;
    }
  }
  EXPECT_GT(decisions, 30);
}

INSTANTIATE_TEST_SUITE_P(Rules, PotWinLive,
                         ::testing::Values(Small{"hoyle-3", {}}, Small{"between-the-sheets", {"start_chips=6", "ante=1"}},
                                           Small{"acey-deucey", {"start_chips=6", "ante=2"}}));

}  // namespace
