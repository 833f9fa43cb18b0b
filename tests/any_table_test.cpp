// The runtime table (games/any_table.h) on every preset in rules/: random legal games played
// through AnyTable alone, checking after every move what a shell relies on: a refused move
// changes nothing, a clone is independent, moves() restores the same game, a bot's move is one
// of the legal choices and the one its typed bot makes, the view names every seat, a learning
// agent's observation fills its size.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "games/any_table.h"
#include "protocol/session.h"
#include "protocol/table_session.h"
#include "rules/rule_files.h"

namespace {

namespace games = inbetween::games;
namespace rules = inbetween::rules;
namespace protocol = inbetween::protocol;

std::unique_ptr<games::AnyTable> open(const std::string& preset, std::vector<std::string> players, std::uint64_t seed) {
  games::Setup setup;
  setup.players = std::move(players);
  setup.seed = seed;
  return games::open_table(rules::read_rule_file(preset), setup);
}

// Everything a shell sees of a table, to compare two tables.
struct Seen {
  games::Seat to_act;
  bool over;
  std::size_t events, moves;
  std::vector<std::int64_t> standings;
  std::vector<std::string> choices;
  bool operator==(const Seen&) const = default;
};
Seen seen(const games::AnyTable& t) {
  Seen s{t.to_act(), t.over(), t.event_count(), t.move_count(), {}, {}};
  for (const auto& seat : t.view(games::kNobody).seats) s.standings.push_back(seat.standing);
  if (t.to_act() != games::kNobody)
    for (const auto& c : t.legal(t.to_act())) s.choices.push_back(c.type + "|" + c.text);
  return s;
}

// A random legal move: a choice, and an amount in its range for a ranged one.
games::AnyMove random_move(const games::AnyTable& t, std::mt19937_64& rng) {
  auto choices = t.legal(t.to_act());
  EXPECT_FALSE(choices.empty());
  std::size_t i = std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng);
  games::AnyMove m{t.to_act(), i, 0};
  if (choices[i].ranged()) {
    // Mostly small amounts, as a ranged bet can run to the whole pot.
    auto most = std::min(choices[i].most, choices[i].least + 5);
    m.amount = std::uniform_int_distribution<games::Chips>(choices[i].least, most)(rng);
  }
  return m;
}

class AnyTablePreset : public ::testing::TestWithParam<std::string> {};

TEST_P(AnyTablePreset, RandomGamesKeepEveryPromise) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto table = open(GetParam(), {"ann", "bob", "cy"}, seed);
    std::mt19937_64 rng(seed);
    ASSERT_EQ(table->names(), (std::vector<std::string>{"ann", "bob", "cy"}));
    ASSERT_EQ(table->family(), rules::read_rule_file(GetParam()).game);
    int moves = 0;
    while (!table->over() && moves < 5000) {
      Seen before = seen(*table);
      // Refusals change nothing and name a rule.
      auto choices = table->legal(table->to_act());
      auto refusal = table->apply({table->to_act(), choices.size(), 0});
      ASSERT_TRUE(refusal);
      EXPECT_EQ(refusal->code, "bad_choice");
      EXPECT_FALSE(refusal->message.empty());
      games::Seat other = (table->to_act() + 1) % 3;
      if (table->legal(other).empty()) {
        auto not_yours = table->apply({other, 0, 0});
        ASSERT_TRUE(not_yours);
        EXPECT_EQ(not_yours->code, "not_your_turn");
      }
      ASSERT_EQ(seen(*table), before);

      // A clone goes its own way.
      auto copy = table->clone();
      auto move = random_move(*table, rng);
      auto applied = table->apply(move);
      if (applied) {
        // A ranged amount the rules refuse (over a limit): refused whole.
        ASSERT_EQ(seen(*table), before) << applied->message;
        ASSERT_TRUE(choices[move.choice].ranged());
        move.amount = choices[move.choice].least;
        ASSERT_FALSE(table->apply(move)) << "the least amount of a ranged choice is refused";
      }
      EXPECT_EQ(seen(*copy), before);
      EXPECT_GT(table->event_count(), before.events);
      ++moves;
    }
    ASSERT_TRUE(table->over()) << GetParam() << " seed " << seed << ": not over after 5000 moves";
    for (auto w : table->winners()) EXPECT_TRUE(w >= 0 && w < 3);  // Red Dog: none, when every player lost to the house
    auto over = table->apply({0, 0, 0});
    ASSERT_TRUE(over);
    EXPECT_EQ(over->code, "game_over");
    EXPECT_THROW(table->bot_move("random"), std::logic_error);

    // The moves restore the game bit for bit: the same events, standings, moves.
    auto log = table->moves();
    ASSERT_EQ(log.size(), table->move_count());
    auto restored = table->restore(log);
    EXPECT_EQ(seen(*restored), seen(*table));
    EXPECT_EQ(restored->moves(), log);
    EXPECT_EQ(restored->view(1).winners, table->view(1).winners);
    auto fresh = table->fresh();
    EXPECT_EQ(fresh->move_count(), 0u);
  }
}

