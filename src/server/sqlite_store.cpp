#include "server/sqlite_store.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <mutex>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include "server/wal_write_batch.h"

namespace inbetween::server {
namespace {
// A game's row as `SELECT game, seed, commit_hash, new_request, opening, over, commitment` reads it,
// its moves not yet read.
StoredGame game_from_row(SQLite::Statement& row) {
  StoredGame g;
  g.game = row.getColumn(0).getInt();
  g.seed = std::stoull(row.getColumn(1).getString());
  g.commit = row.getColumn(2).getString();
  g.new_request = row.getColumn(3).getString();
  g.opening = row.getColumn(4).getString();
  g.over = row.getColumn(5).getInt() != 0;
  g.commitment_version = row.getColumn(6).getInt();
  return g;
}
// Version 1: the first schema. Each later version is one step of migrate().
constexpr const char* kSqliteSchemaV1 = R"(
CREATE TABLE IF NOT EXISTS tables(code TEXT PRIMARY KEY, created INTEGER NOT NULL, rules TEXT NOT NULL,
  rules_text TEXT NOT NULL, sets TEXT NOT NULL, seats INTEGER NOT NULL, timeout INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats(code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, bot TEXT NOT NULL,
  token_hash TEXT NOT NULL, PRIMARY KEY(code, seat));
CREATE TABLE IF NOT EXISTS games(code TEXT NOT NULL, game INTEGER NOT NULL, seed TEXT NOT NULL, commit_hash TEXT NOT NULL,
  new_request TEXT NOT NULL, opening TEXT NOT NULL, PRIMARY KEY(code, game));
CREATE TABLE IF NOT EXISTS moves(code TEXT NOT NULL, game INTEGER NOT NULL, n INTEGER NOT NULL, line TEXT NOT NULL,
  PRIMARY KEY(code, game, n));
)";

void insert_seat(SQLite::Database& db, const std::string& code, const StoredSeat& s) {
  SQLite::Statement q(db, "INSERT OR REPLACE INTO seats VALUES(?, ?, ?, ?, ?)");
  q.bind(1, code);
  q.bind(2, s.seat);
  q.bind(3, s.name);
  q.bind(4, s.bot);
  q.bind(5, s.token_hash);
  q.exec();
}

void insert_game(SQLite::Database& db, const std::string& code, const StoredGame& g) {
  SQLite::Statement q(db, "INSERT INTO games(code, game, seed, commit_hash, new_request, opening, over, commitment) "
                          "VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, code);
  q.bind(2, g.game);
  q.bind(3, std::to_string(g.seed));  // as text: SQLite's integers are signed 64-bit
  q.bind(4, g.commit);
  q.bind(5, g.new_request);
  q.bind(6, g.opening);
  q.bind(7, g.over ? 1 : 0);
  q.bind(8, g.commitment_version);
  q.exec();
}

// Runs `write` in a savepoint named `name`: all of it or none. A savepoint, not a transaction: it
// nests in the one open where commits are held (and is a transaction of its own where they are not).
template <class Write>
void in_savepoint(SQLite::Database& db, const std::string& name, Write&& write) {
  db.exec("SAVEPOINT " + name);
  try {
    write();
  } catch (const SQLite::Exception&) {
    if (!sqlite3_get_autocommit(db.getHandle())) {
      db.exec("ROLLBACK TO " + name);
      db.exec("RELEASE " + name);
    }
    throw;
  }
  db.exec("RELEASE " + name);
}

}  // namespace


SqliteStore::SqliteStore(const std::string& path) {
  // SQLite counts its memory under one lock of the whole process by default: every allocation
  // of the writer and of the checkpointer took it (bench/README.md). Only possible before SQLite
  // starts; a process that started it already keeps counting.
  static std::once_flag uncounted;
  std::call_once(uncounted, [] { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); });
  try {
    // No connection lock of SQLite's own: every call on it is made under mutex_. Each commit's
    // log frames go to the file in one write (wal_write_batch.h).
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX, 0,
                                             wal_write_batch_vfs());
    std::string journal = db_->execAndGet("PRAGMA journal_mode=WAL").getString();
    db_->exec("PRAGMA synchronous=NORMAL");
    db_->exec("PRAGMA busy_timeout=5000");
    migrate(path);
    if (journal == "wal") checkpointer_ = std::make_unique<WalCheckpointer>(db_->getHandle(), path);  // not in memory
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: cannot open the store: {}", path, e.what()));
  }
}

