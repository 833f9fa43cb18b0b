// `inbetween serve`'s network side (network_server.h): the network threads, accepting
// connections, each connection's HTTP requests, and the Hooks through which the lobby sends,
// runs work off its thread, and arms timers.
#include "server/network_server.h"

#include <algorithm>
#include <iostream>
#include <thread>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fmt/format.h>

#include "protocol/json.h"
#include "server/memory.h"
#include "server/origin.h"

namespace inbetween::server {
namespace {
// Raises the soft limit on open files toward `wanted` (at most the hard limit), so the
// connection limits, not the process's default of 1024 files, decide who is turned away.
void allow_open_files(int wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  rlim_t want = std::min<rlim_t>(static_cast<rlim_t>(wanted), limit.rlim_max);
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= want) return;
  limit.rlim_cur = want;
  setrlimit(RLIMIT_NOFILE, &limit);
}

// Heavy work (a cold solve, a log's check) yields the processor to the network thread and the
// bots: each heavy worker lowers its own priority, to the lowest (19), the first time it runs
// something (at 10 a verify flood still took a tenth of busy cores; bench/README.md).
void yield_to_play() {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
}

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }
}  // namespace

// Bots get more workers than cores: a bot that waits on a table another worker is solving
// holds one without using a core. The heavy workers are one per core, at a lower priority.
NetworkServer::NetworkServer(const ServeOptions& options, Store& store)
    : options_(options),
      threads_(options.threads > 0 ? static_cast<unsigned>(options.threads) : cores()),
      moves_(std::max(4u, 2 * cores())),
      heavy_(cores()),
      lobby_(store, *this, options.lobby),
      // Deferred, not posted: no other thread is woken for it (docs/performance.md, "Group commit").
      gate_(store, [this](std::function<void()> settle) { asio::defer(here(), [this, settle] { settle_or_stop(settle); }); }),
      secret_(store.cluster_secret()),
      shared_store_(!store.node().empty()) {}

// The io_context goes first, while everything its pending handlers hold on to still exists: a
// connection's frame, destroyed with it, gives back its count of connections per address.
NetworkServer::~NetworkServer() {
  gate_.forget();
  clients_.clear();
  shards_.clear();
}

void NetworkServer::run(const std::function<void(unsigned short)>& ready) {
  allow_open_files(options_.max_connections + 64);
  tcp::endpoint endpoint(asio::ip::make_address(options_.host), options_.port);
  tcp::acceptor acceptor(*shards_.front());
  acceptor.open(endpoint.protocol());
  acceptor.set_option(asio::socket_base::reuse_address(true));
  acceptor.bind(endpoint);
  acceptor.listen();
  // The pages that may open the WebSocket, found once from what this server serves (origin.h).
  admitted_origins_ = served_origins(options_.host, acceptor.local_endpoint().port(), options_.public_origins);
  admitted_origins_.insert(admitted_origins_.end(), options_.allowed_origins.begin(), options_.allowed_origins.end());
  asio::signal_set signals(*shards_.front(), SIGINT, SIGTERM);
  signals.async_wait([this](beast::error_code, int) { stop(); });
  asio::co_spawn(*shards_.front(), listen(acceptor), [](std::exception_ptr e) {
    if (e) std::rethrow_exception(e);
  });
  unsigned short port = acceptor.local_endpoint().port();
  if (shared_store_) {
    std::string host = options_.host == "0.0.0.0" || options_.host == "::" ? "127.0.0.1" : options_.host;
    lobby_.announce(options_.advertise.empty() ? fmt::format("{}:{}", host, port) : options_.advertise);
  }
  ready(port);
  // Each thread runs its own until stop(), even while it has no connection.
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> busy;
  for (auto& shard : shards_) busy.push_back(asio::make_work_guard(*shard));
  std::vector<std::thread> network;
  for (std::size_t i = 1; i < shards_.size(); ++i) network.emplace_back([this, i] { run_shard(*shards_[i]); });
  run_shard(*shards_.front());
  for (auto& thread : network) thread.join();
  for (auto* pool : {&moves_, &heavy_}) {
    pool->stop();
    pool->join();
  }
  if (store_failed_) std::rethrow_exception(store_failed_);
}

// Every message, and a drop, waits at the gate until the moves it tells of are committed.
void NetworkServer::send(ConnId conn, std::string text) {
  if (auto client = client_of(conn)) on_its_thread_once_committed(client, [this, client, text = std::move(text)]() mutable { enqueue(client, std::move(text)); });
}

