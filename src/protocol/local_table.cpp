#include "protocol/local_table.h"
#include "protocol/win_hint.h"

#include <algorithm>
#include <charconv>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "games/too_big.h"
#include "protocol/json_fill.h"
#include "protocol/table_json.h"

namespace inbetween::protocol {
namespace {
constexpr std::size_t kEventsPage = 500;  // the most events an `events` reply holds, as the server's
constexpr std::size_t kChatKept = 100;
constexpr std::size_t kReplayPage = 100;  // steps a `replay` reply holds
constexpr std::size_t kNameBytes = 40;
constexpr std::size_t kChatCharacters = 500;
constexpr std::size_t kTitleCharacters = 200;  // as the server's (server/room.h)

// The description cut to kTitleCharacters characters (code points) and "…", never in whitespace,
// as the server's title (which also keeps a letter and its accents together, with ICU, which the
// page's engine does not carry); `cut` says whether it was.
std::string title_of(const std::string& description, bool& cut) {
  std::size_t characters = 0, end = 0;
  for (; end < description.size(); ++end) {
    if ((static_cast<unsigned char>(description[end]) & 0xC0) == 0x80) continue;
    if (characters++ == kTitleCharacters) break;
  }
  cut = end < description.size();
  if (!cut) return description;
  std::string title = description.substr(0, end);
  while (!title.empty() && (title.back() == ' ' || title.back() == '\n' || title.back() == '\t' || title.back() == '\r')) title.pop_back();
  return title + "\u2026";
}

// The message's fields, refused as the server refuses them (server/message_fields.h).
std::string text_field(const json& message, const char* key, std::size_t most) {
  auto it = message.find(key);
  if (it == message.end() || !it->is_string()) throw ProtocolError("bad_message", fmt::format("\"{}\" must be a string", key));
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() > most) throw ProtocolError("bad_message", fmt::format("\"{}\" may be at most {} bytes", key, most));
  return text;
}
int int_field(const json& message, const char* key, int fallback, int least, int most) {
  auto it = message.find(key);
  if (it == message.end()) return fallback;
  if (!it->is_number_integer() || it->get<std::int64_t>() < least || it->get<std::int64_t>() > most)
    throw ProtocolError("bad_message", fmt::format("\"{}\" must be a whole number from {} to {}", key, least, most));
  return it->get<int>();
}
// The seed the page drew (crypto.getRandomValues): a decimal string, as 2^64 does not fit a
// JavaScript number.
std::uint64_t seed_field(const json& message) {
  auto it = message.find("seed");
  std::uint64_t seed = 0;
  if (it != message.end() && it->is_string()) {
    const auto& text = it->get_ref<const std::string&>();
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (error == std::errc() && end == text.data() + text.size() && !text.empty()) return seed;
  }
  throw ProtocolError("bad_message", "a game on this device is dealt from a \"seed\": a decimal string, 0 to 2^64-1");
}
// Letters compared without their case (ASCII), so that Ann and ann are one name at one table.
bool same_name(const std::string& a, const std::string& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return lower(x) == lower(y);
  });
}
json seat_json(const std::string& name, const std::string& bot) {
  if (name.empty()) return fields({{"name", nullptr}});
  return fields({{"name", name}, {"bot", bot.empty() ? json() : json(bot)}, {"connected", true}, {"away", false}});
}
}  // namespace

json LocalTable::handle(const json& message) {
  json out = json::array();
  json id;
  if (message.is_object()) {
    if (auto i = message.find("id"); i != message.end() && (i->is_string() || i->is_number())) id = *i;
  }
  try {
    if (!message.is_object() || !message.contains("type") || !message["type"].is_string())
      throw ProtocolError("bad_message", "a message is a JSON object with a \"type\"");
    dispatch(message["type"].get<std::string>(), message, out);
    for (auto& reply : out)
      if (!id.is_null() && (reply["type"] == "seated" || reply["type"] == "hint" || reply["type"] == "events" || reply["type"] == "replay" || reply["type"] == "chances"))
        reply["id"] = id;
  } catch (const ProtocolError& e) {
    // Refused: nothing was changed (each change is made whole, after everything was checked).
    json error = {{"type", "error"}, {"code", e.code}, {"message", e.what()}};
    if (!id.is_null()) error["id"] = id;
    out = json::array({error});
  } catch (const std::exception& e) {
    out = json::array({{{"type", "error"}, {"code", "internal"}, {"message", e.what()}}});
  }
  return out;
}

