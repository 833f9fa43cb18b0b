#pragma once
// The embedded store: one SQLite file in WAL mode (synchronous=NORMAL: a commit survives the
// process being killed at any moment, not a power cut, which FULL would cost an fsync per move
// for), its log copied back into the file on a thread of its own (WalCheckpointer). Its schema
// is versioned (PRAGMA user_version) and migrated on open.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/store.h"
#include "server/wal_checkpointer.h"

namespace SQLite {
class Database;
class Exception;
class Statement;
}

namespace inbetween::server {

class SqliteStore final : public Store {
 public:
  // Opens (or creates) the file and migrates its schema; throws StoreError.
  explicit SqliteStore(const std::string& path);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  // The schema version this build writes.
  static constexpr int kSchemaVersion = 5;

  void add_table(const StoredTable& table) override;
  void put_seat(const std::string& code, const StoredSeat& seat) override;
  void add_game(const std::string& code, const StoredGame& game) override;
  void commit_game(const std::string& code, int game, const std::string& commit) override;
  void start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening) override;
  void set_abandoned(const std::string& code, bool abandoned) override;
  void add_move(const std::string& code, int game, std::size_t n, const std::string& line) override;
  void add_chat(const std::string& code, const StoredChat& line) override;
  void finish_game(const std::string& code, int game) override;
  void release_memory() override;
  void hold_commits(bool hold) override;
  std::uint64_t written() const override;
  std::uint64_t settle() override;
  std::vector<StoredTable> load_live() const override;
  std::optional<StoredTable> load_table(const std::string& code) const override;
  std::optional<StoredGame> load_game(const std::string& code, int game) const override;
  std::vector<std::string> load_moves(const std::string& code, int game, std::size_t from, std::size_t count) const override;
  bool has_table(const std::string& code) const override;

  // The bytes of the writer's page cache (for the tests).
  std::int64_t cache_bytes() const;

  // The checkpointer of a file's log (none for a store in memory), for the tests.
  WalCheckpointer* checkpointer() { return checkpointer_.get(); }

 private:
  void migrate(const std::string& path);
  // Runs `write` under mutex_ (held by the caller), in the open transaction where commits are
  // held; turns SQLite's exceptions into StoreError naming `what` was being written.
  template <class Write>
  void write(const char* what, Write&& write);
  // Writes the moves held by add_move() into the open transaction (one opened if none is);
  // mutex_ held. Throws StoreError, the transaction then lost.
  void write_held_moves() const;
  void insert_move(const std::string& code, int game, std::size_t n, const std::string& line) const;
  // Gives up the open transaction after `e` (rolled back if SQLite has not): every later settle()
  // throws, naming it.
  void lose_transaction(const SQLite::Exception& e) const;
  // The tables chosen by `where` (a condition on the tables' columns), with seats, games, moves.
  std::vector<StoredTable> load_where(const std::string& where, const std::string& code) const;

  // Tables play on several threads at once; one connection, one writer at a time.
  mutable std::mutex mutex_;
  std::unique_ptr<SQLite::Database> db_;
  // A move's insert, prepared once: it runs for every move of every table.
  mutable std::unique_ptr<SQLite::Statement> insert_move_;
  // While commits are held, a move waits here for settle() (or a read) to write it, so that a
  // table storing its move never waits for another thread's commit (docs/performance.md, "A network
  // thread's own connections"). Taken after mutex_, never before.
  struct HeldMove {
    std::string code;
    int game;
    std::size_t n;
    std::string line;
  };
  mutable std::mutex held_mutex_;
  mutable std::vector<HeldMove> held_moves_;
  bool holding_ = false;       // hold_commits(): writes wait in one transaction for settle(); set under both locks
  mutable bool open_ = false;  // that transaction is open
  mutable std::string lost_;   // why the writes held were lost (an error rolled the transaction back)
  std::atomic<std::uint64_t> written_{0};
  // Last: it is stopped, and gives the writer its hook back, before the writer closes.
  std::unique_ptr<WalCheckpointer> checkpointer_;
};

}  // namespace inbetween::server
