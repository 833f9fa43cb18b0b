#include "server/pg_store.h"

#include <fmt/format.h>
#include <unistd.h>

#include <pqxx/pqxx>
#include <algorithm>
#include <cstdint>
#include <random>

namespace inbetween::server {
namespace {

// Version 1: the whole schema of SqliteStore's version 4, and the leases.
constexpr const char* kPostgresSchemaV1 = R"(
CREATE TABLE tables(code TEXT PRIMARY KEY, created BIGSERIAL, rules TEXT NOT NULL, rules_text TEXT NOT NULL,
  sets TEXT NOT NULL, seats INTEGER NOT NULL, timeout INTEGER NOT NULL, private BOOLEAN NOT NULL DEFAULT false,
  creator TEXT NOT NULL DEFAULT '', abandoned BOOLEAN NOT NULL DEFAULT false);
CREATE TABLE seats(code TEXT NOT NULL REFERENCES tables, seat INTEGER NOT NULL, name TEXT NOT NULL, bot TEXT NOT NULL,
  token_hash TEXT NOT NULL, PRIMARY KEY(code, seat));
CREATE TABLE games(code TEXT NOT NULL REFERENCES tables, game INTEGER NOT NULL, seed TEXT NOT NULL,
  commit_hash TEXT NOT NULL, new_request TEXT NOT NULL, opening TEXT NOT NULL, over BOOLEAN NOT NULL DEFAULT false,
  commitment INTEGER NOT NULL DEFAULT 1, PRIMARY KEY(code, game));
CREATE TABLE moves(code TEXT NOT NULL, game INTEGER NOT NULL, n INTEGER NOT NULL, line TEXT NOT NULL,
  PRIMARY KEY(code, game, n), FOREIGN KEY(code, game) REFERENCES games);
CREATE TABLE leases(code TEXT PRIMARY KEY REFERENCES tables, node TEXT NOT NULL, term BIGINT NOT NULL,
  expires TIMESTAMPTZ NOT NULL);
CREATE TABLE nodes(node TEXT PRIMARY KEY, address TEXT NOT NULL, tables TEXT NOT NULL, seen TIMESTAMPTZ NOT NULL);
CREATE TABLE inbetween_cluster(secret TEXT NOT NULL);
INSERT INTO inbetween_cluster VALUES(encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea), 'hex'));
)";

// Version 2: each table's last chat lines (kChatKept).
constexpr const char* kPostgresSchemaV2 = R"(
CREATE TABLE IF NOT EXISTS chat(code TEXT NOT NULL REFERENCES tables, n BIGINT NOT NULL, speaker TEXT NOT NULL,
  text TEXT NOT NULL, PRIMARY KEY(code, n));
)";

// A lock every server takes while it migrates, so two starting at once do not both migrate.
constexpr long long kMigrationLock = 0x1b7e7ee9;

// This process's name in the leases: `node`, its host and process, and a random part, so a
// server restarted under the same name is never taken for the one before it.
std::string unique_node(const std::string& node) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  std::random_device entropy;
  return fmt::format("{}@{}:{}/{:08x}", node, host, getpid(), entropy());
}

// Inside a transaction: the lease on `code` is still this server's, at `term`, and stays so until
// the transaction ends (FOR SHARE: a server taking it over waits for this write). Else LeaseLost.
void fence(pqxx::work& w, const std::string& code, const std::string& node, long long term) {
  if (w.exec_params("SELECT 1 FROM leases WHERE code = $1 AND node = $2 AND term = $3 AND expires > clock_timestamp() FOR SHARE",
                    code, node, term).empty())
    throw LeaseLost(fmt::format("table {} is played by another server now", code));
}

// A move: fenced by the lease (held FOR SHARE until it commits) and inserted, in one statement.
constexpr const char* kAddMove =
    "WITH lease AS (SELECT 1 FROM leases WHERE code = $1 AND node = $5 AND term = $6 AND expires > clock_timestamp() FOR SHARE), "
    "moved AS (INSERT INTO moves SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM lease) RETURNING 1) "
    "SELECT 1 FROM moved";

}  // namespace

// Each connection prepares the move's statement (once, on its first move): PostgreSQL then
// neither parses nor plans it again a move (bench/README.md).
struct PgStore::Connection {
  explicit Connection(const std::string& uri) : db(uri) { db.prepare("add_move", kAddMove); }
  pqxx::connection db;
};

