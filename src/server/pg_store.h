#pragma once
// The shared store: PostgreSQL through libpqxx, for several table servers on one database
// (docs/scale-out.md). Its schema is versioned (table inbetween_schema) and migrated on open.
// Each table is played by one server at a time, the one holding its lease; every write to a
// table is fenced by that lease, so a server that lost it (paused, cut off) can never append.
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/store.h"

namespace inbetween::server {

class PgStore final : public Store {
 public:
  // Connects to `uri` (any libpq connection URI) and migrates the schema; `node` names this
  // server in the leases (made unique per process); a lease lapses `lease` after its last renewal.
  // Throws StoreError.
  PgStore(const std::string& uri, const std::string& node, std::chrono::seconds lease = std::chrono::seconds(10));
  ~PgStore() override;
  PgStore(const PgStore&) = delete;
  PgStore& operator=(const PgStore&) = delete;

  // The schema version this build writes.
  static constexpr int kSchemaVersion = 2;

  void add_table(const StoredTable& table) override;
  void put_seat(const std::string& code, const StoredSeat& seat) override;
  void add_game(const std::string& code, const StoredGame& game) override;
  void commit_game(const std::string& code, int game, const std::string& commit) override;
  void start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening) override;
  void set_abandoned(const std::string& code, bool abandoned) override;
  void add_move(const std::string& code, int game, std::size_t n, const std::string& line) override;
  void add_chat(const std::string& code, const StoredChat& line) override;
  void finish_game(const std::string& code, int game) override;
  std::vector<StoredTable> load_live() const override;
  std::optional<StoredTable> load_table(const std::string& code) const override;
  std::optional<StoredGame> load_game(const std::string& code, int game) const override;
  std::vector<std::string> load_moves(const std::string& code, int game, std::size_t from, std::size_t count) const override;
  bool has_table(const std::string& code) const override;

  bool take_lease(const std::string& code) override;
  std::vector<std::string> renew_leases() override;
  void release_lease(const std::string& code) override;
  std::string node() const override { return node_; }
  void announce(const std::string& address, const std::string& announcement) override;
  std::string player_of(const std::string& code) const override;
  std::vector<std::string> announcements_elsewhere() const override;
  std::string cluster_secret() const override { return secret_; }

 private:
  void migrate();
  // Runs `work` in one Transaction on a pooled connection; database errors become StoreUnavailable (the
  // connection broke: refused, and tried again on the next call) or StoreError naming `what`.
  template <class Transaction, class Work>
  auto transact(const char* what, Work&& work) const;
  std::vector<StoredTable> load_where(const std::string& where, const std::string& code) const;
  // The term of this server's lease on `code`; LeaseLost when it holds none.
  long long held(const std::string& code) const;

  std::string uri_;
  std::string node_;
  std::chrono::seconds lease_;
  std::string secret_;  // the cluster's, read at open
  mutable std::mutex mutex_;  // terms_
  // Connections to the database, each used by one transaction at a time, so tables commit at once.
  struct Connection;  // libpqxx's, which a header cannot name ahead
  class Borrowed;
  static constexpr int kConnections = 8;
  std::unique_ptr<Connection> borrow() const;  // waits while all are in use; throws when none can be made
  void give_back(std::unique_ptr<Connection> connection) const;  // null: it broke
  void forget_idle() const;  // drops the idle connections (one broke: the database went away)
  mutable std::mutex pool_mutex_;
  mutable std::condition_variable pool_free_;
  mutable std::vector<std::unique_ptr<Connection>> idle_;
  mutable int open_ = 0;
  std::map<std::string, long long> terms_;  // the leases this server holds: table -> term
};

}  // namespace inbetween::server
