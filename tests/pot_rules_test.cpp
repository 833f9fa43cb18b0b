// RULES.md Part 1 for Hoyle and Hoyle-3 (banker_rules_test.cpp and sheets_rules_test.cpp hold
// the other pot games) and "Seats, dealer and dealing order", rule by rule, preset by preset,
// each shown on a stacked deck (top card first; dealt as: the draw for the deal when no
// dealer is named, then per turn first post, second post, third card).
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

// ---- Seats, dealer and dealing order -------------------------------------------------------

TEST(Seats, HighCardDrawInSeatOrderThenAntesThenTheStackedPosts) {
  Table t("hoyle", 3, std::nullopt, {"5S", "KH", "9D", "3C", "JC"});
  std::vector<EventKind> expected = {EventKind::Shuffled, EventKind::DrawForDeal, EventKind::DrawForDeal,
                                     EventKind::DrawForDeal, EventKind::DealerChosen, EventKind::Ante,
                                     EventKind::Ante, EventKind::Ante, EventKind::PostDealt, EventKind::PostDealt};
  std::vector<EventKind> kinds;
  for (const auto& e : t.log) kinds.push_back(e.kind);
  EXPECT_EQ(kinds, expected);
  EXPECT_EQ(players_of(t.log, EventKind::DrawForDeal), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(cards_of(t.log, EventKind::DrawForDeal), (std::vector<Card>{card("5S"), card("KH"), card("9D")}));
  EXPECT_EQ(t.game.dealer(), 1);
  EXPECT_EQ(players_of(t.log, EventKind::DealerChosen), std::vector<int>{1});
  // Antes clockwise from the dealer's left, dealer last; the first turn is the dealer's left.
  EXPECT_EQ(players_of(t.log, EventKind::Ante), (std::vector<int>{2, 0, 1}));
  EXPECT_EQ(players_of(t.log, EventKind::PostDealt), (std::vector<int>{2, 2}));
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("3C"), card("JC")}));
  EXPECT_EQ(t.game.to_act(), 2);
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  // The draw cards went to the discards.
  EXPECT_EQ(t.game.shoe().discards(), 3u);
  EXPECT_EQ(t.game.shoe().remaining(), 47u);
  expect_cards_conserved(t.game);
}

TEST(Seats, ANamedDealerSkipsTheDrawAndTheDealersLeftPlaysFirst) {
  Table t("hoyle", 4, 2, {"3C", "JC"});
  EXPECT_EQ(count(t.log, EventKind::DrawForDeal), 0);
  EXPECT_EQ(t.game.dealer(), 2);
  EXPECT_EQ(players_of(t.log, EventKind::Ante), (std::vector<int>{3, 0, 1, 2}));
  EXPECT_EQ(t.game.to_act(), 3);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("3C"), card("JC")}));
  EXPECT_EQ(t.game.shoe().remaining(), 50u);
}

TEST(Seats, StackedCardsComeOffFirstAndTheRestFollowsInSeededOrder) {
  Table a("hoyle", 2, 0, {"3C", "JC"}, {}, 11);
  Table b("hoyle", 2, 0, {"3C", "JC"}, {}, 11);
  Table c("hoyle", 2, 0, {"3C", "JC"}, {}, 12);
  EXPECT_EQ(posts_of(a.game), (std::vector<Card>{card("3C"), card("JC")}));
  EXPECT_EQ(posts_of(c.game), (std::vector<Card>{card("3C"), card("JC")}));
  // What the shoes deal next (a copy of each, dealt to the end): the seed's order.
  auto deal_rest = [](cards::Shoe shoe) {
    std::vector<cards::CardCode> out;
    while (!shoe.empty()) out.push_back(shoe.draw());
    return out;
  };
  EXPECT_EQ(deal_rest(a.game.shoe()), deal_rest(b.game.shoe()));
  EXPECT_NE(deal_rest(a.game.shoe()), deal_rest(c.game.shoe()));
  // The rest is the full deck less the stacked cards.
  std::set<cards::CardCode> rest(a.game.shoe().undealt_unordered().begin(), a.game.shoe().undealt_unordered().end());
  EXPECT_EQ(rest.size(), 50u);
  EXPECT_FALSE(rest.contains(card("3C").code));
  EXPECT_FALSE(rest.contains(card("JC").code));
}

