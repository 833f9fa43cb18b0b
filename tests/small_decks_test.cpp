// Small shoes (issue 10): a deck the card-table games could spin on for ever is refused when the
// rules are loaded, naming what it lacks; every small shoe that is accepted plays random games
// to the end.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/rule_files.h"
#include "sim/simulate.h"

namespace {

using namespace inbetween;
namespace fs = std::filesystem;

// A standard deck file of `ranks` in `suits`; its absolute path.
std::string deck_file(const std::vector<std::string>& ranks, const std::string& suits) {
  static int number = 0;
  fs::path dir = fs::temp_directory_path() / fmt::format("inbetween-small-decks-{}", getpid());
  fs::create_directories(dir);
  fs::path path = dir / fmt::format("deck{}.toml", ++number);
  std::ofstream out(path);
  out << "name = \"small\"\nkind = \"standard\"\nranks = [";
  for (std::size_t i = 0; i < ranks.size(); ++i) out << (i ? ", " : "") << '"' << ranks[i] << '"';
  out << "]\nsuits = [";
  for (std::size_t i = 0; i < suits.size(); ++i) out << (i ? ", " : "") << '"' << suits[i] << '"';
  out << "]\ncopies = 1\n";
  return path.string();
}

sim::SimSpec spec_for(const std::string& rules, std::vector<rules::Override> sets, int players) {
  sim::SimSpec spec;
  spec.rules = rules;
  spec.overrides = std::move(sets);
  spec.bots.assign(static_cast<std::size_t>(players), "random");
  spec.games = 40;
  spec.max_moves = 20'000;
  return spec;
}

TEST(SmallDecks, ADeckOfOneRankOrTooFewCardsIsRefusedWithTheReason) {
  auto one_rank = deck_file({"7"}, "SHDC");
  for (const char* preset : {"hoyle", "red-dog"}) {
    try {
      sim::simulate(spec_for(preset, {{"deck", one_rank}}, 2));
      ADD_FAILURE() << preset << ": a deck of one rank was accepted";
    } catch (const rules::RuleError& e) {
      EXPECT_NE(std::string(e.what()).find("has 1 rank; a card-table game needs at least two"), std::string::npos) << e.what();
    }
  }
  auto two_cards = deck_file({"7", "9"}, "S");
  try {
    sim::simulate(spec_for("hoyle", {{"deck", two_cards}, {"max_players", "2"}}, 2));
    ADD_FAILURE() << "a shoe of two cards was accepted";
  } catch (const rules::RuleError& e) {
    EXPECT_NE(std::string(e.what()).find("make 2 cards; 2 players (max_players) need at least 3"), std::string::npos) << e.what();
  }
}

// Every shoe of 2 to 4 ranks in 1 or 2 suits, with pairs paid or redealt, and Red Dog on one
// deck: either refused as above, or 40 random games end before 20,000 decisions.
TEST(SmallDecks, EveryAcceptedSmallShoeFinishesRandomGames) {
  const std::vector<std::string> all_ranks{"2", "7", "9", "A"};
  int accepted = 0, refused = 0;
  for (std::size_t n = 2; n <= all_ranks.size(); ++n)
    for (const char* suits : {"S", "SH"}) {
      auto deck = deck_file({all_ranks.begin(), all_ranks.begin() + static_cast<std::ptrdiff_t>(n)}, suits);
      std::vector<std::pair<std::string, std::vector<rules::Override>>> variants{
          {"hoyle", {{"deck", deck}, {"max_players", "2"}, {"pair_posts", "pay"}}},
          {"hoyle", {{"deck", deck}, {"max_players", "2"}, {"pair_posts", "redeal"}}},
          {"banker", {{"deck", deck}, {"max_players", "2"}}},
          {"red-dog", {{"deck", deck}, {"decks", "1"}, {"max_players", "2"}, {"reshuffle_below", "3"}}}};
      for (const auto& [preset, sets] : variants) {
        SCOPED_TRACE(fmt::format("{} with {} ranks in {}: {}", preset, n, suits, sets.back().knob));
        try {
          auto stats = sim::simulate(spec_for(preset, sets, 2));
          EXPECT_EQ(stats.stopped, 0u);
          EXPECT_EQ(stats.games, 40u);
          ++accepted;
        } catch (const rules::RuleError& e) {
          EXPECT_NE(std::string(e.what()).find("key"), std::string::npos) << e.what();
          EXPECT_NE(std::string(e.what()).find("make 2 cards"), std::string::npos) << e.what();  // only 2 ranks in 1 suit
          ++refused;
        }
      }
    }
  EXPECT_EQ(accepted, 20);
  EXPECT_EQ(refused, 4);
  fs::remove_all(fs::temp_directory_path() / fmt::format("inbetween-small-decks-{}", getpid()));
}

}  // namespace
