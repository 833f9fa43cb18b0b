// Hostile input on the command line (issue 10). Files that are not what they claim: a directory,
// a FIFO, a huge file given as a rule or deck file is refused with the reason, never opened.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_inbetween.h"

namespace {

using inbetween::testing::run_inbetween;
namespace fs = std::filesystem;

TEST(HostileFiles, DirectoriesFifosAndHugeFilesAreRefusedWithTheReason) {
  fs::path dir = fs::temp_directory_path() / ("inbetween-hostile-files-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "folder.toml");
  ASSERT_EQ(mkfifo((dir / "fifo.toml").c_str(), 0600), 0);
  {
    std::ofstream big(dir / "big.toml");
    big << std::string(2 << 20, '#');
  }
  auto refused = [](std::vector<std::string> args, const std::string& message) {
    auto r = run_inbetween(args);  // a FIFO opened for reading would block here for ever
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  };
  for (const char* name : {"folder.toml", "fifo.toml"}) {
    auto path = (dir / name).string();
    refused({"rules", "show", path}, path + ": not a regular file (a directory, a FIFO or a device); give a rule file");
    refused({"rules", "show", "hoyle", "--set", "deck=" + path}, "not a regular file (a directory, a FIFO or a device); give a deck file");
  }
  auto big = (dir / "big.toml").string();
  refused({"rules", "show", big}, big + ": 2097152 bytes; a rule or deck file may be at most 1048576 bytes");
  refused({"decks", "show", big}, "a rule or deck file may be at most 1048576 bytes");
  refused({"rules", "show", (dir / "missing.toml").string()}, "missing.toml: no such rule file");
  fs::remove_all(dir);
}

}  // namespace

namespace {

// Every card seen: no chances out of nothing (they printed as 0/0), a refusal naming why.
TEST(HostileInput, OddsWithNoCardLeftAreRefused) {
  std::string seen;
  for (char rank : std::string("23456789TJQKA"))
    for (char suit : std::string("SHDC")) {
      std::string card{rank, suit};
      if (card != "5S" && card != "JD") seen += (seen.empty() ? "" : ",") + card;
    }
  auto r = run_inbetween({"odds", "5S", "JD", "--seen", seen});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("--seen and the posts leave no card in the shoe"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  // One card left is fine: its chances are out of 1.
  r = run_inbetween({"odds", "5S", "JD", "--seen", seen.substr(0, seen.rfind(','))});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("1 card unseen"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// `replay` and `play --load` read a file the same way: questions skipped, a quit only at the
// end, anything else refused with its line number, by both.
TEST(HostileInput, ChipsPastTheLargestAmountAreRefusedNotSaturated) {
  for (const char* option : {"--pot", "--stack"}) {
    for (const char* amount : {"9223372036854775808", "99999999999999999999", "0", "12x"}) {
      auto r = run_inbetween({"odds", "5S", "JD", option, amount});
      EXPECT_EQ(r.status, 2) << option << " " << amount << ": " << r.out;
      EXPECT_NE(r.err.find("is not a whole number of chips from 1 to 9223372036854775807"), std::string::npos) << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
  auto r = run_inbetween({"odds", "5S", "JD", "--pot", "9223372036854775807", "--stack", "9223372036854775807"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("pot 9223372036854775807, stack 9223372036854775807"), std::string::npos) << r.out;
}

TEST(HostileInput, ReplayAndLoadReadASaveTheSameWay) {
  fs::path dir = fs::temp_directory_path() / ("inbetween-saves-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string game = R"({"bots":{"bot1":"sensible"},"cmd":"new","dealing":2,"players":["Ann","bot1"],"rules":"hoyle","seed":3})";
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  auto both = [&](const std::string& file, int status, const std::string& message) {
    for (std::vector<std::string> args : {std::vector<std::string>{"replay", file}, std::vector<std::string>{"play", "--load", file}}) {
      SCOPED_TRACE(args[0]);
      auto r = run_inbetween(args, "q\n");
      EXPECT_EQ(r.status, status) << r.out << r.err;
      if (!message.empty()) {
        EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
      }
    }
  };
  both(write("questions.jsonl", game + "\n{\"cmd\":\"state\"}\n{\"cmd\":\"legal\"}\n{\"cmd\":\"quit\"}\n"), 0, "");
  auto mid = write("quit-in-the-middle.jsonl", game + "\n{\"cmd\":\"quit\"}\n{\"cmd\":\"state\"}\n");
  both(mid, 2, mid + ":3: a line after the \"quit\" of line 2");
  auto odd = write("unknown.jsonl", game + "\n{\"cmd\":\"shuffle\"}\n");
  both(odd, 2, odd + ":2: unknown cmd \"shuffle\"");
  auto twice = write("two-games.jsonl", game + "\n" + game + "\n");
  both(twice, 2, twice + ":2: a second \"new\" request");
  auto bad_move = write("bad-move.jsonl", game + "\n{\"cmd\":\"act\",\"player\":\"Ann\",\"action\":{\"type\":\"bet\",\"amount\":-5}}\n");
  both(bad_move, 2, bad_move + ":2: ");
  fs::remove_all(dir);
}

}  // namespace

namespace {

// No library's exception reaches the top (issue 10): what the command line hands over that a
// library would choke on is refused with the engine's reason and exit status 2.
TEST(HostileInput, BytesThatAreNotUtf8AreRefusedBeforeTheGame) {
  fs::path dir = fs::temp_directory_path() / ("inbetween-utf8-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  // A name of other bytes reached the save as JSON text, which threw at the first save.
  auto r = run_inbetween({"play", "--players", "\xff\xfe,bot", "--seed", "1", "--save", (dir / "a.jsonl").string()});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("player 1's name is not UTF-8 text"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
  // Truncated, overlong and surrogate sequences are not UTF-8 either; real UTF-8 is a name.
  for (const char* name : {"Ann\xc3", "\xc0\xaf", "\xed\xa0\x80"}) {
    r = run_inbetween({"play", "--players", std::string(name) + ",bot", "--save", (dir / "b.jsonl").string()});
    EXPECT_NE(r.err.find("player 1's name is not UTF-8 text"), std::string::npos) << r.err;
  }
  r = run_inbetween({"play", "--players", "Zoë,bot", "--save", (dir / "c.jsonl").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  // A rule file whose path is not UTF-8: the save could not record it.
  fs::path odd = dir / "rules-\xff.toml";
  fs::copy_file(fs::path(INBETWEEN_SOURCE_DIR) / "rules" / "hoyle.toml", odd);
  r = run_inbetween({"play", "--rules", odd.string(), "--players", "Ann,bot", "--save", (dir / "d.jsonl").string()});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("the name is not UTF-8 text, which the saved game records it as; rename the file"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "d.jsonl"));
  fs::remove_all(dir);
}

TEST(HostileInput, SimulateRefusesAGameCountOutOfRangeAndABadTemporaryFolder) {
  // "-5" was read as 2^64 - 5 games: a run that never ended.
  for (const char* games : {"-5", "0", "1000000000001"}) {
    auto r = run_inbetween({"simulate", "--games", games});
    EXPECT_EQ(r.status, 2) << games << r.out;
    EXPECT_NE(r.err.find("--games"), std::string::npos) << r.err;
  }
  // The chart's scratch folder: a TMPDIR that is no folder was the filesystem library's error.
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) GTEST_SKIP() << "gnuplot is not installed";
  setenv("TMPDIR", "/nonexistent-inbetween-tmp", 1);
  auto r = run_inbetween({"simulate", "--games", "10", "--chart", "x.svg"});
  unsetenv("TMPDIR");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("--chart x.svg: no folder for gnuplot's input"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("filesystem error"), std::string::npos) << r.err;
}

}  // namespace
