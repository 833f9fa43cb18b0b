// The figures of `inbetween simulate` beyond results: lengths in each family's units, the time
// model, the places after the dealer, ThreeBeTween's busts, --until, --per-game and --chart.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "families/three/rules.h"
#include "sim/fit.h"
#include "sim/simulate.h"
#include "families/three/bots.h"
#include "families/three/simulation.h"
#include "families/three/solver.h"
#include "support/run_inbetween.h"
#include "support/sim_spec.h"
#include "support/text_files.h"

namespace {

using namespace inbetween;
using inbetween::testing::run_inbetween;
namespace fs = std::filesystem;

using testing_support::spec_of;

sim::SimStats run(const char* rules, std::vector<std::string> bots, std::uint64_t games, std::vector<rules::Override> sets = {}) {
  return sim::simulate(spec_of(rules, std::move(bots), games, std::move(sets)));
}

std::int64_t seat_turns(const sim::SimStats& s) {
  std::int64_t n = 0;
  for (const auto& seat : s.seats) n += static_cast<std::int64_t>(seat.turns);
  return n;
}

// Hoyle: three players, everyone deals once: three deals of three hands, unless a player drops
// out; a hand is one pair of posts even when identical posts are replaced.
TEST(SimulateFigures, PotGamesCountHandsAndDeals) {
  for (const char* pairs : {"pay", "redeal"}) {
    SCOPED_TRACE(pairs);
    auto s = run("hoyle", {"sensible", "random", "cautious"}, 400, {{"pair_posts", pairs}});
    EXPECT_EQ(s.rounds.tally.hi, 3);
    EXPECT_EQ(s.turns.tally.hi, 9);
    EXPECT_EQ(s.turns.quantile(0.5), 9);
    EXPECT_TRUE(s.turns.tally.sum == seat_turns(s));
    EXPECT_GT(s.ended_by_limit, 390u);
    EXPECT_TRUE(s.has_pot);
    EXPECT_GE(s.pot.lo, 1);  // a bet is made against chips in the pot
    EXPECT_EQ(s.turn_word, "hands");
    EXPECT_EQ(s.round_word, "deals");
  }
}

// Red Dog: a hand of the table is one set of cards; a bet is one player's wager in it.
TEST(SimulateFigures, HouseGamesCountHandsOfTheTableAndBets) {
  auto s = run("red-dog", {"optimal", "random", "sensible"}, 300);
  EXPECT_EQ(s.round_word, "hands");
  EXPECT_EQ(s.turn_word, "bets");
  EXPECT_GT(s.rounds.tally.lo, 0);
  EXPECT_LE(s.turns.tally.hi, 3 * s.rounds.tally.hi);
  EXPECT_GE(s.turns.tally.sum, s.rounds.tally.sum);  // someone bets in every hand
  EXPECT_TRUE(s.turns.tally.sum == seat_turns(s));
  EXPECT_FALSE(s.has_pot);
}

// ThreeBeTween: turns are draws; a bust ends a turn or a set-up; banks and passes are counted.
TEST(SimulateFigures, ThreeBeTweenCountsTurnsRoundsBustsBanksAndPasses) {
  auto s = run("threebetween", {"sensible", "random"}, 60);
  EXPECT_TRUE(s.counts_banks);
  EXPECT_TRUE(s.turns.tally.sum == seat_turns(s));
  std::uint64_t rounds = static_cast<std::uint64_t>(s.rounds.tally.sum);
  for (const auto& seat : s.seats) {
    // Each round a seat ends with one bust or one pass (or the round ends with the others').
    EXPECT_LE(seat.busts + seat.passes, rounds);
    EXPECT_LE(seat.busts, seat.turns + rounds);
  }
  EXPECT_GT(s.seats[1].busts * s.seats[0].turns, s.seats[0].busts * s.seats[1].turns) << "random busts more often than sensible";
  EXPECT_GT(s.seats[0].banks, s.seats[1].banks);
}

// Minutes per game follow the time model from the counts, game by game.
TEST(SimulateFigures, MinutesFollowTheTimeModel) {
  sim::SimSpec spec;
  spec.rules = "threebetween";
  spec.bots = {"sensible", "sensible", "sensible"};
  spec.games = 50;
  spec.time = {10, 2, 45};
  auto s = sim::simulate(spec);
  double expected = 10 * s.turns.tally.mean() + 2 * s.cards.mean() + 45 * s.rounds.tally.mean();
  EXPECT_NEAR(s.seconds.tally.mean(), expected, 0.5);
  spec.time = {0, 0, 60};
  auto rounds_only = sim::simulate(spec);
  EXPECT_TRUE(rounds_only.seconds.tally.sum == 60 * rounds_only.rounds.tally.sum);
}

// The places after the first dealer hold the same games and chips as the seats, rearranged.
TEST(SimulateFigures, PlacesRearrangeTheSeats) {
  for (const char* rules : {"hoyle", "red-dog", "threebetween"}) {
    SCOPED_TRACE(rules);
    auto s = run(rules, {"sensible", "random", "sensible"}, rules == std::string("threebetween") ? 30 : 300);
    ASSERT_EQ(s.places.size(), 3u);
    __int128 seats = 0, places = 0;
    std::uint64_t seat_wins = 0, place_wins = 0;
    for (int i = 0; i < 3; ++i) {
      seats += s.seats[i].score.sum;
      places += s.places[i].score.sum;
      seat_wins += s.seats[i].wins;
      place_wins += s.places[i].wins;
      EXPECT_EQ(s.places[i].score.n, s.games - s.stopped);
    }
    EXPECT_TRUE(seats == places);
    EXPECT_EQ(seat_wins, place_wins);
  }
}

// --until finds what the whole sweep would: where the statistic is short of the goal at the
// first value, the first value whose mean reaches it; where it is already past the goal there,
// nothing (it does not cross the goal in the range).
TEST(SimulateFigures, UntilFindsTheFirstValueOfTheSweepReachingTheGoal) {
  auto spec = spec_of("threebetween", {"sensible", "sensible"}, 40);
  sim::Sweep sweep{"target", {}, true, "target=20..200:15"};
  for (int t = 20; t <= 200; t += 15) sweep.values.push_back(std::to_string(t));
  std::vector<double> minutes;
  for (const auto& v : sweep.values) minutes.push_back(sim::simulate(sim::with_knob(spec, "target", v)).seconds.tally.mean() / 60);
  for (double goal : {0.5, minutes[4] - 0.01, minutes[4], minutes[7] + 0.01, 1e6}) {
    SCOPED_TRACE(goal);
    auto fit = sim::fit(spec, sweep, {sim::find_statistic("minutes"), goal, "minutes"});
    std::optional<std::string> expected;
    for (std::size_t i = 1; i < minutes.size() && !expected && minutes[0] < goal; ++i) {
      if (minutes[i] >= goal) expected = sweep.values[i];
    }
    ASSERT_EQ(fit.answer.has_value(), expected.has_value());
    if (expected) {
      EXPECT_EQ(fit.values[*fit.answer], *expected);
      EXPECT_EQ(fit.direction, sim::Direction::Rises);
    }
    EXPECT_LE(fit.runs.size(), 6u) << "bisection, not the whole sweep";
  }
}

// Issue 22: a statistic that falls as the knob grows (Red Dog's bets per game as the smallest
// wager rises and players go broke sooner) is searched downwards: the first value at or below
// the goal, not the first value of the range because it starts above.
TEST(SimulateFigures, UntilSearchesAStatisticThatFallsWithTheKnob) {
  auto spec = spec_of("red-dog", {"sensible", "sensible"}, 200);
  sim::Sweep sweep{"min_bet", {}, true, "min_bet=1..25:2"};
  for (int v = 1; v <= 25; v += 2) sweep.values.push_back(std::to_string(v));
  std::vector<double> bets;
  for (const auto& v : sweep.values) bets.push_back(sim::simulate(sim::with_knob(spec, "min_bet", v)).turns.tally.mean());
  ASSERT_GT(bets.front(), bets.back() + 5) << "the statistic falls";
  for (double goal : {bets[3], (bets[5] + bets[6]) / 2, bets.back()}) {
    SCOPED_TRACE(goal);
    auto fit = sim::fit(spec, sweep, {sim::find_statistic("turns"), goal, "turns"});
    std::optional<std::string> expected;
    for (std::size_t i = 0; i < bets.size() && !expected; ++i)
      if (bets[i] <= goal) expected = sweep.values[i];
    ASSERT_TRUE(fit.answer.has_value());
    EXPECT_EQ(fit.values[*fit.answer], *expected);
    EXPECT_EQ(fit.direction, sim::Direction::Falls);
    EXPECT_LE(fit.runs.size(), 6u) << "bisection, not the whole sweep";
    auto words = sim::describe(fit, sweep, {sim::find_statistic("turns"), goal, "turns"});
    EXPECT_NE(words.find("min_bet = " + *expected + ": the first value where bets per game falls to"), std::string::npos) << words;
  }
  // Out of reach either way: said so, with both ends.
  auto fit = sim::fit(spec, sweep, {sim::find_statistic("turns"), 100, "turns=100"});
  EXPECT_FALSE(fit.answer.has_value());
  auto words = sim::describe(fit, sweep, {sim::find_statistic("turns"), 100, "turns=100"});
  EXPECT_NE(words.find("bets per game stays below 100 from min_bet = 1 ("), std::string::npos) << words;
}

using testing_support::read_file;

// A row per game, in game order whatever the threads; the rows add up to the figures.
TEST(SimulateCommand, PerGameRowsAreInGameOrderAndAddUp) {
  fs::path dir = fs::temp_directory_path() / "inbetween-per-game-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<std::string> args{"simulate", "--rules", "hoyle", "--games", "777", "--players", "bot,bot:random", "--format", "json"};
  std::string files[2];
  nlohmann::json figures;
  for (int threads : {1, 2}) {
    auto a = args;
    auto file = dir / fmt::format("games{}.csv", threads);
    a.insert(a.end(), {"--threads", std::to_string(threads), "--per-game", file.string()});
    auto r = run_inbetween(a);
    ASSERT_EQ(r.status, 0) << r.err;
    figures = nlohmann::json::parse(r.out);
    files[threads - 1] = read_file(file);
    EXPECT_TRUE(fs::directory_iterator(dir) != fs::directory_iterator());
  }
  EXPECT_EQ(files[0], files[1]);
  std::istringstream lines(files[0]);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "game,seed,status,decisions,turns,rounds,cards,ended_by_limit,minutes,seat1_score,seat1_won,seat2_score,seat2_won,first_dealer");
  long long game = 0, score = 0;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::stringstream cs(line);
    for (std::string cell; std::getline(cs, cell, ',');) cells.push_back(cell);
    ASSERT_EQ(cells.size(), 14u) << line;
    EXPECT_EQ(std::stoull(cells[1]), sim::game_seed(1, static_cast<std::uint64_t>(game))) << "game " << game;
    EXPECT_EQ(std::stoll(cells[0]), game++);
    score += std::stoll(cells[9]);
  }
  EXPECT_EQ(game, 777);
  EXPECT_NEAR(static_cast<double>(score) / 777, figures["seats"][0]["score"]["mean"].get<double>(), 1e-9);
  for (const auto& entry : fs::directory_iterator(dir)) EXPECT_EQ(entry.path().extension(), ".csv") << "a part file left behind";
  fs::remove_all(dir);
}

