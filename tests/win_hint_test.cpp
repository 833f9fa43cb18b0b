// Each seat's chance to win in every hint at three or more seats (protocol/win_hint.h, issue 52):
// chances that are chances summing to 1 over the seats at states of random games of every preset,
// a best to win among the choices, the same hint for the same table, "win": false without them;
// and the estimate from a start containing the rate at which sensible bots win from it. Heads-up
// with an exact table, the page's bars are the hint's chances.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cards/rng.h"
#include "games/any_table.h"
#include "games/win_estimate.h"
#include "protocol/local_table.h"
#include "protocol/table_session.h"
#include "protocol/win_hint.h"
#include "rules/rule_files.h"

namespace {

namespace games = inbetween::games;
namespace protocol = inbetween::protocol;
using nlohmann::json;

// Sessions of `preset` at `seats` seats, one every few moves of random and sensible bots.
std::vector<std::unique_ptr<protocol::GameSession>> states_of(const std::string& preset, int seats, std::uint64_t seed, int count) {
  json players = json::array();
  for (int i = 0; i < seats; ++i) players.push_back("p" + std::to_string(i));
  std::vector<std::unique_ptr<protocol::GameSession>> out;
  json request = {{"cmd", "new"}, {"rules", preset}, {"players", players}, {"seed", seed}};
  protocol::with_new_session(request, [&]<games::Family F>(std::unique_ptr<protocol::TableSession<F>> session) {
    inbetween::cards::Rng rng(seed);
    for (int move = 0; static_cast<int>(out.size()) < count && !session->over() && move < 3000; ++move) {
      if (rng() % 5 == 0) out.push_back(session->clone());
      json chosen;
      session->act_bot(json::object(), rng() % 2 ? "random" : "sensible", chosen);
    }
  });
  return out;
}

class HintAtEveryPreset : public ::testing::TestWithParam<const char*> {};

TEST_P(HintAtEveryPreset, EachSeatsChanceAndEachChoicesAreChancesSummingToOne) {
  int hints = 0;
  for (int seats : {3, 4}) {
    for (std::uint64_t seed : {1u}) {
      for (const auto& session : states_of(GetParam(), seats, seed + static_cast<std::uint64_t>(seats), 3)) {
        json hint = session->hint(json::object());
        ++hints;
        ASSERT_TRUE(hint.contains("win_chances")) << hint.dump();
        ASSERT_EQ(hint["win_chances"].size(), static_cast<std::size_t>(seats));
        double sum = 0;
        for (const auto& c : hint["win_chances"]) {
          EXPECT_GE(c["chance"].get<double>(), 0.0);
          EXPECT_LE(c["chance"].get<double>(), 1.0);
          EXPECT_LE(c["low"].get<double>(), c["chance"].get<double>());
          EXPECT_GE(c["high"].get<double>(), c["chance"].get<double>());
          sum += c["chance"].get<double>();
        }
        // against a house (Red Dog) each seat's win is its own: no sum to keep
        if (!session->table().against_house()) {
          EXPECT_NEAR(sum, 1.0, 1e-9) << hint.dump();
        }
        bool best_among = false;
        for (const auto& c : hint["choices"]) {
          ASSERT_TRUE(c.contains("win_chance")) << hint.dump();
          EXPECT_GE(c["win_chance"].get<double>(), 0.0);
          EXPECT_LE(c["win_chance"].get<double>(), 1.0);
          best_among = best_among || c["action"] == hint["best_to_win"];
        }
        EXPECT_TRUE(best_among) << hint.dump();
        EXPECT_EQ(hint["best_to_win_differs"].get<bool>(), hint["best_to_win"] != hint["best"]);
        EXPECT_GE(hint["win_estimate"]["playouts"].get<int>(), games::PlayoutBudget{}.min_rounds);
      }
    }
  }
  EXPECT_GE(hints, 3);
}

INSTANTIATE_TEST_SUITE_P(Presets, HintAtEveryPreset,
                         ::testing::Values("hoyle", "hoyle-3", "red-dog", "banker", "between-the-sheets", "acey-deucey", "threebetween"));

TEST(WinHint, TheSameTableGivesTheSameHintAndWinFalseLeavesTheChancesOut) {
  auto states = states_of("hoyle", 3, 4, 1);
  ASSERT_EQ(states.size(), 1u);
  json a = states[0]->hint(json::object());
  json b = states[0]->clone()->hint(json::object());
  EXPECT_EQ(a, b);
  json bare = states[0]->hint(json{{"win", false}});
  EXPECT_FALSE(bare.contains("win_chances"));
  EXPECT_FALSE(bare.contains("win_chance"));
  EXPECT_EQ(bare["best"], a["best"]);
  EXPECT_THROW(states[0]->hint(json{{"win", 1}}), protocol::ProtocolError);
}

// Heads-up where the exact table is at hand (hoyle's solves at once), the page's bars (the
// `chances` answer) say what the hint says; at three seats they are the playouts' estimate.
TEST(WinHint, HeadsUpWithAnExactTableTheBarsAreTheHintsChances) {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    for (const auto& session : states_of("hoyle", 2, seed, 6)) {
      if (session->over()) continue;
      json hint = session->hint(json::object());
      ASSERT_FALSE(hint.contains("win_estimate")) << hint.dump();  // exact
      json bars = protocol::seat_chances(session->table(), protocol::kSeatChancePlayouts);
      ASSERT_EQ(bars.size(), 2u);
      for (std::size_t s = 0; s < 2; ++s) {
        EXPECT_DOUBLE_EQ(bars[s]["chance"].get<double>(), hint["win_chances"][s]["chance"].get<double>());
        EXPECT_EQ(bars[s]["low"], bars[s]["chance"]);
        EXPECT_EQ(bars[s]["high"], bars[s]["chance"]);
      }
      ++compared;
    }
  }
  EXPECT_GE(compared, 3);
  bool estimated = false;
  for (const auto& session : states_of("hoyle", 3, 7, 2)) {
    json bars = protocol::seat_chances(session->table(), protocol::kSeatChancePlayouts);
    for (const auto& c : bars) estimated = estimated || c["low"].get<double>() < c["high"].get<double>();
  }
  EXPECT_TRUE(estimated);
}

