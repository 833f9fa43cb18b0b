#pragma once
// The lobby: every table and every connection, and the WebSocket messages between them
// (docs/server.md). Any network thread may call it: tables play at once, each under a lock of its
// own; slow work (a bot's choice, a hint, a replay) goes through Hooks::off_thread and comes back
// to be checked against the table's state.
#include <atomic>
#include <chrono>
#include <map>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "server/hooks.h"
#include "server/room.h"
#include "server/store.h"

namespace inbetween::server {

// Limits and pacing of a server (the `serve` command's options).
struct LobbyOptions {
  int max_tables = 500;
  int max_open_tables_per_address = 20;  // tables one address created that are not over

  std::size_t max_message_bytes = 64 * 1024;
  std::chrono::milliseconds bot_delay{700};  // a bot's move waits this long, so people can follow
  double messages_per_second = 20;          // a connection's steady rate...
  double message_burst = 60;                // ...and how many it may send at once
  double address_messages_per_second = 40;  // every connection of one address together (a new connection gets no fresh burst)
  double address_burst = 120;
  std::chrono::seconds flood_cooldown{10};  // an address whose connection was dropped for flooding waits this long to connect again
  double refused_burst = 100;               // messages refused for the rate a connection may send, beyond one a
                                            // second per message allowed, before it is dropped
  std::size_t max_chat_chars = 200;
  // Long work (a hint's solve, a replay, a log's check) at once: per table, per address, in all.
  // Past a limit the request is refused with `busy` at once; nothing queues without bound.
  int max_heavy_per_table = 2;
  int max_heavy_per_address = 4;
  int max_heavy = 32;
  // Events a `table` message carries at most when a connection sits down, watches or resumes:
  // the latest ones; older ones come on request (`events`), as many at a time.
  std::size_t event_window = 500;
  // Steps of a `replay` reply at most (each holds the whole state): the page asks for the rest.
  std::size_t replay_page = 100;
  // Tables nobody is at are let go of (they stay in the store, read again when asked for): one
  // that is over after `finished_kept`, one in play or waiting after `abandoned_after` (marked
  // abandoned: not replayed at a restart). The lobby looks every `sweep_every`.
  std::chrono::seconds sweep_every{30};
  // Several servers on one database (docs/scale-out.md): how often this one renews the leases of
  // the tables it plays (a third of the store's lease time, so one late renewal loses nothing).
  std::chrono::milliseconds lease_renew_every{3000};
  std::chrono::seconds finished_kept{120};
  std::chrono::seconds abandoned_after{1800};
  // A connected person whose clock runs out this many turns in a row is marked away; bots play
  // only while some person at the table is here (connected and not away), so a table nobody
  // plays at does not play on by itself.
  int idle_turns_before_away = 3;
};

// A token bucket: messages come in at most `rate` a second, `burst` at once.
struct Bucket {
  double allowance = 0;
  std::chrono::steady_clock::time_point last{};
  // Refills for the time since the last message, then takes one if it can.
  bool take(std::chrono::steady_clock::time_point now, double rate, double burst);
};

class Lobby {
 public:
  // Reads every table back from the store and resumes their bots.
  Lobby(Store& store, Hooks& hooks, LobbyOptions options = {});
  ~Lobby() { *alive_ = false; }
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  // Every public call may come from any thread (docs/server.md, "Threads"): the lobby's own
  // records (connections, addresses, which tables are held) are under one lock, held briefly;
  // each table's game, its connections and its clock under a lock of its own, so tables play
  // on every core at once. The lobby's lock may be taken before a table's, never after.

  // Whether a new connection from `address` is let in (not while it cools down after a flood).
  bool admits(const std::string& address);
  void open(ConnId conn, std::string address);
  void close(ConnId conn);
  // One message from a connection; the replies go out through Hooks::send. Every frame counts
  // against the connection's and its address's rate, whatever its kind: a binary frame is
  // answered `bad_message`, a ping (control_frame) only counted.
  enum class Frame { text, binary };
  void receive(ConnId conn, std::string_view text, Frame frame = Frame::text);
  // The same with the text already parsed (parse() below, on the connection's own thread): `bytes`
  // is the frame's size.
  void receive_parsed(ConnId conn, json message, std::size_t bytes, Frame frame = Frame::text);
  // A frame's JSON, or a discarded value when it is binary, too big or not JSON. Reads only the
  // options: any thread may call it.
  json parse(std::string_view text, Frame frame) const;
  void control_frame(ConnId conn);

