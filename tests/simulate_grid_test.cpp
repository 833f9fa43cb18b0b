// Issue 22: `simulate --sweep` given twice is a grid, `players` sweeps the number of seats,
// `--until` reads and answers shares in percent and searches either way, and the charts show
// what the tables show (percent, the exact figure, bars clear of the frame, a search's values).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/simulate_chart.h"
#include "sim/fit.h"
#include "sim/simulate.h"
#include "sim/statistics.h"
#include "sim/sweep.h"
#include "support/run_inbetween.h"
#include "support/sim_spec.h"
#include "support/temp_folder.h"
#include "support/text_files.h"

namespace {

using namespace inbetween;
using inbetween::testing::run_inbetween;
using nlohmann::json;

namespace ts = testing_support;

// Every piece is somewhere in the text.
void expect_has(const std::string& text, std::initializer_list<const char*> pieces) {
  for (const char* piece : pieces) EXPECT_NE(text.find(piece), std::string::npos) << "no " << piece << " in\n" << text;
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Two --sweep: a row per combination, the first knob varying slowest, each row the run with
// both values set; the table, CSV and JSON alike.
TEST(SimulateGrid, TwoSweepsRunEveryCombination) {
  const std::vector<std::string> base{"simulate", "--rules", "hoyle", "--games", "300", "--players", "bot,bot:random"};
  auto grid = run_inbetween(with(base, {"--sweep", "ante=1..2", "--sweep", "pair_pays=1,3", "--format", "csv"}));
  ASSERT_EQ(grid.status, 0) << grid.err;
  auto rows = ts::lines_of(grid.out);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(rows[0].starts_with("ante,pair_pays,rules,seed,row,name,bot,")) << rows[0];
  std::vector<std::string> order;
  for (const auto& [ante, pays] : std::vector<std::pair<std::string, std::string>>{{"1", "1"}, {"1", "3"}, {"2", "1"}, {"2", "3"}}) {
    auto one = run_inbetween(with(base, {"--set", "ante=" + ante, "--set", "pair_pays=" + pays, "--format", "csv"}));
    ASSERT_EQ(one.status, 0) << one.err;
    auto single = ts::lines_of(one.out);
    for (std::size_t i = 1; i < single.size(); ++i)
      EXPECT_NE(grid.out.find(ante + "," + pays + "," + single[i]), std::string::npos) << ante << " " << pays << ": " << single[i];
  }
  // Rows in grid order: ante 1 with pair_pays 1 and 3, then ante 2.
  std::vector<std::string> seen;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    auto c = ts::csv_cells(rows[i]);
    auto at = c[0] + "/" + c[1];
    if (seen.empty() || seen.back() != at) seen.push_back(at);
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"1/1", "1/3", "2/1", "2/3"}));

  auto table = run_inbetween(with(base, {"--sweep", "ante=1..2", "--sweep", "pair_pays=1,3"}));
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("300 games of 2 bots per combination"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("ante          pair_pays"), std::string::npos) << table.out;
  EXPECT_EQ(ts::lines_of(table.out).size(), 2u + 4u) << table.out;

  auto j = run_inbetween(with(base, {"--sweep", "ante=1..2", "--sweep", "pair_pays=1,3", "--format", "json"}));
  ASSERT_EQ(j.status, 0) << j.err;
  auto doc = json::parse(j.out);
  ASSERT_EQ(doc.size(), 4u);
  EXPECT_EQ(doc[1]["at"], (json{{"ante", "1"}, {"pair_pays", "3"}}));
  EXPECT_FALSE(doc[1].contains("knob")) << "knob/value name a single sweep";
}