TEST(Seats, AStackTheShoeCannotHoldIsASetupError) {
  EXPECT_THROW(Table("hoyle", 2, 0, {"AS", "AS"}), SetupError);
  EXPECT_THROW(Table("hoyle", 1, 0, {}), SetupError);  // hoyle seats 2 to 8
  EXPECT_THROW(Table("hoyle", 2, 5, {}), SetupError);  // the named dealer is no player
}

// ---- hoyle and hoyle-3 ---------------------------------------------------------------------

class HoyleFamily : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(Presets, HoyleFamily, ::testing::Values("hoyle", "hoyle-3"), param_name);

TEST(Hoyle, Rule1_HighestCardDealsFirstTiesDrawAgain) {
  // Three kings tie, all draw again; two queens tie, those two draw again; the 8 deals.
  Table t("hoyle", 3, std::nullopt, {"KS", "KH", "KD", "QS", "QH", "2C", "3S", "8S", "4D", "TD"});
  EXPECT_EQ(players_of(t.log, EventKind::DrawForDeal), (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1}));
  EXPECT_EQ(t.game.dealer(), 1);
  EXPECT_EQ(t.game.to_act(), 2);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("4D"), card("TD")}));
  EXPECT_EQ(t.game.shoe().discards(), 8u);
}

TEST(Hoyle, Rule1_AceIsTheHighestCardInTheDraw) {
  Table t("hoyle", 4, std::nullopt, {"KS", "AH", "2D", "QC", "4D", "TD"});
  EXPECT_EQ(t.game.dealer(), 1);
  EXPECT_EQ(t.game.to_act(), 2);
}

TEST_P(HoyleFamily, Rule1_EveryoneAntesOneChip) {
  Table t(GetParam(), 4, 0, {"3C", "JC"});
  EXPECT_EQ(players_of(t.log, EventKind::Ante), (std::vector<int>{1, 2, 3, 0}));
  EXPECT_EQ(amounts_of(t.log, EventKind::Ante), (std::vector<Chips>{1, 1, 1, 1}));
  EXPECT_EQ(t.game.pot(), 4);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(t.chips(i), 19);
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule2_TurnsGoClockwiseFromTheDealersLeftDealerLastThenTheDealPassesLeft) {
  // Nine turns, each a bet of 1 lost outside the posts, so the pot never empties.
  Table t(GetParam(), 3, 0,
          {"3S", "9S", "2S", "3H", "9H", "2H", "3D", "9D", "2D", "3C", "9C", "2C", "4S", "TS", "AS",
           "4H", "TH", "AH", "4D", "TD", "AD", "4C", "TC", "AC", "5S", "JS", "KS"});
  const int expected_player[] = {1, 2, 0, 2, 0, 1, 0, 1, 2};
  const int expected_dealer[] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
  for (int turn = 0; turn < 9; ++turn) {
    SCOPED_TRACE(turn);
    ASSERT_EQ(t.game.phase(), Phase::Bet);
    EXPECT_EQ(t.game.to_act(), expected_player[turn]);
    EXPECT_EQ(t.game.dealer(), expected_dealer[turn]);
    EXPECT_EQ(t.game.deals_done(), turn / 3);
    auto ev = t.act(t.game.to_act(), Bet{1});
    ASSERT_EQ(count(ev, EventKind::Loss), 1);
    EXPECT_EQ(first(ev, EventKind::Loss).outcome, Outcome::Outside);
    // The deal passes left after the dealer's own turn, and not after the last deal.
    if (turn == 2 || turn == 5) {
      EXPECT_EQ(players_of(ev, EventKind::DealerChanged), std::vector<int>{expected_dealer[turn + 1]});
    } else {
      EXPECT_EQ(count(ev, EventKind::DealerChanged), 0);
    }
  }
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(t.game.deals_done(), 3);
  EXPECT_EQ(t.game.deals_total(), 3);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(t.chips(i), 16);
  EXPECT_EQ(t.game.pot(), 12);
  EXPECT_EQ(t.game.winners(), (std::vector<int>{0, 1, 2}));
  expect_chips_conserved(t.game);
}

