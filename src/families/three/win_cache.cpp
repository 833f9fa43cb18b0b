// The ThreeBeTween win table on disk and in the process: a fixed header and the tables (F, G, H,
// the bank thresholds, and the state graph the ratings sweep), in ThreeSolver::cache_dir() as
// three-win-KEY.bin. The graph is mapped (mapped_file.h) rather than found again: finding it
// takes about 200 ms at the real rules, which a first hint would wait for.
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <type_traits>

#include <fmt/format.h>

#include "families/three/mapped_file.h"
#include "families/three/solver.h"
#include "games/table_cache.h"
#include "families/three/win_solver_impl.h"

namespace inbetween::strategy {
namespace three_win_cache {

// Bumped whenever the model or the layout changes: older files are not read.
constexpr char kVersion[16] = "three-win-3";

struct Header {
  char version[16] = {};
  char key[16] = {};
  std::int64_t target = 0, lead_cap = 0, step = 0, h = 0, steps = 0, threads = 0;
  double seconds = 0;
  std::int64_t full_id = 0;
  std::uint64_t states = 0, types = 0, opts = 0;  // entries of the graph's tables
};
static_assert(sizeof(Header) % 8 == 0);

struct Held {
  std::shared_ptr<const ThreeWinSolver> table;
  bool used_lately = true;  // handed out since the last let_go_of_unused()
};
struct Tables {
  std::mutex mutex;
  std::map<std::string, Held> by_key;
  std::map<std::string, bool> slow;  // rules found not quick to solve (work() discovers a graph)
  std::map<std::string, std::string> refused;  // rules whose table is over a limit: why
};
Tables& tables() {
  static Tables t;
  return t;
}

// Rules whose table solves in about a second: a hint may make it on the spot.
constexpr double kQuickWork = 3e8;

}  // namespace three_win_cache
// Qualified below, never `using`: in a unity build the solver cache's own kVersion and Header
// stand beside these.

std::string ThreeWinSolver::cache_key(const rules::ThreeRules& rules, const Composition& composition, Options options) {
  // An automatic step is the smallest whose work fits the limit: the same limit, the same table.
  std::string step = options.step > 0 ? fmt::format("{}", options.step) : fmt::format("auto {:.6g}", work_limit());
  return games::table_key(fmt::format("{}|{}|target {}|lead cap {}|step {}", three_win_cache::kVersion,
                                      ThreeSolver::cache_key(rules, composition), rules.target,
                                      lead_cap_of(rules.target, options), step));
}

bool ThreeWinSolver::save(const std::string& path) const {
  const Impl& m = *impl_;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::string tmp = path + fmt::format(".tmp{}", static_cast<const void*>(this));
  {
    std::ofstream out(tmp, std::ios::binary);
    three_win_cache::Header h;
    std::memcpy(h.version, three_win_cache::kVersion, sizeof three_win_cache::kVersion);
    std::memcpy(h.key, m.table_key.data(), std::min(sizeof h.key, m.table_key.size()));
    h.target = m.T;
    h.lead_cap = m.K;
    h.step = m.step();
    h.threads = m.threads;
    h.h = static_cast<std::int64_t>(m.H.size());
    h.steps = m.steps;
    h.seconds = m.seconds;
    h.full_id = m.full_id;
    h.states = m.states.size();
    h.types = m.types.size();
    h.opts = m.opts.size();
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    for (const auto* v : {&m.F, &m.G, &m.H}) mapped::put(out, v->data(), v->size());
    mapped::put(out, m.thresholds.data(), m.thresholds.size());
    mapped::put_graph(out, m);
    if (!out.flush()) {
      std::filesystem::remove(tmp, ec);
      return false;
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return !ec;
}

std::unique_ptr<ThreeWinSolver> ThreeWinSolver::load(const std::string& path, const rules::ThreeRules& rules,
                                                     const Composition& composition, Options options) {
  std::size_t size = 0;
  auto file = mapped::map_file(path, sizeof(three_win_cache::Header), size);
  if (!file) return nullptr;
  three_win_cache::Header h;
  std::memcpy(&h, file.get(), sizeof h);
  std::string key = cache_key(rules, composition, options);
  if (std::memcmp(h.version, three_win_cache::kVersion, sizeof three_win_cache::kVersion) != 0 || std::string(h.key, sizeof h.key) != key ||
      h.target != rules.target || h.h <= 0 || h.h > (1 << 24) || h.step < 1 || h.step > kMaxStep)
    return nullptr;
  auto impl = std::make_unique<Impl>();
  Impl& m = *impl;
  m.rules = rules;
  m.table_key = key;
  m.weights = composition;
  m.options = options;
  m.T = static_cast<int>(h.target);
  m.K = static_cast<int>(h.lead_cap);
  m.steps = static_cast<int>(h.steps);
  m.threads = static_cast<int>(h.threads);
  m.set_grid(static_cast<int>(h.step));
  m.seconds = h.seconds;
  try {
    m.init_kinds();
  } catch (const std::exception&) {
    return nullptr;
  }
  const auto cells = static_cast<std::size_t>(m.P()) * static_cast<std::size_t>(m.P());
  std::size_t offset = sizeof h;
  auto copy = [&](auto& v, std::size_t count) {
    using T = typename std::remove_reference_t<decltype(v)>::value_type;
    auto t = mapped::table_at<T>(file, size, offset, count);
    if (t) v.assign(t->begin(), t->end());
    return t.has_value();
  };
  if (!copy(m.F, cells) || !copy(m.G, cells) || !copy(m.H, static_cast<std::size_t>(h.h)) || !copy(m.thresholds, cells)) return nullptr;
  // The ratings of live decisions sweep rounds over the graph, pointed into the mapping.
  if (!mapped::adopt_graph(file, size, offset, h.states, h.types, h.opts, h.full_id, m) || offset != size) return nullptr;
  m.build_sweep_graph();
  return std::unique_ptr<ThreeWinSolver>(new ThreeWinSolver(std::move(impl)));
}

std::shared_ptr<const ThreeWinSolver> ThreeWinSolver::shared(const rules::ThreeRules& rules) { return shared(rules, Options{}); }

std::shared_ptr<const ThreeWinSolver> ThreeWinSolver::shared(const rules::ThreeRules& rules, Options options) {
  auto& t = three_win_cache::tables();
  Composition composition = fresh_composition(rules.letter_deck);
  std::string key = cache_key(rules, composition, options);
  std::lock_guard lock(t.mutex);  // the first asker solves; the others wait for the same table
  if (auto it = t.by_key.find(key); it != t.by_key.end()) {
    it->second.used_lately = true;
    return it->second.table;
  }
  // Refused once in this process: refused again at once (the limits are set at start).
  if (auto it = t.refused.find(key); it != t.refused.end()) throw SolverLimit(it->second);
  std::string dir = ThreeSolver::cache_dir();
  std::string path = dir.empty() ? "" : (std::filesystem::path(dir) / ("three-win-" + key + ".bin")).string();
  std::shared_ptr<const ThreeWinSolver> table;
  if (!path.empty()) table = load(path, rules, composition, options);
  if (!table) {
    try {
      auto made = std::make_shared<ThreeWinSolver>(rules, composition, options);
      if (!path.empty()) made->save(path);
      table = made;
    } catch (const SolverLimit& e) {
      t.refused[key] = e.what();
      throw;
    }
  }
  t.by_key[key] = {table};
  return table;
}

std::size_t ThreeWinSolver::bytes() const {
  const Impl& m = *impl_;
  std::size_t b = m.graph_bytes() + m.graph.bytes() + sizeof(double) * (m.F.size() + m.G.size() + m.H.size()) + sizeof(int) * m.thresholds.size();
  std::lock_guard lock(m.mu);
  for (const auto& [key, round] : m.recent) b += round->bytes();
  if (m.start_round) b += m.start_round->bytes();
  return b;
}

std::size_t ThreeWinSolver::let_go_of_unused() {
  auto& t = three_win_cache::tables();
  std::lock_guard lock(t.mutex);
  std::size_t let_go = 0;
  for (auto it = t.by_key.begin(); it != t.by_key.end();) {
    if (!it->second.used_lately) {
      let_go += it->second.table->bytes();
      it = t.by_key.erase(it);
    } else {
      it->second.used_lately = false;
      ++it;
    }
  }
  return let_go;
}

std::shared_ptr<const ThreeWinSolver> ThreeWinSolver::ready(const rules::ThreeRules& rules) {
  try {
    {
      auto& t = three_win_cache::tables();
      Composition composition = fresh_composition(rules.letter_deck);
      std::string key = cache_key(rules, composition, {});
      std::lock_guard lock(t.mutex);
      if (auto it = t.by_key.find(key); it != t.by_key.end()) {
        it->second.used_lately = true;
        return it->second.table;
      }
      std::string dir = ThreeSolver::cache_dir();
      std::string path = dir.empty() ? "" : (std::filesystem::path(dir) / ("three-win-" + key + ".bin")).string();
      if (!path.empty())
        if (auto loaded = load(path, rules, composition, {})) {
          std::shared_ptr<const ThreeWinSolver> table = std::move(loaded);
          t.by_key[key] = {table};
          return table;
        }
    }
    auto& t = three_win_cache::tables();
    Composition composition = fresh_composition(rules.letter_deck);
    std::string key = cache_key(rules, composition, {});
    {
      std::lock_guard lock(t.mutex);
      if (t.slow.count(key)) return nullptr;
    }
    // About 4 T^3 rows of at least a few hundred choices each (one space has 301 positions):
    // a long target is not quick, without discovering the graph to find out.
    const double target = rules.target;
    if (4 * target * target * target * 300 <= three_win_cache::kQuickWork && work(rules) <= three_win_cache::kQuickWork) return shared(rules);
    std::lock_guard lock(t.mutex);
    t.slow[key] = true;
  } catch (const games::TooBig&) {
  }
  return nullptr;
}

}  // namespace inbetween::strategy
