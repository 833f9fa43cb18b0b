// A held table's connections and messages (held_table.h): who sits at it and what each is sent,
// and the messages to the table. Everything here runs with the table's lock held.
#include "server/held_table.h"

#include "protocol/win_hint.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "games/too_big.h"
#include "protocol/json.h"
#include "protocol/json_fill.h"
#include "server/message_fields.h"
#include "server/typed_text.h"

namespace inbetween::server {
namespace {
// Whether a choice of kind `type` is one the rules open at any time, to a seat not to act as well
// (a rebuy): it neither ends nor advances the turn of the seat to act, whoever makes it.
bool open_at_any_time(const games::AnyTable& table, const std::string& type) {
  for (games::Seat seat = 0; seat < static_cast<games::Seat>(table.names().size()); ++seat) {
    if (seat == table.to_act()) continue;
    for (const auto& choice : table.legal(seat))
      if (choice.type == type) return true;
  }
  return false;
}
}  // namespace

HeldTable::HeldTable(std::unique_ptr<Room> room, TableHost& host, Hooks& hooks, const LobbyOptions& options)
    : room_(std::move(room)), host_(host), hooks_(hooks), options_(options), quiet_since_(hooks.now()) {}

void HeldTable::sit(ConnId conn, int seat) {
  Room& room = *room_;
  Sitting& s = sitting_[conn];
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

void HeldTable::leave(ConnId conn) {
  auto s = sitting_.find(conn);
  if (s == sitting_.end()) return;
  int seat = s->second.seat;
  sitting_.erase(s);
  if (sitting_.empty()) quiet_since_ = hooks_.now();
  if (seat < 0) return;
  Room& room = *room_;
  auto& person = room.seats()[static_cast<std::size_t>(seat)];
  if (--person.connections > 0) return;
  std::uint64_t gone_then = ++person.gone;
  broadcast();
  hooks_.after(std::chrono::seconds(room.timeout_seconds()), [&host = host_, code = room.code(), seat, gone_then] {
    host.at_table(code, [&](HeldTable& table) { table.away_check(seat, gone_then); });
  });
}

int HeldTable::watchers() const {
  return static_cast<int>(std::count_if(sitting_.begin(), sitting_.end(), [](const auto& s) { return s.second.seat < 0; }));
}

int HeldTable::seat_of(const json& message) const {
  auto seat = room_->seat_of_token(text_field(message, "token", 64));
  if (!seat) throw Refused("bad_token", fmt::format("that token holds no seat at table {}", room_->code()));
  return *seat;
}

void HeldTable::message(ConnId conn, const std::string& at, const std::string& type, std::shared_ptr<void> slot, const json& message) {
  Room& room = *room_;
  if (type == "chat") return chat(at, message);
  if (type == "events") return older_events(conn, at, std::move(slot), message);
  if (type == "replay") return replay(conn, std::move(slot), message);
  if (type == "hint") return hint(conn, std::move(slot), message);
  if (type == "chances") return chances(conn, at, std::move(slot), message);
  int seat = seat_of(message);
  back(seat);
  if (type == "act") {
    auto action = message.find("action");
    if (action == message.end() || !action->is_object()) throw Refused("bad_message", "\"act\" needs an \"action\" object");
    // Decoded once into the table's move, and played as a bot's or the clock's is.
    games::AnyMove move = room.person_move(seat, *action);
    std::string kind = room.table()->legal(seat)[move.choice].type;
    room.play(move);
    // Only a move that ends or advances the turn starts its clock again; a rebuy is counted
    // against the clock already running, or one a few seconds apart would hold the turn for ever.
    bool beside = room.seat_to_act() == seat && open_at_any_time(*room.table(), kind);
    broadcast(beside ? -1 : seat);
    return plan_bot();
  } else if (type == "bot" || type == "start" || type == "again") {
    if (seat != kCreatorSeat) throw Refused("not_creator", fmt::format("only the table's creator may {}", type == "bot" ? "add bots" : type));
    if (type == "bot") room.seat_bot(text_field(message, "kind", 32));
    if (type == "start") room.start();
    if (type == "again") room.again();
  } else {
    throw Refused("bad_message", fmt::format("unknown message type \"{}\"", type));
  }
  broadcast();
  plan_bot();
}

void HeldTable::replay(ConnId conn, std::shared_ptr<void> slot, const json& message) {
  // Every move replayed: on a heavy worker, from a copy of the stored game, its moves read from
  // the store a page at a time.
  Room& room = *room_;
  int game = int_field(message, "game", room.game_number(), 1, room.game_number());
  std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
  StoredGame stored = room.finished_game_copy(game);
  json id = id_of(message);
  // Written out on the worker too: a page of a hundred states is about 100 KB of text, a
  // millisecond of a network thread's time that another table's moves would wait for.
  hooks_.off_thread(
      Lane::heavy,
      [&store = room.store(), code = room.code(), stored = std::move(stored), from, page = options_.replay_page, id]() -> json {
        json steps = replay_steps(store, code, stored, from, page);
        if (steps.is_null()) return nullptr;
        if (!id.is_null()) steps["id"] = id;
        return protocol::json_text(steps);
      },
      [&hooks = hooks_, conn, slot](json text) {
        if (!text.is_string()) return hooks.send_message(conn, {{"type", "error"}, {"code", "internal"}, {"message", "the replay failed"}});
        hooks.send(conn, std::move(text.get_ref<std::string&>()));
      });
}

void HeldTable::chat(const std::string& at, const json& message) {
  Room& room = *room_;
  std::string from = "watcher";
  if (message.contains("token")) {
    int seat = seat_of(message);
    from = room.seats()[static_cast<std::size_t>(seat)].name;
    back(seat);
  } else if (at != room.code()) {
    throw Refused("bad_message", "watch or sit at the table to chat there");
  }
  // What would turn text around, hide it or reach a terminal is taken out before it is counted.
  std::string text = chat_line(text_field(message, "text", options_.max_chat_chars * 4));
  std::size_t chars = characters(text);
  if (chars == 0 || chars > options_.max_chat_chars)
    throw Refused("bad_message", fmt::format("a chat line is 1 to {} characters", options_.max_chat_chars));
  // Kept first (a reload, a late joiner or a restart sees it): a line the store refused is told to nobody.
  room.say(from, text);
  tell({{"type", "chat"}, {"table", room.code()}, {"from", from}, {"text", text}});
}

void HeldTable::older_events(ConnId conn, const std::string& at, std::shared_ptr<void> slot, const json& message) {
  Room& room = *room_;
  if (at != room.code()) throw Refused("bad_message", "watch or sit at the table to read its events");
  std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
  std::size_t count = room.event_count();
  std::size_t to = std::min(count, from + options_.event_window);
  json reply = {{"type", "events"}, {"table", room.code()}, {"game", room.game_number()}, {"from", from}, {"event_count", count}};
  if (auto id = message.find("id"); id != message.end()) reply["id"] = *id;
  if (from >= room.first_held() || from >= to) {
    reply["events"] = room.events_between(from, to);
    return send(conn, reply);
  }
  // Older than the table holds (kEventsHeld): read from the store on a heavy worker, from the
  // game's head as it is now (its moves up to `to` are all stored).
  StoredGame game = room.last_game();
  hooks_.off_thread(
      Lane::heavy,
      [&store = room.store(), code = room.code(), game = std::move(game), stand_in = room.info().stand_in, from, to,
       reply = std::move(reply)]() mutable -> json {
        reply["events"] = stored_events(store, code, game, stand_in, from, to);
        return protocol::json_text(reply);
      },
      [&hooks = hooks_, conn, slot](json text) {
        if (!text.is_string()) return hooks.send_message(conn, {{"type", "error"}, {"code", "internal"}, {"message", "the events could not be read"}});
        hooks.send(conn, std::move(text.get_ref<std::string&>()));
      });
}

void HeldTable::hint(ConnId conn, std::shared_ptr<void> slot, const json& message) {
  Room& room = *room_;
  int seat = seat_of(message);
  // `quiet`: the page asked by itself (the chance shown beside the bet), not the person: it does
  // not count as their being here, or an idle player would never be marked away.
  auto quiet = message.find("quiet");
  if (quiet != message.end() && !quiet->is_boolean()) throw Refused("bad_message", "\"quiet\" must be true or false");
  bool asked = quiet == message.end() || !quiet->get<bool>();
  if (asked) back(seat);
  if (room.status() != TableStatus::playing) throw Refused("not_started", "the game is not being played");
  if (room.seat_to_act() != seat) throw Refused("not_your_turn", "a hint is for the player to act");
  std::shared_ptr<protocol::GameSession> copy = room.session()->clone();
  json id = id_of(message);
  // A hint may be a cold solve (seconds): a heavy worker runs it, admitted per table and address.
  hooks_.off_thread(
      Lane::heavy,
      [copy, asked] {
        try {
          // The quiet hint wants only the odds: no playouts for the chances to win.
          return json{{"hint", copy->hint(asked ? json::object() : json{{"win", false}})}};
        } catch (const games::TooBig& e) {
          return json{{"code", "too_big"}, {"error", e.what()}};
        } catch (const std::exception& e) {
          return json{{"code", "internal"}, {"error", e.what()}};
        }
      },
      [&hooks = hooks_, conn, id, code = room.code(), slot](json result) {
        json reply = result.contains("hint") ? json{{"type", "hint"}, {"table", code}, {"hint", result["hint"]}}
                                             : json{{"type", "error"}, {"code", result["code"]}, {"message", result["error"]}};
        if (!id.is_null()) reply["id"] = id;
        hooks.send_message(conn, reply);
      });
}

void HeldTable::chances(ConnId conn, const std::string& at, std::shared_ptr<void> slot, const json& message) {
  Room& room = *room_;
  if (at != room.code()) throw Refused("bad_message", "watch or sit at the table to ask its chances");
  const games::AnyTable* table = room.table();
  if (!table) throw Refused("not_started", "the game is not being played");
  // Playouts (tens of milliseconds in ThreeBeTween) on a copy, on a heavy worker: the table's own
  // moves and every other table go on meanwhile. Asked by the page after each move it is shown.
  std::shared_ptr<const games::AnyTable> copy = table->clone();
  json reply = {{"type", "chances"}, {"table", room.code()}, {"game", room.game_number()}, {"moves", copy->move_count()}};
  if (auto id = message.find("id"); id != message.end()) reply["id"] = *id;
  hooks_.off_thread(
      Lane::heavy,
      [copy, reply = std::move(reply)]() mutable -> json {
        try {
          reply["chances"] = protocol::seat_chances(*copy, protocol::kSeatChancePlayouts);
          return protocol::json_text(reply);
        } catch (const std::exception& e) {
          return json{{"type", "error"}, {"code", "internal"}, {"message", e.what()}};
        }
      },
      [&hooks = hooks_, conn, slot](json text) {
        if (!text.is_string()) return hooks.send_message(conn, std::move(text));
        hooks.send(conn, std::move(text.get_ref<std::string&>()));
      });
}

void HeldTable::back(int seat) {
  auto& s = room_->seats()[static_cast<std::size_t>(seat)];
  s.idle_turns = 0;
  if (!s.away || s.connections == 0) return;
  s.away = false;
  ++s.gone;
  broadcast();
  plan_bot();
}

void HeldTable::tell(const json& line) {
  for (const auto& [id, s] : sitting_) send(id, line);
}

void HeldTable::send_table(ConnId conn) {
  Sitting& s = sitting_[conn];
  const games::AnyTable* table = room_->table();
  PartsText parts;
  hooks_.send(conn, table_for(s, table_text(table && table->seats_see_differently() ? s.seat : games::kNobody), parts));
}

std::string HeldTable::table_for(Sitting& s, const TableText& shared, PartsText& parts) {
  const Room& room = *room_;
  // Only this connection's own fields are made per connection, written as text straight before
  // the snapshot's shared text; what several connections share is written once (parts).
  if (s.game_seen != room.game_number()) {
    s.game_seen = room.game_number();
    s.events_sent = 0;
  }
  std::size_t count = room.event_count();
  std::size_t from = std::min(s.events_sent, count);
  s.events_sent = count;
  auto fresh = parts.events_from.find(from);
  if (fresh == parts.events_from.end()) fresh = parts.events_from.emplace(from, room.events_text(from)).first;
  auto legal = parts.legal.find(s.seat);
  if (legal == parts.legal.end()) legal = parts.legal.emplace(s.seat, protocol::json_text(room.legal_for(s.seat))).first;
  // Appended in one buffer of the right size: four messages a move, where fmt's parsing of its
  // format and the buffer's growth were a tenth of this function (docs/performance.md, "Text a move").
  std::string you = s.seat < 0 ? "null" : std::to_string(s.seat);
  std::string title = s.title_sent ? std::string() : protocol::json_text(room.info().title);
  std::string chat = s.title_sent ? std::string() : room.chat_text();  // the kept lines go with the title
  std::string from_text = std::to_string(from);
  std::string text;
  text.reserve(74 + you.size() + legal->second.size() + title.size() + chat.size() + from_text.size() + fresh->second.size() +
               shared.body.size());
  text += "{\"you\":";
  text += you;
  text += ",\"legal\":";
  text += legal->second;
  if (!s.title_sent) {
    text += ",\"title\":";
    text += title;
    if (room.info().title_cut()) text += ",\"title_cut\":true";  // the whole on request (`rules`)
    text += ",\"chat\":";
    text += chat;
  }
  s.title_sent = true;
  text += ",\"events_from\":";
  text += from_text;
  text += ",\"events\":";
  text += fresh->second;
  text += ',';  // the shared "{...}" (never empty: the fixed fields) goes on as this object's fields
  text.append(shared.body, 1);
  return text;
}

HeldTable::TableText HeldTable::table_text(int seat) const {
  const Room& room = *room_;
  // The fields a move changes are written at each broadcast; the fixed ones and the seats are
  // spliced in. They are filled into a tree this thread keeps for the table's family, over the
  // last one it wrote (protocol/json_fill.h): the same shape, so nothing is allocated or freed,
  // and hot in the cache, where one kept for each table was cold by its next move and cost more
  // than it saved (docs/performance.md, "The state filled in place").
  thread_local std::map<std::string, json, std::less<>> trees;
  auto tree = trees.find(room.info().family);
  if (tree == trees.end()) tree = trees.emplace(room.info().family, json()).first;
  json& changing = tree->second;
  {
    protocol::ObjectFill out(changing);
    room.fill_play_fields(seat, out);
    json& left = out.at("turn_left_ms");
    const TurnClock& k = clock_;
    if (k.seat >= 0 && k.seat == room.seat_to_act() && k.game == room.game_number()) {
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(k.deadline - hooks_.now()).count();
      protocol::put(left, std::max<std::int64_t>(0, ms));
    } else {
      protocol::put(left, nullptr);
    }
  }
  std::string text = protocol::json_text(changing);
  const std::string& seats = room.seat_fields_text();
  TableText shared;
  shared.body.reserve(text.size() + room.fixed_fields_text().size() + seats.size() + 3);
  shared.body += '{';
  shared.body += room.fixed_fields_text();
  shared.body += ',';
  shared.body += seats;
  shared.body += ',';
  shared.body.append(text, 1);
  return shared;
}

void HeldTable::broadcast(int actor) {
  arm_clock(actor);
  if (sitting_.empty()) return;
  // Each connection gets the view of its own seat (spectators the public one), made once per seat;
  // where every seat sees the whole table (the family says so), once for everyone.
  const games::AnyTable* table = room_->table();
  bool one_view = !table || !table->seats_see_differently();
  std::map<int, TableText> views;
  PartsText parts;
  std::vector<std::pair<ConnId, std::string>> messages;
  messages.reserve(sitting_.size());
  for (auto& [id, s] : sitting_) {
    int seat = one_view ? games::kNobody : s.seat;
    auto view = views.find(seat);
    if (view == views.end()) view = views.emplace(seat, table_text(seat)).first;
    messages.emplace_back(id, table_for(s, view->second, parts));
  }
  hooks_.send_each(std::move(messages));
}

}  // namespace inbetween::server
