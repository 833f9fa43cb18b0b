// Filling JSON in place (protocol/json_fill.h): a value filled again over whatever an earlier fill
// left is exactly the value built afresh, and what keeps its shape keeps its memory. The server
// fills each table's state this way at every move, so every family's state is checked after every
// move of random games, for every seat's view.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "protocol/json_fill.h"
#include "protocol/session.h"
#include "rules/rule_files.h"

namespace {

namespace protocol = inbetween::protocol;
namespace games = inbetween::games;
using protocol::json;
using protocol::ObjectFill;

void fill_first(json& into) {
  ObjectFill j(into);
  j.put("a", 1);
  j.put("b", "two");
  auto& list = protocol::sized_array(j.at("c"), 3);
  for (std::size_t i = 0; i < list.size(); ++i) protocol::put(list[i], i);
  ObjectFill inner(j.at("d"));
  inner.put("x", true);
}

TEST(ObjectFill, AnEmptyValueFilledIsTheValueBuilt) {
  json filled;
  fill_first(filled);
  EXPECT_EQ(filled, json::parse(R"({"a":1,"b":"two","c":[0,1,2],"d":{"x":true}})"));
  EXPECT_EQ(protocol::json_text(filled), R"({"a":1,"b":"two","c":[0,1,2],"d":{"x":true}})");
}

TEST(ObjectFill, FieldsNotWrittenAgainGoAndTypesChange) {
  json filled;
  fill_first(filled);
  {
    // Fewer fields, another type in each: "a" (before the first written) and "d" (between) go.
    ObjectFill j(filled);
    j.put("b", 3);
    auto& list = protocol::sized_array(j.at("c"), 1);
    protocol::put(list[0], "one");
    j.put("e", nullptr);
  }
  EXPECT_EQ(filled, json::parse(R"({"b":3,"c":["one"],"e":null})"));
  {
    // "a" comes back before the rest; the last field, "e", becomes a number.
    ObjectFill j(filled);
    j.put("a", false);
    protocol::put(j.at("b"), std::string("back to text"));
    auto& list = protocol::sized_array(j.at("c"), 3);
    protocol::put(list[2], -5);
    j.put("e", std::size_t{7});
  }
  EXPECT_EQ(filled, json::parse(R"({"a":false,"b":"back to text","c":["one",null,-5],"e":7})"));
  {
    // Nothing written: nothing stays.
    ObjectFill j(filled);
  }
  EXPECT_EQ(filled, json::object());
  // A value that is no object becomes one.
  json number = 4;
  ObjectFill(number).put("k", "v");
  EXPECT_EQ(number, json::parse(R"({"k":"v"})"));
}

TEST(ObjectFill, AKeyOutOfOrderIsRefusedNamingBoth) {
  json filled;
  ObjectFill j(filled);
  j.put("b", 1);
  try {
    j.put("a", 2);
    FAIL() << "out of order";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "a field filled out of its keys' order: \"a\" after \"b\"");
  }
  EXPECT_THROW(j.put("b", 3), std::logic_error);  // twice is out of order too
}

TEST(ObjectFill, AFieldOfTheSameShapeKeepsItsMemory) {
  json filled;
  fill_first(filled);
  const std::string* text = filled["b"].get_ptr<const json::string_t*>();
  const json* first = &filled["c"][0];
  {
    ObjectFill j(filled);
    j.put("a", 2);
    j.put("b", "six");
    auto& list = protocol::sized_array(j.at("c"), 3);
    for (std::size_t i = 0; i < list.size(); ++i) protocol::put(list[i], i + 10);
    ObjectFill(j.at("d")).put("x", false);
  }
  EXPECT_EQ(filled, json::parse(R"({"a":2,"b":"six","c":[10,11,12],"d":{"x":false}})"));
  EXPECT_EQ(filled["b"].get_ptr<const json::string_t*>(), text);
  EXPECT_EQ(&filled["c"][0], first);
}

// Every preset's state, as each seat and a spectator see it, filled over the last move's after
// every move of random games: the same value and the same text as the state built afresh.
class FilledState : public ::testing::TestWithParam<std::string> {};

TEST_P(FilledState, IsTheStateBuiltAfterEveryMove) {
  const std::vector<std::string> players = {"ann", "bob", "cy", "dee"};
  std::size_t moves = 0;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    auto session = protocol::new_session({{"cmd", "new"}, {"rules", GetParam()}, {"players", players}, {"seed", seed}});
    std::map<games::Seat, json> kept;
    for (int move = 0; move < 400; ++move) {
      for (games::Seat seat : {games::kNobody, 0, 1, 2, 3}) {
        json& state = kept[seat];
        session->fill_state(seat, state);
        json built = session->state(seat);
        ASSERT_EQ(state, built) << GetParam() << " seed " << seed << " move " << move << " seat " << seat;
        ASSERT_EQ(protocol::json_text(state), protocol::json_text(built)) << GetParam() << " seed " << seed << " move " << move;
      }
      if (session->over()) break;
      json action;
      session->act_bot(json::object(), "random", action);
      ++moves;
    }
  }
  EXPECT_GT(moves, 30u) << "the games were played";
}

std::vector<std::string> presets() {
  auto names = inbetween::rules::preset_names();
  return {names.begin(), names.end()};
}

INSTANTIATE_TEST_SUITE_P(Presets, FilledState, ::testing::ValuesIn(presets()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
