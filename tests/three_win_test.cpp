// The ThreeBeTween win table (families/three/win_solver.h) against a brute force of its own, on
// the small game: target 30, two spaces. The brute force is plain memoised recursion over the
// actual cards (every ordered draw, every placement card by card, every limit layout, no
// canonical positions or merged hands), and it reaches the rounds that come back to the same
// totals by value iteration over the totals (the table uses policy iteration and a linear solve).
// To keep it fast it deals from six kinds of the Alpha deck (T, D, M, B, A/E and the wild, by
// their copies), and it checks every pair of totals from 27 up (those only lead to each other).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <functional>

#include <map>
#include <unordered_map>
#include <memory>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cards/letter_card.h"
#include "cards/rng.h"
#include "families/three/bots.h"
#include "families/three/game.h"
#include "families/three/rules.h"
#include "families/three/solver.h"
#include "families/three/win_solver.h"
#include "rules/rule_files.h"

namespace {

namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;
namespace three = inbetween::games::three;
using strategy::ThreeWinSolver;

rules::ThreeRules load(const std::vector<std::string>& sets) {
  std::vector<rules::Override> overrides;
  for (const auto& s : sets) overrides.push_back(rules::parse_override(s));
  return rules::load_three_rules("threebetween", overrides);
}

// The small game's deck cut to six kinds, each by its copies (the others never dealt).
strategy::Composition six_kinds(const rules::ThreeRules& r) {
  strategy::Composition w(r.letter_deck.kinds.size(), 0.0);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto& k = r.letter_deck.kinds[i];
    if (k.notation == "T" || k.notation == "D" || k.notation == "M" || k.notation == "B" || k.notation == "A/E" ||
        k.notation == "?")
      w[i] = k.copies;
  }
  double sum = 0;
  for (double x : w) sum += x;
  for (double& x : w) x /= sum;
  return w;
}

// ---- the brute force ----------------------------------------------------------------------------

struct Kind {
  std::vector<int> letters;  // positions 1..26; none for a wild
  int points = 0;
  double weight = 0;
  bool wild() const { return letters.empty(); }
};

// Letters strictly between limit positions lo < hi, bit p - 1 for position p.
std::uint32_t between(int lo, int hi) {
  std::uint32_t m = 0;
  for (int p = lo + 1; p < hi; ++p) m |= 1u << (p - 1);
  return m;
}

