// `inbetween play` and `inbetween replay`, driven as a person would: the real executable, its
// stdin answering every prompt, whole games to their end.
#include <gtest/gtest.h>

#include <sstream>
#include <tuple>

#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run_inbetween.h"

namespace fs = std::filesystem;
using inbetween::testing::Result;
using inbetween::testing::run_inbetween;
using nlohmann::json;

namespace {

std::string repeat(const std::string& text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

std::string read_file(const fs::path& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::vector<json> read_save(const fs::path& path) {
  std::vector<json> lines;
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line)) {
    json j = json::parse(line, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << path << ": not JSON: " << line;
    // Each line's checksum (tests/save_file_test.cpp) is not part of the request it records.
    EXPECT_TRUE(j.contains("sum")) << line;
    j.erase("sum");
    lines.push_back(j);
  }
  return lines;
}

// The standings table: its header and the indented lines under it.
std::string standings(const std::string& output) {
  auto at = output.rfind("Standings\n");
  if (at == std::string::npos) return "";
  std::istringstream in(output.substr(at));
  std::string line, table;
  std::getline(in, line);
  table = line + "\n";
  while (std::getline(in, line) && line.starts_with("  ")) table += line + "\n";
  return table;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// Each test plays in its own folder under the system's temp directory.
class Play : public ::testing::Test {
 protected:
  void SetUp() override {
    signal(SIGPIPE, SIG_IGN);  // the program may end before it has read all the input
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::temp_directory_path() /
          (std::string("inbetween-play_test-") + info->test_suite_name() + "-" + info->name() + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir);
  }

  Result play(std::vector<std::string> args, const std::string& input) {
    std::vector<std::string> all{"play", "--color", "never"};
    all.insert(all.end(), args.begin(), args.end());
    return run_inbetween(all, input, dir);
  }
  Result replay(const fs::path& file) { return run_inbetween({"replay", file.string(), "--color", "never"}, "", dir); }

  // A saved game: an act per move after the `new` line; how many of them `player` made.
  static std::size_t moves_by(const std::vector<json>& save, const std::string& player) {
    std::size_t n = 0;
    for (std::size_t i = 1; i < save.size(); ++i) n += save[i].value("player", "") == player ? 1 : 0;
    return n;
  }

  // The saved game, replayed, ends with the standings the game printed.
  void replays_to_the_same_end(const fs::path& file, const std::string& played) {
    Result r = replay(file);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_NE(r.out.find("Game over."), std::string::npos) << r.out;
    EXPECT_FALSE(standings(played).empty()) << played;
    EXPECT_EQ(standings(r.out), standings(played));
  }

  fs::path dir;
};

const std::vector<std::string> kHoyle = {"--rules", "hoyle", "--players", "Ann,bot,bot", "--seed", "1"};

std::vector<std::string> with_save(std::vector<std::string> args, const fs::path& save) {
  args.push_back("--save");
  args.push_back(save.string());
  return args;
}

TEST_F(Play, HoyleAgainstTwoBotsToTheEnd) {
  fs::path save = dir / "hoyle.jsonl";
  Result r = play(with_save(kHoyle, save), repeat("\n", 60));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("In-Between: hoyle"), std::string::npos);
  EXPECT_NE(r.out.find("Ann draws"), std::string::npos) << "the draw for the deal is shown";
  EXPECT_NE(r.out.find("Game over."), std::string::npos);
  EXPECT_NE(standings(r.out).find("Ann"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game saved to " + save.string()), std::string::npos) << r.out;

  auto saved = read_save(save);
  ASSERT_GE(saved.size(), 2u);
  EXPECT_EQ(saved[0]["cmd"], "new");
  EXPECT_EQ(saved[0]["seed"], 1);
  EXPECT_EQ(saved[0]["dealing"], 2) << "the log names the dealing its seed was dealt by";
  EXPECT_EQ(saved[0]["players"], json({"Ann", "bot1", "bot2"}));
  EXPECT_EQ(saved[0]["bots"], json({{"bot1", "sensible"}, {"bot2", "sensible"}}));
  // One prompt per decision of Ann's, each answered with the default.
  EXPECT_EQ(count(r.out, "(q)uit ["), moves_by(saved, "Ann"));
  EXPECT_GE(moves_by(saved, "Ann"), 3u);
  replays_to_the_same_end(save, r.out);
}

TEST_F(Play, InvalidAnswersAreAskedAgainAndChangeNothing) {
  fs::path plain = dir / "plain.jsonl", typos = dir / "typos.jsonl";
  Result reference = play(with_save(kHoyle, plain), repeat("\n", 60));
  ASSERT_EQ(reference.status, 0) << reference.err;
  Result r = play(with_save(kHoyle, typos), "abc\n999\n-1\nx\n   \n0\nh\nrebuy 5\nrebuy 99999999999999999999\n" + repeat("\n", 60));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("'abc' is not a choice here; type one of the choices shown"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bet 999 exceeds the pot of"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'-1': amounts are whole numbers of chips, not negative."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'x' is not a choice here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bet 0 is below the minimum bet of 1."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("there is no ace post to call high or low."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("these rules allow no rebuys (rebuys = false)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'rebuy 99999999999999999999' is not a choice here"), std::string::npos) << r.out;
  // Eight refused answers (the line of spaces is the default), each followed by the same prompt again.
  auto saved = read_save(typos);
  EXPECT_EQ(count(r.out, "(q)uit ["), moves_by(saved, "Ann") + 8);
  // The game is the very game played with no typos.
  EXPECT_EQ(read_file(typos), read_file(plain));
  EXPECT_EQ(standings(r.out), standings(reference.out));
  replays_to_the_same_end(typos, r.out);
}

TEST_F(Play, EndOfInputSavesAndLoadContinuesToTheEnd) {
  fs::path whole = dir / "whole.jsonl", part = dir / "part.jsonl", rest = dir / "rest.jsonl";
  Result reference = play(with_save(kHoyle, whole), repeat("\n", 60));
  ASSERT_EQ(reference.status, 0) << reference.err;

  // One answer, then the input ends in the middle of the game.
  Result r = play(with_save(kHoyle, part), "\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("End of input. Game saved to " + part.string() + "; continue with `inbetween play --load " +
                       part.string() + "`"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(standings(r.out), "");
  auto saved = read_save(part);
  EXPECT_EQ(moves_by(saved, "Ann"), 1u);
  auto whole_save = read_save(whole);
  ASSERT_LT(saved.size(), whole_save.size());
  EXPECT_EQ(saved, std::vector<json>(whole_save.begin(), whole_save.begin() + static_cast<long>(saved.size())));

  // The unfinished game replays, and says it is unfinished.
  Result rp = replay(part);
  EXPECT_EQ(rp.status, 0) << rp.err;
  EXPECT_NE(rp.out.find("the game was left unfinished"), std::string::npos) << rp.out;

  // --load goes on where it stopped; without --save it saves back to the loaded file.
  r = play({"--load", part.string()}, "\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Continuing " + part.string() + " after " + std::to_string(saved.size() - 1) + " moves."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("End of input. Game saved to " + part.string()), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir / "inbetween-game.jsonl"));
  EXPECT_EQ(moves_by(read_save(part), "Ann"), 2u);

  // And to the end, into another file.
  r = play({"--load", part.string(), "--save", rest.string()}, repeat("\n", 60));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Game saved to " + rest.string()), std::string::npos) << r.out;
  EXPECT_EQ(read_file(rest), read_file(whole)) << "the interrupted game is the game played in one go";
  EXPECT_EQ(standings(r.out), standings(reference.out));
  replays_to_the_same_end(rest, reference.out);

  // A finished game loads to its standings at once.
  r = play({"--load", rest.string(), "--save", (dir / "again.jsonl").string()}, "");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(standings(r.out), standings(reference.out));
}

TEST_F(Play, QuitSavesTheGame) {
  fs::path save = dir / "quit.jsonl";
  Result r = play(with_save(kHoyle, save), "\nq\n\n\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("You left the table. Game saved to " + save.string()), std::string::npos) << r.out;
  EXPECT_EQ(moves_by(read_save(save), "Ann"), 1u);
  EXPECT_EQ(standings(r.out), "");
}

TEST_F(Play, RedDogWithWagersAndRaises) {
  fs::path save = dir / "red-dog.jsonl";
  std::string input = "0\n26\nh\ns\n3\nx\nr\n" + repeat("3\nr\n", 30) + repeat("\n", 100);
  Result r = play(with_save({"--rules", "red-dog", "--players", "Ann,bot", "--seed", "5"}, save), input);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("Ann, wager 1-25"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("wager 0 is below the minimum wager of 1 (min_bet)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("wager 26 exceeds the table maximum of 25 (max_bet)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stand comes after the spread is announced."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann wagers 3."), std::string::npos) << r.out;
  // The house deals: nobody "deals first", there is no "deal N", and each hand ends in a summary.
  EXPECT_EQ(r.out.find("deals first"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("deal 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("── Hand 1: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann raises by 3."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(r)aise, (s)tand"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over."), std::string::npos) << r.out;
  EXPECT_NE(standings(r.out).find("house result:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game saved to " + save.string()), std::string::npos) << r.out;
  auto saved = read_save(save);
  EXPECT_EQ(saved[0]["rules"], "red-dog");
  // At least the five refused answers above were asked again (a 3 or an r out of step is refused too).
  EXPECT_GE(count(r.out, "(q)uit ["), moves_by(saved, "Ann") + 5);
  replays_to_the_same_end(save, r.out);
}

// Issue 22: 3S KD with 30 in the pot and a stack of 20: the best bet by value is all 20 (a 28%
// chance of losing the whole stack); Enter suggests the Kelly bet, 9, instead.
TEST_F(Play, EnterNeverStakesTheWholeStackWhereTheKellyBetIsSmaller) {
  fs::path save = dir / "kelly.jsonl";
  Result r = play(with_save({"--rules", "hoyle", "--set", "ante=15", "--set", "start_chips=35", "--set", "deals=1", "--players",
                             "Ann,bot", "--dealer", "bot1", "--deck", "3S,KD,5C"},
                            save),
                  repeat("\n", 20));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Ann, bet 1-20, ? hint, (q)uit [9]: "), std::string::npos) << r.out;
  auto saved = read_save(save);
  ASSERT_GE(saved.size(), 2u);
  EXPECT_EQ(saved[1], json({{"cmd", "act"}, {"player", "Ann"}, {"action", {{"type", "bet"}, {"amount", 9}}}}));
  // The hint still names the best bet by value: the whole stack.
  Result hint = play({"--rules", "hoyle", "--set", "ante=15", "--set", "start_chips=35", "--set", "deals=1", "--players", "Ann,bot",
                      "--dealer", "bot1", "--deck", "3S,KD,5C", "--save", (dir / "kelly2.jsonl").string()},
                     "?\nq\n");
  EXPECT_NE(hint.out.find("Kelly"), std::string::npos) << hint.out;
}

// Issue 52: heads-up, where the table of the chance to win is at hand (hoyle), the hint gives each
// choice's chance to win the game beside its chips and names the play to win; at three seats the
// same, estimated.
TEST_F(Play, AHeadsUpHintGivesTheChanceToWin) {
  Result hint = play({"--rules", "hoyle", "--set", "ante=5", "--set", "deals=1", "--players", "Ann,bot", "--dealer", "bot1",
                      "--deck", "3S,KD,5C", "--save", (dir / "win.jsonl").string()},
                     "?\nq\n");
  EXPECT_NE(hint.out.find("to win the game: "), std::string::npos) << hint.out;
  EXPECT_NE(hint.out.find("chips  win "), std::string::npos) << hint.out;
  // Three seats: no table; the chances estimated by playouts, each choice's and each seat's.
  Result three = play({"--rules", "hoyle", "--set", "ante=5", "--set", "deals=1", "--players", "Ann,bot,bot", "--dealer", "bot2",
                       "--deck", "3S,KD,5C", "--save", (dir / "win3.jsonl").string()},
                      "?\nq\n");
  EXPECT_NE(three.out.find("hint, from the"), std::string::npos) << three.out;
  EXPECT_NE(three.out.find("playouts a choice of sensible bots"), std::string::npos) << three.out;
  EXPECT_NE(three.out.find("to win the game: "), std::string::npos) << three.out;
  EXPECT_NE(three.out.find("each seat's chance now: Ann "), std::string::npos) << three.out;
}

// Issue 22: a game left and carried on with --load sums its deals (Red Dog: hands) from the
// game's start, as the game played straight through does: the same numbers and the same
// results, wagers on the table included.
TEST_F(Play, ASummaryAfterLoadCountsFromTheGamesStart) {
  auto summaries = [](const std::string& out) {
    std::vector<std::string> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
      if (line.starts_with("── Deal ") || line.starts_with("── Hand ")) lines.push_back(line);
    return lines;
  };
  for (auto [rules, players, quit_after] : {std::tuple{"hoyle", "Ann,bot,bot", 1}, std::tuple{"red-dog", "Ann,bot", 9}}) {
    SCOPED_TRACE(rules);
    std::vector<std::string> args{"--rules", rules, "--players", players, "--seed", "7"};
    Result straight = play(with_save(args, dir / (std::string(rules) + "-a.jsonl")), repeat("\n", 400));
    ASSERT_EQ(straight.status, 0) << straight.err;
    fs::path save = dir / (std::string(rules) + "-b.jsonl");
    Result first = play(with_save(args, save), repeat("\n", quit_after) + "q\n");
    Result rest = play({"--load", save.string()}, repeat("\n", 400));
    ASSERT_EQ(rest.status, 0) << rest.err;
    auto whole = summaries(first.out);
    for (const auto& line : summaries(rest.out)) whole.push_back(line);
    EXPECT_GE(summaries(rest.out).size(), 1u) << rest.out;
    EXPECT_EQ(whole, summaries(straight.out)) << first.out << rest.out;
  }
}

// Issue 22: Red Dog's hint names its choices as the table does: a wager, not a bet.
TEST_F(Play, RedDogsHintSaysWager) {
  Result r = play({"--rules", "red-dog", "--players", "Ann", "--seed", "2", "--save", (dir / "rd.jsonl").string()}, "?\nq\n");
  EXPECT_NE(r.out.find("  wager 1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the smallest wager"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("  bet 1 "), std::string::npos) << r.out;
}

TEST_F(Play, BetweenTheSheetsWithAnAceToCall) {
  fs::path save = dir / "sheets.jsonl";
  Result r = play(with_save({"--rules", "between-the-sheets", "--players", "Ann,bot", "--seed", "3", "--dealer", "bot1",
                             "--deck", "AS,9D,5C"},
                            save),
                  "y\nl\n2\n1\n" + repeat("\n", 300));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("Post for Ann: A♠\n"), std::string::npos) << r.out;
  // The suggestion in brackets is the best call by the exact hint: low (the sensible bot said high).
  EXPECT_NE(r.out.find("Ann, (h)igh or (l)ow, ? hint, (q)uit [l]: 'y' is not a choice here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann calls the ace low."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Posts:  A♠ low     9♦   spread 7"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bet 2 exceeds the first-deck cap of 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Third card: 5♣ — between!"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game saved to " + save.string()), std::string::npos) << r.out;
  auto saved = read_save(save);
  ASSERT_GE(saved.size(), 3u);
  EXPECT_EQ(saved[1], json({{"cmd", "act"}, {"player", "Ann"}, {"action", {{"type", "call"}, {"ace", "low"}}}}));
  EXPECT_EQ(saved[2], json({{"cmd", "act"}, {"player", "Ann"}, {"action", {{"type", "bet"}, {"amount", 1}}}}));
  EXPECT_EQ(count(r.out, "(q)uit ["), moves_by(saved, "Ann") + 2);
  replays_to_the_same_end(save, r.out);
}

TEST_F(Play, TwoPeopleAtOneTable) {
  fs::path save = dir / "two.jsonl";
  Result r = play(with_save({"--rules", "hoyle-3", "--players", "Ann,Bob", "--seed", "9"}, save), repeat("\n", 40));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Ann, bet"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Bob, bet"), std::string::npos) << r.out;
  auto saved = read_save(save);
  EXPECT_EQ(count(r.out, "(q)uit ["), saved.size() - 1);
  replays_to_the_same_end(save, r.out);
}

TEST_F(Play, BadCommandLinesAndFilesFailCleanly) {
  Result r = play({"--rules", "no-such-game", "--save", (dir / "x.jsonl").string()}, "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown rules 'no-such-game'"), std::string::npos) << r.err;
  r = play({"--players", "Ann", "--save", (dir / "x.jsonl").string()}, "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--players \"Ann\" gives 1 seat; the hoyle rules seat 2 to 8 (min_players, max_players)"),
            std::string::npos)
      << r.err;
  r = play({"--players", "Ann,bot:genius", "--save", (dir / "x.jsonl").string()}, "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown bot kind 'genius'"), std::string::npos) << r.err;
  r = play({"--set", "decks=99", "--save", (dir / "x.jsonl").string()}, "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--set decks=99"), std::string::npos) << r.err;
  // A save file that cannot be written is an error, not a crash.
  r = play(with_save(kHoyle, dir / "no-such-folder" / "x.jsonl"), "\n");
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
  // Files that are not saved games.
  std::ofstream(dir / "not-json.jsonl") << "hello\n";
  r = play({"--load", (dir / "not-json.jsonl").string()}, "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not-json.jsonl"), std::string::npos) << r.err;
  std::ofstream(dir / "bad-bot.jsonl") << R"({"cmd":"new","dealing":2,"rules":"hoyle","players":["a","b"],"seed":1,"bots":{"b":5}})" << "\n";
  r = play({"--load", (dir / "bad-bot.jsonl").string()}, "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("bot kind"), std::string::npos) << r.err;
  // A game saved before the dealing had versions (or by another one) is refused, naming the
  // file and the version: its seed would deal other cards.
  const std::string game = R"("cmd":"new","rules":"hoyle","players":["a","b"],"seed":1)";
  const std::string move = R"({"cmd":"act","player":"a","action":{"type":"bet","amount":1}})";
  std::ofstream(dir / "v1.jsonl") << "{" << game << "}\n" << move << "\n";
  std::ofstream(dir / "v3.jsonl") << "{" << game << R"(,"dealing":3})" << "\n" << move << "\n";
  for (const char* name : {"v1.jsonl", "v3.jsonl"}) {
    std::string version = name == std::string("v1.jsonl") ? "version 1 (it records no \"dealing\")" : "version 3";
    for (bool load : {true, false}) {
      r = load ? play({"--load", (dir / name).string()}, "") : replay(dir / name);
      EXPECT_EQ(r.status, 2) << name << r.out;
      EXPECT_NE(r.err.find((dir / name).string() + ": this game was dealt by " + version + "; this inbetween deals version 2"),
                std::string::npos)
          << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
  r = replay(dir / "not-json.jsonl");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not-json.jsonl:1: not a JSON line"), std::string::npos) << r.err;
  r = replay(dir / "missing.jsonl");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
}

TEST_F(Play, CommandLineMistakesNameTheArgumentAndExit2) {
  auto refused = [&](std::vector<std::string> args, const std::string& message) {
    Result r = run_inbetween(args, "", dir);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  };
  fs::path save = dir / "x.jsonl";
  refused({"play", "--players", "", "--save", save.string()}, "--players is empty; name the seats");
  refused({"play", "--players", "bot,,bot", "--save", save.string()}, "--players \"bot,,bot\": seat 2 has no name");
  refused({"play", "--players", "Ann,", "--save", save.string()}, "seat 2 has no name");
  for (const char* seed : {"-1", "18446744073709551616", "12x", "1e5"})
    refused({"play", "--seed", seed, "--save", save.string()},
            std::string("--seed ") + seed + ": a seed is a whole number from 0 to 18446744073709551615");
  refused({"solve", "threebetween", "--seed", "-1"}, "--seed -1: a seed is a whole number");
  refused({"solve", "threebetween", "--rounds", "-1"}, "--rounds: Value -1 not in range 0 to 100000000");
  refused({"foo"}, "unknown command foo; the commands are: play, engine");
  refused({}, "give a command; the commands are: play");
  refused({"rules", "frobnicate"}, "unknown command rules frobnicate; the commands of `inbetween rules` are: list, show");
  EXPECT_FALSE(fs::exists(save));

  // The largest seed is a seed.
  Result r = play({"--players", "Ann,bot", "--seed", "18446744073709551615", "--save", save.string()}, "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_save(save).at(0).at("seed").get<std::uint64_t>(), 18446744073709551615ULL);

  r = run_inbetween({"--version"}, "", dir);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, std::string("inbetween ") + INBETWEEN_VERSION + "\n");
}

TEST_F(Play, AGameNeverOverwritesAnother) {
  fs::path named = dir / "mine.jsonl";
  std::ofstream(named) << "precious\n";
  // A file named with --save that exists is refused and left alone.
  Result r = play(with_save(kHoyle, named), "\n");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("--save " + named.string() + ": that file already holds a game"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(named), "precious\n");

  // The default name steps on to the next free one, and says so.
  std::ofstream(dir / "inbetween-game.jsonl") << "earlier\n";
  r = play(kHoyle, "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("inbetween-game.jsonl holds an earlier game, so this one is saved to inbetween-game-2.jsonl."),
            std::string::npos)
      << r.out;
  EXPECT_EQ(read_file(dir / "inbetween-game.jsonl"), "earlier\n");
  EXPECT_EQ(moves_by(read_save(dir / "inbetween-game-2.jsonl"), "Ann"), 1u);

  // A loaded game goes back to its own file; options the save fixes are named as ignored.
  r = play({"--load", "inbetween-game-2.jsonl", "--players", "Zed,bot", "--seed", "7"}, "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Note: --players, --seed are ignored with --load"), std::string::npos) << r.out;
  EXPECT_EQ(moves_by(read_save(dir / "inbetween-game-2.jsonl"), "Ann"), 2u);
  EXPECT_FALSE(fs::exists(dir / "inbetween-game-3.jsonl"));
}

// `--color auto` colours only a terminal, and not when NO_COLOR is set to something; the
// program runs on a pseudo-terminal here, as it would in a person's terminal window.
std::string on_a_terminal(const std::vector<std::string>& args, const char* no_color) {
  int master = -1;
  pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) throw std::runtime_error("forkpty failed");
  if (pid == 0) {
    if (no_color) setenv("NO_COLOR", no_color, 1);
    else unsetenv("NO_COLOR");
    std::vector<char*> argv{const_cast<char*>(INBETWEEN_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(INBETWEEN_BINARY, argv.data());
    _exit(127);
  }
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = read(master, buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(n));
  close(master);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
  return out;
}

TEST_F(Play, ColourOnATerminalUnlessNoColorIsSet) {
  fs::path save = dir / "game.jsonl";
  Result r = play(with_save(kHoyle, save), repeat("\n", 60));
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> replay{"replay", save.string()};
  EXPECT_NE(on_a_terminal(replay, nullptr).find("\x1b["), std::string::npos) << "no colour on a terminal";
  EXPECT_NE(on_a_terminal(replay, "").find("\x1b["), std::string::npos) << "an empty NO_COLOR counts as unset";
  EXPECT_EQ(on_a_terminal(replay, "1").find("\x1b["), std::string::npos) << "NO_COLOR=1 still coloured";
  replay.insert(replay.end(), {"--color", "always"});
  EXPECT_NE(on_a_terminal(replay, "1").find("\x1b["), std::string::npos) << "--color always overrides NO_COLOR";
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos) << "coloured into a pipe";
}

// `rules show` names the file it read: from the checkout as a path from there, elsewhere in full.
TEST_F(Play, RulesShowNamesTheFileItRead) {
  Result here = run_inbetween({"rules", "show", "hoyle-3"}, "", INBETWEEN_SOURCE_DIR);
  EXPECT_EQ(here.status, 0) << here.err;
  EXPECT_TRUE(here.out.starts_with("# hoyle-3 (rules/hoyle-3.toml)\ngame = 'pot'\n")) << here.out;
  Result elsewhere = run_inbetween({"rules", "show", "hoyle-3"}, "", dir);
  EXPECT_TRUE(elsewhere.out.starts_with("# hoyle-3 (" + (fs::path(INBETWEEN_SOURCE_DIR) / "rules" / "hoyle-3.toml").string() + ")"))
      << elsewhere.out;
}

}  // namespace
