// The ThreeBeTween table as the terminal shows it (families/three/terminal_view.cpp), on stacked
// decks: the "at risk" column of every row, whether the limits are laid or still in hand.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "cli/style.h"
#include "families/three/terminal_view.h"
#include "support/three_table.h"

namespace {

using namespace inbetween::testing_support::three;

// The table's line for `name` (the player to act is marked "▸ name").
std::string row_of(const std::string& table, const std::string& name) {
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("  " + name + " ") || line.starts_with("▸ " + name + " ")) return line;
  ADD_FAILURE() << "no row for " << name << " in:\n" << table;
  return "";
}

// The at-risk and total columns at the end of a row: at risk right-aligned under "at risk",
// two spaces, the total right-aligned under "total" (no open letters after it).
std::string risk_and_total(const std::string& risk, const std::string& total) {
  return std::string(7 - risk.size(), ' ') + risk + "  " + std::string(5 - total.size(), ' ') + total;
}

std::string table(Table& t) { return inbetween::cli::show_three_table(inbetween::cli::Style{false}, t.g()); }

// Issue 22: after a bank the player lays two new limit cards; while they are still in hand, the
// 26 banked points are at risk and the table says so (it left the column blank).
TEST(ThreeTerminal, AtRiskShowsTheBankWhileNewLimitsAreLaid) {
  Table t = threebetween_for_bob({"A/E", "P"});  // bob banks 26 and is dealt A/E and P
  t.act(kBob, Bank{});
  ASSERT_EQ(t.g().phase(), Phase::PlaceLimits);
  std::string view = table(t);
  std::string bob = row_of(view, "bob");
  EXPECT_NE(bob.find("limit cards A/E(1) P(4)"), std::string::npos) << view;
  EXPECT_TRUE(bob.ends_with(risk_and_total("26", "0"))) << view;
  // Laid: the bank plus the two limits in front (A/E 1, P 4).
  t.act(kBob, PlaceLimits{t.lay("A/E", 'A'), t.lay("P", 'P')});
  bob = row_of(table(t), "bob");
  EXPECT_NE(bob.find(risk_and_total("26+5=31", "0")), std::string::npos) << table(t);
}

// Before any limits are laid (the set-up), nothing is at risk yet: 0, never a blank.
TEST(ThreeTerminal, AtRiskIsZeroBeforeTheFirstLimitsAreLaid) {
  Table t(2, kAnn, {"B", "D", "Z", "W"});
  ASSERT_EQ(t.g().phase(), Phase::Replace);
  std::string view = table(t);
  EXPECT_TRUE(row_of(view, "ann").ends_with(risk_and_total("0", "0"))) << view;
}

}  // namespace
