// Deck files (decks/*.toml): the shipped decks load with the published facts; bad files are
// refused with the file, the line and the reason.
#include <gtest/gtest.h>

#include "support/rule_errors.h"

#include "support/temp_folder.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"
#include "cards/letter_card.h"
#include "rules/deck_files.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"
#include "families/three/rules.h"

namespace {

using inbetween::testing_support::contains;
using inbetween::testing_support::rule_error;

namespace fs = std::filesystem;
namespace cards = inbetween::cards;
using namespace inbetween::rules;

// ---- the shipped decks -----------------------------------------------------------------------

TEST(Alpha74, HoldsFortyTwoConsonantsThirtyVowelCardsTwoWildsSeventyFourInAll) {
  cards::LetterDeck deck = load_letter_deck("alpha74");
  EXPECT_EQ(deck.name, "alpha74");
  int consonants = 0, vowels = 0, wilds = 0;
  for (const auto& k : deck.kinds) {
    if (k.wild()) wilds += k.copies;
    else if (k.vowel_card()) vowels += k.copies;
    else consonants += k.copies;
  }
  EXPECT_EQ(consonants, 42);
  EXPECT_EQ(vowels, 30);
  EXPECT_EQ(wilds, 2);
  EXPECT_EQ(deck.size(), 74);
  EXPECT_EQ(deck.contents().size(), 74u);
}

TEST(Alpha74, ThreeTsOneZEveryLetterAndTheTenVowelPairs) {
  cards::LetterDeck deck = load_letter_deck("alpha74");
  auto copies = [&](std::string_view text) {
    auto code = deck.parse(text);
    EXPECT_TRUE(code) << text;
    return code ? deck.kind(*code).copies : 0;
  };
  EXPECT_EQ(copies("T"), 3);
  EXPECT_EQ(copies("Z"), 1);
  EXPECT_EQ(copies("?"), 2);
  // Every consonant is there; vowels only on two-vowel cards.
  for (char l = 'A'; l <= 'Z'; ++l) {
    bool vowel = std::string_view("AEIOU").find(l) != std::string_view::npos;
    EXPECT_EQ(deck.parse(std::string(1, l)).has_value(), !vowel) << l;
  }
  const char* pairs[] = {"A/E", "A/I", "A/O", "A/U", "E/I", "E/O", "E/U", "I/O", "I/U", "O/U"};
  for (const char* p : pairs) EXPECT_EQ(copies(p), 3) << p;
  EXPECT_EQ(deck.parse("e/a"), deck.parse("A/E")) << "vowels in any order, any case";
  // Points 0-10: the wild 0, vowel cards 1, Q and Z 10.
  for (const auto& k : deck.kinds) {
    EXPECT_GE(k.points, 0);
    EXPECT_LE(k.points, 10);
  }
  EXPECT_EQ(deck.kind(*deck.parse("?")).points, 0);
  EXPECT_EQ(deck.kind(*deck.parse("A/E")).points, 1);
  EXPECT_EQ(deck.kind(*deck.parse("Z")).points, 10);
  EXPECT_EQ(deck.kind(*deck.parse("T")).points, 2);
  auto summary = deck_summary("alpha74");
  EXPECT_EQ(summary.kind, "letters");
  EXPECT_EQ(summary.cards, 74);
}

TEST(Standard52, LoadsFiftyTwoDifferentCards) {
  auto contents = load_standard_deck("standard52");
  EXPECT_EQ(contents.size(), 52u);
  EXPECT_EQ(std::set<cards::CardCode>(contents.begin(), contents.end()).size(), 52u);
  auto summary = deck_summary("standard52");
  EXPECT_EQ(summary.kind, "standard");
  EXPECT_EQ(summary.cards, 52);
  auto names = deck_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "alpha74"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "standard52"), names.end());
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

TEST(DeckNames, UnknownDeckNamesTheDecksThereAre) {
  std::string m = rule_error([] { load_letter_deck("alpha75"); });
  EXPECT_TRUE(contains(m, "unknown deck 'alpha75'")) << m;
  EXPECT_TRUE(contains(m, "alpha74")) << m;
}

// ---- bad deck files --------------------------------------------------------------------------

