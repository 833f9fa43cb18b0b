// The heads-up chance-to-win tables on disk and in the process (win_solver.h): a file per rules,
// keyed by a hash of every knob, in the same cache folder as the ThreeBeTween solver's.
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "families/pot/family.h"
#include "families/pot/win_solver.h"
#include "games/table_cache.h"
#include "rules/rule_files.h"

namespace inbetween::strategy {
namespace win_cache {

namespace fs = std::filesystem;

// Bumped whenever the model or the layout changes: older files are not read.
constexpr char kVersion[16] = "pot-win-3";

struct Header {
  char version[16] = {};
  char key[16] = {};
  std::int64_t clocks = 0, decks = 0, total = 0, sweeps = 0, entries = 0;
  double residual = 0;
  double seconds = 0;  // the solve's own time, for `solve --win` to report when it reads the file
};

}  // namespace win_cache

std::string PotWinSolver::cache_key(const rules::PotRules& r) {
  // Every knob in words (the name and description change nothing a table holds, and are left out).
  rules::PotRules knobs = r;
  knobs.name.clear();
  knobs.description.clear();
  knobs.source.clear();
  std::string depends_on = win_cache::kVersion;
  depends_on += rules::pot_rules_to_text(knobs);
  depends_on.append(r.deck_cards.begin(), r.deck_cards.end());
  return games::table_key(depends_on);
}

std::string PotWinSolver::cache_path(const std::string& key) {
  std::string dir = games::table_cache_dir();
  return dir.empty() ? "" : (win_cache::fs::path(dir) / ("pot-win-" + key + ".bin")).string();
}

bool PotWinSolver::save(const std::string& path) const {
  std::error_code ec;
  win_cache::fs::create_directories(win_cache::fs::path(path).parent_path(), ec);
  // Written aside and renamed: a reader sees the old file or the whole new one, never a part.
  std::string tmp = path + fmt::format(".tmp{}-{}", ::getpid(), std::chrono::steady_clock::now().time_since_epoch().count());
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return false;
    win_cache::Header h;
    std::memcpy(h.version, win_cache::kVersion, sizeof win_cache::kVersion);
    std::memcpy(h.key, key_.data(), std::min(key_.size(), sizeof h.key));
    h.clocks = clocks_;
    h.decks = decks_;
    h.total = total_;
    h.sweeps = sweeps_;
    h.entries = static_cast<std::int64_t>(table_.size());
    h.residual = residual_;
    h.seconds = seconds_;
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    out.write(reinterpret_cast<const char*>(table_.data()), static_cast<std::streamsize>(table_.size() * sizeof(double)));
    if (!out) {
      win_cache::fs::remove(tmp, ec);
      return false;
    }
  }
  win_cache::fs::rename(tmp, path, ec);
  if (ec) win_cache::fs::remove(tmp, ec);
  return !ec;
}

std::unique_ptr<PotWinSolver> PotWinSolver::load(const std::string& path, const rules::PotRules& r) {
  std::ifstream in(path, std::ios::binary);
  if (!in || unsupported(r)) return nullptr;
  win_cache::Header h;
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return nullptr;
  std::unique_ptr<PotWinSolver> s(new PotWinSolver(r, false));
  if (std::memcmp(h.version, win_cache::kVersion, sizeof win_cache::kVersion) != 0 || std::string(h.key, sizeof h.key) != s->key_ ||
      h.clocks != s->clocks_ || h.decks != s->decks_ || h.total != s->total_ ||
      h.entries != static_cast<std::int64_t>(s->table_.size()))
    return nullptr;
  if (!in.read(reinterpret_cast<char*>(s->table_.data()), static_cast<std::streamsize>(s->table_.size() * sizeof(double))))
    return nullptr;
  s->sweeps_ = static_cast<int>(h.sweeps);
  s->residual_ = h.residual;
  s->seconds_ = h.seconds;
  return s;
}

namespace win_cache {
// A table held in the process, and whether it was handed out since the last let_go_of_unused().
struct Held {
  std::shared_ptr<const PotWinSolver> table;
  bool used_lately = true;
};
// The process's tables by key, and the lock the first asker of a table holds while it is made.
struct Tables {
  std::mutex mutex;
  std::map<std::string, Held> by_key;
};
Tables& tables() {
  static Tables t;
  return t;
}
}  // namespace win_cache

bool PotWinSolver::quick_to_solve(const rules::PotRules& r) {
  return !unsupported(r) && rules::total_deals(r, 2) > 0 && r.first_deck_bet_cap == 0 && r.start_chips <= 30;
}

std::shared_ptr<const PotWinSolver> PotWinSolver::ready(const rules::PotRules& r) {
  if (unsupported(r)) return nullptr;
  if (quick_to_solve(r)) return shared(r);
  auto& t = win_cache::tables();
  std::string key = cache_key(r);
  std::lock_guard lock(t.mutex);
  if (auto it = t.by_key.find(key); it != t.by_key.end()) {
    it->second.used_lately = true;
    return it->second.table;
  }
  std::string path = cache_path(key);
  std::shared_ptr<const PotWinSolver> table;
  if (!path.empty()) table = load(path, r);
  if (table) t.by_key[key] = {table};
  return table;
}

std::shared_ptr<const PotWinSolver> PotWinSolver::shared(const rules::PotRules& r) {
  auto& t = win_cache::tables();
  auto& tables = t.by_key;
  std::string key = cache_key(r);
  std::lock_guard lock(t.mutex);  // the first asker solves; the others wait for the same table
  if (auto it = tables.find(key); it != tables.end()) {
    it->second.used_lately = true;
    return it->second.table;
  }
  std::string path = cache_path(key);
  std::shared_ptr<const PotWinSolver> table;
  if (!path.empty()) table = load(path, r);
  if (!table) {
    auto made = std::make_shared<PotWinSolver>(r);
    if (!path.empty()) made->save(path);
    table = made;
  }
  tables[key] = {table};
  return table;
}

}  // namespace inbetween::strategy

namespace inbetween::games::pot {
std::size_t PotFamily::let_go_of_unused() { return strategy::PotWinSolver::let_go_of_unused(); }
void PotFamily::limit_memory(std::size_t one_table, std::size_t) { strategy::PotWinSolver::set_memory_limit(one_table); }
std::optional<std::vector<double>> PotFamily::exact_chances(const Game& game) {
  if (game.players().size() != 2) return std::nullopt;
  auto table = strategy::PotWinSolver::ready(game.rules());
  return table ? table->seat_chances(game) : std::nullopt;
}
}  // namespace inbetween::games::pot

namespace inbetween::strategy {

std::size_t PotWinSolver::let_go_of_unused() {
  auto& t = win_cache::tables();
  std::lock_guard lock(t.mutex);
  std::size_t bytes = 0;
  for (auto it = t.by_key.begin(); it != t.by_key.end();) {
    // A table a game still holds stays (its memory would not come back anyway).
    if (!it->second.used_lately && it->second.table.use_count() == 1) {
      bytes += it->second.table->states() * sizeof(double);
      it = t.by_key.erase(it);
    } else {
      it->second.used_lately = false;
      ++it;
    }
  }
  return bytes;
}

}  // namespace inbetween::strategy
