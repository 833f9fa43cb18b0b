// The lobby's connections and the messages' way in (lobby.h): a connection opens and closes, each
// frame is counted against the limits and parsed, and each message goes where it belongs: a lobby
// message here or to the tables held (lobby_tables.cpp), a table's message to that table under its
// own lock (held_table.cpp).
#include "server/lobby.h"

#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "protocol/table_rules.h"
#include "rules/rule_files.h"
#include "server/message_fields.h"
#include "server/typed_text.h"

namespace inbetween::server {
namespace {
// The presets as the page's own table lists them too (protocol/table_rules.h), each title cut as a
// table's is.
json presets_reply() {
  return protocol::presets_message([](const std::string& description) { return cut_text(description, kTitleCharacters); });
}
}  // namespace

bool Lobby::admits(const std::string& address) {
  std::lock_guard lock(mutex_);
  return limits_.admits(counted_address(address), hooks_.now());
}

void Lobby::open(ConnId conn, std::string address) {
  std::lock_guard lock(mutex_);
  address = counted_address(address);  // an IPv6 client by its /64, in every count of the lobby's
  Limits::Rate rate = limits_.opened(address, hooks_.now());
  conns_[conn] = Connection{std::move(address), {}, rate};
}

void Lobby::close(ConnId conn) {
  bool last = false;
  {
    std::lock_guard lock(mutex_);
    auto it = conns_.find(conn);
    if (it == conns_.end()) return;
    detach(conn, it->second);
    limits_.closed(it->second.address);
    conns_.erase(it);
    last = conns_.empty();
  }
  // The last one gone after a busy time: what their messages held goes back to the system.
  if (last) give_memory_back_now();
}

std::size_t Lobby::connections() const {
  std::lock_guard lock(mutex_);
  return conns_.size();
}

Limits::Verdict Lobby::admit(ConnId conn, Connection& c) {
  Limits::Verdict verdict = limits_.take(c.rate, c.address, hooks_.now());
  if (verdict == Limits::Verdict::slow_down) {
    send(conn, {{"type", "error"}, {"code", "rate_limited"}, {"message", fmt::format("more than {} messages a second; slow down", options_.messages_per_second)}});
  } else if (verdict == Limits::Verdict::flooding) {
    send(conn, {{"type", "error"}, {"code", "flooding"},
                {"message", fmt::format("too many messages refused for the rate; the connection is closed, and this address "
                                        "may connect again in {} seconds", options_.flood_cooldown.count())}});
    hooks_.drop(conn);
  }
  return verdict;
}

void Lobby::control_frame(ConnId conn, unsigned frames) {
  // A control frame costs Beast's work (a ping a pong) and answers nothing: it counts against
  // the rate like a message, and a flood of them is let go. Those of one read come together.
  std::lock_guard lock(mutex_);
  auto it = conns_.find(conn);
  if (it == conns_.end()) return;
  for (unsigned i = 0; i < frames; ++i)
    if (admit(conn, it->second) == Limits::Verdict::flooding) return;
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
    if (admit(conn, c) != Limits::Verdict::serve) return;
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
  if (type == "rules") {
    // The whole description, which a table message carries cut (kTitleCharacters): asked for by
    // whoever wants to read it, not sent to every watcher.
    auto held = held_named(message);
    std::lock_guard table(held->mutex);
    const Room& room = held->room();
    return send(conn, with_id({{"type", "rules"}, {"table", room.code()}, {"rules", room.label()}, {"description", room.info().description}}));
  }
  // A message to one table: the lobby's lock is let go before the table's is taken, so tables
  // play at once. A table let go of meanwhile (gone) is looked up again.
  for (int tries = 0; tries < 3; ++tries) {
    auto held = held_named(message);
    std::string at = c.table;  // copied: the connection may close once the lobby's lock is let go
    std::shared_ptr<void> slot;
    // First: a refused request copies nothing. An `events` page may be read from the store.
    if (type == "hint" || type == "replay" || type == "events" || type == "chances") slot = limits_.heavy_slot(c.address, held->room().code());
    lock.unlock();
    {
      std::lock_guard table(held->mutex);
      if (!held->gone) return held->message(conn, at, type, std::move(slot), message);
    }
    slot.reset();
    lock.lock();
    if (!conns_.count(conn)) return;
  }
  throw Refused("busy", "the table is being let go of and read again; try again");
}

void Lobby::take_seat(ConnId conn, Connection& c, HeldTable& held, int seat, const std::string& token, const json& message) {
  json seated = {{"type", "seated"}, {"table", held.room().code()}, {"seat", seat}, {"token", token}};
  if (auto i = message.find("id"); i != message.end()) seated["id"] = *i;
  send(conn, seated);
  attach(conn, c, held, seat);
  held.broadcast();
  held.plan_bot();  // a resumed seat may have been played by a bot, or the table was waiting on it
}

void Lobby::join(ConnId conn, Connection& c, const json& message) {
  auto held = held_named(message);
  std::lock_guard table(held->mutex);
  auto [seat, token] = held->room().seat_person(text_field(message, "name", kMaxTypedNameBytes));
  take_seat(conn, c, *held, seat, token, message);
}

void Lobby::watch(ConnId conn, Connection& c, const json& message) {
  auto held = held_named(message);
  std::lock_guard table(held->mutex);
  attach(conn, c, *held, -1);
  held->send_table(conn);
}

void Lobby::resume(ConnId conn, Connection& c, const json& message) {
  auto held = held_named(message);
  std::lock_guard table(held->mutex);
  int seat = held->seat_of(message);
  take_seat(conn, c, *held, seat, message["token"].get<std::string>(), message);
}

void Lobby::attach(ConnId conn, Connection& c, HeldTable& held, int seat) {
  detach(conn, c, &held);
  c.table = held.room().code();
  held.sit(conn, seat);
}

void Lobby::detach(ConnId conn, Connection& c, HeldTable* locked) {
  if (c.table.empty()) return;
  auto it = held_.find(c.table);
  c.table.clear();
  if (it == held_.end()) return;
  auto held = it->second;
  // Another table's lock is taken while the lobby's is held (so by one thread at a time); the
  // table being attached to is locked by the caller already.
  Lock table(held->mutex, std::defer_lock);
  if (held.get() != locked) table.lock();
  held->leave(conn);
}

}  // namespace inbetween::server
