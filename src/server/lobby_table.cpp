// The lobby's work at one table (lobby.h): messages to the table, what each connection there is
// sent, turn clocks and bots. Everything here runs with the table's lock held and never takes
// the lobby's; timers and workers come back through at_table(), which takes both in order.
#include "server/lobby.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>

#include <fmt/format.h>

#include "games/too_big.h"
#include "protocol/json.h"
#include "protocol/json_fill.h"
#include "server/message_fields.h"
#include "server/typed_text.h"

namespace inbetween::server {

int Lobby::seat_of(const Room& room, const json& message) {
  auto seat = room.seat_of_token(text_field(message, "token", 64));
  if (!seat) throw Refused("bad_token", fmt::format("that token holds no seat at table {}", room.code()));
  return *seat;
}

void Lobby::table_message(ConnId conn, const std::string& at, Held& held, const std::string& type, std::shared_ptr<void> slot,
                          const json& message) {
  Room& room = *held.room;
  if (type == "chat") return chat(conn, at, held, message);
  if (type == "events") return older_events(conn, at, held, message);
  if (type == "replay") return replay(conn, held, std::move(slot), message);
  if (type == "hint") return hint(conn, held, std::move(slot), message);
  int seat = seat_of(room, message);
  back(held, seat);
  if (type == "act") {
    auto action = message.find("action");
    if (action == message.end() || !action->is_object()) throw Refused("bad_message", "\"act\" needs an \"action\" object");
    // Decoded once into the table's move, and played as a bot's or the clock's is.
    room.play(room.person_move(seat, *action));
    broadcast(held, seat);
    return plan_bot(held);
  } else if (type == "bot" || type == "start" || type == "again") {
    if (seat != kCreatorSeat) throw Refused("not_creator", fmt::format("only the table's creator may {}", type == "bot" ? "add bots" : type));
    if (type == "bot") room.seat_bot(text_field(message, "kind", 32));
    if (type == "start") room.start();
    if (type == "again") room.again();
  } else {
    throw Refused("bad_message", fmt::format("unknown message type \"{}\"", type));
  }
  broadcast(held);
  plan_bot(held);
}

void Lobby::replay(ConnId conn, Held& held, std::shared_ptr<void> slot, const json& message) {
  // Every move replayed: on a heavy worker, from a copy of the stored game.
  Room& room = *held.room;
  int game = int_field(message, "game", room.game_number(), 1, room.game_number());
  std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
  StoredGame stored = room.finished_game_copy(game);
  json id = id_of(message);
  // Written out on the worker too: a page of a hundred states is about 100 KB of text, a
  // millisecond of a network thread's time that another table's moves would wait for.
  hooks_.off_thread(
      Lane::heavy,
      [code = room.code(), stored = std::move(stored), from, page = options_.replay_page, id]() -> json {
        json steps = replay_steps(code, stored, from, page);
        if (steps.is_null()) return nullptr;
        if (!id.is_null()) steps["id"] = id;
        return protocol::json_text(steps);
      },
      [this, conn, slot](json text) {
        if (!text.is_string()) return send(conn, {{"type", "error"}, {"code", "internal"}, {"message", "the replay failed"}});
        hooks_.send(conn, std::move(text.get_ref<std::string&>()));
      });
}

void Lobby::chat(ConnId conn, const std::string& at, Held& held, const json& message) {
  Room& room = *held.room;
  std::string from = "watcher";
  if (message.contains("token")) {
    int seat = seat_of(room, message);
    from = room.seats()[static_cast<std::size_t>(seat)].name;
    back(held, seat);
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
  tell_table(held, {{"type", "chat"}, {"table", room.code()}, {"from", from}, {"text", text}});
  (void)conn;
}

void Lobby::older_events(ConnId conn, const std::string& at, Held& held, const json& message) {
  Room& room = *held.room;
  if (at != room.code()) throw Refused("bad_message", "watch or sit at the table to read its events");
  std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
  std::size_t count = room.event_count();
  json page = room.events_between(from, std::min(count, from + options_.event_window));
  json reply = {{"type", "events"}, {"table", room.code()}, {"game", room.game_number()}, {"from", from}, {"events", std::move(page)},
                {"event_count", count}};
  if (auto id = message.find("id"); id != message.end()) reply["id"] = *id;
  send(conn, reply);
}

void Lobby::hint(ConnId conn, Held& held, std::shared_ptr<void> slot, const json& message) {
  Room& room = *held.room;
  int seat = seat_of(room, message);
  // `quiet`: the page asked by itself (the chance shown beside the bet), not the person: it does
  // not count as their being here, or an idle player would never be marked away.
  auto quiet = message.find("quiet");
  if (quiet != message.end() && !quiet->is_boolean()) throw Refused("bad_message", "\"quiet\" must be true or false");
  if (quiet == message.end() || !quiet->get<bool>()) back(held, seat);
  if (room.status() != TableStatus::playing) throw Refused("not_started", "the game is not being played");
  if (room.seat_to_act() != seat) throw Refused("not_your_turn", "a hint is for the player to act");
  std::shared_ptr<protocol::GameSession> copy = room.session()->clone();
  json id = id_of(message);
  // A hint may be a cold solve (seconds): a heavy worker runs it, admitted per table and address.
  hooks_.off_thread(
      Lane::heavy,
      [copy] {
        try {
          return json{{"hint", copy->hint(json::object())}};
        } catch (const games::TooBig& e) {
          return json{{"code", "too_big"}, {"error", e.what()}};
        } catch (const std::exception& e) {
          return json{{"code", "internal"}, {"error", e.what()}};
        }
      },
      [this, conn, id, code = room.code(), slot](json result) {
        json reply = result.contains("hint") ? json{{"type", "hint"}, {"table", code}, {"hint", result["hint"]}}
                                             : json{{"type", "error"}, {"code", result["code"]}, {"message", result["error"]}};
        if (!id.is_null()) reply["id"] = id;
        send(conn, reply);
      });
}

bool Lobby::someone_here(const Room& room) {
  return std::any_of(room.seats().begin(), room.seats().end(),
                     [](const SeatState& s) { return !s.name.empty() && s.bot.empty() && s.connections > 0 && !s.away; });
}

void Lobby::back(Held& held, int seat) {
  auto& s = held.room->seats()[static_cast<std::size_t>(seat)];
  s.idle_turns = 0;
  if (!s.away || s.connections == 0) return;
  s.away = false;
  ++s.gone;
  broadcast(held);
  plan_bot(held);
}

int Lobby::watchers(const Held& held) {
  return static_cast<int>(std::count_if(held.sitting.begin(), held.sitting.end(), [](const auto& s) { return s.second.seat < 0; }));
}

void Lobby::tell_table(const Held& held, const json& line) {
  for (const auto& [id, s] : held.sitting) send(id, line);
}

namespace {
// Asks a bot of `kind` for its move at `table` into `move`; empty, or why it could not choose.
std::string ask_bot(const games::AnyTable& table, const std::string& kind, games::AnyMove& move) {
  try {
    move = table.bot_move(kind);
    return "";
  } catch (const std::exception& e) {
    std::string why = e.what();
    return why.empty() ? "the bot could not choose" : why;
  }
}

}  // namespace

std::string Lobby::table_for(Sitting& s, const Room& room, const TableText& shared, PartsText& parts) {
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
  // format and the buffer's growth were a tenth of this function (bench/README.md, "Text a move").
  std::string you = s.seat < 0 ? "null" : std::to_string(s.seat);
  std::string title = s.title_sent ? std::string() : protocol::json_text(room.info().title);
  std::string chat = s.title_sent ? std::string() : room.chat_text();  // the kept lines go with the title
  std::string from_text = std::to_string(from);
  std::string text;
  text.reserve(56 + you.size() + legal->second.size() + title.size() + chat.size() + from_text.size() + fresh->second.size() +
               shared.body.size());
  text += "{\"you\":";
  text += you;
  text += ",\"legal\":";
  text += legal->second;
  if (!s.title_sent) {
    text += ",\"title\":";
    text += title;
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

void Lobby::arm_clock(Held& held, int actor) {
  Room& room = *held.room;
  int seat = room.seat_to_act();
  TurnClock& k = held.clock;
  bool person = seat >= 0 && room.seats()[static_cast<std::size_t>(seat)].bot.empty() && !room.seats()[static_cast<std::size_t>(seat)].away;
  if (!person) {
    k.seat = -1;
    return;
  }
  // The same turn goes on (someone else bought chips, a seat came or went): the clock runs on.
  if (k.seat == seat && k.game == room.game_number() && actor != seat) return;
  auto timeout = std::chrono::seconds(room.timeout_seconds());
  k = TurnClock{room.game_number(), seat, hooks_.now() + timeout, false, k.waking};
  // One timer at a time a table, not one a turn: a timer armed for every turn stayed pending for
  // the whole timeout, moves a second times the timeout of them (bench/README.md, "One timer a
  // table, 1 December").
  if (k.waking == 0) wake_clock_after(held, timeout);
}

void Lobby::wake_clock_after(Held& held, std::chrono::milliseconds delay) {
  held.clock.waking = ++last_wake_;
  hooks_.after(delay, [this, code = held.room->code(), waking = held.clock.waking] { clock_woke(code, waking); });
}

std::optional<std::string> Lobby::bot_for(const Held& held) const {
  const Room& room = *held.room;
  // Nobody here: the bots wait (for a person to come back, or for the table to be let go of).
  if (!someone_here(room)) return std::nullopt;
  if (auto kind = room.bot_to_play()) return kind;
  const TurnClock& k = held.clock;
  if (k.ran_out && k.seat >= 0 && k.seat == room.seat_to_act() && k.game == room.game_number()) return room.info().stand_in;
  return std::nullopt;
}

Lobby::TableText Lobby::table_text(const Held& held, int seat) const {
  const Room& room = *held.room;
  // The fields a move changes are written at each broadcast; the fixed ones and the seats are
  // spliced in. They are filled into a tree this thread keeps for the table's family, over the
  // last one it wrote (protocol/json_fill.h): the same shape, so nothing is allocated or freed,
  // and hot in the cache, where one kept for each table was cold by its next move and cost more
  // than it saved (bench/README.md, "The state filled in place").
  thread_local std::map<std::string, json, std::less<>> trees;
  auto tree = trees.find(room.info().family);
  if (tree == trees.end()) tree = trees.emplace(room.info().family, json()).first;
  json& changing = tree->second;
  {
    protocol::ObjectFill out(changing);
    room.fill_play_fields(seat, out);
    json& left = out.at("turn_left_ms");
    const TurnClock& k = held.clock;
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

void Lobby::broadcast(Held& held, int actor) {
  arm_clock(held, actor);
  if (held.sitting.empty()) return;
  // Each connection gets the view of its own seat (spectators the public one), made once per seat;
  // where every seat sees the whole table (the family says so), once for everyone.
  const games::AnyTable* table = held.room->table();
  bool one_view = !table || !table->seats_see_differently();
  std::map<int, TableText> views;
  PartsText parts;
  std::vector<std::pair<ConnId, std::string>> messages;
  messages.reserve(held.sitting.size());
  for (auto& [id, s] : held.sitting) {
    int seat = one_view ? games::kNobody : s.seat;
    auto view = views.find(seat);
    if (view == views.end()) view = views.emplace(seat, table_text(held, seat)).first;
    messages.emplace_back(id, table_for(s, *held.room, view->second, parts));
  }
  hooks_.send_each(std::move(messages));
}

void Lobby::plan_bot(Held& held) {
  if (held.bot_planned || !bot_for(held)) return;
  held.bot_planned = true;
  hooks_.after(options_.bot_delay, [this, code = held.room->code(), moves = held.room->moves()] { bot_move(code, moves); });
}

void Lobby::at_table(const std::string& code, const std::function<void(Held&)>& work) {
  std::shared_ptr<Held> held;
  {
    std::lock_guard lock(mutex_);
    auto it = held_.find(code);
    if (it == held_.end()) return;
    held = it->second;
  }
  std::lock_guard table(held->mutex);
  if (!held->gone) work(*held);
}

void Lobby::away_check(const std::string& code, int seat, std::uint64_t gone) {
  at_table(code, [&](Held& held) {
    auto& s = held.room->seats()[static_cast<std::size_t>(seat)];
    if (s.gone != gone || s.connections > 0 || s.away) return;
    s.away = true;
    broadcast(held);
    plan_bot(held);
  });
}

void Lobby::clock_woke(const std::string& code, std::uint64_t waking) {
  at_table(code, [&](Held& held) {
    TurnClock& k = held.clock;
    if (k.waking != waking) return;  // not this table's (one let go of and read back has its own)
    k.waking = 0;
    if (k.seat < 0 || k.ran_out) return;  // no clock runs now; the next turn's arms a wake-up
    if (auto now = hooks_.now(); now < k.deadline)
      return wake_clock_after(held, std::chrono::ceil<std::chrono::milliseconds>(k.deadline - now));
    if (held.room->seat_to_act() != k.seat || held.room->game_number() != k.game) return;
    k.ran_out = true;
    plan_bot(held);
  });
}

void Lobby::bot_move(const std::string& code, std::size_t moves) {
  at_table(code, [&](Held& held) {
    Room& room = *held.room;
    auto kind = bot_for(held);
    if (!kind || room.moves() != moves) {
      held.bot_planned = false;
      return plan_bot(held);
    }
    // A quick bot (its class says so: a few microseconds, no solve) chooses on the spot: a trip
    // to a worker and back costs two thread wake-ups, more than the choice (bench/README.md).
    if (room.table()->bot_is_quick(*kind)) {
      games::AnyMove move;
      std::string failed = ask_bot(*room.table(), *kind, move);
      return play_bot_choice(held, moves, failed, move);
    }
    // Any other bot chooses on a worker thread, on its own copy of the table: a slow choice (the
    // optimal bot's solve) holds up no table.
    std::shared_ptr<const games::AnyTable> copy = room.table()->clone();
    auto chosen = std::make_shared<games::AnyMove>();
    hooks_.off_thread(
        Lane::moves,
        [copy, chosen, kind = *kind] {
          std::string failed = ask_bot(*copy, kind, *chosen);
          return failed.empty() ? json() : json(failed);
        },
        [this, code, moves, chosen](json failed) { bot_chose(code, moves, failed.is_string() ? failed.get<std::string>() : "", *chosen); });
  });
}

void Lobby::bot_chose(const std::string& code, std::size_t moves, const std::string& failed, const games::AnyMove& move) {
  at_table(code, [&](Held& held) { play_bot_choice(held, moves, failed, move); });
}

void Lobby::play_bot_choice(Held& held, std::size_t moves, const std::string& failed, const games::AnyMove& move) {
  Room& room = *held.room;
  held.bot_planned = false;
  if (!failed.empty()) return bot_failed(held, failed);
  // Someone may have moved meanwhile (a rebuy, a person back from away): then choose again.
  if (room.moves() == moves && bot_for(held) && move.seat == room.seat_to_act()) {
    bool for_idler = !room.bot_to_play();  // a person here whose clock ran out
    // A person's seat played by the stand-in is said so: on their clock, or while they are away.
    const SeatState& seat = room.seats()[static_cast<std::size_t>(move.seat)];
    protocol::MadeBy by = !seat.bot.empty() ? protocol::MadeBy::player : seat.away ? protocol::MadeBy::away : protocol::MadeBy::clock;
    try {
      room.play(move, by);
    } catch (const LeaseLost&) {
      return lose_table_soon(std::string(room.code()));  // another server plays it now
    } catch (const StoreUnavailable& e) {
      // The shared database is away for a moment: the bot tries again in a second.
      std::string code = room.code();
      std::fprintf(stderr, "serve: table %s: %s\n", code.c_str(), e.what());
      hooks_.after(std::chrono::seconds(1), [this, code] { at_table(code, [this](Held& h) { plan_bot(h); }); });
      return;
    } catch (const Refused& e) {
      // A bot's choice comes from the same rules; a refusal here is a bug worth hearing of.
      std::fprintf(stderr, "serve: table %s: the bot's move was refused: %s\n", room.code().c_str(), e.what());
      return;
    }
    if (for_idler) {
      auto& s = room.seats()[static_cast<std::size_t>(move.seat)];
      if (++s.idle_turns >= options_.idle_turns_before_away) {
        s.away = true;  // until they send a message of their own (back()) or sit down again
        ++s.gone;
      }
    }
    broadcast(held, move.seat);
  }
  plan_bot(held);
}

// A bot that cannot choose (the optimal bot on rules whose solved table is over the solver's
// limit) is replaced by the family's stand-in bot for the rest of the table, and the table is told why:
// the game goes on rather than waiting for a move that will not come.
void Lobby::bot_failed(Held& held, const std::string& reason) {
  Room& room = *held.room;
  auto kind = bot_for(held);
  int seat = room.seat_to_act();
  const std::string& stand_in = room.info().stand_in;
  if (!kind || seat < 0 || *kind == stand_in) {
    std::fprintf(stderr, "serve: table %s: the bot could not choose: %s\n", room.code().c_str(), reason.c_str());
    return;
  }
  room.replace_bot(seat, stand_in);
  std::string text = fmt::format("{} plays as the {} bot from now on: {}", room.seats()[static_cast<std::size_t>(seat)].name, stand_in, reason);
  try {
    room.say("server", text);  // kept like anyone's line, and told only once kept
    tell_table(held, {{"type", "chat"}, {"table", room.code()}, {"from", "server"}, {"text", text}});
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: table %s: %s\n", room.code().c_str(), e.what());
  }
  broadcast(held);
  plan_bot(held);
}

}  // namespace inbetween::server
