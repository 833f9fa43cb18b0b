#include "server/room.h"

#include <cstdio>

#include <fmt/format.h>

#include "cards/shoe.h"
#include "games/game.h"
#include "games/registry.h"
#include "protocol/json.h"
#include "protocol/json_fill.h"
#include "protocol/table_json.h"
#include "protocol/table_rules.h"
#include "server/fairness.h"
#include "server/typed_text.h"

namespace inbetween::server {
namespace {
// A refusal's text as a client gets it: a file of the server's data folder named relative to it
// ("rules/hoyle.toml:12: ..."), never by where the server keeps it on its disk (issue 49, finding 10).
std::string for_client(std::string text) {
  std::string folder = rules::data_dir().string();
  if (folder.empty()) return text;
  if (folder.back() != '/') folder += '/';
  for (std::size_t at = 0; (at = text.find(folder, at)) != std::string::npos;) text.erase(at, folder.size());
  return text;
}

// Rules from another program: a preset by name only (no path), or text parsed in memory
// (protocol/table_rules.h, as the page's own table reads them); refused with the file named as a
// client may see it.
rules::RuleFile client_rule_file(const TableSpec& spec) {
  try {
    return protocol::client_rule_file(spec.rules, spec.rules_text, spec.sets);
  } catch (const protocol::ProtocolError& e) {
    throw Refused(e.code, for_client(e.what()));
  }
}

json parse_stored(const std::string& text) { return text.empty() ? json() : json::parse(text); }

// A table's games as a Room keeps them: each one's seed, commitment, deal and move count, none of
// its moves' text (the store's: a long game's would grow the server by its whole log).
std::vector<StoredGame> without_moves(const std::vector<StoredGame>& games) {
  std::vector<StoredGame> out;
  for (const auto& g : games) {
    out.push_back({g.game, g.seed, g.commit, g.new_request, g.opening, {}, g.over, g.commitment_version, g.moves.size()});
  }
  return out;
}

// An object's fields as JSON text, without the braces around them.
std::string fields_text(const json& object) {
  std::string text = protocol::json_text(object);
  return text.substr(1, text.size() - 2);
}
}  // namespace

const char* status_name(TableStatus status) {
  switch (status) {
    case TableStatus::waiting: return "waiting";
    case TableStatus::playing: return "playing";
    case TableStatus::over: return "over";
  }
  return "?";
}

RulesInfo rules_info(const TableSpec& spec) {
  auto file = client_rule_file(spec);
  try {
    protocol::TableRules rules = protocol::table_rules(file);
    return RulesInfo{rules.family, cut_text(rules.description, kTitleCharacters), rules.description, rules.min_players,
                     rules.max_players, rules.bot_kinds, rules.stand_in};
  } catch (const protocol::ProtocolError& e) {
    throw Refused(e.code, for_client(e.what()));
  }
}

Room::Room(std::string code, TableSpec spec, Store& store)
    : code_(std::move(code)), spec_(std::move(spec)), info_(rules_info(spec_)), store_(&store) {
  if (spec_.seats < info_.min_players || spec_.seats > info_.max_players)
    throw Refused("bad_setup", fmt::format("these rules seat {} to {} players, not {}", info_.min_players, info_.max_players, spec_.seats));
  if (spec_.timeout_seconds < 1 || spec_.timeout_seconds > 3600)
    throw Refused("bad_message", "\"timeout\" is 1 to 3600 seconds");
  games_.push_back({1, draw_seed(), {}, {}, {}, {}, false, kCommitmentVersion, 0});
  // A trial deal with the seats filled finds what the knobs alone do not (a deck too small...).
  json trial = new_request();
  trial["players"] = json::array();
  for (int i = 0; i < spec_.seats; ++i) trial["players"].push_back(fmt::format("p{}", i + 1));
  trial["seed"] = 0;
  try {
    maker_ = std::make_shared<const protocol::SessionMaker>(trial);
    maker_->make(trial);
  } catch (const protocol::ProtocolError& e) {
    throw Refused(e.code, for_client(e.what()));
  }
  seats_.resize(static_cast<std::size_t>(spec_.seats));
  fixed_text_ = fields_text(fixed_fields());
  StoredTable stored{code_, spec_.rules, spec_.rules_text, spec_.sets.dump(), spec_.seats, spec_.timeout_seconds, {}, games_, spec_.private_table, spec_.creator};
  store_->add_table(stored);
}

Room::Room(const StoredTable& stored, Store& store)
    : code_(stored.code),
      spec_{stored.rules, stored.rules_text, json::parse(stored.sets), stored.seats, stored.timeout_seconds, stored.private_table, stored.creator},
      info_(rules_info(spec_)), store_(&store), games_(without_moves(stored.games)), chat_(stored.chat.begin(), stored.chat.end()) {
  seats_.resize(static_cast<std::size_t>(spec_.seats));
  for (const auto& s : stored.seated) {
    if (s.seat < 0 || s.seat >= spec_.seats) continue;
    auto& seat = seats_[static_cast<std::size_t>(s.seat)];
    seat.name = s.name;
    seat.bot = s.bot;
    seat.token_hash = s.token_hash;
  }
  maker_ = std::make_shared<const protocol::SessionMaker>(new_request());
  fixed_text_ = fields_text(fixed_fields());
  seal_commitment();  // the last seat was stored and the server stopped before its commitment was
  const StoredGame& last = stored.games.back();
  if (last.new_request.empty()) return;
  session_ = replay_stored(last, played_for_);
  forget_old_marks();
  // A game over that the store does not know is over yet (stored before it kept that).
  mark_if_over();
}

Room::PlayedFor Room::played_for(std::size_t at, const std::string& player, protocol::MadeBy by) const {
  return {at, played_for_event(info_.stand_in, player, by)};
}

std::unique_ptr<protocol::GameSession> Room::deal(const json& request) const {
  auto session = maker_->make(request);
  // The latest events only: a long game's older ones are read from the store when asked for.
  session->table().keep_events(kEventsHeld);
  return session;
}

std::unique_ptr<protocol::GameSession> Room::replay_stored(const StoredGame& stored, std::deque<PlayedFor>& marks) const {
  marks.clear();
  auto session = deal(json::parse(stored.new_request));
  // The store's events were what everyone was told; a replay that differs is a broken store.
  if (!stored.opening.empty() && session->opening_events() != parse_stored(stored.opening))
    throw StoreError(fmt::format("table {}: game {} deals other cards than stored", code_, stored.game));
  for (const auto& text : stored.moves) {
    json line = json::parse(text);
    protocol::MadeBy by = protocol::MadeBy::player;
    try {
      by = protocol::made_by(line);
    } catch (const protocol::ProtocolError& e) {
      throw StoreError(fmt::format("table {}: move {}: {}", code_, session->moves() + 1, e.what()));
    }
    if (by != protocol::MadeBy::player) marks.push_back(played_for(session->table().event_count(), line.value("player", ""), by));
    json played = session->act(line);
    if (line.contains("events") && played != line["events"])
      throw StoreError(fmt::format("table {}: move {} replays to other events than stored", code_, session->moves()));
  }
  return session;
}

TableStatus Room::status() const {
  if (!session_) return TableStatus::waiting;
  return session_->over() ? TableStatus::over : TableStatus::playing;
}

int Room::filled() const {
  int n = 0;
  for (const auto& s : seats_) n += !s.name.empty();
  return n;
}

std::optional<int> Room::seat_of_token(const std::string& token) const {
  if (token.size() != 32) return std::nullopt;
  std::string hash = sha256_hex(token);
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!seats_[i].token_hash.empty() && seats_[i].token_hash == hash) return static_cast<int>(i);
  return std::nullopt;
}

