// RULES.md Part 1, the banker home game, rule by rule on stacked decks (top card first; dealt
// as: per turn first post, second post, third card).
#include <gtest/gtest.h>

#include "support/rule_errors.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"
#include "cards/shoe.h"
#include "families/pot/action.h"
#include "families/pot/event.h"
#include "families/pot/family.h"
#include "families/pot/game.h"
#include "support/bet_table.h"
#include "rules/pot_rules.h"
#include "rules/rule_files.h"

namespace {

using inbetween::testing_support::contains;
using inbetween::testing_support::rule_error;

using namespace inbetween::games::pot;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
using rules::Chips;
using rules::Override;

// ---- helpers (tests/support/bet_table.h) ----------------------------------------------------

using Table = inbetween::testing_support::BetTable<PotFamily>;
using namespace inbetween::testing_support;

// ---- banker --------------------------------------------------------------------------------

TEST(Banker, Rule1_PotIsTheDealersStakePlusOneChipFromEveryPlayer) {
  Table t("banker", 3, 0, {"3S", "JS"});
  EXPECT_EQ(players_of(t.log, EventKind::Ante), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(amounts_of(t.log, EventKind::Ante), (std::vector<Chips>{1, 1, 1}));
  EXPECT_EQ(players_of(t.log, EventKind::BankerStake), std::vector<int>{0});
  EXPECT_EQ(amounts_of(t.log, EventKind::BankerStake), std::vector<Chips>{100});
  EXPECT_EQ(t.game.pot(), 103);
  EXPECT_EQ(t.chips(0), 99);
  EXPECT_EQ(t.chips(1), 199);
  EXPECT_EQ(t.chips(2), 199);
  EXPECT_EQ(t.game.to_act(), 1);
  expect_chips_conserved(t.game);
}

TEST(Banker, Rule1_DealerIsChosenAtRandomFromTheSeedWithoutUsingCards) {
  std::set<int> dealers;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    Table a("banker", 4, std::nullopt, {"3S", "JS"}, {}, seed);
    Table b("banker", 4, std::nullopt, {"3S", "JS"}, {}, seed);
    EXPECT_EQ(a.game.dealer(), b.game.dealer());
    EXPECT_EQ(count(a.log, EventKind::DrawForDeal), 0);
    EXPECT_EQ(a.game.to_act(), (a.game.dealer() + 1) % 4);
    EXPECT_EQ(posts_of(a.game), (std::vector<Card>{card("3S"), card("JS")}));
    dealers.insert(a.game.dealer());
  }
  EXPECT_GE(dealers.size(), 2u);
}

TEST(Banker, Rule2_EachPlayerInTurnDealerIncludedBetsUpToThePotOrFolds) {
  Table t("banker", 3, 0, {"3S", "JS", "KH", "5D", "2C", "9C"});
  ASSERT_EQ(t.game.to_act(), 1);
  Legal l = t.game.legal(1);
  EXPECT_TRUE(l.bet);
  EXPECT_TRUE(l.pass);
  EXPECT_EQ(l.bet_min, 1);
  EXPECT_EQ(l.bet_max, 99);  // a post hit costs double: 199 chips cover a bet of 99
  auto ev = t.act(1, Pass{});
  EXPECT_EQ(players_of(ev, EventKind::Pass), std::vector<int>{1});
  EXPECT_EQ(count(ev, EventKind::ThirdCard), 0);
  EXPECT_EQ(t.chips(1), 199);
  ASSERT_EQ(t.game.to_act(), 2);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("KH"), card("5D")}));
  t.act(2, Pass{});
  ASSERT_EQ(t.game.to_act(), 0);  // the dealer plays too, last
  EXPECT_EQ(t.game.legal(0).bet_max, 49);
  ev = t.act(0, Pass{});
  // After everyone has played, the cards are reshuffled and the same dealer deals again.
  EXPECT_EQ(reshuffles(ev), 1);
  EXPECT_EQ(t.game.deals_done(), 1);
  EXPECT_EQ(t.game.dealer(), 0);
  EXPECT_EQ(t.game.to_act(), 1);
  EXPECT_EQ(t.game.pot(), 103);
  expect_cards_conserved(t.game);
}

