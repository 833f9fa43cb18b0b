#pragma once
// `inbetween serve`'s network side: HTTP for the page, the game logs and their check, and the
// WebSocket at /ws, on Boost.Beast over several network threads (each with an io_context and
// connections of its own); bots run on workers of their own, and hints, replays and log checks on
// the heavy workers (Lane, server/hooks.h).
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "server/lobby.h"

namespace inbetween::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  int threads = 0;                        // network threads; 0: one per core
  std::string web_dir;                    // the page's files (web/dist)
  int max_connections = 10000;            // every connection at once, HTTP and WebSocket
  int max_connections_per_address = 64;
  double http_requests_per_second = 50;  // per address, in bursts of http_burst; past that 429
  double http_burst = 200;
  // How long a log or verify waits for a place among the heavy work (LobbyOptions::max_heavy*)
  // before it is refused with 503.
  std::chrono::milliseconds heavy_wait{2000};
  std::size_t max_send_queue_bytes = 512 * 1024;  // queued for a client that does not read: then it is dropped
  std::vector<std::string> allowed_origins;       // other pages that may open the WebSocket (origin.h), as allowed_origin() writes them
  std::vector<std::string> public_origins;        // the names this server is reached by behind a proxy (--public-origin), likewise
  std::vector<std::string> trusted_proxies;  // peers whose X-Real-IP names the client (a reverse proxy)
  std::string advertise;  // host:port where the other servers on a shared database reach this one (default: host and port listened on)
  LobbyOptions lobby;
};

// Serves until SIGINT or SIGTERM; `ready` is called with the port once it listens. Throws
// StoreError or a network error (port in use...) with a message for the person.
void serve(const ServeOptions& options, Store& store, const std::function<void(unsigned short)>& ready);

}  // namespace inbetween::server