SqliteStore::~SqliteStore() {
  // What is held was never told to anyone, but it was played: kept, as a move on its way is.
  std::lock_guard lock(mutex_);
  try {
    write_held_moves();
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: %s\n", e.what());
  }
  if (open_ && lost_.empty()) {
    try {
      db_->exec("COMMIT");
    } catch (const SQLite::Exception& e) {
      std::fprintf(stderr, "serve: the store could not commit its last writes: %s\n", e.what());
    }
  }
}

template <class Write>
void SqliteStore::write(const char* what, Write&& write) {
  try {
    if (holding_ && !open_) {
      db_->exec("BEGIN");
      open_ = true;
    }
    write();
  } catch (const SQLite::Exception& e) {
    // Some errors (a full disk, an I/O error) roll the whole transaction back, with the writes of
    // other tables held in it: settle() must not let them be acknowledged.
    if (open_ && sqlite3_get_autocommit(db_->getHandle())) {
      open_ = false;
      lost_ = e.what();
    }
    throw StoreError(fmt::format("the store could not save {}: {}", what, e.what()));
  }
  written_.fetch_add(1, std::memory_order_release);
}

void SqliteStore::hold_commits(bool hold) {
  {
    std::lock_guard lock(mutex_);
    std::lock_guard held(held_mutex_);
    holding_ = hold;
  }
  if (!hold) settle();  // with the moves held before the flag fell
}

std::uint64_t SqliteStore::written() const { return written_.load(std::memory_order_acquire); }

std::uint64_t SqliteStore::settle() {
  std::lock_guard lock(mutex_);
  if (!lost_.empty()) throw StoreError(fmt::format("the store lost the writes it held: {}", lost_));
  // Every write counted so far is in the transaction once the held moves are: the other writes
  // count under mutex_, the held moves under held_mutex_ as they are queued.
  std::uint64_t through = 0;
  {
    std::lock_guard held(held_mutex_);
    through = written_.load(std::memory_order_acquire);
  }
  write_held_moves();  // at least those counted in `through`
  if (open_) {
    try {
      db_->exec("COMMIT");
    } catch (const SQLite::Exception& e) {
      lose_transaction(e);
      throw StoreError(fmt::format("the store could not commit the writes it held: {}", lost_));
    }
    open_ = false;
  }
  return through;
}

void SqliteStore::migrate(const std::string& path) {
  int version = db_->execAndGet("PRAGMA user_version").getInt();
  if (version > kSchemaVersion)
    throw StoreError(fmt::format("{}: the store's schema is version {}, newer than this server's {}: use a newer inbetween",
                                 path, version, kSchemaVersion));
  SQLite::Transaction tx(*db_);
  // A file from before versions has the version 1 tables and user_version 0.
  if (version < 1) db_->exec(kSqliteSchemaV1);
  // Version 2: a game that is over says so, so a restart replays only the tables still in play.
  // Games already stored count as in play until a replay at start finds them over.
  if (version < 2) db_->exec("ALTER TABLE games ADD COLUMN over INTEGER NOT NULL DEFAULT 0");
  // Version 3: private tables (not listed), and the commitment scheme of each game: the games
  // stored before it were committed by version 1 (the seed only), and are checked that way.
  if (version < 3) {
    db_->exec("ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0");
    db_->exec("ALTER TABLE games ADD COLUMN commitment INTEGER NOT NULL DEFAULT 1");
  }
  // Version 4: who created a table (its address: the open tables an address holds are counted
  // across restarts), and tables nobody came back to (abandoned: not replayed at start).
  if (version < 4) {
    db_->exec("ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT ''");
    db_->exec("ALTER TABLE tables ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0");
  }
  // Version 5: each table's last chat lines (kChatKept), so a reload, a late joiner or a restart
  // sees what was said. A table from before has none.
  if (version < 5)
    db_->exec("CREATE TABLE chat(code TEXT NOT NULL, n INTEGER NOT NULL, speaker TEXT NOT NULL, text TEXT NOT NULL, "
              "PRIMARY KEY(code, n))");
  db_->exec(fmt::format("PRAGMA user_version = {}", kSchemaVersion));
  tx.commit();
}