TEST_P(AnyTablePreset, BotsChooseALegalMoveTheTypedBotWouldMake) {
  auto table = open(GetParam(), {"ann", "bob"}, 11);
  auto kinds = table->bot_kinds();
  ASSERT_FALSE(kinds.empty());
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), std::string(table->stand_in())), kinds.end());
  EXPECT_THROW(table->bot_move("nobody"), std::invalid_argument);
  for (int n = 0; n < 30 && !table->over(); ++n) {
    for (const auto& kind : kinds) {
      if (kind == "optimal" && table->family() == "threebetween") continue;  // a solve per preset: solver tests cover it
      if (kind == "winning") continue;  // a heads-up table per preset: win_tests cover it
      auto move = table->bot_move(kind);
      EXPECT_EQ(move.seat, table->to_act());
      auto choices = table->legal(move.seat);
      ASSERT_LT(move.choice, choices.size());
      if (choices[move.choice].ranged()) {
        EXPECT_GE(move.amount, choices[move.choice].least);
        EXPECT_LE(move.amount, choices[move.choice].most);
      }
      // The same choice as the protocol's bot (the typed path) for the same table.
      auto session = protocol::new_session({{"cmd", "new"}, {"rules", GetParam()}, {"players", {"ann", "bob"}}, {"seed", 11}});
      for (const auto& m : table->moves()) ASSERT_FALSE(session->table().apply(m));
      protocol::json said;
      session->act_bot(protocol::json::object(), kind, said);
      auto copy = table->clone();
      ASSERT_FALSE(copy->apply(move));
      EXPECT_EQ(session->table().event_count(), copy->event_count());
      EXPECT_EQ(session->events_since(0), [&] {
        auto s = protocol::new_session({{"cmd", "new"}, {"rules", GetParam()}, {"players", {"ann", "bob"}}, {"seed", 11}});
        for (const auto& m : copy->moves()) EXPECT_FALSE(s->table().apply(m));
        return s->events_since(0);
      }()) << kind;
    }
    ASSERT_FALSE(table->apply(table->bot_move(std::string(table->stand_in()))));
  }
}

TEST_P(AnyTablePreset, TheViewNamesEverySeatAndTheTurn) {
  auto table = open(GetParam(), {"ann", "bob", "cy"}, 5);
  for (games::Seat seat : {games::kNobody, 0, 1, 2}) {
    auto v = table->view(seat);
    EXPECT_EQ(v.seat, seat);
    EXPECT_EQ(v.to_act, table->to_act());
    ASSERT_EQ(v.seats.size(), 3u);
    EXPECT_EQ(v.seats[1].name, "bob");
    EXPECT_TRUE(v.unit == "chips" || v.unit == "points");
    for (games::Seat s = 0; s < 3; ++s) EXPECT_EQ(v.seats[static_cast<std::size_t>(s)].to_act, s == table->to_act());
    EXPECT_EQ(v.events, table->event_count());
  }
  // Every card of these games is face up: a seat's view (as the protocol writes it) is the
  // spectator's, which is what lets a server build one view for everyone.
  EXPECT_FALSE(table->seats_see_differently());
  auto session = protocol::new_session({{"cmd", "new"}, {"rules", GetParam()}, {"players", {"ann", "bob", "cy"}}, {"seed", 5}});
  for (games::Seat seat : {0, 1, 2}) EXPECT_EQ(session->state(seat), session->state(games::kNobody));
}