class BruteForce {
 public:
  BruteForce(const rules::ThreeRules& r, const strategy::Composition& w, int lead_cap) : r_(r), T_(r.target), K_(lead_cap) {
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w[i] <= 0) continue;
      Kind k;
      for (char l : r.letter_deck.kinds[i].letters) k.letters.push_back(l - 'A' + 1);
      k.points = r.letter_deck.kinds[i].points;
      k.weight = w[i];
      for (int p : k.letters) fillable_ |= 1u << (p - 1);
      kinds_.push_back(k);
    }
    int max_points = 0;
    for (const auto& k : kinds_) max_points = std::max(max_points, k.points);
    reach_ = (2 + r.spaces) * max_points;
  }

  // One round for the utility u (u(S) on a pass, u(0) on a bust), passing at S >= rows.
  double round(const std::function<double(int)>& u, int rows) {
    u_ = &u;
    rows_ = rows;
    memo_.clear();
    double v = 0;
    for (std::size_t a = 0; a < kinds_.size(); ++a)
      for (std::size_t b = 0; b < kinds_.size(); ++b) {
        double best = limits(a, b, 0, 0);
        if (r_.replacement)
          for (std::size_t out : {a, b}) {
            std::size_t kept = out == a ? b : a;
            double rep = 0;
            for (std::size_t c = 0; c < kinds_.size(); ++c) rep += kinds_[c].weight * limits(kept, c, 0, 0);
            best = std::max(best, rep);
          }
        v += kinds_[a].weight * kinds_[b].weight * best;
      }
    return v;
  }

  // The game: value iteration over the totals from `low` up until nothing moves.
  void solve(int low) {
    // The dealer's chances past the target first: more than d points needed, from scratch.
    for (int d = 1; d <= T_ + K_ + reach_ - low; ++d)
      end_[d] = round([d](int y) { return y > d ? 1.0 : y == d ? 0.5 : 0.0; }, d + 1);

    for (int sweep = 0; sweep < 200; ++sweep) {
      double moved = 0;
      for (int a = T_ - 1; a >= low; --a)
        for (int b = T_ - 1; b >= low; --b) {
          double f = round([&](int x) { return 1 - g(b, a + x); }, T_ + K_ - a);
          double gg = round([&](int y) { return b + y >= T_ ? 1.0 : F_[{b + y, a}]; }, T_ - b);
          moved = std::max({moved, std::abs(f - F_[{a, b}]), std::abs(gg - G_[{b, a}])});
          F_[{a, b}] = f;
          G_[{b, a}] = gg;
        }
      if (moved < 1e-13) return;
    }
    ADD_FAILURE() << "the brute force did not settle";
  }
  double first(int a, int b) const { return F_.at({a, b}); }

 private:
  // The dealer's chance when the first has finished at a (past the target: more than a - b).
  double g(int b, int a) {
    if (a < T_) return G_[{b, a}];
    return end_.at(a - b);
  }
  double u(int s) const { return (*u_)(s); }

  bool identical(std::size_t a, std::size_t b) const { return a == b && (!kinds_[a].wild() || r_.wild_pair_busts); }

  // Two limit cards a, b laid the best way at S (`depth`: banks at this same S so far).
  double limits(std::size_t a, std::size_t b, int s, int depth) {
    if (identical(a, b)) return u(0);
    int points = kinds_[a].points + kinds_[b].points;
    double best = -1;
    for (int side = 0; side < 2; ++side) {
      const Kind& l = kinds_[side == 0 ? a : b];
      const Kind& h = kinds_[side == 0 ? b : a];
      std::vector<int> ls = l.wild() ? std::vector<int>{cards::kBeforeA} : l.letters;
      std::vector<int> hs = h.wild() ? std::vector<int>{cards::kAfterZ} : h.letters;
      for (int lo : ls)
        for (int hi : hs)
          if (lo < hi) best = std::max(best, value(between(lo, hi), r_.spaces, s + points, points == 0 ? depth : 0));
    }
    return best;
  }

  // At the start of a turn: pass, or draw (bank on a ThreeBeTween).
  double value(std::uint32_t open, int empty, int s, int depth) {
    if (s >= rows_) return u(s);
    open &= fillable_;  // letters no card can fill never matter
    auto key = static_cast<std::uint64_t>(open) | static_cast<std::uint64_t>(empty) << 26 | static_cast<std::uint64_t>(s) << 29 |
               static_cast<std::uint64_t>(depth) << 45;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    double draw = 0;
    if (empty == 0) {
      // Two wild limits bring the bank back to this S: cut the loop after 8 round trips (its
      // chance is below 1e-20 by then).
      if (depth >= 8) return memo_[key] = u(s);
      for (std::size_t a = 0; a < kinds_.size(); ++a)
        for (std::size_t b = 0; b < kinds_.size(); ++b)
          draw += kinds_[a].weight * kinds_[b].weight * limits(a, b, s, depth + 1);
    } else {
      std::vector<std::size_t> hand(static_cast<std::size_t>(empty));
      std::function<void(std::size_t, double)> deal = [&](std::size_t i, double p) {
        if (i == hand.size()) {
          double best = -1;
          place(hand, 0, open, empty, s, 0, best, depth);
          draw += p * (best < 0 ? u(0) : best);
          return;
        }
        for (std::size_t k = 0; k < kinds_.size(); ++k) {
          hand[i] = k;
          deal(i + 1, p * kinds_[k].weight);
        }
      };
      deal(0, 1.0);
    }
    return memo_[key] = std::max(u(s), draw);
  }

  // Card by card: leave it, or put it on one of its open letters (a wild into any space).
  void place(const std::vector<std::size_t>& hand, std::size_t i, std::uint32_t open, int empty, int s, int placed,
             double& best, int depth) {
    if (i == hand.size()) {
      if (placed > 0) best = std::max(best, value(open, empty, s, depth));
      return;
    }
    place(hand, i + 1, open, empty, s, placed, best, depth);
    if (empty == 0) return;
    const Kind& k = kinds_[hand[i]];
    if (k.wild()) {
      place(hand, i + 1, open, empty - 1, s + k.points, placed + 1, best, depth);
      return;
    }
    for (int p : k.letters)
      if (open & (1u << (p - 1))) place(hand, i + 1, open & ~(1u << (p - 1)), empty - 1, s + k.points, placed + 1, best, depth);
  }

  rules::ThreeRules r_;
  int T_, K_, reach_ = 0;
  std::uint32_t fillable_ = 0;
  std::vector<Kind> kinds_;
  const std::function<double(int)>* u_ = nullptr;
  int rows_ = 0;
  std::unordered_map<std::uint64_t, double> memo_;
  std::map<std::pair<int, int>, double> F_, G_;
  std::map<int, double> end_;
};

