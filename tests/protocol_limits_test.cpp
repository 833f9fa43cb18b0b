// Hostile protocol lines (issue 10): numbers a double cannot hold, nesting deep enough to
// exhaust the stack, lines of any length. Each gets an error reply and the engine goes on; a
// saved game holding such a line is refused with its line number.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "protocol/engine_loop.h"
#include "protocol/request_line.h"
#include "support/run_inbetween.h"

namespace {

using namespace inbetween;
using inbetween::testing::run_inbetween;
using protocol::json;
namespace fs = std::filesystem;

std::string nested(int depth) { return "{\"cmd\":\"act\",\"x\":" + std::string(depth, '[') + std::string(depth, ']') + "}"; }

// The reply's error code, after which the engine still starts and plays a game.
std::string code_then_still_plays(protocol::Engine& engine, const std::string& line) {
  json r = engine.handle(line);
  EXPECT_FALSE(r.value("ok", true)) << r.dump();
  json started = engine.handle(R"({"cmd":"new","rules":"hoyle","players":["Ann","Bob"],"seed":3})");
  EXPECT_TRUE(started.value("ok", false)) << started.dump();
  return r.contains("error") ? r["error"].value("code", "") : "";
}

TEST(ProtocolLimits, NumbersOutOfADoublesRangeAreBadJson) {
  protocol::Engine engine;
  EXPECT_EQ(code_then_still_plays(engine, "[1e999]"), "bad_json");
  EXPECT_EQ(code_then_still_plays(engine, R"({"cmd":"act","action":{"type":"bet","amount":1e400}})"), "bad_json");
  json r = engine.handle("[-1e999]");
  EXPECT_NE(r["error"].value("message", "").find("number overflow"), std::string::npos) << r.dump();
}

// An amount of 2^63 or more wrapped to a negative number of chips, and was refused as one
// ("bet -9223372036854775808 is below the minimum bet").
TEST(ProtocolLimits, AmountsPastTheLargestNumberOfChipsAreRefusedAsTheyWereSent) {
  protocol::Engine engine;
  ASSERT_TRUE(engine.handle(R"({"cmd":"new","rules":"hoyle","players":["Ann","Bob"],"seed":3})").value("ok", false));
  for (const char* amount : {"9223372036854775808", "18446744073709551615"}) {
    json r = engine.handle(std::string(R"({"cmd":"act","action":{"type":"bet","amount":)") + amount + "}}");
    EXPECT_EQ(r["error"].value("code", ""), "bad_action") << r.dump();
    EXPECT_EQ(r["error"].value("message", ""), std::string("a bet of ") + amount + " chips is more than any table holds");
  }
  json r = engine.handle(R"({"cmd":"act","action":{"type":"rebuy","amount":9223372036854775809}})");
  EXPECT_EQ(r["error"].value("message", ""), "a rebuy of 9223372036854775809 chips is more than any table holds");
  // The largest that fits is an amount, refused by the rules for what it is.
  r = engine.handle(R"({"cmd":"act","action":{"type":"bet","amount":9223372036854775807}})");
  EXPECT_NE(r["error"].value("message", "").find("9223372036854775807"), std::string::npos) << r.dump();
}

TEST(ProtocolLimits, NestingPastTheLimitIsRefusedBeforeItIsBuilt) {
  protocol::Engine engine;
  EXPECT_EQ(code_then_still_plays(engine, nested(100'000)), "too_deep");
  EXPECT_EQ(code_then_still_plays(engine, nested(protocol::kMaxNesting)), "too_deep");
  // One level less fits (the request object is the first level): refused for what it says.
  EXPECT_NE(code_then_still_plays(engine, nested(protocol::kMaxNesting - 1)), "too_deep");
}

TEST(ProtocolLimits, ALineOverAMegabyteIsRefusedAndNotKeptWhole) {
  protocol::Engine engine;
  std::string pad(protocol::kMaxLineBytes, 'x');
  EXPECT_EQ(code_then_still_plays(engine, R"({"cmd":"state","pad":")" + pad + "\"}"), "line_too_long");
  // Reading: a line far over the limit keeps limit + 1 bytes; the next line comes whole.
  std::istringstream in(std::string(3 * protocol::kMaxLineBytes, 'y') + "\n{\"cmd\":\"quit\"}");
  std::string line;
  ASSERT_TRUE(protocol::read_bounded_line(in, line));
  EXPECT_EQ(line.size(), protocol::kMaxLineBytes + 1);
  ASSERT_TRUE(protocol::read_bounded_line(in, line));
  EXPECT_EQ(line, "{\"cmd\":\"quit\"}");  // no newline at the end: still a line
  EXPECT_FALSE(protocol::read_bounded_line(in, line));
}

// The whole program: the engine answers every hostile line and keeps the game it had.
TEST(ProtocolLimits, TheEngineProgramAnswersEveryLineAndKeepsItsGame) {
  std::string input = R"({"cmd":"new","rules":"hoyle","players":["Ann","Bob"],"seed":3})"
                      "\n[1e999]\n" + nested(90'000) + "\n{\"pad\":\"" + std::string(2 * protocol::kMaxLineBytes, 'z') +
                      "\"}\n{\"cmd\":\"state\"}\n";
  auto r = run_inbetween({"engine"}, input);
  EXPECT_EQ(r.status, 0) << r.err;
  std::istringstream replies(r.out);
  std::vector<json> lines;
  for (std::string l; std::getline(replies, l);) lines.push_back(json::parse(l));
  ASSERT_EQ(lines.size(), 5u) << r.out.substr(0, 500);
  EXPECT_EQ(lines[1]["error"]["code"], "bad_json");
  EXPECT_EQ(lines[2]["error"]["code"], "too_deep");
  EXPECT_EQ(lines[3]["error"]["code"], "line_too_long");
  EXPECT_TRUE(lines[4].value("ok", false));
  EXPECT_EQ(lines[4]["state"], lines[0]["state"]) << "the game changed";
}

// A saved game with such a line: `replay` and `play --load` name the file and the line.
TEST(ProtocolLimits, ASaveWithAHostileLineIsRefusedWithItsLineNumber) {
  fs::path file = fs::temp_directory_path() / "inbetween-hostile-save.jsonl";
  {
    std::ofstream f(file);
    f << R"({"cmd":"new","rules":"hoyle","players":["Ann","Bob"],"seed":3,"dealing":2})" << "\n" << nested(90'000) << "\n";
  }
  for (std::vector<std::string> args : {std::vector<std::string>{"replay", file.string()},
                                        std::vector<std::string>{"play", "--load", file.string()}}) {
    auto r = run_inbetween(args);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(file.string() + ":2: arrays and objects nest more than 64 deep"), std::string::npos) << r.err;
  }
  fs::remove(file);
}

}  // namespace

namespace {

// Names reach terminals and other players' screens: no control characters, at most 40 bytes;
// any other UTF-8 is welcome. The same check for every family (games::check_setup).
TEST(ProtocolLimits, PlayerNamesWithoutControlCharactersAndBounded) {
  for (const char* rules : {"hoyle", "red-dog", "threebetween"}) {
    SCOPED_TRACE(rules);
    auto start = [&](const std::string& name) {
      protocol::Engine engine;
      json request = {{"cmd", "new"}, {"rules", rules}, {"players", {name, "Bob"}}, {"seed", 1}};
      return engine.handle(request.dump());
    };
    for (const std::string& bad : {std::string("Ann\x1b[2J"), std::string("Ann\nBob: wins"), std::string("Ann\t"),
                                   std::string("Ann\x7f"), std::string("Ann\xc2\x85")}) {
      json r = start(bad);
      EXPECT_EQ(r["error"].value("code", ""), "bad_setup") << r.dump();
      EXPECT_NE(r["error"].value("message", "").find("player 1's name holds a control character"), std::string::npos) << r.dump();
    }
    json r = start(std::string(41, 'x'));
    EXPECT_NE(r["error"].value("message", "").find("player 1's name is 41 bytes long; the limit is 40"), std::string::npos) << r.dump();
    EXPECT_TRUE(start(std::string(40, 'x')).value("ok", false));
    EXPECT_TRUE(start("Zoë Ŝmith ♦").value("ok", false));
  }
  auto r = run_inbetween({"play", "--players", "Ann\x1b[2J,bot", "--seed", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("player 1's name holds a control character"), std::string::npos) << r.err;
}

}  // namespace
