// The ThreeBeTween solver (docs/solver.md): hand-computed cases, the Bellman equations checked
// against brute force, seeded Monte Carlo play of the optimal policy, evaluate() against
// legal(), the optimal bot against the sensible bot, the bank cap and the disk cache.
//
// To stay fast (also under ASan + UBSan) most tests solve the rules with `spaces = 2` (a full
// table in well under a second); the real rules (`spaces = 3`) are solved once, in
// RealRules.MonteCarloAgreesAndOptimalBeatsSensible.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "cards/letter_card.h"
#include "cards/rng.h"
#include "families/three/action.h"
#include "families/three/family.h"
#include "families/three/game.h"
#include "rules/rule_files.h"
#include "protocol/engine_loop.h"
#include "families/three/rules.h"
#include "families/three/bots.h"
#include "families/three/solver.h"

namespace {

namespace fs = std::filesystem;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;
namespace three = inbetween::games::three;
using strategy::ThreeSolver;
using strategy::TurnPosition;

rules::ThreeRules load(const std::vector<std::string>& sets = {}) {
  std::vector<rules::Override> overrides;
  for (const auto& s : sets) overrides.push_back(rules::parse_override(s));
  return rules::load_three_rules("threebetween", overrides);
}

// One solver per rules, solved once per test process.
const ThreeSolver& two_spaces() {
  static const auto solver = std::make_shared<ThreeSolver>(load({"spaces=2"}), strategy::fresh_composition(load().letter_deck));
  return *solver;
}

std::shared_ptr<const ThreeSolver> two_spaces_shared() {
  static const auto solver =
      std::shared_ptr<const ThreeSolver>(&two_spaces(), [](const ThreeSolver*) {});  // lives as long as the process
  return solver;
}

cards::CardCode code(const ThreeSolver& s, const char* text) { return *s.rules().letter_deck.parse(text); }
int pos(char letter) { return cards::letter_position(letter); }

// Monte Carlo agrees with an exact value within `sigmas` standard errors.
void expect_close(double exact, const strategy::RoundStats& mc, const std::string& what, double sigmas = 4) {
  double se = mc.stddev / std::sqrt(static_cast<double>(mc.rounds));
  EXPECT_LE(std::abs(mc.mean - exact), sigmas * se + 1e-9)
      << what << ": solver " << exact << ", Monte Carlo " << mc.mean << " ± " << se << " (1 SE, " << mc.rounds << " rounds)";
}

void expect_bust_close(double exact, const strategy::RoundStats& mc, const std::string& what, double sigmas = 4) {
  double se = std::sqrt(std::max(exact * (1 - exact), 1e-12) / mc.rounds);
  EXPECT_LE(std::abs(mc.bust_rate - exact), sigmas * se + 1e-9)
      << what << ": solver bust " << exact << ", Monte Carlo " << mc.bust_rate << " (1 SE " << se << ")";
}

// ---- hand-computed ----------------------------------------------------------------------------

// A three-kind deck: B (2 copies, 1 point), C (1 copy, 3 points), D (1 copy, 2 points); one
// space. Limits B and D leave C open; B-C and C-D leave nothing (a draw always busts).
//   V({C}, S) = max(S, 1/4 max(S + 3, W(S + 3)));  V({}, S) = S
//   W(S) = P(BD) V({C}, S + 3) + P(BC) (S + 4) + P(CD) (S + 5) = 1/4 (S + 3) + 1/4 (S + 4) + 1/8 (S + 5)
//        = 0.625 S + 2.375 (V({C}, S') = S' for every S' >= 3), so banking pays below S = 6.33.
rules::ThreeRules tiny_rules() {
  rules::ThreeRules r = load({"spaces=1"});
  r.letter_deck.name = "tiny";
  r.letter_deck.kinds = {{"B", {'B'}, 1, 2}, {"C", {'C'}, 3, 1}, {"D", {'D'}, 2, 1}};
  return r;
}

TEST(ByHand, TinyDeck) {
  auto r = tiny_rules();
  ThreeSolver s(r, strategy::fresh_composition(r.letter_deck));
  for (int S : {0, 1, 5, 6, 7, 20, 100, s.bank_cap() + 7})
    EXPECT_NEAR(s.bank_value(S), 0.625 * S + 2.375, 1e-12) << "W(" << S << ")";
  EXPECT_EQ(s.bank_threshold(), 7);  // W(6) = 6.125 > 6, W(7) = 6.75 < 7
  TurnPosition c{1u << (pos('C') - 1), 1}, none{0, 1};
  // D({C}, 0) = 1/4 max(3, W(3) = 4.25): drawing beats passing with nothing.
  EXPECT_NEAR(s.draw_value(c, 0), 1.0625, 1e-12);
  EXPECT_NEAR(s.turn_value(c, 0), 1.0625, 1e-12);
  // Bust: no C (3/4), or C then a bank at 3 that deals identical limits (3/8).
  EXPECT_NEAR(s.turn_bust(c, 0), 0.75 + 0.25 * 0.375, 1e-12);
  EXPECT_NEAR(s.turn_value(c, 3), 3, 1e-12);  // 1/4 max(6, W(6) = 6.125) < 3: pass
  EXPECT_NEAR(s.draw_value(none, 4), 0, 1e-12);
  EXPECT_NEAR(s.turn_value(none, 4), 4, 1e-12);
  // Set-up: keep or replace (the replacement is drawn B 1/2, C 1/4, D 1/4).
  auto B = code(s, "B"), C = code(s, "C"), D = code(s, "D");
  EXPECT_NEAR(s.deal_value(B, D).value, 3, 1e-12);
  EXPECT_FALSE(s.deal_value(B, D).replace);
  EXPECT_NEAR(s.deal_value(B, C).value, 4, 1e-12);
  EXPECT_NEAR(s.deal_value(C, D).value, 5, 1e-12);
  EXPECT_NEAR(s.deal_value(B, B).value, 0.25 * 4 + 0.25 * 3, 1e-12);  // replace a B: C -> B-C, D -> B-D
  EXPECT_NEAR(s.deal_value(C, C).value, 0.5 * 4 + 0.25 * 5, 1e-12);
  EXPECT_NEAR(s.deal_value(D, D).value, 0.5 * 3 + 0.25 * 5, 1e-12);
  EXPECT_EQ(s.deal_value(D, D).replace, D);
  EXPECT_NEAR(s.deal_value(D, D).bust, 0.25, 1e-12);  // the replacement is the other D
  double round = 0.25 * 1.75 + 0.0625 * 3.25 + 0.0625 * 2.75 + 0.25 * 4 + 0.25 * 3 + 0.125 * 5;
  EXPECT_NEAR(s.round_value(), round, 1e-12);
}

// Limits L and N leave only M open; with one empty space only M (2 of 74, 3 points) and a wild
// (2 of 74, 0 points) fit: D(S) = 2/74 (max(S + 3, W(S + 3)) + max(S, W(S))).
TEST(ByHand, OneSpaceNarrowLimits) {
  const auto& s = two_spaces();
  TurnPosition m = strategy::position_between(pos('L'), pos('N'), 0, 1);
  EXPECT_EQ(m.open, 1u << (pos('M') - 1));
  for (int S : {0, 1, 3, 10, 50, 100, 150, 200, s.bank_cap(), s.top()}) {
    auto full = [&](int x) { return std::max<double>(x, s.bank_value(x)); };
    double d = 2.0 / 74 * (full(S + 3) + full(S));
    EXPECT_NEAR(s.draw_value(m, S), d, 1e-9) << "S = " << S;
    EXPECT_NEAR(s.turn_value(m, S), std::max<double>(S, d), 1e-9) << "S = " << S;
  }
  // A full row (a ThreeBeTween) is worth banking only below the threshold.
  TurnPosition full{0, 0};
  int t = s.bank_threshold();
  EXPECT_GT(s.turn_value(full, t - 1), t - 1);
  EXPECT_DOUBLE_EQ(s.turn_value(full, t), t);
}

// ---- the Bellman equations against brute force ------------------------------------------------

// D(pos, S) = sum over every ordered draw of one card per empty space of its chance times the
// best placement (best_placement enumerates the actual cards, not the solver's classes).
TEST(Bellman, DrawValueIsTheSumOverEveryDraw) {
  const auto& s = two_spaces();
  const auto& w = s.composition();
  auto brute = [&](TurnPosition p, int S) {
    double d = 0;
    std::vector<cards::CardCode> hand(static_cast<std::size_t>(p.empty));
    std::vector<std::size_t> idx(hand.size(), 0);
    for (;;) {
      double prob = 1;
      for (std::size_t i = 0; i < hand.size(); ++i) {
        hand[i] = static_cast<cards::CardCode>(idx[i]);
        prob *= w[idx[i]];
      }
      if (auto b = s.best_placement(p, hand, S, false)) d += prob * b->value;
      std::size_t i = 0;
      while (i < idx.size() && ++idx[i] == w.size()) idx[i++] = 0;
      if (i == idx.size()) return d;
    }
  };
  struct Case {
    int low, high;
    std::uint32_t filled;
    int empty, S;
  };
  for (auto c : std::vector<Case>{{0, 27, 0, 2, 0},
                                  {0, 27, 0, 2, 140},
                                  {pos('B'), pos('Z'), 0, 2, 14},
                                  {pos('E'), pos('T'), 0, 2, 40},
                                  {pos('D'), pos('P'), 1u << (pos('H') - 1), 1, 9},
                                  {0, pos('E'), 0, 2, 3},
                                  {pos('X'), 27, 0, 1, 200}}) {
    auto p = strategy::position_between(c.low, c.high, c.filled, c.empty);
    EXPECT_NEAR(s.draw_value(p, c.S), brute(p, c.S), 1e-9) << c.low << ".." << c.high << " S " << c.S;
  }
}

// W(S) = sum over ordered pairs of limit cards, identical ones (not two wilds) busting, of the
// best layout's value.
TEST(Bellman, BankValueIsTheSumOverLimitPairs) {
  const auto& s = two_spaces();
  const auto& w = s.composition();
  const auto& kinds = s.rules().letter_deck.kinds;
  for (int S : {0, 7, 50, s.bank_threshold() - 1, s.bank_threshold(), s.bank_cap(), s.bank_cap() + 9}) {
    double sum = 0;
    for (std::size_t a = 0; a < w.size(); ++a)
      for (std::size_t b = 0; b < w.size(); ++b) {
        if (a == b && !kinds[a].wild()) continue;
        sum += w[a] * w[b] * s.best_layout(static_cast<cards::CardCode>(a), static_cast<cards::CardCode>(b), S).value;
      }
    EXPECT_NEAR(s.bank_value(S), sum, 1e-9) << "S = " << S;
  }
}

TEST(Bellman, ValuesAreAtLeastPassingAndLoseGroundAsSGrows) {
  const auto& s = two_spaces();
  std::vector<TurnPosition> positions = {
      strategy::position_between(0, 27, 0, 2), strategy::position_between(pos('C'), pos('W'), 0, 2),
      strategy::position_between(pos('J'), pos('P'), 0, 2), strategy::position_between(pos('A'), pos('C'), 0, 2),
      strategy::position_between(pos('C'), pos('W'), 1u << (pos('K') - 1), 1), {0, 0}};
  for (const auto& p : positions) {
    double previous_gain = 1e300;
    for (int S = 0; S <= s.top() + 20; S += 3) {
      double v = s.turn_value(p, S), d = s.draw_value(p, S);
      EXPECT_GE(v, S);
      EXPECT_NEAR(v, std::max<double>(S, d), 1e-12);
      // V - S does not grow with S (a bust loses everything at risk).
      EXPECT_LE(v - S, previous_gain + 1e-9) << "S = " << S;
      previous_gain = v - S;
      double b = s.turn_bust(p, S);
      EXPECT_GE(b, 0);
      EXPECT_LE(b, 1);
      if (v == S) {
        EXPECT_EQ(b, 0);  // passing never busts
      }
    }
  }
}

// ---- the bank cap -----------------------------------------------------------------------------

TEST(Truncation, RaisingTheCapChangesNothing) {
  const auto& s = two_spaces();
  EXPECT_LT(s.bank_threshold(), s.bank_cap());
  EXPECT_LE(s.bank_value(s.bank_cap()), s.bank_cap());
  ThreeSolver::Options wider;
  wider.bank_cap = 2 * s.bank_cap();
  ThreeSolver t(s.rules(), s.composition(), wider);
  EXPECT_EQ(t.bank_threshold(), s.bank_threshold());
  EXPECT_NEAR(t.round_value(), s.round_value(), 1e-9);
  EXPECT_NEAR(t.round_bust(), s.round_bust(), 1e-9);
  for (int S : {0, 30, 100, s.bank_threshold()}) EXPECT_NEAR(t.bank_value(S), s.bank_value(S), 1e-9);
  auto a = s.deal_table(), b = t.deal_table();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i].value, b[i].value, 1e-9);
}