void SqliteStore::add_table(const StoredTable& t) {
  std::lock_guard lock(mutex_);
  write("a table", [&] {
    in_savepoint(*db_, "add_table", [&] {
      SQLite::Statement q(*db_, "INSERT INTO tables(code, created, rules, rules_text, sets, seats, timeout, private, creator) "
                                "VALUES(?, (SELECT COUNT(*) FROM tables), ?, ?, ?, ?, ?, ?, ?)");
      q.bind(1, t.code);
      q.bind(2, t.rules);
      q.bind(3, t.rules_text);
      q.bind(4, t.sets);
      q.bind(5, t.seats);
      q.bind(6, t.timeout_seconds);
      q.bind(7, t.private_table ? 1 : 0);
      q.bind(8, t.creator);
      q.exec();
      for (const auto& s : t.seated) insert_seat(*db_, t.code, s);
      for (const auto& g : t.games) insert_game(*db_, t.code, g);
    });
  });
}

void SqliteStore::put_seat(const std::string& code, const StoredSeat& s) {
  std::lock_guard lock(mutex_);
  write("a seat", [&] { insert_seat(*db_, code, s); });
}

void SqliteStore::add_game(const std::string& code, const StoredGame& g) {
  std::lock_guard lock(mutex_);
  write("a game", [&] { insert_game(*db_, code, g); });
}

void SqliteStore::commit_game(const std::string& code, int game, const std::string& commit) {
  std::lock_guard lock(mutex_);
  write("a game's commitment", [&] {
    SQLite::Statement q(*db_, "UPDATE games SET commit_hash = ? WHERE code = ? AND game = ?");
    q.bind(1, commit);
    q.bind(2, code);
    q.bind(3, game);
    q.exec();
  });
}

void SqliteStore::start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening) {
  std::lock_guard lock(mutex_);
  write("the start of a game", [&] {
    SQLite::Statement q(*db_, "UPDATE games SET new_request = ?, opening = ? WHERE code = ? AND game = ?");
    q.bind(1, new_request);
    q.bind(2, opening);
    q.bind(3, code);
    q.bind(4, game);
    q.exec();
  });
}

void SqliteStore::add_move(const std::string& code, int game, std::size_t n, const std::string& line) {
  {
    std::lock_guard held(held_mutex_);
    if (holding_) {
      held_moves_.push_back({code, game, n, line});
      written_.fetch_add(1, std::memory_order_release);
      return;
    }
  }
  std::lock_guard lock(mutex_);
  write("a move", [&] { insert_move(code, game, n, line); });
}

void SqliteStore::insert_move(const std::string& code, int game, std::size_t n, const std::string& line) const {
  if (!insert_move_) insert_move_ = std::make_unique<SQLite::Statement>(*db_, "INSERT INTO moves VALUES(?, ?, ?, ?)");
  SQLite::Statement& q = *insert_move_;
  q.tryReset();  // reset() would throw again the error of a move refused before this one
  q.bind(1, code);
  q.bind(2, game);
  q.bind(3, static_cast<std::int64_t>(n));
  q.bind(4, line);
  q.exec();
}

void SqliteStore::write_held_moves() const {
  std::vector<HeldMove> moves;
  {
    std::lock_guard held(held_mutex_);
    moves.swap(held_moves_);
  }
  if (moves.empty()) return;
  if (!lost_.empty()) throw StoreError(fmt::format("the store lost the writes it held: {}", lost_));
  try {
    if (!open_) {
      db_->exec("BEGIN");
      open_ = true;
    }
    for (const auto& m : moves) insert_move(m.code, m.game, m.n, m.line);
  } catch (const SQLite::Exception& e) {
    // The moves held were never told to anyone: the whole transaction is given up with them.
    lose_transaction(e);
    throw StoreError(fmt::format("the store could not save the moves it held: {}", lost_));
  }
}

