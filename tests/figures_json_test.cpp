// `inbetween odds --format json` and `inbetween solve threebetween --format json`, run through the
// executable: every figure of the text is in the JSON (each text line is written again from the
// JSON's values and must appear in the text), exact fractions agree with their floats, and known
// figures (docs/odds.md, docs/solver.md) come out.
#include <cmath>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_inbetween.h"

namespace {

using nlohmann::json;
using inbetween::testing::run_inbetween;

struct Both {
  std::string text;
  json j;
};

// The command's text (the default format) and its JSON.
Both run_both(std::vector<std::string> args) {
  auto text = run_inbetween(args);
  EXPECT_EQ(text.status, 0) << text.err;
  args.insert(args.end(), {"--format", "json"});
  auto js = run_inbetween(args);
  EXPECT_EQ(js.status, 0) << js.err;
  EXPECT_TRUE(json::accept(js.out)) << js.out;
  return {text.out, json::accept(js.out) ? json::parse(js.out) : json()};
}

// "20/50" -> 20, 50; and the float beside it is their quotient.
std::pair<std::int64_t, std::int64_t> fraction(const json& exact) {
  std::string f = exact.at("fraction");
  auto slash = f.find('/');
  std::int64_t n = std::stoll(f.substr(0, slash)), d = std::stoll(f.substr(slash + 1));
  EXPECT_DOUBLE_EQ(exact.at("value").get<double>(), static_cast<double>(n) / static_cast<double>(d)) << exact;
  return {n, d};
}

#define EXPECT_LINE(text, line) EXPECT_NE((text).find(line), std::string::npos) << "missing line: " << (line) << "\nin:\n" << (text)

std::string pct(const json& exact) { return fmt::format("{:8.4f}%  ({})", 100.0 * exact.at("value").get<double>(), exact.at("fraction").get<std::string>()); }

// The pot odds text written again from the JSON: every line must be in the text.
void expect_pot_text_from_json(const Both& b) {
  const json& j = b.j;
  EXPECT_LINE(b.text, fmt::format("{}: {} of {} deck{}; {} card{} unseen; pot {}, stack {}\n", j["rules"].get<std::string>(),
                                  j["shoe"]["fresh"].get<bool>() ? "a fresh shoe" : "a shoe", j["shoe"]["decks"].get<int>(),
                                  j["shoe"]["decks"] == 1 ? "" : "s", j["shoe"]["cards_unseen"].get<int>(),
                                  j["shoe"]["cards_unseen"] == 1 ? "" : "s", j["pot_chips"].get<std::int64_t>(),
                                  j["stack_chips"].get<std::int64_t>()));
  const json& t = j["third_card"];
  for (auto [key, name] : {std::pair{"between", std::string("between")}, {"outside", "outside"},
                           {"hit_post", fmt::format("hits a post (x{})", t["hit_post"]["loss_multiplier"].get<int>())}}) {
    EXPECT_LINE(b.text, fmt::format("{:<22}{:>7}  {}\n", name, t[key]["cards"].get<int>(), pct(t[key]["chance"])));
    EXPECT_EQ(fraction(t[key]["chance"]), (std::pair<std::int64_t, std::int64_t>{t[key]["cards"], t["cards_unseen"]}));
  }
  EXPECT_EQ(t["between"]["cards"].get<int>() + t["outside"]["cards"].get<int>() + t["hit_post"]["cards"].get<int>() +
                t["triple_ace"]["cards"].get<int>(),
            t["cards_unseen"].get<int>());
  EXPECT_LINE(b.text, fmt::format("expected chips per chip bet: {:+.6f}\n", j["expected_chips_per_chip_bet"].get<double>()));
  for (const auto& c : j["choices"]) {
    if (c["choice"] == "pass") {
      EXPECT_LINE(b.text, fmt::format("{:<28}{:>16}\n", "pass", c["allowed"].get<bool>() ? "0" : "not allowed"));
    } else {
      std::string line = fmt::format("{:<28}{:>+16.4f}", fmt::format("bet {} (the {})", c["bet_chips"].get<std::int64_t>(), c["which"].get<std::string>()),
                                     c["expected_chips"].get<double>());
      if (c.contains("limit")) line += fmt::format("   (limit: {})", c["limit"].get<std::string>());
      EXPECT_LINE(b.text, line + "\n");
    }
  }
  auto bet = [](const json& c) { return c["choice"] == "pass" ? std::string("pass") : fmt::format("bet {}", c["bet_chips"].get<std::int64_t>()); };
  EXPECT_LINE(b.text, fmt::format("most expected chips: {}  ({:+.4f})\n", bet(j["most_expected_chips"]), j["most_expected_chips"]["expected_chips"].get<double>()));
  EXPECT_LINE(b.text, fmt::format("Kelly (growth of the stack): {}  (expected log growth {:+.6f} per turn)\n", bet(j["kelly"]),
                                  j["kelly"]["expected_log_growth_per_turn"].get<double>()));
}

TEST(OddsJson, TheDefaultIsTheTextAndAnUnknownFormatIsRefused) {
  auto plain = run_inbetween({"odds", "--rules", "hoyle", "5S", "JD"});
  auto text = run_inbetween({"odds", "--rules", "hoyle", "5S", "JD", "--format", "text"});
  EXPECT_EQ(plain.status, 0);
  EXPECT_EQ(plain.out, text.out);
  EXPECT_EQ(plain.out.rfind("hoyle: a fresh shoe of 1 deck; 50 cards unseen; pot 10, stack 20\n", 0), 0u) << plain.out;
  auto bad = run_inbetween({"odds", "--rules", "hoyle", "5S", "JD", "--format", "yaml"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(bad.out.empty());
  // A refusal is the same in JSON: stderr and exit 2, nothing on stdout.
  auto refused = run_inbetween({"odds", "--rules", "hoyle", "5X", "JD", "--format", "json"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_TRUE(refused.out.empty()) << refused.out;
}

TEST(OddsJson, ABetCarriesEveryFigureOfTheTextAndTheKnownOnes) {
  // docs/odds.md and README.md: hoyle 5S JD; banker with seen cards.
  Both hoyle = run_both({"odds", "--rules", "hoyle", "5S", "JD"});
  expect_pot_text_from_json(hoyle);
  EXPECT_EQ(hoyle.j["third_card"]["between"]["chance"]["fraction"], "20/50");
  EXPECT_EQ(hoyle.j["posts"]["spread"], 5);
  EXPECT_EQ(hoyle.j["choices"][0], json::parse(R"({"choice":"pass","allowed":false,"expected_chips":null})"));
  EXPECT_EQ(hoyle.j["choices"][2]["bet_chips"], 10);
  EXPECT_EQ(hoyle.j["choices"][2]["limit"], "the pot of 10");
  EXPECT_NEAR(hoyle.j["expected_chips_per_chip_bet"].get<double>(), -0.2, 1e-12);
  EXPECT_EQ(hoyle.j["kelly"]["bet_chips"], 1);

  Both banker = run_both({"odds", "3S", "QD", "--rules", "banker", "--pot", "40", "--stack", "30", "--seen", "4H,4D,9C"});
  expect_pot_text_from_json(banker);
  EXPECT_EQ(banker.j["shoe"], json::parse(R"({"decks":1,"fresh":false,"seen":["4H","4D","9C"],"cards_unseen":47})"));
  EXPECT_EQ(banker.j["third_card"]["between"]["chance"]["fraction"], "29/47");
  EXPECT_EQ(banker.j["third_card"]["hit_post"]["loss_multiplier"], 2);
  EXPECT_EQ(banker.j["most_expected_chips"]["bet_chips"], 15);
  EXPECT_EQ(banker.j["kelly"]["bet_chips"], 2);
  EXPECT_NEAR(banker.j["kelly"]["expected_log_growth_per_turn"].get<double>(), 0.003938, 5e-7);

  // Aces called, and the A-A-A row.
  Both sheets = run_both({"odds", "AS", "AH", "--ace", "low", "--rules", "between-the-sheets", "--set", "second_ace=call",
                          "--after-first-deck", "--pot", "20"});
  expect_pot_text_from_json(sheets);
  EXPECT_EQ(sheets.j["posts"]["aces"], json::parse(R"(["low","high"])"));
  EXPECT_LINE(sheets.text, " (ace first low) (ace second high): spread 12\n");
  EXPECT_EQ(sheets.j["first_deck"], false);
  EXPECT_LINE(sheets.text, fmt::format("{:<22}{:>7}  {}\n", fmt::format("ace-ace-ace (x{})", sheets.j["third_card"]["triple_ace"]["loss_multiplier"].get<int>()),
                                       sheets.j["third_card"]["triple_ace"]["cards"].get<int>(), pct(sheets.j["third_card"]["triple_ace"]["chance"])));
}

TEST(OddsJson, TheFirstAceCallAndPostsThatSettleTheTurn) {
  Both call = run_both({"odds", "AS", "--rules", "between-the-sheets", "--after-first-deck", "--pot", "20", "--stack", "30"});
  const json& c = call.j["first_ace_call"];
  EXPECT_EQ(call.j["question"], "first_ace_call");
  EXPECT_LINE(call.text, fmt::format("  call high: expected {:+.4f} chips", c["high_expected_chips"].get<double>()));
  EXPECT_LINE(call.text, fmt::format("  call low:  expected {:+.4f} chips\n", c["low_expected_chips"].get<double>()));
  EXPECT_LINE(call.text, fmt::format("best: call {}\n", c["best"].get<std::string>()));
  EXPECT_NEAR(c["high_expected_chips"].get<double>(), 1.8824, 5e-5);  // docs/odds.md
  EXPECT_NEAR(c["low_expected_chips"].get<double>(), 2.3765, 5e-5);
  EXPECT_EQ(c["best"], "low");

  Both pair = run_both({"odds", "7H", "7C", "--rules", "hoyle", "--pot", "1"});
  EXPECT_EQ(pair.j["settled"], json::parse(R"({"result":"pair_paid","player_chips":1})"));  // never more than the pot
  EXPECT_LINE(pair.text, "posts 7H 7C: a pair: pays 1 from the pot, no third card\n");
  EXPECT_FALSE(pair.j.contains("third_card"));
  Both lose = run_both({"odds", "3D", "4D", "--rules", "hoyle"});
  EXPECT_EQ(lose.j["settled"], json::parse(R"({"result":"consecutive_loss","player_chips":-1})"));
  EXPECT_LINE(lose.text, ": consecutive: the player loses 1 to the pot\n");
  Both redeal = run_both({"odds", "7H", "7C", "--rules", "between-the-sheets"});
  EXPECT_EQ(redeal.j["settled"]["result"], "redeal");
  EXPECT_EQ(redeal.j["posts"]["pair"], true);
}

TEST(OddsJson, RedDogHandsAndTheExactHouseEdge) {
  Both hand = run_both({"odds", "5S", "JD", "--rules", "red-dog"});
  const json& t = hand.j["third_card"];
  EXPECT_EQ(hand.j["family"], "house");
  EXPECT_LINE(hand.text, fmt::format("posts 5S JD: spread {}, pays {} to 1\n", hand.j["posts"]["spread"].get<int>(), hand.j["posts"]["pays_to_1"].get<int>()));
  EXPECT_LINE(hand.text, fmt::format("{:<22}{:>7}  {}\n", "between", t["between"]["cards"].get<int>(), pct(t["between"]["chance"])));
  EXPECT_LINE(hand.text, fmt::format("{:<22}{:>7}  {}\n", "not between", t["not_between"]["cards"].get<int>(), pct(t["not_between"]["chance"])));
  const json& w = hand.j["wager_of_1"];
  EXPECT_LINE(hand.text, fmt::format("a wager of 1 standing: {:+.6f}; raising: {:+.6f} per original unit\nbest: {}\n",
                                     w["standing_net_chips"].get<double>(), w["raising_net_chips"].get<double>(), w["best"].get<std::string>()));
  // 6 decks less the posts: 5 ranks between (6 to T) of 24 cards each; spread 5 pays 1 to 1.
  EXPECT_EQ(t["between"]["chance"]["fraction"], "120/310");
  EXPECT_NEAR(w["standing_net_chips"].get<double>(), (120.0 - 190.0) / 310.0, 1e-12);
  EXPECT_EQ(run_both({"odds", "7H", "7C", "--rules", "red-dog"}).j["settled"], json::parse(R"({"result":"trips_or_push","trips_pay_to_1":11})"));
  EXPECT_EQ(run_both({"odds", "6H", "7C", "--rules", "red-dog"}).j["settled"]["result"], "push");

  // The house edge for 1, 6 and 8 decks (docs/odds.md's table).
  for (auto [decks, net, edge] : {std::tuple{"1", "-4184/132600", "3.1554%"}, {"6", "-841584/30079920", "2.7978%"}, {"8", "-1966144/71472960", "2.7509%"}}) {
    Both b = run_both({"odds", "--rules", "red-dog", "--house-edge", "--decks", decks});
    const json& j = b.j;
    EXPECT_EQ(j["player_net_per_unit_wagered"]["fraction"], net);
    EXPECT_EQ(fmt::format("{:.4f}%", j["house_edge"]["percent"].get<double>()), edge);
    EXPECT_EQ(j["house_edge"]["fraction"], std::string(net).substr(1));
    EXPECT_LINE(b.text, fmt::format("player's expected net per unit wagered: {:+.6f}  ({})\n", j["player_net_per_unit_wagered"]["value"].get<double>(), net));
    EXPECT_LINE(b.text, fmt::format("house edge: {:.4f}%", j["house_edge"]["percent"].get<double>()));
    EXPECT_LINE(b.text, fmt::format("exact enumeration of all {} ordered deals", j["ordered_deals"].get<std::int64_t>()));
    EXPECT_LINE(b.text, fmt::format("{:<14}{:8.4f}%  {:>5}  {:>12.6f}", "pair", 100 * j["pair"]["chance"]["value"].get<double>(),
                                    j["pair"]["pays_to_1"].get<int>(), j["pair"]["net_per_unit_wagered"].get<double>()));
    EXPECT_LINE(b.text, fmt::format("{:<14}{:8.4f}%", "consecutive", 100 * j["consecutive"]["chance"]["value"].get<double>()));
    EXPECT_LINE(b.text, fmt::format("three of a kind: {:8.4f}%\n", 100 * j["three_of_a_kind"]["chance"]["value"].get<double>()));
    // Every ordered pair of posts is consecutive, a pair or a spread: the fractions add up to 1,
    // and their values weighted by the chances give the player's net.
    auto [cn, d] = fraction(j["consecutive"]["chance"]);
    std::int64_t sum = cn + fraction(j["pair"]["chance"]).first;
    double ev = j["pair"]["chance"]["value"].get<double>() * j["pair"]["net_per_unit_wagered"].get<double>();
    for (const auto& s : j["spreads"]) {
      auto [n, dd] = fraction(s["chance"]);
      EXPECT_EQ(dd, d);
      sum += n;
      ev += s["chance"]["value"].get<double>() * s["best_net_per_unit_wagered"].get<double>();
      EXPECT_LINE(b.text, fmt::format("{:<14}{:8.4f}%  {:>5}  {:>12.6f}  {:>7}  {:>12.6f}\n", fmt::format("spread {}", s["spread"].get<int>()),
                                      100 * s["chance"]["value"].get<double>(), s["pays_to_1"].get<int>(), s["standing_net_per_unit_wagered"].get<double>(),
                                      s["best"].get<std::string>(), s["best_net_per_unit_wagered"].get<double>()));
      EXPECT_EQ(s["best"] == "raise", s["spread"].get<int>() >= 7) << decks;
    }
    EXPECT_EQ(sum, d) << decks;
    EXPECT_NEAR(ev, j["player_net_per_unit_wagered"]["value"].get<double>(), 1e-12) << decks;
  }
}

TEST(SolveJson, EveryPairAndTheComparisonAsTheTextShowsThem) {
  Both b = run_both({"solve", "threebetween", "--rounds", "200", "--seed", "3"});
  const json& j = b.j;
  EXPECT_LINE(b.text, fmt::format("rules {}, deck {} ({} cards), {} spaces, replacement {}, two wild limits {}.\n", j["rules"].get<std::string>(),
                                  j["deck"]["name"].get<std::string>(), j["deck"]["cards"].get<int>(), j["spaces"].get<int>(),
                                  j["replacement"].get<bool>() ? "on" : "off", j["two_wild_limits"].get<std::string>()));
  EXPECT_LINE(b.text, fmt::format("Solved {} positions for every S (points at risk) 0..{} in ", j["solver"]["positions"].get<int>(),
                                  j["solver"]["points_at_risk_max"].get<int>()));
  EXPECT_LINE(b.text, fmt::format("MB; banking stops paying at S = {} (cap {}: verified", j["solver"]["bank_stops_paying_at_points"].get<int>(),
                                  j["solver"]["bank_cap_points"].get<int>()));
  EXPECT_NEAR(j["solver"]["memory_bytes"].get<double>() / 1e6, 45.2, 0.5);  // README.md
  // The text's rows, in order, written again from the JSON.
  std::string rows;
  std::int64_t denominator = 0;
  std::vector<std::int64_t> numerators;
  double value = 0, bust = 0, chance = 0;
  for (const auto& d : j["pairs_worst_to_best"]) {
    std::string pair = d["pair"][0].get<std::string>() + " " + d["pair"][1].get<std::string>();
    std::string play = d["best_play"] == "keep" ? std::string("keep") : "replace " + d["replace"].get<std::string>();
    rows += fmt::format("  {:<8} {:>7} {:>8.3f}  {:<12} {:>7.3f} {:>7}\n", pair, fmt::format("{:.2f}%", 100 * d["chance"]["value"].get<double>()),
                        d["expected_round_points"].get<double>(), play, d["keep_expected_round_points"].get<double>(),
                        fmt::format("{:.2f}%", 100 * d["bust_chance"].get<double>()));
    auto [n, dd] = fraction(d["chance"]);
    numerators.push_back(n * (74 * 74 / dd));
    value += d["chance"]["value"].get<double>() * d["expected_round_points"].get<double>();
    bust += d["chance"]["value"].get<double>() * d["bust_chance"].get<double>();
    chance += d["chance"]["value"].get<double>();
  }
  denominator = std::accumulate(numerators.begin(), numerators.end(), std::int64_t{0});
  EXPECT_EQ(denominator, 74 * 74);  // every pair of two independent draws from 74 cards, once
  EXPECT_LINE(b.text, rows);
  EXPECT_NEAR(chance, 1.0, 1e-12);
  EXPECT_NEAR(value, j["random_deal"]["expected_round_points"].get<double>(), 1e-9);
  EXPECT_NEAR(bust, j["random_deal"]["bust_chance"].get<double>(), 1e-9);
  EXPECT_LINE(b.text, fmt::format("expected round score {:.4f}, bust rate {:.2f}%", value, 100 * bust));
  EXPECT_EQ(fmt::format("{:.4f} {:.2f}%", value, 100 * bust), "13.8823 26.31%");  // README.md, docs/solver.md

  const json& c = j["comparison"];
  EXPECT_EQ(c["rounds_per_bot"], 200);
  EXPECT_EQ(c["seed"], 3);
  for (const char* bot : {"optimal", "sensible"})
    EXPECT_LINE(b.text, fmt::format("  {:<9} {:>8.3f} ± {:.3f}   bust {:.2f}% ± {:.2f}%\n", bot, c[bot]["points_per_round"].get<double>(),
                                    c[bot]["points_per_round_ci95"].get<double>(), 100 * c[bot]["bust_chance"].get<double>(),
                                    100 * c[bot]["bust_chance_ci95"].get<double>()));
  const json& g = c["optimal_minus_sensible"];
  EXPECT_LINE(b.text, fmt::format("  optimal - sensible: {:+.3f} ± {:.3f} points a round ({:+.1f}%)", g["points_per_round"].get<double>(),
                                  g["points_per_round_ci95"].get<double>(), g["percent_of_sensible"].get<double>()));
  EXPECT_NEAR(g["points_per_round"].get<double>(), c["optimal"]["points_per_round"].get<double>() - c["sensible"]["points_per_round"].get<double>(), 1e-9);

  // Without the comparison.
  auto none = run_inbetween({"solve", "threebetween", "--rounds", "0", "--format", "json", "--set", "spaces=2"});
  ASSERT_EQ(none.status, 0) << none.err;
  json n = json::parse(none.out);
  EXPECT_TRUE(n["comparison"].is_null());
  EXPECT_EQ(n["spaces"], 2);
}

}  // namespace
