#pragma once
// The server's event store as an interface: every table, seat, game and accepted move, appended
// (docs/server.md). What a table is stored as is plain data here; the SQL is in an adapter.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace inbetween::server {

// A seat as stored: who sits there and the hash of its token (never the token itself).
struct StoredSeat {
  int seat = 0;
  std::string name;
  std::string bot;         // the bot kind, empty for a person
  std::string token_hash;  // SHA-256 of the seat's token, empty for a bot
};

// One game at a table: its seed from the start, its commitment once every seat is filled (a
// version 1 game: from the start), its `new` request and opening events once started, and every
// accepted move as its `act` line (with the events it caused), where they were read: a game
// read without them (Store::load_game, a Room's games) has only their count, and its moves are
// read a page at a time (Store::load_moves; server/game_log.h).
struct StoredGame {
  int game = 1;
  std::uint64_t seed = 0;
  std::string commit;
  std::string new_request;  // empty while the table waits for its players
  std::string opening;      // JSON array of the opening events
  std::vector<std::string> moves;
  bool over = false;  // finish_game was called for it
  int commitment_version = 1;  // the scheme `commit` was made by (server/fairness.h); 1: stored before versions
  std::size_t move_count = 0;  // how many moves it has, whether `moves` holds them or not
};

// A chat line as kept: its number at the table (from 1, in the order said, never reused) and who
// said what (a seat's name, "watcher" or "server"), cleaned as it was told.
struct StoredChat {
  std::int64_t n = 0;
  std::string from;
  std::string text;
};

// The chat lines a table keeps (its last ones, across its games); older ones are deleted.
inline constexpr std::size_t kChatKept = 100;

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
  bool private_table = false;  // not listed by `tables`: joined by its code only
  std::string creator;         // the address that created it (the open tables an address may hold)
  std::vector<StoredChat> chat = {};  // its last kChatKept chat lines, oldest first
};

// Thrown when the store cannot be opened or written; the server reports it and stops.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The store cannot be reached for now (a shared database restarting, the network between): the
// write did not happen, the request is refused (`store_unavailable`) and the server goes on; the
// next write tries again.
struct StoreUnavailable : StoreError {
  using StoreError::StoreError;
};

// The table's lease is another server's (this one was paused or cut off past its lease): the
// write did not happen, and this server must let the table go (`table_moved`).
struct LeaseLost : StoreError {
  using StoreError::StoreError;
};

// Where a server keeps its tables: every table, seat, game and accepted move, appended. A move is
// committed before anyone hears of it, so a restarted server rebuilds every table exactly from
// what is here. SqliteStore (sqlite_store.h) is the embedded default; the SQL stays in an
// adapter, and every adapter passes the same contract (tests/store_test.cpp).
class Store {
 public:
  virtual ~Store() = default;

