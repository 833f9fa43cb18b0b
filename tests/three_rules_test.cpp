// RULES.md Part 2 (ThreeBeTween) and "Seats, dealer and dealing order", clarification by
// clarification and sentence by sentence of seed 000, each shown on a stacked deck. Stacked
// cards (top first) are dealt as: limit cards two rounds around from the dealer's left (dealer
// last), then set-up replacements, then whatever is drawn, in turn order.
//
// Most tables here seat ann (seat 0, the dealer) and bob (seat 1), so the limit cards go
// bob, ann, bob, ann; bob is offered the replacement first and takes the first turn.
//
// Clarifications 1 to 6 here; 7 to 12 and the refusals in three_scoring_test.cpp.
#include <gtest/gtest.h>

#include "support/three_table.h"

namespace {

using namespace inbetween::testing_support::three;

// ---- Seats, dealer and dealing order ----------------------------------------------------------

TEST(ThreeBeTween, Seats_LimitCardsDealtOneAtATimeFromTheDealersLeftDealerLastTwiceRound) {
  // Three seats, bob deals: cat, ann, bob, cat, ann, bob.
  Table t(3, kBob, {"B", "C", "D", "F", "G", "H"});
  auto dealt = of_kind(t.log, EventKind::LimitDealt);
  ASSERT_EQ(dealt.size(), 6u);
  const int order[] = {kCat, kAnn, kBob, kCat, kAnn, kBob};
  const char* cards_in_order[] = {"B", "C", "D", "F", "G", "H"};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(dealt[i].player, order[i]) << i;
    EXPECT_EQ(dealt[i].card, t.c(cards_in_order[i])) << i;
  }
  auto started = of_kind(t.log, EventKind::RoundStarted);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(started[0].player, kBob);
  EXPECT_EQ(started[0].total, 1);
  EXPECT_EQ(t.pl(kCat).limit_hand, (std::vector<CardCode>{t.c("B"), t.c("F")}));
  EXPECT_EQ(t.pl(kAnn).limit_hand, (std::vector<CardCode>{t.c("C"), t.c("G")}));
  EXPECT_EQ(t.pl(kBob).limit_hand, (std::vector<CardCode>{t.c("D"), t.c("H")}));
  EXPECT_EQ(t.g().shoe().remaining(), 74u - 6u);
}

TEST(ThreeBeTween, Seats_ReplacementOfferedInTurnOrderDealerLastThenTurnsStartLeftOfTheDealer) {
  Table t(3, kBob, {"B", "C", "D", "F", "G", "H"});
  EXPECT_EQ(t.g().phase(), Phase::Replace);
  EXPECT_EQ(t.g().to_act(), kCat);
  // Each player's limits are laid right after their keep (one layout: laid by the engine).
  auto e = t.act(kCat, Keep{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Kept, EventKind::LimitsLaid}));
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Keep{});
  EXPECT_EQ(t.g().to_act(), kBob);
  EXPECT_EQ(t.g().phase(), Phase::Replace);
  t.act(kBob, Keep{});
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.g().to_act(), kCat);
}

TEST(ThreeBeTween, Seats_FirstDealerComesFromTheSeedWhenNoneIsNamed) {
  auto rules = load();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<Event> e1, e2;
    ThreeGame a(rules, GameSetup{seat_names(4), seed, std::nullopt, {}}, e1);
    ThreeGame b(rules, GameSetup{seat_names(4), seed, std::nullopt, {}}, e2);
    EXPECT_EQ(a.dealer(), b.dealer());
    EXPECT_GE(a.dealer(), 0);
    EXPECT_LT(a.dealer(), 4);
    EXPECT_EQ(a.to_act(), (a.dealer() + 1) % 4) << "the player left of the dealer is asked first";
  }
}

// ---- Clarification 1: letters, vowel cards, points -------------------------------------------