// A broadcast: one lookup under the connections' lock, one pass through the gate, and one post
// to each network thread for its connections' messages, not one of each per message.
void NetworkServer::send_each(std::vector<std::pair<ConnId, std::string>> messages) {
  std::vector<std::pair<std::shared_ptr<Client>, std::string>> found;
  found.reserve(messages.size());
  {
    std::lock_guard lock(clients_mutex_);
    for (auto& [conn, text] : messages)
      if (auto it = clients_.find(conn); it != clients_.end()) found.emplace_back(it->second, std::move(text));
  }
  if (found.empty()) return;
  // By thread, each connection's message keeping its place among the others sent it (a
  // connection is in one broadcast once).
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return std::less<>()(a.first->home, b.first->home); });
  gate_.pass([this, found = std::move(found)]() mutable {
    for (auto first = found.begin(); first != found.end();) {
      auto* home = first->first->home;
      auto last = std::find_if(first, found.end(), [home](const auto& m) { return m.first->home != home; });
      std::vector<std::pair<std::shared_ptr<Client>, std::string>> mine(std::make_move_iterator(first), std::make_move_iterator(last));
      asio::post(*home, [this, mine = std::move(mine)]() mutable {
        for (auto& [client, text] : mine) enqueue(client, std::move(text));
      });
      first = last;
    }
  });
}

void NetworkServer::send_message(ConnId conn, nlohmann::json message) {
  // The text is made on the client's network thread, not on the one that played the move.
  if (auto client = client_of(conn))
    on_its_thread_once_committed(client, [this, client, message = std::move(message)] {
      enqueue(client, protocol::json_text(message));
    });
}

void NetworkServer::drop(ConnId conn) {
  if (auto client = client_of(conn)) on_its_thread_once_committed(client, [this, client] { drop_now(client); });
}

void NetworkServer::off_thread(Lane lane, std::function<nlohmann::json()> work, std::function<void(nlohmann::json)> done) {
  asio::post(lane == Lane::heavy ? heavy_ : moves_, [this, lane, work = std::move(work), done = std::move(done)]() mutable {
    if (lane == Lane::heavy) yield_to_play();
    nlohmann::json result;
    try {
      result = work();
    } catch (const std::exception& e) {
      std::cerr << "serve: a worker failed: " << e.what() << "\n";
    }
    asio::post(next_shard(), [done = std::move(done), result = std::move(result)]() mutable {
      done(std::move(result));
      done = nullptr;
    });
  });
}

void NetworkServer::after(std::chrono::milliseconds delay, std::function<void()> fire) {
  if (delay <= std::chrono::milliseconds::zero()) return asio::defer(here(), std::move(fire));  // no timer to arm
  auto timer = std::make_shared<asio::steady_timer>(here(), delay);
  timer->async_wait([timer, fire = std::move(fire)](beast::error_code ec) {
    if (!ec) fire();
  });
}

// Each network thread hands back the blocks it keeps for itself, on itself; the last one then
// purges. 200 unpaced tables let go of, the server kept 20-25 MB of its own (anonymous) memory
// with the purge alone, 8.3-8.8 MB so (bench/README.md, "Memory after load, 1 December").
void NetworkServer::give_memory_back() {
  auto left = std::make_shared<std::atomic<std::size_t>>(shards_.size());
  for (auto& shard : shards_)
    asio::post(*shard, [left] {
      flush_this_threads_cache();
      if (left->fetch_sub(1) == 1) server::give_memory_back();
    });
}

asio::io_context& NetworkServer::here() {
  auto* mine = running_shard();
  for (auto& shard : shards_)
    if (shard.get() == mine) return *shard;
  return *shards_.front();
}

asio::io_context*& NetworkServer::running_shard() {
  thread_local asio::io_context* shard = nullptr;
  return shard;
}

void NetworkServer::run_shard(asio::io_context& shard) {
  running_shard() = &shard;
  shard.run();
  running_shard() = nullptr;
}

void NetworkServer::stop() {
  for (auto& shard : shards_) shard->stop();
}

std::shared_ptr<Client> NetworkServer::client_of(ConnId conn) {
  std::lock_guard lock(clients_mutex_);
  auto it = clients_.find(conn);
  return it == clients_.end() ? nullptr : it->second;
}

void NetworkServer::settle_or_stop(const std::function<void()>& settle) {
  try {
    settle();
  } catch (const StoreError& e) {
    std::cerr << "serve: " << e.what() << std::endl;
    if (!store_failed_) store_failed_ = std::current_exception();
    stop();
  }
}