TEST(Banker, Rule3_BetweenTakesTheBetOutsidePaysTheBetEqualToAPostPaysTwice) {
  Table t("banker", 3, 0, {"3S", "JS", "7D", "4H", "TH", "KD", "2C", "9C", "9D"});
  auto ev = t.act(1, Bet{10});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{10});
  EXPECT_EQ(t.chips(1), 209);
  EXPECT_EQ(t.game.pot(), 93);
  ev = t.act(2, Bet{5});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{5});
  EXPECT_EQ(t.chips(2), 194);
  EXPECT_EQ(t.game.pot(), 98);
  ev = t.act(0, Bet{20});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::HitPost);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{40});
  EXPECT_EQ(t.chips(0), 59);
  EXPECT_EQ(t.game.pot(), 138);
  expect_chips_conserved(t.game);
}

TEST(Banker, Rule3_PairsArePlayedOnAndThreeAcesAlsoPayDouble) {
  Table t("banker", 3, 0, {"8S", "8H", "8D", "AS", "AH", "AD"});
  ASSERT_EQ(t.game.phase(), Phase::Bet);
  ASSERT_EQ(t.game.to_act(), 1);
  auto ev = t.act(1, Bet{3});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::HitPost);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{6});
  ASSERT_EQ(t.game.to_act(), 2);
  ev = t.act(2, Bet{4});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::TripleAce);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{8});
  EXPECT_EQ(t.game.pot(), 103 + 6 + 8);
  expect_chips_conserved(t.game);
}

TEST(Banker, Rule4_BettingTheWholePotAndWinningEndsTheGame) {
  Table t("banker", 2, 0, {"2S", "AS", "7D"});
  EXPECT_EQ(t.game.pot(), 102);
  // 199 chips cannot cover a post hit on 102 (204): the bet is limited to 99 until a rebuy.
  EXPECT_EQ(t.game.legal(1).bet_max, 99);
  Refusal r = refused(t, 1, Bet{102});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "bet 102 exceeds what your stack of 199 can cover when the worst outcome costs 2x the bet");
  t.act(1, Rebuy{200});
  EXPECT_EQ(t.game.legal(1).bet_max, 102);
  auto ev = t.act(1, Bet{102});
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{102});
  EXPECT_EQ(count(ev, EventKind::GameOver), 1);
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(t.game.pot(), 0);
  EXPECT_EQ(t.chips(1), 501);
  EXPECT_EQ(t.game.winners(), std::vector<int>{1});
  expect_chips_conserved(t.game);
}

TEST(Banker, Rule4_AfterItsDealsTheDealerTakesThePotAndTheDealPassesWithANewBank) {
  Table t("banker", 2, 0, {});
  EXPECT_EQ(t.game.deals_total(), 6);  // each player banks once, 3 deals each
  for (int turn = 0; turn < 6; ++turn) {
    SCOPED_TRACE(turn);
    ASSERT_EQ(t.game.phase(), Phase::Bet);
    EXPECT_EQ(t.game.dealer(), 0);
    t.act(t.game.to_act(), Pass{});
  }
  EXPECT_EQ(players_of(t.log, EventKind::DealerTakesPot), std::vector<int>{0});
  EXPECT_EQ(amounts_of(t.log, EventKind::DealerTakesPot), std::vector<Chips>{102});
  EXPECT_EQ(players_of(t.log, EventKind::DealerChanged), std::vector<int>{1});
  EXPECT_EQ(players_of(t.log, EventKind::BankerStake), (std::vector<int>{0, 1}));
  EXPECT_EQ(t.game.dealer(), 1);
  EXPECT_EQ(t.game.pot(), 102);
  EXPECT_EQ(t.chips(0), 200);  // 99 + 102 - 1
  EXPECT_EQ(t.chips(1), 98);   // 199 - 1 - 100
  EXPECT_EQ(t.game.to_act(), 0);
  EXPECT_EQ(reshuffles(t.log), 3);  // one after each deal
  for (int turn = 0; turn < 6; ++turn) {
    ASSERT_FALSE(t.game.over());
    t.act(t.game.to_act(), Pass{});
  }
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(amounts_of(t.log, EventKind::DealerTakesPot), (std::vector<Chips>{102, 102}));
  EXPECT_EQ(t.game.deals_done(), 6);
  EXPECT_EQ(t.chips(0), 200);
  EXPECT_EQ(t.chips(1), 200);
  EXPECT_EQ(t.game.pot(), 0);
  EXPECT_EQ(t.game.winners(), (std::vector<int>{0, 1}));
  expect_chips_conserved(t.game);
}

