// One generic random-simulation test for every game family, after OpenSpiel's RandomSimTest:
// for EVERY rule file in rules/ (listed when the test runs: a new preset, or a preset of a new
// family in games::Families, is played without touching this file) and for knob variants the
// presets leave out, seeded games of random size (min..max players), seed, named dealer and
// stacked deck are played on a typed games::Table<F>, moved by uniformly random legal choices
// (random amounts, limits favoured; now and then a seat that is not to act, e.g. a rebuy) and by
// every bot kind of F::Bots (each seat one kind, or mixed). After every action:
//
//  1. chips are conserved: pot games: stacks + wagers + pot == chips in (rebuys included);
//     Red Dog: stacks + wagers + the house's result == chips in; nothing negative;
//     ThreeBeTween: every total is the sum of the score sheet, whose running totals agree,
//     busts score 0, one tally per finished round; cards are conserved: undealt + discards +
//     on the table (posts, third card / cards in front) == the shoe's contents, card by card;
//  2. legal equals accepted: every choice of legal_actions() of the player to act and of one
//     other seat is accepted on a copy (ranged ones at least, most and between; each with an
//     event and a sound game after it); refused: least-1 and most+1 (and 0, -1, the extremes)
//     via F::with_amount, every alternative of the Action variant not listed (as it is, with
//     amount 1 and a random amount), the family's own probes (ThreeBeTween: cards in sight at
//     random letters, layouts swapped or a letter off, cards not drawn), the acting player's
//     choices by another seat, and by seats that do not exist (-1, n, 127, INT_MIN, ...);
//     choices are well formed (least <= most, the action's amount is `least`, no duplicates);
//     seats that do not exist, and everyone after the game, have none; the player to act has
//     some; over() iff nobody is to act; winners only at the end, distinct seats in order;
//  3. a refusal changes nothing: a code and a reason, no event, the whole game unchanged (the
//     family's hidden state, plus the protocol state of a spectator's view, the shoe's undealt
//     order and discard pile, and every seat's legal choices);
//  4. replay bit for bit: the table's setup and typed moves, replayed into a fresh Table<F>,
//     give the same events and the same game; one game in three is also played through the
//     protocol (an Engine fed `act` lines, or `act` with the bot: the engine's bot makes the
//     table's choice), whose events and state match the table's, and whose `log`, fed line by
//     line to a fresh Engine at random checkpoints and at the end, gives the same state, the
//     same hidden game and the same log;
//  5. same seed, same game: bots drawing from Table::bot_rng() on two tables from one setup
//     choose the same actions and cause the same events;
//  6. the game ends: finite games (a number of deals or hands, a target) end within a generous
//     bound with one game_over event, last; unlimited ones show progress (pot games: never
//     too many turns in a row without a possible bet; Red Dog: every hand ends).
// Family invariants kept from the property tests this replaces: pot games: only the player to
// act may do more than rebuy, rebuys exactly where the rules allow, a sane bet range, a winner
// at the end; Red Dog: no rebuys, wagers within the table limits, a winner ended ahead of the
// house; ThreeBeTween: the shape of the table in each phase (limits in order, spaces within
// them, one letter each, busted players hold nothing, drawn cards only while placing), the game
// ends at a tally that reached the target, the winners hold the highest total.
//
// A failure names the game: INBETWEEN_SIM_SEED=<seed> and the test's filter play that game
// alone; INBETWEEN_SIM_GAMES=<n> plays n games per driver instead of the default.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "games/registry.h"
#include "rules/rule_files.h"
#include "support/random_sim.h"