asio::awaitable<void> NetworkServer::listen(tcp::acceptor& acceptor) {
  for (;;) {
    beast::error_code ec;
    // The network threads take the connections in turn.
    asio::io_context& home = next_shard();
    tcp::socket socket = co_await acceptor.async_accept(home, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      // Out of file descriptors (or another passing failure): waiting lets connections end,
      // where retrying at once would spin the acceptor.
      std::cerr << "serve: accept failed: " << ec.message() << "; pausing 100 ms\n";
      asio::steady_timer pause(acceptor.get_executor(), std::chrono::milliseconds(100));
      co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      continue;
    }
    if (std::lock_guard lock(counts_mutex_); open_connections_ >= options_.max_connections) {
      socket.close(ec);  // full: the newcomer is refused, those already here are served
      continue;
    }
    // A move's broadcast is small and waited for: Nagle's algorithm would hold it back until
    // the client acknowledged the message before (up to a delayed ACK, tens of ms).
    socket.set_option(tcp::no_delay(true), ec);
    asio::co_spawn(home, connection(std::move(socket), home), [](std::exception_ptr e) {
      if (!e) return;
      try {
        std::rethrow_exception(e);
      } catch (const StoreError& ex) {
        std::cerr << "serve: " << ex.what() << std::endl;
        throw;  // the store failing ends the server
      } catch (const std::exception& ex) {
        std::cerr << "serve: a connection ended: " << ex.what() << "\n";
      }
    });
  }
}

// A connection's place in the counts per address (a named type: a coroutine's frame holds it).
struct NetworkServer::ConnectionCount {
  NetworkServer& server;
  std::string address;
  ~ConnectionCount() {
    std::lock_guard lock(server.counts_mutex_);
    --server.open_connections_;
    if (--server.per_address_[address] == 0) server.per_address_.erase(address);
  }
  // A client another server or a trusted proxy forwards: counted as its own address.
  // False (nothing changed) when the client already holds as many connections as it may.
  bool count_as(const std::string& client, int most) {
    std::lock_guard lock(server.counts_mutex_);
    if (auto it = server.per_address_.find(client); it != server.per_address_.end() && it->second >= most) return false;
    if (--server.per_address_[address] == 0) server.per_address_.erase(address);
    ++server.per_address_[client];
    address = client;
    return true;
  }
};

asio::awaitable<void> NetworkServer::connection(tcp::socket socket, asio::io_context& home) {
  beast::error_code ec;
  std::string address = socket.remote_endpoint(ec).address().to_string();
  if (ec) co_return;
  // A trusted proxy (nginx in front of several servers) carries many clients: each is counted
  // as itself once its request says who it is (X-Real-IP), not as the proxy.
  const bool proxy = std::find(options_.trusted_proxies.begin(), options_.trusted_proxies.end(), address) != options_.trusted_proxies.end();
  address = counted_address(address);  // an IPv6 client by its /64 (limits.h)
  bool admitted = proxy || lobby_.admits(address);
  {
    std::lock_guard lock(counts_mutex_);
    int& count = per_address_[address];
    admitted = admitted && (proxy || count < options_.max_connections_per_address);
    if (admitted) {
      ++count;
      ++open_connections_;
    } else if (count == 0) {
      per_address_.erase(address);
    }
  }
  if (!admitted) {
    socket.close(ec);
    co_return;
  }
  ConnectionCount release{*this, address};

  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    http::request_parser<http::string_body> parser;
    parser.body_limit(64 * 1024);
    parser.header_limit(16 * 1024);
    stream.expires_after(std::chrono::seconds(30));  // a slow or silent client lets go of its slot
    co_await http::async_read(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    auto request = parser.release();
    // Another server forwarding a client is not held to one address's rate: the client is, there.
    auto relayed = websocket::is_upgrade(request) ? relayed_for(request) : std::nullopt;
    if (!relayed && proxy) relayed = real_address(request);
    if (!relayed && !http_allowed(relayed.value_or(address))) {
      auto refused = reply(request, http::status::too_many_requests, "text/plain",
                           fmt::format("more than {} requests a second from your address; slow down\n", options_.http_requests_per_second));
      co_await http::async_write(stream, refused, asio::redirect_error(asio::use_awaitable, ec));
      co_return;
    }
    if (websocket::is_upgrade(request) && request.target() == "/ws") {
      if (auto refusal = foreign_page(request)) {
        co_await http::async_write(stream, *refusal, asio::redirect_error(asio::use_awaitable, ec));
        co_return;
      }
      stream.expires_never();
      if (relayed) {
        if (!release.count_as(*relayed, options_.max_connections_per_address)) co_return;
        address = *relayed;
      }
      co_await play(stream.release_socket(), std::move(request), address, home);
      co_return;
    }
    // Not a conditional expression: GCC 12 mishandles a co_await inside one (the response's
    // fields came out corrupt).
    Response response;
    std::shared_ptr<LogParts> log;  // a game's log, written out a part at a time
    if (request.target().starts_with("/tables/")) response = co_await answer_table(request, relayed.value_or(address), log);
    else response = answer(request);
    if (log) {
      bool keep = co_await write_log(stream, request, std::move(log));
      if (!keep) co_return;
      continue;
    }
    bool keep = response.keep_alive();
    co_await http::async_write(stream, response, asio::redirect_error(asio::use_awaitable, ec));
    if (ec || !keep) co_return;
  }
}

void serve(const ServeOptions& options, Store& store, const std::function<void(unsigned short)>& ready) {
  NetworkServer server(options, store);
  server.run(ready);
}

}  // namespace inbetween::server