TEST(ThreeBeTween, Clarification1_VowelLimitCardShowsTheVowelThePlayerChooses) {
  // bob: A/E and K. A/E may be A or E, either on the left of K.
  Table t(2, kAnn, {"A/E", "B", "K", "Z"});
  t.act(kBob, Keep{});
  EXPECT_EQ(t.g().phase(), Phase::PlaceLimits);
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(contains(legal, PlaceLimits{t.lay("A/E", 'A'), t.lay("K", 'K')}));
  EXPECT_TRUE(contains(legal, PlaceLimits{t.lay("A/E", 'E'), t.lay("K", 'K')}));
  auto e = t.act(kBob, PlaceLimits{t.lay("A/E", 'E'), t.lay("K", 'K')});
  ASSERT_EQ(of_kind(e, EventKind::LimitsLaid).size(), 1u);
  EXPECT_EQ(e.back().position, pos('E'));
  EXPECT_EQ(e.back().position2, pos('K'));
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('F', 'J'));
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification1_VowelCardBetweenPlacedAsEitherVowelStaysThatVowelAndScoresTheSame) {
  // bob B..Z; draws E/I, E/O, K; later I/O.
  Table t(2, kAnn, {"B", "C", "Z", "D", "E/I", "E/O", "K", "I/O"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "E/I"), positions({'E', 'I'}));
  EXPECT_EQ(t.fits(kBob, "E/O"), positions({'E', 'O'}));
  t.place(kBob, "E/I", 'I');
  EXPECT_EQ(t.fits(kBob, "E/O"), positions({'E', 'O'}));
  t.place(kBob, "E/O", 'E');
  // Both vowels of each placed card: the letters shown are I and E, nothing else.
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.lay("E/I", 'I'), t.lay("E/O", 'E')}));
  t.act(kBob, EndTurn{});  // K declined
  t.act(kAnn, Pass{});
  t.act(kBob, Draw{});
  // I is taken by E/I shown as I, so I/O can only be O; E/I has not become E.
  EXPECT_EQ(t.fits(kBob, "I/O"), positions({'O'}));
  t.refused(kBob, Place{t.c("I/O"), pos('I')}, "letter_taken");
  auto e = t.place(kBob, "I/O", 'O');
  EXPECT_TRUE(has(e, EventKind::ThreeBeTween));
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.lay("E/I", 'I'), t.lay("E/O", 'E'), t.lay("I/O", 'O')}));
  // A vowel card is worth its points whichever vowel it shows.
  EXPECT_EQ(t.g().points_in_front(kBob), t.points("B") + t.points("Z") + 3 * t.points("A/E"));
  EXPECT_EQ(t.g().points_in_front(kBob), 4 + 10 + 1 + 1 + 1);
}

TEST(ThreeBeTween, Clarification1_LettersAreOrderedAToZ) {
  // bob Q then K: K is nearer A, so it goes left whatever order the cards came in.
  Table t(2, kAnn, {"Q", "B", "K", "Z"});
  auto e = t.act(kBob, Keep{});
  auto laid = of_kind(e, EventKind::LimitsLaid);
  ASSERT_EQ(laid.size(), 1u);
  EXPECT_EQ(laid[0].card, t.c("K"));
  EXPECT_EQ(laid[0].position, pos('K'));
  EXPECT_EQ(laid[0].card2, t.c("Q"));
  EXPECT_EQ(laid[0].position2, pos('Q'));
  EXPECT_EQ(t.pl(kBob).low, t.lay("K", 'K'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("Q", 'Q'));
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('L', 'P'));
}

// ---- Clarification 2: the wild -------------------------------------------------------------

TEST(ThreeBeTween, Clarification2_WildLimitOnTheLeftComesBeforeA) {
  Table t(2, kAnn, {"?", "B", "K", "Y", "A/E", "Z", "?"});
  t.act(kBob, Keep{});
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(contains(legal, PlaceLimits{t.wild(cards::kBeforeA), t.lay("K", 'K')}));
  EXPECT_TRUE(contains(legal, PlaceLimits{t.lay("K", 'K'), t.wild(cards::kAfterZ)}));
  t.act(kBob, PlaceLimits{t.wild(cards::kBeforeA), t.lay("K", 'K')});
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('A', 'J'));
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "A/E"), positions({'A', 'E'})) << "A fits: the wild lies before A";
  EXPECT_TRUE(t.fits(kBob, "Z").empty());
}