void LocalTable::dispatch(const std::string& type, const json& message, json& out) {
  if (type == "presets") {
    static const json presets = presets_message([](const std::string& description) { return description; });
    out.push_back(presets);
    return;
  }
  if (type == "tables") return out.push_back({{"type", "tables"}, {"tables", json::array()}});
  if (type == "create") return create(message, out);
  if (type == "restore") return restore(message, out);
  need_table();
  if (type == "resume" || type == "watch") {
    events_sent_ = 0;
    title_sent_ = false;
    if (type == "resume") out.push_back({{"type", "seated"}, {"table", kCode}, {"seat", you_}, {"token", kCode}});
    out.push_back(table_message());
  } else if (type == "join" || type == "bot") {
    if (session_ || game_ > 1) throw ProtocolError("not_waiting", "the game has started; everyone at it is seated");
    if (type == "join") seat_person(text_field(message, "name", 4 * kNameBytes));
    else seat_bot(text_field(message, "kind", 32));
    out.push_back(table_message());
    out.push_back(saved());
  } else if (type == "start") {
    if (session_) throw ProtocolError("not_waiting", "the game has already started");
    int filled = static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [](const SeatHeld& s) { return !s.name.empty(); }));
    if (filled < static_cast<int>(seats_.size()))
      throw ProtocolError("seats_empty", fmt::format("{} of {} seats are filled; add bots or players", filled, seats_.size()));
    deal(seed_field(message));
    out.push_back(table_message());
    bots_play(out);
    out.push_back(saved());
  } else if (type == "again") {
    if (!session_ || !session_->over()) throw ProtocolError("not_over", "the game is still being played");
    session_.reset();
    ++game_;
    events_sent_ = 0;
    out.push_back(table_message());
    out.push_back(saved());
  } else if (type == "act") {
    act(message, out);
  } else if (type == "hint") {
    out.push_back(hint(message));
  } else if (type == "chances") {
    // Each seat's chance to win as the game stands (protocol/win_hint.h), as the server answers it.
    if (!session_) throw ProtocolError("not_started", "the game is not being played");
    const auto& table = session_->table();
    out.push_back({{"type", "chances"}, {"table", kCode}, {"game", game_}, {"moves", table.move_count()},
                   {"chances", seat_chances(table, kSeatChancePlayouts)}});
  } else if (type == "events") {
    std::size_t count = session_ ? session_->table().event_count() : 0;
    std::size_t from = static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max()));
    std::size_t to = std::min(count, from + kEventsPage);
    out.push_back({{"type", "events"}, {"table", kCode}, {"game", game_}, {"from", from}, {"event_count", count},
                   {"events", session_ && from < to ? session_->events_between(from, to) : json::array()}});
  } else if (type == "rules") {
    out.push_back({{"type", "rules"}, {"table", kCode}, {"rules", spec_->rules_text.empty() ? spec_->rules : "custom"},
                   {"description", spec_->info.description}});
  } else if (type == "chat") {
    std::string text = text_field(message, "text", 4 * kChatCharacters);
    std::size_t characters = static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    if (characters == 0 || characters > kChatCharacters)
      throw ProtocolError("bad_message", fmt::format("a chat line is 1 to {} characters", kChatCharacters));
    json line = {{"from", seats_[static_cast<std::size_t>(you_)].name}, {"text", text}};
    chat_.push_back(line);
    if (chat_.size() > kChatKept) chat_.erase(chat_.begin());
    out.push_back({{"type", "chat"}, {"table", kCode}, {"from", line["from"]}, {"text", text}});
  } else if (type == "replay") {
    out.push_back(replay(message));
  } else if (type == "log") {
    if (!session_) throw ProtocolError("not_started", "the game is not being played");
    // As text, the JSON Lines file itself: a seed of 64 bits read into a JavaScript number would
    // lose its last bits and deal another game.
    std::string text;
    for (const auto& line : session_->log()) text += json_text(line) + '\n';
    out.push_back({{"type", "log"}, {"table", kCode}, {"game", game_}, {"text", std::move(text)}});
  } else {
    throw ProtocolError("bad_message", fmt::format("unknown message type \"{}\"", type));
  }
}

