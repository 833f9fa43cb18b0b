// The tables the lobby holds (lobby.h): created, found by code, read back from the store, and let
// go of when nobody is at them (they stay in the store). With the lobby's lock held, unless said.
#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "games/game.h"
#include "games/registry.h"
#include "rules/rule_files.h"
#include "server/fairness.h"
#include "server/lobby.h"
#include "server/message_fields.h"
#include "server/typed_text.h"

namespace inbetween::server {

Lobby::Lobby(Store& store, Hooks& hooks, LobbyOptions options) : store_(store), hooks_(hooks), options_(options) {
  // Only the tables still in play are replayed now; a table that is over (or abandoned) is read
  // when asked for.
  std::lock_guard lock(mutex_);
  // Several servers on one database: each plays the tables whose lease it takes; the others' stay theirs.
  for (const auto& stored : store_.load_live())
    if (store_.take_lease(stored.code)) hold(std::make_unique<Room>(stored, store_));
  hooks_.after(options_.sweep_every, [this] { sweep(); });
  if (!store_.node().empty()) hooks_.after(options_.lease_renew_every, [this] { renew_leases(); });
}

std::shared_ptr<HeldTable> Lobby::hold(std::unique_ptr<Room> room) {
  std::string code = room->code();
  auto held = std::make_shared<HeldTable>(std::move(room), host(), hooks_, options_);
  std::lock_guard table(held->mutex);
  held_[code] = held;
  // Nobody is connected to a table read back: every person's seat starts its away clock.
  held->start_away_clocks();
  held->plan_bot();
  return held;
}

void Lobby::let_go(const std::string& code, HeldTable& held) {
  held.gone = true;  // a timer or worker that found it before looks it up again, and finds nothing
  held_.erase(code);
  try {
    store_.release_lease(code);  // another server may take it at once
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: table %s: %s (its lease lapses by itself)\n", code.c_str(), e.what());
  }
}

void Lobby::at_table(const std::string& code, const std::function<void(HeldTable&)>& work) {
  // With no lock held (a timer, a worker's answer): the lobby's, briefly, then the table's.
  std::shared_ptr<HeldTable> held;
  {
    std::lock_guard lock(mutex_);
    auto it = held_.find(code);
    if (it == held_.end()) return;
    held = it->second;
  }
  std::lock_guard table(held->mutex);
  if (!held->gone) work(*held);
}

std::size_t Lobby::sweep() {
  std::size_t let_go_of = 0;
  {
    std::lock_guard lock(mutex_);
    auto now = hooks_.now();
    for (auto it = held_.begin(); it != held_.end();) {
      auto held = (it++)->second;  // let_go erases it
      std::lock_guard table(held->mutex);
      const Room& room = held->room();
      if (!held->nobody_at() || limits_.heavy_at(room.code())) continue;
      bool over = room.status() == TableStatus::over;
      // A table whose game has not started holds a place of --max-tables and of its creator's
      // count for nobody: it goes sooner than one in play, or tables made and left from many
      // addresses would keep the server full for half an hour.
      auto kept = over ? options_.finished_kept : room.status() == TableStatus::waiting ? options_.waiting_kept : options_.abandoned_after;
      if (now - held->quiet_since() < kept) continue;
      try {
        if (!over) store_.set_abandoned(room.code(), true);
      } catch (const StoreUnavailable&) {
        continue;  // the next sweep tries again
      }
      let_go(room.code(), *held);
      ++let_go_of;
    }
    bool fewer = conns_.size() < connections_at_last_sweep_;
    connections_at_last_sweep_ = conns_.size();
    if (!let_go_of && !fewer) let_go_of = SIZE_MAX;  // nothing to give back
  }
  // What a family keeps between moves (a solved table) and no table used since the last sweep.
  if (games::let_go_of_unused() > 0 && let_go_of == SIZE_MAX) let_go_of = 0;
  // What the tables and connections held goes back to the system, not only to the allocator.
  if (let_go_of != SIZE_MAX) give_memory_back_now();
  hooks_.after(options_.sweep_every, [this] { sweep(); });
  return let_go_of == SIZE_MAX ? 0 : let_go_of;
}

void Lobby::give_memory_back_now() {
  store_.release_memory();  // first: its pages go back to the allocator, then to the system
  hooks_.give_memory_back();
}

std::size_t Lobby::tables() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

const Room* Lobby::room(const std::string& code) const {
  std::lock_guard lock(mutex_);
  auto it = held_.find(code);
  return it == held_.end() ? nullptr : &it->second->room();
}

std::shared_ptr<HeldTable> Lobby::held_named(const json& message) {
  std::string code = text_field(message, "table", 16);
  std::transform(code.begin(), code.end(), code.begin(), [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  if (auto held = held_or_stored(code)) return held;
  throw Refused("no_table", fmt::format("there is no table {}", code));
}

std::shared_ptr<HeldTable> Lobby::held_or_stored(const std::string& code) {
  auto it = held_.find(code);
  if (it != held_.end()) return it->second;
  // A table that is over (or abandoned) is read from the store the first time someone asks for it.
  auto stored = code.empty() ? std::nullopt : store_.load_table(code);
  if (!stored) return nullptr;
  // Several servers on one database: a table in play is played here only under its lease. One
  // whose server is gone (its lease lapsed) is taken over here from its stored log, exactly
  // where it was; one another server still plays is refused, and one that is over is only read.
  bool over = !stored->games.empty() && stored->games.back().over;
  if (!store_.take_lease(code) && !over) throw PlayedElsewhere(code, store_.player_of(code));
  auto room = std::make_unique<Room>(*stored, store_);
  // An abandoned table someone came back to is in play again (replayed at a restart).
  if (room->status() != TableStatus::over) store_.set_abandoned(code, false);
  return hold(std::move(room));
}

const Room* Lobby::find_room(const std::string& code) {
  std::lock_guard lock(mutex_);
  auto held = held_or_stored(code);
  return held ? &held->room() : nullptr;
}

StoredGame Lobby::finished_game(const std::string& code, int game) {
  Lock lock(mutex_);
  if (auto it = held_.find(code); it != held_.end()) {
    auto held = it->second;
    lock.unlock();
    std::lock_guard table(held->mutex);
    return held->room().finished_game_copy(game > 0 ? game : held->room().game_number());
  }
  // Not held: a table that is over. Its game is read as stored, nothing replayed, its moves left
  // for the log or check to read a page at a time.
  auto stored = code.empty() ? std::nullopt : store_.load_game(code, game);
  if (!stored) {
    if (code.empty() || !store_.has_table(code)) throw Refused("no_table", fmt::format("there is no table {}", code));
    throw Refused("no_game", fmt::format("table {} has no game {}", code, game));
  }
  if (stored->new_request.empty() || !stored->over)
    throw Refused("not_over", fmt::format("game {} at table {} is not over: its log is out once it ends", stored->game, code));
  return std::move(*stored);
}

std::size_t Lobby::let_go_of_finished_tables() {
  std::lock_guard lock(mutex_);
  return let_go_of_finished_tables_locked();
}

std::size_t Lobby::let_go_of_finished_tables_locked() {
  std::size_t gone = 0;
  for (auto it = held_.begin(); it != held_.end();) {
    auto held = (it++)->second;
    std::lock_guard table(held->mutex);
    const Room& room = held->room();
    if (room.status() != TableStatus::over || !held->nobody_at() || limits_.heavy_at(room.code())) continue;
    let_go(room.code(), *held);
    ++gone;
  }
  return gone;
}

void Lobby::create(ConnId conn, Connection& c, const json& message) {
  // Tables that are over and that nobody looks at make room (they stay in the store).
  auto full = [&] { return static_cast<int>(held_.size()) >= options_.max_tables; };
  if (full()) let_go_of_finished_tables_locked();
  if (full()) throw Refused("too_many_tables", fmt::format("the server holds {} tables, its most", options_.max_tables));
  // The creator is stored with the table: a restart does not start the count again.
  int mine = 0;
  for (const auto& [code, held] : held_) {
    std::lock_guard table(held->mutex);
    if (held->room().creator() == c.address && held->room().status() != TableStatus::over) ++mine;
  }
  if (mine >= options_.max_open_tables_per_address)
    throw Refused("too_many_tables", fmt::format("you have {} tables open, the most one address may: finish or leave one first", mine));
  std::string name = text_field(message, "name", kMaxTypedNameBytes);
  TableSpec spec;
  if (message.contains("rules_text") && message.contains("rules"))
    throw Refused("bad_request", "give \"rules\" (a preset) or \"rules_text\", not both");
  if (message.contains("rules_text"))
    spec.rules_text = text_field(message, "rules_text", rules::kMaxRuleTextBytes);
  else
    spec.rules = text_field(message, "rules", 64);
  if (auto it = message.find("set"); it != message.end()) spec.sets = *it;
  spec.seats = int_field(message, "seats", 2, 1, games::kMaxSeats);
  spec.timeout_seconds = int_field(message, "timeout", 60, 1, 3600);
  spec.creator = c.address;
  if (auto it = message.find("private"); it != message.end()) {
    if (!it->is_boolean()) throw Refused("bad_message", "\"private\" must be true or false");
    spec.private_table = it->get<bool>();
  }
  // Check the name before the table exists, so a bad name leaves no empty table behind.
  seat_name(name, {});
  std::string code;
  do code = new_table_code();
  while (held_.count(code) || store_.has_table(code));
  auto held = std::make_shared<HeldTable>(std::make_unique<Room>(code, std::move(spec), store_), host(), hooks_, options_);
  held_[code] = held;
  std::lock_guard table(held->mutex);
  auto [seat, token] = held->room().seat_person(name);
  take_seat(conn, c, *held, seat, token, message);
}

}  // namespace inbetween::server