  // The tables held in memory: those in play, and those that are over once someone asked for them.
  std::size_t tables() const;
  std::size_t connections() const;
  // A table held in memory by code; null when there is none (or it is over and nobody asked for
  // it yet). For tests and tools, while nothing else runs.
  const Room* room(const std::string& code) const;
  // A table by code, read from the store if it is not held; null when there is none. Throws
  // StoreError when the store cannot be read. As room().
  const Room* find_room(const std::string& code);
  // Game `game` of table `code` once it is over, as stored (a copy for a worker thread); game 0:
  // the table's latest. A table that is over and not held is read from the store without being
  // replayed. Throws Refused: no_table, no_game, not_over; StoreError.
  StoredGame finished_game(const std::string& code, int game);
  // Lets go of the tables held in memory that are over and that nobody sits at or watches (they
  // stay in the store, read again when asked for); returns how many. Run when the server is
  // full, before a `create` is refused.
  std::size_t let_go_of_finished_tables();
  // Lets go of the tables nobody has been at for their time (LobbyOptions::finished_kept,
  // abandoned_after) and gives freed memory back to the system; returns how many. Runs every
  // `sweep_every` by itself.
  std::size_t sweep();
  // Renews this server's leases on the tables it plays (several servers on one database); a table
  // whose lease another server took is let go of, and the people at it told `table_moved`. Runs
  // every `lease_renew_every` by itself where the store has leases.
  void renew_leases();
  // Where the other servers on the database reach this one (host:port): announced now and with
  // every renewal, with the public tables played here, so theirs list them and forward to them.
  void announce(const std::string& address);
  // A place for one piece of long work (Lane::heavy) of `address` at table `code`, held until
  // the returned handle is let go; throws Refused("busy") when the table, the address or the
  // server has as much running as it may (LobbyOptions::max_heavy*).
  std::shared_ptr<void> heavy_slot(const std::string& address, const std::string& code);
  // Long work running now (tests and the server's figures).
  int heavy_running() const;

 private:
  struct Connection {
    std::string address;
    std::string table;  // the table it sits at or watches; empty: the lobby
    Bucket rate;
    Bucket refusals;           // refused messages it may still send before it is dropped
    int refused_in_a_row = 0;  // messages refused for the rate since the last one served
  };
  // A connection's place at a table: what it has been sent.
  struct Sitting {
    int seat = -1;  // -1: a spectator
    std::size_t events_sent = 0;
    int game_seen = 0;
    bool title_sent = false;  // the rules' title (a rule file's description, up to 64 KiB) goes once
  };
  // A person's turn clock: it starts when their turn starts (or they move and are still to
  // act) and runs the table's timeout; run out, a sensible bot makes that one move for them.
  struct TurnClock {
    int game = 0;
    int seat = -1;  // -1: no clock runs (a bot or an away person is to act, or no game)
    std::chrono::steady_clock::time_point deadline{};
    bool ran_out = false;
    // The one wake-up pending for this table's clock (0: none). A turn that starts while one is
    // pending arms none of its own: the wake-up looks at the deadline then, and waits on for it.
    std::uint64_t waking = 0;
  };
  // A table held in memory and everything its own moves touch, under `mutex`.
  struct Held {
    std::mutex mutex;
    std::unique_ptr<Room> room;
    std::map<ConnId, Sitting> sitting;  // the connections at the table
    TurnClock clock;
    bool bot_planned = false;
    bool gone = false;  // let go of: a caller that found it before must look again
    std::chrono::steady_clock::time_point quiet_since{};  // when its last connection left
  };
  using Lock = std::unique_lock<std::mutex>;

  // With the lobby's lock (`lock`) held:
  void dispatch(ConnId conn, Lock& lock, const json& message);
  void create(ConnId conn, Connection& c, const json& message);
  void join(ConnId conn, Connection& c, const json& message);
  void watch(ConnId conn, Connection& c, const json& message);
  void resume(ConnId conn, Connection& c, const json& message);
  // The table the message names, held or read from the store; throws Refused("no_table").
  std::shared_ptr<Held> held_named(const json& message);
  // The table `code` (upper case), read from the store when it is not held; null when none.
  std::shared_ptr<Held> held_or_stored(const std::string& code);
  // Holds a table read from the store: every person's away clock starts (nobody is connected
  // yet), and its bots are planned.
  std::shared_ptr<Held> hold(std::unique_ptr<Room> room);
  void let_go(const std::string& code, Held& held);
  // A table whose lease another server holds now: the people at it are told `table_moved` and it
  // is let go of (takes the lobby's lock: called from a timer, never under a table's lock).
  void lose_table(const std::string& code);
  // After the store refused a write to table `code` (LeaseLost): the table is lost, soon.
  void lose_table_soon(const std::string& code);
  // Sends `seated` (with the message's id), attaches the connection and tells the table.
  void take_seat(ConnId conn, Connection& c, Held& held, int seat, const std::string& token, const json& message);
  void attach(ConnId conn, Connection& c, Held& held, int seat);
  // Takes the connection from its table; `locked`: a table whose lock the caller holds.
  void detach(ConnId conn, Connection& c, Held* locked = nullptr);
  std::size_t let_go_of_finished_tables_locked();
  // The summaries of the public tables in play here, as `tables` lists them.
  json public_tables_locked() const;
  // Announces this server and its tables, and reads the other servers' (a shared store).
  void publish();
  bool allowed(Connection& c);
  // Whether a frame is within the rate; a refused one is answered once a run (rate_limited),
  // and a connection far past its rate is let go (flooding).
  bool admit(ConnId conn, Connection& c);
  std::shared_ptr<void> heavy_slot_locked(const std::string& address, const std::string& code);
  bool heavy_at(const std::string& code) const;  // long work running at the table