TEST(Banker, Rule5_AnyPlayerMayRebuyAtAnyTimeAndChipsStayConserved) {
  Table t("banker", 3, 0, {"3S", "JS", "7D"});
  ASSERT_EQ(t.game.to_act(), 1);
  Legal l = t.game.legal(2);
  EXPECT_TRUE(l.rebuy);
  EXPECT_EQ(l.rebuy_max, 200);
  EXPECT_FALSE(l.bet);
  auto ev = t.act(2, Rebuy{50});  // not seat 2's turn
  EXPECT_EQ(players_of(ev, EventKind::Rebuy), std::vector<int>{2});
  EXPECT_EQ(amounts_of(ev, EventKind::Rebuy), std::vector<Chips>{50});
  EXPECT_EQ(t.chips(2), 249);
  EXPECT_EQ(t.game.players()[2].bought, 250);
  EXPECT_EQ(t.game.to_act(), 1);
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  t.act(0, Rebuy{200});
  t.act(1, Rebuy{1});  // the player to act, mid-turn
  EXPECT_EQ(t.game.chips_in(), 600 + 50 + 200 + 1);
  expect_chips_conserved(t.game);
  Refusal r = refused(t, 0, Rebuy{201});
  EXPECT_EQ(r.code, "rebuy_out_of_range");
  EXPECT_EQ(r.message, "a rebuy must be from 1 to 200 chips (rebuy_max), not 201");
  r = refused(t, 0, Rebuy{0});
  EXPECT_EQ(r.code, "rebuy_out_of_range");
  t.act(1, Bet{10});
  expect_chips_conserved(t.game);
  // A rebuy counts against the result: winners are judged on chips less what was bought.
  EXPECT_EQ(t.chips(1), 210);
}

TEST(Banker, Rule6_FirstAceMayBeCalledLowWithTheVariant) {
  Table t("banker", 2, 0, {"AS", "5H", "3D"}, {{"first_ace", "call"}});
  EXPECT_EQ(t.game.phase(), Phase::CallFirstAce);
  EXPECT_EQ(t.game.to_act(), 1);
  EXPECT_EQ(t.game.posts().count, 1);
  EXPECT_EQ(t.game.shoe().remaining(), 51u);  // the second post is not dealt yet
  Legal l = t.game.legal(1);
  EXPECT_TRUE(l.call);
  EXPECT_FALSE(l.bet);
  EXPECT_FALSE(l.pass);
  EXPECT_TRUE(l.rebuy);
  Refusal r = refused(t, 1, Bet{1});
  EXPECT_EQ(r.code, "not_now");
  EXPECT_TRUE(contains(r.message, "called high or low first")) << r.message;
  auto ev = t.act(1, Call{AceValue::Low});
  ASSERT_EQ(count(ev, EventKind::AceCalled), 1);
  EXPECT_EQ(first(ev, EventKind::AceCalled).ace, AceValue::Low);
  EXPECT_EQ(first(ev, EventKind::AceCalled).card, card("AS"));
  EXPECT_EQ(cards_of(ev, EventKind::PostDealt), std::vector<Card>{card("5H")});
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_EQ(t.game.posts().spread(), 3);
  ev = t.act(1, Bet{10});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
  EXPECT_EQ(t.chips(1), 209);
}

TEST(Banker, Rule6_WithoutTheVariantAnAceIsHigh) {
  Table t("banker", 2, 0, {"AS", "5H", "3D"});
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_EQ(t.game.posts().count, 2);
  Refusal r = refused(t, 1, Call{AceValue::Low});
  EXPECT_EQ(r.code, "no_ace_to_call");
  auto ev = t.act(1, Bet{10});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(t.chips(1), 189);
}

}  // namespace
