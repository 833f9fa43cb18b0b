// Issue 22: simulate's CSV carries every figure of the table and the JSON, each column named with
// its unit; --per-game --long writes a row per game and seat; Red Dog's element of risk and
// standard deviation per hand are simulated beside the house edge.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/simulate.h"
#include "sim/tally.h"
#include "support/run_inbetween.h"
#include "support/sim_spec.h"
#include "support/temp_folder.h"
#include "support/text_files.h"

namespace {

using namespace inbetween;
using inbetween::testing::run_inbetween;
using nlohmann::json;
using Row = testing_support::CsvRow;
using testing_support::csv_rows;
using testing_support::read_file;

double num(const Row& row, const std::string& column) {
  auto it = row.find(column);
  EXPECT_NE(it, row.end()) << "no column " << column;
  return it == row.end() || it->second.empty() ? NAN : std::stod(it->second);
}

struct Both {
  std::vector<std::string> header;
  std::vector<Row> rows;
  json doc;
};

Both run_both(std::vector<std::string> args) {
  args.insert(args.begin(), "simulate");
  auto csv = run_inbetween([&] { auto a = args; a.insert(a.end(), {"--format", "csv"}); return a; }());
  auto js = run_inbetween([&] { auto a = args; a.insert(a.end(), {"--format", "json"}); return a; }());
  EXPECT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(js.status, 0) << js.err;
  Both b;
  b.rows = csv_rows(csv.out, &b.header);
  b.doc = json::parse(js.out);
  return b;
}

// Every column says what it is: a mean over the games, an interval, a total, a percent.
void expect_units_in_names(const std::vector<std::string>& header) {
  const std::set<std::string> names{"rules", "seed", "row", "name", "bot", "partial", "turn_seconds", "card_seconds", "round_seconds"};
  const std::vector<std::string> units{"_mean", "_ci95", "_min", "_max", "_median", "_p90", "_total", "_percent", "_per_game", "_wagers"};
  for (const auto& column : header) {
    bool named = names.count(column) > 0;
    for (const auto& unit : units) named = named || column.ends_with(unit);
    EXPECT_TRUE(named) << "no unit in the column's name: " << column;
  }
  for (const char* bare : {"busts", "banks", "passes", "games", "seat_turns", "turns_mean"})
    EXPECT_EQ(std::count(header.begin(), header.end(), std::string(bare)), 0) << bare;
}

TEST(SimulateCsv, RedDogHasTheHouseEdgeElementOfRiskAndDeviation) {
  auto b = run_both({"--rules", "red-dog", "--players", "bot:optimal,bot:random", "--games", "300", "--seed", "2"});
  expect_units_in_names(b.header);
  ASSERT_EQ(b.rows.size(), 2u + 2u + 2u);  // seats, kinds, places
  const auto& r = b.rows[0];
  EXPECT_EQ(r.at("row"), "seat");
  EXPECT_NEAR(num(r, "house_edge_percent"), 100 * b.doc["house_edge"]["mean"].get<double>(), 1e-4);
  EXPECT_NEAR(num(r, "house_edge_percent_ci95"), 100 * b.doc["house_edge"]["ci95"].get<double>(), 1e-4);
  EXPECT_NEAR(num(r, "house_edge_exact_percent"), 100 * b.doc["house_edge"]["exact"].get<double>(), 1e-4);
  EXPECT_NEAR(num(r, "element_of_risk_percent"), 100 * b.doc["element_of_risk"]["mean"].get<double>(), 1e-4);
  EXPECT_NEAR(num(r, "sd_per_hand_wagers"), b.doc["sd_per_hand"]["mean"].get<double>(), 1e-6);
  EXPECT_NEAR(num(r, "chips_per_bet_mean"), b.doc["seats"][0]["per_turn"]["mean"].get<double>(), 1e-6);
  EXPECT_EQ(num(r, "bets_total"), b.doc["seats"][0]["turns"].get<double>());
  EXPECT_EQ(num(r, "chips_per_game_max"), b.doc["seats"][0]["score"]["max"].get<double>());
  EXPECT_NEAR(num(r, "minutes_per_game_p90"), b.doc["minutes"]["p90"].get<double>(), 1e-6);
  EXPECT_NEAR(num(r, "hands_per_game_mean"), b.doc["rounds"]["mean"].get<double>(), 1e-6);
  EXPECT_NEAR(num(r, "cards_dealt_per_game_mean"), b.doc["cards"]["mean"].get<double>(), 1e-6);
  EXPECT_EQ(num(r, "ended_by_limit_total"), b.doc["ended_by_limit"].get<double>());
}

TEST(SimulateCsv, PotGamesHaveThePotAndThePlacesAfterTheDealer) {
  auto b = run_both({"--rules", "hoyle", "--players", "bot:optimal,bot,bot", "--games", "400"});
  expect_units_in_names(b.header);
  EXPECT_EQ(std::count(b.header.begin(), b.header.end(), "house_edge_percent"), 0) << "no house in a pot game";
  ASSERT_EQ(b.rows.size(), 3u + 2u + 3u);
  EXPECT_NEAR(num(b.rows[0], "pot_at_bet_mean"), b.doc["pot"]["mean"].get<double>(), 1e-6);
  EXPECT_EQ(num(b.rows[0], "pot_at_bet_max"), b.doc["pot"]["max"].get<double>());
  EXPECT_EQ(b.rows[3].at("row"), "kind");
  EXPECT_EQ(b.rows[3].at("name"), "optimal");
  EXPECT_NEAR(num(b.rows[3], "chips_per_game_mean"), b.doc["seats"][0]["score"]["mean"].get<double>(), 1e-6);
  for (std::size_t p = 0; p < 3; ++p) {
    const auto& row = b.rows[5 + p];
    EXPECT_EQ(row.at("row"), "place");
    EXPECT_EQ(row.at("name"), b.doc["places"][p]["place"].get<std::string>());
    EXPECT_NEAR(num(row, "chips_per_game_mean"), b.doc["places"][p]["score"]["mean"].get<double>(), 1e-6);
    EXPECT_NEAR(num(row, "win_rate_percent"), 100 * b.doc["places"][p]["win_rate"]["mean"].get<double>(), 1e-4);
    EXPECT_TRUE(row.at("chips_per_hand_mean").empty()) << "a place has no hands of its own";
  }
}

TEST(SimulateCsv, ThreeBeTweenSaysWhichCountsAreTotalsAndWhichPerGame) {
  auto b = run_both({"--rules", "threebetween", "--players", "bot,bot:random", "--games", "40"});
  expect_units_in_names(b.header);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& row = b.rows[i];
    const auto& seat = b.doc["seats"][i];
    EXPECT_EQ(num(row, "busts_total"), seat["busts"].get<double>());
    EXPECT_EQ(num(row, "banks_total"), seat["banks"].get<double>());
    EXPECT_NEAR(num(row, "banks_per_game"), seat["banks"].get<double>() / 40, 1e-6);
    EXPECT_NEAR(num(row, "passes_per_game"), seat["passes"].get<double>() / 40, 1e-6);
    EXPECT_NEAR(num(row, "busts_per_turn_percent"), 100 * seat["bust_rate"]["mean"].get<double>(), 1e-4);
    EXPECT_NEAR(num(row, "points_per_turn_mean"), seat["per_turn"]["mean"].get<double>(), 1e-6);
  }
}