namespace {

namespace sim = inbetween::sim;
namespace games = inbetween::games;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;

// Games per driver: uniformly random choices explore the most, bots play real games.
constexpr int kRandomGames = 40;
constexpr int kBotGames = 6;
constexpr int kVariantRandomGames = 16;
constexpr int kVariantBotGames = 2;

// The optimal ThreeBeTween bot's solved tables go to one folder for the whole run (ctest sets
// it to one in the build tree; alone, the test uses one under the temp folder), never ~/.cache.
class CacheFolder : public ::testing::Environment {
 public:
  void SetUp() override {
    if (const char* dir = std::getenv("INBETWEEN_CACHE_DIR"); dir && *dir) return;
    auto dir = std::filesystem::path(::testing::TempDir()) / "inbetween_random_sim_cache";
    std::filesystem::create_directories(dir);
    setenv("INBETWEEN_CACHE_DIR", dir.c_str(), 1);
  }
};
[[maybe_unused]] ::testing::Environment* const kCacheFolder = ::testing::AddGlobalTestEnvironment(new CacheFolder);

std::optional<std::uint64_t> env_number(const char* name) {
  const char* text = std::getenv(name);
  if (!text || !*text) return std::nullopt;
  return std::stoull(text);
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string current_test() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::string(info->test_suite_name()) + "." + info->name();
}

// Plays `games` seeded games of one driver (the seeds follow from the rule file, the knobs and
// the driver); stops at the first failure, naming the game.
template <games::Family F>
void play_games(const std::shared_ptr<const typename F::Rules>& rules_ptr, const std::string& rule_file,
                const std::vector<rules::Override>& overrides, const std::string& driver, int games) {
  sim::GameSpec spec{rule_file, overrides, driver, 0, false};
  const std::uint64_t base = fnv1a(sim::describe(spec));
  std::vector<std::uint64_t> seeds;
  if (auto only = env_number("INBETWEEN_SIM_SEED")) seeds.push_back(*only);
  else
    for (int i = 0; i < static_cast<int>(env_number("INBETWEEN_SIM_GAMES").value_or(static_cast<std::uint64_t>(games))); ++i)
      seeds.push_back(base + static_cast<std::uint64_t>(i));
  int over = 0, reshuffled = 0;
  long actions = 0, accepted = 0, refused = 0;
  for (std::uint64_t seed : seeds) {
    spec.seed = seed;
    spec.protocol = seed % 3 == 0;
    try {
      sim::GameStats s = sim::Sim<F>(spec, rules_ptr).run();
      over += s.over ? 1 : 0;
      reshuffled += s.reshuffled ? 1 : 0;
      actions += s.actions;
      accepted += s.accepted_probes;
      refused += s.refused_probes;
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what() << "\n(" << sim::describe(spec) << ")\nplay this game alone: INBETWEEN_SIM_SEED=" << seed
                    << " tests/random_sim_test --gtest_filter=" << current_test();
      return;
    }
  }
  std::cout << "[ sim ] " << rule_file;
  for (const auto& o : overrides) std::cout << " " << o.knob << "=" << o.value;
  std::cout << ", " << driver << ": " << seeds.size() << " games, " << over << " over, " << reshuffled << " reshuffled, "
            << actions << " actions, " << accepted << " accepted and " << refused << " refused probes\n";
}

// Uniformly random choices (`random_games`), then every bot kind the rules can afford and a
// table of mixed kinds (`bot_games` each).
void play(const std::string& rule_file, const std::vector<rules::Override>& overrides, int random_games, int bot_games) {
  games::with_rules(rule_file, overrides, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> r) {
    if (random_games > 0) play_games<F>(r, rule_file, overrides, "uniform", random_games);
    if (bot_games == 0) return;
    for (const auto& kind : F::Bots::kinds()) {
      if (::testing::Test::HasFailure()) return;
      if (sim::SimTraits<F>::bot_affordable(*r, kind)) play_games<F>(r, rule_file, overrides, kind, bot_games);
      else std::cout << "[ sim ] " << rule_file << ": the " << kind << " bot is left out (its table takes too long to solve)\n";
    }
    if (!::testing::Test::HasFailure()) play_games<F>(r, rule_file, overrides, "mixed", bot_games);
  });
}

std::string test_name(std::string text) {
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return text;
}

// ---- every rule file -------------------------------------------------------------------------