void SqliteStore::lose_transaction(const SQLite::Exception& e) const {
  lost_ = e.what();
  if (!sqlite3_get_autocommit(db_->getHandle())) {
    try {
      db_->exec("ROLLBACK");
    } catch (const SQLite::Exception&) {
    }
  }
  open_ = false;
}

void SqliteStore::finish_game(const std::string& code, int game) {
  std::lock_guard lock(mutex_);
  write("the end of a game", [&] {
    SQLite::Statement q(*db_, "UPDATE games SET over = 1 WHERE code = ? AND game = ?");
    q.bind(1, code);
    q.bind(2, game);
    q.exec();
  });
}

void SqliteStore::add_chat(const std::string& code, const StoredChat& line) {
  std::lock_guard lock(mutex_);
  write("a chat line", [&] {
    // The line and the trim together: a refused line deletes nothing.
    in_savepoint(*db_, "add_chat", [&] {
      SQLite::Statement q(*db_, "INSERT INTO chat VALUES(?, ?, ?, ?)");
      q.bind(1, code);
      q.bind(2, line.n);
      q.bind(3, line.from);
      q.bind(4, line.text);
      q.exec();
      SQLite::Statement trim(*db_, "DELETE FROM chat WHERE code = ? AND n <= ?");
      trim.bind(1, code);
      trim.bind(2, line.n - static_cast<std::int64_t>(kChatKept));
      trim.exec();
    });
  });
}

void SqliteStore::set_abandoned(const std::string& code, bool abandoned) {
  std::lock_guard lock(mutex_);
  write("a table's abandonment", [&] {
    SQLite::Statement q(*db_, "UPDATE tables SET abandoned = ? WHERE code = ?");
    q.bind(1, abandoned ? 1 : 0);
    q.bind(2, code);
    q.exec();
  });
}

void SqliteStore::release_memory() {
  std::lock_guard lock(mutex_);
  // The pages come back from the file (or the OS's cache of it) as the next moves need them.
  sqlite3_db_release_memory(db_->getHandle());
}

std::int64_t SqliteStore::cache_bytes() const {
  std::lock_guard lock(mutex_);
  int used = 0, highest = 0;
  sqlite3_db_status(db_->getHandle(), SQLITE_DBSTATUS_CACHE_USED, &used, &highest, 0);
  return used;
}

std::vector<StoredTable> SqliteStore::load_live() const {
  std::lock_guard lock(mutex_);
  write_held_moves();  // read with the moves held
  // Live: not abandoned, and no game yet or a last game not over.
  return load_where("abandoned = 0 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.code = tables.code AND g.over = 1 AND g.game = "
                    "(SELECT MAX(game) FROM games h WHERE h.code = tables.code))",
                    "");
}

std::optional<StoredTable> SqliteStore::load_table(const std::string& code) const {
  std::lock_guard lock(mutex_);
  write_held_moves();  // read with the moves held
  auto found = load_where("code = ?", code);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::optional<StoredGame> SqliteStore::load_game(const std::string& code, int game) const {
  std::lock_guard lock(mutex_);
  write_held_moves();  // counted with the moves held
  try {
    SQLite::Statement q(*db_, game > 0 ? "SELECT game, seed, commit_hash, new_request, opening, over, commitment FROM games WHERE code = ? AND game = ?"
                                       : "SELECT game, seed, commit_hash, new_request, opening, over, commitment FROM games WHERE code = ? "
                                         "ORDER BY game DESC LIMIT 1");
    q.bind(1, code);
    if (game > 0) q.bind(2, game);
    if (!q.executeStep()) return std::nullopt;
    StoredGame g = game_from_row(q);
    SQLite::Statement moves(*db_, "SELECT COUNT(*) FROM moves WHERE code = ? AND game = ?");
    moves.bind(1, code);
    moves.bind(2, g.game);
    moves.executeStep();
    g.move_count = static_cast<std::size_t>(moves.getColumn(0).getInt64());
    return g;
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("the store could not be read: {}", e.what()));
  } catch (const std::logic_error& e) {  // std::stoull on a seed that is not a number
    throw StoreError(fmt::format("the store holds a seed that is not a number: {}", e.what()));
  }
}