// A row per game and seat, for pandas: the same scores as the wide file, the place after the
// first dealer, the game's figures repeated.
class SimulatePerGame : public testing_support::TempFolderTest {};

TEST_F(SimulatePerGame, LongRowsAreOneAGameAndSeat) {
  auto wide = dir_ / "wide.csv", long_file = dir_ / "long.csv";
  std::vector<std::string> args{"simulate", "--rules", "threebetween", "--players", "bot,bot:random,bot:cautious", "--games", "30"};
  auto w = run_inbetween([&] { auto a = args; a.insert(a.end(), {"--per-game", wide.string()}); return a; }());
  auto l = run_inbetween([&] { auto a = args; a.insert(a.end(), {"--per-game", long_file.string(), "--long"}); return a; }());
  ASSERT_EQ(w.status, 0) << w.err;
  ASSERT_EQ(l.status, 0) << l.err;
  EXPECT_EQ(w.out, l.out);
  std::vector<std::string> header;
  auto games = csv_rows(read_file(wide));
  auto rows = csv_rows(read_file(long_file), &header);
  EXPECT_EQ(header, (std::vector<std::string>{"game", "seed", "status", "seat", "bot", "place", "score", "won", "seat_turns", "busts",
                                              "banks", "passes", "decisions", "turns", "rounds", "cards", "ended_by_limit", "minutes",
                                              "first_dealer"}));
  ASSERT_EQ(rows.size(), 3 * games.size());
  const char* bots[] = {"sensible", "random", "cautious"};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    const auto& game = games[i / 3];
    auto seat = i % 3;
    EXPECT_EQ(row.at("game"), game.at("game"));
    EXPECT_EQ(row.at("seat"), std::to_string(seat + 1));
    EXPECT_EQ(row.at("bot"), bots[seat]);
    EXPECT_EQ(row.at("score"), game.at("seat" + std::to_string(seat + 1) + "_score"));
    EXPECT_EQ(row.at("won"), game.at("seat" + std::to_string(seat + 1) + "_won"));
    EXPECT_EQ(row.at("minutes"), game.at("minutes"));
    auto dealer = std::stoul(game.at("first_dealer")) - 1;
    EXPECT_EQ(row.at("place"), std::to_string((seat + 3 - dealer) % 3));
  }
  auto refused = run_inbetween({"simulate", "--games", "5", "--long"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--long shapes the --per-game file"), std::string::npos) << refused.err;
}

// The standard deviation of values in groups, and its interval by the delta method over the
// groups, worked out here from the values themselves.
TEST(GroupedMoments, StandardDeviationAndItsIntervalOverGroups) {
  const std::vector<std::vector<int>> groups{{-1, -1, -2}, {1, 0, 5, -1}, {11}, {-1, 1, -1, 2, -2}, {0, 0}};
  sim::GroupedMoments m;
  double n = 0, sum = 0, squares = 0;
  for (const auto& g : groups) {
    long long c = 0, a = 0, b = 0;
    for (int x : g) ++c, a += x, b += x * x;
    m.add_group(c, a, b);
    n += static_cast<double>(c), sum += static_cast<double>(a), squares += static_cast<double>(b);
  }
  double mean = sum / n, sd = std::sqrt((squares - n * mean * mean) / (n - 1));
  EXPECT_NEAR(m.mean(), mean, 1e-12);
  EXPECT_NEAR(m.sd(), sd, 1e-12);
  // Each group's influence on S2/N - (S1/N)^2.
  double r1 = mean, r2 = squares / n, zz = 0;
  for (const auto& g : groups) {
    double c = 0, a = 0, b = 0;
    for (int x : g) c += 1, a += x, b += x * x;
    double z = (b - r2 * c) - 2 * r1 * (a - r1 * c);
    zz += z * z;
  }
  double k = static_cast<double>(groups.size());
  EXPECT_NEAR(m.sd_ci95(), 1.96 * std::sqrt(zz * k / (k - 1) / (n * n)) / (2 * sd), 1e-9);
  sim::GroupedMoments a, b;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    long long c = 0, s1 = 0, s2 = 0;
    for (int x : groups[i]) ++c, s1 += x, s2 += x * x;
    (i < 2 ? a : b).add_group(c, s1, s2);
  }
  a.merge(b);
  EXPECT_EQ(a.sd(), m.sd());
  EXPECT_EQ(a.sd_ci95(), m.sd_ci95());
}

