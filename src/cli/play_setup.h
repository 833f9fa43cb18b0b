#pragma once
// What both terminal games share: the table from --players, saving and loading a game.
#include <string>
#include <vector>

#include "cli/commands.h"
#include "protocol/session.h"

namespace inbetween::cli {

// Comma-separated entries, trimmed, empties dropped.
std::vector<std::string> split_list(const std::string& text, char sep = ',');
std::string lower_case(std::string text);

// The `new` request for the play options; `bot` / `bot:KIND` seats become bot1, bot2... and
// are listed under "bots". `kinds` are the bot kinds this game has.
protocol::json play_request(const PlayOptions& options, const std::vector<std::string>& kinds);

// A saved game: its `new` request and its moves. Throws ProtocolError for a bad file.
struct SavedGame {
  protocol::json request;
  std::vector<protocol::json> moves;
};
SavedGame load_saved_game(const std::string& path);

// Writes the session's log (one protocol line each) to `path`, atomically.
void save_game(const protocol::GameSession& session, const std::string& path);

// The rules family the options (or the saved game) play: "pot" or "threebetween".
std::string play_family(const PlayOptions& options);

}  // namespace inbetween::cli
