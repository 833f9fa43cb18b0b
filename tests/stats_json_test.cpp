// SimStats as JSON (src/sim/stats_json.h), the bytes a share of a run travels as between MPI
// ranks: a round trip gives back the same statistics, field by field and to the bit.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "sim/simulate.h"
#include "sim/stats_json.h"

namespace {

namespace sim = inbetween::sim;
using nlohmann::json;

void expect_same_figures(const sim::Tally& a, const sim::Tally& b, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(a.n, b.n);
  EXPECT_TRUE(a.sum == b.sum) << sim::to_decimal(a.sum) << " vs " << sim::to_decimal(b.sum);
  EXPECT_TRUE(a.sum2 == b.sum2) << sim::to_decimal(a.sum2) << " vs " << sim::to_decimal(b.sum2);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
}

// Every field of SimStats; a field added to SimStats belongs here and in stats_json.cpp.
void expect_same_figures(const sim::SimStats& a, const sim::SimStats& b) {
  EXPECT_EQ(a.rules_name, b.rules_name);
  EXPECT_EQ(a.family, b.family);
  EXPECT_EQ(a.unit, b.unit);
  EXPECT_EQ(a.games, b.games);
  EXPECT_EQ(a.stopped, b.stopped);
  ASSERT_EQ(a.seats.size(), b.seats.size());
  for (std::size_t i = 0; i < a.seats.size(); ++i) {
    EXPECT_EQ(a.seats[i].kind, b.seats[i].kind);
    expect_same_figures(a.seats[i].score, b.seats[i].score, "seat " + std::to_string(i));
    EXPECT_EQ(a.seats[i].wins, b.seats[i].wins);
    expect_same_figures(a.seats[i].per_turn.x, b.seats[i].per_turn.x, "per turn x");
    expect_same_figures(a.seats[i].per_turn.w, b.seats[i].per_turn.w, "per turn w");
    EXPECT_TRUE(a.seats[i].per_turn.xw == b.seats[i].per_turn.xw);
    EXPECT_EQ(a.seats[i].turns, b.seats[i].turns);
    EXPECT_EQ(a.seats[i].busts, b.seats[i].busts);
    EXPECT_EQ(a.seats[i].banks, b.seats[i].banks);
    EXPECT_EQ(a.seats[i].passes, b.seats[i].passes);
  }
  EXPECT_EQ(a.moves.counts, b.moves.counts);
  expect_same_figures(a.moves.tally, b.moves.tally, "moves");
  ASSERT_EQ(a.places.size(), b.places.size());
  for (std::size_t i = 0; i < a.places.size(); ++i) {
    expect_same_figures(a.places[i].score, b.places[i].score, "place " + std::to_string(i));
    EXPECT_EQ(a.places[i].wins, b.places[i].wins);
  }
  EXPECT_EQ(a.ended_by_limit, b.ended_by_limit);
  EXPECT_EQ(a.turn_word, b.turn_word);
  EXPECT_EQ(a.round_word, b.round_word);
  EXPECT_EQ(a.card_word, b.card_word);
  for (auto [x, y] : {std::pair{&a.turns, &b.turns}, {&a.rounds, &b.rounds}, {&a.seconds, &b.seconds}}) {
    EXPECT_EQ(x->counts, y->counts);
    expect_same_figures(x->tally, y->tally, "length");
  }
  expect_same_figures(a.cards, b.cards, "cards");
  expect_same_figures(a.pot, b.pot, "pot");
  EXPECT_EQ(a.counts_banks, b.counts_banks);
  EXPECT_EQ(a.has_pot, b.has_pot);
  EXPECT_EQ(a.against_house, b.against_house);
  expect_same_figures(a.house_edge.x, b.house_edge.x, "house edge x");
  expect_same_figures(a.house_edge.w, b.house_edge.w, "house edge w");
  EXPECT_TRUE(a.house_edge.xw == b.house_edge.xw);
  expect_same_figures(a.element_of_risk.x, b.element_of_risk.x, "element of risk x");
  expect_same_figures(a.element_of_risk.w, b.element_of_risk.w, "element of risk w");
  EXPECT_TRUE(a.element_of_risk.xw == b.element_of_risk.xw);
  const auto &x = a.hand_net, &y = b.hand_net;
  EXPECT_EQ(x.groups, y.groups);
  EXPECT_TRUE(x.n == y.n && x.s1 == y.s1 && x.s2 == y.s2 && x.nn == y.nn && x.s1s1 == y.s1s1 && x.s2s2 == y.s2s2 && x.ns1 == y.ns1 &&
              x.ns2 == y.ns2 && x.s1s2 == y.s1s2);
  EXPECT_EQ(a.exact_house_edge, b.exact_house_edge);  // a double: equal to the bit
  EXPECT_EQ(a.exact_element_of_risk, b.exact_element_of_risk);
  EXPECT_EQ(a.exact_sd_per_hand, b.exact_sd_per_hand);
  EXPECT_EQ(a.partial, b.partial);
}

// To JSON text and back, as a rank sends it; the copy serialises to the same text again.
void round_trip(const sim::SimStats& stats) {
  std::string text = json(stats).dump();
  auto back = json::parse(text).get<sim::SimStats>();
  expect_same_figures(stats, back);
  EXPECT_EQ(json(back).dump(), text);
}

TEST(StatsJson, RealRunsOfEveryFamilyComeBackIdentical) {
  struct Case {
    const char* rules;
    std::vector<std::string> bots;
    std::uint64_t games;
  };
  for (const Case& c : {Case{"hoyle", {"sensible", "random", "optimal"}, 300}, Case{"red-dog", {"optimal", "random"}, 200},
                        Case{"threebetween", {"sensible", "random"}, 20}}) {
    SCOPED_TRACE(c.rules);
    sim::SimSpec spec;
    spec.rules = c.rules;
    spec.bots = c.bots;
    spec.games = c.games;
    auto stats = sim::simulate(spec);
    ASSERT_EQ(stats.games, c.games);
    ASSERT_FALSE(stats.moves.counts.empty());
    if (std::string(c.rules) == "red-dog") {
      ASSERT_TRUE(stats.exact_house_edge.has_value());
      ASSERT_GT(stats.house_edge.x.n, 0u);
      ASSERT_GT(stats.element_of_risk.w.sum, stats.house_edge.w.sum);
      ASSERT_GT(stats.hand_net.groups, 0u);
    }
    round_trip(stats);
  }
}

// The extremes: 128-bit sums past what a JSON number holds, either sign; no exact edge; a
// partial run; nothing gathered at all.
TEST(StatsJson, ExtremesComeBackIdentical) {
  constexpr __int128 kMax = static_cast<__int128>((~static_cast<unsigned __int128>(0)) >> 1);
  constexpr __int128 kMin = -kMax - 1;
  sim::SimStats s;
  s.rules_name = "made-up \"rules\" ♦";
  s.family = "pot";
  s.unit = "chips";
  s.games = std::numeric_limits<std::uint64_t>::max();
  s.stopped = 3;
  s.seats.emplace_back().kind = "optimal";
  s.seats[0].wins = 7;
  s.seats[0].per_turn.add(-9, 4);
  s.seats[0].busts = std::numeric_limits<std::uint64_t>::max();
  s.places.emplace_back().score.add(-3);
  s.turns.add(12);
  s.pot.add(std::numeric_limits<std::int64_t>::max());
  s.turn_word = "hands";
  s.seats[0].score.add(std::numeric_limits<std::int64_t>::min());
  s.seats[0].score.add(std::numeric_limits<std::int64_t>::max());
  s.seats[0].score.sum = kMin;
  s.seats[0].score.sum2 = kMax;
  s.seats.emplace_back().kind = "random";
  s.moves.add(-5);
  s.moves.add(1'000'000'000'000);
  s.moves.add(-5);
  s.against_house = true;
  s.house_edge.add(-40, 10);
  s.house_edge.xw = kMin + 1;
  s.element_of_risk.add(-40, 15);
  s.hand_net.add_group(3, -2, 6);
  s.hand_net.add_group(1, 11, 121);
  s.hand_net.s2s2 = kMax;
  s.exact_house_edge = 0.1 + 0.2;  // not a short decimal: must come back to the last bit
  s.exact_element_of_risk = 1.0 / 3;
  s.exact_sd_per_hand = 1.6;
  s.partial = true;
  round_trip(s);
  s.exact_house_edge.reset();
  round_trip(s);
  round_trip(sim::SimStats{});
  EXPECT_EQ(json(s).at("seats").at(0).at("score").at("sum"), "-170141183460469231731687303715884105728");
}

TEST(StatsJson, DecimalsOf128Bits) {
  constexpr __int128 kMax = static_cast<__int128>((~static_cast<unsigned __int128>(0)) >> 1);
  for (__int128 x : {static_cast<__int128>(0), static_cast<__int128>(-1), static_cast<__int128>(42), kMax, -kMax, -kMax - 1,
                     static_cast<__int128>(std::numeric_limits<std::int64_t>::min()) * 3})
    EXPECT_TRUE(sim::from_decimal(sim::to_decimal(x)) == x) << sim::to_decimal(x);
  EXPECT_EQ(sim::to_decimal(kMax), "170141183460469231731687303715884105727");
  for (const char* bad : {"", "-", "1x", " 1", "+1", "170141183460469231731687303715884105728",
                          "-170141183460469231731687303715884105729", "99999999999999999999999999999999999999999"})
    EXPECT_THROW(sim::from_decimal(bad), std::invalid_argument) << bad;
}

}  // namespace