// A connection borrowed from the pool for one transaction; given back when done, or dropped
// (a new one made next time) when it broke.
class PgStore::Borrowed {
 public:
  explicit Borrowed(const PgStore& store) : store_(store), connection_(store.borrow()) {}
  ~Borrowed() {
    if (broken_) store_.forget_idle();  // the database went away: the others broke with it
    store_.give_back(broken_ ? nullptr : std::move(connection_));
  }
  Borrowed(const Borrowed&) = delete;
  Borrowed& operator=(const Borrowed&) = delete;
  pqxx::connection& db() { return connection_->db; }
  void broke() { broken_ = true; }

 private:
  const PgStore& store_;
  std::unique_ptr<Connection> connection_;
  bool broken_ = false;
};

std::unique_ptr<PgStore::Connection> PgStore::borrow() const {
  {
    std::unique_lock lock(pool_mutex_);
    pool_free_.wait(lock, [&] { return !idle_.empty() || open_ < kConnections; });
    if (!idle_.empty()) {
      auto connection = std::move(idle_.back());
      idle_.pop_back();
      return connection;
    }
    ++open_;
  }
  try {
    return std::make_unique<Connection>(uri_);
  } catch (...) {
    give_back(nullptr);
    throw;
  }
}

void PgStore::forget_idle() const {
  std::lock_guard lock(pool_mutex_);
  open_ -= static_cast<int>(idle_.size());
  idle_.clear();
}

void PgStore::give_back(std::unique_ptr<Connection> connection) const {
  {
    std::lock_guard lock(pool_mutex_);
    if (connection)
      idle_.push_back(std::move(connection));
    else
      --open_;
  }
  pool_free_.notify_one();
}

template <class Transaction, class Work>
auto PgStore::transact(const char* what, Work&& work) const {
  std::optional<Borrowed> connection;
  try {
    connection.emplace(*this);
    Transaction w(connection->db());
    if constexpr (std::is_void_v<decltype(work(w))>) {
      work(w);
      w.commit();
    } else {
      auto out = work(w);
      w.commit();
      return out;
    }
  } catch (const pqxx::broken_connection& e) {
    if (connection) connection->broke();  // a new connection next time
    throw StoreUnavailable(fmt::format("the database cannot be reached ({}): {}", what, e.what()));
  } catch (const pqxx::in_doubt_error& e) {
    connection->broke();
    throw StoreUnavailable(fmt::format("the database went away while saving {}: {}", what, e.what()));
  } catch (const pqxx::sql_error& e) {
    // Class 08 (connection exception), 57P (the server shutting down) and 53 (out of resources): for now.
    const std::string state = e.sqlstate();
    if (state.starts_with("08") || state.starts_with("57P") || state.starts_with("53")) {
      connection->broke();
      throw StoreUnavailable(fmt::format("the database is unavailable ({}): {}", what, e.what()));
    }
    throw StoreError(fmt::format("the store could not save {}: {}", what, e.what()));
  } catch (const pqxx::failure& e) {
    if (connection) connection->broke();
    throw StoreUnavailable(fmt::format("the database failed ({}): {}", what, e.what()));
  }
}

PgStore::PgStore(const std::string& uri, const std::string& node, std::chrono::seconds lease)
    : uri_(uri), node_(unique_node(node)), lease_(lease) {
  try {
    give_back(borrow());
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("{}: cannot open the store: {}", uri_, e.what()));
  }
  migrate();
}

PgStore::~PgStore() {
  // Leases given back on a clean stop: another server may take the tables at once.
  try {
    transact<pqxx::work>("the leases", [&](pqxx::work& w) {
      w.exec_params("UPDATE leases SET expires = clock_timestamp() WHERE node = $1", node_);
    });
  } catch (const StoreError&) {
    // They lapse by themselves.
  }
}

void PgStore::migrate() {
  transact<pqxx::work>("the schema", [&](pqxx::work& w) {
    w.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrationLock);
    w.exec("CREATE TABLE IF NOT EXISTS inbetween_schema(version INTEGER NOT NULL)");
    auto row = w.exec("SELECT version FROM inbetween_schema");
    int version = row.empty() ? 0 : row[0][0].as<int>();
    if (version > kSchemaVersion)
      throw StoreError(fmt::format("{}: the store's schema is version {}, newer than this server's {}: use a newer inbetween",
                                   uri_, version, kSchemaVersion));
    if (version < 1) w.exec(kPostgresSchemaV1);
    if (version < 2) w.exec(kPostgresSchemaV2);
    if (row.empty())
      w.exec_params("INSERT INTO inbetween_schema VALUES($1)", kSchemaVersion);
    else
      w.exec_params("UPDATE inbetween_schema SET version = $1", kSchemaVersion);
    secret_ = w.exec("SELECT secret FROM inbetween_cluster")[0][0].as<std::string>();
  });
}

