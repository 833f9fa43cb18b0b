#include "python/analysis.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <thread>

#include <fmt/format.h>

#include "families/house/edge.h"
#include "families/house/rules.h"
#include "families/pot/betting.h"
#include "families/pot/odds.h"
#include "families/three/position.h"
#include "families/three/rules.h"
#include "families/three/solver.h"
#include "games/registry.h"
#include "protocol/json.h"
#include "python/rule_cache.h"
#include "rules/rule_files.h"
#include "sim/fit.h"
#include "sim/run_json.h"
#include "sim/simulate.h"
#include "sim/sweep.h"

namespace inbetween::python {
namespace {

using nlohmann::json;
using strategy::RankCounts;

[[noreturn]] void refuse(const std::string& message) { throw protocol::ProtocolError("bad_odds", message); }

std::vector<rules::Override> overrides_of(const Knobs& set) {
  std::vector<rules::Override> out;
  for (const auto& [knob, value] : set) out.push_back({knob, value});
  return out;
}

// "3/8" in lowest terms: the exact chance beside its float.
std::string fraction(std::int64_t n, std::int64_t d) {
  std::int64_t g = std::gcd(n, d);
  if (g == 0) g = 1;
  return fmt::format("{}/{}", n / g, d / g);
}

json chance_row(const std::string& outcome, int cards, int of) {
  return {{"outcome", outcome}, {"cards", cards}, {"of", of}, {"fraction", fraction(cards, of)}, {"p", of > 0 ? double(cards) / of : 0.0}};
}

cards::Card card_arg(const std::string& text, const char* what) {
  auto card = cards::parse_card(text);
  if (!card) refuse(fmt::format("{} '{}' is not a card; write rank 2-9 T J Q K A (or 10) and suit S H D C, e.g. TD", what, text));
  return *card;
}

// The cards unseen (the rules' fresh shoe less the cards seen and the posts) and the posts; a
// card seen more often than the shoe holds it is refused, as `inbetween odds` refuses it.
template <class Rules>
std::pair<RankCounts, games::card_table::Posts> unseen_and_posts(const OddsRequest& o, const Rules& r) {
  auto unseen = strategy::UnseenCards::fresh(r.deck_cards, r.decks);
  auto take = [&](cards::Card card, const std::string& where) {
    if (!unseen.take(card)) refuse(fmt::format("{}: {} appears more often than the shoe holds", where, cards::to_string(card)));
  };
  for (const auto& text : o.seen) take(card_arg(text, "seen card"), "seen " + text);
  games::card_table::Posts posts;
  for (const auto& text : o.posts) {
    auto card = card_arg(text, "post");
    take(card, "post " + text);
    posts.cards[static_cast<std::size_t>(posts.count++)] = card;
  }
  if (unseen.ranks.total == 0) refuse("the cards seen and the posts leave no card in the shoe");
  return {unseen.ranks, posts};
}

json outcomes_json(const strategy::ThirdCardOdds& o) {
  json rows = json::array();
  rows.push_back(chance_row("between", o.between, o.total));
  rows.push_back(chance_row("outside", o.outside, o.total));
  rows.push_back(chance_row("hit_post", o.hit_post, o.total));
  if (o.triple_ace > 0) rows.push_back(chance_row("triple_ace", o.triple_ace, o.total));
  return rows;
}

json house_odds(const OddsRequest& o, const rules::HouseRules& r) {
  if (o.posts.size() != 2) refuse("give two posts, e.g. [\"5S\", \"JD\"]; house_edge() gives the whole table");
  auto [unseen, posts] = unseen_and_posts(o, r);
  json j = {{"rules", r.name}, {"game", "house"}, {"cards_unseen", unseen.total}, {"posts", o.posts}};
  auto answer = strategy::ask_two_posts(r, posts, unseen);
  using Settled = strategy::HousePostsAnswer::Settled;
  if (posts.pair(false)) {
    j["automatic"] = "pair";
    if (answer.settled != Settled::No) return j;
  } else if (answer.settled == Settled::Push) {
    j["automatic"] = "consecutive: push";
    return j;
  }
  j["spread"] = posts.spread();
  j["pays"] = rules::spread_pays(r, posts.spread());
  j["outcomes"] = outcomes_json(answer.odds);
  j["choices"] = json::array({{{"choice", "stand"}, {"value", answer.stand_value}}, {{"choice", "raise"}, {"value", answer.raise_value}}});
  j["best"] = answer.raise ? "raise" : "stand";
  return j;
}

json pot_odds(const OddsRequest& o, const rules::PotRules& r) {
  if (o.posts.empty() || o.posts.size() > 2) refuse("give one or two posts, e.g. [\"5S\", \"JD\"]");
  auto [unseen, posts] = unseen_and_posts(o, r);
  std::size_t calls = 0;
  for (int i = 0; i < posts.count && calls < o.aces.size(); ++i) {
    if (!posts.cards[static_cast<std::size_t>(i)].is_ace()) continue;
    const std::string& call = o.aces[calls++];
    if (call != "high" && call != "low") refuse(fmt::format("aces: '{}' is neither high nor low", call));
    bool callable = i == 0 ? r.first_ace == rules::FirstAce::Call : r.second_ace == rules::SecondAce::Call;
    if (call == "low" && !callable) refuse(fmt::format("an ace as the {} post counts high under {}", i == 0 ? "first" : "second", r.name));
    posts.ace[static_cast<std::size_t>(i)] = call == "low" ? games::pot::AceValue::Low : games::pot::AceValue::High;
  }
  if (calls < o.aces.size()) refuse("more ace calls than aces among the posts");
  bool first_deck = !o.later_deck;
  rules::Chips pot = o.pot, stack = o.stack ? *o.stack : r.start_chips;
  if (pot < 1 || stack < 1) refuse("pot and stack must be at least 1");
  json j = {{"rules", r.name}, {"game", "pot"}, {"cards_unseen", unseen.total}, {"posts", o.posts}, {"pot", pot}, {"stack", stack}};
  if (posts.count == 1) {
    if (!posts.cards[0].is_ace() || r.first_ace != rules::FirstAce::Call)
      refuse("with one post, odds answers the first-ace call: give an ace under rules with first_ace = \"call\", or two posts");
    auto call = strategy::advise_first_ace(r, posts.cards[0], unseen, pot, stack, first_deck);
    j["choices"] = json::array({{{"choice", "call high"}, {"value", call.ev_high}}, {{"choice", "call low"}, {"value", call.ev_low}}});
    j["best"] = call.best == games::pot::AceValue::High ? "call high" : "call low";
    return j;
  }
  auto answer = strategy::ask_two_posts(r, posts, unseen, pot, stack, first_deck);
  using Settled = strategy::PotPostsAnswer::Settled;
  if (posts.pair(games::pot::aces_can_differ(r))) {
    j["automatic"] = "pair";
    if (answer.settled != Settled::No) return j;
  } else if (answer.settled != Settled::No) {
    j["automatic"] = "consecutive";
    return j;
  }
  j["spread"] = posts.spread();
  const auto& sit = answer.situation;
  const auto& a = answer.advice;
  j["outcomes"] = outcomes_json(a.odds);
  j["edge"] = a.edge;
  json choices = json::array();
  if (sit.can_pass) choices.push_back({{"choice", "pass"}, {"value", 0.0}});
  if (sit.can_bet) {
    choices.push_back({{"choice", fmt::format("bet {}", sit.min_bet)}, {"value", a.ev_min}});
    if (sit.max_bet != sit.min_bet) choices.push_back({{"choice", fmt::format("bet {}", sit.max_bet)}, {"value", a.ev_max}});
  }
  j["choices"] = choices;
  j["bet_limit"] = {{"min", sit.min_bet}, {"max", sit.max_bet}, {"why", answer.limit}};
  j["best_bet"] = a.best_bet;  // 0: pass
  j["best_value"] = a.best_ev;
  j["kelly_bet"] = a.kelly_bet;
  j["kelly_growth"] = a.kelly_growth;
  return j;
}

// An unknown bot kind is refused as Table.bot_move and Env refuse it (bad_request); rules or a
// seat count that deal no table are left to the simulation to name.
void check_bot_kinds(const SimulateRequest& request, const std::vector<std::string>& bots) {
  std::unique_ptr<protocol::GameSession> table;
  try {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < bots.size(); ++i) names.push_back(fmt::format("seat{}", i));
    table = session_maker(request.rules, request.set)->make(new_request(request.rules, names, 0, request.set));
  } catch (const protocol::ProtocolError&) {
    return;
  }
  auto kinds = table->table().bot_kinds();
  for (const auto& kind : bots)
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) throw protocol::ProtocolError("bad_request", games::unknown_bot(kind, kinds));
}

}  // namespace