  virtual void add_table(const StoredTable& table) = 0;
  virtual void put_seat(const std::string& code, const StoredSeat& seat) = 0;
  virtual void add_game(const std::string& code, const StoredGame& game) = 0;
  // Records a game's commitment (made once every seat is filled).
  virtual void commit_game(const std::string& code, int game, const std::string& commit) = 0;
  virtual void start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening) = 0;
  // Appends move `n` (0-based) of a game; committed when this returns (or, where commits are
  // held, by the next settle()).
  virtual void add_move(const std::string& code, int game, std::size_t n, const std::string& line) = 0;
  // Marks a game over: a table whose last game is over is not replayed at start.
  virtual void finish_game(const std::string& code, int game) = 0;
  // Keeps a chat line of table `code` and deletes the table's lines older than its last
  // kChatKept; committed as a move is (before anyone hears of it). A number already kept is
  // refused (StoreError).
  virtual void add_chat(const std::string& code, const StoredChat& line) = 0;
  // Marks a table abandoned (nobody came back for it: not replayed at start, read when someone
  // asks for it) or, when someone does, not abandoned.
  virtual void set_abandoned(const std::string& code, bool abandoned) = 0;

  // Group commit (docs/server.md, "Group commit"). A store that can (the embedded one) holds its
  // commits back once asked: its writes then go into one open transaction, which settle()
  // commits, and whoever tells a client of a write waits until a settle() has covered it
  // (CommitGate), so many tables' moves share one commit and nothing is acknowledged unkept.
  // hold_commits(false) commits what is held and stops holding (the gate is gone); throws
  // StoreError as settle() does. A store that cannot hold them ignores it.
  virtual void hold_commits(bool hold) { (void)hold; }
  // How many writes were made so far (a number that only grows).
  virtual std::uint64_t written() const { return 0; }
  // Commits every write held; returns written() as it was at the commit. Throws StoreError when
  // the commit fails: the writes held are lost, and the server stops.
  virtual std::uint64_t settle() { return written(); }

  // Gives back the memory the store keeps only to be quick (SQLite's page cache), when the server
  // has let tables go or every client has left (docs/server.md, "Memory"). Never throws.
  virtual void release_memory() {}

  // Every table still in play (waiting for players, or its last game not over) and not abandoned,
  // with its seats, games, moves and chat, in the order they were created.
  virtual std::vector<StoredTable> load_live() const = 0;
  // One table, whatever its state (for a table that is over, read when someone asks for it).
  virtual std::optional<StoredTable> load_table(const std::string& code) const = 0;
  // Game `game` of table `code` (0: its last) without its moves (their count in move_count); none
  // when there is no such table or game. By default read through load_table(); an adapter reads
  // no move.
  virtual std::optional<StoredGame> load_game(const std::string& code, int game) const;
  // At most `count` moves of game `game` of table `code` from the `from`th (0-based) on, in order:
  // a long game's log, check or replay reads its moves a page at a time, never all at once. By
  // default read through load_table(); an adapter reads only the page.
  virtual std::vector<std::string> load_moves(const std::string& code, int game, std::size_t from, std::size_t count) const;
  virtual bool has_table(const std::string& code) const = 0;

  // Leases, for several servers on one database (docs/scale-out.md): a table is played by the
  // one server that holds its lease, and every write to it is fenced by that lease (LeaseLost).
  // An embedded store has one server, which holds every lease: these are then no-ops.
  // Takes (or keeps) the lease on a table; false when another server holds it.
  virtual bool take_lease(const std::string& code) {
    (void)code;
    return true;
  }
  // Renews every lease this server holds; returns the tables whose lease it lost.
  virtual std::vector<std::string> renew_leases() { return {}; }
  // Gives a table's lease up at once (the table was let go of), so another server may take it.
  virtual void release_lease(const std::string& code) { (void)code; }
  // This server's name in the leases (empty for an embedded store).
  virtual std::string node() const { return {}; }
  // Where the other servers reach this one (host:port), and what it tells them (JSON: the
  // summaries of the public tables it plays, as `tables` lists them, and the addresses it holds
  // off for flooding); written on start and with every renewal.
  virtual void announce(const std::string& address, const std::string& announcement) {
    (void)address;
    (void)announcement;
  }
  // Where the server that plays `code` under a live lease is reached; empty when no other
  // server does.
  virtual std::string player_of(const std::string& code) const {
    (void)code;
    return {};
  }
  // What the other live servers last announced.
  virtual std::vector<std::string> announcements_elsewhere() const { return {}; }
  // A secret every server on the database shares: a server forwarding a client's messages to
  // another proves with it that it is one of them (docs/scale-out.md).
  virtual std::string cluster_secret() const { return {}; }
};

// The store at `where`: a PostgreSQL connection URI (postgresql://... or postgres://...), with
// `node` naming this server in the leases, else an SQLite file (created if missing; ":memory:"
// for one in memory). Throws StoreError.
std::unique_ptr<Store> open_store(const std::string& where, const std::string& node = "",
                                  std::chrono::seconds lease = std::chrono::seconds(10));
// `where` as it may be shown: a PostgreSQL URI without its password.
std::string store_name(const std::string& where);

}  // namespace inbetween::server