void LocalTable::need_table() const {
  if (!spec_) throw ProtocolError("no_table", "there is no table on this device yet");
}

void LocalTable::create(const json& message, json& out) {
  // A new table is made whole aside, then takes this one's place: a refusal leaves this one be.
  LocalTable fresh;
  auto spec = std::make_unique<Spec>();
  if (message.contains("rules_text") && message.contains("rules"))
    throw ProtocolError("bad_request", "give \"rules\" (a preset) or \"rules_text\", not both");
  if (message.contains("rules_text")) spec->rules_text = text_field(message, "rules_text", rules::kMaxRuleTextBytes);
  else spec->rules = text_field(message, "rules", 64);
  if (auto it = message.find("set"); it != message.end()) spec->sets = *it;
  int seats = int_field(message, "seats", 2, 1, games::kMaxSeats);
  spec->timeout = int_field(message, "timeout", 60, 1, 3600);
  spec->info = table_rules(client_rule_file(spec->rules, spec->rules_text, spec->sets));
  if (seats < spec->info.min_players || seats > spec->info.max_players)
    throw ProtocolError("bad_setup", fmt::format("these rules seat {} to {} players, not {}", spec->info.min_players, spec->info.max_players, seats));
  fresh.spec_ = std::move(spec);
  fresh.seats_.resize(static_cast<std::size_t>(seats));
  // A trial deal with the seats filled finds what the knobs alone do not (a deck too small...).
  json trial = fresh.new_request(0);
  trial["players"] = json::array();
  for (int i = 0; i < seats; ++i) trial["players"].push_back(fmt::format("p{}", i + 1));
  new_session(trial);
  fresh.seat_person(text_field(message, "name", 4 * kNameBytes));
  *this = std::move(fresh);
  out.push_back({{"type", "seated"}, {"table", kCode}, {"seat", 0}, {"token", kCode}});
  out.push_back(table_message());
  out.push_back(saved());
}

void LocalTable::restore(const json& message, json& out) {
  auto it = message.find("save");
  if (it == message.end() || !it->is_object()) throw ProtocolError("bad_message", "\"restore\" needs the \"save\" a `saved` message gave");
  const json& save = *it;
  try {
    LocalTable fresh;
    json create = {{"type", "create"}, {"set", save.at("set")}, {"seats", save.at("seats").size()}, {"timeout", save.at("timeout")}};
    if (save.contains("rules_text")) create["rules_text"] = save["rules_text"];
    else create["rules"] = save.at("rules");
    create["name"] = save.at("seats").at(0).at("name");
    json ignored = json::array();
    fresh.create(create, ignored);
    for (std::size_t i = 1; i < save["seats"].size(); ++i) {
      const json& seat = save["seats"][i];
      if (!seat.at("name").is_string()) continue;  // a seat still free
      if (seat.at("bot").is_string()) fresh.seat_bot(seat["bot"].get<std::string>());
      else fresh.seat_person(seat.at("name").get<std::string>());
      if (fresh.seats_[i].name != seat["name"]) throw ProtocolError("bad_save", "the saved seats are not as they were dealt");
    }
    fresh.game_ = save.at("game").get<int>();
    if (save.at("dealt").get<bool>()) {
      fresh.deal(seed_field(save));
      for (const auto& line : save.at("moves")) {
        try {
          fresh.session_->act(line);
        } catch (const ProtocolError& e) {
          throw ProtocolError("bad_save", fmt::format("the saved move {} does not play: {}", fresh.session_->moves() + 1, e.what()));
        }
      }
      int person = fresh.person_to_act();
      fresh.you_ = person >= 0 ? person : save.at("you").get<int>();
    }
    *this = std::move(fresh);
  } catch (const json::exception& e) {
    throw ProtocolError("bad_save", fmt::format("the saved game does not read: {}", e.what()));
  }
  out.push_back({{"type", "seated"}, {"table", kCode}, {"seat", you_}, {"token", kCode}});
  out.push_back(table_message());
  bots_play(out);  // a save made before the bots' moves were is played on
}