// ---- Monte Carlo ------------------------------------------------------------------------------

// Seeded play of the solver's own policy with independent draws: within 4 standard errors of
// the solver's value and bust chance (a fixed seed: the check is deterministic).
TEST(MonteCarlo, PolicyPlayAgreesWithTheValues) {
  const auto& s = two_spaces();
  struct Case {
    TurnPosition p;
    int S;
  };
  std::vector<Case> cases = {{strategy::position_between(0, 27, 0, 2), 0},
                             {strategy::position_between(0, 27, 0, 2), 60},
                             {strategy::position_between(pos('C'), pos('W'), 0, 2), 7},
                             {strategy::position_between(pos('F'), pos('S'), 1u << (pos('M') - 1), 1), 12},
                             {{0, 0}, 20},
                             {{0, 0}, 120},
                             {strategy::position_between(pos('B'), pos('Y'), 0, 2), 150}};
  std::uint64_t seed = 11;
  for (const auto& c : cases) {
    auto mc = strategy::simulate_turns(s, c.p, c.S, 6000, seed++);
    std::string what = fmt::format("open {:x} empty {} S {}", c.p.open, c.p.empty, c.S);
    expect_close(s.turn_value(c.p, c.S), mc, what);
    expect_bust_close(s.turn_bust(c.p, c.S), mc, what);
  }
  for (auto [a, b] : std::vector<std::pair<const char*, const char*>>{{"B", "Z"}, {"L", "L"}, {"?", "?"}, {"M", "N"}, {"A/E", "T"}}) {
    auto mc = strategy::simulate_deal(s, code(s, a), code(s, b), 6000, seed++);
    auto d = s.deal_value(code(s, a), code(s, b));
    expect_close(d.value, mc, fmt::format("deal {} {}", a, b));
    expect_bust_close(d.bust, mc, fmt::format("deal {} {}", a, b));
  }
}

