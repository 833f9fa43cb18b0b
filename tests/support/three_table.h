#pragma once
// A ThreeBeTween table for the rule tests on stacked decks (three_rules_test.cpp,
// three_scoring_test.cpp): named seats, a named dealer, a stacked deck, every event since the
// start, and a picture of everything observable to check that a refusal changed nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cards/letter_card.h"
#include "cards/shoe.h"
#include "families/three/action.h"
#include "families/three/game.h"
#include "families/three/codec.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"
#include "families/three/rules.h"
#include "seats.h"

namespace inbetween::games::three {
// Readable event kinds in failure messages.
inline void PrintTo(EventKind kind, std::ostream* os) { *os << event_name(kind); }
}  // namespace inbetween::games::three

namespace inbetween::testing_support::three {

namespace fs = std::filesystem;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace protocol = inbetween::protocol;
using namespace inbetween::games::three;
using nlohmann::json;
using rules::Override;
using GameSetup = inbetween::games::three::Setup;

constexpr int kAnn = 0, kBob = 1, kCat = 2;

// ---- helpers -------------------------------------------------------------------------------

using inbetween::testing::seat_names;

inline int pos(char letter) { return cards::letter_position(letter); }

inline std::shared_ptr<const ThreeRules> load(const std::vector<Override>& overrides = {},
                                       const std::string& name = "threebetween") {
  return std::make_shared<const ThreeRules>(rules::load_three_rules(name, overrides));
}

inline std::vector<EventKind> kinds(const std::vector<Event>& events) {
  std::vector<EventKind> out;
  for (const auto& e : events) out.push_back(e.kind);
  return out;
}

inline std::vector<Event> of_kind(const std::vector<Event>& events, EventKind kind) {
  std::vector<Event> out;
  for (const auto& e : events)
    if (e.kind == kind) out.push_back(e);
  return out;
}

inline bool has(const std::vector<Event>& events, EventKind kind) { return !of_kind(events, kind).empty(); }

// Everything observable about a game: the protocol's state, the shoe's order and discard pile,
// every seat's legal actions and the score sheet.
inline json picture(const ThreeGame& g) {
  json j = protocol::three_state_json(g.view(inbetween::games::kNobody));
  j["undealt"] = std::vector<int>(g.shoe().undealt_unordered().begin(), g.shoe().undealt_unordered().end());
  j["discard_pile"] = std::vector<int>(g.shoe().discard_pile().begin(), g.shoe().discard_pile().end());
  json legal = json::array();
  for (int p = 0; p < static_cast<int>(g.players().size()); ++p) {
    json l = json::array();
    for (const auto& a : g.legal(p)) l.push_back(protocol::three_action_json(g.deck(), a));
    legal.push_back(l);
  }
  j["legal"] = legal;
  json sheet = json::array();
  for (const auto& r : g.sheet()) {
    json line = {{"round", r.round}, {"dealer", r.dealer}, {"players", json::array()}};
    for (const auto& s : r.players)
      line["players"].push_back({{"banks", s.banks}, {"busted", s.busted}, {"score", s.score}, {"total", s.total}});
    sheet.push_back(line);
  }
  j["sheet"] = sheet;
  for (std::size_t i = 0; i < g.players().size(); ++i) {
    j["players"][i]["placed_this_turn"] = g.players()[i].placed_this_turn;
    j["players"][i]["round_score_kept"] = g.players()[i].round_score;
  }
  return j;
}

// A game with named seats ("ann", "bob", ...), a named dealer and a stacked deck; `log` holds
// every event since the start, `last` those of the last action.
struct Table {
  std::shared_ptr<const ThreeRules> rules;
  std::vector<Event> log, last;
  std::optional<ThreeGame> game;

  Table(int players, int dealer, const std::vector<std::string_view>& stack, const std::vector<Override>& overrides = {},
        std::uint64_t seed = 7)
      : Table(load(overrides), players, dealer, stack, seed) {}

  Table(std::shared_ptr<const ThreeRules> r, int players, int dealer, const std::vector<std::string_view>& stack,
        std::uint64_t seed = 7)
      : rules(std::move(r)) {
    Setup setup;
    setup.players = seat_names(players);
    setup.seed = seed;
    setup.dealer = dealer;
    for (auto text : stack) setup.stacked.push_back(c(text));
    game.emplace(rules, setup, log);
    last = log;
  }

