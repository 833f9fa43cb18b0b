// RULES.md Part 1, Red Dog, rule by rule on stacked decks (top card first; dealt as: the two
// posts for the whole table, then the third card).
#include <gtest/gtest.h>

#include <ostream>

#include "families/house/family.h"
#include "families/house/rules.h"
#include "support/bet_table.h"

namespace {

using namespace inbetween::testing_support;
using namespace inbetween::games::house;
using inbetween::games::house::HouseFamily;
namespace cards = inbetween::cards;
using Table = BetTable<HouseFamily>;

// ---- red-dog -------------------------------------------------------------------------------

TEST(RedDog, Rule1_EachPlayerWagersThenTwoPostsAreDealtForEveryone) {
  Table t("red-dog", 2, 0, {"4S", "8H", "6D"});
  EXPECT_EQ(t.game.phase(), Phase::Wager);
  EXPECT_EQ(t.game.to_act(), 1);
  EXPECT_EQ(count(t.log, EventKind::PostDealt), 0);
  Legal l = t.game.legal(1);
  EXPECT_TRUE(l.bet);
  EXPECT_EQ(l.bet_min, 1);
  EXPECT_EQ(l.bet_max, 25);
  EXPECT_FALSE(l.pass);
  t.act(1, Bet{10});
  EXPECT_EQ(t.chips(1), 90);
  EXPECT_EQ(t.wager(1), 10);
  EXPECT_EQ(t.game.to_act(), 0);
  EXPECT_EQ(t.game.phase(), Phase::Wager);
  expect_chips_conserved(t.game);
  auto ev = t.act(0, Bet{5});
  EXPECT_EQ(players_of(ev, EventKind::PostDealt), (std::vector<int>{-1, -1}));
  EXPECT_EQ(posts_of(t.game), (std::vector<Card>{card("4S"), card("8H")}));
  EXPECT_EQ(t.game.phase(), Phase::Raise);
  EXPECT_EQ(t.game.to_act(), 1);
  t.act(1, Stand{});
  ev = t.act(0, Stand{});
  ASSERT_EQ(count(ev, EventKind::ThirdCard), 1);
  EXPECT_EQ(who(first(ev, EventKind::ThirdCard)), -1);
  EXPECT_EQ(players_of(ev, EventKind::Win), (std::vector<int>{0, 1}));
  EXPECT_EQ(amounts_of(ev, EventKind::Win), (std::vector<Chips>{10, 20}));  // spread 3 pays 2 to 1
  EXPECT_EQ(t.chips(1), 120);
  EXPECT_EQ(t.chips(0), 110);
  EXPECT_EQ(t.game.house(), -30);
  EXPECT_EQ(t.game.hands_done(), 1);
  EXPECT_EQ(t.game.phase(), Phase::Wager);
  expect_chips_conserved(t.game);
}

TEST(RedDog, Rule2_ConsecutivePostsPush) {
  Table t("red-dog", 1, 0, {"7S", "8H"});
  auto ev = t.act(0, Bet{10});
  EXPECT_EQ(amounts_of(ev, EventKind::Push), std::vector<Chips>{10});
  EXPECT_EQ(count(ev, EventKind::ThirdCard), 0);
  EXPECT_EQ(count(ev, EventKind::Raise) + count(ev, EventKind::Stand), 0);
  EXPECT_EQ(t.chips(0), 100);
  EXPECT_EQ(t.game.house(), 0);
  EXPECT_EQ(t.game.phase(), Phase::Wager);
  EXPECT_EQ(t.game.hands_done(), 1);
  expect_chips_conserved(t.game);
}

TEST(RedDog, Rule2_APairDealsAThirdCardAndTripsPayElevenToOne) {
  Table t("red-dog", 1, 0, {"9S", "9H", "9D"});
  auto ev = t.act(0, Bet{10});
  ASSERT_EQ(count(ev, EventKind::ThirdCard), 1);
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Trips);
  EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{110});
  EXPECT_EQ(t.chips(0), 210);
  EXPECT_EQ(t.game.house(), -110);
  EXPECT_EQ(t.game.phase(), Phase::Wager);  // no raise on a pair
  expect_chips_conserved(t.game);
}