// Red Dog: the element of risk counts raises in what was bet; a hand's net, in units of its first
// wager, adds up to what the players lost to the house when every wager is one chip.
TEST(SimulateRedDog, ElementOfRiskAndStandardDeviationPerHand) {
  auto s = sim::simulate(testing_support::spec_of("red-dog", {"sensible", "sensible", "cautious"}, 3000));
  ASSERT_TRUE(s.against_house);
  std::uint64_t bets = 0;
  for (const auto& seat : s.seats) bets += seat.turns;
  EXPECT_TRUE(s.hand_net.n == static_cast<__int128>(bets)) << "every bet settles once";
  EXPECT_EQ(s.hand_net.groups, s.games);
  ASSERT_TRUE(s.house_edge.w.sum == static_cast<__int128>(bets)) << "these bots wager one chip";
  EXPECT_TRUE(s.hand_net.s1 == -s.house_edge.x.sum) << "the nets add up to the house's gain";
  EXPECT_TRUE(s.element_of_risk.x.sum == s.house_edge.x.sum);
  EXPECT_GT(s.element_of_risk.w.sum, s.house_edge.w.sum) << "raises are bet too";
  EXPECT_LT(s.element_of_risk.ratio(), s.house_edge.ratio());
  EXPECT_GT(s.hand_net.sd(), 1.3);
  EXPECT_LT(s.hand_net.sd(), 2.0);
  EXPECT_GT(s.hand_net.sd_ci95(), 0);
  EXPECT_LT(s.hand_net.sd_ci95(), 0.05);
  auto table = run_inbetween({"simulate", "--rules", "red-dog", "--players", "bot", "--games", "50"});
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("element of risk (over every chip bet, raises included): "), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("standard deviation of a hand (a player's net, in first wagers; "), std::string::npos) << table.out;
}

}  // namespace
