#pragma once
// The limits and pacing of a server (the `serve` command's options; docs/server.md, "Limits").
#include <chrono>
#include <cstddef>

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
  // that is over after `finished_kept`, one whose game has not started (a lobby left) after
  // `waiting_kept`, one in play after `abandoned_after` (the last two marked abandoned: not
  // replayed at a restart, so not counted against the limits again). The lobby looks every
  // `sweep_every`.
  std::chrono::seconds sweep_every{30};
  // Several servers on one database (docs/scale-out.md): how often this one renews the leases of
  // the tables it plays (a third of the store's lease time, so one late renewal loses nothing).
  std::chrono::milliseconds lease_renew_every{3000};
  std::chrono::seconds finished_kept{120};
  std::chrono::seconds abandoned_after{1800};
  std::chrono::seconds waiting_kept{300};
  // A connected person whose clock runs out this many turns in a row is marked away; bots play
  // only while some person at the table is here (connected and not away), so a table nobody
  // plays at does not play on by itself.
  int idle_turns_before_away = 3;
};

}  // namespace inbetween::server