void LocalTable::seat_person(const std::string& typed) {
  auto free = std::find_if(seats_.begin(), seats_.end(), [](const SeatHeld& s) { return s.name.empty(); });
  if (free == seats_.end()) throw ProtocolError("table_full", "every seat at this table is taken");
  // Whitespace at either end goes, each run inside becomes one space.
  std::string name;
  for (char c : typed) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (static_cast<unsigned char>(c) < 0x20 && !space) throw ProtocolError("bad_name", "a name has no control characters");
    if (space) {
      if (!name.empty() && name.back() != ' ') name += ' ';
    } else {
      name += c;
    }
  }
  if (!name.empty() && name.back() == ' ') name.pop_back();
  if (name.empty() || name.size() > kNameBytes) throw ProtocolError("bad_name", fmt::format("a name is 1 to {} bytes", kNameBytes));
  for (const auto& s : seats_)
    if (!s.name.empty() && same_name(s.name, name)) throw ProtocolError("bad_name", fmt::format("\"{}\" already sits at this table", s.name));
  *free = SeatHeld{name, ""};
}

void LocalTable::seat_bot(const std::string& kind) {
  const auto& kinds = spec_->info.bot_kinds;
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    throw ProtocolError("bad_message", fmt::format("unknown bot kind \"{}\"; kinds: {}", kind, fmt::join(kinds, ", ")));
  auto free = std::find_if(seats_.begin(), seats_.end(), [](const SeatHeld& s) { return s.name.empty(); });
  if (free == seats_.end()) throw ProtocolError("table_full", "every seat at this table is taken");
  // The first name "botN" nobody uses yet.
  for (int n = static_cast<int>(free - seats_.begin()) + 1;; ++n) {
    std::string name = fmt::format("bot{}", n);
    if (std::none_of(seats_.begin(), seats_.end(), [&](const SeatHeld& s) { return s.name == name; })) {
      *free = SeatHeld{name, kind};
      return;
    }
  }
}

json LocalTable::new_request(std::uint64_t seed) const {
  json request = {{"cmd", "new"}, {"set", spec_->sets}};
  if (spec_->rules_text.empty()) request["rules"] = spec_->rules;
  else request["rules_text"] = spec_->rules_text;
  request["players"] = json::array();
  for (const auto& s : seats_) request["players"].push_back(s.name);
  request["seed"] = seed;
  return request;
}

void LocalTable::deal(std::uint64_t seed) {
  session_ = new_session(new_request(seed));
  seed_ = seed;
  events_sent_ = 0;
  int person = person_to_act();
  if (person >= 0) you_ = person;
}

int LocalTable::person_to_act() const {
  int seat = session_ && !session_->over() ? session_->to_act() : -1;
  return seat >= 0 && seats_[static_cast<std::size_t>(seat)].bot.empty() ? seat : -1;
}

void LocalTable::act(const json& message, json& out) {
  if (!session_) throw ProtocolError("not_started", "the game is not being played");
  if (session_->over()) throw ProtocolError("game_over", "the game is not being played");
  auto action = message.find("action");
  if (action == message.end() || !action->is_object()) throw ProtocolError("bad_message", "\"act\" needs an \"action\" object");
  // The page plays for the person it shows the table to (pass-and-play: the one to act).
  games::AnyMove move = person_move(session_->table(), you_, *action);
  if (auto refusal = session_->table().apply(move)) throw ProtocolError(refusal->code, refusal->message);
  out.push_back(table_message());
  bots_play(out);
  out.push_back(saved());
}

void LocalTable::bots_play(json& out) {
  while (session_ && !session_->over()) {
    int seat = session_->to_act();
    if (seat < 0 || seats_[static_cast<std::size_t>(seat)].bot.empty()) return;
    json chosen;
    session_->act_bot(json::object(), seats_[static_cast<std::size_t>(seat)].bot, chosen);
    out.push_back(table_message());
  }
}