void PgStore::add_table(const StoredTable& t) {
  // The server that creates a table plays it: its lease is taken in the same transaction.
  long long term = transact<pqxx::work>("a table", [&](pqxx::work& w) {
    w.exec_params("INSERT INTO tables(code, rules, rules_text, sets, seats, timeout, private, creator) VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
                  t.code, t.rules, t.rules_text, t.sets, t.seats, t.timeout_seconds, t.private_table, t.creator);
    for (const auto& s : t.seated)
      w.exec_params("INSERT INTO seats VALUES($1, $2, $3, $4, $5)", t.code, s.seat, s.name, s.bot, s.token_hash);
    for (const auto& g : t.games)
      w.exec_params("INSERT INTO games(code, game, seed, commit_hash, new_request, opening, over, commitment) VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
                    t.code, g.game, std::to_string(g.seed), g.commit, g.new_request, g.opening, g.over, g.commitment_version);
    w.exec_params("INSERT INTO leases VALUES($1, $2, 1, clock_timestamp() + $3 * interval '1 second')", t.code, node_,
                  static_cast<long long>(lease_.count()));
    return 1LL;
  });
  std::lock_guard lock(mutex_);
  terms_[t.code] = term;
}

void PgStore::put_seat(const std::string& code, const StoredSeat& s) {
  long long term = held(code);
  transact<pqxx::work>("a seat", [&](pqxx::work& w) {
    fence(w, code, node_, term);
    w.exec_params("INSERT INTO seats VALUES($1, $2, $3, $4, $5) ON CONFLICT(code, seat) DO UPDATE SET name = EXCLUDED.name, "
                  "bot = EXCLUDED.bot, token_hash = EXCLUDED.token_hash",
                  code, s.seat, s.name, s.bot, s.token_hash);
  });
}

void PgStore::add_game(const std::string& code, const StoredGame& g) {
  long long term = held(code);
  transact<pqxx::work>("a game", [&](pqxx::work& w) {
    fence(w, code, node_, term);
    w.exec_params("INSERT INTO games(code, game, seed, commit_hash, new_request, opening, over, commitment) VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
                  code, g.game, std::to_string(g.seed), g.commit, g.new_request, g.opening, g.over, g.commitment_version);
  });
}

void PgStore::commit_game(const std::string& code, int game, const std::string& commit) {
  long long term = held(code);
  transact<pqxx::work>("a game's commitment", [&](pqxx::work& w) {
    fence(w, code, node_, term);
    w.exec_params("UPDATE games SET commit_hash = $1 WHERE code = $2 AND game = $3", commit, code, game);
  });
}

void PgStore::start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening) {
  long long term = held(code);
  transact<pqxx::work>("the start of a game", [&](pqxx::work& w) {
    fence(w, code, node_, term);
    w.exec_params("UPDATE games SET new_request = $1, opening = $2 WHERE code = $3 AND game = $4", new_request, opening, code, game);
  });
}

void PgStore::add_move(const std::string& code, int game, std::size_t n, const std::string& line) {
  long long term = held(code);
  // One statement (kAddMove, prepared), one round trip. No NOTIFY: every committing NOTIFY takes
  // one lock of the whole database server in turn, and watchers on other servers are forwarded to
  // this one (docs/scale-out.md).
  bool stored = transact<pqxx::nontransaction>("a move", [&](pqxx::nontransaction& w) {
    return !w.exec_prepared("add_move", code, game, static_cast<long long>(n), line, node_, term).empty();
  });
  if (!stored) throw LeaseLost(fmt::format("table {} is played by another server now", code));
}

void PgStore::add_chat(const std::string& code, const StoredChat& line) {
  long long term = held(code);
  transact<pqxx::work>("a chat line", [&](pqxx::work& w) {
    fence(w, code, node_, term);
    w.exec_params("INSERT INTO chat VALUES($1, $2, $3, $4)", code, static_cast<long long>(line.n), line.from, line.text);
    w.exec_params("DELETE FROM chat WHERE code = $1 AND n <= $2", code, static_cast<long long>(line.n) - static_cast<long long>(kChatKept));
  });
}

void PgStore::finish_game(const std::string& code, int game) {
  long long term = held(code);
  transact<pqxx::work>("the end of a game", [&](pqxx::work& w) {
    fence(w, code, node_, term);
    w.exec_params("UPDATE games SET over = true WHERE code = $1 AND game = $2", code, game);
  });
}

void PgStore::set_abandoned(const std::string& code, bool abandoned) {
  transact<pqxx::work>("a table's abandonment", [&](pqxx::work& w) {
    w.exec_params("UPDATE tables SET abandoned = $1 WHERE code = $2", abandoned, code);
  });
}

