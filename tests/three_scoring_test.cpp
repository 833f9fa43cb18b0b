// RULES.md Part 2 (ThreeBeTween), clarifications 7 to 12 (a ThreeBeTween, bank, pass, bust, the
// tally and the deck running out) and the refusals of illegal actions, each on a stacked deck
// (three_rules_test.cpp has the seats and clarifications 1 to 6, and how stacks are dealt).
#include <gtest/gtest.h>

#include "support/temp_folder.h"

#include "support/three_table.h"

namespace {

using namespace inbetween::testing_support::three;

// ---- Clarification 7: ThreeBeTween ---------------------------------------------------------

TEST(ThreeBeTween, Clarification7_ThreeSpacesFilledThenOnlyBankOrPass) {
  Table t(2, kAnn, {"B", "D", "Z", "W", "K", "M", "G", "H", "Y", "C"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "K", 'K');
  t.place(kBob, "M", 'M');
  auto e = t.place(kBob, "G", 'G');
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Placed, EventKind::ThreeBeTween}));
  EXPECT_EQ(t.g().to_act(), kAnn) << "the turn ends with the third card";
  t.act(kAnn, Draw{});  // H fits D..W; Y and C do not
  t.place(kAnn, "H", 'H');
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(contains(legal, Bank{}));
  EXPECT_TRUE(contains(legal, Pass{}));
  t.refused(kBob, Draw{}, "no_empty_space");
}

// ---- Clarification 8: bank ----------------------------------------------------------------

// threebetween_for_bob (support/three_table.h): bob has a ThreeBeTween of 26 points to bank.

TEST(ThreeBeTween, Clarification8_BankWritesTheFiveCardsPointsDiscardsThemAndDealsTwoNewLimitsWithoutReplacement) {
  Table t = threebetween_for_bob({"A/E", "P"});
  ASSERT_EQ(t.g().to_act(), kBob);
  std::size_t discards = t.g().shoe().discards();
  auto e = t.act(kBob, Bank{});
  ASSERT_GE(e.size(), 3u);
  EXPECT_EQ(e[0].kind, EventKind::Banked);
  EXPECT_EQ(e[0].points, 26);
  EXPECT_EQ(e[1].kind, EventKind::LimitDealt);
  EXPECT_EQ(e[1].card, t.c("A/E"));
  EXPECT_EQ(e[2].kind, EventKind::LimitDealt);
  EXPECT_EQ(e[2].card, t.c("P"));
  EXPECT_EQ(t.pl(kBob).banks, std::vector<int>{26});
  EXPECT_EQ(t.pl(kBob).total, 0) << "banked points are not added to the score yet";
  EXPECT_TRUE(t.pl(kBob).spaces.empty());
  EXPECT_EQ(t.g().shoe().discards(), discards + 5);
  auto pile = t.g().shoe().discard_pile();
  std::vector<CardCode> five(pile.end() - 5, pile.end());
  std::sort(five.begin(), five.end());
  std::vector<CardCode> expected = {t.c("B"), t.c("Z"), t.c("K"), t.c("M"), t.c("G")};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(five, expected);
  // Two layouts for A/E and P: the player lays them; no keep, no replacement.
  EXPECT_EQ(t.g().phase(), Phase::PlaceLimits);
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  for (const auto& a : legal) EXPECT_TRUE(std::holds_alternative<PlaceLimits>(a));
  t.refused(kBob, Replace{t.c("P")}, "not_now");
  t.refused(kBob, Keep{}, "not_now");
  t.act(kBob, PlaceLimits{t.lay("A/E", 'A'), t.lay("P", 'P')});
  // The turn ends.
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.pl(kBob).status, Status::In);
}