  // With the table's lock held (and the lobby's or not):
  // A message to the table (act, bot, start, again, chat, events, hint, replay) from a connection
  // that sits at or watches table `at`; `slot`: the heavy slot of a hint or replay.
  void table_message(ConnId conn, const std::string& at, Held& held, const std::string& type, std::shared_ptr<void> slot,
                     const json& message);
  void chat(ConnId conn, const std::string& at, Held& held, const json& message);
  void hint(ConnId conn, Held& held, std::shared_ptr<void> slot, const json& message);
  void replay(ConnId conn, Held& held, std::shared_ptr<void> slot, const json& message);
  void older_events(ConnId conn, const std::string& at, Held& held, const json& message);
  // The seat the message's token holds at its table; throws Refused("bad_token").
  static int seat_of(const Room& room, const json& message);
  // A table message's snapshot part, written as text once per view (docs/server.md `table`): the
  // snapshot without its title (the room's, sent once a connection), with the turn clock
  // (`turn_left_ms`), as `seat` sees it (kNobody: a spectator).
  struct TableText {
    std::string body;  // the snapshot's JSON text
  };
  TableText table_text(const Held& held, int seat) const;
  // The per-connection parts of one broadcast as text, each written once however many
  // connections share it: the events from a point on, and a seat's legal actions.
  struct PartsText {
    std::map<std::size_t, std::string> events_from;
    std::map<int, std::string> legal;
  };
  // A connection's `table` message: its own fields (you, legal, its new events, the title the
  // first time) written before the shared text; `parts` keeps what other connections of the same
  // broadcast may reuse.
  std::string table_for(Sitting& s, const Room& room, const TableText& shared, PartsText& parts);
  // Tells every connection at the table; `actor`: the seat whose move this follows, if any
  // (its turn clock starts again).
  void broadcast(Held& held, int actor = -1);
  // Sends one message to every connection at the table.
  void tell_table(const Held& held, const json& line);
  // Plans the next bot move at a table when a bot (or a bot for an absent person) is to act.
  void plan_bot(Held& held);
  void arm_clock(Held& held, int actor);
  // The bot kind to play the seat to act: the room's (a bot, an away person), or the stand-in
  // for a person whose turn clock ran out; none while nobody is here.
  std::optional<std::string> bot_for(const Held& held) const;
  // Whether some person at the table is here: connected and not away.
  static bool someone_here(const Room& room);
  // A person's own message: one marked away for idling is back.
  void back(Held& held, int seat);
  void bot_failed(Held& held, const std::string& reason);
  // A bot's choice made when the table had played `moves`: played if still the bot's turn then;
  // `failed` says why there is none.
  void play_bot_choice(Held& held, std::size_t moves, const std::string& failed, const games::AnyMove& move);
  static int watchers(const Held& held);

  // From timers and workers (they take the locks):
  // Runs `work(held)` with table `code` locked, if it is still held.
  void at_table(const std::string& code, const std::function<void(Held&)>& work);
  void bot_move(const std::string& code, std::size_t moves);
  // The bot's choice is back from its worker: `failed` says why there is none, else `move` is played.
  void bot_chose(const std::string& code, std::size_t moves, const std::string& failed, const games::AnyMove& move);
  void away_check(const std::string& code, int seat, std::uint64_t gone);
  // The clock's wake-up `waking` is due: the turn's time has run out, or it waits on for it.
  void clock_woke(const std::string& code, std::uint64_t waking);
  void wake_clock_after(Held& held, std::chrono::milliseconds delay);

  void send(ConnId conn, json message);
  // The store's caches and the allocator's free pages back to the system (after load).
  void give_memory_back_now();

  Store& store_;
  Hooks& hooks_;
  LobbyOptions options_;

  mutable std::mutex mutex_;  // everything below
  std::map<std::string, std::shared_ptr<Held>> held_;
  std::map<ConnId, Connection> conns_;
  // Every connection of an address shares this bucket, so reconnecting does not buy a burst.
  struct Address {
    Bucket rate;
    int connections = 0;
    std::chrono::steady_clock::time_point cooled{};  // no new connection before this
    // The cool-down this server decided (a flood dropped here), which it tells the other servers
    // on the database; `cooled` may also hold one they told of.
    std::chrono::steady_clock::time_point cooled_here{};
  };
  std::map<std::string, Address> addresses_;
  std::size_t connections_at_last_sweep_ = 0;
  std::atomic<std::uint64_t> last_wake_{0};  // numbers the clocks' wake-ups, across every table
  std::string address_;                  // where other servers reach this one; empty: not announced
  json elsewhere_ = json::array();       // the other servers' public tables, as last read
  mutable std::mutex heavy_mutex_;  // the long work's counts below; taken last, after any other
  int heavy_ = 0;                   // heavy_slot()s held
  std::map<std::string, int> heavy_by_table_, heavy_by_address_;
  // Set while the lobby lives: a slot let go after the lobby is gone (its work came back late)
  // has nothing to give back.
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace inbetween::server
