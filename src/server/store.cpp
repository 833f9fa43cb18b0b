#include "server/store.h"

#include "server/pg_store.h"
#include "server/sqlite_store.h"

namespace inbetween::server {

namespace {
bool is_postgres(const std::string& where) { return where.starts_with("postgresql://") || where.starts_with("postgres://"); }
}  // namespace

std::optional<StoredGame> Store::load_game(const std::string& code, int game) const {
  auto table = load_table(code);
  if (!table || table->games.empty()) return std::nullopt;
  for (auto& g : table->games) {
    if (g.game != (game > 0 ? game : table->games.back().game)) continue;
    g.move_count = g.moves.size();
    g.moves.clear();
    return std::move(g);
  }
  return std::nullopt;
}

std::vector<std::string> Store::load_moves(const std::string& code, int game, std::size_t from, std::size_t count) const {
  auto table = load_table(code);
  std::vector<std::string> out;
  if (!table) return out;
  for (auto& g : table->games)
    if (g.game == game)
      for (std::size_t i = from; i < g.moves.size() && out.size() < count; ++i) out.push_back(std::move(g.moves[i]));
  return out;
}

std::unique_ptr<Store> open_store(const std::string& where, const std::string& node, std::chrono::seconds lease) {
  if (is_postgres(where)) return std::make_unique<PgStore>(where, node.empty() ? "node" : node, lease);
  return std::make_unique<SqliteStore>(where);
}

std::string store_name(const std::string& where) {
  if (!is_postgres(where)) return where;
  // scheme://user:password@host...: the password is not printed.
  auto scheme = where.find("://") + 3;
  auto at = where.find('@', scheme);
  auto colon = where.find(':', scheme);
  if (at == std::string::npos || colon == std::string::npos || colon > at) return where;
  return where.substr(0, colon) + ":***" + where.substr(at);
}

}  // namespace inbetween::server