long long PgStore::held(const std::string& code) const {
  std::lock_guard lock(mutex_);
  auto it = terms_.find(code);
  if (it == terms_.end()) throw LeaseLost(fmt::format("table {} is not played by this server", code));
  return it->second;
}

bool PgStore::take_lease(const std::string& code) {
  // Granted when nobody holds it, when it lapsed (a new term: whatever the last holder still
  // tries is refused by its fence), or when it is already this server's.
  auto row = transact<pqxx::work>("a lease", [&](pqxx::work& w) {
    return w.exec_params(
        "INSERT INTO leases VALUES($1, $2, 1, clock_timestamp() + $3 * interval '1 second') ON CONFLICT(code) DO UPDATE "
        "SET term = CASE WHEN leases.node = EXCLUDED.node THEN leases.term ELSE leases.term + 1 END, node = EXCLUDED.node, "
        "expires = EXCLUDED.expires WHERE leases.node = EXCLUDED.node OR leases.expires <= clock_timestamp() RETURNING term",
        code, node_, static_cast<long long>(lease_.count()));
  });
  std::lock_guard lock(mutex_);
  if (row.empty()) {
    terms_.erase(code);
    return false;
  }
  terms_[code] = row[0][0].as<long long>();
  return true;
}

std::vector<std::string> PgStore::renew_leases() {
  auto rows = transact<pqxx::work>("the leases", [&](pqxx::work& w) {
    return w.exec_params("UPDATE leases SET expires = clock_timestamp() + $2 * interval '1 second' WHERE node = $1 RETURNING code, term",
                         node_, static_cast<long long>(lease_.count()));
  });
  std::map<std::string, long long> kept;
  for (const auto& r : rows) kept[r[0].as<std::string>()] = r[1].as<long long>();
  std::lock_guard lock(mutex_);
  std::vector<std::string> lost;
  for (const auto& [code, term] : terms_) {
    auto it = kept.find(code);
    if (it == kept.end() || it->second != term) lost.push_back(code);
  }
  for (const auto& code : lost) terms_.erase(code);
  return lost;
}

void PgStore::release_lease(const std::string& code) {
  long long term = 0;
  {
    std::lock_guard lock(mutex_);
    auto it = terms_.find(code);
    if (it == terms_.end()) return;
    term = it->second;
    terms_.erase(it);
  }
  transact<pqxx::work>("a lease", [&](pqxx::work& w) {
    w.exec_params("UPDATE leases SET expires = clock_timestamp() WHERE code = $1 AND node = $2 AND term = $3", code, node_, term);
  });
}

void PgStore::announce(const std::string& address, const std::string& announcement) {
  // (Its column is called `tables`: at first the announcement was the tables alone.)
  transact<pqxx::work>("this server's address", [&](pqxx::work& w) {
    w.exec_params("INSERT INTO nodes VALUES($1, $2, $3, clock_timestamp()) ON CONFLICT(node) DO UPDATE SET address = EXCLUDED.address, "
                  "tables = EXCLUDED.tables, seen = EXCLUDED.seen",
                  node_, address, announcement);
    // Servers gone for a day are forgotten.
    w.exec("DELETE FROM nodes WHERE seen < clock_timestamp() - interval '1 day'");
  });
}

std::string PgStore::player_of(const std::string& code) const {
  return transact<pqxx::work>("a lease", [&](pqxx::work& w) {
    auto r = w.exec_params("SELECT n.address FROM leases l JOIN nodes n ON n.node = l.node WHERE l.code = $1 AND l.node <> $2 "
                           "AND l.expires > clock_timestamp()",
                           code, node_);
    return r.empty() ? std::string() : r[0][0].as<std::string>();
  });
}

std::vector<std::string> PgStore::announcements_elsewhere() const {
  return transact<pqxx::work>("the other servers' tables", [&](pqxx::work& w) {
    std::vector<std::string> out;
    for (const auto& r : w.exec_params("SELECT tables FROM nodes WHERE node <> $1 AND seen > clock_timestamp() - $2 * interval '1 second'",
                                       node_, static_cast<long long>(lease_.count())))
      out.push_back(r[0].as<std::string>());
    return out;
  });
}

std::vector<StoredTable> PgStore::load_live() const {
  return load_where("NOT t.abandoned AND NOT EXISTS (SELECT 1 FROM games g WHERE g.code = t.code AND g.over AND g.game = "
                    "(SELECT MAX(game) FROM games h WHERE h.code = t.code))",
                    "");
}