TEST(ThreeBeTween, Clarification2_WildLimitOnTheRightComesAfterZ) {
  Table t(2, kAnn, {"?", "B", "K", "Y", "A/E", "Z", "Q"});
  t.act(kBob, Keep{});
  t.act(kBob, PlaceLimits{t.lay("K", 'K'), t.wild(cards::kAfterZ)});
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('L', 'Z'));
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "Z"), positions({'Z'})) << "Z fits: the wild lies after Z";
  EXPECT_EQ(t.fits(kBob, "Q"), positions({'Q'}));
  EXPECT_TRUE(t.fits(kBob, "A/E").empty());
}

TEST(ThreeBeTween, Clarification2_TwoWildLimitsLetEveryLetterFit) {
  Table t(2, kAnn, {"?", "B", "?", "Y", "A/E", "Z", "M"});
  auto e = t.act(kBob, Keep{});
  EXPECT_FALSE(has(e, EventKind::Bust));
  auto laid = of_kind(e, EventKind::LimitsLaid);
  ASSERT_EQ(laid.size(), 1u) << "one layout only: laid by the engine";
  EXPECT_EQ(laid[0].position, cards::kBeforeA);
  EXPECT_EQ(laid[0].position2, cards::kAfterZ);
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('A', 'Z'));
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.fits(kBob, "A/E"), positions({'A', 'E'}));
  EXPECT_EQ(t.fits(kBob, "Z"), positions({'Z'}));
  EXPECT_EQ(t.fits(kBob, "M"), positions({'M'}));
}

TEST(ThreeBeTween, Clarification2_WildBetweenFillsAnyEmptySpaceAndMayRepeat) {
  // bob K and L: no letter lies between, but wilds still fill spaces; M does not fit.
  Table t(2, kAnn, {"K", "B", "L", "Z", "?", "M", "?"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  EXPECT_TRUE(t.g().open_letters(kBob).empty());
  t.act(kBob, Draw{});
  EXPECT_EQ(t.g().phase(), Phase::Place);
  EXPECT_EQ(t.fits(kBob, "?"), std::vector<int>{0});
  EXPECT_TRUE(t.fits(kBob, "M").empty());
  auto legal = t.g().legal(kBob);
  EXPECT_TRUE(contains(legal, Place{t.c("?"), 0}));
  EXPECT_FALSE(contains(legal, Place{t.c("M"), pos('M')}));
  t.place_wild(kBob);
  EXPECT_EQ(t.fits(kBob, "?"), std::vector<int>{0}) << "a second wild may join the first";
  auto e = t.place_wild(kBob);
  // Nothing left fits (M): the turn ends by itself.
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Placed, EventKind::Discarded}));
  EXPECT_EQ(e.back().card, t.c("M"));
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.wild(0), t.wild(0)}));
  EXPECT_EQ(t.g().to_act(), kAnn);
  // The seed: a wild is never an actual letter; the wilds in spaces hold no letter.
  EXPECT_TRUE(t.g().open_letters(kBob).empty());
}

TEST(ThreeBeTween, Seed_WildInASpaceIsNoLetterAndBlocksNone) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "?", "T", "T"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  // Draw: ?, T, T; place the wild, T still fits.
  t.place_wild(kBob);
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('C', 'Y'));
  t.refused(kBob, Place{t.c("T"), 0}, "bad_letter");
  t.place(kBob, "T", 'T');
  EXPECT_EQ(t.pl(kBob).spaces.front(), t.wild(0));
}

// ---- Clarification 3: exactly the same card ---------------------------------------------------

