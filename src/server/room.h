#pragma once
// One table of the server: its seats and their tokens, its games, the runtime table of the game
// being played (through its JSON codec, protocol::GameSession) and every event of it. No
// networking here: the lobby feeds it requests and sends what it returns.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/json_fill.h"
#include "protocol/made_by.h"
#include "protocol/session.h"
#include "server/game_log.h"
#include "server/refused.h"
#include "server/store.h"

namespace inbetween::server {

using json = nlohmann::json;

// Where a table is: filling its seats, playing, or over (until `again`).
enum class TableStatus { waiting, playing, over };
const char* status_name(TableStatus status);

// A seat: the person or bot in it, and whether its person is here.
struct SeatState {
  std::string name;        // empty: the seat is free
  std::string bot;         // a bot's kind, empty for a person
  std::string token_hash;  // SHA-256 of the seat's token (persons only)
  int connections = 0;     // the person's open connections
  bool away = false;       // gone longer than the table's timeout, or idle for several turns: a bot plays for them
  int idle_turns = 0;      // turns in a row the person's clock ran out and the stand-in moved for them
  std::uint64_t gone = 0;  // counts departures, so a stale away-timer knows it is stale
};

// How a table is created: the rules (a preset name or rule text), overrides, seats, timeout.
struct TableSpec {
  std::string rules;
  std::string rules_text;
  json sets = json::object();
  int seats = 2;
  int timeout_seconds = 60;
  bool private_table = false;  // not listed by `tables`: joined by its code (a link) only
  std::string creator;         // the address that created it (kept: the open tables an address holds)
};

// The creator's seat: the creator sits down as the table is created, before anyone can join.
inline constexpr int kCreatorSeat = 0;

// The events of a game in play a Room holds in memory: its latest, at least this many and at
// most twice as many (a `table` message carries the latest 500); older ones, and every move's
// text, are read from the store when asked for, so a game's memory does not grow with its length.
inline constexpr std::size_t kEventsHeld = 2000;

// The most characters of a rule file's description a table message carries as its title
// (docs/server.md): a custom file's may be 64 KiB, which no page shows whole, nor should every
// watcher be sent. The whole text comes on request (`rules`).
inline constexpr std::size_t kTitleCharacters = 200;

// The family key and title of a table's rules, and its family's bots.
struct RulesInfo {
  std::string family;
  std::string title;        // the description, cut to kTitleCharacters and "…" when longer
  std::string description;  // the rule file's whole description
  bool title_cut() const { return title.size() != description.size(); }
  int min_players = 0;
  int max_players = 0;
  std::vector<std::string> bot_kinds;
  std::string stand_in;  // the bot kind that plays for a person who is away
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
  bool is_private() const { return spec_.private_table; }
  const std::string& creator() const { return spec_.creator; }
  int filled() const;
  // The seat whose token this is, if any.
  std::optional<int> seat_of_token(const std::string& token) const;

  // Seats a person in the first free seat under their name as typed, normalised and checked
  // against the table's other names (typed_text.h: `bad_name`); returns the seat and its new token.
  std::pair<int, std::string> seat_person(const std::string& typed_name);
  // Seats a bot of `kind` in the first free seat (waiting only).
  int seat_bot(const std::string& kind);
  // Deals the game (every seat filled, waiting only).
  void start();
  // A new game with the same seats, a new seed and commitment (over only).
  void again();
  // The move a person's `action` (protocol JSON) for `seat` stands for, decoded once
  // (protocol/table_json.h) for play(). Throws Refused: not_started or game_over while no game is
  // played, the codec's code for an action it cannot read, the game's own refusal for one no
  // legal choice stands for.
  games::AnyMove person_move(int seat, const json& action) const;
  // Plays a move: a person's (person_move), a bot's, or one the server made for a person (`by`:
  // their clock ran out, or they are away: the move is stored so marked, and a `played_for` event
  // goes before its events in the table's list). The one way a move is played: it is stored
  // before this returns, and a refused move, or one the store could not keep, changes nothing.
  // Returns its events as the JSON text every connection is told (an array, with the
  // `played_for` first where there is one), written once from the typed log.
  const std::string& play(const games::AnyMove& move, protocol::MadeBy by = protocol::MadeBy::player);
  // The runtime table of the game being played; nullptr while the table waits for players.
  const games::AnyTable* table() const { return session_ ? &session_->table() : nullptr; }
  // A bot's kind for the seat to act: a bot's own, or the family's stand-in for a person who is away.
  std::optional<std::string> bot_to_play() const;
  // The seat to act, -1 when the game is not being played or nobody is to act.
  int seat_to_act() const;
  // A bot seat plays as another kind from now on (stored with the seat).
  void replace_bot(int seat, const std::string& kind);