std::optional<StoredTable> PgStore::load_table(const std::string& code) const {
  auto found = load_where("t.code = $1", code);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::optional<StoredGame> PgStore::load_game(const std::string& code, int game) const {
  return transact<pqxx::work>("a game", [&](pqxx::work& w) -> std::optional<StoredGame> {
    const std::string columns = "SELECT game, seed, commit_hash, new_request, opening, over, commitment FROM games WHERE code = $1 ";
    pqxx::result r = game > 0 ? w.exec_params(columns + "AND game = $2", code, game) : w.exec_params(columns + "ORDER BY game DESC LIMIT 1", code);
    if (r.empty()) return std::nullopt;
    StoredGame g;
    g.game = r[0][0].as<int>();
    try {
      g.seed = std::stoull(r[0][1].as<std::string>());
    } catch (const std::logic_error& e) {
      throw StoreError(fmt::format("the store holds a seed that is not a number: {}", e.what()));
    }
    g.commit = r[0][2].as<std::string>();
    g.new_request = r[0][3].as<std::string>();
    g.opening = r[0][4].as<std::string>();
    g.over = r[0][5].as<bool>();
    g.commitment_version = r[0][6].as<int>();
    g.move_count = w.exec_params("SELECT COUNT(*) FROM moves WHERE code = $1 AND game = $2", code, g.game)[0][0].as<std::size_t>();
    return g;
  });
}

std::vector<std::string> PgStore::load_moves(const std::string& code, int game, std::size_t from, std::size_t count) const {
  return transact<pqxx::work>("moves", [&](pqxx::work& w) {
    std::vector<std::string> out;
    auto limit = static_cast<long long>(std::min<std::size_t>(count, INT64_MAX));
    for (const auto& m : w.exec_params("SELECT line FROM moves WHERE code = $1 AND game = $2 AND n >= $3 ORDER BY n LIMIT $4", code, game,
                                       static_cast<long long>(from), limit))
      out.push_back(m[0].as<std::string>());
    return out;
  });
}

bool PgStore::has_table(const std::string& code) const {
  return transact<pqxx::work>("a table", [&](pqxx::work& w) { return !w.exec_params("SELECT 1 FROM tables WHERE code = $1", code).empty(); });
}

std::vector<StoredTable> PgStore::load_where(const std::string& where, const std::string& code) const {
  return transact<pqxx::work>("tables", [&](pqxx::work& w) {
    std::vector<StoredTable> out;
    const std::string query = "SELECT code, rules, rules_text, sets, seats, timeout, private, creator FROM tables t WHERE " + where +
                              " ORDER BY created";
    pqxx::result tables = code.empty() ? w.exec(query) : w.exec_params(query, code);
    for (const auto& r : tables) {
      StoredTable t;
      t.code = r[0].as<std::string>();
      t.rules = r[1].as<std::string>();
      t.rules_text = r[2].as<std::string>();
      t.sets = r[3].as<std::string>();
      t.seats = r[4].as<int>();
      t.timeout_seconds = r[5].as<int>();
      t.private_table = r[6].as<bool>();
      t.creator = r[7].as<std::string>();
      for (const auto& s : w.exec_params("SELECT seat, name, bot, token_hash FROM seats WHERE code = $1 ORDER BY seat", t.code))
        t.seated.push_back({s[0].as<int>(), s[1].as<std::string>(), s[2].as<std::string>(), s[3].as<std::string>()});
      for (const auto& g : w.exec_params("SELECT game, seed, commit_hash, new_request, opening, over, commitment FROM games "
                                         "WHERE code = $1 ORDER BY game", t.code)) {
        StoredGame game;
        game.game = g[0].as<int>();
        try {
          game.seed = std::stoull(g[1].as<std::string>());
        } catch (const std::logic_error& e) {
          throw StoreError(fmt::format("the store holds a seed that is not a number: {}", e.what()));
        }
        game.commit = g[2].as<std::string>();
        game.new_request = g[3].as<std::string>();
        game.opening = g[4].as<std::string>();
        game.over = g[5].as<bool>();
        game.commitment_version = g[6].as<int>();
        for (const auto& m : w.exec_params("SELECT line FROM moves WHERE code = $1 AND game = $2 ORDER BY n", t.code, game.game))
          game.moves.push_back(m[0].as<std::string>());
        game.move_count = game.moves.size();
        t.games.push_back(std::move(game));
      }
      for (const auto& c : w.exec_params("SELECT n, speaker, text FROM chat WHERE code = $1 ORDER BY n", t.code))
        t.chat.push_back({c[0].as<std::int64_t>(), c[1].as<std::string>(), c[2].as<std::string>()});
      out.push_back(std::move(t));
    }
    return out;
  });
}

}  // namespace inbetween::server
