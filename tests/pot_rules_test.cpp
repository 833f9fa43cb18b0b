// RULES.md Part 1 and "Seats, dealer and dealing order", rule by rule, preset by preset,
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
#include "games/pot/action.h"
#include "games/pot/event.h"
#include "games/pot/family.h"
#include "games/pot/pot_game.h"
#include "support/bet_table.h"
#include "rules/pot_rules.h"
#include "rules/rule_files.h"

namespace inbetween::cards {
// Readable cards in failure messages.
void PrintTo(const Card& c, std::ostream* os) { *os << to_string(c); }
}  // namespace inbetween::cards

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

std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

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
  EXPECT_FALSE(l.raise);
  EXPECT_FALSE(l.stand);
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

TEST(Hoyle, Illegal_RaiseAndStandOutsideRedDogAreRefused) {
  Table t("hoyle", 3, 0, {"3S", "JS"});
  Refusal r = refused(t, 1, Raise{});
  EXPECT_EQ(r.code, "raise_not_allowed");
  EXPECT_TRUE(contains(r.message, "a pot game has none")) << r.message;
  r = refused(t, 1, Stand{});
  EXPECT_EQ(r.code, "not_now");
}

TEST(Hoyle, Illegal_RebuyIsRefusedWithoutRebuys) {
  Table t("hoyle", 3, 0, {"3S", "JS"});
  Refusal r = refused(t, 1, Rebuy{5});
  EXPECT_EQ(r.code, "rebuy_not_allowed");
  EXPECT_TRUE(contains(r.message, "rebuys = false")) << r.message;
}

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

// ---- between-the-sheets and acey-deucey ----------------------------------------------------

class SheetsFamily : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(Presets, SheetsFamily, ::testing::Values("between-the-sheets", "acey-deucey"), param_name);

TEST_P(SheetsFamily, Rule1_EveryoneAntesFourTimesTheBaseAnte) {
  Table t(GetParam(), 3, 0, {"3C", "JC"});
  EXPECT_EQ(amounts_of(t.log, EventKind::Ante), (std::vector<Chips>{4, 4, 4}));
  EXPECT_EQ(t.game.pot(), 12);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(t.chips(i), 36);
}

TEST_P(SheetsFamily, Rule1_PlayRotatesDealerIncludedUntilThePotIsEmpty) {
  // Eight wins of 1 (the first-deck cap) empty a pot of 8.
  Table t(GetParam(), 2, 0,
          {"2S", "TS", "6S", "3S", "JS", "7S", "4S", "QS", "8S", "5S", "KS", "9S",
           "2H", "TH", "6H", "3H", "JH", "7H", "4H", "QH", "8H", "5H", "KH", "9H"});
  const int expected_player[] = {1, 0, 0, 1, 1, 0, 0, 1};
  for (int turn = 0; turn < 8; ++turn) {
    SCOPED_TRACE(turn);
    ASSERT_FALSE(t.game.over());
    EXPECT_EQ(t.game.to_act(), expected_player[turn]);
    EXPECT_EQ(t.game.pot(), 8 - turn);
    auto ev = t.act(t.game.to_act(), Bet{1});
    EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{1});
  }
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(count(t.log, EventKind::Ante), 2);  // no ante again: the game ends
  EXPECT_EQ(t.game.pot(), 0);
  EXPECT_EQ(t.chips(0), 40);
  EXPECT_EQ(t.chips(1), 40);
  EXPECT_EQ(t.game.winners(), (std::vector<int>{0, 1}));
  expect_chips_conserved(t.game);
}

TEST_P(SheetsFamily, Rule3_IdenticalPostsAreReplacedForTheSamePlayer) {
  Table t(GetParam(), 2, 0, {"7S", "7H", "4D", "JD", "9C"});
  EXPECT_EQ(players_of(t.log, EventKind::PostsReplaced), std::vector<int>{1});
  EXPECT_EQ(players_of(t.log, EventKind::PostDealt), (std::vector<int>{1, 1, 1, 1}));
  EXPECT_EQ(t.game.to_act(), 1);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("4D"), card("JD")}));
  EXPECT_EQ(t.game.shoe().discards(), 2u);
  EXPECT_EQ(t.chips(1), 36);  // no payment for the pair
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).card, card("9C"));
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{1});
}