// The optimal bot playing real one-player games (cards drawn independently) scores what the
// solver says a random deal is worth, and beats the sensible bot on the same cards.
TEST(MonteCarlo, OptimalBotInRealGamesAgreesAndBeatsSensible) {
  const auto& s = two_spaces();
  strategy::OptimalThreeBot optimal(two_spaces_shared());
  strategy::SensibleThreeBot sensible;
  std::vector<double> a, b;
  auto o = strategy::play_rounds(s.rules(), optimal, 3000, 5, &a);
  auto n = strategy::play_rounds(s.rules(), sensible, 3000, 5, &b);
  expect_close(s.round_value(), o, "optimal bot, random deals");
  expect_bust_close(s.round_bust(), o, "optimal bot, random deals");
  // Paired on the same cards: the gain and its standard error.
  ASSERT_EQ(a.size(), b.size());
  double sum = 0, sum2 = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sum += a[i] - b[i];
    sum2 += (a[i] - b[i]) * (a[i] - b[i]);
  }
  double m = sum / static_cast<double>(a.size());
  double se = std::sqrt((sum2 / static_cast<double>(a.size()) - m * m) / static_cast<double>(a.size()));
  EXPECT_GT(m, 1.0) << "optimal " << o.mean << " vs sensible " << n.mean;
  EXPECT_GT(m - 4 * se, 0) << "gain " << m << " ± " << se;
}

