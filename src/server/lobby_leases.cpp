// The lobby's side of several servers on one database (docs/scale-out.md): leases renewed on a
// timer, each server's tables and flood cool-downs announced to the others, and a table whose
// lease another server took let go of here.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

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
    if (held->room().status() != TableStatus::over && !held->room().is_private()) tables.push_back(held->room().summary(held->watchers()));
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
    // The addresses this server holds off for flooding, with the time they have left: a flooder
    // let go of here is not let in by another server meanwhile.
    mine = {{"tables", public_tables_locked()}, {"cooled", limits_.cooled_here(hooks_.now())}};
  }
  // The database is asked with no lock held: tables play on meanwhile.
  json others = json::array();
  std::vector<std::pair<std::string, std::int64_t>> held_off;
  try {
    store_.announce(address, mine.dump());
    for (const auto& text : store_.announcements_elsewhere()) {
      json theirs = json::parse(text, nullptr, false);
      if (!theirs.is_object()) continue;
      if (auto tables = theirs.find("tables"); tables != theirs.end() && tables->is_array())
        for (auto& t : *tables)
          if (t.is_object()) others.push_back(std::move(t));
      if (auto cooled = theirs.find("cooled"); cooled != theirs.end() && cooled->is_object())
        for (const auto& [from, left] : cooled->items())
          if (left.is_number_integer()) held_off.emplace_back(from, left.get<std::int64_t>());
    }
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: this server could not be announced: %s\n", e.what());
    return;
  }
  std::lock_guard lock(mutex_);
  elsewhere_ = std::move(others);
  auto now = hooks_.now();
  for (const auto& [from, left] : held_off) limits_.hold_off(from, left, now);
}

void Lobby::lose_table(const std::string& code) {
  std::lock_guard lock(mutex_);
  auto it = held_.find(code);
  if (it == held_.end()) return;
  auto held = it->second;
  {
    std::lock_guard table(held->mutex);
    // The pages reconnect and find the table where it is played now.
    held->tell({{"type", "error"}, {"code", "table_moved"}, {"table", code},
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
