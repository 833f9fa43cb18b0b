#pragma once
// One table of the server: its seats and their tokens, its games, the game being played and
// every event of it. No networking here: the lobby feeds it requests and sends what it returns.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/session.h"
#include "server/store.h"

namespace inbetween::server {

using json = nlohmann::json;

// A request the table refuses: a stable code and a sentence for the person.
struct Refused : std::runtime_error {
  Refused(std::string why_code, const std::string& message) : std::runtime_error(message), code(std::move(why_code)) {}
  std::string code;
};

// Where a table is: filling its seats, playing, or over (until `again`).
enum class TableStatus { waiting, playing, over };
const char* status_name(TableStatus status);

// A seat: the person or bot in it, and whether its person is here.
struct SeatState {
  std::string name;        // empty: the seat is free
  std::string bot;         // a bot's kind, empty for a person
  std::string token_hash;  // SHA-256 of the seat's token (persons only)
  int connections = 0;     // the person's open connections
  bool away = false;       // gone longer than the table's timeout: a bot plays for them
  std::uint64_t gone = 0;  // counts departures, so a stale away-timer knows it is stale
};

// How a table is created: the rules (a preset name or rule text), overrides, seats, timeout.
struct TableSpec {
  std::string rules;
  std::string rules_text;
  json sets = json::object();
  int seats = 2;
  int timeout_seconds = 60;
};

// The family key and title of a table's rules.
struct RulesInfo {
  std::string family;
  std::string title;
  int min_players = 0;
  int max_players = 0;
};
RulesInfo rules_info(const TableSpec& spec);

class Room {
 public:
  // A new table; checks the rules and seat count by dealing a trial game; throws Refused.
  Room(std::string code, TableSpec spec, Store& store);
  // A table read back from the store, its last game replayed move by move.
  Room(const StoredTable& stored, Store& store);

  const std::string& code() const { return code_; }
  TableStatus status() const;
  const std::vector<SeatState>& seats() const { return seats_; }
  std::vector<SeatState>& seats() { return seats_; }
  int timeout_seconds() const { return spec_.timeout_seconds; }
  int filled() const;
  // The seat whose token this is, if any.
  std::optional<int> seat_of_token(const std::string& token) const;

  // Seats a person in the first free seat; returns the seat and its new token.
  std::pair<int, std::string> seat_person(const std::string& name);
  // Seats a bot of `kind` in the first free seat (waiting only).
  int seat_bot(const std::string& kind);
  // Deals the game (every seat filled, waiting only).
  void start();
  // A new game with the same seats, a new seed and commitment (over only).
  void again();
  // Plays `action` for `seat`; the move is stored before this returns. Returns its events.
  json act(int seat, const json& action);
  // A bot's kind for the seat to act: a bot's own, or "sensible" for a person who is away.
  std::optional<std::string> bot_to_play() const;
  // The seat to act, -1 when the game is not being played or nobody is to act.
  int seat_to_act() const;
  // A bot seat plays as another kind from now on (stored with the seat).
  void replace_bot(int seat, const std::string& kind);

  protocol::GameSession* session() { return session_.get(); }
  std::size_t moves() const { return session_ ? session_->moves() : 0; }
  // Every event of the current game, in order (opening first).
  const json& events() const { return events_; }
  // What every client at the table sees (docs/server.md `table`), without `you`, `legal`, `events`.
  json snapshot() const;
  // The `legal` reply for `seat`, when the game is on.
  json legal_for(int seat) const;
  // The lobby's line for this table (docs/server.md `tables`).
  json summary(int watchers) const;
  const std::string& label() const;
  const RulesInfo& info() const { return info_; }

  int game_number() const { return games_.back().game; }
  // A finished game's log, one JSON line each: the `new` request (with table, game, commit and
  // the opening events) and every move with its events. Throws Refused while it is played.
  std::vector<json> export_log(int game) const;
  // A finished game as steps (docs/server.md `replay`).
  json replay(int game) const;

 private:
  json new_request() const;
  void new_game(int number);
  void store_seat(int seat);
  const StoredGame& finished_game(int game) const;

  std::string code_;
  TableSpec spec_;
  RulesInfo info_;
  Store* store_;
  std::vector<SeatState> seats_;
  std::vector<StoredGame> games_;  // every game's seed and commitment; moves of finished ones
  std::unique_ptr<protocol::GameSession> session_;
  json events_ = json::array();
};


}  // namespace inbetween::server