TEST(RedDog, Rule2_APairWithoutTripsPushes) {
  Table t("red-dog", 1, 0, {"9S", "9H", "2D"});
  auto ev = t.act(0, Bet{10});
  EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::NoTrips);
  EXPECT_EQ(amounts_of(ev, EventKind::Push), std::vector<Chips>{10});
  EXPECT_EQ(t.chips(0), 100);
  EXPECT_EQ(t.game.house(), 0);
}

TEST(RedDog, Rule3_PayTableBySpreadFiveFourTwoOne) {
  struct Case {
    const char* low;
    const char* high;
    int spread;
    Chips pays;
  };
  for (Case c : {Case{"6S", "8H", 1, 5}, Case{"6S", "9H", 2, 4}, Case{"6S", "TH", 3, 2}, Case{"6S", "JH", 4, 1},
                 Case{"2S", "AH", 11, 1}}) {
    SCOPED_TRACE(c.spread);
    Table t("red-dog", 1, 0, {c.low, c.high, "7D"});
    t.act(0, Bet{10});
    ASSERT_EQ(t.game.phase(), Phase::Raise);
    EXPECT_EQ(t.game.posts().spread(), c.spread);
    auto ev = t.act(0, Stand{});
    EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome, Outcome::Between);
    EXPECT_EQ(amounts_of(ev, EventKind::Win), std::vector<Chips>{10 * c.pays});
    EXPECT_EQ(t.chips(0), 100 + 10 * c.pays);
    EXPECT_EQ(t.game.house(), -10 * c.pays);
    expect_chips_conserved(t.game);
  }
}

TEST(RedDog, Rule3_ARaiseDoublesTheWager) {
  Table t("red-dog", 2, 0, {"6S", "9H", "7D"});
  t.act(1, Bet{10});
  t.act(0, Bet{5});
  ASSERT_EQ(t.game.phase(), Phase::Raise);
  Legal l = t.game.legal(1);
  EXPECT_TRUE(l.raise);
  EXPECT_TRUE(l.stand);
  EXPECT_FALSE(l.bet);
  auto ev = t.act(1, Raise{});
  EXPECT_EQ(amounts_of(ev, EventKind::Raise), std::vector<Chips>{10});
  EXPECT_EQ(t.chips(1), 80);
  EXPECT_EQ(t.wager(1), 20);
  EXPECT_TRUE(t.game.players()[1].raised);
  expect_chips_conserved(t.game);
  ASSERT_EQ(t.game.to_act(), 0);
  ev = t.act(0, Stand{});
  EXPECT_EQ(players_of(ev, EventKind::Win), (std::vector<int>{0, 1}));
  EXPECT_EQ(amounts_of(ev, EventKind::Win), (std::vector<Chips>{20, 80}));  // spread 2 pays 4 to 1
  EXPECT_EQ(t.chips(1), 180);
  EXPECT_EQ(t.chips(0), 120);
  EXPECT_EQ(t.game.house(), -100);
  expect_chips_conserved(t.game);
}

TEST(RedDog, Rule3_NotBetweenLosesTheWagerAndTheRaise) {
  for (const char* third : {"KD", "9D"}) {  // outside; equal to a post
    SCOPED_TRACE(third);
    Table t("red-dog", 2, 0, {"6S", "9H", third});
    t.act(1, Bet{10});
    t.act(0, Bet{5});
    t.act(1, Raise{});
    auto ev = t.act(0, Stand{});
    EXPECT_EQ(first(ev, EventKind::ThirdCard).outcome,
              std::string_view(third) == "KD" ? Outcome::Outside : Outcome::HitPost);
    EXPECT_EQ(players_of(ev, EventKind::Loss), (std::vector<int>{0, 1}));
    EXPECT_EQ(amounts_of(ev, EventKind::Loss), (std::vector<Chips>{5, 20}));
    EXPECT_EQ(t.chips(1), 80);
    EXPECT_EQ(t.chips(0), 95);
    EXPECT_EQ(t.game.house(), 25);
    expect_chips_conserved(t.game);
  }
}

TEST(RedDog, Rule4_SixDecksByDefault) {
  Table t("red-dog", 1, 0, {"AS", "AS", "AS", "AS", "AS", "AS"});
  EXPECT_EQ(t.game.rules().decks, 6);
  EXPECT_EQ(t.game.shoe().remaining(), 312u);
  EXPECT_THROW(Table("red-dog", 1, 0, {"AS", "AS", "AS", "AS", "AS", "AS", "AS"}), inbetween::games::SetupError);
  Table one("red-dog", 1, 0, {}, {{"decks", "1"}});
  EXPECT_EQ(one.game.shoe().remaining(), 52u);
}

