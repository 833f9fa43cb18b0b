// Rule files: presets load, bad files and bad --set overrides are refused with the file (or
// the --set text), the line, the key and the allowed values.
#include <gtest/gtest.h>

#include "support/rule_errors.h"

#include "support/temp_folder.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "games/registry.h"
#include "families/house/rules.h"
#include "rules/knob_reader.h"
#include "rules/pot_rules.h"
#include "rules/rule_files.h"

namespace {

using inbetween::testing_support::contains;
using inbetween::testing_support::rule_error;

namespace fs = std::filesystem;
using namespace inbetween::rules;
namespace games = inbetween::games;

const std::vector<std::string> kPotPresets = {"acey-deucey", "banker", "between-the-sheets", "hoyle", "hoyle-3"};

// Each test writes its files into a fresh folder of its own.
class RuleFile : public inbetween::testing_support::TempFolderTest {
 protected:
  // Loads `text` as a rule file and returns the refusal.
  std::string refusal(const std::string& text) {
    std::string path = write("bad.toml", text);
    return rule_error([&] { load_pot_rules(path); });
  }
  // The same for a house-game file (its `game = "house"` line comes first).
  std::string house_refusal(const std::string& text) {
    std::string path = write("bad.toml", "game = \"house\"\n" + text);
    return rule_error([&] { load_house_rules(path); });
  }

};

// ---- presets ---------------------------------------------------------------------------------

TEST(Presets, PresetNamesListsTheSixPotPresetsSorted) {
  std::vector<std::string> names = preset_names();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  // Other families (Part 2) may add files; the six pot presets are always there.
  for (const auto& name : kPotPresets) EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
}

TEST(Presets, EveryPotPresetInRulesLoads) {
  int loaded = 0;
  for (const auto& name : preset_names()) {
    SCOPED_TRACE(name);
    if (games::family_of(name) != "pot") continue;
    PotRules r = load_pot_rules(name);
    EXPECT_EQ(r.name, name);
    EXPECT_FALSE(r.description.empty());
    EXPECT_TRUE(r.source.ends_with("rules/" + name + ".toml")) << r.source;
    EXPECT_LE(r.min_players, r.max_players);
    ++loaded;
  }
  EXPECT_GE(loaded, 5);
}

TEST(Presets, PresetsHoldTheKnobsRulesMdGives) {
  PotRules hoyle = load_pot_rules("hoyle");
  EXPECT_EQ(hoyle.ante, 1);
  EXPECT_EQ(hoyle.pair_posts, PairPosts::Pay);
  EXPECT_EQ(hoyle.pair_pays, 2);
  EXPECT_EQ(hoyle.consecutive_posts, ConsecutivePosts::LoseMin);
  EXPECT_FALSE(hoyle.allow_pass);
  EXPECT_EQ(hoyle.first_dealer, FirstDealer::HighCard);
  EXPECT_EQ(hoyle.when_pot_empty, EmptyPot::Reante);
  EXPECT_EQ(hoyle.deals.kind, DealCount::Kind::EachDealerOnce);
  EXPECT_EQ(load_pot_rules("hoyle-3").pair_pays, 3);

  PotRules banker = load_pot_rules("banker");
  EXPECT_EQ(banker.banker_stake, 100);
  EXPECT_TRUE(banker.rebuys);
  EXPECT_TRUE(banker.allow_pass);
  EXPECT_EQ(banker.post_hit_multiplier, 2);
  EXPECT_TRUE(banker.dealer_takes_pot);
  EXPECT_EQ(banker.first_ace, FirstAce::High);

  HouseRules red_dog = load_house_rules("red-dog");
  EXPECT_EQ(red_dog.decks, 6);
  EXPECT_EQ(red_dog.reshuffle_below, 78);
  EXPECT_EQ(red_dog.max_bet, 25);
  EXPECT_EQ(total_hands(red_dog, 3), 20);
  EXPECT_EQ(red_dog.spread_pays, (std::vector<int>{5, 4, 2, 1}));
  EXPECT_EQ(red_dog.triple_pays, 11);
  EXPECT_TRUE(red_dog.allow_raise);
  EXPECT_EQ(red_dog.pair_posts, PairPosts::ThirdCard);
  EXPECT_EQ(red_dog.consecutive_posts, ConsecutivePosts::Push);

  PotRules sheets = load_pot_rules("between-the-sheets");
  EXPECT_EQ(sheets.ante, 4);
  EXPECT_EQ(sheets.first_ace, FirstAce::Call);
  EXPECT_EQ(sheets.second_ace, SecondAce::High);
  EXPECT_EQ(sheets.pair_posts, PairPosts::Redeal);
  EXPECT_EQ(sheets.post_hit_multiplier, 2);
  EXPECT_EQ(sheets.triple_ace_multiplier, 3);
  EXPECT_EQ(sheets.first_deck_bet_cap, 1);
  EXPECT_EQ(sheets.when_pot_empty, EmptyPot::End);

  PotRules acey = load_pot_rules("acey-deucey");
  EXPECT_EQ(acey.first_ace, FirstAce::High);
  EXPECT_EQ(acey.second_ace, SecondAce::High);
  EXPECT_EQ(acey.ante, 4);
}

TEST(Presets, UnknownPresetNamesThePresets) {
  std::string msg = rule_error([] { load_pot_rules("hoyel"); });
  EXPECT_TRUE(contains(msg, "unknown rules 'hoyel'")) << msg;
  for (const auto& name : kPotPresets) EXPECT_TRUE(contains(msg, name)) << msg;
  msg = rule_error([] { load_pot_rules("no/such/file.toml"); });
  EXPECT_EQ(msg, "no/such/file.toml: no such rule file");
}

TEST_F(RuleFile, ResolvedKnobsWrittenOutLoadBackTheSame) {
  for (const auto& name : kPotPresets) {
    SCOPED_TRACE(name);
    std::string text = pot_rules_to_text(load_pot_rules(name));
    EXPECT_TRUE(text.starts_with("game = 'pot'") || text.starts_with("game = \"pot\"")) << text;
    std::string path = write(name + "-copy.toml", text);
    EXPECT_EQ(pot_rules_to_text(load_pot_rules(path)), text);
  }
}

// ---- one knob wrong ------------------------------------------------------------------------

TEST_F(RuleFile, WrongTypeNamesFileLineKeyAndAllowedValues) {
  std::string path = write("bad.toml", "# a comment\ngame = \"pot\"\ndecks = \"six\"\n");
  EXPECT_EQ(rule_error([&] { load_pot_rules(path); }),
            path + ":3: key 'decks': \"six\" is not allowed; allowed: an integer from 1 to 8");
  EXPECT_EQ(refusal("rebuys = 1\n"), dir_.string() + "/bad.toml:1: key 'rebuys': 1 is not allowed; allowed: true, false");
  EXPECT_EQ(refusal("\nname = 3\n"), dir_.string() + "/bad.toml:2: key 'name': 3 is not allowed; allowed: a quoted string");
  std::string msg = refusal("decks = 6.0\n");
  EXPECT_TRUE(contains(msg, "bad.toml:1: key 'decks':")) << msg;
  EXPECT_TRUE(contains(msg, "allowed: an integer from 1 to 8")) << msg;
  msg = refusal("first_ace = true\n");
  EXPECT_TRUE(contains(msg, "key 'first_ace': true is not allowed; allowed: high, call")) << msg;
}

TEST_F(RuleFile, OutOfRangeNamesTheRange) {
  EXPECT_EQ(refusal("game = \"pot\"\ndecks = 9\n"),
            dir_.string() + "/bad.toml:2: key 'decks': 9 is out of range; allowed: an integer from 1 to 8");
  EXPECT_EQ(refusal("post_hit_multiplier = 3\n"),
            dir_.string() + "/bad.toml:1: key 'post_hit_multiplier': 3 is out of range; allowed: an integer from 1 to 2");
  EXPECT_EQ(refusal("start_chips = 0\n"),
            dir_.string() + "/bad.toml:1: key 'start_chips': 0 is out of range; allowed: an integer from 1 to 1000000000");
}

TEST_F(RuleFile, UnknownChoiceNamesTheChoices) {
  EXPECT_EQ(refusal("game = \"pot\"\n\npair_posts = \"sometimes\"\n"),
            dir_.string() +
                "/bad.toml:3: key 'pair_posts': \"sometimes\" is not allowed; allowed: pay, redeal, play");
  EXPECT_EQ(refusal("consecutive_posts = \"lose\"\n"),
            dir_.string() + "/bad.toml:1: key 'consecutive_posts': \"lose\" is not allowed; allowed: lose-min, push, play");
  // Red Dog is a family of its own: a pot game has no house knobs.
  EXPECT_TRUE(contains(refusal("spread_pays = [5, 4, 2, 1]\n"), "spread_pays")) << refusal("spread_pays = [5, 4, 2, 1]\n");
}

TEST_F(RuleFile, UnknownKeyATypoIsRefusedWithTheKnownKnobs) {
  std::string msg = refusal("game = \"pot\"\npair_pay = 3\n");
  EXPECT_TRUE(msg.starts_with(dir_.string() + "/bad.toml:2: key 'pair_pay': unknown knob; known knobs: ")) << msg;
  EXPECT_TRUE(contains(msg, "pair_pays")) << msg;
  EXPECT_TRUE(contains(msg, "decks")) << msg;
  msg = refusal("[table]\ndecks = 2\n");
  EXPECT_TRUE(contains(msg, "key 'table': unknown knob")) << msg;
}

// The `[lobby]` table is how the page shows a preset (its order and rules in short), not a knob:
// read apart from the knobs, every key checked, and every preset has one.
TEST_F(RuleFile, TheLobbyTableIsReadApartFromTheKnobs) {
  std::string path = write("shown.toml",
                           "decks = 2\n[lobby]\norder = 3\nhow_to_play = \"Shown\"\nrules = [\"one\", \"two\"]\n");
  EXPECT_EQ(load_pot_rules(path).decks, 2);  // the knob readers never see it
  LobbyText lobby = read_rule_file(path).lobby;
  EXPECT_EQ(lobby.order, 3);
  EXPECT_EQ(lobby.how_to_play, "Shown");
  EXPECT_EQ(lobby.rules, (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(read_rule_file(write("plain.toml", "decks = 2\n")).lobby.order, 100);  // none: listed after those that say

  EXPECT_EQ(refusal("[lobby]\norder = -1\n"), dir_.string() + "/bad.toml:2: key 'lobby.order': must be a whole number from 0 to 1000");
  EXPECT_EQ(refusal("[lobby]\norder = 1.5\n"), dir_.string() + "/bad.toml:2: key 'lobby.order': must be a whole number from 0 to 1000");
  EXPECT_EQ(refusal("[lobby]\nhow_to_play = \"\"\n"), dir_.string() + "/bad.toml:2: key 'lobby.how_to_play': must be text of 1 to 80 bytes");
  EXPECT_EQ(refusal("[lobby]\nrules = [\"a\", 2]\n"), dir_.string() + "/bad.toml:2: key 'lobby.rules': each point must be text of 1 to 400 bytes");
  EXPECT_EQ(refusal("[lobby]\nrules = \"a\"\n"), dir_.string() + "/bad.toml:2: key 'lobby.rules': must be a list of at most 16 texts");
  EXPECT_EQ(refusal("[lobby]\ncolour = \"red\"\n"), dir_.string() + "/bad.toml:2: key 'lobby.colour': unknown key; allowed: order, how_to_play, rules");
  EXPECT_EQ(refusal("lobby = 1\n"), dir_.string() + "/bad.toml:1: key 'lobby': must be a table ([lobby]) with order, how_to_play, rules");
  // Rules sent as text by another program may carry one too; it is read the same way.
  EXPECT_EQ(read_rule_text("[lobby]\norder = 4\n", "sent").lobby.order, 4);
}

TEST(Presets, EveryPresetHasItsRulesInShortAndOneComesFirst) {
  int first = 0;
  for (const auto& name : preset_names()) {
    LobbyText lobby = read_rule_file(name).lobby;
    EXPECT_FALSE(lobby.how_to_play.empty()) << name;
    EXPECT_GE(lobby.rules.size(), 3u) << name;
    EXPECT_LT(lobby.order, 100) << name;
    if (lobby.order == 1) ++first;
  }
  EXPECT_EQ(first, 1);  // the lobby selects exactly one preset when it opens
}

TEST_F(RuleFile, TomlSyntaxErrorNamesFileAndLine) {
  std::string msg = refusal("game = \"pot\"\ndecks = 1\n\ndecks = = 2\n");
  EXPECT_TRUE(msg.starts_with(dir_.string() + "/bad.toml:4: ")) << msg;
  msg = refusal("name = \"unterminated\n");
  EXPECT_TRUE(msg.starts_with(dir_.string() + "/bad.toml:1: ")) << msg;
  msg = refusal("decks = 1\ndecks = 2\n");  // a key given twice
  EXPECT_TRUE(msg.starts_with(dir_.string() + "/bad.toml:2: ")) << msg;
}

TEST_F(RuleFile, ListsAndDealCountsAreChecked) {
  std::string msg = house_refusal("spread_pays = []\n");
  EXPECT_TRUE(contains(msg, "bad.toml:2: key 'spread_pays': an array is not allowed; allowed: a non-empty array of "
                            "integers from 0 to 1000"))
      << msg;
  msg = house_refusal("spread_pays = [5, \"x\"]\n");
  EXPECT_TRUE(contains(msg, "key 'spread_pays': element \"x\" is not allowed")) << msg;
  msg = house_refusal("spread_pays = [5, 1001]\n");
  EXPECT_TRUE(contains(msg, "key 'spread_pays': element 1001 is not allowed")) << msg;
  // Floats, one far past an integer's range (found by the rule_file fuzz target: toml++ cast it
  // to an integer, undefined behaviour that the ASan + UBSan build stops on).
  for (const char* value : {"2.0", "255555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555.0"}) {
    msg = house_refusal(std::string("spread_pays = [") + value + "]\n");
    EXPECT_TRUE(contains(msg, "key 'spread_pays': element ")) << msg;
    EXPECT_TRUE(contains(msg, "is not allowed; allowed: a non-empty array of integers from 0 to 1000")) << msg;
  }
  msg = refusal("deals = 0\n");
  EXPECT_TRUE(contains(msg, "key 'deals': 0 is not allowed; allowed: an integer from 1 to 1000000, "
                            "\"each-dealer-once\", \"unlimited\""))
      << msg;
  msg = refusal("deals = \"forever\"\n");
  EXPECT_TRUE(contains(msg, "key 'deals': \"forever\" is not allowed")) << msg;
}

TEST_F(RuleFile, TheGameKeyNamesTheFamilies) {
  std::string path = write("chess.toml", "game = \"chess\"\n");
  EXPECT_EQ(rule_error([&] { games::family_of(path); }),
            path + ":1: key 'game': \"chess\" is not allowed; allowed: pot, house, threebetween");
  path = write("three.toml", "game = \"threebetween\"\n");
  EXPECT_EQ(games::family_of(path), "threebetween");
  EXPECT_EQ(rule_error([&] { load_pot_rules(path); }),
            path + ":1: key 'game': \"threebetween\" is not allowed; allowed: pot");
  path = write("plain.toml", "decks = 2\n");
  EXPECT_EQ(games::family_of(path), "pot");
  EXPECT_EQ(load_pot_rules(path).decks, 2);  // the rest: the hoyle defaults
}

TEST_F(RuleFile, MinimalFileTakesTheDefaults) {
  PotRules r = load_pot_rules(write("min.toml", "game = \"pot\"\n"));
  EXPECT_EQ(r.pair_pays, 2);
  EXPECT_EQ(r.decks, 1);
  EXPECT_EQ(r.name, "custom");
  EXPECT_TRUE(r.source.ends_with("min.toml"));
}

// ---- checks across knobs ---------------------------------------------------------------------

TEST_F(RuleFile, CrossKnobChecksNameBothKnobs) {
  std::string file = dir_.string() + "/bad.toml";
  EXPECT_EQ(refusal("min_players = 5\nmax_players = 3\n"), file + ": min_players 5 exceeds max_players 3");
  EXPECT_EQ(refusal("min_bet = 5\nmax_bet = 3\n"), file + ": max_bet 3 is below min_bet 5");
  EXPECT_EQ(refusal("start_chips = 100\nbanker_stake = 100\n"), file + ": banker_stake 100 must be below start_chips 100");
  EXPECT_EQ(refusal("rebuys = true\n"), file + ": rebuys = true needs rebuy_max of at least 1");
  EXPECT_EQ(refusal("ante = 0\n"), file + ": when_pot_empty = \"reante\" needs an ante or a banker_stake of at least 1");
  EXPECT_EQ(refusal("min_players = 1\n"), file + ": a pot game needs min_players of at least 2");
  // The same knobs are fine where the other knob allows them.
  EXPECT_NO_THROW(load_pot_rules(write("ok1.toml", "ante = 0\nwhen_pot_empty = \"end\"\n")));
  EXPECT_NO_THROW(load_pot_rules(write("ok2.toml", "max_bet = 0\nmin_bet = 5\n")));
}

TEST_F(RuleFile, AnAnteOfTheWholeStackIsRefused) {
  std::string file = dir_.string() + "/bad.toml";
  EXPECT_EQ(refusal("start_chips = 20\nante = 20\n"), file + ": ante 20 must be below start_chips 20");
  std::string msg = rule_error([] { load_pot_rules("hoyle", {{"ante", "100"}}); });
  EXPECT_TRUE(msg.ends_with("rules/hoyle.toml: ante 100 must be below start_chips 20")) << msg;
  EXPECT_EQ(load_pot_rules("hoyle", {{"ante", "19"}}).ante, 19);
}

TEST_F(RuleFile, HouseGamesHaveTheirOwnKnobs) {
  std::string file = dir_.string() + "/bad.toml";
  HouseRules plain = load_house_rules(write("house.toml", "game = \"house\"\n"));
  EXPECT_EQ(plain.pair_posts, PairPosts::ThirdCard);  // the red-dog defaults
  EXPECT_EQ(plain.spread_pays, (std::vector<int>{5, 4, 2, 1}));
  EXPECT_EQ(house_refusal("pair_posts = \"pay\"\n"),
            file + ":2: key 'pair_posts': \"pay\" is not allowed; allowed: third-card, redeal, play");
  EXPECT_EQ(house_refusal("consecutive_posts = \"lose-min\"\n"),
            file + ":2: key 'consecutive_posts': \"lose-min\" is not allowed; allowed: push, play");
  EXPECT_TRUE(contains(house_refusal("first_ace = \"call\"\n"), "first_ace")) << house_refusal("first_ace = \"call\"\n");
  EXPECT_EQ(house_refusal("min_bet = 5\nmax_bet = 3\n"), file + ": max_bet 3 is below min_bet 5");
  EXPECT_EQ(house_refusal("spread_pays = [1,1,1,1,1,1,1,1,1,1,1,1]\n"),
            file + ": key 'spread_pays': 12 entries; allowed: 1 to 11 (spreads 1 to 11)");
  EXPECT_EQ(house_refusal("min_bet = 200\nmax_bet = 0\n"), file + ": min_bet 200 exceeds start_chips 100: nobody could wager");
  // Written out, the resolved knobs load back the same.
  std::string text = house_rules_to_text(load_house_rules("red-dog"));
  EXPECT_EQ(house_rules_to_text(load_house_rules(write("red-dog-copy.toml", text))), text);
}

// ---- --set overrides -----------------------------------------------------------------------

TEST(Overrides, ParseKnobEqualsValue) {
  Override o = parse_override("pair_pays=3");
  EXPECT_EQ(o.knob, "pair_pays");
  EXPECT_EQ(o.value, "3");
  o = parse_override("name=a=b");
  EXPECT_EQ(o.knob, "name");
  EXPECT_EQ(o.value, "a=b");
  EXPECT_EQ(rule_error([] { parse_override("pair_pays"); }),
            "--set pair_pays: expected knob=value, e.g. --set pair_pays=3");
  EXPECT_EQ(rule_error([] { parse_override("=3"); }), "--set =3: expected knob=value, e.g. --set pair_pays=3");
}

TEST(Overrides, OverridesChangeThePreset) {
  PotRules r = load_pot_rules("hoyle", {{"pair_pays", "3"}, {"first_ace", "call"}, {"deals", "unlimited"},
                                        {"allow_pass", "true"}, {"name", "\"mine\""}});
  EXPECT_EQ(r.pair_pays, 3);
  EXPECT_EQ(r.first_ace, FirstAce::Call);  // a bare word is a string
  EXPECT_EQ(r.deals.kind, DealCount::Kind::Unlimited);
  EXPECT_TRUE(r.allow_pass);
  EXPECT_EQ(r.name, "mine");
  // The last --set of a knob wins.
  EXPECT_EQ(load_pot_rules("hoyle", {{"decks", "2"}, {"decks", "3"}}).decks, 3);
}

TEST(Overrides, BadOverridesNameTheSetText) {
  EXPECT_EQ(rule_error([] { load_pot_rules("hoyle", {{"decks", "9"}}); }),
            "--set decks=9: key 'decks': 9 is out of range; allowed: an integer from 1 to 8");
  EXPECT_EQ(rule_error([] { load_pot_rules("hoyle", {{"pair_posts", "sometimes"}}); }),
            "--set pair_posts=sometimes: key 'pair_posts': \"sometimes\" is not allowed; allowed: pay, redeal, play");
  EXPECT_EQ(rule_error([] { load_pot_rules("hoyle", {{"allow_pass", "yes"}}); }),
            "--set allow_pass=yes: key 'allow_pass': \"yes\" is not allowed; allowed: true, false");
  std::string msg = rule_error([] { load_pot_rules("hoyle", {{"pair_pay", "3"}}); });
  EXPECT_TRUE(msg.starts_with("--set pair_pay=3: key 'pair_pay': unknown knob; known knobs: ")) << msg;
  msg = rule_error([] { load_pot_rules("hoyle", {{"a.b", "1"}}); });
  EXPECT_EQ(msg, "--set a.b=1: expected one plain knob name before '='");
  msg = rule_error([] { load_pot_rules("hoyle", {{"name", "\"open"}}); });
  EXPECT_TRUE(msg.starts_with("--set name=\"open: ")) << msg;
}

TEST(Overrides, CrossKnobChecksSeeTheOverriddenValues) {
  std::string msg = rule_error([] { load_pot_rules("hoyle", {{"min_players", "5"}, {"max_players", "3"}}); });
  EXPECT_TRUE(msg.ends_with("rules/hoyle.toml: min_players 5 exceeds max_players 3")) << msg;
  msg = rule_error([] { load_house_rules("red-dog", {{"min_bet", "30"}}); });
  EXPECT_TRUE(msg.ends_with("rules/red-dog.toml: max_bet 25 is below min_bet 30")) << msg;
  // A cross-knob problem a --set fixes is no problem.
  EXPECT_NO_THROW(load_pot_rules("between-the-sheets", {{"ante", "0"}}));
}

TEST(Overrides, PotRulesFromAParsedTableNameTheOrigin) {
  toml::table table = toml::parse("decks = 0\n");
  EXPECT_EQ(rule_error([&] { pot_rules_from_table(table, "inline"); }),
            "inline:1: key 'decks': 0 is out of range; allowed: an integer from 1 to 8");
  EXPECT_EQ(rule_error([&] { pot_rules_from_table(table, "inline", {{"decks", "--set decks=0"}}); }),
            "--set decks=0: key 'decks': 0 is out of range; allowed: an integer from 1 to 8");
}

TEST(DataDir, FollowsInbetweenData) {
  const char* env = std::getenv("INBETWEEN_DATA");
  if (env && *env) {
    EXPECT_EQ(data_dir(), fs::path(env));
  }
  EXPECT_TRUE(fs::is_regular_file(data_dir() / "rules" / "hoyle.toml")) << data_dir();
  EXPECT_EQ(resolve_rules_path("hoyle"), data_dir() / "rules" / "hoyle.toml");
}

}  // namespace
