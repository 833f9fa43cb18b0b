// Saves that survive a crash and show tampering (issue 10): the file `play` writes as the game
// goes (protocol::SaveFile) and the one reader of `replay` and `play --load`
// (protocol::read_saved_game). A save is created whole through a temporary file that never
// follows a link, then grows a checksummed line per move; an edit, a lost or moved line and a
// torn last line are found and named by their line; a process killed at any moment leaves a
// save that is a prefix of the game and plays on to the same end.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/saved_game.h"
#include "support/run_inbetween.h"
#include "support/temp_folder.h"

namespace {

using namespace inbetween;
using inbetween::testing::run_inbetween;
using protocol::json;
namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  return text;
}

// A short hoyle game's log: the `new` request and three bets.
json a_log() {
  json log = json::array();
  log.push_back({{"cmd", "new"}, {"rules", "hoyle"}, {"players", {"Ann", "Bob"}}, {"seed", 5}, {"dealing", 2}});
  for (const char* who : {"Ann", "Bob", "Ann"})
    log.push_back({{"cmd", "act"}, {"player", who}, {"action", {{"type", "bet"}, {"amount", 1}}}});
  return log;
}

// The message of the ProtocolError that reading `text` throws; empty when it is read.
std::string refusal(const std::string& text) {
  try {
    protocol::read_saved_game(text, "g.jsonl");
  } catch (const protocol::ProtocolError& e) {
    return e.what();
  }
  return "";
}

class SaveFile : public testing_support::TempFolderTest {
 protected:
  // The text of a save of a_log() written by SaveFile.
  std::string saved_text() {
    std::string path = (dir_ / "written.jsonl").string();
    fs::remove(path);
    protocol::SaveFile save(path, a_log(), false);
    return read_file(path);
  }
};