json LocalTable::replay(const json& message) const {
  // The step-through of the game just over (the server's `replay`, docs/server.md): the opening
  // and one step a move, each move's events and the state after it, a page from `from`.
  int game = int_field(message, "game", game_, 1, game_);
  if (game != game_ || !session_) throw ProtocolError("no_game", fmt::format("this device keeps only its latest game, {}", game_));
  if (!session_->over()) throw ProtocolError("not_over", fmt::format("game {} is not over: its step-through is there once it ends", game_));
  json log = session_->log();
  std::size_t total = log.size();  // the opening, then one a move
  std::size_t from = std::min(total, static_cast<std::size_t>(int_field(message, "from", 0, 0, std::numeric_limits<int>::max())));
  std::size_t to = std::min(total, from + kReplayPage);
  auto again = new_session(log[0]);
  json steps = json::array();
  if (from == 0) steps.push_back({{"player", nullptr}, {"action", nullptr}, {"events", again->opening_events()}, {"state", again->state()}});
  for (std::size_t i = 1; i < to; ++i) {
    json events = again->act(log[i]);
    if (i >= from) steps.push_back({{"player", log[i]["player"]}, {"action", log[i]["action"]}, {"events", std::move(events)}, {"state", again->state()}});
  }
  return {{"type", "replay"}, {"table", kCode}, {"game", game_}, {"from", from}, {"steps_total", total}, {"steps", std::move(steps)}};
}

json LocalTable::hint(const json& message) const {
  auto quiet = message.find("quiet");
  if (quiet != message.end() && !quiet->is_boolean()) throw ProtocolError("bad_message", "\"quiet\" must be true or false");
  // The quiet hint (the odds beside the bet) wants no playouts for the chances to win.
  bool win = quiet == message.end() || !quiet->get<bool>();
  if (!session_ || session_->over()) throw ProtocolError("not_started", "the game is not being played");
  if (session_->to_act() != you_) throw ProtocolError("not_your_turn", "a hint is for the player to act");
  try {
    return {{"type", "hint"}, {"table", kCode}, {"hint", session_->hint(win ? json::object() : json{{"win", false}})}};
  } catch (const games::TooBig& e) {
    throw ProtocolError("too_big", e.what());
  }
}

json LocalTable::table_message() {
  int person = person_to_act();
  if (person >= 0) you_ = person;
  json message;
  {
    // The game's fields as a server's table writes them (table_rules.h), in their keys' order.
    ObjectFill out(message);
    out.put("event_count", session_ ? session_->table().event_count() : 0);
    out.put("game", game_);
    out.put("moves", session_ ? session_->moves() : 0);
    bool own_view = session_ && session_->table().seats_see_differently();
    fill_game_fields(session_.get(), own_view ? you_ : games::kNobody, seed_, out);
    out.put("turn_left_ms", nullptr);
  }
  std::size_t count = session_ ? session_->table().event_count() : 0;
  std::size_t from = std::min(events_sent_, count);
  events_sent_ = count;
  message["type"] = "table";
  message["table"] = kCode;
  message["rules"] = spec_->rules_text.empty() ? spec_->rules : "custom";
  message["family"] = spec_->info.family;
  message["creator"] = 0;
  message["timeout"] = spec_->timeout;
  message["set"] = spec_->sets;
  message["commit"] = nullptr;
  message["you"] = you_;
  message["legal"] = session_ && !session_->over() ? legal_for(session_->table(), you_) : json();
  message["events_from"] = from;
  message["events"] = session_ ? session_->events_between(from, count) : json::array();
  json seats = json::array();
  for (const auto& s : seats_) seats.push_back(seat_json(s.name, s.bot));
  message["seats"] = std::move(seats);
  if (!title_sent_) {
    bool cut = false;
    message["title"] = title_of(spec_->info.description, cut);
    if (cut) message["title_cut"] = true;  // the whole comes with `rules`
    message["chat"] = chat_;
    title_sent_ = true;
  }
  return message;
}

json LocalTable::saved() const {
  json save = {{"set", spec_->sets}, {"timeout", spec_->timeout}, {"game", game_}, {"dealt", session_ != nullptr},
               {"seed", std::to_string(seed_)}, {"you", you_}};
  if (spec_->rules_text.empty()) save["rules"] = spec_->rules;
  else save["rules_text"] = spec_->rules_text;
  json seats = json::array();
  for (const auto& s : seats_)
    seats.push_back({{"name", s.name.empty() ? json() : json(s.name)}, {"bot", s.bot.empty() ? json() : json(s.bot)}});
  save["seats"] = std::move(seats);
  json moves = json::array();
  for (std::size_t i = 0; session_ && i < session_->moves(); ++i) moves.push_back(session_->move_line(i));
  save["moves"] = std::move(moves);
  return {{"type", "saved"}, {"table", kCode}, {"save", std::move(save)}};
}

}  // namespace inbetween::protocol
