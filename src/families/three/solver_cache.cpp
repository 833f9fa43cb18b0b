// The disk cache of solved tables and the process-wide shared() solvers (docs/solver.md).
//
// A cache file is a fixed header and the five tables, each 8-byte aligned, so that load() maps
// the file and points the tables into it: nothing is copied or zero-filled, and a hint only
// touches the pages it reads.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "families/three/family.h"
#include "families/three/mapped_file.h"
#include "families/three/solver.h"
#include "families/three/win_solver.h"
#include "families/three/solver_impl.h"
#include "games/table_cache.h"

namespace inbetween::strategy {
namespace {

namespace fs = std::filesystem;

// Bumped whenever the layout or the meaning of a table changes: older files are not read.
constexpr char kVersion[16] = "three-solver-2";

struct Header {
  char version[16] = {};
  char key[16] = {};  // cache_key(), 16 hex digits
  std::int32_t cap = 0, top = 0, threshold = 0, full_id = 0;
  std::uint64_t states = 0, types = 0, opts = 0, draw = 0, bust = 0;  // entries of each table
};
static_assert(sizeof(Header) % 8 == 0);

}  // namespace

std::string ThreeSolver::cache_key(const rules::ThreeRules& rules, const Composition& composition) {
  std::string depends_on;
  auto mix = [&](const void* data, std::size_t size) { depends_on.append(static_cast<const char*>(data), size); };
  auto mix_int = [&](std::int64_t v) { mix(&v, sizeof v); };
  mix(kVersion, std::strlen(kVersion));
  mix_int(rules.spaces);
  mix_int(rules.wild_pair_busts);
  mix_int(rules.replacement);
  for (const auto& k : rules.letter_deck.kinds) {
    mix(k.notation.data(), k.notation.size());
    mix(k.letters.data(), k.letters.size());
    mix_int(k.points);
    mix_int(-1);
  }
  for (double w : composition) mix(&w, sizeof w);
  return games::table_key(depends_on);
}

const std::string& ThreeSolver::key() const { return impl_->table_key; }

std::string ThreeSolver::cache_dir() { return games::table_cache_dir(); }

std::string ThreeSolver::cache_path(const std::string& key) {
  std::string dir = cache_dir();
  return dir.empty() ? "" : (fs::path(dir) / ("threebetween-" + key + ".bin")).string();
}

bool ThreeSolver::save(const std::string& path) const {
  const Impl& m = *impl_;
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  // Written aside and renamed: a reader sees the old file or the whole new one, never a part.
  std::string tmp = path + fmt::format(".tmp{}-{}", ::getpid(), std::chrono::steady_clock::now().time_since_epoch().count());
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return false;
    Header h;
    std::memcpy(h.version, kVersion, sizeof kVersion);
    std::memcpy(h.key, m.table_key.data(), std::min(m.table_key.size(), sizeof h.key));
    h.cap = m.cap;
    h.top = m.top;
    h.threshold = m.threshold;
    h.full_id = m.full_id;
    h.states = m.states.size();
    h.types = m.types.size();
    h.opts = m.opts.size();
    h.draw = m.draw.size();
    h.bust = m.bust.size();
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    mapped::put_graph(out, m);
    mapped::put(out, m.draw.data(), m.draw.size());
    mapped::put(out, m.bust.data(), m.bust.size());
    if (!out.flush()) {
      fs::remove(tmp, ec);
      return false;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) fs::remove(tmp, ec);
  return !ec;
}

std::unique_ptr<ThreeSolver> ThreeSolver::load(const std::string& path, const rules::ThreeRules& rules,
                                               const Composition& composition) {
  std::size_t size = 0;
  auto file = mapped::map_file(path, sizeof(Header), size);
  if (!file) return nullptr;
  Header h;
  std::memcpy(&h, file.get(), sizeof h);
  std::string key = cache_key(rules, composition);
  if (std::memcmp(h.version, kVersion, sizeof kVersion) != 0 || std::string(h.key, sizeof h.key) != key) return nullptr;
  auto m = std::make_unique<Impl>();
  m->rules = rules;
  m->table_key = key;
  m->weights = composition;
  try {
    m->init_kinds();
  } catch (const std::exception&) {
    return nullptr;
  }
  std::size_t offset = sizeof h;
  if (!mapped::adopt_graph(file, size, offset, h.states, h.types, h.opts, h.full_id, *m)) return nullptr;
  auto draw = mapped::table_at<double>(file, size, offset, h.draw);
  auto bust = draw ? mapped::table_at<double>(file, size, offset, h.bust) : std::nullopt;
  if (!bust || offset != size || h.top < 0) return nullptr;
  m->cap = h.cap;
  m->top = h.top;
  m->threshold = h.threshold;
  m->rows = m->top + 1;
  m->draw = std::move(*draw);
  m->bust = std::move(*bust);
  if (m->draw.size() != static_cast<std::size_t>(m->rows) * m->states.size() || m->bust.size() != m->draw.size()) return nullptr;
  return std::unique_ptr<ThreeSolver>(new ThreeSolver(std::move(m)));
}

std::shared_ptr<const ThreeSolver> ThreeSolver::shared(const rules::ThreeRules& rules) {
  Composition composition = fresh_composition(rules.letter_deck);
  std::string key = cache_key(rules, composition);
  return shared(key, [&]() -> std::shared_ptr<const ThreeSolver> {
    std::string path = cache_path(key);
    std::error_code ec;
    if (!path.empty() && std::filesystem::file_size(path, ec) > memory_limit() && !ec)
      throw SolverLimit(fmt::format("the ThreeBeTween solver's table for these rules is {:.1f} MB ({}); its limit is {:.1f} MB",
                                    megabytes(std::filesystem::file_size(path, ec)), path, megabytes(memory_limit())));
    if (!path.empty())
      if (auto loaded = load(path, rules, composition)) return loaded;
    // Refused before, in this process or an earlier one, under a limit no smaller than this
    // one: refused again at once, without the work of finding it out (a server restarted).
    std::string too_big = path.empty() ? "" : path + ".too-big";
    if (!too_big.empty()) {
      std::ifstream in(too_big);
      std::size_t limit = 0;
      std::string why;
      if (in >> limit && std::getline(in >> std::ws, why) && limit >= memory_limit() && !why.empty())
        throw SolverLimit(why + " (refused at once: these rules were tried before under a limit no smaller)");
    }
    try {
      auto solved = std::make_shared<ThreeSolver>(rules, composition);
      if (!path.empty()) solved->save(path);
      return solved;
    } catch (const SolverLimit& e) {
      if (!too_big.empty()) {
        fs::create_directories(fs::path(too_big).parent_path(), ec);
        std::ofstream(too_big) << memory_limit() << "\n" << e.what() << "\n";
      }
      throw;
    }
  });
}

namespace {
// The process's solved tables: one cache with a byte budget for them all (issue 49, finding 2).
// A table is in use while anyone besides the cache holds it; the least recently used of those
// not in use go first once the tables' bytes pass the budget.
struct SolverCache {
  struct Entry {
    std::shared_future<std::shared_ptr<const ThreeSolver>> table;
    std::size_t bytes = 0;  // 0 until made
    std::uint64_t used = 0;  // when last handed out (a count of hand-outs)
    bool used_lately = true;  // handed out since the last let_go_of_unused()
  };
  std::mutex mutex;
  std::map<std::string, Entry> tables;
  // Tables refused for their size, with the limit they were refused under: asked again under
  // the same limit, the refusal is repeated at once rather than found again.
  std::map<std::string, std::pair<std::size_t, std::string>> refused;
  std::uint64_t clock = 0;
  std::atomic<std::size_t> budget{std::size_t{1024} << 20};