TEST(ThreeBeTween, Clarification3_IdenticalConsonantLimitsBust) {
  Table t(2, kAnn, {"L", "B", "L", "Z"});
  EXPECT_EQ(t.pl(kBob).status, Status::In) << "not out before the replacement has been offered";
  auto e = t.act(kBob, Keep{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].player, kBob);
  EXPECT_EQ(bust[0].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_TRUE(t.pl(kBob).limit_hand.empty());
  EXPECT_FALSE(t.pl(kBob).low);
  EXPECT_EQ(std::vector<CardCode>(t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end()),
            (std::vector<CardCode>{t.c("L"), t.c("L")}));
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification3_IdenticalVowelCardsBustButAEandAIDoNot) {
  Table t(2, kAnn, {"A/E", "A/E", "A/E", "A/I"});
  auto e = t.act(kBob, Keep{});
  ASSERT_EQ(of_kind(e, EventKind::Bust).size(), 1u) << "A/E and A/E are exactly the same card";
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  auto f = t.act(kAnn, Keep{});
  EXPECT_FALSE(has(f, EventKind::Bust)) << "A/E and A/I are different cards";
  EXPECT_EQ(t.pl(kAnn).status, Status::In);
  // A..I (A/E as A), E..I (A/E as E), A..E (A/I as A, A/E as E).
  auto layouts = t.g().layouts(kAnn);
  EXPECT_EQ(layouts.size(), 3u);
  EXPECT_TRUE(contains(t.g().legal(kAnn), PlaceLimits{t.lay("A/E", 'A'), t.lay("A/I", 'I')}));
  EXPECT_TRUE(contains(t.g().legal(kAnn), PlaceLimits{t.lay("A/E", 'E'), t.lay("A/I", 'I')}));
  EXPECT_TRUE(contains(t.g().legal(kAnn), PlaceLimits{t.lay("A/I", 'A'), t.lay("A/E", 'E')}));
  // Both showing A would leave nothing between: no such layout.
  t.refused(kAnn, PlaceLimits{t.lay("A/E", 'A'), t.lay("A/I", 'A')}, "limits_out_of_order");
}

TEST(ThreeBeTween, Clarification3_TwoWildLimitsAreNotABust) {
  Table t(2, kAnn, {"?", "B", "?", "Z"});
  auto e = t.act(kBob, Keep{});
  EXPECT_FALSE(has(e, EventKind::Bust));
  EXPECT_EQ(t.pl(kBob).status, Status::In);
  EXPECT_EQ(t.pl(kBob).low, t.wild(cards::kBeforeA));
  EXPECT_EQ(t.pl(kBob).high, t.wild(cards::kAfterZ));
}

TEST(ThreeBeTween, Clarification3_TwoWildLimitsBustWithWildPairBustsKnob) {
  Table t(2, kAnn, {"?", "B", "?", "Z"}, {{"wild_pair_busts", "true"}});
  EXPECT_TRUE(t.rules->wild_pair_busts);
  auto e = t.act(kBob, Keep{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
}

// ---- Clarification 4: the set-up and the replacement ------------------------------------------

TEST(ThreeBeTween, Clarification4_ReplacementDiscardsOneLimitCardBeforeTheNewOneIsDealt) {
  // bob K and L (no room); he gives up L and is dealt the next card, Z.
  Table t(2, kAnn, {"K", "B", "L", "Y", "Z"});
  auto legal = t.g().legal(kBob);
  ASSERT_EQ(legal.size(), 3u);
  EXPECT_TRUE(contains(legal, Keep{}));
  EXPECT_TRUE(contains(legal, Replace{t.c("K")}));
  EXPECT_TRUE(contains(legal, Replace{t.c("L")}));
  std::size_t before = t.g().shoe().remaining();
  auto e = t.act(kBob, Replace{t.c("L")});
  ASSERT_GE(e.size(), 1u);
  EXPECT_EQ(e[0].kind, EventKind::Replaced);
  EXPECT_EQ(e[0].player, kBob);
  EXPECT_EQ(e[0].card, t.c("L")) << "discarded";
  EXPECT_EQ(e[0].card2, t.c("Z")) << "dealt";
  EXPECT_EQ(std::vector<CardCode>(t.g().shoe().discard_pile().begin(), t.g().shoe().discard_pile().end()),
            std::vector<CardCode>{t.c("L")});
  EXPECT_EQ(t.g().shoe().remaining(), before - 1);
  EXPECT_TRUE(t.pl(kBob).replacement_used);
  EXPECT_EQ(t.pl(kBob).low, t.lay("K", 'K'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("Z", 'Z'));
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_FALSE(t.pl(kAnn).replacement_used);
}

TEST(ThreeBeTween, Clarification4_ReplacementOnlyOnce) {
  // bob A/E and K, replaces K with a wild: four layouts to choose from, and no second replacement.
  Table t(2, kAnn, {"A/E", "B", "K", "Z", "?"});
  t.act(kBob, Replace{t.c("K")});
  EXPECT_EQ(t.g().phase(), Phase::PlaceLimits);
  EXPECT_EQ(t.g().to_act(), kBob);
  auto legal = t.g().legal(kBob);
  EXPECT_EQ(legal.size(), 4u);
  for (const auto& a : legal) EXPECT_TRUE(std::holds_alternative<PlaceLimits>(a));
  t.refused(kBob, Replace{t.c("?")}, "not_now");
  t.refused(kBob, Replace{t.c("A/E")}, "not_now");
  t.refused(kBob, Keep{}, "not_now");
  t.act(kBob, PlaceLimits{t.wild(cards::kBeforeA), t.lay("A/E", 'E')});
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.refused(kBob, Replace{t.c("?")}, "not_your_turn");
  // ann still has her replacement.
  EXPECT_TRUE(contains(t.g().legal(kAnn), Replace{t.c("B")}));
}

TEST(ThreeBeTween, Clarification4_IdenticalLimitsBustUnlessTheReplacementBreaksThePair) {
  // bob L L replaces one L and gets T; ann N N keeps and busts.
  Table t(2, kAnn, {"L", "N", "L", "N", "T"});
  auto legal = t.g().legal(kBob);
  EXPECT_EQ(legal.size(), 2u) << "keep, or replace L (either copy is the same)";
  EXPECT_TRUE(contains(legal, Replace{t.c("L")}));
  auto e = t.act(kBob, Replace{t.c("L")});
  EXPECT_FALSE(has(e, EventKind::Bust));
  EXPECT_EQ(t.pl(kBob).low, t.lay("L", 'L'));
  EXPECT_EQ(t.pl(kBob).high, t.lay("T", 'T'));
  auto f = t.act(kAnn, Keep{});
  auto bust = of_kind(f, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].player, kAnn);
  EXPECT_EQ(bust[0].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.g().to_act(), kBob);
}

TEST(ThreeBeTween, Clarification4_AReplacementThatMakesANewIdenticalPairBusts) {
  Table t(2, kAnn, {"T", "B", "K", "Z", "T"});
  auto e = t.act(kBob, Replace{t.c("K")});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Replaced, EventKind::Bust}));
  EXPECT_EQ(e[1].reason, BustReason::IdenticalLimits);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification4_WithoutTheReplacementKnobNobodyIsAskedAndPairsBustAtOnce) {
  Table t(2, kAnn, {"T", "B", "T", "Z"}, {{"replacement", "false"}});
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_EQ(t.pl(kAnn).low, t.lay("B", 'B'));
  t.refused(kAnn, Replace{t.c("B")}, "not_now");
}