TEST(Hoyle, Rule3_PairOfPostsPaysTwoFromThePotNoThirdCard) {
  Table t("hoyle", 4, 0, {"8S", "8H", "3C", "JC"});
  EXPECT_EQ(only(t.log, EventKind::PairPaid).size(), 1u);
  EXPECT_EQ(players_of(t.log, EventKind::PairPaid), std::vector<int>{1});
  EXPECT_EQ(amounts_of(t.log, EventKind::PairPaid), std::vector<Chips>{2});
  EXPECT_EQ(count(t.log, EventKind::Bet), 0);
  EXPECT_EQ(count(t.log, EventKind::ThirdCard), 0);
  EXPECT_EQ(t.chips(1), 21);
  EXPECT_EQ(t.game.pot(), 2);
  // The next player's posts are the next two cards.
  EXPECT_EQ(t.game.to_act(), 2);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("3C"), card("JC")}));
  EXPECT_EQ(t.game.shoe().remaining(), 48u);
  expect_chips_conserved(t.game);
}

TEST(Hoyle3, Rule3_PairOfPostsPaysThreeFromThePotNoThirdCard) {
  Table t("hoyle-3", 4, 0, {"8S", "8H", "3C", "JC"});
  EXPECT_EQ(amounts_of(t.log, EventKind::PairPaid), std::vector<Chips>{3});
  EXPECT_EQ(count(t.log, EventKind::ThirdCard), 0);
  EXPECT_EQ(t.chips(1), 22);
  EXPECT_EQ(t.game.pot(), 1);
  EXPECT_EQ(t.game.to_act(), 2);
  expect_chips_conserved(t.game);
}

TEST(Hoyle, Rule3_PairPaysNeverMoreThanThePotHolds) {
  // Pot 3: the first pair takes 2, the second pair only the 1 left; then everyone antes again.
  Table t("hoyle", 3, 0, {"8S", "8H", "5D", "5C", "3C", "JC"});
  EXPECT_EQ(players_of(t.log, EventKind::PairPaid), (std::vector<int>{1, 2}));
  EXPECT_EQ(amounts_of(t.log, EventKind::PairPaid), (std::vector<Chips>{2, 1}));
  EXPECT_EQ(count(t.log, EventKind::Ante), 6);
  EXPECT_EQ(t.game.pot(), 3);
  EXPECT_EQ(t.chips(1), 20);  // 19 + 2 - 1
  EXPECT_EQ(t.chips(2), 19);  // 19 + 1 - 1
  EXPECT_EQ(t.chips(0), 18);  // 19 - 1
  EXPECT_EQ(t.game.to_act(), 0);
  expect_chips_conserved(t.game);
}

TEST(Hoyle3, Rule3_PairPaysNeverMoreThanThePotHolds) {
  Table t("hoyle-3", 2, 0, {"8S", "8H", "3C", "JC"});
  EXPECT_EQ(amounts_of(t.log, EventKind::PairPaid), std::vector<Chips>{2});  // the pot held 2, not 3
  EXPECT_EQ(t.game.pot(), 2);                                                // everyone anted again
  EXPECT_EQ(t.chips(1), 20);
  EXPECT_EQ(t.chips(0), 18);
  EXPECT_EQ(t.game.to_act(), 0);
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule3_ConsecutivePostsLoseTheMinimumBetNoThirdCard) {
  // 9-T, then K-A (aces are high, so K-A is consecutive too).
  Table t(GetParam(), 3, 0, {"9S", "TH", "KD", "AC", "3C", "JC"});
  EXPECT_EQ(players_of(t.log, EventKind::ConsecutiveLoss), (std::vector<int>{1, 2}));
  EXPECT_EQ(amounts_of(t.log, EventKind::ConsecutiveLoss), (std::vector<Chips>{1, 1}));
  EXPECT_EQ(count(t.log, EventKind::ThirdCard), 0);
  EXPECT_EQ(count(t.log, EventKind::Bet), 0);
  EXPECT_EQ(t.chips(1), 18);
  EXPECT_EQ(t.chips(2), 18);
  EXPECT_EQ(t.game.pot(), 5);
  EXPECT_EQ(t.game.to_act(), 0);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("3C"), card("JC")}));
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule3_ABetIsFromOneChipUpToThePotAndThereIsNoFold) {
  Table t(GetParam(), 3, 0, {"3S", "JS"});
  Legal l = t.game.legal(1);
  EXPECT_TRUE(l.bet);
  EXPECT_EQ(l.bet_min, 1);
  EXPECT_EQ(l.bet_max, 3);
  EXPECT_FALSE(l.pass);
  EXPECT_FALSE(l.call);
  EXPECT_FALSE(l.rebuy);
  EXPECT_FALSE(t.game.legal(2).any());
  EXPECT_FALSE(t.game.legal(0).any());
  Refusal r = refused(t, 1, Pass{});
  EXPECT_EQ(r.code, "pass_not_allowed");
  EXPECT_TRUE(contains(r.message, "allow_pass = false")) << r.message;
  EXPECT_TRUE(contains(r.message, "bet from 1 to 3")) << r.message;
}

