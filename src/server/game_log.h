#pragma once
// A finished game read back from the store for its log, its check and its replay, its moves a
// page at a time (Store::load_moves): what one of these holds is a page, never the whole game,
// so a check of a game of 80,000 events costs no more memory than the game's own replay
// (docs/server.md, "HTTP"). Any thread may use them: the store has its own lock.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/made_by.h"
#include "server/store.h"
#include "server/verify.h"

namespace inbetween::server {

// A game's moves as stored (their `act` lines), read from the store a page at a time.
class StoredMoves {
 public:
  StoredMoves(const Store& store, std::string code, int game, std::size_t from = 0);
  // The next move's line; nullptr after the last. Throws StoreError.
  const std::string* next();

 private:
  const Store& store_;
  std::string code_;
  int game_;
  std::size_t from_;  // the first move of the next page
  std::vector<std::string> page_;
  std::size_t at_ = 0;
  bool last_page_ = false;
};

// A finished game's log as `/tables/CODE/log` gives it, written a part at a time: its `new` line
// (with table, game, commitment and the opening events), then each move's line.
class GameLog {
 public:
  // `game`: the game as stored, its moves unread (Store::load_game, Room::finished_game_copy).
  GameLog(const Store& store, std::string code, StoredGame game);
  // The next whole lines of the log, about `bytes` of text (one line at least); empty once the
  // log is written out. Throws StoreError.
  std::string next(std::size_t bytes = 64 * 1024);

 private:
  std::string code_;
  StoredGame game_;
  StoredMoves moves_;
  bool started_ = false;
};

// The log's first line: the `new` request with the table, game, commitment (and its parts, for
// a version 2 game, so that `verify` names what an edit changed) and the opening events.
nlohmann::json log_first_line(const std::string& code, const StoredGame& game);
// A finished game's whole log, one JSON line each (the tests', and a log small enough to hold).
std::vector<nlohmann::json> log_lines(const Store& store, const std::string& code, const StoredGame& game);
// `inbetween verify` of a finished game as stored, its log read a part at a time (`name` names it
// in the report), checked by the commitment scheme it was made by.
VerifyReport verify_stored(const Store& store, const std::string& code, const StoredGame& game, const std::string& name);
// The `played_for` event said before the events of a move the server made for `player` (`by`
// their clock or while they were away) with the family's stand-in bot.
nlohmann::json played_for_event(const std::string& stand_in, const std::string& player, protocol::MadeBy by);
// Events `from` to `to` of a game's list as a table's messages give it (its opening's, then each
// move's, a `played_for` before those of a move the server made for a person), read from the
// store up to the `to`th: what a Room no longer holds. Throws StoreError.
nlohmann::json stored_events(const Store& store, const std::string& code, const StoredGame& game, const std::string& stand_in,
                             std::size_t from, std::size_t to);
// Steps `from` to `from + count` (at most) of a finished game (docs/server.md `replay`): its
// moves replayed up to the last of them, read a page at a time. Throws StoreError.
nlohmann::json replay_steps(const Store& store, const std::string& code, const StoredGame& game, std::size_t from = 0,
                            std::size_t count = SIZE_MAX);

}  // namespace inbetween::server