TEST(ThreeWin, AgreesWithABruteForceOnTheSmallGame) {
  auto r = load({"spaces=2", "target=30"});
  auto w = six_kinds(r);
  // The first player passes at 10 points past the target (the model's cap, lowered to keep
  // the brute force small).
  ThreeWinSolver table(r, w, {.lead_cap = 10});
  BruteForce brute(r, w, 10);
  constexpr int kLow = 27;
  brute.solve(kLow);
  for (int a = kLow; a < 30; ++a)
    for (int b = kLow; b < 30; ++b) {
      EXPECT_NEAR(table.first(a, b), brute.first(a, b), 1e-9) << a << " " << b;
      EXPECT_GE(table.first(a, b), 0);
      EXPECT_LE(table.first(a, b), 1);
    }
  EXPECT_GT(table.start_chance(), 0);
  EXPECT_LT(table.start_chance(), 1);
}

// A quick table for live games: one space, target 15 (the fresh deck: every card a game deals).
std::shared_ptr<const rules::ThreeRules> quick_rules() {
  static auto r = std::make_shared<const rules::ThreeRules>(load({"spaces=1", "target=15"}));
  return r;
}
const ThreeWinSolver& quick_table() {
  static ThreeWinSolver table(*quick_rules(), strategy::fresh_composition(quick_rules()->letter_deck));
  return table;
}

std::string words(const three::ThreeGame& g, int seat, const three::Action& a) { return three::describe(g, seat, a); }

// A heads-up game of the quick rules, ann and bob, dealt by `seed`.
three::ThreeGame heads_up(std::uint64_t seed, std::vector<three::Event>& events) {
  three::Setup setup;
  setup.players = {"ann", "bob"};
  setup.seed = seed;
  return three::ThreeGame(quick_rules(), setup, events);
}

TEST(ThreeWin, LiveGamesRateEveryLegalActionWithChancesInZeroOne) {
  const auto& table = quick_table();
  strategy::WinningThreeBot winning;
  strategy::RandomThreeBot random;
  int decisions = 0, known = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    std::vector<three::Event> events;
    auto game = heads_up(seed, events);
    auto rng = cards::make_rng(seed, cards::RngStream::Bots);
    for (int step = 0; step < 3000 && !game.over(); ++step) {
      int seat = game.to_act();
      auto legal = game.legal(seat);
      auto rated = table.evaluate(game, seat);
      std::vector<std::string> want, got;
      for (const auto& a : legal) want.push_back(words(game, seat, a));
      for (const auto& r : rated) got.push_back(words(game, seat, r.action));
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, want) << "seed " << seed << " step " << step;
      EXPECT_TRUE(table.evaluate(game, 1 - seat).empty());
      auto against = table.evaluate(game, seat, 1 - seat);  // the same question, the other seat named
      ASSERT_EQ(against.size(), rated.size());
      for (std::size_t i = 0; i < rated.size(); ++i) EXPECT_EQ(against[i].chance, rated[i].chance);
      for (std::size_t i = 0; i < rated.size(); ++i) {
        EXPECT_GE(rated[i].chance, 0);
        EXPECT_LE(rated[i].chance, 1);
        if (i > 0) {
          EXPECT_GE(rated[i - 1].chance, rated[i].chance);
        }
      }
      // The two seats' chances (the player to act's best, the other's 1 - it) sum to 1 and lie in
      // [0, 1]; where the other has passed past the target with a lead the player cannot beat
      // in one round, passing loses.
      const auto& other = game.players()[static_cast<std::size_t>(1 - seat)];
      if (other.status != three::Status::In) ++known;
      ++decisions;
      auto action = seat == 0 ? winning.choose(game, seat, rng) : random.choose(game, seat, rng);
      EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end());
      ASSERT_FALSE(game.apply(seat, action, events)) << "seed " << seed;
    }
    EXPECT_TRUE(game.over()) << "seed " << seed;
  }
  EXPECT_GT(decisions, 100);
  EXPECT_GT(known, 10);  // decisions made with the other's round over came up
}

