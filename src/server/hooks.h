#pragma once
// What the lobby needs from the world around it: sending to a connection, running work away
// from the network thread, timers and the clock. The network layer gives the real ones; tests
// give ones they drive step by step.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/json.h"
#include "server/memory.h"

namespace inbetween::server {

// A connection, numbered by the network layer.
using ConnId = std::uint64_t;

// Which workers run a piece of work. Bots' choices are short and must never wait behind a long
// job, so they have workers of their own; hints (a cold solve), replays and log checks share the
// `heavy` workers, which the lobby admits work to per table and per address (docs/server.md).
enum class Lane { moves, heavy };

class Hooks {
 public:
  virtual ~Hooks() = default;
  // Queues one text message for a connection (nothing happens if it has closed).
  virtual void send(ConnId conn, std::string text) = 0;
  // Queues one text message for each of several connections (a broadcast), as send() would one
  // after another; the network layer does it in one go.
  virtual void send_each(std::vector<std::pair<ConnId, std::string>> messages) {
    for (auto& [conn, text] : messages) send(conn, std::move(text));
  }
  // Queues one message for a connection as JSON text. The network layer writes the text on the
  // connection's own thread, so the lobby does not spend its time turning messages into text.
  virtual void send_message(ConnId conn, nlohmann::json message) {
    send(conn, protocol::json_text(message));
  }
  // Closes a connection the lobby will not serve any more (a flood); its close() follows.
  virtual void drop(ConnId conn) = 0;
  // Runs `work` on a worker thread of `lane`, then `done` with its result back on a network
  // thread.
  virtual void off_thread(Lane lane, std::function<nlohmann::json()> work, std::function<void(nlohmann::json)> done) = 0;
  // Calls `fire` on a network thread (the caller's, where it is one) after `delay`.
  virtual void after(std::chrono::milliseconds delay, std::function<void()> fire) = 0;
  virtual std::chrono::steady_clock::time_point now() = 0;
  // Gives the memory the lobby let go of back to the system. The network layer first has each of
  // its threads hand back the free blocks it keeps for itself (flush_this_threads_cache), which
  // only that thread can do.
  virtual void give_memory_back() { server::give_memory_back(); }
  // Forwards the connection to the server at `address` (host:port) that plays the table it asked
  // for (docs/scale-out.md): `first` is sent there, and so is every later message of the
  // connection, and what that server answers comes back to it. Where the network cannot, the
  // connection is told `table_elsewhere` (try again: the table comes here once its server is gone).
  virtual void relay(ConnId conn, const std::string& address, std::string first) {
    (void)address;
    (void)first;
    send(conn, R"({"type":"error","code":"table_elsewhere","message":"another server plays this table now; try again in a moment"})");
  }
};

}  // namespace inbetween::server