class DeckFile : public inbetween::testing_support::TempFolderTest {
 protected:
  // Loads `text` as a letter deck and returns the refusal.
  std::string refusal(const std::string& text) {
    path_ = write("bad.toml", text);
    return rule_error([&] { load_letter_deck(path_); });
  }

  std::string path_;
};

// A good little deck, line by line; tests break one line.
const char* const kHeader = "name = \"little\"\nkind = \"letters\"\n";  // lines 1-2

TEST_F(DeckFile, AGoodFileLoads) {
  std::string path = write("good.toml", std::string(kHeader) +
                                            "[[cards]]\ncards = [\"K\", \"e/a\", \"?\"]\ncopies = 2\npoints = 3\n");
  auto deck = load_letter_deck(path);
  EXPECT_EQ(deck.name, "little");
  ASSERT_EQ(deck.kinds.size(), 3u);
  EXPECT_EQ(deck.kinds[1].notation, "A/E") << "normalised";
  EXPECT_EQ(deck.size(), 6);
  EXPECT_EQ(deck.kinds[0].points, 3);
}

TEST_F(DeckFile, ACardThatIsNotACardIsRefusedWithItsLine) {
  std::string m = refusal(std::string(kHeader) + "[[cards]]\ncards = [\n  \"K\",\n  \"AE\",\n]\n");
  EXPECT_TRUE(contains(m, path_ + ":6: key 'cards': \"AE\" is not a card")) << m;
  EXPECT_TRUE(contains(m, "allowed:")) << m;
  for (const char* bad : {"\"KK\"", "\"A/A\"", "\"1\"", "\"A-E\"", "\"\"", "7"}) {
    std::string n = refusal(std::string(kHeader) + "[[cards]]\ncards = [" + bad + "]\n");
    EXPECT_TRUE(contains(n, path_ + ":4: key 'cards':")) << bad << ": " << n;
  }
}

TEST_F(DeckFile, ACardListedTwiceIsRefused) {
  std::string m = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\n[[cards]]\ncards = [\"Q\", \"K\"]\n");
  EXPECT_TRUE(contains(m, path_ + ":6: key 'cards': \"K\" is listed twice")) << m;
  // A/E and E/A are the same card.
  std::string n = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"A/E\",\n \"E/A\"]\n");
  EXPECT_TRUE(contains(n, path_ + ":5: key 'cards': \"A/E\" is listed twice")) << n;
}

TEST_F(DeckFile, CopiesOutOfRangeAreRefused) {
  std::string m = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\ncopies = 0\n");
  EXPECT_TRUE(contains(m, path_ + ":5: key 'copies': 0 is out of range; allowed: an integer from 1 to 20")) << m;
  std::string n = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\ncopies = 21\n");
  EXPECT_TRUE(contains(n, path_ + ":5: key 'copies': 21 is out of range")) << n;
  std::string o = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\ncopies = \"two\"\n");
  EXPECT_TRUE(contains(o, path_ + ":5: key 'copies': \"two\" is not allowed")) << o;
  std::string p = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\npoints = -1\n");
  EXPECT_TRUE(contains(p, path_ + ":5: key 'points': -1 is out of range")) << p;
}

TEST_F(DeckFile, UnknownKeysAreRefused) {
  std::string m = refusal(std::string(kHeader) + "colour = \"red\"\n[[cards]]\ncards = [\"K\"]\n");
  EXPECT_TRUE(contains(m, path_ + ":3: key 'colour': unknown knob")) << m;
  std::string n = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\ncopy = 2\n");
  EXPECT_TRUE(contains(n, path_ + ":5: key 'copy': unknown knob")) << n;
}

TEST_F(DeckFile, AWrongKindIsRefused) {
  std::string m = refusal("name = \"x\"\nkind = \"pictures\"\n[[cards]]\ncards = [\"K\"]\n");
  EXPECT_TRUE(contains(m, path_ + ":2: key 'kind': \"pictures\" is not allowed; allowed: standard, letters")) << m;
  // A standard deck where a letter deck is needed, and the other way round.
  std::string n = refusal("name = \"x\"\nkind = \"standard\"\n[[cards]]\ncards = [\"K\"]\n");
  EXPECT_TRUE(contains(n, path_ + ":2: key 'kind': a letter deck (kind = \"letters\") is needed here")) << n;
  // A whole standard deck file read as letters: refused for its kind, not for its keys.
  std::string standard = refusal("name = \"x\"\nkind = \"standard\"\nranks = [\"2\"]\nsuits = [\"S\"]\n");
  EXPECT_TRUE(contains(standard, path_ + ":2: key 'kind': a letter deck")) << standard;
  std::string letters = write("letters.toml", std::string(kHeader) + "[[cards]]\ncards = [\"K\"]\n");
  std::string o = rule_error([&] { load_standard_deck(letters); });
  EXPECT_TRUE(contains(o, letters)) << o;
  EXPECT_TRUE(contains(o, "a standard deck (kind = \"standard\") is needed here")) << o;
}

