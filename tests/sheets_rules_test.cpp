// RULES.md Part 1, Between the Sheets and Acey-Deucey, rule by rule on stacked decks (top card
// first; dealt as: the draw for the deal when no dealer is named, then per turn first post,
// second post, third card).
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