TEST_P(HoyleFamily, Rule3_ThirdCardBetweenTakesBackTheBetPlusAsMuchFromThePot) {
  Table t(GetParam(), 3, 0, {"3S", "JS", "7D", "4C", "QC"});
  auto ev = t.act(1, Bet{2});
  ASSERT_EQ(count(ev, EventKind::ThirdCard), 1);
  EXPECT_EQ(first(ev, EventKind::ThirdCard).card, card("7D"));
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
  EXPECT_EQ(amounts_of(ev, EventKind::Bet), std::vector<Chips>{2});
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{2});
  EXPECT_EQ(t.chips(1), 21);
  EXPECT_EQ(t.game.pot(), 1);
  EXPECT_EQ(t.game.to_act(), 2);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("4C"), card("QC")}));
  EXPECT_EQ(t.game.shoe().discards(), 3u);
  expect_chips_conserved(t.game);
  expect_cards_conserved(t.game);
}

TEST_P(HoyleFamily, Rule3_ThirdCardOutsideLosesTheBetToThePot) {
  Table t(GetParam(), 3, 0, {"3S", "JS", "QD"});
  auto ev = t.act(1, Bet{2});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{2});
  EXPECT_EQ(count(ev, EventKind::Win), 0);
  EXPECT_EQ(t.chips(1), 17);
  EXPECT_EQ(t.game.pot(), 5);
  EXPECT_EQ(t.game.to_act(), 2);
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule3_ThirdCardOfAPostsRankLosesTheBetOnce) {
  Table t(GetParam(), 3, 0, {"3S", "JS", "JD"});
  auto ev = t.act(1, Bet{2});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::HitPost);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{2});  // not doubled in hoyle
  EXPECT_EQ(t.chips(1), 17);
  EXPECT_EQ(t.game.pot(), 5);
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule3_AcesAreHigh) {
  // 2-A spans 3..K; A above 4-9 is outside.
  Table t(GetParam(), 3, 0, {"2S", "AS", "KD", "4C", "9C", "AD"});
  EXPECT_EQ(t.game.posts().spread(), 11);
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
  ASSERT_EQ(t.game.to_act(), 2);
  ev = t.act(2, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(t.chips(1), 20);
  EXPECT_EQ(t.chips(2), 18);
}

// Sixteen turns of three cards (each a win of 1), a paid pair, and two aces left over.
std::vector<std::string> hoyle_full_deck() {
  std::vector<std::string> stack;
  const char* const triples[][3] = {{"2", "4", "3"}, {"5", "7", "6"}, {"8", "T", "9"}, {"J", "K", "Q"}};
  for (const char* suit : {"S", "H", "D", "C"})
    for (const auto& triple : triples)
      for (const char* rank : triple) stack.push_back(std::string(rank) + suit);
  for (const char* ace : {"AS", "AH", "AD", "AC"}) stack.push_back(ace);
  return stack;
}

TEST_P(HoyleFamily, Rule4_DiscardsAreReshuffledWhenTheDeckCannotSupplyATurn) {
  Table t(GetParam(), 2, 0, hoyle_full_deck(), {{"deals", "unlimited"}});
  EXPECT_EQ(t.game.rules().reshuffle_below, 3);
  std::vector<Event> last;
  for (int turn = 0; turn < 16; ++turn) {
    SCOPED_TRACE(turn);
    ASSERT_EQ(t.game.phase(), Phase::Bet);
    EXPECT_EQ(reshuffles(t.log), 0);
    EXPECT_EQ(t.game.shoe().remaining(), static_cast<std::size_t>(52 - 3 * turn - 2));
    last = t.act(t.game.to_act(), Bet{1});
    EXPECT_EQ(first(last, EventKind::ThirdCard).outcome, Outcome::Between);
    expect_cards_conserved(t.game);
  }
  // The last bet's turn was followed by the A-A pair (2 cards, leaving 2 < 3), then a reshuffle
  // of the 50 discards with the 2 cards left, before the next turn's posts.
  std::size_t pair = index_of(last, EventKind::PairPaid);
  ASSERT_LT(pair, last.size());
  std::size_t shuffle = index_of(last, EventKind::Shuffled, pair);
  ASSERT_LT(shuffle, last.size());
  EXPECT_EQ(last[shuffle].amount, 1);
  EXPECT_LT(shuffle, index_of(last, EventKind::PostDealt, pair));
  EXPECT_EQ(reshuffles(t.log), 1);
  EXPECT_EQ(t.game.shoe().generation(), 1);
  EXPECT_EQ(only(t.log, EventKind::PostDealt)[32].card, card("AS"));
  EXPECT_EQ(only(t.log, EventKind::PostDealt)[33].card, card("AH"));
  expect_cards_conserved(t.game);
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule5_EveryoneAntesAgainWhenThePotIsEmpty) {
  Table t(GetParam(), 2, 0, {"2S", "KS", "7H", "3C", "JC"});
  auto ev = t.act(1, Bet{2});  // the whole pot, and a win
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{2});
  ASSERT_EQ(players_of(ev, EventKind::Ante), (std::vector<int>{1, 0}));
  EXPECT_LT(index_of(ev, EventKind::Win), index_of(ev, EventKind::Ante));
  EXPECT_EQ(t.game.pot(), 2);
  EXPECT_EQ(t.chips(1), 20);
  EXPECT_EQ(t.chips(0), 18);
  EXPECT_EQ(t.game.to_act(), 0);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("3C"), card("JC")}));
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule6_GameEndsAfterEveryoneHasDealtOnceAndMostChipsWins) {
  Table t(GetParam(), 2, 0, {"3S", "JS", "7S", "4S", "5H", "6D", "6H", "2C", "QC", "KD"});
  EXPECT_EQ(t.game.deals_total(), 2);
  ASSERT_EQ(t.game.to_act(), 1);
  // Seat 1 wins 1; seat 0 (the dealer) loses 1 on 4-5; the deal passes to seat 1, whose left
  // (seat 0) gets a pair paid 2 from a pot of 2, everyone antes again; then seat 1 plays.
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{1});
  EXPECT_EQ(players_of(ev, EventKind::ConsecutiveLoss), std::vector<int>{0});
  EXPECT_EQ(players_of(ev, EventKind::DealerChanged), std::vector<int>{1});
  EXPECT_EQ(players_of(ev, EventKind::PairPaid), std::vector<int>{0});
  EXPECT_EQ(amounts_of(ev, EventKind::PairPaid), std::vector<Chips>{2});
  EXPECT_EQ(t.game.dealer(), 1);
  EXPECT_EQ(t.game.deals_done(), 1);
  EXPECT_FALSE(t.game.over());
  EXPECT_TRUE(t.game.winners().empty());
  ASSERT_EQ(t.game.to_act(), 1);
  ev = t.act(1, Bet{1});
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{1});
  EXPECT_EQ(count(ev, EventKind::GameOver), 1);
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(t.game.phase(), Phase::Over);
  EXPECT_EQ(t.game.to_act(), -1);
  EXPECT_EQ(t.game.deals_done(), 2);
  EXPECT_EQ(t.chips(0), 19);
  EXPECT_EQ(t.chips(1), 18);
  EXPECT_EQ(t.game.pot(), 3);
  EXPECT_EQ(t.game.winners(), std::vector<int>{0});
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule6_GameEndsWhenOnlyOnePlayerHasChips) {
  // Two chips each, one anted: seats 1 and 2 lose their last chip on consecutive posts.
  Table t(GetParam(), 3, 0, {"4S", "5S", "7H", "8H"}, {{"start_chips", "2"}});
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(count(t.log, EventKind::GameOver), 1);
  EXPECT_EQ(t.chips(0), 1);
  EXPECT_EQ(t.chips(1), 0);
  EXPECT_EQ(t.chips(2), 0);
  EXPECT_EQ(t.game.pot(), 5);
  EXPECT_EQ(t.game.winners(), std::vector<int>{0});
  EXPECT_FALSE(t.game.legal(0).any());
  Refusal r = refused(t, 0, Bet{1});
  EXPECT_EQ(r.code, "game_over");
  expect_chips_conserved(t.game);
}