TEST(RedDog, Rule4_TheCutCardReshufflesBeforeAHand) {
  Table t("red-dog", 1, 0, {}, {{"deals", "unlimited"}}, 5);
  const std::size_t cut = static_cast<std::size_t>(t.game.rules().reshuffle_below);
  EXPECT_EQ(cut, 78u);
  int hands = 0, shuffles = 0;
  while (shuffles == 0 && hands < 200) {
    SCOPED_TRACE(hands);
    ASSERT_EQ(t.game.phase(), Phase::Wager);
    std::size_t at_start = t.game.shoe().remaining();
    EXPECT_GE(at_start, cut);
    std::vector<Event> hand = t.act(0, Bet{1});
    while (t.game.phase() == Phase::Raise) {
      auto more = t.act(0, Stand{});
      hand.insert(hand.end(), more.begin(), more.end());
    }
    std::size_t dealt = static_cast<std::size_t>(count(hand, EventKind::PostDealt) + count(hand, EventKind::ThirdCard));
    std::size_t left = at_start - dealt;
    bool shuffled = reshuffles(hand) > 0;
    EXPECT_EQ(shuffled, left < cut);
    if (shuffled) {
      // Before the next hand, with the table clear: every card back in the shoe.
      EXPECT_EQ(t.game.shoe().remaining(), 312u);
      EXPECT_LT(index_of(hand, EventKind::PostDealt), index_of(hand, EventKind::Shuffled));
      ++shuffles;
    } else {
      EXPECT_EQ(t.game.shoe().remaining(), left);
    }
    ++hands;
    expect_cards_conserved(t.game);
    expect_chips_conserved(t.game);
  }
  EXPECT_EQ(shuffles, 1);
  EXPECT_GE(hands, 78);  // (312 - 78) / 3 hands at least
}

