// `inbetween odds`: exact chances of the third card, the value of every choice, the best bet;
// and for house games (Red Dog) the whole table by enumeration with --house-edge.
#include <cmath>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/figures_json.h"
#include "games/registry.h"
#include "cli/play_setup.h"
#include "families/pot/betting.h"
#include "families/card_table/codec.h"
#include "families/house/rules.h"
#include "rules/rule_files.h"
#include "families/pot/odds.h"
#include "families/house/edge.h"

namespace inbetween::cli {
namespace {

using strategy::RankCounts;

[[noreturn]] void refuse(const std::string& message) { throw protocol::ProtocolError("bad_odds", message); }

cards::Card card_arg(const std::string& text, const char* what) {
  auto card = cards::parse_card(text);
  if (!card) refuse(fmt::format("{} '{}' is not a card; write rank 2-9 T J Q K A (or 10) and suit S H D C, e.g. TD", what, text));
  return *card;
}

using strategy::UnseenCards;

// Takes a card the player has seen out of the unseen cards, refusing more than the shoe holds.
void take_seen(UnseenCards& unseen, const UnseenCards& shoe, cards::Card card, const std::string& where, int decks) {
  if (unseen.take(card)) return;
  refuse(fmt::format("{}: {} appears more often than the shoe holds ({} of that card in {} deck{})", where,
                     cards::to_string(card), shoe.copies[card.code], decks, decks == 1 ? "" : "s"));
}

std::string pct(double p) { return fmt::format("{:8.4f}%", 100.0 * p); }

void print_odds_table(const strategy::ThirdCardOdds& o, const rules::PotRules& r, std::ostream& out) {
  fmt::print(out, "{:<22}{:>7}  {:>9}\n", "third card", "cards", "chance");
  auto row = [&](const std::string& name, int ways) {
    fmt::print(out, "{:<22}{:>7}  {}  ({}/{})\n", name, ways, pct(o.p(ways)), ways, o.total);
  };
  row("between", o.between);
  row("outside", o.outside);
  row(fmt::format("hits a post (x{})", r.post_hit_multiplier), o.hit_post);
  if (r.triple_ace_multiplier > 1 || o.triple_ace > 0) row(fmt::format("ace-ace-ace (x{})", r.triple_ace_multiplier), o.triple_ace);
}

// The same rows for --format json: each outcome's cards, and its chance as the exact fraction of
// the cards unseen and as a float.
ordered_json outcome_json(int ways, int total) { return {{"cards", ways}, {"chance", exact(ways, total)}}; }

ordered_json odds_table_json(const strategy::ThirdCardOdds& o, const rules::PotRules& r) {
  ordered_json j = {{"cards_unseen", o.total},
                    {"between", outcome_json(o.between, o.total)},
                    {"outside", outcome_json(o.outside, o.total)},
                    {"hit_post", outcome_json(o.hit_post, o.total)},
                    {"triple_ace", outcome_json(o.triple_ace, o.total)}};
  j["hit_post"]["loss_multiplier"] = r.post_hit_multiplier;
  j["triple_ace"]["loss_multiplier"] = r.triple_ace_multiplier;
  return j;
}

// The shoe a question is asked of, for --format json.
ordered_json shoe_json(const OddsOptions& o, int decks, int unseen) {
  ordered_json seen = ordered_json::array();
  for (const auto& text : split_list(o.seen)) seen.push_back(cards::to_string(*cards::parse_card(text)));
  return {{"decks", decks}, {"fresh", o.seen.empty()}, {"seen", seen}, {"cards_unseen", unseen}};
}

void write_json(const ordered_json& j, std::ostream& out) { out << j.dump(2) << '\n'; }

// A count the analysis keeps only as a chance (count / total); total is at most 416 x 415, so
// the count comes back exactly.
std::int64_t count_of(double chance, std::int64_t total) { return std::llround(chance * static_cast<double>(total)); }

// The return table's rows for --format json: each count of deals as an exact fraction of all of them.
ordered_json return_table_json(const strategy::RedDogAnalysis& a) {
  ordered_json rows = ordered_json::array();
  for (const auto& line : a.returns)
    rows.push_back({{"hand_ends", line.key()},
                    {"spread", line.end == strategy::HandEnd::Win ? ordered_json(line.spread) : ordered_json(nullptr)},
                    {"raised", line.raised},
                    {"net_per_unit_wagered", line.net},
                    {"deals", line.ways},
                    {"chance", exact(line.ways, a.denominator)},
                    {"contribution_per_unit_wagered", exact(line.ways * line.net, a.denominator)}});
  return rows;
}

ordered_json house_edge_json(const rules::HouseRules& r, const strategy::RedDogAnalysis& a) {
  std::int64_t post_pairs = static_cast<std::int64_t>(a.cards) * (a.cards - 1);  // ordered deals of two posts
  ordered_json spreads = ordered_json::array();
  for (const auto& line : a.spreads) {
    if (line.deals == 0) continue;
    spreads.push_back({{"spread", line.spread},
                       {"chance", exact(line.deals, post_pairs)},
                       {"pays_to_1", line.pays},
                       {"standing_net_per_unit_wagered", line.ev_stand},
                       {"best", line.raise ? "raise" : "stand"},
                       {"best_net_per_unit_wagered", line.ev_best}});
  }
  return {{"command", "odds"},
          {"question", "house_edge"},
          {"rules", r.name},
          {"family", "house"},
          {"decks", r.decks},
          {"cards", a.cards},
          {"spread_pays_to_1", r.spread_pays},
          {"trips_pay_to_1", r.triple_pays},
          {"ordered_deals", a.denominator},
          {"consecutive", {{"chance", exact(count_of(a.p_consecutive, post_pairs), post_pairs)}, {"result", "push"},
                           {"net_per_unit_wagered", 0}}},
          {"pair", {{"chance", exact(count_of(a.p_pair, post_pairs), post_pairs)}, {"pays_to_1", r.triple_pays},
                    {"net_per_unit_wagered", a.ev_pair}}},
          {"spreads", spreads},
          {"three_of_a_kind", {{"chance", exact(count_of(a.p_trips, a.denominator), a.denominator)}}},
          {"player_net_per_unit_wagered", exact(a.player_numerator, a.denominator)},
          {"house_edge", {{"fraction", fmt::format("{}/{}", -a.player_numerator, a.denominator)},
                          {"value", a.house_edge()},
                          {"percent", 100.0 * a.house_edge()}}},
          {"raised", {{"chance", exact(a.raise_ways, a.denominator)}}},
          {"units_bet_per_hand", exact(a.bet_numerator(), a.denominator)},
          {"element_of_risk", {{"fraction", fmt::format("{}/{}", -a.player_numerator, a.bet_numerator())},
                               {"value", a.element_of_risk()},
                               {"percent", 100.0 * a.element_of_risk()}}},
          {"net_squared_per_hand", exact(a.square_numerator, a.denominator)},
          {"variance_per_hand", a.variance()},
          {"standard_deviation_per_hand_units", a.standard_deviation()},
          {"return_table", return_table_json(a)}};
}

// The return table as the text prints it: each way a hand ends with its net, chance and share of
// the player's net; the last row the totals.
void print_return_table(const strategy::RedDogAnalysis& a, std::ostream& out) {
  fmt::print(out, "\nreturn table (net per original wager of 1, raising where it is right)\n");
  fmt::print(out, "{:<24}{:>5}  {:>10}  {:>9}  {:>13}\n", "hand ends", "net", "deals", "chance", "contribution");
  for (const auto& line : a.returns)
    fmt::print(out, "{:<24}{:>5}  {:>10}  {}  {:>+13.6f}\n", line.name(), line.net ? fmt::format("{:+}", line.net) : "0", line.ways,
               pct(static_cast<double>(line.ways) / static_cast<double>(a.denominator)),
               static_cast<double>(line.ways * line.net) / static_cast<double>(a.denominator));
  fmt::print(out, "{:<24}{:>5}  {:>10}  {}  {:>+13.6f}\n", "total", "", a.denominator, pct(1.0), a.player_ev());
}

int house_edge(const rules::HouseRules& r, const OddsOptions& o, std::ostream& out) {
  auto a = strategy::analyse_house_game(r, strategy::fresh_counts(r.deck_cards, r.decks));
  if (o.format == "json") {
    write_json(house_edge_json(r, a), out);
    return 0;
  }
  fmt::print(out, "{}: {} deck{} ({} cards), pays {} (spread 1, 2, ...; the last for wider), trips {} to 1\n", r.name, r.decks,
             r.decks == 1 ? "" : "s", a.cards, fmt::join(r.spread_pays, "/"), r.triple_pays);
  fmt::print(out, "exact enumeration of all {} ordered deals of two posts and a third card\n\n", a.denominator);
  fmt::print(out, "{:<14}{:>10}  {:>5}  {:>12}  {:>7}  {:>12}\n", "posts", "chance", "pays", "EV standing", "raise?", "EV, best");
  fmt::print(out, "{:<14}{}  {:>5}  {:>12}  {:>7}  {:>12}\n", "consecutive", pct(a.p_consecutive), "-", "push 0", "-", "0");
  fmt::print(out, "{:<14}{}  {:>5}  {:>12.6f}  {:>7}  {:>12.6f}\n", "pair", pct(a.p_pair), fmt::format("{}", r.triple_pays),
             a.ev_pair, "-", a.ev_pair);
  for (const auto& line : a.spreads) {
    if (line.deals == 0) continue;
    fmt::print(out, "{:<14}{}  {:>5}  {:>12.6f}  {:>7}  {:>12.6f}\n", fmt::format("spread {}", line.spread), pct(line.probability),
               line.pays, line.ev_stand, line.raise ? "raise" : "stand", line.ev_best);
  }
  fmt::print(out, "\nthree of a kind: {}\n", pct(a.p_trips));
  fmt::print(out, "player's expected net per unit wagered: {:+.6f}  ({}/{})\n", a.player_ev(), a.player_numerator, a.denominator);
  fmt::print(out, "house edge: {:.4f}%  (exact fraction above; printed to 4 decimals)\n", 100.0 * a.house_edge());
  fmt::print(out, "raised: {:.4f}%  ({}/{}); units bet per hand {:.6f}\n", 100.0 * static_cast<double>(a.raise_ways) / static_cast<double>(a.denominator),
             a.raise_ways, a.denominator, static_cast<double>(a.bet_numerator()) / static_cast<double>(a.denominator));
  fmt::print(out, "element of risk: {:.4f}%  ({}/{}: the house's take per unit of all money bet, raises included)\n",
             100.0 * a.element_of_risk(), -a.player_numerator, a.bet_numerator());
  fmt::print(out, "standard deviation per hand: {:.6f}  (per original wager of 1; variance {:.6f})\n", a.standard_deviation(), a.variance());
  print_return_table(a, out);
  return 0;
}

// The cards unseen (a fresh shoe of the rules' decks less --seen and the posts) and the posts;
// a card the shoe cannot hold that often is refused, naming it.
template <class Rules>
std::pair<UnseenCards, games::pot::Posts> unseen_and_posts(const OddsOptions& o, const Rules& r) {
  UnseenCards shoe = UnseenCards::fresh(r.deck_cards, r.decks);
  UnseenCards unseen = shoe;
  for (const auto& text : split_list(o.seen)) take_seen(unseen, shoe, card_arg(text, "--seen card"), "--seen " + text, r.decks);
  games::pot::Posts posts;
  for (const auto& text : o.posts) {
    cards::Card c = card_arg(text, "post");
    take_seen(unseen, shoe, c, "post " + text, r.decks);
    posts.cards[static_cast<std::size_t>(posts.count++)] = c;
  }
  // Chances out of no cards at all would print as 0/0.
  if (unseen.ranks.total == 0)
    refuse("--seen and the posts leave no card in the shoe: there is no third card to come (the dealer reshuffles first); "
           "give fewer --seen cards");
  return {unseen, posts};
}

// Red Dog: the whole table (--house-edge), or the value of standing and raising on two posts.
int house_odds(const OddsOptions& o, const rules::HouseRules& r, std::ostream& out) {
  if (o.house_edge) {
    if (!o.posts.empty() || !o.seen.empty()) refuse("--house-edge takes no posts and no --seen: it is computed for a fresh shoe");
    return house_edge(r, o, out);
  }
  if (o.posts.size() != 2) refuse("give two posts, e.g. `inbetween odds --rules red-dog 5S JD`, or --house-edge for the whole table");
  if (!o.aces.empty()) refuse("--ace: in a house game aces are always high");
  if (o.fresh && !o.seen.empty()) refuse("--fresh and --seen contradict each other: give one");
  auto [unseen, posts] = unseen_and_posts(o, r);
  // The text, or the same figures as one JSON object (--format json).
  bool json = o.format == "json";
  ordered_json j = {{"command", "odds"}, {"question", "two_posts"}, {"rules", r.name}, {"family", "house"},
                    {"shoe", shoe_json(o, r.decks, unseen.ranks.total)}};
  j["posts"] = {{"cards", {cards::to_string(posts.cards[0]), cards::to_string(posts.cards[1])}},
                {"pair", posts.pair(false)},
                {"consecutive", posts.consecutive()}};
  auto done = [&] {
    if (json) write_json(j, out);
    return 0;
  };
  if (!json) {
    fmt::print(out, "{}: {} of {} deck{}; {} card{} unseen\n", r.name, o.seen.empty() ? "a fresh shoe" : "a shoe", r.decks,
               r.decks == 1 ? "" : "s", unseen.ranks.total, unseen.ranks.total == 1 ? "" : "s");
    fmt::print(out, "posts {} {}", cards::to_string(posts.cards[0]), cards::to_string(posts.cards[1]));
  }
  auto answer = strategy::ask_two_posts(r, posts, unseen.ranks);
  using Settled = strategy::HousePostsAnswer::Settled;
  if (posts.pair(false)) {
    if (!json)
      fmt::print(out, ": a pair: {}\n", r.pair_posts == rules::PairPosts::ThirdCard ? fmt::format("a third card; trips pay {} to 1, else a push", r.triple_pays)
                                         : r.pair_posts == rules::PairPosts::Redeal ? std::string("two new posts are dealt")
                                                                                    : std::string("play on, nothing is between"));
    if (answer.settled == Settled::PairThirdCard) {
      j["settled"] = {{"result", "trips_or_push"}, {"trips_pay_to_1", r.triple_pays}};
      return done();
    }
    if (answer.settled == Settled::Redeal) {
      j["settled"] = {{"result", "redeal"}};
      return done();
    }
  } else if (answer.settled == Settled::Push) {
    if (!json) fmt::print(out, ": consecutive: push\n");
    j["settled"] = {{"result", "push"}};
    return done();
  } else {
    if (!json) fmt::print(out, ": spread {}, pays {} to 1\n", posts.spread(), rules::spread_pays(r, posts.spread()));
    j["posts"]["spread"] = posts.spread();
    j["posts"]["pays_to_1"] = rules::spread_pays(r, posts.spread());
  }
  const auto& o3 = answer.odds;
  double ev = answer.stand_value;
  const char* best = answer.raise ? "raise" : "stand";
  if (json) {
    j["third_card"] = {{"cards_unseen", o3.total},
                       {"between", outcome_json(o3.between, o3.total)},
                       {"not_between", outcome_json(o3.total - o3.between, o3.total)}};
    j["wager_of_1"] = {{"standing_net_chips", ev}, {"raising_net_chips", answer.raise_value}, {"best", best}};
    return done();
  }
  fmt::print(out, "{:<22}{:>7}  {:>9}\n", "third card", "cards", "chance");
  fmt::print(out, "{:<22}{:>7}  {}  ({}/{})\n", "between", o3.between, pct(o3.p(o3.between)), o3.between, o3.total);
  fmt::print(out, "{:<22}{:>7}  {}  ({}/{})\n", "not between", o3.total - o3.between, pct(o3.p(o3.total - o3.between)), o3.total - o3.between, o3.total);
  fmt::print(out, "a wager of 1 standing: {:+.6f}; raising: {:+.6f} per original unit\nbest: {}\n", ev, answer.raise_value, best);
  return 0;
}

}  // namespace

int run_odds(const OddsOptions& o, std::ostream& out) {
  std::vector<rules::Override> overrides;
  for (const auto& s : o.rule_choice.sets) overrides.push_back(rules::parse_override(s));
  if (o.decks) {
    if (*o.decks < 1 || *o.decks > 8) refuse(fmt::format("--decks {}: a shoe holds 1 to 8 decks", *o.decks));
    overrides.push_back({"decks", std::to_string(*o.decks)});
  }
  std::string family = games::family_of(o.rule_choice.rules);
  if (family == games::three::ThreeFamily::key) refuse("odds are for pot and house games; for ThreeBeTween use `inbetween solve threebetween`");
  if (family == games::house::HouseFamily::key) return house_odds(o, rules::load_house_rules(o.rule_choice.rules, overrides), out);
  auto r = rules::load_pot_rules(o.rule_choice.rules, overrides);
  if (o.house_edge) refuse(fmt::format("--house-edge is for house games (game = \"house\", e.g. red-dog); {} is a pot game", r.name));
  if (o.posts.empty() || o.posts.size() > 2) refuse("give one or two posts, e.g. `inbetween odds --rules hoyle 5S JD`");
  if (o.fresh && !o.seen.empty()) refuse("--fresh and --seen contradict each other: give one");

  auto [unseen, posts] = unseen_and_posts(o, r);
  // --ace: the calls of the ace posts in order (a post that is no ace takes none); low only where
  // the rules let that post's ace be called.
  std::size_t calls = 0;
  for (int i = 0; i < posts.count && calls < o.aces.size(); ++i) {
    if (!posts.cards[static_cast<std::size_t>(i)].is_ace()) continue;
    const std::string& call = o.aces[calls++];
    bool callable = i == 0 ? r.first_ace == rules::FirstAce::Call : r.second_ace == rules::SecondAce::Call;
    if (call == "low" && !callable)
      refuse(fmt::format("--ace low: under {} an ace as the {} post counts high ({} = \"high\")", r.name, i == 0 ? "first" : "second",
                         i == 0 ? "first_ace" : "second_ace"));
    posts.ace[static_cast<std::size_t>(i)] = call == "low" ? games::pot::AceValue::Low : games::pot::AceValue::High;
  }
  if (calls < o.aces.size())
    refuse(fmt::format("--ace is given {} time{}, but the posts hold {} ace{} to call", o.aces.size(), o.aces.size() == 1 ? "" : "s",
                       calls, calls == 1 ? "" : "s"));
  bool first_deck = !o.later_deck;
  rules::Chips pot = o.pot, stack = o.stack ? *o.stack : r.start_chips;
  if (pot < 1 || stack < 1) refuse("--pot and --stack must be at least 1");
  // The text, or the same figures as one JSON object (--format json).
  bool json = o.format == "json";
  ordered_json j = {{"command", "odds"}, {"question", posts.count == 1 ? "first_ace_call" : "two_posts"}, {"rules", r.name},
                    {"family", "pot"}, {"shoe", shoe_json(o, r.decks, unseen.ranks.total)}, {"pot_chips", pot},
                    {"stack_chips", stack}, {"first_deck", first_deck}};
  auto done = [&] {
    if (json) write_json(j, out);
    return 0;
  };
  if (!json)
    fmt::print(out, "{}: {} of {} deck{}; {} card{} unseen; pot {}, stack {}\n", r.name,
               o.seen.empty() ? "a fresh shoe" : "a shoe", r.decks, r.decks == 1 ? "" : "s", unseen.ranks.total,
               unseen.ranks.total == 1 ? "" : "s", pot, stack);

  if (posts.count == 1) {
    if (!posts.cards[0].is_ace() || r.first_ace != rules::FirstAce::Call)
      refuse("with one post, odds answers the first-ace call: give an ace under rules with first_ace = \"call\", or give two posts");
    auto call = strategy::advise_first_ace(r, posts.cards[0], unseen.ranks, pot, stack, first_deck);
    if (json) {
      j["posts"] = {{"cards", {cards::to_string(posts.cards[0])}}};
      j["first_ace_call"] = {{"high_expected_chips", call.ev_high}, {"low_expected_chips", call.ev_low},
                             {"best", protocol::ace_name(call.best)}};
      return done();
    }
    fmt::print(out, "first post {}: call it before the second post is dealt\n", cards::to_string(posts.cards[0]));
    fmt::print(out, "  call high: expected {:+.4f} chips (over every second post, then the best bet)\n", call.ev_high);
    fmt::print(out, "  call low:  expected {:+.4f} chips\n", call.ev_low);
    fmt::print(out, "best: call {}\n", protocol::ace_name(call.best));
    return 0;
  }
  bool aces_can_differ = games::pot::aces_can_differ(r);
  // An ace post's call, where the rules let aces differ (null: no ace, or aces always high).
  ordered_json aces = ordered_json::array();
  if (!json) fmt::print(out, "posts {} {}", cards::to_string(posts.cards[0]), cards::to_string(posts.cards[1]));
  for (int i = 0; i < 2; ++i) {
    bool shown = posts.cards[static_cast<std::size_t>(i)].is_ace() && aces_can_differ;
    aces.push_back(shown ? ordered_json(protocol::ace_name(posts.ace[static_cast<std::size_t>(i)])) : ordered_json(nullptr));
    if (shown && !json)
      fmt::print(out, " (ace {} {})", i == 0 ? "first" : "second", protocol::ace_name(posts.ace[static_cast<std::size_t>(i)]));
  }
  j["posts"] = {{"cards", {cards::to_string(posts.cards[0]), cards::to_string(posts.cards[1])}},
                {"aces", aces},
                {"pair", posts.pair(aces_can_differ)},
                {"consecutive", posts.consecutive()}};
  auto answer = strategy::ask_two_posts(r, posts, unseen.ranks, pot, stack, first_deck);
  using Settled = strategy::PotPostsAnswer::Settled;
  if (posts.pair(aces_can_differ)) {
    if (!json) fmt::print(out, ": a pair: ");
    if (answer.settled == Settled::PairPaid) {
      if (!json) fmt::print(out, "pays {} from the pot, no third card\n", answer.player_chips);
      j["settled"] = {{"result", "pair_paid"}, {"player_chips", answer.player_chips}};
      return done();
    }
    if (answer.settled == Settled::Redeal) {
      if (!json) fmt::print(out, "two new posts are dealt\n");
      j["settled"] = {{"result", "redeal"}, {"player_chips", 0}};
      return done();
    }
    if (!json) fmt::print(out, "play on, nothing is between\n");
  } else if (answer.settled != Settled::No) {
    bool lose = answer.settled == Settled::ConsecutiveLoss;
    if (!json)
      fmt::print(out, ": consecutive: {}\n", lose ? fmt::format("the player loses {} to the pot", r.min_bet) : std::string("push"));
    j["settled"] = {{"result", lose ? "consecutive_loss" : "push"}, {"player_chips", answer.player_chips}};
    return done();
  } else {
    if (!json) fmt::print(out, ": spread {}\n", posts.spread());
    j["posts"]["spread"] = posts.spread();
  }
  const std::string& why = answer.limit;
  const auto& sit = answer.situation;
  const auto& a = answer.advice;
  auto bet_or_pass = [](rules::Chips bet) { return bet == 0 ? ordered_json("pass") : ordered_json("bet"); };
  if (json) {
    j["third_card"] = odds_table_json(a.odds, r);
    j["expected_chips_per_chip_bet"] = a.edge;
    ordered_json choices = ordered_json::array();
    choices.push_back({{"choice", "pass"}, {"allowed", sit.can_pass}, {"expected_chips", sit.can_pass ? ordered_json(0) : ordered_json(nullptr)}});
    if (sit.can_bet) {
      choices.push_back({{"choice", "bet"}, {"which", "minimum"}, {"bet_chips", sit.min_bet}, {"expected_chips", a.ev_min}});
      choices.push_back({{"choice", "bet"}, {"which", "maximum"}, {"bet_chips", sit.max_bet}, {"expected_chips", a.ev_max}, {"limit", why}});
    }
    j["choices"] = choices;
    j["most_expected_chips"] = {{"choice", bet_or_pass(a.best_bet)}, {"bet_chips", a.best_bet}, {"expected_chips", a.best_ev}};
    j["kelly"] = {{"choice", bet_or_pass(a.kelly_bet)}, {"bet_chips", a.kelly_bet}, {"expected_log_growth_per_turn", a.kelly_growth}};
    return done();
  }
  print_odds_table(a.odds, r, out);
  fmt::print(out, "expected chips per chip bet: {:+.6f}\n\n", a.edge);
  fmt::print(out, "{:<28}{:>16}\n", "choice", "expected chips");
  fmt::print(out, "{:<28}{:>16}\n", "pass", sit.can_pass ? "0" : "not allowed");
  if (sit.can_bet) {
    fmt::print(out, "{:<28}{:>+16.4f}\n", fmt::format("bet {} (the minimum)", sit.min_bet), a.ev_min);
    fmt::print(out, "{:<28}{:>+16.4f}   (limit: {})\n", fmt::format("bet {} (the maximum)", sit.max_bet), a.ev_max, why);
  }
  fmt::print(out, "\nmost expected chips: {}  ({:+.4f})\n", a.best_bet == 0 ? "pass" : fmt::format("bet {}", a.best_bet), a.best_ev);
  fmt::print(out, "Kelly (growth of the stack): {}  (expected log growth {:+.6f} per turn)\n",
             a.kelly_bet == 0 ? "pass" : fmt::format("bet {}", a.kelly_bet), a.kelly_growth);
  return 0;
}

}  // namespace inbetween::cli