TEST(ThreeWin, ChancesLieInZeroOneAndTheSeatsSumToOne) {
  const auto& t = quick_table();
  for (int a = 0; a < 15; ++a)
    for (int b = 0; b < 15; ++b) {
      EXPECT_GE(t.first(a, b), 0);
      EXPECT_LE(t.first(a, b), 1);
      // The dealer's chance before the first plays is 1 - F; it is also the first's round
      // averaged over the dealer's answers, which the table holds as G: both in [0, 1].
      EXPECT_GE(t.second(b, a), 0);
      EXPECT_LE(t.second(b, a), 1);
    }
  // More points never hurt: F rises with one's own total and falls with the other's.
  for (int a = 0; a + 1 < 15; ++a)
    for (int b = 0; b < 15; ++b) {
      EXPECT_GE(t.first(a + 1, b), t.first(a, b) - 1e-12);
      EXPECT_LE(t.first(b, a + 1), t.first(b, a) + 1e-12);
    }
}

TEST(ThreeWin, WithMoreSeatsTheWinningBotPlaysToBeatTheLeaderAndItsGamesEnd) {
  strategy::WinningThreeBot winning;
  const auto& table = quick_table();
  int differs = 0, decisions = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    three::Setup setup;
    setup.players = {"ann", "bob", "cat"};
    setup.seed = seed;
    std::vector<three::Event> events;
    three::ThreeGame game(quick_rules(), setup, events);
    auto rng = cards::make_rng(seed, cards::RngStream::Bots);
    for (int step = 0; step < 3000 && !game.over(); ++step) {
      int seat = game.to_act();
      // The leader: the other seat with the highest total, a passed round's score counted.
      int leader = ThreeWinSolver::leader(game, seat), best = -1;
      for (int s = 0; s < 3; ++s) {
        if (s == seat) continue;
        const auto& p = game.players()[static_cast<std::size_t>(s)];
        best = std::max(best, p.total + (p.status == three::Status::Passed ? p.round_score : 0));
      }
      const auto& lp = game.players()[static_cast<std::size_t>(leader)];
      EXPECT_EQ(lp.total + (lp.status == three::Status::Passed ? lp.round_score : 0), best);
      EXPECT_NE(leader, seat);
      auto rated = table.evaluate(game, seat, leader);
      ASSERT_EQ(rated.size(), game.legal(seat).size());
      EXPECT_TRUE(table.evaluate(game, seat).empty());  // the two-seat question is not this one
      auto a = winning.choose(game, seat, rng);
      EXPECT_EQ(words(game, seat, a), words(game, seat, rated.front().action));
      if (words(game, seat, a) != words(game, seat, strategy::OptimalThreeBot().choose(game, seat, rng))) ++differs;
      ++decisions;
      ASSERT_FALSE(game.apply(seat, a, events));
    }
    EXPECT_TRUE(game.over()) << "seed " << seed;
  }
  EXPECT_GT(decisions, 0);
  EXPECT_GT(differs, 0);  // it does not merely play for points
}