TEST(ThreeBeTween, Clarification8_IdenticalLimitsAfterABankBustAndTheBankedPointsAreLost) {
  Table t = threebetween_for_bob({"T", "T"});
  auto e = t.act(kBob, Bank{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Banked, EventKind::LimitDealt, EventKind::LimitDealt, EventKind::Bust}));
  EXPECT_EQ(e.back().reason, BustReason::IdenticalLimits);
  EXPECT_EQ(e.back().points, 26) << "the banked points lost";
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_FALSE(t.pl(kBob).low);
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Pass{});
  ASSERT_EQ(t.g().sheet().size(), 1u);
  const auto& bob = t.g().sheet()[0].players[kBob];
  EXPECT_TRUE(bob.busted);
  EXPECT_EQ(bob.banks, std::vector<int>{26}) << "struck through on the sheet";
  EXPECT_EQ(bob.score, 0);
  EXPECT_EQ(t.pl(kBob).total, 0);
}

TEST(ThreeBeTween, Clarification8_TwoWildsAfterABankAreNotABust) {
  Table t = threebetween_for_bob({"?", "?"});
  auto e = t.act(kBob, Bank{});
  EXPECT_FALSE(has(e, EventKind::Bust));
  EXPECT_EQ(t.pl(kBob).low, t.wild(cards::kBeforeA));
  EXPECT_EQ(t.pl(kBob).high, t.wild(cards::kAfterZ));
  Table u = threebetween_for_bob({"?", "?"}, {{"wild_pair_busts", "true"}});
  auto f = u.act(kBob, Bank{});
  EXPECT_TRUE(has(f, EventKind::Bust));
  EXPECT_EQ(u.pl(kBob).status, Status::Busted);
}

// ---- Clarification 9: pass -----------------------------------------------------------------

TEST(ThreeBeTween, Clarification9_PassScoresBankedPointsPlusTheCardsInFront) {
  Table t = threebetween_for_bob({"F", "X", "J", "P"});  // new limits F..X: 4 + 8
  t.act(kBob, Bank{});
  t.act(kAnn, Draw{});  // J and P join H: a ThreeBeTween for ann
  t.place(kAnn, "J", 'J');
  t.place(kAnn, "P", 'P');
  ASSERT_EQ(t.g().to_act(), kBob);
  auto e = t.act(kBob, Pass{});
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, EventKind::Passed);
  EXPECT_EQ(e[0].points, 26 + 4 + 8);
  EXPECT_EQ(t.pl(kBob).status, Status::Passed);
  EXPECT_EQ(t.pl(kBob).total, 0) << "added at the tally";
  // A passed player's cards stay in front until the round ends.
  EXPECT_EQ(t.pl(kBob).low, t.lay("F", 'F'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("X", 'X'));
  auto front = t.g().cards_in_front();
  EXPECT_EQ(std::count(front.begin(), front.end(), t.c("X")), 1);
  EXPECT_EQ(t.g().to_act(), kAnn);
  auto f = t.act(kAnn, Pass{});  // D W H J P: 2 + 4 + 3 + 8 + 4
  EXPECT_EQ(f[0].points, 21);
  ASSERT_EQ(t.g().sheet().size(), 1u);
  EXPECT_EQ(t.g().sheet()[0].players[kBob].score, 38);
  EXPECT_EQ(t.g().sheet()[0].players[kBob].banks, std::vector<int>{26});
  EXPECT_FALSE(t.g().sheet()[0].players[kBob].busted);
  EXPECT_EQ(t.g().sheet()[0].players[kAnn].score, 21);
  EXPECT_EQ(t.pl(kBob).total, 38);
  EXPECT_EQ(t.pl(kAnn).total, 21);
}