TEST(ThreeBeTween, Seed_LimitCardsNearerALeftNearerZRightVowelAndWildChoices) {
  // A/U and K: A/U as A goes left of K; as U it goes right.
  Table t(2, kAnn, {"A/U", "B", "K", "Z"});
  t.act(kBob, Keep{});
  auto layouts = t.g().layouts(kBob);
  ASSERT_EQ(layouts.size(), 2u);
  EXPECT_TRUE(contains(t.g().legal(kBob), PlaceLimits{t.lay("A/U", 'A'), t.lay("K", 'K')}));
  EXPECT_TRUE(contains(t.g().legal(kBob), PlaceLimits{t.lay("K", 'K'), t.lay("A/U", 'U')}));
  t.act(kBob, PlaceLimits{t.lay("K", 'K'), t.lay("A/U", 'U')});
  EXPECT_EQ(t.g().open_letters(kBob), letter_range('L', 'T'));
  // Wild and a vowel card: four ways.
  Table w(2, kAnn, {"?", "B", "E/O", "Z"});
  w.act(kBob, Keep{});
  EXPECT_EQ(w.g().layouts(kBob).size(), 4u);
}

// ---- Clarification 5: turn order -----------------------------------------------------------

TEST(ThreeBeTween, Clarification5_TurnsGoRoundFromTheDealersLeftSkippingPassedAndBusted) {
  // ann deals: bob, cat, ann. cat busts in the set-up (T T), bob passes later.
  Table t(3, kAnn, {"B", "T", "C", "Z", "T", "Y", "K", "P", "Q", "M", "N"});
  t.act(kBob, Keep{});
  t.act(kCat, Keep{});
  EXPECT_EQ(t.pl(kCat).status, Status::Busted);
  t.act(kAnn, Keep{});
  EXPECT_EQ(t.g().to_act(), kBob);
  t.act(kBob, Draw{});  // K P Q: all fit
  t.place(kBob, "K", 'K');
  t.act(kBob, EndTurn{});
  EXPECT_EQ(t.g().to_act(), kAnn) << "cat is out";
  t.act(kAnn, Draw{});  // M, N, then the shoe's next card
  t.place(kAnn, "M", 'M');
  if (t.g().phase() == Phase::Place) t.act(kAnn, EndTurn{});
  EXPECT_EQ(t.g().to_act(), kBob);
  t.act(kBob, Pass{});
  EXPECT_EQ(t.g().to_act(), kAnn);
  EXPECT_EQ(t.g().phase(), Phase::Turn);
  // ann plays on alone: some players get more turns than others.
  t.act(kAnn, Pass{});
  EXPECT_EQ(t.g().round(), 2);
}