// A table's session maker (rules read once) deals exactly the games new_session does, for
// other players and seeds too; a request with other knobs is read afresh, never dealt with the
// maker's rules.
TEST_P(AnyTablePreset, ASessionMakerDealsWhatNewSessionDeals) {
  protocol::json first = {{"cmd", "new"}, {"rules", GetParam()}, {"set", protocol::json::object()}, {"players", {"ann", "bob"}}, {"seed", 11}};
  protocol::SessionMaker maker(first);
  for (std::uint64_t seed : {11u, 12u, 99u}) {
    protocol::json request = first;
    request["seed"] = seed;
    request["players"] = seed == 99 ? protocol::json{"cy", "dee", "eve"} : protocol::json{"ann", "bob"};
    auto made = maker.make(request);
    auto fresh = protocol::new_session(request);
    EXPECT_EQ(made->log(), fresh->log()) << seed;
    EXPECT_EQ(made->state(games::kNobody), fresh->state(games::kNobody)) << seed;
    EXPECT_EQ(made->opening_events(), fresh->opening_events()) << seed;
  }
  protocol::json other = first;
  other["set"] = {{"name", "renamed"}};
  EXPECT_EQ(maker.make(other)->state(games::kNobody), protocol::new_session(other)->state(games::kNobody));
  EXPECT_NE(maker.make(other)->state(games::kNobody), maker.make(first)->state(games::kNobody));
}

std::vector<std::string> presets() {
  auto names = rules::preset_names();
  return {names.begin(), names.end()};
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, AnyTablePreset, ::testing::ValuesIn(presets()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (auto& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

// Every bot class says whether it chooses quickly (a server asks those on the spot): only the
// optimal ThreeBeTween bot and the pot games' winning bot, whose choice may be a solve, do not;
// an unknown kind is not quick.
TEST_P(AnyTablePreset, EveryBotButTheSolvingOneIsQuick) {
  auto table = open(GetParam(), {"ann", "bob"}, 11);
  for (const auto& kind : table->bot_kinds())
    EXPECT_EQ(table->bot_is_quick(kind), !(kind == "optimal" && table->family() == "threebetween") && kind != "winning")
        << GetParam() << " " << kind;
  EXPECT_FALSE(table->bot_is_quick("nobody"));
}

// What a learning agent reads of every family (Python's Env, t.chance()): observe() writes
// exactly observation_size() floats for every seat all game long, a decision's choices fit the
// choice slots, and the next card's rows count every card it is drawn from (none once over).
TEST_P(AnyTablePreset, TheAgentsObservationAndTheNextCardHoldAllGameLong) {
  auto table = open(GetParam(), {"ann", "bob", "cy"}, 7);
  std::mt19937_64 rng(7);
  auto size = static_cast<std::size_t>(table->observation_size());
  ASSERT_GT(size, 0u);
  std::vector<float> out(size + 8);
  for (int moves = 0; !table->over() && moves < 2000; ++moves) {
    for (games::Seat seat : {0, 1, 2}) {
      std::fill(out.begin(), out.end(), std::numeric_limits<float>::quiet_NaN());
      table->observe(seat, out.data());
      for (std::size_t i = 0; i < out.size(); ++i)
        ASSERT_EQ(std::isnan(out[i]), i >= size) << "float " << i << " of " << size << ", seat " << seat << ", move " << moves;
    }
    auto choices = table->legal(table->to_act());
    EXPECT_LE(static_cast<int>(choices.size()), table->choice_slots());
    auto next = table->next_card();
    int cards = 0;
    for (const auto& row : next.rows) cards += row.cards;
    EXPECT_GT(next.of, 0);
    EXPECT_EQ(cards, next.of);
    auto move = random_move(*table, rng);
    if (table->apply(move)) {  // an amount over a limit: the least is always allowed
      move.amount = choices[move.choice].least;
      ASSERT_FALSE(table->apply(move));
    }
  }
  if (table->over()) {
    EXPECT_TRUE(table->next_card().rows.empty());
  }
}

TEST(AnyTable, ARestoreThatIsRefusedSaysWhichMove) {
  auto table = open("hoyle", {"ann", "bob"}, 3);
  std::vector<games::AnyMove> bad{{table->to_act(), 99, 0}};
  try {
    table->restore(bad);
    FAIL() << "a refused move was restored";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("move 1"), std::string::npos) << e.what();
  }
}

TEST(AnyTable, AnUnknownFamilyIsARuleError) {
  rules::RuleFile file = rules::read_rule_file("hoyle");
  file.game = "chess";
  EXPECT_THROW(games::open_table(file, {{"ann", "bob"}, 1, {}, {}}), rules::RuleError);
}

}  // namespace
