#pragma once
// A table the lobby holds in memory, and everything its own moves touch: its Room, the
// connections at it and what each has been sent, its turn clock and its bot. Every member is
// called with the table's lock (`mutex`) held, and none takes the lobby's; timers and workers
// come back through TableHost::at_table, which finds the table again by its code and takes its
// lock (docs/server.md, "Threads and long requests").
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/hooks.h"
#include "server/lobby_options.h"
#include "server/room.h"

namespace inbetween::server {

class HeldTable;

// What a held table needs of the lobby that holds it.
class TableHost {
 public:
  virtual ~TableHost() = default;
  // Runs `work` with table `code` locked, if it is still held (a timer or a worker coming back;
  // called with no lock held).
  virtual void at_table(const std::string& code, const std::function<void(HeldTable&)>& work) = 0;
  // The store refused a write to table `code` for its lease (LeaseLost): the table is let go of
  // soon, and the people at it told where it went.
  virtual void lose_table_soon(const std::string& code) = 0;
  // A number no clock's wake-up had before, across every table.
  virtual std::uint64_t next_wake() = 0;
};

// One table held in memory: its Room, who is at it, its clocks and its bot, under its own lock.
class HeldTable {
 public:
  // Holds `room`; it is quiet (nobody at it) from now.
  HeldTable(std::unique_ptr<Room> room, TableHost& host, Hooks& hooks, const LobbyOptions& options);

  std::mutex mutex;   // everything of the table
  bool gone = false;  // let go of: a caller that found it before must look again

  Room& room() { return *room_; }
  const Room& room() const { return *room_; }

  // The connections at the table (held_table.cpp):
  // Sits connection `conn` at the table in `seat` (-1: a spectator); it is sent the latest events
  // only (LobbyOptions::event_window). A person's seat counts the connection and is here again.
  void sit(ConnId conn, int seat);
  // Takes the connection from the table; the last connection of a person gone, everyone is told
  // and their away clock starts.
  void leave(ConnId conn);
  bool nobody_at() const { return sitting_.empty(); }
  // Since when no connection has been at the table.
  std::chrono::steady_clock::time_point quiet_since() const { return quiet_since_; }
  int watchers() const;
  // The seat the message's token holds; throws Refused("bad_token").
  int seat_of(const json& message) const;
  // Sends one connection at the table its `table` message.
  void send_table(ConnId conn);
  // Tells every connection at the table; `actor`: the seat whose move this follows, if any (its
  // turn clock starts again).
  void broadcast(int actor = -1);
  // Sends one message to every connection at the table.
  void tell(const json& line);
  // A message to the table (act, bot, start, again, chat, events, hint, replay) from a connection
  // that sits at or watches table `at`; `slot`: the heavy slot of a hint or replay. Throws Refused.
  void message(ConnId conn, const std::string& at, const std::string& type, std::shared_ptr<void> slot, const json& message);

  // Clocks and bots (table_turns.cpp):
  // Every person's seat starts its away clock (a table read back: nobody is connected yet).
  void start_away_clocks();
  // Plans the next bot move when a bot (or a bot for an absent person) is to act.
  void plan_bot();

 private:
  // A connection's place at the table: what it has been sent.
  struct Sitting {
    int seat = -1;  // -1: a spectator
    std::size_t events_sent = 0;
    int game_seen = 0;
    bool title_sent = false;  // the rules' title (their description cut to kTitleCharacters) goes once
  };
  // A person's turn clock: it starts when their turn starts (or their move advances it and they
  // are still to act; a rebuy, open at any time, does not) and runs the table's timeout; run out,
  // a sensible bot makes that one move for them.
  struct TurnClock {
    int game = 0;
    int seat = -1;  // -1: no clock runs (a bot or an away person is to act, or no game)
    std::chrono::steady_clock::time_point deadline{};
    bool ran_out = false;
    // The one wake-up pending for this table's clock (0: none). A turn that starts while one is
    // pending arms none of its own: the wake-up looks at the deadline then, and waits on for it.
    std::uint64_t waking = 0;
  };
  // A table message's snapshot part, written as text once per view (docs/server.md `table`): the
  // snapshot without its title (the room's, sent once a connection), with the turn clock
  // (`turn_left_ms`), as a seat sees it.
  struct TableText {
    std::string body;  // the snapshot's JSON text
  };
  // The per-connection parts of one broadcast as text, each written once however many
  // connections share it: the events from a point on, and a seat's legal actions.
  struct PartsText {
    std::map<std::size_t, std::string> events_from;
    std::map<int, std::string> legal;
  };

  // Messages (held_table.cpp):
  void chat(const std::string& at, const json& message);
  void hint(ConnId conn, std::shared_ptr<void> slot, const json& message);
  // Each seat's chance to win as the game stands (protocol/win_hint.h), on a heavy worker.
  void chances(ConnId conn, const std::string& at, std::shared_ptr<void> slot, const json& message);
  void replay(ConnId conn, std::shared_ptr<void> slot, const json& message);
  // An `events` page: from the events held, or, older, read from the store on a heavy worker.
  void older_events(ConnId conn, const std::string& at, std::shared_ptr<void> slot, const json& message);
  // A person's own message: one marked away for idling is back.
  void back(int seat);
  TableText table_text(int seat) const;
  // A connection's `table` message: its own fields (you, legal, its new events, the title the
  // first time) written before the shared text; `parts` keeps what other connections of the same
  // broadcast may reuse.
  std::string table_for(Sitting& s, const TableText& shared, PartsText& parts);
  void send(ConnId conn, json message) { hooks_.send_message(conn, std::move(message)); }

  // Clocks and bots (table_turns.cpp):
  void arm_clock(int actor);
  void wake_clock_after(std::chrono::milliseconds delay);
  // The clock's wake-up `waking` is due: the turn's time has run out, or it waits on for it.
  void clock_woke(std::uint64_t waking);
  // A person's away clock ran out (`gone`: their departures then; a later one makes it stale).
  void away_check(int seat, std::uint64_t gone);
  // The bot kind to play the seat to act: the room's (a bot, an away person), or the stand-in
  // for a person whose turn clock ran out; none while nobody is here.
  std::optional<std::string> bot_for() const;
  // Whether some person at the table is here: connected and not away.
  bool someone_here() const;
  // The bot planned for the turn of `seat` in game `game` moves, if that turn is still on.
  void bot_move(int game, int seat);
  // A bot's choice made when the table had played `moves`: played if still the bot's turn then;
  // `failed` says why there is none.
  void play_bot_choice(std::size_t moves, const std::string& failed, const games::AnyMove& move);
  void bot_failed(const std::string& reason);

  std::unique_ptr<Room> room_;
  TableHost& host_;
  Hooks& hooks_;
  const LobbyOptions& options_;
  std::map<ConnId, Sitting> sitting_;  // the connections at the table
  TurnClock clock_;
  bool bot_planned_ = false;
  std::chrono::steady_clock::time_point quiet_since_{};  // when its last connection left
};

}  // namespace inbetween::server
