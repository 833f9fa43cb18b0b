#include <gtest/gtest.h>

#include <algorithm>

#include "cards/card.h"
#include "cards/shoe.h"

using namespace inbetween::cards;

TEST(CardNotation, ParsesAnyCaseAndTen) {
  EXPECT_EQ(to_string(*parse_card("td")), "TD");
  EXPECT_EQ(to_string(*parse_card("10d")), "TD");
  EXPECT_EQ(to_string(*parse_card("As")), "AS");
  EXPECT_EQ(to_string(*parse_card("2c")), "2C");
  EXPECT_EQ(parse_card("9C")->rank(), 9);
  EXPECT_EQ(parse_card("AH")->rank(), kAceRank);
  EXPECT_EQ(parse_card("KH")->suit(), Suit::Hearts);
}

TEST(CardNotation, RefusesWhatIsNoCard) {
  for (auto bad : {"", "1S", "11S", "ZZ", "A", "ASX", "10", "T", "9X"}) EXPECT_FALSE(parse_card(bad)) << bad;
}

TEST(CardNotation, RoundTripsAllFiftyTwo) {
  for (int code = 0; code < kStandardDeckSize; ++code) {
    Card c{static_cast<CardCode>(code)};
    EXPECT_EQ(*parse_card(to_string(c)), c);
  }
}

TEST(Shoe, HoldsEveryCardOfEveryDeck) {
  for (int decks : {1, 6, 8}) {
    Shoe shoe(standard_shoe_contents(decks), 7);
    EXPECT_EQ(shoe.remaining(), static_cast<std::size_t>(52 * decks));
    auto counts = shoe.remaining_counts();
    for (int c : counts) EXPECT_EQ(c, decks);
  }
}

TEST(Shoe, SameSeedSameOrderOtherSeedOtherOrder) {
  Shoe a(standard_shoe_contents(1), 42), b(standard_shoe_contents(1), 42), c(standard_shoe_contents(1), 43);
  auto ua = std::vector<CardCode>(a.undealt().begin(), a.undealt().end());
  EXPECT_EQ(ua, std::vector<CardCode>(b.undealt().begin(), b.undealt().end()));
  EXPECT_NE(ua, std::vector<CardCode>(c.undealt().begin(), c.undealt().end()));
}

TEST(Shoe, StackedCardsComeFirstThenTheRestOfTheContents) {
  std::vector<CardCode> stack = {parse_card("5S")->code, parse_card("9H")->code, parse_card("7D")->code};
  Shoe shoe(standard_shoe_contents(1), 7, stack);
  EXPECT_EQ(shoe.draw(), stack[0]);
  EXPECT_EQ(shoe.draw(), stack[1]);
  EXPECT_EQ(shoe.draw(), stack[2]);
  EXPECT_EQ(shoe.remaining(), 49u);
  auto counts = shoe.remaining_counts();
  EXPECT_EQ(counts[stack[0]], 0);
  EXPECT_EQ(counts[parse_card("AS")->code], 1);
}

TEST(Shoe, RefusesAStackTheShoeCannotHold) {
  std::vector<CardCode> twice = {parse_card("AS")->code, parse_card("AS")->code};
  EXPECT_THROW(Shoe(standard_shoe_contents(1), 1, twice), StackError);
  EXPECT_NO_THROW(Shoe(standard_shoe_contents(2), 1, twice));
}

TEST(Shoe, ReshuffleJoinsDiscardsToWhatIsLeftAndCountsGenerations) {
  Shoe shoe(standard_shoe_contents(1), 3);
  std::vector<CardCode> table;
  for (int i = 0; i < 50; ++i) {
    CardCode c = shoe.draw();
    if (i < 2) table.push_back(c); else shoe.discard(c);
  }
  EXPECT_EQ(shoe.generation(), 0);
  shoe.reshuffle();
  EXPECT_EQ(shoe.generation(), 1);
  EXPECT_EQ(shoe.remaining(), 50u);  // 2 left + 48 discards; the 2 on the table stay out
  EXPECT_EQ(shoe.discards(), 0u);
  auto counts = shoe.remaining_counts();
  for (CardCode c : table) EXPECT_EQ(counts[c], 0);
}