  // Lets go of the least recently used tables nobody else holds until the made ones fit the
  // budget (`keep`, just handed out, stays). Under the lock.
  void trim(const std::string& keep) {
    std::size_t total = 0;
    // A table made once and handed to shared() under two keys is held by both entries.
    std::map<const ThreeSolver*, long> entries_of;
    for (const auto& [key, entry] : tables)
      if (entry.bytes > 0) ++entries_of[entry.table.get().get()];
    std::vector<std::pair<std::uint64_t, std::string>> idle;
    for (const auto& [key, entry] : tables) {
      total += entry.bytes;
      // Made (bytes set), not the one being handed out, and held by the cache alone.
      if (entry.bytes > 0 && key != keep && entry.table.get().use_count() == entries_of[entry.table.get().get()])
        idle.emplace_back(entry.used, key);
    }
    std::sort(idle.begin(), idle.end());
    for (const auto& [used, key] : idle) {
      if (total <= budget.load()) break;
      total -= tables[key].bytes;
      tables.erase(key);
    }
  }
  // Whether the made table under `key` is held by the cache alone. Under the lock.
  bool idle(const Entry& entry) {
    if (entry.bytes == 0) return false;
    const ThreeSolver* table = entry.table.get().get();
    long entries = 0;
    for (const auto& [key, other] : tables)
      if (other.bytes > 0 && other.table.get().get() == table) ++entries;
    return entry.table.get().use_count() == entries;
  }
  std::size_t bytes() {
    std::lock_guard lock(mutex);
    std::size_t total = 0;
    for (const auto& [key, entry] : tables) total += entry.bytes;
    return total;
  }
};

SolverCache& solver_cache() {
  static SolverCache cache;
  return cache;
}
}  // namespace

std::size_t ThreeSolver::cache_budget() { return solver_cache().budget.load(); }
void ThreeSolver::set_cache_budget(std::size_t bytes) { solver_cache().budget.store(bytes); }
std::size_t ThreeSolver::cached_bytes() { return solver_cache().bytes(); }
std::size_t ThreeSolver::let_go_of_unused() {
  SolverCache& cache = solver_cache();
  std::lock_guard lock(cache.mutex);
  std::vector<std::string> unused;
  for (auto& [key, entry] : cache.tables) {
    if (!entry.used_lately && cache.idle(entry)) unused.push_back(key);
    entry.used_lately = false;
  }
  std::size_t let_go = 0;
  for (const auto& key : unused) {
    let_go += cache.tables[key].bytes;
    cache.tables.erase(key);
  }
  return let_go;
}
void ThreeSolver::trim_cache() {
  SolverCache& cache = solver_cache();
  std::lock_guard lock(cache.mutex);
  cache.trim("");
}

std::shared_ptr<const ThreeSolver> ThreeSolver::shared(const std::string& key,
                                                       const std::function<std::shared_ptr<const ThreeSolver>()>& make) {
  // The lock guards the map only: a table is loaded or solved outside it, so a table already
  // there is handed out at once while another is being solved. Callers wanting the same
  // table wait on its future, not on the lock.
  SolverCache& cache = solver_cache();
  std::promise<std::shared_ptr<const ThreeSolver>> promise;
  std::shared_future<std::shared_ptr<const ThreeSolver>> table;
  bool maker = false;
  {
    std::lock_guard lock(cache.mutex);
    if (auto r = cache.refused.find(key); r != cache.refused.end() && r->second.first == memory_limit())
      throw SolverLimit(r->second.second);
    auto [it, inserted] = cache.tables.try_emplace(key);
    if (inserted) it->second.table = promise.get_future().share();
    it->second.used = ++cache.clock;
    it->second.used_lately = true;
    table = it->second.table;
    maker = inserted;
  }
  if (maker) {
    try {
      auto made = make();
      std::size_t bytes = made ? std::max<std::size_t>(made->memory_bytes(), 1) : 1;
      promise.set_value(std::move(made));
      std::lock_guard lock(cache.mutex);
      if (auto it = cache.tables.find(key); it != cache.tables.end()) it->second.bytes = bytes;
    } catch (const SolverLimit& e) {
      {
        std::lock_guard lock(cache.mutex);
        cache.tables.erase(key);
        cache.refused[key] = {memory_limit(), e.what()};
      }
      promise.set_exception(std::current_exception());
    } catch (...) {
      // Nobody keeps a failed table: the next caller tries again.
      {
        std::lock_guard lock(cache.mutex);
        cache.tables.erase(key);
      }
      promise.set_exception(std::current_exception());
    }
  }
  std::shared_ptr<const ThreeSolver> out = table.get();  // held: in use until the caller lets go
  {
    std::lock_guard lock(cache.mutex);
    cache.trim(key);
  }
  return out;
}

}  // namespace inbetween::strategy

namespace inbetween::games::three {
std::size_t ThreeFamily::let_go_of_unused() {
  return strategy::ThreeSolver::let_go_of_unused() + strategy::ThreeWinSolver::let_go_of_unused();
}

void ThreeFamily::limit_memory(std::size_t one_table, std::size_t all_tables) {
  strategy::ThreeSolver::set_memory_limit(one_table);
  strategy::ThreeSolver::set_cache_budget(all_tables);
}
}  // namespace inbetween::games::three