// ---- evaluate() -------------------------------------------------------------------------------

std::string describe(const three::Action& a) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, three::Replace>) return fmt::format("replace {}", x.card);
        else if constexpr (std::is_same_v<T, three::PlaceLimits>)
          return fmt::format("place_limits {}@{} {}@{}", x.low.card, x.low.position, x.high.card, x.high.position);
        else if constexpr (std::is_same_v<T, three::Place>) return fmt::format("place {}@{}", x.card, x.position);
        else return three::action_name(three::Action{x});
      },
      a);
}

TEST(Evaluate, NamesExactlyTheLegalActionsBestFirst) {
  const auto& s = two_spaces();
  auto rules = std::make_shared<const rules::ThreeRules>(s.rules());
  strategy::OptimalThreeBot optimal(two_spaces_shared());
  strategy::RandomThreeBot random;
  std::map<std::string, int> phases;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    three::Setup setup;
    setup.players = {"ann", "bob", "cat"};
    setup.seed = seed;
    std::vector<three::Event> events;
    three::ThreeGame game(rules, setup, events);
    auto rng = cards::make_rng(seed, cards::RngStream::Bots);
    for (int step = 0; step < 400 && !game.over(); ++step) {
      int seat = game.to_act();
      auto legal = game.legal(seat);
      auto rated = s.evaluate(game, seat);
      std::vector<std::string> want, got;
      for (const auto& a : legal) want.push_back(describe(a));
      for (const auto& r : rated) got.push_back(describe(r.action));
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, want) << "seed " << seed << " step " << step;
      EXPECT_TRUE(s.evaluate(game, (seat + 1) % 3).empty());
      for (std::size_t i = 1; i < rated.size(); ++i) EXPECT_GE(rated[i - 1].value, rated[i].value);
      const auto& me = game.players()[static_cast<std::size_t>(seat)];
      for (const auto& r : rated) {
        EXPECT_GE(r.value, 0);
        int at_risk = strategy::points_at_risk(game, seat);
        if (std::holds_alternative<three::Pass>(r.action)) {
          EXPECT_EQ(r.value, at_risk);
        } else if (std::holds_alternative<three::EndTurn>(r.action) && me.placed_this_turn == 0) {
          EXPECT_EQ(r.value, 0);
        } else if (std::holds_alternative<three::Bank>(r.action)) {
          EXPECT_NEAR(r.value, s.bank_value(at_risk), 1e-12);
        }
      }
      if (game.phase() == three::Phase::Turn) {
        // The best action is worth the turn value.
        EXPECT_NEAR(rated.front().value,
                    s.turn_value(strategy::position_of(game, seat), strategy::points_at_risk(game, seat)), 1e-9);
      }
      phases[fmt::format("{}", static_cast<int>(game.phase())) + (std::holds_alternative<three::Bank>(legal.front()) ? "bank" : "")]++;
      // Seat 0 plays optimally, the others at random (so odd positions come up too).
      const strategy::ThreeBot& bot = seat == 0 ? static_cast<const strategy::ThreeBot&>(optimal) : random;
      events.clear();
      ASSERT_FALSE(game.apply(seat, bot.choose(game, seat, rng), events));
    }
  }
  // Every kind of decision came up: replace, place_limits, turn (draw and bank), place.
  EXPECT_GT(phases["0"], 0);
  EXPECT_GT(phases["1"], 0);
  EXPECT_GT(phases["2"], 0);
  EXPECT_GT(phases["2bank"], 0);
  EXPECT_GT(phases["3"], 0);
}