class EveryRuleFile : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryRuleFile, RandomLegalChoices) { play(GetParam(), {}, kRandomGames, 0); }
TEST_P(EveryRuleFile, EveryBotKind) { play(GetParam(), {}, 0, kBotGames); }

INSTANTIATE_TEST_SUITE_P(Rules, EveryRuleFile, ::testing::ValuesIn(rules::preset_names()),
                         [](const auto& param_info) { return test_name(param_info.param); });

// Every family of the registry has a rule file to be played by, and every rule file loads.
TEST(RandomSimCoverage, EveryFamilyHasARuleFile) {
  auto files = rules::preset_names();
  ASSERT_FALSE(files.empty()) << "no rule files in " << rules::data_dir() / "rules";
  std::vector<std::string> keys;
  for (const auto& f : files) keys.push_back(games::family_of(f));
  for (auto key : games::family_keys())
    EXPECT_NE(std::find(keys.begin(), keys.end(), key), keys.end())
        << "no rule file in rules/ has game = \"" << key << "\": the random simulation cannot play that family";
}

// ---- knob variants the presets leave out ---------------------------------------------------------

struct Variant {
  const char* name;
  const char* rules;
  std::vector<rules::Override> set;
};

const Variant kVariants[] = {
    // Pot games: the seed's ace-low-first banker game, aces called in either place, losses
    // capped at the stack with a fold and double post hits, more decks.
    {"BankerFirstAceCalled", "banker", {{"first_ace", "call"}}},
    {"SheetsBothAcesCalled", "between-the-sheets", {{"second_ace", "call"}}},
    {"HoyleCapLossPassHitPost", "hoyle", {{"loss_limit", "cap-loss"}, {"allow_pass", "true"}, {"post_hit_multiplier", "2"}}},
    {"HoyleThreeDecks", "hoyle", {{"decks", "3"}}},
    // Short stacks: players go broke, sit out, must pass for want of an affordable bet, and
    // games end on the last player with chips.
    {"ShortStacksHoyle", "hoyle", {{"start_chips", "3"}}},
    {"ShortStacksSheets", "between-the-sheets", {{"start_chips", "6"}}},
    {"ShortStacksBanker", "banker", {{"start_chips", "3"}, {"banker_stake", "2"}, {"rebuy_max", "3"}}},
    // Red Dog from a single deck that runs out mid-hand, short stacks, and the other pair and
    // consecutive-post rules without a raise.
    {"RedDogOneDeck", "red-dog", {{"decks", "1"}, {"reshuffle_below", "0"}}},
    {"ShortStacksRedDog", "red-dog", {{"start_chips", "4"}, {"min_bet", "2"}, {"max_bet", "3"}}},
    {"RedDogRedealPlayNoRaise", "red-dog", {{"pair_posts", "redeal"}, {"consecutive_posts", "play"}, {"allow_raise", "false"}}},
    // ThreeBeTween: other numbers of spaces and targets, wild pairs that bust, no replacement.
    {"ThreeOneSpaceTarget15", "threebetween", {{"spaces", "1"}, {"target", "15"}}},
    {"ThreeTwoSpacesTarget40", "threebetween", {{"spaces", "2"}, {"target", "40"}}},
    {"ThreeFourSpacesWildPairsBust", "threebetween", {{"spaces", "4"}, {"wild_pair_busts", "true"}}},
    {"ThreeFiveSpacesNoReplacement", "threebetween", {{"spaces", "5"}, {"replacement", "false"}, {"target", "40"}}},
    {"ThreeWildPairsBustNoReplacement", "threebetween", {{"wild_pair_busts", "true"}, {"replacement", "false"}}},
};

void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

class KnobVariant : public ::testing::TestWithParam<Variant> {};

TEST_P(KnobVariant, RandomChoicesAndBots) { play(GetParam().rules, GetParam().set, kVariantRandomGames, kVariantBotGames); }

INSTANTIATE_TEST_SUITE_P(Variants, KnobVariant, ::testing::ValuesIn(kVariants), [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