TEST(ThreeBeTween, Clarification9_PassIsAllowedOnTheFirstTurnWithOnlyTheLimits) {
  Table t(2, kAnn, {"B", "D", "Z", "W"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  EXPECT_TRUE(contains(t.g().legal(kBob), Pass{}));
  EXPECT_FALSE(contains(t.g().legal(kBob), Bank{}));
  auto e = t.act(kBob, Pass{});
  EXPECT_EQ(e[0].points, 4 + 10);
  EXPECT_EQ(t.g().to_act(), kAnn);
  auto f = t.act(kAnn, Pass{});
  auto tally = of_kind(f, EventKind::Tally);
  ASSERT_EQ(tally.size(), 2u);
  EXPECT_EQ(tally[kAnn].points, 2 + 4);
  EXPECT_EQ(tally[kBob].points, 14);
}

// ---- Clarification 10: bust ----------------------------------------------------------------

TEST(ThreeBeTween, Clarification10_BustScoresZeroLosesTheBankedPointsAndDiscardsTheCards) {
  // After banking 26 bob gets L..N; then draws B, C, D: nothing fits.
  Table u = threebetween_for_bob({"L", "N", "B", "C", "D"});
  u.act(kBob, Bank{});
  EXPECT_EQ(u.pl(kBob).low, u.lay("L", 'L'));
  u.act(kAnn, Pass{});
  auto e = u.act(kBob, Draw{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].reason, BustReason::NothingPlaced);
  EXPECT_EQ(bust[0].points, 26);
  // The round is over: tallied, bob scored nothing, his cards went to the discard pile.
  ASSERT_EQ(u.g().sheet().size(), 1u);
  EXPECT_EQ(u.g().sheet()[0].players[kBob].score, 0);
  EXPECT_TRUE(u.g().sheet()[0].players[kBob].busted);
  EXPECT_EQ(u.g().sheet()[0].players[kAnn].score, 2 + 4 + 3);  // D, W, H
  EXPECT_EQ(u.pl(kBob).total, 0);
  EXPECT_EQ(u.pl(kAnn).total, 9);
}

// ---- Clarification 11: tally, target, winners, the deal ---------------------------------------

TEST(ThreeBeTween, Clarification11_TheGameEndsAtTheTallyWhereSomeoneHasReachedTheTarget) {
  Table t(2, kAnn, {"B", "D", "Z", "W", "K", "Y", "X"}, {{"target", "10"}});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});  // 14: past the target, but the round goes on
  EXPECT_FALSE(t.g().over());
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Draw{});  // K fits D..W
  t.place(kAnn, "K", 'K');
  EXPECT_FALSE(t.g().over());
  auto e = t.act(kAnn, Pass{});  // 2 + 4 + 5 = 11
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Passed, EventKind::Tally, EventKind::Tally, EventKind::GameOver}));
  EXPECT_EQ(e[1].player, kAnn);
  EXPECT_EQ(e[1].points, 11);
  EXPECT_EQ(e[1].total, 11);
  EXPECT_EQ(e[2].player, kBob);
  EXPECT_EQ(e[2].total, 14);
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.g().phase(), Phase::Over);
  EXPECT_EQ(t.g().to_act(), -1);
  EXPECT_EQ(t.g().winners(), std::vector<int>{kBob}) << "the highest total wins, both reached the target";
  EXPECT_TRUE(t.g().legal(kAnn).empty());
  EXPECT_TRUE(t.g().legal(kBob).empty());
  t.refused(kBob, Draw{}, "game_over");
  t.refused(kAnn, Pass{}, "game_over");
}

TEST(ThreeBeTween, Clarification11_ReachingTheTargetExactlyEndsTheGame) {
  Table t(2, kAnn, {"B", "D", "Z", "W"}, {{"target", "14"}});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});
  t.act(kAnn, Pass{});
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.g().winners(), std::vector<int>{kBob});
}

TEST(ThreeBeTween, Clarification11_ATieForTheHighestTotalIsASharedWin) {
  Table t(2, kAnn, {"B", "B", "Z", "Q"}, {{"target", "5"}});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});
  t.act(kAnn, Pass{});
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.pl(kAnn).total, 14);
  EXPECT_EQ(t.pl(kBob).total, 14);
  EXPECT_EQ(t.g().winners(), (std::vector<int>{kAnn, kBob}));
}