void Room::store_seat(int seat) {
  const auto& s = seats_[static_cast<std::size_t>(seat)];
  store_->put_seat(code_, {seat, s.name, s.bot, s.token_hash});
}

std::pair<int, std::string> Room::seat_person(const std::string& typed_name) {
  if (status() != TableStatus::waiting) throw Refused("not_waiting", "the game has started; watch it, or join the next table");
  auto free = std::find_if(seats_.begin(), seats_.end(), [](const SeatState& s) { return s.name.empty(); });
  if (free == seats_.end()) throw Refused("table_full", "every seat at this table is taken; watch instead");
  std::vector<std::string> names;
  for (const auto& s : seats_) names.push_back(s.name);
  std::string name = seat_name(typed_name, names);
  std::string token = new_token();
  *free = SeatState{name, "", sha256_hex(token), 0, false, 0};
  int seat = static_cast<int>(free - seats_.begin());
  store_seat(seat);
  seal_commitment();
  return {seat, token};
}

int Room::seat_bot(const std::string& kind) {
  if (status() != TableStatus::waiting) throw Refused("not_waiting", "bots join before the game starts");
  const auto& kinds = info_.bot_kinds;
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    throw Refused("bad_message", fmt::format("unknown bot kind \"{}\"; kinds: {}", kind, fmt::join(kinds, ", ")));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].name.empty()) continue;
    // The first name "botN" nobody uses yet.
    for (int n = static_cast<int>(i) + 1;; ++n) {
      std::string name = fmt::format("bot{}", n);
      bool taken = std::any_of(seats_.begin(), seats_.end(), [&](const SeatState& s) { return s.name == name; });
      if (taken) continue;
      seats_[i] = SeatState{name, kind, "", 0, false, 0};
      store_seat(static_cast<int>(i));
      seal_commitment();
      return static_cast<int>(i);
    }
  }
  throw Refused("table_full", "every seat at this table is taken");
}