TEST_P(HoyleFamily, Rule6_APlayerWithoutChipsSitsOut) {
  Table t(GetParam(), 3, 0, {"4S", "5S", "3H", "JH", "7H", "2D", "KD", "8D", "3C", "QC", "5C", "4H", "TH"},
          {{"start_chips", "2"}});
  EXPECT_EQ(t.chips(1), 0);
  ASSERT_EQ(t.game.to_act(), 2);
  t.act(2, Bet{1});
  ASSERT_EQ(t.game.to_act(), 0);
  auto ev = t.act(0, Bet{1});
  // The deal passes to seat 1, who has no chips: play goes 2, 0 and skips seat 1.
  EXPECT_EQ(t.game.dealer(), 1);
  EXPECT_EQ(t.game.to_act(), 2);
  t.act(2, Bet{1});
  EXPECT_EQ(t.game.to_act(), 0);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("4H"), card("TH")}));
  std::vector<int> posted = players_of(t.log, EventKind::PostDealt);
  EXPECT_EQ(std::count(posted.begin() + 2, posted.end(), 1), 0);
  EXPECT_FALSE(t.game.in_game(1));
  expect_chips_conserved(t.game);
}

TEST(Hoyle, Illegal_AnotherPlayersActionIsRefused) {
  Table t("hoyle", 3, 0, {"3S", "JS"});
  Refusal r = refused(t, 2, Bet{1});
  EXPECT_EQ(r.code, "not_your_turn");
  EXPECT_EQ(r.message, "it is bob's turn, not cy's");
  r = refused(t, 9, Bet{1});
  EXPECT_EQ(r.code, "unknown_player");
}

