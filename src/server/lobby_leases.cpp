// The lobby's side of several servers on one database (docs/scale-out.md): leases renewed on a
// timer, and a table whose lease another server took let go of here.
#include <cstdio>

#include "server/lobby.h"

#include <nlohmann/json.hpp>

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
  publish();
  hooks_.after(options_.lease_renew_every, [this] { renew_leases(); });
}

void Lobby::announce(const std::string& address) {
  {
    std::lock_guard lock(mutex_);
    address_ = address;
  }
  publish();
}

json Lobby::public_tables_locked() const {
  json tables = json::array();
  // A private table is found by its code (a link) only.
  for (const auto& [code, held] : held_) {
    std::lock_guard table(held->mutex);
    if (held->room->status() != TableStatus::over && !held->room->is_private()) tables.push_back(held->room->summary(watchers(*held)));
  }
  return tables;
}

void Lobby::publish() {
  std::string address;
  json mine;
  {
    std::lock_guard lock(mutex_);
    if (address_.empty()) return;
    address = address_;
    mine = public_tables_locked();
  }
  // The database is asked with no lock held: tables play on meanwhile.
  json others = json::array();
  try {
    store_.announce(address, mine.dump());
    for (const auto& text : store_.tables_elsewhere()) {
      json theirs = json::parse(text, nullptr, false);
      if (!theirs.is_array()) continue;
      for (auto& t : theirs)
        if (t.is_object()) others.push_back(std::move(t));
    }
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: this server could not be announced: %s\n", e.what());
    return;
  }
  std::lock_guard lock(mutex_);
  elsewhere_ = std::move(others);
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