  protocol::GameSession* session() { return session_.get(); }
  std::size_t moves() const { return session_ ? session_->moves() : 0; }
  // How many events the current game has had (the opening's first): the engine's, which the
  // session keeps, and a `played_for` before the events of each move the server made for a person.
  std::size_t event_count() const { return session_ ? session_->table().event_count() + marks_forgotten_ + played_for_.size() : 0; }
  // The current game's events from the `from`th up to the `to`th, as JSON; those before
  // first_held() read from the store.
  json events_between(std::size_t from, std::size_t to) const;
  // The first of the current game's events held in memory (kEventsHeld): from there on,
  // events_between() reads nothing from the store.
  std::size_t first_held() const;
  // The events from the `from`th on as JSON text (an array); those of the last move are written
  // once, when it is stored, and that text reused.
  std::string events_text(std::size_t from) const;
  // What `seat` sees of the table (docs/server.md `table`; kNobody: a spectator), without `you`,
  // `legal`, `events`: the state is the view of that seat. The fixed, seat and play fields below,
  // as one object.
  json snapshot(games::Seat seat) const;
  // The snapshot's fields that stay as they are for the table's life (its code, rules, knobs...),
  // but the title, as JSON text without braces: written once, not at every move.
  const std::string& fixed_fields_text() const { return fixed_text_; }
  // The snapshot's fields that only the seats change (who sits where, connected or away, and the
  // game's commitment), as text without braces: written again only when they change.
  const std::string& seat_fields_text() const;
  // The snapshot's fields a move changes (the state, status, counts), as `seat` sees them.
  json play_fields(games::Seat seat) const;
  // The same written into `out`, which may hold those of an earlier move: filled again in place
  // (protocol/json_fill.h), where building them anew at every move cost about a fifth of it.
  void fill_play_fields(games::Seat seat, protocol::ObjectFill& out) const;
  // The `legal` reply for `seat`, when the game is on.
  json legal_for(int seat) const;
  // The lobby's line for this table (docs/server.md `tables`).
  json summary(int watchers) const;
  const std::string& label() const;
  const RulesInfo& info() const { return info_; }

  int game_number() const { return games_.back().game; }
  // The table's last game as stored, without its moves (its number, deal and opening: where a
  // worker reads the events no longer held; never sent, as it holds the seed).
  const StoredGame& last_game() const { return games_.back(); }
  // A finished game as stored, without its moves (a Room keeps none: they are read from the store
  // a page at a time, server/game_log.h): a copy a worker thread may read while the table plays on.
  // Throws Refused("not_over") while it is played, Refused("no_game") when there is none.
  StoredGame finished_game_copy(int game) const { return finished_game(game); }
  // Where the table's games are kept (a worker reads a finished game's moves there).
  const Store& store() const { return *store_; }
  // Keeps a chat line said at the table (`from`: a seat's name, "watcher" or "server"; `text`
  // cleaned) with the table's last kChatKept; stored before this returns (throws StoreError and
  // keeps nothing when the store refuses it).
  void say(const std::string& from, const std::string& text);
  // The table's kept chat lines, oldest first, as a JSON array of {"from","text"} (its text).
  std::string chat_text() const;

  // A finished game's log, one JSON line each (game_log.h). Throws as finished_game_copy.
  std::vector<json> export_log(int game) const { return log_lines(*store_, code_, finished_game(game)); }
  // A finished game as steps (game_log.h).
  json replay(int game) const { return replay_steps(*store_, code_, finished_game(game)); }

 private:
  json new_request() const;
  // Makes and stores the last game's commitment once every seat is filled (its players are known
  // then); a game that has one keeps it.
  void seal_commitment();
  // Stores the move just played by `seat` (its events from the `from`th on, made `by`) and counts
  // it (its text is the store's: a Room keeps none); a store that fails takes the table back to
  // the moves before it, and the error goes on.
  void commit(int seat, std::size_t from, protocol::MadeBy by);
  // Marks the game in play over in the store once it is over (after a move, or at its deal).
  void mark_if_over();
  // A move the server made for a person: the engine's event count before its events, and the
  // `played_for` event that goes there.
  struct PlayedFor {
    std::size_t at = 0;
    json event;
  };
  PlayedFor played_for(std::size_t at, const std::string& player, protocol::MadeBy by) const;
  // A game dealt from `request` that holds only its latest events (kEventsHeld).
  std::unique_ptr<protocol::GameSession> deal(const json& request) const;
  // Lets go of the marks before the first event held, as the session let go of those events.
  void forget_old_marks();
  // The marks before the engine's `e`th event, those let go of included.
  std::size_t marks_before_event(std::size_t e) const;
  // The game `stored` as its moves replayed, and its moves made for a person into `marks`; throws
  // StoreError when the deal or a move replays to other events than were stored (what everyone
  // was told).
  std::unique_ptr<protocol::GameSession> replay_stored(const StoredGame& stored, std::deque<PlayedFor>& marks) const;
  void new_game(int number);
  void store_seat(int seat);
  const StoredGame& finished_game(int game) const;
  json fixed_fields() const;
  json seat_fields() const;

  std::string code_;
  TableSpec spec_;
  RulesInfo info_;
  std::string fixed_text_;  // fixed_fields() written out
  Store* store_;
  std::vector<SeatState> seats_;
  std::vector<StoredGame> games_;  // every game's seed, commitment and move count; no move's text
  std::shared_ptr<const protocol::SessionMaker> maker_;  // this table's rules, read once
  std::unique_ptr<protocol::GameSession> session_;  // the game in play, and its latest events
  // The game in play's moves made for a person, in order: their events go into the event list
  // at their places (the session keeps the engine's own). Those before the session's first event
  // held are let go of with it: how many, and the engine's event they were all before.
  std::deque<PlayedFor> played_for_;
  std::size_t marks_forgotten_ = 0, marks_forgotten_below_ = 0;
  std::deque<StoredChat> chat_;  // the last kChatKept lines said at the table
  // What seat_fields_text() was written from, and the text (kept under the table's lock, as
  // everything else of the room).
  struct SeenSeat {
    std::string name, bot;
    bool connected = false, away = false;
    bool operator==(const SeenSeat&) const = default;
  };
  struct SeatsSeen {
    std::vector<SeenSeat> seats;
    std::string commit, text;
    bool written = false;
  };
  mutable SeatsSeen seats_seen_;
  // The last move's events as stored: the game, where they begin and end, their text.
  struct LastEvents {
    int game = 0;
    std::size_t from = 0, to = 0;
    std::string text;
  } last_events_;
};


}  // namespace inbetween::server
