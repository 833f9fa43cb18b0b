// Each seat's chance to win estimated by playouts (games/win_estimate.h, issue 52 for any number of
// seats): chances that are chances on every preset, a finished game's winners, the same answer for
// the same seed, an interval that narrows with more playouts, and refusals that change nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/any_table.h"
#include "games/registry.h"
#include "games/win_estimate.h"
#include "rules/rule_files.h"

namespace {

namespace games = inbetween::games;
namespace rules = inbetween::rules;

std::unique_ptr<games::AnyTable> open(const std::string& preset, std::vector<std::string> players, std::uint64_t seed) {
  games::Setup setup;
  setup.players = std::move(players);
  setup.seed = seed;
  return games::open_table(rules::read_rule_file(preset), setup);
}

// `moves` moves of sensible bots from the start (fewer if the game ends).
void play(games::AnyTable& table, int moves) {
  for (int i = 0; i < moves && !table.over(); ++i) ASSERT_FALSE(table.apply(table.bot_move("sensible")).has_value());
}

class EveryPreset : public ::testing::TestWithParam<const char*> {};

TEST_P(EveryPreset, ThreeSeatsChancesAreChancesSummingToOneWithTheirIntervals) {
  auto table = open(GetParam(), {"ann", "bob", "cy"}, 7);
  play(*table, 6);
  auto estimate = games::estimate_win_chances(*table, 0, 60, 11);
  ASSERT_EQ(estimate.seats.size(), 3u);
  EXPECT_EQ(estimate.playouts, table->over() ? 1 : 60);
  double sum = 0;
  for (const auto& seat : estimate.seats) {
    EXPECT_GE(seat.chance, 0.0);
    EXPECT_LE(seat.chance, 1.0);
    EXPECT_LE(seat.low, seat.chance);
    EXPECT_GE(seat.high, seat.chance);
    sum += seat.chance;
  }
  EXPECT_GE(estimate.nobody, 0.0);
  EXPECT_LE(estimate.nobody, 1.0);
  // Against a house (Red Dog) each seat's win is its own; elsewhere the seats share one win, and
  // what no seat won is nobody's.
  if (!table->against_house()) {
    EXPECT_NEAR(sum + estimate.nobody, 1.0, 1e-9);
  }
}

TEST(WinEstimate, AloneAgainstTheHouseTheChanceIsToEndAheadOfItNotACertainty) {
  // Red Dog, one player: she wins by ending ahead of the house, which beats her in most games.
  auto table = open("red-dog", {"ann"}, 4);
  auto estimate = games::estimate_win_chances(*table, 0, 400, 3);
  ASSERT_EQ(estimate.seats.size(), 1u);
  EXPECT_GT(estimate.seats[0].chance, 0.05);
  EXPECT_LT(estimate.seats[0].chance, 0.95);
  EXPECT_NEAR(estimate.seats[0].chance + estimate.nobody, 1.0, 1e-9);
}

TEST(WinEstimate, AgainstTheHouseEachSeatsWinIsItsOwnNotAShare) {
  // Two players at Red Dog: each one's chance to end ahead of the house is about what it is alone
  // (the other's play does not touch it), not half of it.
  auto alone = games::estimate_win_chances(*open("red-dog", {"ann"}, 4), 0, 400, 3);
  auto two = games::estimate_win_chances(*open("red-dog", {"ann", "bob"}, 4), 0, 400, 3);
  ASSERT_TRUE(open("red-dog", {"ann"}, 4)->against_house());
  ASSERT_FALSE(open("hoyle", {"ann", "bob"}, 4)->against_house());
  for (const auto& seat : two.seats) {
    EXPECT_GT(seat.chance, alone.seats[0].low - 0.1);
    EXPECT_LT(seat.chance, alone.seats[0].high + 0.1);
  }
  EXPECT_GT(two.seats[0].chance + two.seats[1].chance, alone.seats[0].chance);
}

INSTANTIATE_TEST_SUITE_P(Presets, EveryPreset,
                         ::testing::Values("hoyle", "hoyle-3", "red-dog", "banker", "between-the-sheets", "acey-deucey", "threebetween"));

TEST(WinEstimate, AFinishedGameGivesItsWinnersAndTheTableIsUntouched) {
  auto table = open("hoyle", {"ann", "bob"}, 3);
  play(*table, 100000);
  ASSERT_TRUE(table->over());
  auto winners = table->winners();
  ASSERT_FALSE(winners.empty());
  auto estimate = games::estimate_win_chances(*table, 1, 50, 1);
  EXPECT_EQ(estimate.playouts, 1);
  for (games::Seat s = 0; s < 2; ++s) {
    bool won = std::find(winners.begin(), winners.end(), s) != winners.end();
    EXPECT_DOUBLE_EQ(estimate.seats[static_cast<std::size_t>(s)].chance, won ? 1.0 / static_cast<double>(winners.size()) : 0.0);
  }
}

TEST(WinEstimate, TheSameSeedGivesTheSameAnswerAndMorePlayoutsANarrowerInterval) {
  auto table = open("hoyle-3", {"ann", "bob", "cy"}, 5);
  play(*table, 1);
  ASSERT_FALSE(table->over());
  const std::size_t moves = table->move_count();
  auto a = games::estimate_win_chances(*table, 2, 100, 42);
  auto b = games::estimate_win_chances(*table, 2, 100, 42);
  for (std::size_t s = 0; s < 3; ++s) EXPECT_DOUBLE_EQ(a.seats[s].chance, b.seats[s].chance);
  EXPECT_EQ(table->move_count(), moves) << "the playouts are on copies";
  auto wide = games::estimate_win_chances(*table, 2, 25, 42);
  auto narrow = games::estimate_win_chances(*table, 2, 400, 42);
  double width_wide = wide.seats[0].high - wide.seats[0].low, width_narrow = narrow.seats[0].high - narrow.seats[0].low;
  EXPECT_GT(width_narrow, 0.0);
  EXPECT_LT(width_narrow, width_wide);
}

TEST(WinEstimate, ABadSeatKindOrCountIsRefusedAndChangesNothing) {
  auto table = open("red-dog", {"ann", "bob"}, 9);
  play(*table, 2);
  const std::size_t moves = table->move_count();
  EXPECT_THROW(games::estimate_win_chances(*table, 2, 10, 1), std::invalid_argument);
  EXPECT_THROW(games::estimate_win_chances(*table, -1, 10, 1), std::invalid_argument);
  EXPECT_THROW(games::estimate_win_chances(*table, 0, 0, 1), std::invalid_argument);
  EXPECT_THROW(games::estimate_win_chances(*table, 0, 10, 1, "genius"), std::invalid_argument);
  EXPECT_EQ(table->move_count(), moves);
}

}  // namespace