TEST(ThreeWin, ASavedTableLoadsToTheSameChances) {
  const auto& t = quick_table();
  auto path = (std::filesystem::temp_directory_path() / fmt::format("three-win-test-{}.bin", ::getpid())).string();
  ASSERT_TRUE(t.save(path));
  auto comp = strategy::fresh_composition(quick_rules()->letter_deck);
  auto loaded = ThreeWinSolver::load(path, *quick_rules(), comp, {});
  ASSERT_TRUE(loaded);
  for (int a = 0; a < 15; ++a)
    for (int b = 0; b < 15; ++b) {
      EXPECT_EQ(loaded->first(a, b), t.first(a, b));
      EXPECT_EQ(loaded->bank_threshold(a, b), t.bank_threshold(a, b));
    }
  // The file holds the state graph the ratings sweep (mapped, not found again): a live game's
  // ratings from the loaded table are the solved one's.
  strategy::RandomThreeBot random;
  int rated = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::vector<three::Event> events;
    auto game = heads_up(seed, events);
    auto rng = cards::make_rng(seed, cards::RngStream::Bots);
    for (int step = 0; step < 3000 && !game.over(); ++step) {
      int seat = game.to_act();
      auto want = t.evaluate(game, seat), got = loaded->evaluate(game, seat);
      ASSERT_EQ(got.size(), want.size());
      for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(got[i].chance, want[i].chance) << "seed " << seed << " step " << step;
      rated += static_cast<int>(want.size());
      ASSERT_FALSE(game.apply(seat, random.choose(game, seat, rng), events));
    }
  }
  EXPECT_GT(rated, 100);
  EXPECT_FALSE(ThreeWinSolver::load(path, load({"spaces=1", "target=16"}), comp, {}));
  // A file cut short (a full disk, a copy stopped) is not read.
  auto whole = std::filesystem::file_size(path);
  std::filesystem::resize_file(path, whole - 8);
  EXPECT_FALSE(ThreeWinSolver::load(path, *quick_rules(), comp, {}));
  std::filesystem::resize_file(path, 100);
  EXPECT_FALSE(ThreeWinSolver::load(path, *quick_rules(), comp, {}));
  std::filesystem::remove(path);
}

// A table on a grid of totals (what the real rules need) interpolates between the grid's totals
// and plays each round at its exact points: close to the exact table at every pair of totals,
// equal at the start (both hold 0 to 0, and both solve the same cycle there only up to the
// rounds that score less than the step).
TEST(ThreeWin, AGridOfTotalsStaysCloseToTheExactTable) {
  const auto& exact = quick_table();
  ThreeWinSolver grid(*quick_rules(), strategy::fresh_composition(quick_rules()->letter_deck), {.step = 3});
  EXPECT_EQ(grid.step(), 3);
  EXPECT_EQ(grid.totals(), (std::vector<int>{0, 3, 6, 9, 12, 14}));
  double worst = 0;
  for (int a = 0; a < 15; ++a)
    for (int b = 0; b < 15; ++b) {
      ASSERT_GE(grid.first(a, b), 0);
      ASSERT_LE(grid.first(a, b), 1);
      worst = std::max(worst, std::abs(grid.first(a, b) - exact.first(a, b)));
    }
  EXPECT_LT(worst, 0.01);
  EXPECT_NEAR(grid.start_chance(), exact.start_chance(), 2e-4);
  // Off the grid the chance lies between its neighbours' (bilinear): 1 between 0 and 3.
  for (int b : {0, 6, 14}) {
    double lo = std::min(grid.first(0, b), grid.first(3, b)), hi = std::max(grid.first(0, b), grid.first(3, b));
    EXPECT_GE(grid.first(1, b), lo);
    EXPECT_LE(grid.first(1, b), hi);
  }
  // The rounds are played at their exact points: a live decision rates every legal action.
  three::Setup setup;
  setup.players = {"ann", "bob"};
  setup.seed = 7;
  std::vector<three::Event> events;
  three::ThreeGame game(quick_rules(), setup, events);
  auto rng = cards::make_rng(7, cards::RngStream::Bots);
  strategy::OptimalThreeBot optimal;
  for (int moves = 0; moves < 3000 && !game.over(); ++moves) {
    int seat = game.to_act();
    auto rated = grid.evaluate(game, seat);
    ASSERT_EQ(rated.size(), game.legal(seat).size());
    for (const auto& r : rated) {
      EXPECT_GE(r.chance, 0);
      EXPECT_LE(r.chance, 1);
    }
    ASSERT_FALSE(game.apply(seat, optimal.choose(game, seat, rng), events));
  }
}