// A Place action is worth the best way to go on with the other drawn cards: limits L and N
// (4 points, two spaces), an M (3 points) and a wild drawn. Placing either leads to the same
// best continuation: the other card too (a ThreeBeTween at 7) or stopping; ending the turn with
// nothing placed is a bust.
TEST(Evaluate, PlaceValuesContinueOptimally) {
  const auto& s = two_spaces();
  auto rules = std::make_shared<const rules::ThreeRules>(s.rules());
  const auto& deck = rules->letter_deck;
  auto L = *deck.parse("L"), N = *deck.parse("N"), M = *deck.parse("M"), W = *deck.parse("?"), T = *deck.parse("T");
  three::Setup setup;
  setup.players = {"ann", "bob"};
  setup.seed = 3;
  setup.dealer = 1;
  // Limit cards one at a time from the dealer's left: ann L, bob T, ann N, bob T; then ann's draw.
  setup.stacked = {L, T, N, T, M, W};
  std::vector<three::Event> events;
  three::ThreeGame game(rules, setup, events);
  ASSERT_EQ(game.to_act(), 0);
  auto keep = s.evaluate(game, 0);
  ASSERT_EQ(keep.size(), 3u);  // keep, replace L, replace N
  for (const auto& r : keep) {
    if (std::holds_alternative<three::Keep>(r.action)) {
      EXPECT_NEAR(r.value, s.limits_value(L, N, 0), 1e-12);
    } else {
      EXPECT_NEAR(r.value, s.replace_value(std::get<three::Replace>(r.action).card == L ? N : L, 0), 1e-12);
    }
  }
  ASSERT_FALSE(game.apply(0, three::Keep{}, events));
  ASSERT_FALSE(game.apply(1, three::Keep{}, events));  // bob busts on identical limits
  ASSERT_EQ(game.to_act(), 0);
  TurnPosition start = strategy::position_of(game, 0);
  ASSERT_EQ(start.open, 1u << (pos('M') - 1));
  ASSERT_EQ(strategy::points_at_risk(game, 0), 4);
  auto turn = s.evaluate(game, 0);
  ASSERT_EQ(turn.size(), 2u);
  EXPECT_NEAR(turn.front().value, s.turn_value(start, 4), 1e-12);
  ASSERT_FALSE(game.apply(0, three::Draw{}, events));
  ASSERT_EQ(game.phase(), three::Phase::Place);
  auto place = s.evaluate(game, 0);
  ASSERT_EQ(place.size(), 3u);  // place M, place ?, end_turn
  double full = std::max<double>(7, s.bank_value(7));
  double after_m = std::max(full, s.turn_value({0, 1}, 7));               // then the wild, or stop
  double after_wild = std::max(full, s.turn_value({start.open, 1}, 4));  // then M, or stop
  for (const auto& r : place) {
    if (const auto* pc = std::get_if<three::Place>(&r.action)) {
      EXPECT_NEAR(r.value, pc->card == M ? after_m : after_wild, 1e-12);
    } else {
      EXPECT_EQ(r.value, 0);  // end_turn with nothing placed: a bust
    }
  }
}