TEST(ThreeBeTween, Clarification11_BelowTheTargetTheDealPassesLeftAndANewRoundStartsWithAFullReshuffle) {
  Table t(3, kAnn, {"B", "C", "D", "Z", "Y", "X"});
  t.act(kBob, Keep{});
  t.act(kCat, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Pass{});
  t.act(kCat, Pass{});
  auto e = t.act(kAnn, Pass{});
  std::vector<EventKind> expected = {EventKind::Passed, EventKind::Tally, EventKind::Tally, EventKind::Tally,
                                     EventKind::DealerChanged, EventKind::Shuffled, EventKind::RoundStarted};
  ASSERT_GE(e.size(), expected.size());
  auto first = kinds(e);
  first.resize(expected.size());
  EXPECT_EQ(first, expected);
  EXPECT_EQ(e[4].player, kBob) << "the deal passes to the left";
  EXPECT_EQ(e[6].player, kBob);
  EXPECT_EQ(e[6].total, 2);
  auto dealt = of_kind(e, EventKind::LimitDealt);
  ASSERT_EQ(dealt.size(), 6u);
  EXPECT_EQ(dealt[0].player, kCat) << "the new dealer's left";
  EXPECT_EQ(dealt[5].player, kBob) << "the new dealer last";
  // Totals: bob B..Z 14, cat C..Y 7, ann D..X 10.
  EXPECT_EQ(t.pl(kBob).total, 14);
  EXPECT_EQ(t.pl(kCat).total, 7);
  EXPECT_EQ(t.pl(kAnn).total, 10);
  EXPECT_EQ(t.g().round(), 2);
  EXPECT_EQ(t.g().dealer(), kBob);
  // Every card came back: the shoe holds all 74 less the six just dealt.
  EXPECT_EQ(t.g().shoe().remaining(), 74u - 6u);
  EXPECT_EQ(t.g().shoe().discards(), 0u);
  EXPECT_EQ(t.g().shoe().generation(), 1);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(t.pl(p).status, Status::In);
    EXPECT_TRUE(t.pl(p).banks.empty());
    EXPECT_FALSE(t.pl(p).replacement_used);
  }
  ASSERT_EQ(t.g().sheet().size(), 1u);
  EXPECT_EQ(t.g().sheet()[0].dealer, kAnn);
  EXPECT_EQ(t.g().sheet()[0].players[kBob].total, 14);
  // The deal keeps passing left: bob, cat, ann, bob...
  const int dealers[] = {kCat, kAnn, kBob};
  for (int dealer : dealers) {
    int round = t.g().round();
    while (t.g().round() == round) t.move_along();
    EXPECT_EQ(t.g().dealer(), dealer);
    EXPECT_EQ(t.g().sheet().back().dealer, (dealer + 2) % 3);
  }
  // Totals are the sum of the round scores on the sheet.
  for (int p = 0; p < 3; ++p) {
    int sum = 0;
    for (const auto& r : t.g().sheet()) sum += r.players[static_cast<std::size_t>(p)].score;
    EXPECT_EQ(t.pl(p).total, sum);
  }
}

TEST(ThreeBeTween, Seed_GameOverWhenSomeoneHasAtLeast100AfterTheTallyByDefault) {
  // bob banks four ThreeBeTweens (28, 26, 19, 20) and passes with H..W (7): exactly 100.
  Table t(2, kAnn, {"?", "D", "?", "T", "Q", "Z", "X", "B", "Y", "J", "V", "K", "F", "W", "G", "P", "M", "B", "Y", "F",
                    "G", "P", "H", "W"});
  EXPECT_EQ(t.rules->target, 100);
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "Q", 'Q');
  t.place(kBob, "Z", 'Z');
  t.place(kBob, "X", 'X');
  t.act(kAnn, Pass{});
  const int banks[] = {28, 26, 19, 20};
  const char* draws[][3] = {{"J", "V", "K"}, {"G", "P", "M"}, {"F", "G", "P"}};
  for (int b = 0; b < 4; ++b) {
    auto e = t.act(kBob, Bank{});
    EXPECT_EQ(e[0].points, banks[b]) << b;
    EXPECT_EQ(t.pl(kBob).status, Status::In);
    if (b == 3) break;
    t.act(kBob, Draw{});
    for (const char* c : draws[b]) t.place(kBob, c, c[0]);
    EXPECT_EQ(t.pl(kBob).spaces.size(), 3u);
  }
  EXPECT_EQ(t.pl(kBob).banks, (std::vector<int>{28, 26, 19, 20}));
  EXPECT_EQ(t.pl(kBob).total, 0);
  EXPECT_FALSE(t.g().over());
  auto e = t.act(kBob, Pass{});
  EXPECT_EQ(e[0].points, 100);
  EXPECT_TRUE(t.g().over());
  EXPECT_EQ(t.pl(kBob).total, 100);
  EXPECT_EQ(t.pl(kAnn).total, 4);
  EXPECT_EQ(t.g().winners(), std::vector<int>{kBob});
  EXPECT_EQ(e.back().kind, EventKind::GameOver);
}