// With no step asked for, the table takes the smallest whose work fits the limit.
TEST(ThreeWin, TheStepIsTheSmallestThatFitsTheWorkLimit) {
  auto r = load({"spaces=1", "target=14"});
  double before = ThreeWinSolver::work_limit();
  double one = ThreeWinSolver::work(r, 1), two = ThreeWinSolver::work(r, 2);
  ASSERT_LT(two, one);
  ThreeWinSolver::set_work_limit((one + two) / 2);
  ThreeWinSolver table(r, strategy::fresh_composition(r.letter_deck));
  EXPECT_EQ(table.step(), 2);
  ThreeWinSolver::set_work_limit(one);
  EXPECT_EQ(ThreeWinSolver(r, strategy::fresh_composition(r.letter_deck)).step(), 1);
  ThreeWinSolver::set_work_limit(before);
}

// The server's sweep lets go of the tables nobody asked for since the last sweep, with the rounds
// they keep for live decisions (a round of the real rules is about 30 MB).
TEST(ThreeWin, TablesNobodyAskedForAreLetGo) {
  auto r = load({"spaces=1", "target=13"});
  auto table = ThreeWinSolver::shared(r);
  EXPECT_GT(table->bytes(), 0u);
  ThreeWinSolver::let_go_of_unused();                      // handed out since: kept
  EXPECT_EQ(ThreeWinSolver::shared(r).get(), table.get());  // asked again: the same table
  ThreeWinSolver::let_go_of_unused();                      // asked since the last sweep: kept
  EXPECT_EQ(ThreeWinSolver::ready(r).get(), table.get());
  ThreeWinSolver::let_go_of_unused();
  EXPECT_GE(ThreeWinSolver::let_go_of_unused(), table->bytes());  // nobody asked: let go
  EXPECT_NE(ThreeWinSolver::shared(r).get(), table.get());        // made again when asked
}

// `inbetween solve threebetween --win --totals-step N`: the grid asked for, as JSON; a step off
// the grid's range or without --win is refused with exit 2 and a message naming the option.
TEST(ThreeWin, SolveWinTakesTheGridsStep) {
  auto run = [](const std::string& args, std::string& out) {
    auto path = std::filesystem::temp_directory_path() / fmt::format("three-win-cli-{}.txt", ::getpid());
    std::string command = fmt::format("INBETWEEN_CACHE_DIR=off '{}' solve threebetween {} > '{}' 2>&1", INBETWEEN_BINARY, args, path.string());
    int status = std::system(command.c_str());
    std::ifstream in(path);
    out.assign(std::istreambuf_iterator<char>(in), {});
    std::filesystem::remove(path);
    return WEXITSTATUS(status);
  };
  std::string out;
  ASSERT_EQ(run("--win --set spaces=1 --set target=15 --totals-step 3 --format json", out), 0) << out;
  auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["solver"]["totals_step"], 3);
  // Every pair of totals, those the table holds (0, 3, 6, 9, 12 and 14 both ways) marked.
  ASSERT_EQ(j["by_totals"]["rows"].size(), 225u);
  auto held_total = [](int t) { return t % 3 == 0 || t == 14; };
  int held = 0;
  for (const auto& row : j["by_totals"]["rows"]) {
    EXPECT_EQ(row[4].get<bool>(), held_total(row[0].get<int>()) && held_total(row[1].get<int>())) << row.dump();
    held += row[4].get<bool>();
  }
  EXPECT_EQ(held, 36);
  ASSERT_EQ(run("--win --set spaces=1 --set target=15 --format json", out), 0) << out;
  EXPECT_EQ(nlohmann::json::parse(out)["solver"]["totals_step"], 1);  // small: every total
  EXPECT_EQ(run("--win --totals-step 9", out), 2);
  EXPECT_NE(out.find("--totals-step: 9 is not a step of the grid of totals: 1 to 8"), std::string::npos) << out;
  EXPECT_EQ(run("--totals-step 2", out), 2);
  EXPECT_NE(out.find("--totals-step is a setting of the win table: add --win"), std::string::npos) << out;
}

TEST(ThreeWin, ATableOverTheWorkLimitIsRefusedAsTooBig) {
  double before = ThreeWinSolver::work_limit();
  ThreeWinSolver::set_work_limit(1e6);
  EXPECT_THROW(ThreeWinSolver(load({"spaces=1", "target=14"}), strategy::fresh_composition(quick_rules()->letter_deck)),
               inbetween::games::TooBig);
  ThreeWinSolver::set_work_limit(before);
}

}  // namespace