TEST_F(DeckFile, TomlSyntaxErrorsNameTheLine) {
  std::string m = refusal(std::string(kHeader) + "[[cards]]\ncards = [\"K\"\ncopies = = 2\n");
  EXPECT_TRUE(contains(m, path_ + ":")) << m;
  std::string n = refusal("name = \"x\"\nkind = \"letters\"\n\n\nthis is not toml\n");
  EXPECT_TRUE(contains(n, path_ + ":5: ")) << n;
}

TEST_F(DeckFile, MissingOrEmptyCardsAreRefused) {
  std::string m = refusal(std::string(kHeader));
  EXPECT_TRUE(contains(m, path_ + ": a letter deck needs [[cards]] groups")) << m;
  std::string n = refusal(std::string(kHeader) + "[[cards]]\ncards = []\n");
  EXPECT_TRUE(contains(n, path_ + ":3: key 'cards'")) << n;
  std::string o = refusal(std::string(kHeader) + "[[cards]]\ncopies = 2\n");
  EXPECT_TRUE(contains(o, path_ + ":3: key 'cards'")) << o;
}

TEST_F(DeckFile, BadStandardDecksAreRefused) {
  std::string path = write("std.toml", "name = \"s\"\nkind = \"standard\"\nranks = [\"2\", \"1\"]\nsuits = [\"S\"]\n");
  std::string m = rule_error([&] { load_standard_deck(path); });
  EXPECT_TRUE(contains(m, path + ":3: key 'ranks': \"1\" is not allowed")) << m;
  path = write("std2.toml", "name = \"s\"\nkind = \"standard\"\nranks = [\"2\"]\nsuits = [\"S\", \"S\"]\n");
  m = rule_error([&] { load_standard_deck(path); });
  EXPECT_TRUE(contains(m, path + ":4: key 'suits': \"S\" is listed twice")) << m;
  path = write("std3.toml", "name = \"s\"\nkind = \"standard\"\nranks = [\"2\"]\nsuits = [\"S\"]\ncopies = 9\n");
  m = rule_error([&] { load_standard_deck(path); });
  EXPECT_TRUE(contains(m, path + ":5: key 'copies': 9 is out of range")) << m;
}

TEST_F(DeckFile, NoSuchDeckFile) {
  std::string missing = (dir_ / "none.toml").string();
  std::string m = rule_error([&] { load_letter_deck(missing); });
  EXPECT_TRUE(contains(m, missing + ": no such deck file")) << m;
}

TEST_F(DeckFile, ARuleFileMayPointAtADeckFileAndItsErrorsNameBoth) {
  std::string deck = write("d.toml", std::string(kHeader) + "[[cards]]\ncards = [\"K\", \"K\"]\n");
  std::string rules = write("r.toml", "game = \"threebetween\"\ndeck = \"" + deck + "\"\n");
  std::string m = rule_error([&] { load_three_rules(rules); });
  EXPECT_TRUE(contains(m, rules + ": key 'deck': " + deck + ":4: key 'cards': \"K\" is listed twice")) << m;
  // A deck too small for the table is refused too.
  std::string small = write("s.toml", std::string(kHeader) + "[[cards]]\ncards = [\"K\", \"L\"]\ncopies = 2\n");
  std::string rules2 = write("r2.toml", "game = \"threebetween\"\ndeck = \"" + small + "\"\nmax_players = 2\n");
  std::string n = rule_error([&] { load_three_rules(rules2); });
  EXPECT_TRUE(contains(n, "has 4 cards")) << n;
  EXPECT_TRUE(contains(n, "need at least 13")) << n;
}

}  // namespace