// ---- Clarification 6: draw and place ----------------------------------------------------------

TEST(ThreeBeTween, Clarification6_DrawDealsAsManyCardsAsThereAreEmptySpaces) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "K", "T", "T", "M", "W", "G"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  auto e = t.act(kBob, Draw{});
  EXPECT_EQ(of_kind(e, EventKind::Drew).size(), 3u);
  EXPECT_EQ(t.pl(kBob).drawn, (std::vector<CardCode>{t.c("K"), t.c("T"), t.c("T")}));
  t.place(kBob, "K", 'K');
  t.act(kBob, EndTurn{});
  t.act(kAnn, Pass{});
  auto f = t.act(kBob, Draw{});
  EXPECT_EQ(of_kind(f, EventKind::Drew).size(), 2u) << "one space filled: two cards";
  t.place(kBob, "M", 'M');
  t.act(kBob, EndTurn{});
  auto g = t.act(kBob, Draw{});
  EXPECT_EQ(of_kind(g, EventKind::Drew).size(), 1u);
  EXPECT_EQ(of_kind(g, EventKind::Drew)[0].card, t.c("G"));
}

TEST(ThreeBeTween, Seed_ExampleEToN_AnLFitsButASecondLDoesNot) {
  // bob: A/E shown as E, and N.
  Table t(2, kAnn, {"A/E", "B", "N", "Z", "L", "E/O", "N", "L", "G"});
  t.act(kBob, Keep{});
  t.act(kBob, PlaceLimits{t.lay("A/E", 'E'), t.lay("N", 'N')});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});  // L, E/O, N
  EXPECT_EQ(t.fits(kBob, "L"), positions({'L'}));
  EXPECT_TRUE(t.fits(kBob, "N").empty()) << "the limit letter itself is not strictly between";
  EXPECT_TRUE(t.fits(kBob, "E/O").empty()) << "E is the limit, O lies past N";
  EXPECT_TRUE(t.fits(kBob, "D").empty());
  t.refused(kBob, Place{t.c("N"), pos('N')}, "does_not_fit");
  t.refused(kBob, Place{t.c("E/O"), pos('E')}, "does_not_fit");
  t.refused(kBob, Place{t.c("E/O"), pos('O')}, "does_not_fit");
  auto e = t.place(kBob, "L", 'L');
  // Nothing else fits: the turn ends by itself and E/O, N are discarded.
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Placed, EventKind::Discarded, EventKind::Discarded}));
  EXPECT_EQ(t.g().to_act(), kAnn);
  t.act(kAnn, Pass{});
  t.act(kBob, Draw{});  // two cards: L, G
  EXPECT_TRUE(t.fits(kBob, "L").empty()) << "L is already between the limits";
  EXPECT_EQ(t.fits(kBob, "G"), positions({'G'}));
  t.refused(kBob, Place{t.c("L"), pos('L')}, "letter_taken");
  t.place(kBob, "G", 'G');
  EXPECT_EQ(t.pl(kBob).spaces, (std::vector<Lay>{t.lay("L", 'L'), t.lay("G", 'G')}));
}