TEST(ThreeBeTween, Seed_TwoToSixPlayers) {
  auto rules = load();
  EXPECT_EQ(rules->min_players, 2);
  EXPECT_EQ(rules->max_players, 6);
  for (int n = 1; n <= 7; ++n) {
    std::vector<Event> events;
    GameSetup setup{seat_names(std::min(n, 6)), 1, std::nullopt, {}};
    if (n == 7) setup.players.push_back("gus");
    if (n < 2 || n > 6) {
      EXPECT_THROW(ThreeGame g(rules, setup, events), SetupError) << n;
    } else {
      ThreeGame g(rules, setup, events);
      EXPECT_EQ(static_cast<int>(g.players().size()), n);
      EXPECT_EQ(of_kind(events, EventKind::LimitDealt).size(), static_cast<std::size_t>(2 * n));
    }
  }
}

TEST(ThreeBeTween, Seed_DefaultsThreeSpacesTargetOneHundredReplacementOnWildPairLucky) {
  auto rules = load();
  EXPECT_EQ(rules->spaces, 3);
  EXPECT_EQ(rules->target, 100);
  EXPECT_TRUE(rules->replacement);
  EXPECT_FALSE(rules->wild_pair_busts);
  EXPECT_EQ(rules->deck, "alpha74");
  EXPECT_EQ(rules->letter_deck.size(), 74);
}

// ---- Clarification 12: the deck runs out -----------------------------------------------------

// Each test writes its deck and rule files into a fresh folder of its own.
class SmallDeck : public inbetween::testing_support::TempFolderTest {};