json Room::new_request() const {
  json request = {{"cmd", "new"}, {"set", spec_.sets}};
  if (spec_.rules_text.empty())
    request["rules"] = spec_.rules;
  else
    request["rules_text"] = spec_.rules_text;
  request["players"] = json::array();
  for (const auto& s : seats_) request["players"].push_back(s.name);
  request["seed"] = games_.back().seed;
  return request;
}

void Room::seal_commitment() {
  StoredGame& game = games_.back();
  if (!game.commit.empty() || filled() < spec_.seats) return;
  game.commit = commitment(commit_parts(code_, game.game, new_request()), cards::kDealingVersion);
  store_->commit_game(code_, game.game, game.commit);
}

void Room::start() {
  if (status() != TableStatus::waiting) throw Refused("not_waiting", "the game has already started");
  if (filled() < spec_.seats) throw Refused("seats_empty", fmt::format("{} of {} seats are filled; add bots or wait for players", filled(), spec_.seats));
  std::unique_ptr<protocol::GameSession> session;
  try {
    session = deal(new_request());
  } catch (const protocol::ProtocolError& e) {
    throw Refused(e.code, e.what());
  }
  std::string opening = session->opening_events().dump();
  std::string request = session->log()[0].dump();
  store_->start_game(code_, games_.back().game, request, opening);
  games_.back().new_request = request;
  games_.back().opening = std::move(opening);
  session_ = std::move(session);
  played_for_.clear();
  marks_forgotten_ = marks_forgotten_below_ = 0;
  // The deal alone may end the game (every post settled itself, the last deal dealt): no move
  // will mark it over, and a table left unmarked would be replayed at every start.
  mark_if_over();
}

void Room::again() {
  if (status() != TableStatus::over) throw Refused("not_over", "the game is still being played");
  new_game(games_.back().game + 1);
}

void Room::new_game(int number) {
  StoredGame game{number, draw_seed(), {}, {}, {}, {}, false, kCommitmentVersion, 0};
  games_.push_back(std::move(game));
  // The seats are those of the game before, all filled: the commitment is made at once.
  games_.back().commit = commitment(commit_parts(code_, number, new_request()), cards::kDealingVersion);
  try {
    store_->add_game(code_, games_.back());
  } catch (const StoreError&) {
    games_.pop_back();
    throw;
  }
  session_.reset();
  played_for_.clear();
  marks_forgotten_ = marks_forgotten_below_ = 0;
}

games::AnyMove Room::person_move(int seat, const json& action) const {
  if (status() != TableStatus::playing)
    throw Refused(status() == TableStatus::over ? "game_over" : "not_started", "the game is not being played");
  try {
    return protocol::person_move(session_->table(), seat, action);
  } catch (const protocol::ProtocolError& e) {
    throw Refused(e.code, e.what());  // refused: the table is as it was
  }
}

const std::string& Room::play(const games::AnyMove& move, protocol::MadeBy by) {
  if (status() != TableStatus::playing)
    throw Refused(status() == TableStatus::over ? "game_over" : "not_started", "the game is not being played");
  std::size_t from = session_->table().event_count();
  if (auto refusal = session_->table().apply(move)) throw Refused(refusal->code, refusal->message);
  commit(move.seat, from, by);
  return last_events_.text;
}