TEST(ThreeBeTween, Seed_OrderOfTheCardsBetweenTheLimitsDoesNotMatter) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "W", "G", "M"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "W", 'W');
  t.place(kBob, "G", 'G');
  auto e = t.place(kBob, "M", 'M');
  EXPECT_TRUE(has(e, EventKind::ThreeBeTween));
}

TEST(ThreeBeTween, Clarification6_AFittingCardMayBeDeclined) {
  Table t(2, kAnn, {"B", "C", "Z", "D", "K", "M", "G"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "K", 'K');
  EXPECT_EQ(t.g().phase(), Phase::Place) << "M and G still fit";
  EXPECT_TRUE(contains(t.g().legal(kBob), EndTurn{}));
  auto e = t.act(kBob, EndTurn{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Discarded, EventKind::Discarded}));
  EXPECT_EQ(t.pl(kBob).status, Status::In);
  EXPECT_EQ(t.pl(kBob).spaces.size(), 1u);
  EXPECT_TRUE(t.pl(kBob).drawn.empty());
  auto pile = t.g().shoe().discard_pile();
  EXPECT_EQ(std::vector<CardCode>(pile.begin(), pile.end()), (std::vector<CardCode>{t.c("M"), t.c("G")}));
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification6_NothingThatFitsIsABustAtOnce) {
  Table t(2, kAnn, {"K", "C", "M", "D", "B", "C", "D"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  auto e = t.act(kBob, Draw{});
  EXPECT_EQ(kinds(e), (std::vector<EventKind>{EventKind::Drew, EventKind::Drew, EventKind::Drew, EventKind::Discarded,
                                              EventKind::Discarded, EventKind::Discarded, EventKind::Bust}));
  EXPECT_EQ(e.back().reason, BustReason::NothingPlaced);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
  EXPECT_FALSE(t.pl(kBob).low);
  EXPECT_TRUE(t.pl(kBob).drawn.empty());
  EXPECT_EQ(t.g().shoe().discards(), 5u) << "the three drawn and the two limit cards";
  EXPECT_EQ(t.g().to_act(), kAnn);
}

TEST(ThreeBeTween, Clarification6_PlacingNoneOfTheFittingCardsBusts) {
  Table t(2, kAnn, {"K", "C", "M", "D", "L", "B", "C"});
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  EXPECT_EQ(t.g().phase(), Phase::Place);
  auto e = t.act(kBob, EndTurn{});
  auto bust = of_kind(e, EventKind::Bust);
  ASSERT_EQ(bust.size(), 1u);
  EXPECT_EQ(bust[0].reason, BustReason::NothingPlaced);
  EXPECT_EQ(t.pl(kBob).status, Status::Busted);
}

}  // namespace