// ---- the disk cache and other compositions ------------------------------------------------------

TEST(SolverCache, SavedTableLoadsIdentically) {
  const auto& s = two_spaces();
  fs::path dir = fs::temp_directory_path() / fmt::format("three-solver-test-{}", ::getpid());
  fs::create_directories(dir);
  std::string path = (dir / "table.bin").string();
  ASSERT_TRUE(s.save(path));
  auto t = ThreeSolver::load(path, s.rules(), s.composition());
  ASSERT_TRUE(t);
  EXPECT_EQ(t->positions(), s.positions());
  EXPECT_EQ(t->bank_threshold(), s.bank_threshold());
  EXPECT_DOUBLE_EQ(t->round_value(), s.round_value());
  EXPECT_DOUBLE_EQ(t->round_bust(), s.round_bust());
  for (int S : {0, 40, 170, s.top() + 5}) {
    EXPECT_DOUBLE_EQ(t->bank_value(S), s.bank_value(S));
    auto p = strategy::position_between(pos('C'), pos('V'), 0, 2);
    EXPECT_DOUBLE_EQ(t->draw_value(p, S), s.draw_value(p, S));
  }
  // Other rules or another composition: not this table.
  EXPECT_FALSE(ThreeSolver::load(path, load({"spaces=3"}), s.composition()));
  auto other = s.composition();
  std::swap(other.front(), other.back());  // a T and a wild: different chances
  EXPECT_FALSE(ThreeSolver::load(path, s.rules(), other));
  EXPECT_NE(ThreeSolver::cache_key(s.rules(), s.composition()), ThreeSolver::cache_key(s.rules(), other));
  fs::remove_all(dir);
}

