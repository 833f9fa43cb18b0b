#include "server/lobby.h"

#include <algorithm>
#include <limits>
#include <cstdio>

#include <malloc.h>

#include <fmt/format.h>

#include "games/registry.h"
#include "rules/rule_files.h"
#include "server/fairness.h"
#include "server/typed_text.h"
#include "families/three/solver.h"

namespace inbetween::server {
namespace {
// A name as typed may be longer than the engine's 40 bytes: NFKC and trimming can shorten it.
constexpr std::size_t kMaxTypedNameBytes = 4 * games::kMaxNameBytes;

// A string field of a client message: present, a string, at most `max` bytes.
std::string text_field(const json& message, const char* key, std::size_t max) {
  auto it = message.find(key);
  if (it == message.end() || !it->is_string()) throw Refused("bad_message", fmt::format("\"{}\" must be a string", key));
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() > max) throw Refused("bad_message", fmt::format("\"{}\" may be at most {} bytes", key, max));
  return text;
}

int int_field(const json& message, const char* key, int fallback, int least, int most) {
  auto it = message.find(key);
  if (it == message.end()) return fallback;
  if (!it->is_number_integer() || it->get<std::int64_t>() < least || it->get<std::int64_t>() > most)
    throw Refused("bad_message", fmt::format("\"{}\" must be a whole number from {} to {}", key, least, most));
  return it->get<int>();
}

std::vector<std::string> bot_kinds(std::string_view family) {
  return games::with_family(family, []<games::Family F>() { return F::Bots::kinds(); });
}

json presets_reply() {
  json presets = json::array();
  for (const auto& name : rules::preset_names()) {
    try {
      RulesInfo info = rules_info({name, "", json::object(), 2, 60, false, ""});
      presets.push_back({{"name", name}, {"family", info.family}, {"title", info.title}, {"min_players", info.min_players},
                         {"max_players", info.max_players}, {"bots", bot_kinds(info.family)}});
    } catch (const Refused&) {
      // A preset that does not load is left out of the list; `inbetween rules show NAME` says why.
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
  for (const auto& stored : store_.load_live()) hold(std::make_unique<Room>(stored, store_));
  hooks_.after(options_.sweep_every, [this] { sweep(); });
}

Room& Lobby::hold(std::unique_ptr<Room> room) {
  Room& r = *room;
  std::string code = r.code();
  rooms_[code] = std::move(room);
  quiet_since_[code] = hooks_.now();
  // Nobody is connected to a table read back: every person's seat starts its away clock.
  for (std::size_t i = 0; i < r.seats().size(); ++i) {
    auto& seat = r.seats()[i];
    if (seat.name.empty() || !seat.bot.empty()) continue;
    seat.gone = 1;
    hooks_.after(std::chrono::seconds(r.timeout_seconds()), [this, code, i] { away_check(code, static_cast<int>(i), 1); });
  }
  plan_bot(r);
  return r;
}

void Lobby::let_go(const std::string& code) {
  bot_planned_.erase(code);
  clocks_.erase(code);
  quiet_since_.erase(code);
  rooms_.erase(code);
}

std::size_t Lobby::sweep() {
  auto now = hooks_.now();
  std::vector<std::string> gone;
  for (const auto& [code, room] : rooms_) {
    if (at_table_.count(code) || heavy_by_table_.count(code)) continue;
    auto quiet = quiet_since_.try_emplace(code, now).first->second;
    bool over = room->status() == TableStatus::over;
    if (now - quiet < (over ? options_.finished_kept : options_.abandoned_after)) continue;
    if (!over) store_.set_abandoned(code, true);
    gone.push_back(code);
  }
  for (const auto& code : gone) let_go(code);
  // What the tables and connections held goes back to the system, not only to the allocator.
  if (!gone.empty() || conns_.size() < connections_at_last_sweep_) malloc_trim(0);
  connections_at_last_sweep_ = conns_.size();
  hooks_.after(options_.sweep_every, [this] { sweep(); });
  return gone.size();
}

bool Lobby::someone_here(const Room& room) {
  return std::any_of(room.seats().begin(), room.seats().end(),
                     [](const SeatState& s) { return !s.name.empty() && s.bot.empty() && s.connections > 0 && !s.away; });
}

void Lobby::back(Room& room, int seat) {
  auto& s = room.seats()[static_cast<std::size_t>(seat)];
  s.idle_turns = 0;
  if (!s.away || s.connections == 0) return;
  s.away = false;
  ++s.gone;
  broadcast(room);
  plan_bot(room);
}

const Room* Lobby::room(const std::string& code) const {
  auto it = rooms_.find(code);
  return it == rooms_.end() ? nullptr : it->second.get();
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
  auto a = addresses_.find(address);
  return a == addresses_.end() || hooks_.now() >= a->second.cooled;
}

void Lobby::open(ConnId conn, std::string address) {
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
  conns_[conn] = Connection{std::move(address), {}, -1, 0, 0, Bucket{options_.message_burst, now}, Bucket{options_.refused_burst, now}};
}

void Lobby::close(ConnId conn) {
  auto it = conns_.find(conn);
  if (it == conns_.end()) return;
  detach(conn, it->second);
  if (auto a = addresses_.find(it->second.address); a != addresses_.end()) --a->second.connections;
  conns_.erase(it);
  // The last one gone after a busy time: what their messages held goes back to the system.
  if (conns_.empty()) malloc_trim(0);
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
    addresses_[c.address].cooled = hooks_.now() + options_.flood_cooldown;
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
  if (auto it = conns_.find(conn); it != conns_.end()) admit(conn, it->second);
}

json Lobby::parse(std::string_view text, Frame frame) const {
  if (frame == Frame::binary || text.size() > options_.max_message_bytes) return json(json::value_t::discarded);
  return json::parse(text, nullptr, false);
}

void Lobby::receive(ConnId conn, std::string_view text, Frame frame) { receive_parsed(conn, parse(text, frame), text.size(), frame); }

void Lobby::receive_parsed(ConnId conn, json message, std::size_t bytes, Frame frame) {
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
    dispatch(conn, c, message);
  } catch (const Refused& e) {
    json error = {{"type", "error"}, {"code", e.code}, {"message", e.what()}};
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

void Lobby::dispatch(ConnId conn, Connection& c, const json& message) {
  std::string type = text_field(message, "type", 32);
  auto with_id = [&](json reply) {
    if (auto i = message.find("id"); i != message.end() && (i->is_string() || i->is_number())) reply["id"] = *i;
    return reply;
  };
  if (type == "presets") return send(conn, with_id(presets_reply()));
  if (type == "tables") {
    json tables = json::array();
    // A private table is found by its code (a link) only.
    for (const auto& [code, room] : rooms_)
      if (room->status() != TableStatus::over && !room->is_private()) tables.push_back(room->summary(watchers(code)));
    return send(conn, with_id({{"type", "tables"}, {"tables", tables}}));
  }
  if (type == "create") return create(conn, c, message);
  if (type == "join") return join(conn, c, message);
  if (type == "watch") return watch(conn, c, message);
  if (type == "resume") return resume(conn, c, message);
  if (type == "chat") return chat(conn, c, message);
  if (type == "hint") return hint(conn, c, message);
  if (type == "events") return older_events(conn, c, message);
  if (type == "replay") {
    // Every move replayed: on a heavy worker, from a copy of the stored game.
    Room& room = room_named(message);
    int game = int_field(message, "game", room.game_number(), 1, room.game_number());
    std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
    auto slot = heavy_slot(c.address, room.code());  // first: a refused request copies nothing
    StoredGame stored = room.finished_game_copy(game);
    hooks_.off_thread(
        Lane::heavy,
        [code = room.code(), stored = std::move(stored), from, page = options_.replay_page] { return replay_steps(code, stored, from, page); },
        [this, conn, slot, reply = with_id(json::object())](json steps) mutable {
          if (!conns_.count(conn)) return;
          if (steps.is_null()) return send(conn, {{"type", "error"}, {"code", "internal"}, {"message", "the replay failed"}});
          steps.update(reply);
          send(conn, std::move(steps));
        });
    return;
  }
  Room& room = room_named(message);
  int seat = seat_of(room, message);
  back(room, seat);
  if (type == "act") {
    auto action = message.find("action");
    if (action == message.end() || !action->is_object()) throw Refused("bad_message", "\"act\" needs an \"action\" object");
    room.act(seat, *action);
    broadcast(room, seat);
    return plan_bot(room);
  } else if (type == "bot" || type == "start" || type == "again") {
    if (seat != kCreatorSeat) throw Refused("not_creator", fmt::format("only the table's creator may {}", type == "bot" ? "add bots" : type));
    if (type == "bot") room.seat_bot(text_field(message, "kind", 32));
    if (type == "start") room.start();
    if (type == "again") room.again();
  } else {
    throw Refused("bad_message", fmt::format("unknown message type \"{}\"", type));
  }
  broadcast(room);
  plan_bot(room);
}

Room& Lobby::room_named(const json& message) {
  std::string code = text_field(message, "table", 16);
  std::transform(code.begin(), code.end(), code.begin(), [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  if (Room* room = held_or_stored(code)) return *room;
  throw Refused("no_table", fmt::format("there is no table {}", code));
}

Room* Lobby::held_or_stored(const std::string& code) {
  auto it = rooms_.find(code);
  if (it != rooms_.end()) return it->second.get();
  // A table that is over is read from the store the first time someone asks for it.
  auto stored = code.empty() ? std::nullopt : store_.load_table(code);
  if (!stored) return nullptr;
  auto room = std::make_unique<Room>(*stored, store_);
  // An abandoned table someone came back to is in play again (replayed at a restart).
  if (room->status() != TableStatus::over) store_.set_abandoned(code, false);
  return &hold(std::move(room));
}

const Room* Lobby::find_room(const std::string& code) { return held_or_stored(code); }

StoredGame Lobby::finished_game(const std::string& code, int game) {
  if (auto it = rooms_.find(code); it != rooms_.end())
    return it->second->finished_game_copy(game > 0 ? game : it->second->game_number());
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
  return std::shared_ptr<void>(nullptr, [this, alive = alive_, code, address](void*) {
    if (!*alive) return;
    --heavy_;
    if (--heavy_by_table_[code] == 0) heavy_by_table_.erase(code);
    if (--heavy_by_address_[address] == 0) heavy_by_address_.erase(address);
  });
}

int Lobby::seat_of(Room& room, const json& message) const {
  auto seat = room.seat_of_token(text_field(message, "token", 64));
  if (!seat) throw Refused("bad_token", fmt::format("that token holds no seat at table {}", room.code()));
  return *seat;
}

std::size_t Lobby::let_go_of_finished_tables() {
  std::size_t gone = 0;
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    bool idle = it->second->status() == TableStatus::over && !at_table_.count(it->first) && !heavy_by_table_.count(it->first);
    if (!idle) {
      ++it;
      continue;
    }
    std::string code = (it++)->first;
    let_go(code);
    ++gone;
  }
  return gone;
}

void Lobby::create(ConnId conn, Connection& c, const json& message) {
  // Tables that are over and that nobody looks at make room (they stay in the store).
  if (static_cast<int>(rooms_.size()) >= options_.max_tables) let_go_of_finished_tables();
  if (static_cast<int>(rooms_.size()) >= options_.max_tables)
    throw Refused("too_many_tables", fmt::format("the server holds {} tables, its most", options_.max_tables));
  // The creator is stored with the table: a restart does not start the count again.
  int mine = 0;
  for (const auto& [code, room] : rooms_)
    if (room->creator() == c.address && room->status() != TableStatus::over) ++mine;
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
  while (rooms_.count(code) || store_.has_table(code));
  auto room = std::make_unique<Room>(code, std::move(spec), store_);
  Room& r = *room;
  rooms_[code] = std::move(room);
  auto [seat, token] = r.seat_person(name);
  take_seat(conn, c, r, seat, token, message);
}

void Lobby::take_seat(ConnId conn, Connection& c, Room& room, int seat, const std::string& token, const json& message) {
  json seated = {{"type", "seated"}, {"table", room.code()}, {"seat", seat}, {"token", token}};
  if (auto i = message.find("id"); i != message.end()) seated["id"] = *i;
  send(conn, seated);
  attach(conn, c, room, seat);
  broadcast(room);
  plan_bot(room);  // a resumed seat may have been played by a bot, or the table was waiting on it
}

void Lobby::join(ConnId conn, Connection& c, const json& message) {
  Room& room = room_named(message);
  auto [seat, token] = room.seat_person(text_field(message, "name", kMaxTypedNameBytes));
  take_seat(conn, c, room, seat, token, message);
}

void Lobby::watch(ConnId conn, Connection& c, const json& message) {
  Room& room = room_named(message);
  attach(conn, c, room, -1);
  send_table(conn, c, room, table_text(snapshot_of(room, games::kNobody)));
}

void Lobby::resume(ConnId conn, Connection& c, const json& message) {
  Room& room = room_named(message);
  int seat = seat_of(room, message);
  take_seat(conn, c, room, seat, message["token"].get<std::string>(), message);
}

void Lobby::attach(ConnId conn, Connection& c, Room& room, int seat) {
  detach(conn, c);
  c.table = room.code();
  at_table_[c.table].insert(conn);
  c.seat = seat;
  // The latest events only: a game of thousands of events would not fit one message.
  c.events_sent = room.events().size() > options_.event_window ? room.events().size() - options_.event_window : 0;
  c.game_seen = room.game_number();
  c.title_sent = false;
  if (seat < 0) return;
  auto& s = room.seats()[static_cast<std::size_t>(seat)];
  ++s.connections;
  s.away = false;
  s.idle_turns = 0;
  ++s.gone;  // any away-timer running for this seat is now stale
}

void Lobby::detach(ConnId conn, Connection& c) {
  if (c.table.empty()) return;
  if (auto at = at_table_.find(c.table); at != at_table_.end()) {
    at->second.erase(conn);
    if (at->second.empty()) {
      at_table_.erase(at);
      quiet_since_[c.table] = hooks_.now();
    }
  }
  auto it = rooms_.find(c.table);
  int seat = c.seat;
  c.table.clear();
  c.seat = -1;
  if (it == rooms_.end() || seat < 0) return;
  Room& room = *it->second;
  auto& s = room.seats()[static_cast<std::size_t>(seat)];
  if (--s.connections > 0) return;
  std::uint64_t gone = ++s.gone;
  broadcast(room);
  hooks_.after(std::chrono::seconds(room.timeout_seconds()), [this, code = room.code(), seat, gone] { away_check(code, seat, gone); });
}

void Lobby::away_check(const std::string& code, int seat, std::uint64_t gone) {
  auto it = rooms_.find(code);
  if (it == rooms_.end()) return;
  Room& room = *it->second;
  auto& s = room.seats()[static_cast<std::size_t>(seat)];
  if (s.gone != gone || s.connections > 0 || s.away) return;
  s.away = true;
  broadcast(room);
  plan_bot(room);
}

int Lobby::watchers(const std::string& code) const {
  auto at = at_table_.find(code);
  if (at == at_table_.end()) return 0;
  return static_cast<int>(std::count_if(at->second.begin(), at->second.end(), [&](ConnId id) { return conns_.at(id).seat < 0; }));
}

void Lobby::tell_table(const Room& room, const json& line) {
  if (auto at = at_table_.find(room.code()); at != at_table_.end())
    for (ConnId id : at->second) send(id, line);
}

Lobby::TableText Lobby::table_text(json snapshot) {
  TableText shared;
  if (auto title = snapshot.find("title"); title != snapshot.end()) {
    shared.title = std::move(*title);
    snapshot.erase(title);
  }
  shared.body = snapshot.dump(-1, ' ', false, json::error_handler_t::replace);
  return shared;
}

void Lobby::send_table(ConnId conn, Connection& c, const Room& room, const TableText& shared) {
  // Only this connection's own fields are made per connection; the snapshot's text is shared.
  json out = json::object();
  if (c.game_seen != room.game_number()) {
    c.game_seen = room.game_number();
    c.events_sent = 0;
  }
  out["you"] = c.seat < 0 ? json() : json(c.seat);
  out["legal"] = c.seat < 0 ? json() : room.legal_for(c.seat);
  if (!c.title_sent && !shared.title.is_null()) out["title"] = shared.title;
  c.title_sent = true;
  const json& events = room.events();
  std::size_t from = std::min(c.events_sent, events.size());
  json fresh = json::array();
  for (std::size_t i = from; i < events.size(); ++i) fresh.push_back(events[i]);
  c.events_sent = events.size();
  out["events_from"] = from;
  out["events"] = std::move(fresh);
  std::string text = out.dump(-1, ' ', false, json::error_handler_t::replace);
  if (shared.body.size() > 2) {  // "{...}": the two objects' fields as one
    text.back() = ',';
    text.append(shared.body, 1);
  }
  hooks_.send(conn, std::move(text));
}

void Lobby::arm_clock(Room& room, int actor) {
  int seat = room.seat_to_act();
  TurnClock& k = clocks_[room.code()];
  bool person = seat >= 0 && room.seats()[static_cast<std::size_t>(seat)].bot.empty() && !room.seats()[static_cast<std::size_t>(seat)].away;
  if (!person) {
    k.seat = -1;
    return;
  }
  // The same turn goes on (someone else bought chips, a seat came or went): the clock runs on.
  if (k.seat == seat && k.game == room.game_number() && actor != seat) return;
  auto timeout = std::chrono::seconds(room.timeout_seconds());
  k = TurnClock{room.game_number(), seat, hooks_.now() + timeout, ++clock_serial_, false};
  hooks_.after(timeout, [this, code = room.code(), serial = k.serial] { clock_ran_out(code, serial); });
}

void Lobby::clock_ran_out(const std::string& code, std::uint64_t serial) {
  auto it = rooms_.find(code);
  auto k = clocks_.find(code);
  if (it == rooms_.end() || k == clocks_.end() || k->second.serial != serial || k->second.seat < 0) return;
  Room& room = *it->second;
  if (room.seat_to_act() != k->second.seat || room.game_number() != k->second.game) return;
  k->second.ran_out = true;
  plan_bot(room);
}

std::optional<std::string> Lobby::bot_for(const Room& room) const {
  // Nobody here: the bots wait (for a person to come back, or for the table to be let go of).
  if (!someone_here(room)) return std::nullopt;
  if (auto kind = room.bot_to_play()) return kind;
  auto k = clocks_.find(room.code());
  if (k != clocks_.end() && k->second.ran_out && k->second.seat >= 0 && k->second.seat == room.seat_to_act() &&
      k->second.game == room.game_number())
    return room.info().stand_in;
  return std::nullopt;
}

json Lobby::snapshot_of(const Room& room, int seat) const {
  json snapshot = room.snapshot(seat);
  snapshot["turn_left_ms"] = nullptr;
  auto k = clocks_.find(room.code());
  if (k != clocks_.end() && k->second.seat >= 0 && k->second.seat == room.seat_to_act() && k->second.game == room.game_number()) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(k->second.deadline - hooks_.now()).count();
    snapshot["turn_left_ms"] = std::max<std::int64_t>(0, left);
  }
  return snapshot;
}

void Lobby::broadcast(Room& room, int actor) {
  arm_clock(room, actor);
  auto at = at_table_.find(room.code());
  if (at == at_table_.end()) return;
  // Each connection gets the view of its own seat (spectators the public one), made once per seat;
  // where every seat sees the whole table (the family says so), once for everyone.
  const games::AnyTable* table = room.table();
  bool one_view = !table || !table->seats_see_differently();
  std::map<int, TableText> views;
  for (ConnId id : at->second) {
    Connection& c = conns_.at(id);
    int seat = one_view ? games::kNobody : c.seat;
    auto view = views.find(seat);
    if (view == views.end()) view = views.emplace(seat, table_text(snapshot_of(room, seat))).first;
    send_table(id, c, room, view->second);
  }
}

void Lobby::chat(ConnId conn, Connection& c, const json& message) {
  Room& room = room_named(message);
  std::string from = "watcher";
  if (message.contains("token")) {
    int seat = seat_of(room, message);
    from = room.seats()[static_cast<std::size_t>(seat)].name;
    back(room, seat);
  } else if (c.table != room.code())
    throw Refused("bad_message", "watch or sit at the table to chat there");
  // What would turn text around, hide it or reach a terminal is taken out before it is counted.
  std::string text = chat_line(text_field(message, "text", options_.max_chat_chars * 4));
  std::size_t chars = characters(text);
  if (chars == 0 || chars > options_.max_chat_chars)
    throw Refused("bad_message", fmt::format("a chat line is 1 to {} characters", options_.max_chat_chars));
  tell_table(room, {{"type", "chat"}, {"table", room.code()}, {"from", from}, {"text", text}});
  (void)conn;
}

void Lobby::older_events(ConnId conn, Connection& c, const json& message) {
  Room& room = room_named(message);
  if (c.table != room.code()) throw Refused("bad_message", "watch or sit at the table to read its events");
  const json& events = room.events();
  std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
  std::size_t to = std::min(events.size(), from + options_.event_window);
  json page = json::array();
  for (std::size_t i = from; i < to; ++i) page.push_back(events[i]);
  json reply = {{"type", "events"}, {"table", room.code()}, {"game", room.game_number()}, {"from", from}, {"events", std::move(page)},
                {"event_count", events.size()}};
  if (auto id = message.find("id"); id != message.end()) reply["id"] = *id;
  send(conn, reply);
}

void Lobby::hint(ConnId conn, Connection& c, const json& message) {
  Room& room = room_named(message);
  int seat = seat_of(room, message);
  back(room, seat);
  if (room.status() != TableStatus::playing) throw Refused("not_started", "the game is not being played");
  if (room.seat_to_act() != seat) throw Refused("not_your_turn", "a hint is for the player to act");
  std::shared_ptr<protocol::GameSession> copy = room.session()->clone();
  json id = message.contains("id") ? message["id"] : json();
  std::string code = room.code();
  // A hint may be a cold solve (seconds): a heavy worker runs it, admitted per table and address.
  auto slot = heavy_slot(c.address, code);
  hooks_.off_thread(
      Lane::heavy,
      [copy] {
        try {
          return json{{"hint", copy->hint(json::object())}};
        } catch (const strategy::SolverLimit& e) {
          return json{{"code", "too_big"}, {"error", e.what()}};
        } catch (const std::exception& e) {
          return json{{"code", "internal"}, {"error", e.what()}};
        }
      },
      [this, conn, id, code, slot](json result) {
        if (!conns_.count(conn)) return;
        json reply = result.contains("hint") ? json{{"type", "hint"}, {"table", code}, {"hint", result["hint"]}}
                                             : json{{"type", "error"}, {"code", result["code"]}, {"message", result["error"]}};
        if (!id.is_null()) reply["id"] = id;
        send(conn, reply);
      });
}

void Lobby::plan_bot(Room& room) {
  if (bot_planned_[room.code()] || !bot_for(room)) return;
  bot_planned_[room.code()] = true;
  hooks_.after(options_.bot_delay, [this, code = room.code(), moves = room.moves()] { bot_move(code, moves); });
}

void Lobby::bot_move(const std::string& code, std::size_t moves) {
  auto it = rooms_.find(code);
  if (it == rooms_.end()) return;
  Room& room = *it->second;
  auto kind = bot_for(room);
  if (!kind || room.moves() != moves) {
    bot_planned_[code] = false;
    return plan_bot(room);
  }
  // The bot chooses on a worker thread, on its own copy of the table: a slow choice (the optimal
  // bot's solve) holds up no table.
  std::shared_ptr<const games::AnyTable> copy = room.table()->clone();
  auto chosen = std::make_shared<games::AnyMove>();
  hooks_.off_thread(
      Lane::moves,
      [copy, chosen, kind = *kind] {
        try {
          *chosen = copy->bot_move(kind);
          return json();
        } catch (const std::exception& e) {
          std::string why = e.what();
          return json(why.empty() ? "the bot could not choose" : why);
        }
      },
      [this, code, moves, chosen](json failed) { bot_chose(code, moves, failed.is_string() ? failed.get<std::string>() : "", *chosen); });
}

void Lobby::bot_chose(const std::string& code, std::size_t moves, const std::string& failed, const games::AnyMove& move) {
  auto it = rooms_.find(code);
  if (it == rooms_.end()) return;
  Room& room = *it->second;
  bot_planned_[code] = false;
  if (!failed.empty()) return bot_failed(room, failed);
  // Someone may have moved meanwhile (a rebuy, a person back from away): then choose again.
  if (room.moves() == moves && bot_for(room) && move.seat == room.seat_to_act()) {
    bool for_idler = !room.bot_to_play();  // a person here whose clock ran out
    try {
      room.play(move);
    } catch (const Refused& e) {
      // A bot's choice comes from the same rules; a refusal here is a bug worth hearing of.
      std::fprintf(stderr, "serve: table %s: the bot's move was refused: %s\n", code.c_str(), e.what());
      return;
    }
    if (for_idler) {
      auto& s = room.seats()[static_cast<std::size_t>(move.seat)];
      if (++s.idle_turns >= options_.idle_turns_before_away) {
        s.away = true;  // until they send a message of their own (back()) or sit down again
        ++s.gone;
      }
    }
    broadcast(room, move.seat);
  }
  plan_bot(room);
}

// A bot that cannot choose (the optimal bot on rules whose solved table is over the solver's
// limit) is replaced by the family's stand-in bot for the rest of the table, and the table is told why:
// the game goes on rather than waiting for a move that will not come.
void Lobby::bot_failed(Room& room, const std::string& reason) {
  auto kind = bot_for(room);
  int seat = room.seat_to_act();
  const std::string& stand_in = room.info().stand_in;
  if (!kind || seat < 0 || *kind == stand_in) {
    std::fprintf(stderr, "serve: table %s: the bot could not choose: %s\n", room.code().c_str(), reason.c_str());
    return;
  }
  room.replace_bot(seat, stand_in);
  tell_table(room, {{"type", "chat"}, {"table", room.code()}, {"from", "server"},
                    {"text", fmt::format("{} plays as the {} bot from now on: {}", room.seats()[static_cast<std::size_t>(seat)].name, stand_in, reason)}});
  broadcast(room);
  plan_bot(room);
}

}  // namespace inbetween::server
