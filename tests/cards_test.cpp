#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

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

// The dealing order is what the draws give (undealt_unordered() is a multiset, in no order).
std::vector<CardCode> deal_all(Shoe shoe) {
  std::vector<CardCode> out;
  while (!shoe.empty()) out.push_back(shoe.draw());
  return out;
}

TEST(Shoe, SameSeedSameOrderOtherSeedOtherOrder) {
  Shoe a(standard_shoe_contents(1), 42), b(standard_shoe_contents(1), 42), c(standard_shoe_contents(1), 43);
  auto ua = deal_all(a);
  EXPECT_EQ(ua, deal_all(b));
  EXPECT_NE(ua, deal_all(c));
  auto sorted = ua;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, standard_shoe_contents(1));  // every card once
}

TEST(Shoe, DealsEveryCardEquallyOftenInEveryPlace) {
  // 20000 shuffles of 8 cards, dealt to the end: each card lands in each place 2500 times
  // expected; a chi-square over the 64 cells (63 degrees of freedom) stays below 110 (p ~ 2e-4).
  constexpr int kCards = 8, kDeals = 20000;
  std::vector<CardCode> eight(kCards);
  for (int i = 0; i < kCards; ++i) eight[static_cast<std::size_t>(i)] = static_cast<CardCode>(i);
  std::array<std::array<int, kCards>, kCards> seen{};
  for (int seed = 0; seed < kDeals; ++seed) {
    auto dealt = deal_all(Shoe(eight, static_cast<std::uint64_t>(seed)));
    for (int place = 0; place < kCards; ++place) ++seen[dealt[static_cast<std::size_t>(place)]][static_cast<std::size_t>(place)];
  }
  double expected = static_cast<double>(kDeals) / kCards, chi2 = 0;
  for (const auto& row : seen)
    for (int n : row) chi2 += (n - expected) * (n - expected) / expected;
  EXPECT_LT(chi2, 110.0);
}

TEST(Shoe, UniformBelowStaysBelowItsBound) {
  auto rng = make_shoe_rng(5);
  for (std::uint32_t bound : {1u, 2u, 3u, 52u, 312u, 0x80000001u, 0xffffffffu})
    for (int i = 0; i < 1000; ++i) EXPECT_LT(uniform_below(rng, bound), bound);
  auto wide = make_rng(5, RngStream::Bots);
  for (std::uint64_t bound : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{1} << 63 | 1, ~std::uint64_t{0}})
    for (int i = 0; i < 1000; ++i) EXPECT_LT(uniform_below(wide, bound), bound);
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