// The solver's memory limit, set for one test and put back after it.
struct LimitFor {
  explicit LimitFor(std::size_t bytes) : before(ThreeSolver::memory_limit()) { ThreeSolver::set_memory_limit(bytes); }
  ~LimitFor() { ThreeSolver::set_memory_limit(before); }
  std::size_t before;
};

TEST(MemoryLimit, ATableOverTheLimitIsRefusedNamingWhatItWouldNeed) {
  const auto& s = two_spaces();
  auto make = [&] { ThreeSolver t(s.rules(), s.composition()); return t.memory_bytes(); };
  {
    // One byte short of what the table holds: refused before its value tables are made.
    LimitFor limit(s.memory_bytes() - 1);
    try {
      make();
      ADD_FAILURE() << "a table over the limit was made";
    } catch (const strategy::SolverLimit& e) {
      std::string text = e.what();
      EXPECT_NE(text.find(fmt::format("would need {:.1f} MB", strategy::megabytes(s.memory_bytes()))), std::string::npos) << text;
      EXPECT_NE(text.find("positions"), std::string::npos) << text;
    }
  }
  {
    // A limit the state graph passes while it is built: refused then, before anything else.
    LimitFor limit(64 * 1024);
    try {
      make();
      ADD_FAILURE() << "a table over the limit was made";
    } catch (const strategy::SolverLimit& e) {
      EXPECT_NE(std::string(e.what()).find("state graph"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("its limit is 0.1 MB"), std::string::npos) << e.what();
    }
  }
  // At exactly what it needs, the table is made, the same as before.
  LimitFor limit(s.memory_bytes());
  EXPECT_EQ(make(), s.memory_bytes());
}

TEST(MemoryLimit, TheEnginesHintAndOptimalBotAnswerTooBigAndChangeNothing) {
  LimitFor limit(64 * 1024);
  inbetween::protocol::Engine engine;
  ASSERT_TRUE(engine.handle(R"({"cmd":"new","rules":"threebetween","players":["Ann","Bob"],"seed":5,"set":{"spaces":2}})").value("ok", false));
  std::string state = engine.handle(R"({"cmd":"state"})").dump();
  for (const char* line : {R"({"cmd":"hint"})", R"({"cmd":"act","bot":"optimal"})"}) {
    auto reply = engine.handle(line);
    EXPECT_EQ(reply["error"].value("code", ""), "too_big") << line << " -> " << reply.dump();
    EXPECT_NE(reply["error"].value("message", "").find("limit"), std::string::npos) << reply.dump();
    EXPECT_EQ(engine.handle(R"({"cmd":"state"})").dump(), state) << line;
  }
}

// A table refused for its size is written down beside the cache: a server started again (which
// no longer has this process's memory of it) refuses it at once under a limit no larger, with the
// reason found the first time, and solves it under a larger one.
TEST(MemoryLimit, ARefusalIsRememberedAcrossRestartsUnderNoLargerLimit) {
  fs::path dir = fs::temp_directory_path() / fmt::format("inbetween-too-big-{}", ::getpid());
  fs::remove_all(dir);
  const char* before = std::getenv("INBETWEEN_CACHE_DIR");
  std::string kept = before ? before : "";
  ::setenv("INBETWEEN_CACHE_DIR", dir.c_str(), 1);
  auto rules = load({"spaces=1", "target=37"});  // rules no other test asks for
  auto refused_why = [&] {
    try {
      ThreeSolver::shared(rules);
    } catch (const strategy::SolverLimit& e) {
      return std::string(e.what());
    }
    return std::string("solved");
  };
  std::string first;
  {
    LimitFor limit(16 * 1024);
    first = refused_why();
    EXPECT_NE(first.find("the state graph alone passed that"), std::string::npos) << first;
  }
  std::string marker = ThreeSolver::cache_path(ThreeSolver::cache_key(rules, strategy::fresh_composition(rules.letter_deck))) + ".too-big";
  EXPECT_TRUE(fs::exists(marker));
  {
    // A smaller limit: this process has no memory of it (its refusals are kept per limit), so
    // the answer is the written one: the first reason, refused at once.
    LimitFor limit(8 * 1024);
    EXPECT_EQ(refused_why(), first + " (refused at once: these rules were tried before under a limit no smaller)");
  }
  {
    LimitFor limit(512u << 20);
    EXPECT_EQ(refused_why(), "solved");
  }
  if (before) ::setenv("INBETWEEN_CACHE_DIR", kept.c_str(), 1);
  else ::unsetenv("INBETWEEN_CACHE_DIR");
  fs::remove_all(dir);
}

// The exact remaining cards of a game in progress as the composition.
TEST(Composition, RemainingCardsOfAGame) {
  auto rules = std::make_shared<const rules::ThreeRules>(load({"spaces=1"}));
  three::Setup setup;
  setup.players = {"ann", "bob"};
  setup.seed = 8;
  std::vector<three::Event> events;
  three::ThreeGame game(rules, setup, events);
  auto w = strategy::remaining_composition(game);
  auto counts = game.shoe().remaining_counts();
  ASSERT_EQ(w.size(), rules->letter_deck.kinds.size());
  double total = 0;
  for (double x : w) total += x;
  EXPECT_NEAR(total, 1, 1e-12);
  for (std::size_t i = 0; i < w.size(); ++i)
    EXPECT_NEAR(w[i], (i < counts.size() ? counts[i] : 0) / static_cast<double>(game.shoe().remaining()), 1e-12);
  ThreeSolver s(*rules, w);
  auto rated = s.evaluate(game, game.to_act());
  EXPECT_EQ(rated.size(), game.legal(game.to_act()).size());
  EXPECT_GT(s.round_value(), 0);
}

// ---- the real rules ----------------------------------------------------------------------------

TEST(RealRules, MonteCarloAgreesAndOptimalBeatsSensible) {
  auto r = load();
  ThreeSolver s(r, strategy::fresh_composition(r.letter_deck));
  EXPECT_LT(s.bank_threshold(), s.bank_cap());
  EXPECT_LE(s.bank_value(s.bank_cap()), s.bank_cap());
  // The optimal policy from a few starts, against seeded simulation (4 standard errors).
  auto mc = strategy::simulate_deal(s, code(s, "B"), code(s, "Z"), 4000, 21);
  expect_close(s.deal_value(code(s, "B"), code(s, "Z")).value, mc, "real rules, deal B Z");
  auto p = strategy::position_between(0, 27, 0, 3);
  expect_close(s.turn_value(p, 100), strategy::simulate_turns(s, p, 100, 4000, 22), "real rules, ?..? at S 100");
  // Real one-player games: the optimal bot against the sensible bot on the same cards.
  auto shared = std::shared_ptr<const ThreeSolver>(&s, [](const ThreeSolver*) {});
  strategy::OptimalThreeBot optimal(shared);
  strategy::SensibleThreeBot sensible;
  auto o = strategy::play_rounds(r, optimal, 1500, 9);
  auto n = strategy::play_rounds(r, sensible, 1500, 9);
  expect_close(s.round_value(), o, "real rules, optimal bot");
  EXPECT_GT(o.mean - n.mean, 1.5) << "optimal " << o.mean << " vs sensible " << n.mean;
}

TEST(Bots, OptimalIsAKind) {
  EXPECT_TRUE(dynamic_cast<strategy::OptimalThreeBot*>(inbetween::games::three::ThreeFamily::Bots::make("optimal").get()));
}

}  // namespace