json simulate(const SimulateRequest& request) {
  sim::SimSpec spec;
  spec.rules = request.rules;
  spec.overrides = overrides_of(request.set);
  for (const auto& player : request.players) {
    // As the CLI's --players writes a seat: "bot" (sensible) or "bot:KIND"; a bare kind too.
    if (player == "bot") spec.bots.push_back("sensible");
    else spec.bots.push_back(player.starts_with("bot:") ? player.substr(4) : player);
  }
  check_bot_kinds(request, spec.bots);
  spec.games = request.games;
  spec.seed = request.seed;
  if (request.threads < 0) throw std::invalid_argument(fmt::format("threads={}: give at least one thread", request.threads));
  spec.threads = request.threads > 0 ? request.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  sim::RunHeading heading{request.seed, spec.time};
  if (request.sweep.empty()) return sim::run_json(sim::simulate(spec), heading);
  auto sweep = sim::parse_sweep(request.sweep);
  if (request.set.contains(sweep.knob))
    throw std::invalid_argument(fmt::format("sweep {} and set {} name the same knob; give one", request.sweep, sweep.knob));
  json rows = json::array();
  for (const auto& value : sweep.values) {
    auto row = sim::run_json(sim::simulate(sim::with_knob(spec, sweep.knob, value)), heading);
    row["knob"] = sweep.knob;
    row["value"] = value;
    rows.push_back(std::move(row));
  }
  return rows;
}