TEST_P(SheetsFamily, Rule4_AfterAPassTheNextCardBecomesTheNextPlayersFirstPost) {
  Table t(GetParam(), 2, 0, {"5S", "6H", "KD", "2C"});
  // 5-6 is played on (no consecutive rule); the player passes.
  ASSERT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_TRUE(t.game.legal(1).pass);
  auto ev = t.act(1, Pass{});
  EXPECT_EQ(players_of(ev, EventKind::Pass), std::vector<int>{1});
  EXPECT_EQ(count(ev, EventKind::ThirdCard), 0);
  ASSERT_EQ(count(ev, EventKind::PostDealt), 2);
  EXPECT_EQ(first(ev, EventKind::PostDealt).card, card("KD"));
  EXPECT_EQ(who(first(ev, EventKind::PostDealt)), 0);
  EXPECT_EQ(t.game.to_act(), 0);
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("KD"), card("2C")}));
  EXPECT_EQ(t.chips(1), 36);
  EXPECT_EQ(t.game.pot(), 8);
}

TEST_P(SheetsFamily, Rule5_BetweenTakesOutsidePaysHittingAPostPaysDouble) {
  Table t(GetParam(), 2, 0, {"4D", "JD", "9C", "4H", "JH", "2C", "4S", "JS", "JC"});
  ASSERT_EQ(t.game.to_act(), 1);
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
  EXPECT_EQ(t.chips(1), 37);
  ASSERT_EQ(t.game.to_act(), 0);
  ev = t.act(0, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{1});
  EXPECT_EQ(t.chips(0), 35);
  ASSERT_EQ(t.game.to_act(), 0);  // the deal passed to seat 1: seat 0 plays first
  ev = t.act(0, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::HitPost);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{2});
  EXPECT_EQ(t.chips(0), 33);
  EXPECT_EQ(t.game.pot(), 10);
  expect_chips_conserved(t.game);
}

// All 52 cards: 25 turns of two posts (low rank, high rank; never a pair, never an ace first),
// then 3S and JS, the last two cards of the deck, as posts.
std::vector<std::string> last_two_posts_deck() {
  std::vector<Card> rest;
  for (int code = 0; code < cards::kStandardDeckSize; ++code) {
    Card c{static_cast<cards::CardCode>(code)};
    if (c != card("3S") && c != card("JS")) rest.push_back(c);
  }
  std::vector<std::string> stack;
  for (std::size_t i = 0; i < 25; ++i) {
    stack.push_back(cards::to_string(rest[i]));
    stack.push_back(cards::to_string(rest[i + 25]));
  }
  stack.push_back("3S");
  stack.push_back("JS");
  return stack;
}

// Passes 25 turns; the player to act then holds 3S and JS, the last two cards.
void pass_to_the_last_two_cards(Table& t) {
  for (int turn = 0; turn < 25; ++turn) {
    SCOPED_TRACE(turn);
    ASSERT_EQ(t.game.phase(), Phase::Bet);
    t.act(t.game.to_act(), Pass{});
  }
  ASSERT_EQ(t.game.phase(), Phase::Bet);
  ASSERT_EQ(posts_of(t.game), (std::vector<Card>{card("3S"), card("JS")}));
  ASSERT_EQ(t.game.shoe().remaining(), 0u);
  ASSERT_EQ(t.game.shoe().discards(), 50u);
  ASSERT_EQ(t.game.shoe().generation(), 0);
  ASSERT_EQ(reshuffles(t.log), 0);
}

TEST_P(SheetsFamily, Rule6_PostsAreTheLastTwoCardsSoTheThirdCardComesFromAFreshDeck) {
  Table t(GetParam(), 2, 0, last_two_posts_deck());
  pass_to_the_last_two_cards(t);
  int player = t.game.to_act();
  auto ev = t.act(player, Bet{1});
  std::size_t bet = index_of(ev, EventKind::Bet);
  std::size_t shuffle = index_of(ev, EventKind::Shuffled);
  std::size_t third = index_of(ev, EventKind::ThirdCard);
  ASSERT_LT(third, ev.size());
  EXPECT_LT(bet, shuffle);
  EXPECT_LT(shuffle, third);
  EXPECT_EQ(ev[shuffle].amount, 1);
  EXPECT_EQ(who(ev[third]), player);
  // The posts stayed on the table: the fresh deck is the 50 discards.
  EXPECT_NE(ev[third].card, card("3S"));
  EXPECT_NE(ev[third].card, card("JS"));
  EXPECT_EQ(t.game.shoe().generation(), 1);
  expect_cards_conserved(t.game);
  expect_chips_conserved(t.game);
}