void Room::commit(int seat, std::size_t from, protocol::MadeBy by) {
  std::size_t n = session_->moves() - 1;
  // The events are written once, from the typed log: the stored line and every table message
  // splice the same text.
  const games::AnyTable& table = session_->table();
  std::size_t to = table.event_count();
  std::string events_text = protocol::events_text(table, from, to, true);
  std::string line = protocol::json_text(session_->move_line(n), true);
  line.pop_back();  // the line's closing brace: who made it and its events go last
  std::string by_text = by == protocol::MadeBy::player ? std::string() : fmt::format(",\"by\":\"{}\"", protocol::made_by_name(by));
  std::string text;
  text.reserve(line.size() + by_text.size() + events_text.size() + 11);  // kept for the game's log: no room to spare
  text += line;
  text += by_text;
  text += ",\"events\":";
  text += events_text;
  text += '}';
  StoredGame& game = games_.back();
  try {
    store_->add_move(code_, game.game, n, text);
  } catch (const StoreError&) {
    // Only a stored move may stand: back to the moves before it, and the error goes on.
    std::vector<games::AnyMove> kept = table.moves();
    kept.pop_back();
    auto session = deal(json::parse(game.new_request));
    for (const auto& move : kept) session->table().apply(move);
    session_ = std::move(session);
    throw;
  }
  ++game.move_count;
  std::size_t listed = to - from;  // the move's events in the table's list
  if (by != protocol::MadeBy::player) {
    // Said before the move's events, in the table's list and in the text every connection gets.
    played_for_.push_back(played_for(from, table.names()[static_cast<std::size_t>(seat)], by));
    std::string mark = protocol::json_text(played_for_.back().event);
    events_text = listed == 0 ? "[" + mark + "]" : "[" + mark + "," + events_text.substr(1);
    ++listed;
  }
  last_events_ = {game.game, event_count() - listed, event_count(), std::move(events_text)};
  forget_old_marks();
  mark_if_over();
}

void Room::forget_old_marks() {
  // The marks before the first event held go with it: only the store's list has them now.
  marks_forgotten_below_ = std::max(marks_forgotten_below_, session_->table().first_event());
  while (!played_for_.empty() && played_for_.front().at < marks_forgotten_below_) {
    played_for_.pop_front();
    ++marks_forgotten_;
  }
}

std::size_t Room::marks_before_event(std::size_t e) const {
  auto held = std::lower_bound(played_for_.begin(), played_for_.end(), e, [](const PlayedFor& m, std::size_t at) { return m.at < at; });
  return marks_forgotten_ + static_cast<std::size_t>(held - played_for_.begin());
}

std::size_t Room::first_held() const {
  if (!session_) return 0;
  // The first engine event held whose marks are all held too (a store that refused a move takes
  // the table back to a replay, which may hold a few events more than the marks).
  std::size_t first = std::max(session_->table().first_event(), marks_forgotten_below_);
  return first + marks_before_event(first);
}

std::string Room::events_text(std::size_t from) const {
  const LastEvents& last = last_events_;
  if (last.game == game_number() && last.from == from && last.to == event_count()) return last.text;
  return protocol::json_text(events_between(from, event_count()));
}