json odds(const OddsRequest& request) {
  auto overrides = overrides_of(request.set);
  std::string family = games::family_of(request.rules);
  if (family == games::three::ThreeFamily::key) refuse("odds are for pot and house games; for ThreeBeTween use solve()");
  if (family == games::house::HouseFamily::key) return house_odds(request, rules::load_house_rules(request.rules, overrides));
  return pot_odds(request, rules::load_pot_rules(request.rules, overrides));
}

json house_edge(const std::string& rules_name, const Knobs& set) {
  if (games::family_of(rules_name) != games::house::HouseFamily::key)
    refuse(fmt::format("house_edge is for house games (game = \"house\", e.g. red-dog); {} is not one", rules_name));
  auto r = rules::load_house_rules(rules_name, overrides_of(set));
  auto a = strategy::analyse_house_game(r, strategy::fresh_counts(r.deck_cards, r.decks));
  // The player's net per unit wagered is player_numerator / denominator; the edge is its negative.
  json spreads = json::array();
  for (const auto& line : a.spreads)
    spreads.push_back({{"spread", line.spread},
                       {"pays", line.pays},
                       {"deals", line.deals},
                       {"p", line.probability},
                       {"stand_value", line.ev_stand},
                       {"raise", line.raise},
                       {"best_value", line.ev_best}});
  // The return table: a row per way a hand ends, its net per original wager, chance and share of player_ev.
  double d = static_cast<double>(a.denominator);
  json returns = json::array();
  for (const auto& line : a.returns)
    returns.push_back({{"hand_ends", line.key()},
                       {"name", line.name()},
                       {"spread", line.end == strategy::HandEnd::Win ? json(line.spread) : json(nullptr)},
                       {"raised", line.raised},
                       {"net", line.net},
                       {"deals", line.ways},
                       {"p", static_cast<double>(line.ways) / d},
                       {"contribution", static_cast<double>(line.ways * line.net) / d}});
  return {{"rules", r.name},
          {"decks", r.decks},
          {"cards", a.cards},
          {"numerator", -a.player_numerator},
          {"denominator", a.denominator},
          {"fraction", fraction(-a.player_numerator, a.denominator)},
          {"house_edge", a.house_edge()},
          {"player_ev", a.player_ev()},
          {"p_consecutive", a.p_consecutive},
          {"p_pair", a.p_pair},
          {"p_trips", a.p_trips},
          {"ev_pair", a.ev_pair},
          {"spreads", spreads},
          {"p_raise", static_cast<double>(a.raise_ways) / d},
          {"element_of_risk", a.element_of_risk()},
          {"element_of_risk_fraction", fraction(-a.player_numerator, a.bet_numerator())},
          {"sd", a.standard_deviation()},
          {"returns", returns}};
}

json solve(const std::string& rules_name, const Knobs& set) {
  if (games::family_of(rules_name) != games::three::ThreeFamily::key)
    refuse(fmt::format("solve is for ThreeBeTween rules; '{}' is not", rules_name));
  auto r = rules::load_three_rules(rules_name, overrides_of(set));
  const auto& deck = r.letter_deck;
  strategy::ThreeSolver solver(r, strategy::fresh_composition(deck));
  json pairs = json::array();
  for (const auto& d : solver.deal_table())
    pairs.push_back({{"pair", deck.kind(d.a).notation + " " + deck.kind(d.b).notation},
                     {"p", d.probability},
                     {"value", d.value},
                     {"best_play", d.replace ? "replace " + deck.kind(*d.replace).notation : std::string("keep")},
                     {"keep", d.keep},
                     {"bust", d.bust}});
  return {{"rules", r.name},
          {"deck", deck.name},
          {"spaces", r.spaces},
          {"value", solver.round_value()},
          {"bust", solver.round_bust()},
          {"positions", solver.positions()},
          {"bank_threshold", solver.bank_threshold()},
          {"pairs", pairs}};
}

}  // namespace inbetween::python