TEST_P(SheetsFamily, Rule6_PassingOnTheLastTwoCardsTheNextTurnComesFromAFreshDeck) {
  Table t(GetParam(), 2, 0, last_two_posts_deck());
  pass_to_the_last_two_cards(t);
  auto ev = t.act(t.game.to_act(), Pass{});
  EXPECT_EQ(count(ev, EventKind::ThirdCard), 0);
  EXPECT_EQ(reshuffles(ev), 1);
  EXPECT_LT(index_of(ev, EventKind::Shuffled), index_of(ev, EventKind::PostDealt));
  EXPECT_EQ(t.game.shoe().generation(), 1);
  expect_cards_conserved(t.game);
}

TEST_P(SheetsFamily, Rule7_BetsAreCappedAtTheBaseAnteUntilTheFirstDeckRunsOutThenUpToThePot) {
  Table t(GetParam(), 2, 0, last_two_posts_deck());
  EXPECT_EQ(t.game.legal(t.game.to_act()).bet_max, 1);
  Refusal r = refused(t, t.game.to_act(), Bet{2});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "bet 2 exceeds the first-deck cap of 1 (first_deck_bet_cap: while the first deck lasts)");
  pass_to_the_last_two_cards(t);
  EXPECT_EQ(t.legal().bet_max, 1);  // the first deck still lasts
  t.act(t.game.to_act(), Bet{1});
  ASSERT_EQ(t.game.shoe().generation(), 1);
  if (t.game.phase() == Phase::CallFirstAce) t.act(t.game.to_act(), Call{AceValue::High});
  ASSERT_EQ(t.game.phase(), Phase::Bet);
  // Up to the pot now: 35-37 chips cover any multiplier on a pot of 7-10.
  Chips pot = t.game.pot();
  EXPECT_GE(pot, 7);
  EXPECT_EQ(t.legal().bet_max, pot);
  r = refused(t, t.game.to_act(), Bet{pot + 1});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "bet " + std::to_string(pot + 1) + " exceeds the pot of " + std::to_string(pot));
  t.act(t.game.to_act(), Bet{pot});
  expect_chips_conserved(t.game);
}

TEST_P(SheetsFamily, Illegal_ActionsOutOfPlaceAreRefused) {
  Table t(GetParam(), 2, 0, {"4D", "JD"});
  EXPECT_EQ(refused(t, 1, Call{AceValue::Low}).code, "no_ace_to_call");
  EXPECT_EQ(refused(t, 1, Raise{}).code, "raise_not_allowed");
  EXPECT_EQ(refused(t, 1, Rebuy{4}).code, "rebuy_not_allowed");
  EXPECT_EQ(refused(t, 0, Pass{}).code, "not_your_turn");
  EXPECT_EQ(refused(t, 1, Bet{0}).code, "bet_too_small");
}

TEST(BetweenTheSheets, Rule2_AFirstPostAceIsCalledBeforeTheSecondPostIsShown) {
  Table t("between-the-sheets", 2, 0, {"AS", "5H", "3D"});
  EXPECT_EQ(t.game.phase(), Phase::CallFirstAce);
  EXPECT_EQ(t.game.to_act(), 1);
  EXPECT_EQ(t.game.posts().count, 1);
  EXPECT_EQ(t.game.shoe().remaining(), 51u);
  Legal l = t.game.legal(1);
  EXPECT_TRUE(l.call);
  EXPECT_FALSE(l.bet);
  EXPECT_FALSE(l.pass);
  Refusal r = refused(t, 1, Bet{1});
  EXPECT_EQ(r.code, "not_now");
  r = refused(t, 1, Pass{});
  EXPECT_EQ(r.code, "not_now");
  EXPECT_EQ(r.message, "call the ace post high or low first");
  r = refused(t, 0, Call{AceValue::Low});
  EXPECT_EQ(r.code, "not_your_turn");
  auto ev = t.act(1, Call{AceValue::Low});
  EXPECT_LT(index_of(ev, EventKind::AceCalled), index_of(ev, EventKind::PostDealt));
  EXPECT_EQ(first(ev, EventKind::AceCalled).ace, AceValue::Low);
  EXPECT_EQ(t.game.posts().value(0), 1);
  EXPECT_EQ(t.game.posts().spread(), 3);  // 2, 3, 4
  ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
  EXPECT_EQ(t.chips(1), 37);
}

TEST(BetweenTheSheets, Rule2_AnAceCalledHighIsAboveTheKing) {
  Table t("between-the-sheets", 2, 0, {"AS", "5H", "3D"});
  t.act(1, Call{AceValue::High});
  EXPECT_EQ(t.game.posts().value(0), 14);
  EXPECT_EQ(t.game.posts().spread(), 8);  // 6..K
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(t.chips(1), 35);
}

