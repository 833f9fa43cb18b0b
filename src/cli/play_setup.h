#pragma once
// What both terminal games share: the table from --players, saving and loading a game.
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/text.h"
#include "protocol/saved_game.h"

namespace inbetween::cli {

// The seats of --players, trimmed; an empty list or an empty seat is a CommandLineError.
std::vector<std::string> player_entries(const std::string& text);

// Whether two paths name one file (the same text, or links to one file).
bool same_file(const std::string& a, const std::string& b);

// Where a game is saved: --save, unless that file holds another game (a new game, or a loaded
// one saved elsewhere): then the default name steps on to inbetween-game-2.jsonl... (`note`
// says so), and a file named with --save is refused (CommandLineError).
std::string choose_save_path(const PlayOptions& options, std::string& note);

// The `new` request for the play options; `bot` / `bot:KIND` seats become bot1, bot2... and
// are listed under "bots" (their kinds are checked when the game's family is known).
protocol::json play_request(const PlayOptions& options);

using protocol::load_saved_game;
using protocol::SavedGame;

// The game's save as it goes (protocol::SaveFile), or none when --save is empty.
class GameSave {
 public:
  // Writes the game so far to `path`: a new file, or for a game loaded from `path` itself its
  // own file replaced whole (so a torn last line or a file without checksums is made whole).
  GameSave(const std::string& path, const protocol::GameSession& session, bool own_file);
  // Appends the moves made since the last save.
  void update(const protocol::GameSession& session);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::optional<protocol::SaveFile> file_;
};

// Ctrl-C handling for the terminal games: after catch_interrupt(), interrupted() tells.
void catch_interrupt();
bool interrupted();

// Seats played by bots in a saved game's request: name -> kind (checked against `kinds`).
std::map<std::string, std::string> saved_bots(const SavedGame& saved, const std::vector<std::string>& kinds);

// Saves the game and says how to carry on; the exit status of a game left before its end.
int leave_table(const protocol::GameSession& session, GameSave& save, const std::string& why, std::ostream& out);

// The knob overrides a `new` request sets, as "knob=value".
std::vector<std::string> request_overrides(const protocol::json& request);

}  // namespace inbetween::cli
