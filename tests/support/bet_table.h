#pragma once
// A table of the In-Between bet games (pot games and Red Dog) for rule tests on stacked decks:
// a game of family F with named seats, every event since the start, and the helpers that read
// events and check that a refusal changed nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"
#include "families/card_table/event.h"
#include "rules/rule_files.h"
#include "seats.h"

namespace inbetween::testing_support {

using cards::Card;
using games::Refusal;
using rules::Chips;
using rules::Override;

inline Card card(std::string_view text) {
  auto c = cards::parse_card(text);
  if (!c) throw std::invalid_argument("not a card: " + std::string(text));
  return *c;
}

using inbetween::testing::seat_names;

// A game of family F built from a preset with named seats ("ann", "bob", ...), an optional
// dealer and a stacked deck; `log` holds every event since the start.
template <class F>
struct BetTable {
  using Game = typename F::Game;
  using Action = typename F::Action;
  using Event = typename F::Event;
  std::vector<Event> log;
  Game game;

  BetTable(const std::string& preset, int players, std::optional<int> dealer, const std::vector<std::string>& stack,
           const std::vector<Override>& overrides = {}, std::uint64_t seed = 7)
      : log(), game(make(preset, players, dealer, stack, overrides, seed, log)) {}

  static Game make(const std::string& preset, int players, std::optional<int> dealer, const std::vector<std::string>& stack,
                   const std::vector<Override>& overrides, std::uint64_t seed, std::vector<Event>& events) {
    games::Setup setup;
    setup.players = seat_names(players);
    setup.seed = seed;
    setup.dealer = dealer;
    for (const auto& c : stack) setup.stacked.push_back(card(c).code);
    return Game(std::make_shared<const typename F::Rules>(F::load(rules::read_rule_file(preset, overrides))), setup, events);
  }

  // Applies an action that must be accepted; returns its events.
  std::vector<Event> act(int player, const Action& action) {
    std::vector<Event> events;
    if (auto refusal = game.apply(player, action, events))
      ADD_FAILURE() << action_name(action) << " by seat " << player << " refused: " << refusal->code << ": "
                    << refusal->message;
    log.insert(log.end(), events.begin(), events.end());
    return events;
  }

