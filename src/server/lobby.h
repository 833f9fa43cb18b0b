#pragma once
// The lobby: the one door of the table server (docs/server.md). It holds the connections and
// the tables held in memory, and routes each WebSocket message: a lobby message (presets, tables,
// create, join, watch, resume) here, a table's to that table (held_table.h). Any network thread
// may call it: tables play at once, each under a lock of its own; slow work (a bot's choice, a
// hint, a replay) goes through Hooks::off_thread and comes back to be checked against the
// table's state. What a connection, an address or a table may ask is in limits.h.
//
// Where it is: lobby.cpp (the connections and the messages' way in), lobby_tables.cpp (the
// tables held: created, found, read from the store, let go of), lobby_leases.cpp (several
// servers on one database), held_table.cpp and table_turns.cpp (one table's messages, what its
// connections are sent, its clocks and bots), limits.cpp (rates, floods, long work).
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "server/held_table.h"
#include "server/hooks.h"
#include "server/limits.h"
#include "server/lobby_options.h"
#include "server/room.h"
#include "server/store.h"

namespace inbetween::server {

// The table server without a network: every connection and every table held, driven through Hooks.
class Lobby final : private TableHost {
 public:
  // Reads every table back from the store and resumes their bots.
  Lobby(Store& store, Hooks& hooks, LobbyOptions options = {});
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
  // answered `bad_message`, a control frame (ping, pong, close: control_frame) only counted.
  enum class Frame { text, binary };
  void receive(ConnId conn, std::string_view text, Frame frame = Frame::text);
  // The same with the text already parsed (parse() below, on the connection's own thread): `bytes`
  // is the frame's size.
  void receive_parsed(ConnId conn, json message, std::size_t bytes, Frame frame = Frame::text);
  // A frame's JSON, or a discarded value when it is binary, too big or not JSON. Reads only the
  // options: any thread may call it.
  json parse(std::string_view text, Frame frame) const;
  // `frames` control frames of a connection, each counted like a message (a run of refusals told
  // once, a flood let go).
  void control_frame(ConnId conn, unsigned frames = 1);

  // The tables held in memory: those in play, and those that are over once someone asked for them.
  std::size_t tables() const;
  std::size_t connections() const;
  // A table held in memory by code; null when there is none (or it is over and nobody asked for
  // it yet). For tests and tools, while nothing else runs.
  const Room* room(const std::string& code) const;
  // A table by code, read from the store if it is not held; null when there is none. Throws
  // StoreError when the store cannot be read. As room().
  const Room* find_room(const std::string& code);
  // Game `game` of table `code` once it is over, as stored without its moves (a copy for a
  // worker thread, which reads them from store() a page at a time: server/game_log.h); game 0:
  // the table's latest. A table that is over and not held is read from the store without being
  // replayed. Throws Refused: no_table, no_game, not_over; StoreError.
  StoredGame finished_game(const std::string& code, int game);
  // Where the tables are kept (any thread: the store has its own lock).
  const Store& store() const { return store_; }
  // Lets go of the tables held in memory that are over and that nobody sits at or watches (they
  // stay in the store, read again when asked for); returns how many. Run when the server is
  // full, before a `create` is refused.
  std::size_t let_go_of_finished_tables();
  // Lets go of the tables nobody has been at for their time (LobbyOptions::finished_kept,
  // waiting_kept, abandoned_after) and gives freed memory back to the system; returns how many. Runs every
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
  std::shared_ptr<void> heavy_slot(const std::string& address, const std::string& code) { return limits_.heavy_slot(address, code); }
  // Long work running now (tests and the server's figures).
  int heavy_running() const { return limits_.heavy_running(); }

 private:
  // A connection: where it comes from, the table it is at, and its rate.
  struct Connection {
    std::string address;
    std::string table;  // the table it sits at or watches; empty: the lobby
    Limits::Rate rate;
  };
  using Lock = std::unique_lock<std::mutex>;

  // The connections and the messages' way in (lobby.cpp), with the lobby's lock (`lock`) held:
  void dispatch(ConnId conn, Lock& lock, const json& message);
  void join(ConnId conn, Connection& c, const json& message);
  void watch(ConnId conn, Connection& c, const json& message);
  void resume(ConnId conn, Connection& c, const json& message);
  // Sends `seated` (with the message's id), sits the connection at the table and tells the table.
  void take_seat(ConnId conn, Connection& c, HeldTable& held, int seat, const std::string& token, const json& message);
  // Takes the connection from the table it was at and sits it at `held` (in `seat`, -1: to
  // watch), whose lock the caller holds.
  void attach(ConnId conn, Connection& c, HeldTable& held, int seat);
  // Takes the connection from its table; `locked`: a table whose lock the caller holds.
  void detach(ConnId conn, Connection& c, HeldTable* locked = nullptr);
  // Counts a frame against the rate (Limits::take); a refused one is answered once a run
  // (rate_limited), and a connection far past its rate is let go (flooding).
  Limits::Verdict admit(ConnId conn, Connection& c);
  void send(ConnId conn, json message) { hooks_.send_message(conn, std::move(message)); }

  // The tables held (lobby_tables.cpp), with the lobby's lock held:
  void create(ConnId conn, Connection& c, const json& message);
  // The table the message names, held or read from the store; throws Refused("no_table").
  std::shared_ptr<HeldTable> held_named(const json& message);
  // The table `code` (upper case), read from the store when it is not held; null when none.
  std::shared_ptr<HeldTable> held_or_stored(const std::string& code);
  // Holds a table read from the store: every person's away clock starts (nobody is connected
  // yet), and its bots are planned.
  std::shared_ptr<HeldTable> hold(std::unique_ptr<Room> room);
  void let_go(const std::string& code, HeldTable& held);
  std::size_t let_go_of_finished_tables_locked();
  // The summaries of the public tables in play here, as `tables` lists them.
  json public_tables_locked() const;
  // The store's caches and the allocator's free pages back to the system (after load).
  void give_memory_back_now();

  // Several servers on one database (lobby_leases.cpp), with no lock held:
  // Announces this server and its tables, and reads the other servers' (a shared store).
  void publish();
  // A table whose lease another server holds now: the people at it are told `table_moved` and it
  // is let go of (takes the lobby's lock: called from a timer, never under a table's lock).
  void lose_table(const std::string& code);

  // TableHost: what a held table asks of the lobby (timers and workers coming back).
  void at_table(const std::string& code, const std::function<void(HeldTable&)>& work) override;
  void lose_table_soon(const std::string& code) override;
  std::uint64_t next_wake() override { return ++last_wake_; }
  TableHost& host() { return *this; }  // what each held table is given of the lobby

  Store& store_;
  Hooks& hooks_;
  LobbyOptions options_;
  Limits limits_{options_};  // after options_, which it reads

  mutable std::mutex mutex_;  // everything below, and limits_' addresses
  std::map<std::string, std::shared_ptr<HeldTable>> held_;
  std::map<ConnId, Connection> conns_;
  std::size_t connections_at_last_sweep_ = 0;
  std::atomic<std::uint64_t> last_wake_{0};  // numbers the clocks' wake-ups, across every table
  std::string address_;                  // where other servers reach this one; empty: not announced
  json elsewhere_ = json::array();       // the other servers' public tables, as last read
};

}  // namespace inbetween::server
