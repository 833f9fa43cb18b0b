#pragma once
// The server's event store: every table, seat, game and accepted move, appended to an SQLite
// file in WAL mode. A move is committed before anyone hears of it, so a restarted server
// rebuilds every table exactly from what is here (docs/server.md).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace inbetween::server {

// A seat as stored: who sits there and the hash of its token (never the token itself).
struct StoredSeat {
  int seat = 0;
  std::string name;
  std::string bot;         // the bot kind, empty for a person
  std::string token_hash;  // SHA-256 of the seat's token, empty for a bot
};

// One game at a table: its seed and commitment from the start, its `new` request and opening
// events once started, and every accepted move as its `act` line (with the events it caused).
struct StoredGame {
  int game = 1;
  std::uint64_t seed = 0;
  std::string commit;
  std::string new_request;  // empty while the table waits for its players
  std::string opening;      // JSON array of the opening events
  std::vector<std::string> moves;
};

// A table as stored: how it was created, its seats and its games (oldest first).
struct StoredTable {
  std::string code;
  std::string rules;       // a preset name, or empty when rules_text is given
  std::string rules_text;
  std::string sets;        // JSON object knob -> value
  int seats = 0;
  int timeout_seconds = 60;
  std::vector<StoredSeat> seated;
  std::vector<StoredGame> games;
};

// Thrown when the store cannot be opened or written; the server reports it and stops.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Store {
 public:
  // Opens (or creates) the file; WAL mode, synchronous=NORMAL: a commit survives the process
  // being killed at any moment (not a power cut, which FULL would cost an fsync per move for).
  explicit Store(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void add_table(const StoredTable& table);
  void put_seat(const std::string& code, const StoredSeat& seat);
  void add_game(const std::string& code, const StoredGame& game);
  void start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening);
  // Appends move `n` (0-based) of a game; committed when this returns.
  void add_move(const std::string& code, int game, std::size_t n, const std::string& line);
  // Every table, with its seats, games and moves, in the order they were created.
  std::vector<StoredTable> load() const;

 private:
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace inbetween::server