  Chips chips(int seat) const { return game.players()[static_cast<std::size_t>(seat)].chips; }
  Chips wager(int seat) const { return game.players()[static_cast<std::size_t>(seat)].wager; }
  auto legal() const { return game.legal(game.to_act()); }
};

template <class K>
int who(const games::card_table::TableEvent<K>& e) { return e.player; }

template <class K>
std::vector<games::card_table::TableEvent<K>> only(const std::vector<games::card_table::TableEvent<K>>& events, K kind) {
  std::vector<games::card_table::TableEvent<K>> out;
  for (const auto& e : events)
    if (e.kind == kind) out.push_back(e);
  return out;
}

// The first event of a kind; a failure (and an empty event) when there is none.
template <class K>
games::card_table::TableEvent<K> first(const std::vector<games::card_table::TableEvent<K>>& events, K kind) {
  for (const auto& e : events)
    if (e.kind == kind) return e;
  ADD_FAILURE() << "no " << event_name(kind) << " event";
  return {};
}

template <class K>
int count(const std::vector<games::card_table::TableEvent<K>>& events, K kind) { return static_cast<int>(only(events, kind).size()); }

template <class K>
std::vector<int> players_of(const std::vector<games::card_table::TableEvent<K>>& events, K kind) {
  std::vector<int> out;
  for (const auto& e : only(events, kind)) out.push_back(who(e));
  return out;
}

template <class K>
std::vector<Card> cards_of(const std::vector<games::card_table::TableEvent<K>>& events, K kind) {
  std::vector<Card> out;
  for (const auto& e : only(events, kind)) out.push_back(e.card);
  return out;
}

template <class K>
std::vector<Chips> amounts_of(const std::vector<games::card_table::TableEvent<K>>& events, K kind) {
  std::vector<Chips> out;
  for (const auto& e : only(events, kind)) out.push_back(e.amount);
  return out;
}

// Position of the first event of a kind (events.size() when absent).
template <class K>
std::size_t index_of(const std::vector<games::card_table::TableEvent<K>>& events, K kind, std::size_t from = 0) {
  for (std::size_t i = from; i < events.size(); ++i)
    if (events[i].kind == kind) return i;
  return events.size();
}

// Reshuffles after the first deck (the start emits shuffle number 0).
template <class K>
int reshuffles(const std::vector<games::card_table::TableEvent<K>>& events) {
  int n = 0;
  for (const auto& e : only(events, K::Shuffled)) n += e.amount > 0 ? 1 : 0;
  return n;
}

template <class G>
std::vector<Card> posts_of(const G& g) {
  return {g.posts().cards.begin(), g.posts().cards.begin() + g.posts().count};
}

// What sits in the middle: a pot game's pot, or a house game's result.
template <class G>
Chips middle(const G& g) {
  if constexpr (requires { g.pot(); }) return g.pot();
  else return g.house();
}

// Chips: stacks, wagers and the pot (or the house's result) always add up to what came in.
template <class G>
void expect_chips_conserved(const G& g) {
  Chips total = middle(g);
  for (const auto& s : g.players()) {
    total += s.chips;
    if constexpr (requires { s.wager; }) total += s.wager;  // Red Dog: chips on the table this hand
  }
  EXPECT_EQ(total, g.chips_in());
}

// Cards: undealt, discarded and on the table always make up the whole shoe.
template <class G>
void expect_cards_conserved(const G& g) {
  EXPECT_EQ(g.shoe().remaining() + g.shoe().discards() + g.table_cards().size(),
            static_cast<std::size_t>(g.rules().decks * cards::kStandardDeckSize));
}

template <class G>
void expect_same_state(const G& before, const G& after) {
  ASSERT_EQ(before.players().size(), after.players().size());
  for (std::size_t i = 0; i < before.players().size(); ++i) {
    const auto& a = before.players()[i];
    const auto& b = after.players()[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.chips, b.chips) << "seat " << i;
    EXPECT_EQ(a.bought, b.bought) << "seat " << i;
    if constexpr (requires { a.wager; }) {
      EXPECT_EQ(a.wager, b.wager) << "seat " << i;
      EXPECT_EQ(a.raised, b.raised) << "seat " << i;
    }
  }
  EXPECT_EQ(middle(before), middle(after));
  EXPECT_EQ(before.phase(), after.phase());
  EXPECT_EQ(before.to_act(), after.to_act());
  EXPECT_EQ(before.dealer(), after.dealer());
  EXPECT_EQ(before.shoe().remaining(), after.shoe().remaining());
  EXPECT_EQ(before.shoe().discards(), after.shoe().discards());
  EXPECT_EQ(before.shoe().generation(), after.shoe().generation());
  EXPECT_TRUE(std::ranges::equal(before.shoe().undealt_unordered(), after.shoe().undealt_unordered()));
  EXPECT_EQ(posts_of(before), posts_of(after));
  EXPECT_EQ(before.posts().ace, after.posts().ace);
  EXPECT_EQ(before.third_card(), after.third_card());
}

// Applies an action that must be refused: no events, and the game exactly as before.
template <class F>
Refusal refused(BetTable<F>& t, int player, const typename F::Action& action) {
  const typename F::Game before = t.game;
  std::vector<typename F::Event> events;
  auto refusal = t.game.apply(player, action, events);
  EXPECT_TRUE(events.empty()) << "a refused action emitted events";
  expect_same_state(before, t.game);
  if (!refusal) {
    ADD_FAILURE() << action_name(action) << " by seat " << player << " was accepted";
    return {};
  }
  return *refusal;
}

// A preset's name as a test name's part ("hoyle-3" -> "hoyle_3"), for INSTANTIATE_TEST_SUITE_P.
inline std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

}  // namespace inbetween::testing_support

namespace inbetween::cards {
// Readable cards in failure messages.
inline void PrintTo(const Card& c, std::ostream* os) { *os << to_string(c); }
}  // namespace inbetween::cards
