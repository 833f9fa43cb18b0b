// The lobby's side of several servers on one database (docs/scale-out.md): leases renewed on a
// timer, and a table whose lease another server took let go of here.
#include <cstdio>

#include "server/lobby.h"

namespace inbetween::server {

void Lobby::renew_leases() {
  std::vector<std::string> lost;
  try {
    lost = store_.renew_leases();
  } catch (const StoreError& e) {
    // The database away for longer than a lease: the tables' writes are refused meanwhile
    // (their fences), and the next renewal tells which are still this server's.
    std::fprintf(stderr, "serve: the leases could not be renewed: %s\n", e.what());
  }
  for (const auto& code : lost) lose_table(code);
  hooks_.after(options_.lease_renew_every, [this] { renew_leases(); });
}

void Lobby::lose_table(const std::string& code) {
  std::lock_guard lock(mutex_);
  auto it = held_.find(code);
  if (it == held_.end()) return;
  auto held = it->second;
  {
    std::lock_guard table(held->mutex);
    // The pages reconnect and find the table where it is played now.
    tell_table(*held, {{"type", "error"}, {"code", "table_moved"}, {"table", code},
                       {"message", "another server plays this table now: reconnect to go on"}});
    held->gone = true;  // a timer or worker that found it before finds nothing
  }
  for (auto& [conn, c] : conns_)
    if (c.table == code) c.table.clear();
  held_.erase(it);  // its lease is not this server's to give back
}

void Lobby::lose_table_soon(const std::string& code) {
  hooks_.after(std::chrono::milliseconds(0), [this, code] { lose_table(code); });
}

}  // namespace inbetween::server