std::vector<std::string> SqliteStore::load_moves(const std::string& code, int game, std::size_t from, std::size_t count) const {
  std::lock_guard lock(mutex_);  // a page at a time: the writer waits for one page, not a whole game
  write_held_moves();  // read with the moves held
  std::vector<std::string> out;
  try {
    SQLite::Statement q(*db_, "SELECT line FROM moves WHERE code = ? AND game = ? AND n >= ? ORDER BY n LIMIT ?");
    q.bind(1, code);
    q.bind(2, game);
    q.bind(3, static_cast<std::int64_t>(from));
    q.bind(4, static_cast<std::int64_t>(std::min<std::size_t>(count, INT64_MAX)));
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("the store could not be read: {}", e.what()));
  }
  return out;
}

bool SqliteStore::has_table(const std::string& code) const {
  std::lock_guard lock(mutex_);
  try {
    SQLite::Statement q(*db_, "SELECT 1 FROM tables WHERE code = ?");
    q.bind(1, code);
    return q.executeStep();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("the store could not be read: {}", e.what()));
  }
}

std::vector<StoredTable> SqliteStore::load_where(const std::string& where, const std::string& code) const {
  std::vector<StoredTable> out;
  try {
    SQLite::Statement tables(*db_, "SELECT code, rules, rules_text, sets, seats, timeout, private, creator FROM tables WHERE " + where + " ORDER BY created");
    if (!code.empty()) tables.bind(1, code);
    while (tables.executeStep()) {
      StoredTable t;
      t.code = tables.getColumn(0).getString();
      t.rules = tables.getColumn(1).getString();
      t.rules_text = tables.getColumn(2).getString();
      t.sets = tables.getColumn(3).getString();
      t.seats = tables.getColumn(4).getInt();
      t.timeout_seconds = tables.getColumn(5).getInt();
      t.private_table = tables.getColumn(6).getInt() != 0;
      t.creator = tables.getColumn(7).getString();
      SQLite::Statement seats(*db_, "SELECT seat, name, bot, token_hash FROM seats WHERE code = ? ORDER BY seat");
      seats.bind(1, t.code);
      while (seats.executeStep())
        t.seated.push_back({seats.getColumn(0).getInt(), seats.getColumn(1).getString(), seats.getColumn(2).getString(),
                            seats.getColumn(3).getString()});
      SQLite::Statement games(*db_, "SELECT game, seed, commit_hash, new_request, opening, over, commitment FROM games WHERE code = ? ORDER BY game");
      games.bind(1, t.code);
      while (games.executeStep()) {
        StoredGame g = game_from_row(games);
        SQLite::Statement moves(*db_, "SELECT line FROM moves WHERE code = ? AND game = ? ORDER BY n");
        moves.bind(1, t.code);
        moves.bind(2, g.game);
        while (moves.executeStep()) g.moves.push_back(moves.getColumn(0).getString());
        g.move_count = g.moves.size();
        t.games.push_back(std::move(g));
      }
      SQLite::Statement chat(*db_, "SELECT n, speaker, text FROM chat WHERE code = ? ORDER BY n");
      chat.bind(1, t.code);
      while (chat.executeStep())
        t.chat.push_back({chat.getColumn(0).getInt64(), chat.getColumn(1).getString(), chat.getColumn(2).getString()});
      out.push_back(std::move(t));
    }
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("the store could not be read: {}", e.what()));
  } catch (const std::logic_error& e) {  // std::stoull on a seed that is not a number
    throw StoreError(fmt::format("the store holds a seed that is not a number: {}", e.what()));
  }
  return out;
}

}  // namespace inbetween::server