// A game on this device answers `chances` as the server does (the page's bars): each seat's
// chance in seat order summing to 1 at the moves it names, the same for the same table; none
// before the game starts.
TEST(WinHint, TheLocalTableAnswersChancesAsTheServerDoes) {
  protocol::LocalTable local;
  ASSERT_EQ(local.handle({{"type", "create"}, {"name", "Ann"}, {"rules", "hoyle"}, {"seats", 3}})[0]["type"], "seated");
  EXPECT_EQ(local.handle({{"type", "chances"}})[0]["code"], "not_started");
  for (int i = 0; i < 2; ++i) local.handle({{"type", "bot"}, {"kind", "sensible"}});
  local.handle({{"type", "start"}, {"seed", "7"}});
  json reply = local.handle({{"type", "chances"}, {"id", 3}});
  ASSERT_EQ(reply.size(), 1u);
  json chances = reply[0];
  EXPECT_EQ(chances["type"], "chances") << chances.dump();
  EXPECT_EQ(chances["id"], 3);
  ASSERT_EQ(chances["chances"].size(), 3u);
  double sum = 0;
  for (const auto& c : chances["chances"]) sum += c["chance"].get<double>();
  EXPECT_NEAR(sum, 1.0, 1e-9);
  EXPECT_EQ(local.handle({{"type", "chances"}})[0]["chances"], chances["chances"]);
}

// The estimate at the start of three-seat games contains the rate at which sensible bots win
// them: the mean of the estimates at the starts of 600 games (each start's first posts are already
// on the table, so each estimate is of its own start) against 12,000 games played out, the two
// differing by less than their 95% intervals together allow. Fixed seeds: the same figures every
// run, whatever the clock.
TEST(WinEstimate, ContainsTheSimulatedRateOfSensibleBots) {
  const auto file = inbetween::rules::read_rule_file("hoyle");
  auto open = [&](std::uint64_t seed) {
    games::Setup setup;
    setup.players = {"ann", "bob", "cy"};
    setup.seed = seed;
    setup.dealer = 0;
    return games::open_table(file, setup);
  };
  const int starts = 600, playouts = 20, games_played = 12000;
  std::vector<double> sum(3, 0.0), squares(3, 0.0), won(3, 0.0);
  for (int g = 0; g < starts; ++g) {
    auto start = open(1 + static_cast<std::uint64_t>(g));
    auto estimate = games::estimate_win_chances(*start, start->to_act(), playouts, 77 + static_cast<std::uint64_t>(g));
    double total = 0;
    for (std::size_t s = 0; s < 3; ++s) {
      sum[s] += estimate.seats[s].chance;
      squares[s] += estimate.seats[s].chance * estimate.seats[s].chance;
      total += estimate.seats[s].chance;
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
  }
  for (int g = 0; g < games_played; ++g) {
    auto table = open(100000 + static_cast<std::uint64_t>(g));
    while (!table->over()) ASSERT_FALSE(table->apply(table->bot_move("sensible")).has_value());
    auto winners = table->winners();
    for (auto w : winners) won[static_cast<std::size_t>(w)] += 1.0 / static_cast<double>(winners.size());
  }
  for (std::size_t s = 0; s < 3; ++s) {
    double mean = sum[s] / starts;
    double se_est = std::sqrt((squares[s] / starts - mean * mean) / (starts - 1));
    double rate = won[s] / games_played;
    double se_sim = std::sqrt(rate * (1 - rate) / games_played);
    double allowed = 1.96 * std::sqrt(se_sim * se_sim + se_est * se_est);
    EXPECT_NEAR(mean, rate, allowed) << "seat " << s << ": simulated " << rate << ", estimated " << mean;
    EXPECT_LT(allowed, 0.02);
  }
}

}  // namespace
