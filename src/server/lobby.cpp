#include "server/lobby.h"

#include <algorithm>
#include <limits>
#include <cstdio>
#include <vector>

#include <fmt/format.h>

#include "games/registry.h"
#include "rules/rule_files.h"
#include "server/fairness.h"
#include "server/message_fields.h"
#include "server/typed_text.h"

namespace inbetween::server {
namespace {
// A name as typed may be longer than the engine's 40 bytes: NFKC and trimming can shorten it.
constexpr std::size_t kMaxTypedNameBytes = 4 * games::kMaxNameBytes;

std::vector<std::string> bot_kinds(std::string_view family) {
  return games::with_family(family, []<games::Family F>() { return F::Bots::kinds(); });
}

json presets_reply() {
  json presets = json::array();
  for (const auto& name : rules::preset_names()) {
    try {
      RulesInfo info = rules_info({name, "", json::object(), 2, 60, false, ""});
      // The file's `[lobby]` table: where the lobby lists it and its rules in short (no knob).
      rules::LobbyText lobby = rules::read_rule_file(name).lobby;
      presets.push_back({{"name", name}, {"family", info.family}, {"title", info.title}, {"min_players", info.min_players},
                         {"max_players", info.max_players}, {"bots", bot_kinds(info.family)}, {"order", lobby.order},
                         {"help", {{"how_to_play", lobby.how_to_play}, {"rules", lobby.rules}}}});
    } catch (const Refused&) {
      // A preset that does not load is left out of the list; `inbetween rules show NAME` says why.
    } catch (const rules::RuleError&) {
    }
  }
  // Every kind some family has, in registry order; a preset's own list is in its "bots".
  json bots = json::array();
  for (auto family : games::family_keys())
    for (const auto& kind : bot_kinds(family))
      if (std::find(bots.begin(), bots.end(), kind) == bots.end()) bots.push_back(kind);
  return {{"type", "presets"}, {"presets", presets}, {"bots", bots}};
}
}  // namespace

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

std::shared_ptr<Lobby::Held> Lobby::hold(std::unique_ptr<Room> room) {
  auto held = std::make_shared<Held>();
  std::lock_guard table(held->mutex);
  Room& r = *room;
  std::string code = r.code();
  held->room = std::move(room);
  held->quiet_since = hooks_.now();
  held_[code] = held;
  // Nobody is connected to a table read back: every person's seat starts its away clock.
  for (std::size_t i = 0; i < r.seats().size(); ++i) {
    auto& seat = r.seats()[i];
    if (seat.name.empty() || !seat.bot.empty()) continue;
    seat.gone = 1;
    hooks_.after(std::chrono::seconds(r.timeout_seconds()), [this, code, i] { away_check(code, static_cast<int>(i), 1); });
  }
  plan_bot(*held);
  return held;
}

void Lobby::let_go(const std::string& code, Held& held) {
  held.gone = true;  // a timer or worker that found it before looks it up again, and finds nothing
  held_.erase(code);
  try {
    store_.release_lease(code);  // another server may take it at once
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: table %s: %s (its lease lapses by itself)\n", code.c_str(), e.what());
  }
}

std::size_t Lobby::sweep() {
  std::size_t let_go_of = 0;
  {
    std::lock_guard lock(mutex_);
    auto now = hooks_.now();
    for (auto it = held_.begin(); it != held_.end();) {
      auto held = (it++)->second;  // let_go erases it
      std::lock_guard table(held->mutex);
      if (!held->sitting.empty() || heavy_at(held->room->code())) continue;
      bool over = held->room->status() == TableStatus::over;
      if (now - held->quiet_since < (over ? options_.finished_kept : options_.abandoned_after)) continue;
      try {
        if (!over) store_.set_abandoned(held->room->code(), true);
      } catch (const StoreUnavailable&) {
        continue;  // the next sweep tries again
      }
      let_go(held->room->code(), *held);
      ++let_go_of;
    }
    bool fewer = conns_.size() < connections_at_last_sweep_;
    connections_at_last_sweep_ = conns_.size();
    if (!let_go_of && !fewer) let_go_of = SIZE_MAX;  // nothing to give back
  }
  // What the tables and connections held goes back to the system, not only to the allocator.
  if (let_go_of != SIZE_MAX) give_memory_back_now();
  hooks_.after(options_.sweep_every, [this] { sweep(); });
  return let_go_of == SIZE_MAX ? 0 : let_go_of;
}

std::size_t Lobby::tables() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

std::size_t Lobby::connections() const {
  std::lock_guard lock(mutex_);
  return conns_.size();
}

int Lobby::heavy_running() const {
  std::lock_guard lock(heavy_mutex_);
  return heavy_;
}

bool Lobby::heavy_at(const std::string& code) const {
  std::lock_guard lock(heavy_mutex_);
  return heavy_by_table_.count(code) > 0;
}

const Room* Lobby::room(const std::string& code) const {
  std::lock_guard lock(mutex_);
  auto it = held_.find(code);
  return it == held_.end() ? nullptr : it->second->room.get();
}

bool Bucket::take(std::chrono::steady_clock::time_point now, double rate, double burst) {
  double seconds = std::chrono::duration<double>(now - last).count();
  last = now;
  allowance = std::min(burst, allowance + seconds * rate);
  if (allowance < 1) return false;
  allowance -= 1;
  return true;
}

bool Lobby::admits(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto a = addresses_.find(address);
  return a == addresses_.end() || hooks_.now() >= a->second.cooled;
}

void Lobby::open(ConnId conn, std::string address) {
  std::lock_guard lock(mutex_);
  auto now = hooks_.now();
  if (addresses_.size() > 4096) {
    // Forget the addresses nobody is connected from whose bucket has refilled: they are as new.
    std::erase_if(addresses_, [&](const auto& entry) {
      const Address& a = entry.second;
      double seconds = std::chrono::duration<double>(now - a.rate.last).count();
      return a.connections == 0 && now >= a.cooled &&
             a.rate.allowance + seconds * options_.address_messages_per_second >= options_.address_burst;
    });
  }
  auto [at, fresh] = addresses_.try_emplace(address);
  if (fresh) at->second.rate = Bucket{options_.address_burst, now};
  ++at->second.connections;
  conns_[conn] = Connection{std::move(address), {}, Bucket{options_.message_burst, now}, Bucket{options_.refused_burst, now}};
}

void Lobby::close(ConnId conn) {
  bool last = false;
  {
    std::lock_guard lock(mutex_);
    auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    detach(conn, it->second);
    if (auto a = addresses_.find(it->second.address); a != addresses_.end()) --a->second.connections;
    conns_.erase(it);
    last = conns_.empty();
  }
  // The last one gone after a busy time: what their messages held goes back to the system.
  if (last) give_memory_back_now();
}

void Lobby::give_memory_back_now() {
  store_.release_memory();  // first: its pages go back to the allocator, then to the system
  hooks_.give_memory_back();
}

void Lobby::send(ConnId conn, json message) { hooks_.send_message(conn, std::move(message)); }

bool Lobby::allowed(Connection& c) {
  auto now = hooks_.now();
  Address& address = addresses_[c.address];
  if (!c.rate.take(now, options_.messages_per_second, options_.message_burst) ||
      !address.rate.take(now, options_.address_messages_per_second, options_.address_burst)) {
    ++c.refused_in_a_row;
    return false;
  }
  c.refused_in_a_row = 0;
  return true;
}

bool Lobby::admit(ConnId conn, Connection& c) {
  if (allowed(c)) return true;
  if (!c.refusals.take(hooks_.now(), options_.messages_per_second, options_.refused_burst)) {
    // A client that keeps sending far past its rate after being told to slow down is not a
    // page: it costs work per message, so it is let go (a page reconnects and resumes its seat).
    send(conn, {{"type", "error"}, {"code", "flooding"},
                {"message", fmt::format("too many messages refused for the rate; the connection is closed, and this address "
                                        "may connect again in {} seconds", options_.flood_cooldown.count())}});
    Address& address = addresses_[c.address];
    address.cooled = address.cooled_here = hooks_.now() + options_.flood_cooldown;
    hooks_.drop(conn);
    return false;
  }
  // Told once per run of refusals: answering every message of a flood would cost more than the flood.
  if (c.refused_in_a_row <= 1)
    send(conn, {{"type", "error"}, {"code", "rate_limited"}, {"message", fmt::format("more than {} messages a second; slow down", options_.messages_per_second)}});
  return false;
}

void Lobby::control_frame(ConnId conn) {
  // A ping costs a pong: it counts against the rate like a message, and a flood of them is let go.
  std::lock_guard lock(mutex_);
  if (auto it = conns_.find(conn); it != conns_.end()) admit(conn, it->second);
}

json Lobby::parse(std::string_view text, Frame frame) const {
  if (frame == Frame::binary || text.size() > options_.max_message_bytes) return json(json::value_t::discarded);
  return json::parse(text, nullptr, false);
}

void Lobby::receive(ConnId conn, std::string_view text, Frame frame) { receive_parsed(conn, parse(text, frame), text.size(), frame); }

void Lobby::receive_parsed(ConnId conn, json message, std::size_t bytes, Frame frame) {
  Lock lock(mutex_);
  auto it = conns_.find(conn);
  if (it == conns_.end()) return;
  Connection& c = it->second;
  json id;
  try {
    if (!admit(conn, c)) return;
    if (frame == Frame::binary) throw Refused("bad_message", "messages are JSON text frames");
    if (bytes > options_.max_message_bytes)
      throw Refused("too_big", fmt::format("a message may be at most {} bytes", options_.max_message_bytes));
    if (message.is_discarded() || !message.is_object()) throw Refused("bad_message", "a message is a JSON object with a \"type\"");
    if (auto i = message.find("id"); i != message.end() && (i->is_string() || i->is_number())) id = *i;
    dispatch(conn, lock, message);
  } catch (const PlayedElsewhere& e) {
    if (e.address.empty()) {
      json error = {{"type", "error"}, {"code", e.code}, {"message", e.what()}};
      if (!id.is_null()) error["id"] = id;
      return send(conn, error);
    }
    // From now on the connection is the other server's: it leaves any table it was at here.
    if (!lock.owns_lock()) lock.lock();
    if (auto here = conns_.find(conn); here != conns_.end()) detach(conn, here->second);
    hooks_.relay(conn, e.address, message.dump());
  } catch (const Refused& e) {
    json error = {{"type", "error"}, {"code", e.code}, {"message", e.what()}};
    if (!id.is_null()) error["id"] = id;
    send(conn, error);
  } catch (const LeaseLost& e) {
    // Another server plays the table now (this one was cut off past its lease): nothing was
    // written, and this server lets the table go.
    json error = {{"type", "error"}, {"code", "table_moved"}, {"message", e.what()}};
    if (!id.is_null()) error["id"] = id;
    send(conn, error);
    if (auto table = message.find("table"); table != message.end() && table->is_string()) lose_table_soon(table->get<std::string>());
  } catch (const StoreUnavailable& e) {
    // The shared database is away for a moment: nothing was written; the next try may pass.
    json error = {{"type", "error"}, {"code", "store_unavailable"}, {"message", e.what()}};
    if (!id.is_null()) error["id"] = id;
    send(conn, error);
  } catch (const StoreError&) {
    throw;  // the store failing is the server's end, not this message's
  } catch (const std::exception& e) {
    // Whatever else a library throws for one message stays with that message.
    json error = {{"type", "error"}, {"code", "internal"}, {"message", e.what()}};
    if (!id.is_null()) error["id"] = id;
    send(conn, error);
  }
}

void Lobby::dispatch(ConnId conn, Lock& lock, const json& message) {
  Connection& c = conns_.at(conn);
  std::string type = text_field(message, "type", 32);
  auto with_id = [&](json reply) {
    if (auto i = message.find("id"); i != message.end() && (i->is_string() || i->is_number())) reply["id"] = *i;
    return reply;
  };
  if (type == "presets") return send(conn, with_id(presets_reply()));
  if (type == "tables") {
    json tables = public_tables_locked();
    // Those of the other servers on the same database, as they last announced them.
    for (const auto& t : elsewhere_) tables.push_back(t);
    return send(conn, with_id({{"type", "tables"}, {"tables", tables}}));
  }
  if (type == "create") return create(conn, c, message);
  if (type == "join") return join(conn, c, message);
  if (type == "watch") return watch(conn, c, message);
  if (type == "resume") return resume(conn, c, message);
  // A message to one table: the lobby's lock is let go before the table's is taken, so tables
  // play at once. A table let go of meanwhile (gone) is looked up again.
  for (int tries = 0; tries < 3; ++tries) {
    auto held = held_named(message);
    std::string at = c.table;  // copied: the connection may close once the lobby's lock is let go
    std::shared_ptr<void> slot;
    if (type == "hint" || type == "replay") slot = heavy_slot_locked(c.address, held->room->code());  // first: a refused request copies nothing
    lock.unlock();
    {
      std::lock_guard table(held->mutex);
      if (!held->gone) return table_message(conn, at, *held, type, std::move(slot), message);
    }
    slot.reset();
    lock.lock();
    if (!conns_.count(conn)) return;
  }
  throw Refused("busy", "the table is being let go of and read again; try again");
}

std::shared_ptr<Lobby::Held> Lobby::held_named(const json& message) {
  std::string code = text_field(message, "table", 16);
  std::transform(code.begin(), code.end(), code.begin(), [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  if (auto held = held_or_stored(code)) return held;
  throw Refused("no_table", fmt::format("there is no table {}", code));
}

std::shared_ptr<Lobby::Held> Lobby::held_or_stored(const std::string& code) {
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
  return held ? held->room.get() : nullptr;
}

StoredGame Lobby::finished_game(const std::string& code, int game) {
  Lock lock(mutex_);
  if (auto it = held_.find(code); it != held_.end()) {
    auto held = it->second;
    lock.unlock();
    std::lock_guard table(held->mutex);
    return held->room->finished_game_copy(game > 0 ? game : held->room->game_number());
  }
  // Not held: a table that is over. Its games are read as stored, nothing replayed.
  auto stored = code.empty() ? std::nullopt : store_.load_table(code);
  if (!stored || stored->games.empty()) throw Refused("no_table", fmt::format("there is no table {}", code));
  if (game <= 0) game = stored->games.back().game;
  for (auto& g : stored->games) {
    if (g.game != game) continue;
    if (g.new_request.empty() || !g.over)
      throw Refused("not_over", fmt::format("game {} at table {} is not over: its log is out once it ends", game, code));
    return std::move(g);
  }
  throw Refused("no_game", fmt::format("table {} has no game {}", code, game));
}

std::shared_ptr<void> Lobby::heavy_slot(const std::string& address, const std::string& code) {
  std::lock_guard lock(mutex_);
  return heavy_slot_locked(address, code);
}

std::shared_ptr<void> Lobby::heavy_slot_locked(const std::string& address, const std::string& code) {
  std::lock_guard lock(heavy_mutex_);
  int& table = heavy_by_table_[code];
  int& by_address = heavy_by_address_[address];
  auto refuse = [&](const std::string& why) {
    if (table == 0) heavy_by_table_.erase(code);
    if (by_address == 0) heavy_by_address_.erase(address);
    throw Refused("busy", why + "; try again when it is done");
  };
  if (table >= options_.max_heavy_per_table)
    refuse(fmt::format("table {} already has {} long requests (hints, replays, log checks) running", code, table));
  if (by_address >= options_.max_heavy_per_address)
    refuse(fmt::format("you already have {} long requests (hints, replays, log checks) running", by_address));
  if (heavy_ >= options_.max_heavy) refuse(fmt::format("the server is running {} long requests, its most", heavy_));
  ++table;
  ++by_address;
  ++heavy_;
  // Let go of anywhere (a worker's answer, once sent; a refusal): the counts' lock is taken last.
  return std::shared_ptr<void>(nullptr, [this, alive = alive_, code, address](void*) {
    if (!*alive) return;
    std::lock_guard counts(heavy_mutex_);
    --heavy_;
    if (--heavy_by_table_[code] == 0) heavy_by_table_.erase(code);
    if (--heavy_by_address_[address] == 0) heavy_by_address_.erase(address);
  });
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
    if (held->room->status() != TableStatus::over || !held->sitting.empty() || heavy_at(held->room->code())) continue;
    let_go(held->room->code(), *held);
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
    if (held->room->creator() == c.address && held->room->status() != TableStatus::over) ++mine;
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
  auto held = std::make_shared<Held>();
  held->room = std::make_unique<Room>(code, std::move(spec), store_);
  held->quiet_since = hooks_.now();
  held_[code] = held;
  std::lock_guard table(held->mutex);
  auto [seat, token] = held->room->seat_person(name);
  take_seat(conn, c, *held, seat, token, message);
}

void Lobby::take_seat(ConnId conn, Connection& c, Held& held, int seat, const std::string& token, const json& message) {
  json seated = {{"type", "seated"}, {"table", held.room->code()}, {"seat", seat}, {"token", token}};
  if (auto i = message.find("id"); i != message.end()) seated["id"] = *i;
  send(conn, seated);
  attach(conn, c, held, seat);
  broadcast(held);
  plan_bot(held);  // a resumed seat may have been played by a bot, or the table was waiting on it
}

void Lobby::join(ConnId conn, Connection& c, const json& message) {
  auto held = held_named(message);
  std::lock_guard table(held->mutex);
  auto [seat, token] = held->room->seat_person(text_field(message, "name", kMaxTypedNameBytes));
  take_seat(conn, c, *held, seat, token, message);
}

void Lobby::watch(ConnId conn, Connection& c, const json& message) {
  auto held = held_named(message);
  std::lock_guard table(held->mutex);
  attach(conn, c, *held, -1);
  PartsText parts;
  hooks_.send(conn, table_for(held->sitting[conn], *held->room, table_text(*held, games::kNobody), parts));
}

void Lobby::resume(ConnId conn, Connection& c, const json& message) {
  auto held = held_named(message);
  std::lock_guard table(held->mutex);
  int seat = seat_of(*held->room, message);
  take_seat(conn, c, *held, seat, message["token"].get<std::string>(), message);
}

void Lobby::attach(ConnId conn, Connection& c, Held& held, int seat) {
  detach(conn, c, &held);
  Room& room = *held.room;
  c.table = room.code();
  Sitting& s = held.sitting[conn];
  s.seat = seat;
  // The latest events only: a game of thousands of events would not fit one message.
  s.events_sent = room.event_count() > options_.event_window ? room.event_count() - options_.event_window : 0;
  s.game_seen = room.game_number();
  s.title_sent = false;
  if (seat < 0) return;
  auto& person = room.seats()[static_cast<std::size_t>(seat)];
  ++person.connections;
  person.away = false;
  person.idle_turns = 0;
  ++person.gone;  // any away-timer running for this seat is now stale
}

void Lobby::detach(ConnId conn, Connection& c, Held* locked) {
  if (c.table.empty()) return;
  auto it = held_.find(c.table);
  c.table.clear();
  if (it == held_.end()) return;
  auto held = it->second;
  // Another table's lock is taken while the lobby's is held (so by one thread at a time); the
  // table being attached to is locked by the caller already.
  Lock table(held->mutex, std::defer_lock);
  if (held.get() != locked) table.lock();
  auto s = held->sitting.find(conn);
  if (s == held->sitting.end()) return;
  int seat = s->second.seat;
  held->sitting.erase(s);
  if (held->sitting.empty()) held->quiet_since = hooks_.now();
  if (seat < 0) return;
  Room& room = *held->room;
  auto& person = room.seats()[static_cast<std::size_t>(seat)];
  if (--person.connections > 0) return;
  std::uint64_t gone = ++person.gone;
  broadcast(*held);
  hooks_.after(std::chrono::seconds(room.timeout_seconds()), [this, code = room.code(), seat, gone] { away_check(code, seat, gone); });
}

}  // namespace inbetween::server