  ThreeGame& g() { return *game; }
  const Player& pl(int seat) const { return game->players()[static_cast<std::size_t>(seat)]; }

  CardCode c(std::string_view text) const {
    auto code = rules->letter_deck.parse(text);
    if (!code) ADD_FAILURE() << "not a card of the deck: " << text;
    return code.value_or(0);
  }
  // A laid card: a letter, or a wild at `position` (0 left / in a space, 27 right).
  Lay lay(std::string_view card, char letter) const { return {c(card), pos(letter)}; }
  Lay wild(int position) const { return {c("?"), position}; }

  // Applies an action that must be accepted; returns its events.
  std::vector<Event> act(int player, const Action& action) {
    last.clear();
    auto refusal = game->apply(player, action, last);
    EXPECT_FALSE(refusal) << action_name(action) << " by seat " << player << " refused: " << refusal->code << " ("
                          << refusal->message << ")";
    log.insert(log.end(), last.begin(), last.end());
    return last;
  }
  std::vector<Event> place(int player, std::string_view card, char letter) {
    return act(player, Place{c(card), pos(letter)});
  }
  std::vector<Event> place_wild(int player) { return act(player, Place{c("?"), 0}); }

  // An action that must be refused with `code`, leaving the game exactly as it was.
  void refused(int player, const Action& action, const std::string& code) {
    json before = picture(*game);
    std::vector<Event> events;
    auto refusal = game->apply(player, action, events);
    ASSERT_TRUE(refusal) << action_name(action) << " by seat " << player << " was accepted; expected " << code;
    EXPECT_EQ(refusal->code, code) << refusal->message;
    EXPECT_FALSE(refusal->message.empty());
    EXPECT_TRUE(events.empty()) << "a refused action produced events";
    EXPECT_EQ(picture(*game), before) << "a refused " << action_name(action) << " changed the game";
  }

  // The player to act keeps, lays the first layout, or passes: moves a round along.
  void move_along() {
    int p = game->to_act();
    switch (game->phase()) {
      case Phase::Replace: act(p, Keep{}); break;
      case Phase::PlaceLimits: act(p, game->layouts(p).front()); break;
      case Phase::Turn: act(p, Pass{}); break;
      case Phase::Place: act(p, EndTurn{}); break;
      case Phase::Over: break;
    }
  }

  int points(std::string_view card) const { return rules->letter_deck.kind(c(card)).points; }
  std::vector<int> fits(int seat, std::string_view card) const { return game->fits(seat, c(card)); }
};

// bob: B..Z with K M G between (4 + 10 + 5 + 3 + 4 = 26), a ThreeBeTween to bank; ann D..W
// draws H Y C and places H; `after` comes next (bob's new limit cards after a bank, ...).
inline Table threebetween_for_bob(std::initializer_list<std::string_view> after, const std::vector<Override>& overrides = {}) {
  std::vector<std::string_view> stack = {"B", "D", "Z", "W", "K", "M", "G", "H", "Y", "C"};
  stack.insert(stack.end(), after.begin(), after.end());
  Table t(2, kAnn, stack, overrides);
  t.act(kBob, Keep{});
  t.act(kAnn, Keep{});
  t.act(kBob, Draw{});
  t.place(kBob, "K", 'K');
  t.place(kBob, "M", 'M');
  t.place(kBob, "G", 'G');
  t.act(kAnn, Draw{});
  t.place(kAnn, "H", 'H');
  return t;
}

inline bool contains(const std::vector<Action>& actions, const Action& wanted) {
  auto same = [&](const Action& a) {
    if (a.index() != wanted.index()) return false;
    if (auto* r = std::get_if<Replace>(&a)) return r->card == std::get<Replace>(wanted).card;
    if (auto* p = std::get_if<Place>(&a)) return p->card == std::get<Place>(wanted).card && p->position == std::get<Place>(wanted).position;
    if (auto* l = std::get_if<PlaceLimits>(&a)) return *l == std::get<PlaceLimits>(wanted);
    return true;
  };
  return std::any_of(actions.begin(), actions.end(), same);
}

inline std::vector<int> positions(std::initializer_list<char> letters) {
  std::vector<int> out;
  for (char l : letters) out.push_back(pos(l));
  return out;
}

inline std::vector<int> letter_range(char from, char to) {
  std::vector<int> out;
  for (char l = from; l <= to; ++l) out.push_back(pos(l));
  return out;
}

}  // namespace inbetween::testing_support::three