TEST_F(SmallDeck, Clarification12_WhenTheDeckRunsOutTheDiscardPileIsReshuffledAndCardsInFrontStay) {
  // Fourteen single consonants worth 1 each; two seats, three spaces (13 cards needed).
  std::string deck = write("tiny.toml",
                           "name = \"tiny\"\nkind = \"letters\"\n[[cards]]\n"
                           "cards = [\"B\",\"C\",\"D\",\"F\",\"G\",\"H\",\"J\",\"K\",\"L\",\"M\",\"N\",\"P\",\"Q\",\"R\"]\n"
                           "copies = 1\npoints = 1\n");
  std::string rule_file = write("tiny-rules.toml", "game = \"threebetween\"\nname = \"tiny\"\ndeck = \"" + deck +
                                                       "\"\nmax_players = 2\n");
  auto rules = load({}, rule_file);
  ASSERT_EQ(rules->letter_deck.size(), 14);
  // bob B..R, ann P..Q (nothing between).
  Table t(rules, 2, kAnn, {"B", "P", "R", "Q", "C", "D", "F", "G", "H", "J", "K", "N", "L", "M"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // C D F
  t.place(kBob, "C", 'C');
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});  // P and Q stay in front
  t.act(kBob, Draw{});  // G H
  t.place(kBob, "G", 'G');
  t.act(kBob, EndTurn{});
  t.act(kBob, Draw{});  // J
  t.place(kBob, "J", 'J');
  t.act(kBob, Bank{});  // B R C G J discarded; K..N dealt
  EXPECT_EQ(t.pl(kBob).low, t.lay("K", 'K'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("N", 'N'));
  ASSERT_EQ(t.g().shoe().remaining(), 2u);  // L M
  std::vector<CardCode> pile(t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end());
  std::sort(pile.begin(), pile.end());
  auto e = t.act(kBob, Draw{});
  ASSERT_GE(e.size(), 4u);
  EXPECT_EQ(e[0].kind, EventKind::Drew);
  EXPECT_EQ(e[0].card, t.c("L"));
  EXPECT_EQ(e[1].kind, EventKind::Drew);
  EXPECT_EQ(e[1].card, t.c("M"));
  EXPECT_EQ(e[2].kind, EventKind::Shuffled);
  EXPECT_EQ(e[2].total, 1);
  EXPECT_EQ(e[3].kind, EventKind::Drew);
  EXPECT_TRUE(std::binary_search(pile.begin(), pile.end(), e[3].card)) << "the third card comes from the old discard pile";
  EXPECT_EQ(t.g().shoe().generation(), 1);
  // The new deck is the old discard pile less that card; nothing in front went into it.
  EXPECT_EQ(t.g().shoe().remaining(), pile.size() - 1);
  EXPECT_EQ(t.g().shoe().discards(), 0u);
  for (auto c : t.g().shoe().undealt_unordered()) {
    for (const char* held : {"P", "Q", "K", "N", "L", "M"}) EXPECT_NE(c, t.c(held));
  }
  EXPECT_EQ(t.pl(kAnn).low, t.lay("P", 'P'));
  EXPECT_EQ(t.pl(kAnn).high, t.lay("Q", 'Q'));
  EXPECT_EQ(t.pl(kAnn).status, Status::Passed);
  // L and M fit K..N; the third card (from B D F H C G J R) cannot.
  t.place(kBob, "L", 'L');
  auto f = t.place(kBob, "M", 'M');
  EXPECT_EQ(kinds(f), (std::vector<EventKind>{EventKind::Placed, EventKind::Discarded}));
  // Every card is somewhere, once.
  std::vector<CardCode> all(t.g().shoe().undealt_unordered().begin(), t.g().shoe().undealt_unordered().end());
  all.insert(all.end(), t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end());
  auto front = t.g().cards_in_front();
  all.insert(all.end(), front.begin(), front.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, rules->letter_deck.contents());
  // bob passes with 5 banked + 4 in front; the next round starts from a full deck.
  auto g = t.act(kBob, Pass{});
  EXPECT_EQ(g[0].points, 9);
  EXPECT_EQ(t.pl(kBob).total, 9);
  EXPECT_EQ(t.pl(kAnn).total, 2);
  EXPECT_EQ(t.g().round(), 2);
  EXPECT_EQ(t.g().shoe().remaining(), 14u - 4u);
  EXPECT_EQ(t.g().shoe().generation(), 2);
}

// ---- illegal actions -----------------------------------------------------------------------

TEST(ThreeBeTween, Refusals_EveryIllegalActionIsRefusedWithItsCodeAndChangesNothing) {
  Table t(2, kAnn, {"B", "A/E", "Z", "K", "C", "L", "X", "L", "M", "W", "T", "V"});
  // Set-up: bob to keep or replace.
  t.refused(kAnn, Keep{}, "not_your_turn");
  t.refused(kAnn, Replace{t.c("A/E")}, "not_your_turn");
  t.refused(kBob, Replace{t.c("Q")}, "not_your_card");
  t.refused(kBob, Draw{}, "not_now");
  t.refused(kBob, Pass{}, "not_now");
  t.refused(kBob, Bank{}, "not_now");
  t.refused(kBob, EndTurn{}, "not_now");
  t.refused(kBob, Place{t.c("B"), pos('B')}, "not_now");
  t.refused(kBob, PlaceLimits{t.lay("B", 'B'), t.lay("Z", 'Z')}, "not_now");
  t.refused(2, Keep{}, "unknown_player");
  t.refused(-1, Keep{}, "unknown_player");
  t.act(kBob, Keep{});
  // ann: A/E and K, two layouts.
  ASSERT_EQ(t.g().phase(), Phase::Replace);
  t.act(kAnn, Keep{});
  ASSERT_EQ(t.g().phase(), Phase::PlaceLimits);
  t.refused(kAnn, PlaceLimits{t.lay("K", 'K'), t.lay("A/E", 'E')}, "limits_out_of_order");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'I'), t.lay("K", 'K')}, "bad_letter");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'L')}, "bad_letter");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("Z", 'Z')}, "not_your_card");
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("A/E", 'E')}, "not_your_card");
  t.refused(kAnn, Keep{}, "not_now");
  t.refused(kBob, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'K')}, "not_your_turn");
  t.act(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'K')});
  // bob's turn, B..Z, nothing between yet.
  t.refused(kBob, Bank{}, "no_threebetween");
  t.refused(kBob, EndTurn{}, "not_now");
  t.refused(kBob, Place{t.c("C"), pos('C')}, "not_now");
  t.refused(kAnn, Draw{}, "not_your_turn");
  t.refused(kAnn, Pass{}, "not_your_turn");
  t.act(kBob, Draw{});  // C L X
  t.refused(kBob, Draw{}, "not_now");
  t.refused(kBob, Pass{}, "not_now");
  t.refused(kBob, Bank{}, "not_now");
  t.refused(kBob, Place{t.c("M"), pos('M')}, "not_drawn");
  t.refused(kBob, Place{t.c("C"), pos('D')}, "bad_letter");
  t.refused(kBob, Place{t.c("C"), 0}, "bad_letter");
  t.refused(kBob, Place{t.c("C"), 27}, "bad_letter");
  t.refused(kAnn, Place{t.c("C"), pos('C')}, "not_your_turn");
  t.place(kBob, "C", 'C');
  t.refused(kBob, Place{t.c("C"), pos('C')}, "not_drawn");
  t.act(kBob, EndTurn{});
  // ann: A..K draws L M W, none between: a bust at once.
  auto e = t.act(kAnn, Draw{});
  EXPECT_TRUE(has(e, EventKind::Bust));
  t.refused(kAnn, Draw{}, "not_your_turn");
  t.act(kBob, Draw{});  // T V
  t.refused(kBob, Place{t.c("T"), pos('S')}, "bad_letter");
  t.place(kBob, "T", 'T');
  t.refused(kBob, Place{t.c("T"), pos('T')}, "not_drawn");
  t.refused(kBob, Place{t.c("V"), pos('T')}, "bad_letter");
  t.place(kBob, "V", 'V');
  EXPECT_EQ(t.pl(kBob).spaces.size(), 3u);
  EXPECT_EQ(t.g().to_act(), kBob) << "ann is out: bob again";
  t.refused(kBob, Draw{}, "no_empty_space");
  t.refused(kAnn, Bank{}, "not_your_turn");
  t.refused(kBob, EndTurn{}, "not_now");

}

TEST(ThreeBeTween, Refusals_AWildInASpaceShowsNoLetter) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "T", "?", "Q", "T"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // T ? Q
  t.place(kBob, "T", 'T');
  t.refused(kBob, Place{t.c("?"), pos('K')}, "bad_letter");
  t.refused(kBob, Place{t.c("?"), pos('M')}, "bad_letter");
  t.refused(kBob, Place{t.c("?"), cards::kAfterZ}, "bad_letter");
  t.place_wild(kBob);
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});
  auto e = t.act(kBob, Draw{});  // one card: T, already there
  auto first = kinds(e);
  first.resize(4);
  // Both out: the round is tallied at once.
  EXPECT_EQ(first, (std::vector<EventKind>{EventKind::Drew, EventKind::Discarded, EventKind::Bust, EventKind::Tally}));
}

TEST(ThreeBeTween, Refusals_LetterTakenCodeWhenTheLetterIsAlreadyBetween) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "T", "M", "G", "T", "Q"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // T M G
  t.place(kBob, "T", 'T');
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});
  t.act(kBob, Draw{});  // T Q
  t.refused(kBob, Place{t.c("T"), pos('T')}, "letter_taken");
  t.place(kBob, "Q", 'Q');
}

}  // namespace