// The cut card follows the shoe (issue 22): Red Dog deals 75% of it (penetration), so one deck
// reshuffles with 13 cards left, not before every hand at the six-deck 78; a knob from --set
// outranks the file's other, both from one place must agree, and a cut card past the shoe is
// refused, naming the keys.
TEST(RedDog, Rule4_TheCutCardFollowsTheShoe) {
  for (auto [decks, cut] : {std::pair{"1", 13}, std::pair{"6", 78}, std::pair{"8", 104}}) {
    SCOPED_TRACE(decks);
    Table t("red-dog", 1, 0, {}, {{"decks", decks}, {"deals", "unlimited"}}, 5);
    EXPECT_EQ(t.game.rules().reshuffle_below, cut);
  }
  // One deck: the first reshuffle comes after (52 - 13) / 3 = 13 hands at least, not after one.
  Table one("red-dog", 1, 0, {}, {{"decks", "1"}, {"deals", "unlimited"}}, 5);
  int hands = 0;
  while (hands < 100) {
    std::vector<Event> hand = one.act(0, Bet{1});
    while (one.game.phase() == Phase::Raise) {
      auto more = one.act(0, Stand{});
      hand.insert(hand.end(), more.begin(), more.end());
    }
    ++hands;
    if (reshuffles(hand) > 0) break;
  }
  EXPECT_GE(hands, 13);
  EXPECT_LE(hands, 18);
  auto refused = [](std::vector<inbetween::rules::Override> overrides, const std::string& words) {
    try {
      inbetween::rules::load_house_rules("red-dog", overrides);
      ADD_FAILURE() << "accepted";
    } catch (const inbetween::rules::RuleError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  // Both from --set must agree; one from --set outranks the file's other.
  refused({{"penetration", "50"}, {"reshuffle_below", "60"}}, "keys 'penetration' and 'reshuffle_below': penetration 50% of 312 cards leaves 156");
  refused({{"decks", "1"}, {"penetration", "0"}}, "a cut card 78 cards from the end is not in a shoe of 52 cards");
  auto set = inbetween::rules::load_house_rules("red-dog", {{"reshuffle_below", "60"}});
  EXPECT_EQ(set.reshuffle_below, 60);
  EXPECT_EQ(set.penetration, 0);
  EXPECT_EQ(inbetween::rules::load_house_rules("red-dog", {{"penetration", "50"}}).reshuffle_below, 156);
}

TEST(RedDog, TheGameLastsTheAgreedHandsWithChipsConserved) {
  // Seed 4: a game in which someone ends ahead of the house (dealing version 2).
  Table t("red-dog", 2, std::nullopt, {}, {}, 4);
  EXPECT_EQ(t.game.hands_total(), 20);
  int actions = 0;
  while (!t.game.over() && actions < 200) {
    int p = t.game.to_act();
    t.act(p, t.game.phase() == Phase::Wager ? Action{Bet{2}} : Action{Stand{}});
    expect_chips_conserved(t.game);
    ++actions;
  }
  EXPECT_TRUE(t.game.over());
  EXPECT_EQ(t.game.hands_done(), 20);
  EXPECT_FALSE(t.game.winners().empty());
}

// Each player plays against the house: everyone who ends ahead wins, not only the best.
TEST(RedDog, EveryPlayerAheadOfTheHouseWins) {
  // Two hands, spread 3 both times (pays 2 to 1 on the default table): 7D falls between, KS
  // outside. Seat 0 ends 9 ahead, seat 1 3 ahead, seat 2 1 behind.
  Table t("red-dog", 3, std::nullopt, {"5S", "9H", "7D", "5C", "9D", "KS"}, {{"deals", "2"}, {"allow_raise", "false"}});
  const Chips first[] = {5, 2, 1}, second[] = {1, 1, 3};
  for (int i = 0; i < 3; ++i) t.act(t.game.to_act(), Bet{first[t.game.to_act()]});
  for (int i = 0; i < 3; ++i) t.act(t.game.to_act(), Bet{second[t.game.to_act()]});
  ASSERT_TRUE(t.game.over());
  auto net = [&](Seat i) { return t.chips(i) - t.game.players()[static_cast<std::size_t>(i)].bought; };
  ASSERT_EQ(net(0), 9);
  ASSERT_EQ(net(1), 3);
  ASSERT_EQ(net(2), -1);
  EXPECT_EQ(t.game.winners(), (std::vector<Seat>{0, 1}));
}

TEST(RedDog, Illegal_WagersRaisesAndOtherActionsOutOfPlaceAreRefused) {
  Table t("red-dog", 2, 0, {"6S", "9H", "7D"}, {{"start_chips", "30"}});
  Refusal r = refused(t, 1, Pass{});
  EXPECT_EQ(r.code, "pass_not_allowed");
  r = refused(t, 1, Bet{26});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "wager 26 exceeds the table maximum of 25 (max_bet)");
  r = refused(t, 1, Raise{});
  EXPECT_EQ(r.code, "not_now");
  EXPECT_EQ(r.message, "a raise comes after the spread is announced");
  // A call or a rebuy is no Red Dog action at all (house::Action); the protocol refuses them
  // (protocol_test, RedDogRefusesThePotGamesActionsByTheirRule).
  r = refused(t, 0, Bet{1});
  EXPECT_EQ(r.code, "not_your_turn");
  t.act(1, Bet{25});
  t.act(0, Bet{5});
  ASSERT_EQ(t.game.phase(), Phase::Raise);
  // Seat 1 holds 5 after a wager of 25: no raise, only stand.
  Legal l = t.game.legal(1);
  EXPECT_FALSE(l.raise);
  EXPECT_TRUE(l.stand);
  r = refused(t, 1, Raise{});
  EXPECT_EQ(r.code, "raise_unaffordable");
  EXPECT_EQ(r.message, "a raise of 25 exceeds your stack of 5");
  r = refused(t, 1, Bet{1});
  EXPECT_EQ(r.code, "not_now");
  EXPECT_EQ(r.message, "the wager is placed: raise or stand");
  r = refused(t, 1, Pass{});
  EXPECT_EQ(r.code, "not_now");
}

TEST(RedDog, Illegal_AWagerOverTheStackIsRefused) {
  Table t("red-dog", 1, 0, {}, {{"start_chips", "10"}});
  EXPECT_EQ(t.game.legal(0).bet_max, 10);
  Refusal r = refused(t, 0, Bet{11});
  EXPECT_EQ(r.code, "bet_too_large");
  EXPECT_EQ(r.message, "wager 11 exceeds your stack of 10");
}

}  // namespace