// gnuplot draws the chart; without gnuplot the command says so before playing.
TEST(SimulateCommand, ChartsAreDrawnByGnuplotOrRefusedClearly) {
  fs::path dir = fs::temp_directory_path() / "inbetween-chart-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto svg = dir / "sweep.svg", png = dir / "length.png";
  auto r = run_inbetween({"simulate", "--rules", "hoyle", "--games", "200", "--sweep", "ante=1..3", "--chart", svg.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  auto text = read_file(svg);
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("chips per game against ante"), std::string::npos);
  EXPECT_NE(text.find("seat4 sensible"), std::string::npos);
  r = run_inbetween({"simulate", "--rules", "threebetween", "--players", "bot,bot", "--games", "20", "--chart", png.string(),
                     "--chart-stat", "minutes"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(png).substr(0, 8), "\x89PNG\r\n\x1a\n");

  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", dir.c_str(), 1);  // a folder without gnuplot
  auto missing = dir / "missing.svg";
  r = run_inbetween({"simulate", "--rules", "hoyle", "--games", "20", "--chart", missing.string()});
  setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("gnuplot is not on PATH; install it (Debian: apt-get install gnuplot-nox)"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_FALSE(fs::exists(missing));
  fs::remove_all(dir);
}

TEST(SimulateCommand, BadChartUntilAndPerGameArgumentsExit2) {
  auto refused = [](std::vector<std::string> args, const std::string& message) {
    args.insert(args.begin(), {"simulate", "--games", "5"});
    auto r = run_inbetween(args);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  };
  refused({"--chart", "out.pdf"}, "--chart out.pdf: the file must end in .svg or .png");
  refused({"--chart", "out.svg", "--chart-stat", "luck"}, "--chart-stat luck: no such statistic; statistics: score, per_turn");
  refused({"--chart-stat", "score"}, "--chart-stat score without --chart FILE");
  refused({"--until", "minutes=15"}, "--until minutes=15 needs a range to search: one --sweep knob=a..b:step");
  refused({"--sweep", "ante=1,2", "--until", "minutes=15"}, "needs a range to search");
  refused({"--sweep", "ante=1..3", "--until", "luck=1"}, "--until luck=1: no statistic 'luck'");
  refused({"--sweep", "ante=1..3", "--until", "score=1"}, "'score' is a statistic of each seat");
  refused({"--sweep", "ante=1..3", "--until", "minutes=soon"}, "'soon' is not a number");
  refused({"--sweep", "ante=1..3", "--until", "minutes=15%"}, "'minutes' is not a share; give its goal without %");
  refused({"--sweep", "ante=1..3", "--until", "house_edge=3"}, "--until house_edge=3: the hoyle rules have no house edge");
  refused({"--sweep", "ante=1..3", "--per-game", "x.csv"}, "--per-game x.csv writes the games of one run; it cannot go with --sweep");
  refused({"--turn-seconds", "-1"}, "--turn-seconds");
}

// The optimal ThreeBeTween bot in real one-player rounds of the standard rules (independent
// draws) scores what the solver says a round is worth (13.88), within the 95% interval.
TEST(SimulateFigures, OptimalThreeBeTweenRoundScoreHoldsTheSolvers) {
  auto rules = rules::load_three_rules("threebetween");
  auto solver = strategy::ThreeSolver::shared(rules);
  EXPECT_NEAR(solver->round_value(), 13.88, 0.005);
  strategy::OptimalThreeBot optimal(solver);
  auto o = strategy::play_rounds(rules, optimal, 4000, 21);
  EXPECT_LE(std::abs(o.mean - solver->round_value()), o.mean_ci95()) << o.mean << " ± " << o.mean_ci95();
  EXPECT_LT(o.mean_ci95(), 0.6);
}

// Ctrl-C's flag stops a run between games: what was gathered comes back, marked partial.
TEST(SimulateFigures, AStopReturnsWhatWasGatheredMarkedPartial) {
  sim::SimSpec spec;
  spec.rules = "hoyle";
  spec.bots = {"sensible", "random"};
  spec.games = 100'000'000;
  spec.threads = 2;
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> done{0};
  sim::SimStats stats;
  std::thread run([&] { stats = sim::simulate(spec, &stop, &done); });
  // Wait (bounded) until some games are played, then stop.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (done.load() < 1000 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  stop.store(true);
  run.join();
  EXPECT_TRUE(stats.partial);
  EXPECT_GE(stats.games, 1000u);
  EXPECT_LT(stats.games, spec.games);
  EXPECT_EQ(stats.seats[0].score.n, stats.games - stats.stopped);
}

}  // namespace
