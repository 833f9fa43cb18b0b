#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

namespace inbetween::server {
namespace {
constexpr const char* kSchema = R"(
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
  SQLite::Statement q(db, "INSERT INTO games VALUES(?, ?, ?, ?, ?, ?)");
  q.bind(1, code);
  q.bind(2, g.game);
  q.bind(3, std::to_string(g.seed));  // as text: SQLite's integers are signed 64-bit
  q.bind(4, g.commit);
  q.bind(5, g.new_request);
  q.bind(6, g.opening);
  q.exec();
}

// Runs `write` and turns SQLite's exceptions into StoreError naming what was being written.
template <class Write>
void writing(const char* what, Write&& write) {
  try {
    write();
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("the store could not save {}: {}", what, e.what()));
  }
}
}  // namespace

Store::Store(const std::string& path) {
  try {
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db_->exec("PRAGMA journal_mode=WAL");
    db_->exec("PRAGMA synchronous=NORMAL");
    db_->exec("PRAGMA busy_timeout=5000");
    db_->exec(kSchema);
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: cannot open the store: {}", path, e.what()));
  }
}

Store::~Store() = default;

void Store::add_table(const StoredTable& t) {
  writing("a table", [&] {
    SQLite::Transaction tx(*db_);
    SQLite::Statement q(*db_, "INSERT INTO tables VALUES(?, (SELECT COUNT(*) FROM tables), ?, ?, ?, ?, ?)");
    q.bind(1, t.code);
    q.bind(2, t.rules);
    q.bind(3, t.rules_text);
    q.bind(4, t.sets);
    q.bind(5, t.seats);
    q.bind(6, t.timeout_seconds);
    q.exec();
    for (const auto& s : t.seated) insert_seat(*db_, t.code, s);
    for (const auto& g : t.games) insert_game(*db_, t.code, g);
    tx.commit();
  });
}

void Store::put_seat(const std::string& code, const StoredSeat& s) {
  writing("a seat", [&] { insert_seat(*db_, code, s); });
}

void Store::add_game(const std::string& code, const StoredGame& g) {
  writing("a game", [&] { insert_game(*db_, code, g); });
}

void Store::start_game(const std::string& code, int game, const std::string& new_request, const std::string& opening) {
  writing("the start of a game", [&] {
    SQLite::Statement q(*db_, "UPDATE games SET new_request = ?, opening = ? WHERE code = ? AND game = ?");
    q.bind(1, new_request);
    q.bind(2, opening);
    q.bind(3, code);
    q.bind(4, game);
    q.exec();
  });
}

void Store::add_move(const std::string& code, int game, std::size_t n, const std::string& line) {
  writing("a move", [&] {
    SQLite::Statement q(*db_, "INSERT INTO moves VALUES(?, ?, ?, ?)");
    q.bind(1, code);
    q.bind(2, game);
    q.bind(3, static_cast<std::int64_t>(n));
    q.bind(4, line);
    q.exec();
  });
}

std::vector<StoredTable> Store::load() const {
  std::vector<StoredTable> out;
  try {
    SQLite::Statement tables(*db_, "SELECT code, rules, rules_text, sets, seats, timeout FROM tables ORDER BY created");
    while (tables.executeStep()) {
      StoredTable t;
      t.code = tables.getColumn(0).getString();
      t.rules = tables.getColumn(1).getString();
      t.rules_text = tables.getColumn(2).getString();
      t.sets = tables.getColumn(3).getString();
      t.seats = tables.getColumn(4).getInt();
      t.timeout_seconds = tables.getColumn(5).getInt();
      SQLite::Statement seats(*db_, "SELECT seat, name, bot, token_hash FROM seats WHERE code = ? ORDER BY seat");
      seats.bind(1, t.code);
      while (seats.executeStep())
        t.seated.push_back({seats.getColumn(0).getInt(), seats.getColumn(1).getString(), seats.getColumn(2).getString(),
                            seats.getColumn(3).getString()});
      SQLite::Statement games(*db_, "SELECT game, seed, commit_hash, new_request, opening FROM games WHERE code = ? ORDER BY game");
      games.bind(1, t.code);
      while (games.executeStep()) {
        StoredGame g;
        g.game = games.getColumn(0).getInt();
        g.seed = std::stoull(games.getColumn(1).getString());
        g.commit = games.getColumn(2).getString();
        g.new_request = games.getColumn(3).getString();
        g.opening = games.getColumn(4).getString();
        SQLite::Statement moves(*db_, "SELECT line FROM moves WHERE code = ? AND game = ? ORDER BY n");
        moves.bind(1, t.code);
        moves.bind(2, g.game);
        while (moves.executeStep()) g.moves.push_back(moves.getColumn(0).getString());
        t.games.push_back(std::move(g));
      }
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