TEST(BetweenTheSheets, Rule2_AnAceCalledLowSitsBelowTheTwo) {
  Table t("between-the-sheets", 2, 0, {"AS", "3H", "2D"});
  t.act(1, Call{AceValue::Low});
  EXPECT_EQ(t.game.posts().spread(), 1);
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
}

TEST(BetweenTheSheets, Rule2_AnAceAsTheSecondPostIsHigh) {
  Table t("between-the-sheets", 2, 0, {"5S", "AH", "KD"});
  EXPECT_EQ(count(t.log, EventKind::AceCalled), 0);
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_EQ(t.game.posts().value(1), 14);
  EXPECT_EQ(refused(t, 1, Call{AceValue::Low}).code, "no_ace_to_call");
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
}

TEST(BetweenTheSheets, Rule2_SecondAceChooseKnobLetsThePlayerCallIt) {
  Table t("between-the-sheets", 2, 0, {"5S", "AH", "3D"}, {{"second_ace", "call"}});
  EXPECT_EQ(t.game.phase(), Phase::CallSecondAce);
  EXPECT_EQ(t.game.to_act(), 1);
  t.act(1, Call{AceValue::Low});
  EXPECT_EQ(t.game.posts().value(1), 1);
  EXPECT_EQ(t.game.posts().spread(), 3);
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
}

TEST(BetweenTheSheets, Rule3_TwoAcesAreNotReplacedSinceTheCallCanMakeThemDiffer) {
  Table t("between-the-sheets", 2, 0, {"AS", "AH", "KD"});
  t.act(1, Call{AceValue::Low});
  EXPECT_EQ(count(t.log, EventKind::PostsReplaced), 0);
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_EQ(t.game.posts().spread(), 12);  // 2..K
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
}

TEST(BetweenTheSheets, Rule3_TwoAcesBothCalledHighAreNotReplacedEither) {
  Table t("between-the-sheets", 2, 0, {"AS", "AH"});
  t.act(1, Call{AceValue::High});
  EXPECT_EQ(count(t.log, EventKind::PostsReplaced), 0);
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_EQ(t.game.posts().spread(), 0);
  EXPECT_TRUE(t.game.legal(1).pass);
}

TEST(BetweenTheSheets, Rule5_AcesForBothPostsAndTheThirdCardPayTriple) {
  Table t("between-the-sheets", 2, 0, {"AS", "AH", "AD"});
  t.act(1, Call{AceValue::Low});
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::TripleAce);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{3});
  EXPECT_EQ(t.chips(1), 33);
  EXPECT_EQ(t.game.pot(), 11);
  expect_chips_conserved(t.game);
}

TEST(BetweenTheSheets, Rule5_AnAceThirdCardOnACalledAcePostHitsThePost) {
  Table t("between-the-sheets", 2, 0, {"AS", "9H", "AD"});
  t.act(1, Call{AceValue::Low});
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::HitPost);
  EXPECT_EQ(amounts_of(ev, EventKind::Loss), std::vector<Chips>{2});
}

TEST(BetweenTheSheets, Rule7_TheCapMessageNamesTheKnob) {
  Table t("between-the-sheets", 2, 0, {"AS", "AH"});
  t.act(1, Call{AceValue::Low});
  Refusal r = refused(t, 1, Bet{5});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_TRUE(contains(r.message, "first_deck_bet_cap")) << r.message;
}

TEST(AceyDeucey, Rule8_AcesAreAlwaysHighWithNoCall) {
  Table t("acey-deucey", 2, 0, {"AS", "5H", "3D"});
  EXPECT_EQ(t.game.phase(), Phase::Bet);
  EXPECT_EQ(t.game.posts().count, 2);
  EXPECT_EQ(t.game.posts().value(0), 14);
  EXPECT_FALSE(t.game.legal(1).call);
  EXPECT_EQ(refused(t, 1, Call{AceValue::Low}).code, "no_ace_to_call");
  auto ev = t.act(1, Bet{1});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Outside);
  EXPECT_EQ(t.chips(1), 35);
}

TEST(AceyDeucey, Rule8_TwoAcesAreIdenticalPostsAndAreReplaced) {
  Table t("acey-deucey", 2, 0, {"AS", "AH", "4D", "JD"});
  EXPECT_EQ(players_of(t.log, EventKind::PostsReplaced), std::vector<int>{1});
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("4D"), card("JD")}));
  EXPECT_EQ(t.game.to_act(), 1);
}

}  // namespace