TEST(Hoyle, Illegal_BetOverThePotIsRefused) {
  Table t("hoyle", 3, 0, {"3S", "JS"});
  Refusal r = refused(t, 1, Bet{4});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "bet 4 exceeds the pot of 3");
}

TEST(Hoyle, Illegal_BetOverTheStackIsRefused) {
  // Each player holds 1 chip after the ante; the pot holds 3.
  Table t("hoyle", 3, 0, {"3S", "JS"}, {{"start_chips", "2"}});
  EXPECT_EQ(t.game.legal(1).bet_max, 1);
  Refusal r = refused(t, 1, Bet{2});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "bet 2 exceeds your stack of 1");
}

TEST(Hoyle, Illegal_BetBelowTheMinimumIsRefused) {
  Table t("hoyle", 3, 0, {"3S", "JS"});
  Refusal r = refused(t, 1, Bet{0});
  EXPECT_EQ(r.code, "bet_too_small");
  EXPECT_EQ(r.message, "bet 0 is below the minimum bet of 1");
  Table t2("hoyle", 3, 0, {"3S", "JS"}, {{"min_bet", "2"}});
  r = refused(t2, 1, Bet{1});
  EXPECT_EQ(r.code, "bet_too_small");
  EXPECT_EQ(r.message, "bet 1 is below the minimum bet of 2");
}

TEST(Hoyle, Illegal_CallWithoutAnAceIsRefused) {
  Table t("hoyle", 3, 0, {"AS", "JS"});  // an ace, but hoyle has no calls
  Refusal r = refused(t, 1, Call{AceValue::Low});
  EXPECT_EQ(r.code, "no_ace_to_call");
  EXPECT_TRUE(contains(r.message, "no ace post to call")) << r.message;
}

// Raise and stand are Red Dog's actions (house::Action), no pot game's: the protocol refuses
// them at a pot table (protocol_test, ActionsTheRulesRefuse).
static_assert(std::variant_size_v<Action> == 4, "a pot game's actions: bet, pass, call, rebuy");

TEST(Hoyle, Illegal_RebuyIsRefusedWithoutRebuys) {
  Table t("hoyle", 3, 0, {"3S", "JS"});
  Refusal r = refused(t, 1, Rebuy{5});
  EXPECT_EQ(r.code, "rebuy_not_allowed");
  EXPECT_TRUE(contains(r.message, "rebuys = false")) << r.message;
}

}  // namespace
