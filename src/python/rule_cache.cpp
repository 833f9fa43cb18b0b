#include "python/rule_cache.h"

#include <map>
#include <mutex>

namespace inbetween::python {

std::shared_ptr<const protocol::SessionMaker> session_maker(const std::string& rules, const Knobs& set) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, Knobs>, std::shared_ptr<const protocol::SessionMaker>> makers;
  auto key = std::make_pair(rules, set);
  {
    std::lock_guard lock(mutex);
    if (auto it = makers.find(key); it != makers.end()) return it->second;
  }
  // Read outside the lock (a slow disk holds no other rules up); the first one kept wins.
  auto maker = std::make_shared<const protocol::SessionMaker>(new_request(rules, {"reader"}, 0, set));
  std::lock_guard lock(mutex);
  return makers.emplace(std::move(key), std::move(maker)).first->second;
}

protocol::json new_request(const std::string& rules, const std::vector<std::string>& players, std::optional<std::uint64_t> seed,
                           const Knobs& set) {
  protocol::json request = {{"cmd", "new"}, {"rules", rules}, {"players", players}};
  if (seed) request["seed"] = *seed;
  if (!set.empty()) request["set"] = set;
  return request;
}

}  // namespace inbetween::python