TEST(SimulateGrid, BadGridsAreRefusedInWords) {
  struct Refusal {
    std::vector<std::string> args;
    const char* message;
  };
  const Refusal refusals[] = {
      {{"--sweep", "ante=1,2", "--sweep", "ante=3"}, "--sweep ante=1,2 and --sweep ante=3 sweep the same knob"},
      {{"--sweep", "ante=1..100", "--sweep", "pair_pays=1..11"}, "the sweeps make more than 1000 combinations"},
      {{"--sweep", "ante=1..3", "--sweep", "pair_pays=1..2", "--until", "minutes=5"}, "needs a range to search: one --sweep"},
      // Checked before a game is played: the 9 players hoyle cannot seat, in the sweep's words.
      {{"--sweep", "players=2..9"}, "--sweep players=2..9: at players=9: 9 seats; the rules seat 2 to 8"},
      {{"--sweep", "players=0..2"}, "'0' is no number of players"},
      // A value that only a value of the other sweep refuses: both named.
      {{"--sweep", "min_bet=1..3", "--sweep", "max_bet=1..2"}, "--sweep min_bet=1..3: at min_bet=2 (with max_bet=1): "},
      {{"--sweep", "min_bet=1,3", "--sweep", "max_bet=3,2"}, "--sweep min_bet=1,3 --sweep max_bet=3,2: at min_bet=3, max_bet=2: "},
  };
  for (const auto& [args, message] : refusals) {
    auto r = run_inbetween(with({"simulate", "--games", "5"}, args));
    EXPECT_EQ(r.status, 2) << message << r.out << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("At Most"), std::string::npos) << "CLI11's own words: " << r.err;
    EXPECT_EQ(r.out, "") << "nothing played";
  }
}