json Room::events_between(std::size_t from, std::size_t to) const {
  if (!session_) return json::array();
  to = std::min(to, event_count());
  if (from >= to) return json::array();
  // Older than what is held: the store's (a worker's job where it may be long: HeldTable).
  if (from < first_held()) return stored_events(*store_, code_, games_.back(), info_.stand_in, from, to);
  if (played_for_.empty() && marks_forgotten_ == 0) return session_->events_between(from, to);
  // The `played_for` events before index i of the list: mark k stands at index at + k (k marks
  // and `at` engine events before it), which grows with k; the marks held are the latest.
  auto marks_before = [&](std::size_t i) {
    std::size_t low = 0, high = played_for_.size();
    while (low < high) {
      std::size_t mid = (low + high) / 2;
      if (played_for_[mid].at + marks_forgotten_ + mid < i) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  std::size_t k = marks_before(from), k_end = marks_before(to);  // of the marks held
  std::size_t first = from - marks_forgotten_ - k, last = to - marks_forgotten_ - k_end;  // the engine's events in the range
  json engine = session_->events_between(first, last);
  json out = json::array();
  for (std::size_t e = first; e <= last; ++e) {
    while (k < k_end && played_for_[k].at == e) out.push_back(played_for_[k++].event);
    if (e < last) out.push_back(std::move(engine[e - first]));
  }
  return out;
}

void Room::mark_if_over() {
  StoredGame& game = games_.back();
  if (!session_->over() || game.over) return;
  game.over = true;
  try {
    store_->finish_game(code_, game.game);
  } catch (const StoreError& e) {
    // Only a mark for the next start, which then replays this table and marks it again.
    std::fprintf(stderr, "serve: table %s: %s\n", code_.c_str(), e.what());
  }
}

int Room::seat_to_act() const {
  if (status() != TableStatus::playing) return -1;
  return session_->to_act();  // the game's players are the seats, in order (new_request)
}

std::optional<std::string> Room::bot_to_play() const {
  int seat = seat_to_act();
  if (seat < 0) return std::nullopt;
  const auto& s = seats_[static_cast<std::size_t>(seat)];
  if (!s.bot.empty()) return s.bot;
  if (s.away) return info_.stand_in;
  return std::nullopt;
}

void Room::replace_bot(int seat, const std::string& kind) {
  seats_.at(static_cast<std::size_t>(seat)).bot = kind;
  store_seat(seat);
}

const std::string& Room::label() const {
  static const std::string kCustom = "custom";
  return spec_.rules_text.empty() ? spec_.rules : kCustom;
}

json Room::fixed_fields() const {
  return protocol::fields({{"type", "table"}, {"table", code_}, {"rules", label()}, {"family", info_.family},
                           {"creator", kCreatorSeat}, {"timeout", spec_.timeout_seconds}, {"set", spec_.sets}});
}

json Room::snapshot(games::Seat seat) const {
  json out = play_fields(seat);
  out.update(seat_fields());
  out.update(fixed_fields());
  out["title"] = info_.title;
  if (info_.title_cut()) out["title_cut"] = true;
  return out;
}

json Room::seat_fields() const {
  json seats = json::array();
  for (const auto& s : seats_) {
    if (s.name.empty()) {
      seats.push_back(protocol::fields({{"name", nullptr}}));
      continue;
    }
    seats.push_back(protocol::fields({{"name", s.name},
                                      {"bot", s.bot.empty() ? json() : json(s.bot)},
                                      {"connected", !s.bot.empty() || s.connections > 0},
                                      {"away", s.away}}));
  }
  return protocol::fields({{"seats", std::move(seats)}, {"commit", games_.back().commit.empty() ? json() : json(games_.back().commit)}});
}

const std::string& Room::seat_fields_text() const {
  SeatsSeen& seen = seats_seen_;
  const std::string& commit = games_.back().commit;
  bool same = seen.written && seen.commit == commit && seen.seats.size() == seats_.size();
  for (std::size_t i = 0; same && i < seats_.size(); ++i) {
    const SeatState& s = seats_[i];
    same = seen.seats[i] == SeenSeat{s.name, s.bot, !s.bot.empty() || s.connections > 0, s.away};
  }
  if (same) return seen.text;
  seen.seats.clear();
  for (const SeatState& s : seats_) seen.seats.push_back({s.name, s.bot, !s.bot.empty() || s.connections > 0, s.away});
  seen.commit = commit;
  seen.text = fields_text(seat_fields());
  seen.written = true;
  return seen.text;
}

json Room::play_fields(games::Seat seat) const {
  json fields;
  protocol::ObjectFill out(fields);
  fill_play_fields(seat, out);
  return fields;
}

void Room::fill_play_fields(games::Seat seat, protocol::ObjectFill& out) const {
  out.put("event_count", event_count());
  out.put("game", game_number());
  out.put("moves", moves());
  // The game's own fields as the page's table writes them too (protocol/table_rules.h).
  protocol::fill_game_fields(session_.get(), seat, games_.back().seed, out);
}

json Room::legal_for(int seat) const {
  if (status() != TableStatus::playing || seat < 0) return nullptr;
  return protocol::legal_for(session_->table(), seat);
}

json Room::summary(int watchers) const {
  return {{"table", code_}, {"rules", label()},  {"status", status_name(status())},
          {"seats", spec_.seats}, {"filled", filled()}, {"watchers", watchers}};
}

void Room::say(const std::string& from, const std::string& text) {
  StoredChat line{chat_.empty() ? 1 : chat_.back().n + 1, from, text};
  store_->add_chat(code_, line);
  chat_.push_back(std::move(line));
  while (chat_.size() > kChatKept) chat_.pop_front();
}

std::string Room::chat_text() const {
  json lines = json::array();
  for (const auto& line : chat_) lines.push_back(protocol::fields({{"from", line.from}, {"text", line.text}}));
  return protocol::json_text(lines);
}

const StoredGame& Room::finished_game(int game) const {
  for (std::size_t i = 0; i < games_.size(); ++i) {
    if (games_[i].game != game) continue;
    bool last = i + 1 == games_.size();
    if (games_[i].new_request.empty() || (last && status() != TableStatus::over))
      throw Refused("not_over", fmt::format("game {} at table {} is not over: its log is out once it ends", game, code_));
    return games_[i];
  }
  throw Refused("no_game", fmt::format("table {} has no game {}", code_, game));
}

}  // namespace inbetween::server