TEST_F(SaveFile, WrittenWholeWithAChecksumPerLineAndReadBack) {
  std::string path = (dir_ / "g.jsonl").string();
  json log = a_log();
  json start = json::array({log[0]});
  {
    protocol::SaveFile save(path, start, false);
    save.update(log);
    save.update(log);  // nothing new: nothing written
  }
  std::string text = read_file(path);
  auto lines = lines_of(text);
  ASSERT_EQ(lines.size(), 4u) << text;
  for (const auto& line : lines) EXPECT_NE(line.find(",\"sum\":\""), std::string::npos) << line;
  EXPECT_EQ(text, saved_text()) << "the same lines, however they were written";
  auto saved = protocol::load_saved_game(path);
  EXPECT_EQ(saved.request, log[0]);
  ASSERT_EQ(saved.moves.size(), 3u);
  EXPECT_EQ(saved.moves[2], log[3]);
  EXPECT_EQ(saved.lines, std::vector<int>({2, 3, 4}));
  EXPECT_TRUE(saved.notes.empty());
  // Only its owner may read it: it holds the seed (docs/security.md).
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST_F(SaveFile, AnEditAMissingOrMovedLineIsRefusedWithItsLine) {
  auto lines = lines_of(saved_text());
  // One bet raised from 1 to 2, the sum left as it was.
  auto edited = lines;
  edited[2].replace(edited[2].find("\"amount\":1"), 10, "\"amount\":2");
  EXPECT_EQ(refusal(joined(edited)),
            "g.jsonl:3: the checksum does not match: this line or one before it was changed after it was saved");
  // The starting chips of the `new` line, with a key added.
  edited = lines;
  edited[0].insert(1, "\"set\":{\"start_chips\":21},");
  EXPECT_EQ(refusal(joined(edited)), "g.jsonl:1: the checksum does not match: this line or one before it was changed after it was saved");
  // A line taken out, two lines swapped: the chain breaks at the first line out of place.
  edited = lines;
  edited.erase(edited.begin() + 1);
  EXPECT_NE(refusal(joined(edited)).find("g.jsonl:2: the checksum does not match"), std::string::npos);
  edited = lines;
  std::swap(edited[2], edited[3]);
  EXPECT_NE(refusal(joined(edited)).find("g.jsonl:3: the checksum does not match"), std::string::npos);
  // A line added by hand, without a checksum; a checksum moved from the line's end.
  edited = lines;
  edited.push_back(R"({"cmd":"act","player":"Bob","action":{"type":"bet","amount":1}})");
  EXPECT_EQ(refusal(joined(edited)), "g.jsonl:5: no checksum, while the lines before it have one: a line added by hand?");
  edited = lines;
  auto at = edited[1].find(",\"sum\"");
  edited[1] = "{" + edited[1].substr(at + 1, edited[1].size() - at - 2) + "," + edited[1].substr(1, at - 1) + "}";
  EXPECT_EQ(refusal(joined(edited)), "g.jsonl:2: the checksum is not at the line's end, where inbetween writes it: the line was edited");
  // Lines from a file without checksums spliced in.
  edited = {R"({"cmd":"new","rules":"hoyle","players":["Ann","Bob"],"seed":5,"dealing":2})", lines[1]};
  EXPECT_EQ(refusal(joined(edited)), "g.jsonl:2: a checksum in a file whose first line has none: lines from two files?");
  // Corrupted bytes in the middle: not JSON.
  edited = lines;
  edited[1][5] = '\x01';
  EXPECT_NE(refusal(joined(edited)).find("g.jsonl:2: not a JSON line"), std::string::npos);
}

// Found by the saved_game fuzz target: a "cmd" of another type threw the JSON library's error
// ("type must be string, but is object") past `replay` and `play --load`.
TEST_F(SaveFile, ACmdThatIsNoStringIsRefusedWithItsLine) {
  std::string game = R"({"cmd":"new","rules":"hoyle","players":["Ann","Bob"],"seed":5,"dealing":2})";
  EXPECT_EQ(refusal(game + "\n{\"cmd\":{\"x\":1}}\n"), "g.jsonl:2: \"cmd\" must be a string such as \"act\", not a JSON object");
  EXPECT_EQ(refusal("{\"cmd\":7}\n"), "g.jsonl:1: \"cmd\" must be a string such as \"act\", not a JSON number");
  std::string path = write("odd.jsonl", game + "\n{\"cmd\":[\"act\"]}\n");
  for (auto args : {std::vector<std::string>{"replay", path}, std::vector<std::string>{"play", "--load", path}}) {
    auto r = run_inbetween(args);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.err.find(path + ":2: \"cmd\" must be a string such as \"act\", not a JSON array"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
  }
}

TEST_F(SaveFile, ATornLastLineIsLeftOutWithANote) {
  std::string text = saved_text();
  auto lines = lines_of(text);
  for (std::size_t cut : {std::size_t{1}, lines[3].size() / 2, lines[3].size() - 1}) {
    std::string torn = joined({lines[0], lines[1], lines[2]}) + lines[3].substr(0, cut);
    auto saved = protocol::read_saved_game(torn, "g.jsonl");
    EXPECT_EQ(saved.moves.size(), 2u);
    ASSERT_EQ(saved.notes.size(), 1u);
    EXPECT_TRUE(saved.notes[0].starts_with("g.jsonl:4: the last line is incomplete (")) << saved.notes[0];
    EXPECT_TRUE(saved.notes[0].ends_with("as when the program is stopped while saving it; it is left out")) << saved.notes[0];
  }
  // The whole line with only its newline lost is whole.
  auto saved = protocol::read_saved_game(text.substr(0, text.size() - 1), "g.jsonl");
  EXPECT_EQ(saved.moves.size(), 3u);
  EXPECT_TRUE(saved.notes.empty());
  // A torn line that is not the last is a corruption; a torn first line leaves no game.
  EXPECT_NE(refusal(joined({lines[0], lines[1].substr(0, 20), lines[2]})).find("g.jsonl:2: not a JSON line"), std::string::npos);
  EXPECT_NE(refusal(lines[0].substr(0, 30)).find("g.jsonl:1: not a JSON line"), std::string::npos);
  EXPECT_EQ(refusal(""), "g.jsonl: the first line must be the game's \"new\" request");
}

TEST_F(SaveFile, AProtocolLogWithoutChecksumsIsReadWithANote) {
  std::string text;
  for (const auto& line : a_log()) text += line.dump() + "\n";
  auto saved = protocol::read_saved_game(text, "log.jsonl");
  EXPECT_EQ(saved.moves.size(), 3u);
  ASSERT_EQ(saved.notes.size(), 1u);
  EXPECT_EQ(saved.notes[0], "log.jsonl has no checksums (a protocol log, not a save of `inbetween play`): a change to it could not be noticed");
}

TEST_F(SaveFile, TheTemporaryFileNeverFollowsALinkAndAStaleOneIsReplaced) {
  fs::path victim = dir_ / "victim.txt", save = dir_ / "g.jsonl";
  std::ofstream(victim) << "precious\n";
  fs::create_symlink(victim, save.string() + ".tmp");
  { protocol::SaveFile file(save.string(), a_log(), false); }
  EXPECT_EQ(read_file(victim), "precious\n");
  EXPECT_EQ(protocol::load_saved_game(save.string()).moves.size(), 3u);
  EXPECT_FALSE(fs::exists(fs::symlink_status(save.string() + ".tmp")));
  // A stale temporary file left by a kill, and a save loaded back into its own file.
  std::ofstream(save.string() + ".tmp") << "half a line";
  { protocol::SaveFile file(save.string(), a_log(), true); }
  EXPECT_EQ(protocol::load_saved_game(save.string()).moves.size(), 3u);
  EXPECT_FALSE(fs::exists(save.string() + ".tmp"));
}

TEST_F(SaveFile, AGameNeverOverwritesAnotherAndAFifoIsNotRead) {
  fs::path save = dir_ / "g.jsonl";
  std::ofstream(save) << "another game\n";
  try {
    protocol::SaveFile file(save.string(), a_log(), false);
    ADD_FAILURE() << "an existing file was overwritten";
  } catch (const protocol::ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find("that file already holds a game"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_file(save), "another game\n");
  EXPECT_FALSE(fs::exists(save.string() + ".tmp"));
  fs::path fifo = dir_ / "fifo.jsonl";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto r = run_inbetween({"replay", fifo.string()});  // a FIFO opened to be read to its end would block
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(fifo.string() + ": not a regular file"), std::string::npos) << r.err;
}

// ---- the program: `play`, `replay`, `play --load` ------------------------------------------

class SavedPlay : public testing_support::TempFolderTest {
 protected:
  inbetween::testing::Result play(std::vector<std::string> args, const std::string& input = "") {
    std::vector<std::string> all{"play", "--color", "never"};
    all.insert(all.end(), args.begin(), args.end());
    return run_inbetween(all, input, dir_);
  }
};

const std::vector<std::string> kBots = {"--rules", "hoyle", "--players", "bot,bot:random,bot:cautious", "--set", "deals=4"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_F(SavedPlay, AnEditedSaveIsRefusedByReplayAndLoadWithItsLine) {
  auto r = play(with(kBots, {"--seed", "4", "--save", "g.jsonl"}));
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = lines_of(read_file(dir_ / "g.jsonl"));
  ASSERT_GT(lines.size(), 5u);
  EXPECT_NE(lines[0].find("\"program\":\"inbetween " INBETWEEN_VERSION "\""), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("\"dealing\":2"), std::string::npos) << lines[0];
  // The first bet after line 4 made one chip larger or smaller.
  std::size_t line = 4, at = std::string::npos;
  while (line < lines.size() && (at = lines[line].find("\"amount\":")) == std::string::npos) ++line;
  ASSERT_LT(line, lines.size());
  lines[line][at + 9] = lines[line][at + 9] == '1' ? '2' : '1';
  std::ofstream(dir_ / "edited.jsonl") << joined(lines);
  for (auto args : {std::vector<std::string>{"replay", "edited.jsonl"}, std::vector<std::string>{"play", "--load", "edited.jsonl"}}) {
    r = run_inbetween(args, "", dir_);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.err.find("edited.jsonl:" + std::to_string(line + 1) + ": the checksum does not match"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST_F(SavedPlay, ASaveNamingAFolderIsRefused) {
  fs::create_directories(dir_ / "games");
  auto r = play(with(kBots, {"--save", "games"}));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--save games: that is a folder; name a file for the game, e.g. --save games/inbetween-game.jsonl"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "games.tmp"));
}

// The whole program, as the issue found it: `play` wrote through g.jsonl.tmp -> another file.
TEST_F(SavedPlay, PlayNeverWritesThroughALinkAtTheTemporaryName) {
  std::ofstream(dir_ / "victim.txt") << "precious\n";
  fs::create_symlink(dir_ / "victim.txt", dir_ / "g.jsonl.tmp");
  auto r = play(with(kBots, {"--seed", "3", "--save", "g.jsonl"}));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir_ / "victim.txt"), "precious\n");
  EXPECT_EQ(run_inbetween({"replay", "g.jsonl"}, "", dir_).status, 0);
  EXPECT_FALSE(fs::exists(fs::symlink_status(dir_ / "g.jsonl.tmp")));
}

TEST_F(SavedPlay, ATornSaveLoadsWithANoteAndIsMadeWhole) {
  auto r = play(with(kBots, {"--seed", "8", "--save", "whole.jsonl"}));
  ASSERT_EQ(r.status, 0) << r.err;
  std::string whole = read_file(dir_ / "whole.jsonl");
  auto lines = lines_of(whole);
  ASSERT_GT(lines.size(), 6u);
  // Cut in the middle of line 6, as a power cut while it was written would leave it.
  std::string torn = joined({lines.begin(), lines.begin() + 5}) + lines[5].substr(0, 40);
  std::ofstream(dir_ / "torn.jsonl") << torn;
  r = run_inbetween({"replay", "torn.jsonl"}, "", dir_);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("torn.jsonl:6: the last line is incomplete"), std::string::npos) << r.err;
  r = play({"--load", "torn.jsonl"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Note: torn.jsonl:6: the last line is incomplete"), std::string::npos) << r.out;
  // Played on to the end from line 5, the game is the uninterrupted one, line for line.
  EXPECT_EQ(read_file(dir_ / "torn.jsonl"), whole);
}

// A playing process killed (SIGKILL) at many moments: after its N-th line of output, N drawn
// from a seeded generator. Each save left behind is a prefix of the uninterrupted game's save,
// line for line, replays, and some are played on to the end: the same game as the uninterrupted one.
TEST_F(SavedPlay, KilledAtAnyMomentTheSaveIsAPrefixThatPlaysOn) {
  // 60 deals of 100 chips: about 120 moves and 20 KB of narration, five times what the pipe
  // and the program's output buffer hold, so the kills fall all through the game.
  const std::vector<std::string> game = with(kBots, {"--seed", "21", "--set", "deals=60", "--set", "start_chips=100"});
  auto r = play(with(game, {"--save", "whole.jsonl"}));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string whole = read_file(dir_ / "whole.jsonl");
  const auto whole_lines = lines_of(whole);
  const auto output_lines = lines_of(r.out).size();
  ASSERT_GT(whole_lines.size(), 100u);

  std::mt19937 pick(2024);
  int kills = 0, saves = 0, played_on = 0;
  for (int round = 0; round < 30; ++round) {
    fs::path save = dir_ / ("killed-" + std::to_string(round) + ".jsonl");
    std::size_t after = std::uniform_int_distribution<std::size_t>(0, output_lines - 1)(pick);
    // On a terminal the program's output is line-buffered: it writes a line at a time and, once
    // the terminal's buffer is full, waits at a line, not at a 4 KB block.
    int terminal = -1;
    pid_t pid = forkpty(&terminal, nullptr, nullptr, nullptr);
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      if (chdir(dir_.c_str()) != 0) _exit(126);
      std::vector<std::string> args{INBETWEEN_BINARY, "play", "--color", "never", "--save", save.filename().string()};
      args.insert(args.end(), game.begin(), game.end());
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(INBETWEEN_BINARY, argv.data());
      _exit(127);
    }
    std::size_t seen = 0;
    char c;
    while (seen < after && read(terminal, &c, 1) == 1) seen += c == '\n';
    kills += kill(pid, SIGKILL) == 0;
    int status = 0;
    waitpid(pid, &status, 0);
    close(terminal);

    SCOPED_TRACE("killed after output line " + std::to_string(after) + ", save " + save.string());
    if (!fs::exists(save)) continue;  // killed before the first save was in place
    ++saves;
    std::string text = read_file(save);
    ASSERT_TRUE(whole.starts_with(text)) << "not a prefix of the game:\n" << text;
    ASSERT_FALSE(text.empty());
    // A kill lands between whole lines, but the kernel may stop a write that crosses a page
    // for a fatal signal: then the torn last line is left out, with a note.
    bool torn = text.back() != '\n';
    auto replayed = run_inbetween({"replay", save.filename().string()}, "", dir_);
    ASSERT_EQ(replayed.status, 0) << replayed.err;
    if (torn) EXPECT_NE(replayed.err.find("the last line is incomplete"), std::string::npos) << replayed.err;
    else EXPECT_TRUE(replayed.err.empty()) << replayed.err;
    if (round % 5 == 0) {
      auto rest = run_inbetween({"play", "--color", "never", "--load", save.filename().string()}, "", dir_);
      ASSERT_EQ(rest.status, 0) << rest.err;
      EXPECT_EQ(read_file(save), whole) << "played on, the game went another way";
      ++played_on;
    }
  }
  EXPECT_GE(kills, 25);
  EXPECT_GE(saves, 15);
  EXPECT_GE(played_on, 3);
}

}  // namespace