// players=N seats N bots: the --players list, its last entry repeated; each row is the run with
// that list given.
TEST(SimulateGrid, PlayersSweepsTheNumberOfSeats) {
  const std::vector<std::string> base{"simulate", "--rules", "hoyle", "--games", "200", "--format", "json", "--seed", "4"};
  auto swept = run_inbetween(with(base, {"--players", "bot:optimal,bot", "--sweep", "players=2..4"}));
  ASSERT_EQ(swept.status, 0) << swept.err;
  auto rows = json::parse(swept.out);
  ASSERT_EQ(rows.size(), 3u);
  const char* lists[] = {"bot:optimal,bot", "bot:optimal,bot,bot", "bot:optimal,bot,bot,bot"};
  for (std::size_t n = 0; n < 3; ++n) {
    SCOPED_TRACE(lists[n]);
    EXPECT_EQ(rows[n]["value"], std::to_string(n + 2));
    ASSERT_EQ(rows[n]["seats"].size(), n + 2);
    EXPECT_EQ(rows[n]["seats"][0]["bot"], "optimal");
    EXPECT_EQ(rows[n]["seats"][n + 1]["bot"], "sensible");
    auto one = run_inbetween(with(base, {"--players", lists[n]}));
    ASSERT_EQ(one.status, 0) << one.err;
    auto single = json::parse(one.out);
    EXPECT_EQ(rows[n]["seats"], single["seats"]);
    EXPECT_EQ(rows[n]["minutes"], single["minutes"]);
  }
  // With another sweep beside it: one bot given, seated as often as each row asks.
  auto grid = run_inbetween({"simulate", "--rules", "threebetween", "--games", "5", "--players", "bot", "--sweep", "target=60,80",
                             "--sweep", "players=2,3", "--format", "csv"});
  ASSERT_EQ(grid.status, 0) << grid.err;
  EXPECT_EQ(ts::lines_of(grid.out).size(), 1u + 2 * ((2 + 1 + 2) + (3 + 1 + 3))) << grid.out;  // seats, the kind, places
  // A longer list is cut to the first N; the table names each row's seats.
  auto table = run_inbetween({"simulate", "--rules", "threebetween", "--games", "20", "--players", "bot:optimal,bot,bot:random,bot",
                              "--sweep", "players=2,3"});
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("20 games of 2 to 3 bots per value"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("seat3 random"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find("seat4"), std::string::npos) << table.out;
}

TEST(SimulateGrid, PlayersKnobKeepsTheBotsAndRefusesNonsense) {
  sim::SimSpec spec;
  spec.bots = {"optimal", "random"};
  EXPECT_EQ(sim::with_knob(spec, "players", "4").bots, (std::vector<std::string>{"optimal", "random", "random", "random"}));
  EXPECT_EQ(sim::with_knob(spec, "players", "1").bots, (std::vector<std::string>{"optimal"}));
  EXPECT_TRUE(sim::with_knob(spec, "players", "3").overrides.empty()) << "players is no rule";
  EXPECT_THROW(sim::with_knob(spec, "players", "two"), std::invalid_argument);
  auto grid = sim::parse_grid({"ante=1..2", "players=2,3,4"});
  EXPECT_EQ(grid.size(), 6u);
  EXPECT_EQ(grid.points()[1], (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(sim::at_point(spec, grid, grid.points()[5]).bots.size(), 4u);
}

// A share's goal is in percent, with or without %; others refuse %.
TEST(SimulateUntil, SharesTakeTheirGoalInPercent) {
  auto a = sim::parse_goal("house_edge=3%"), b = sim::parse_goal("house_edge=3");
  EXPECT_DOUBLE_EQ(a.value, 0.03);
  EXPECT_DOUBLE_EQ(b.value, 0.03);
  EXPECT_DOUBLE_EQ(sim::parse_goal("minutes=15").value, 15);
  EXPECT_THROW(sim::parse_goal("minutes=15%"), std::invalid_argument);
  try {
    sim::parse_goal("score=1");
    FAIL() << "score is per seat";
  } catch (const std::invalid_argument& e) {
    std::string text = e.what();
    auto list = text.substr(text.find("statistics of the whole game:"));
    EXPECT_EQ(list.find("score"), std::string::npos) << "a statistic per seat listed as one of the whole game: " << text;
    EXPECT_NE(list.find("house_edge"), std::string::npos) << text;
  }
  auto s = sim::find_statistic("house_edge");
  EXPECT_EQ(sim::shown(*s, sim::Estimate{0.0342, 0.0046}), "3.42% ± 0.46%");
}

// The answer is printed as its row prints the figure: "3.42% ± 0.46%", not a fraction.
TEST(SimulateUntil, TheAnswerIsInTheRowsUnit) {
  auto r = run_inbetween({"simulate", "--rules", "red-dog", "--players", "bot,bot", "--games", "300", "--sweep", "decks=1..8",
                          "--until", "house_edge=40%"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = ts::lines_of(r.out);
  ASSERT_GE(lines.size(), 3u);
  const auto& answer = lines.back();
  EXPECT_NE(answer.find("house edge stays below 40%"), std::string::npos) << r.out;
  // "(2.10% ± 1.94%)": the first row's own house edge cell.
  auto open = answer.find('('), close = answer.find(')');
  auto figure = answer.substr(open + 1, close - open - 1);
  EXPECT_NE(figure.find("% ± "), std::string::npos) << answer;
  EXPECT_NE(lines[2].find(figure), std::string::npos) << lines[2] << " / " << figure;
  EXPECT_EQ(answer.find("0.0"), std::string::npos) << answer;
}

class ChartScript : public testing_support::TempFolderTest {};

std::vector<sim::SimStats> red_dog_by_decks(const std::vector<std::string>& decks) {
  auto spec = testing_support::spec_of("red-dog", {"sensible", "sensible"}, 50);
  std::vector<sim::SimStats> runs;
  for (const auto& d : decks) runs.push_back(sim::simulate(sim::with_knob(spec, "decks", d)));
  return runs;
}

// The house edge in percent, as the tables print it, with the exact edge as a dashed line and
// the x range padded so that the bars at both ends are whole.
TEST_F(ChartScript, HouseEdgeIsInPercentWithTheExactLineAndRoomAtTheEnds) {
  std::vector<std::string> decks{"1", "2", "4", "8"};
  auto runs = red_dog_by_decks(decks);
  cli::Chart chart{(dir_ / "edge.svg").string(), sim::find_statistic("house_edge"), {"decks"}, {}, std::nullopt, 1, std::nullopt};
  for (const auto& d : decks) chart.points.push_back({d});
  auto script = cli::chart_script(chart, runs, dir_);
  expect_has(script, {"set ylabel \"house edge (%)\"", "set xrange [0.65:8.35]", "exact (fresh shoe, best play)"});
  auto data = ts::lines_of(ts::read_file(dir_ / "panel0.dat"));
  ASSERT_EQ(data.size(), 4u);
  std::stringstream row(data[3]);
  std::string x;
  double mean = 0, ci = 0, exact = 0;
  row >> x >> mean >> ci >> exact;
  EXPECT_EQ(x, "8");
  EXPECT_NEAR(mean, 100 * runs[3].house_edge.ratio(), 1e-6);
  EXPECT_NEAR(ci, 100 * runs[3].house_edge.ci95(), 1e-6);
  EXPECT_NEAR(exact, 100 * *runs[3].exact_house_edge, 1e-6);
  EXPECT_GT(exact, 1) << "percent, not a fraction";
}

// A search's chart: the values it played as points (no line through values it skipped), the
// answer marked, the goal dashed in percent, how many of the range's values were played.
TEST_F(ChartScript, ASearchShowsTheValuesItPlayedAndItsAnswer) {
  std::vector<std::string> decks{"1", "5", "8"};
  auto runs = red_dog_by_decks(decks);
  cli::Chart chart{(dir_ / "until.svg").string(), sim::find_statistic("house_edge"), {"decks"}, {}, 0.03, 1,
                   cli::Chart::Search{1, 8}};
  for (const auto& d : decks) chart.points.push_back({d});
  auto script = cli::chart_script(chart, runs, dir_);
  expect_has(script, {"the 3 of 8 values the search played", "with yerrorbars pt 7", "answer: decks = 5",
                      "3 with lines dt 2 lw 2 lc rgb \"black\" title \"goal: 3%\""});
  EXPECT_EQ(script.find("yerrorlines"), std::string::npos) << script;
}

// A grid: the first knob along x, a line per value of the second, a panel per seat.
TEST_F(ChartScript, AGridHasALinePerValueOfTheSecondKnobAndAPanelPerSeat) {
  auto spec = testing_support::spec_of("hoyle", {"optimal", "random"}, 50);
  auto grid = sim::parse_grid({"ante=1..3", "pair_pays=1,4"});
  std::vector<sim::SimStats> runs;
  for (const auto& point : grid.points()) runs.push_back(sim::simulate(sim::at_point(spec, grid, point)));
  cli::Chart chart{(dir_ / "grid.svg").string(), sim::find_statistic("score"), grid.knobs(), grid.points(), std::nullopt, 1, std::nullopt};
  auto script = cli::chart_script(chart, runs, dir_);
  expect_has(script, {"set multiplot layout 1,2", "set title \"seat1 optimal\"", "set title \"seat2 random\"", "title \"pair_pays = 1\"",
                      "title \"pair_pays = 4\"", "set xrange [0.9:3.1]"});
  auto seat2 = ts::lines_of(ts::read_file(dir_ / "panel1.dat"));
  ASSERT_EQ(seat2.size(), 3u);
  std::stringstream row(seat2[2]);
  std::string x;
  double p1 = 0, ci1 = 0, p4 = 0;
  std::string exact1;
  row >> x >> p1 >> ci1 >> exact1 >> p4;
  EXPECT_EQ(x, "3");
  EXPECT_EQ(exact1, "?") << "hoyle has no exact figure";
  EXPECT_NEAR(p1, runs[4].seats[1].score.mean(), 1e-6);  // ante 3, pair_pays 1
  EXPECT_NEAR(p4, runs[5].seats[1].score.mean(), 1e-6);  // ante 3, pair_pays 4
}

// The whole command draws a grid chart and a chart of a search.
TEST_F(ChartScript, TheCommandDrawsGridAndSearchCharts) {
  auto svg = dir_ / "grid.svg";
  auto r = run_inbetween({"simulate", "--rules", "hoyle", "--games", "100", "--sweep", "ante=1..2", "--sweep", "pair_pays=1,3", "--chart",
                          svg.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  auto text = ts::read_file(svg);
  EXPECT_NE(text.find("pair_pays = 3"), std::string::npos);
  EXPECT_NE(text.find("seat4 sensible"), std::string::npos);
  auto until = dir_ / "until.svg";
  r = run_inbetween({"simulate", "--rules", "red-dog", "--players", "bot,bot", "--games", "100", "--sweep", "decks=1..8", "--until",
                     "house_edge=2.5", "--chart", until.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  text = ts::read_file(until);
  EXPECT_NE(text.find("values the search played"), std::string::npos);
  EXPECT_NE(text.find("goal: 2.5%"), std::string::npos);
}

}  // namespace
