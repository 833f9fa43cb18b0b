// <utility> before asio (Boost 1.74 needs std::exchange declared first).
#include <utility>

#include "server/http_server.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast.hpp>
#include <fmt/format.h>

#include "protocol/json.h"
#include "server/commit_gate.h"
#include "server/memory.h"
#include "server/origin.h"
#include "server/page_files.h"
#include "server/verify.h"

namespace inbetween::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;

namespace {
// One WebSocket client: the stream and the messages waiting to be written to it. Every field is
// touched only on the client's own network thread (the stream's executor).
// A connection forwarded to the server that plays its table (several servers on one database,
// docs/scale-out.md): a WebSocket to that server, on the client's thread.
struct Relay {
  explicit Relay(const asio::any_io_executor& executor) : ws(executor) {}
  websocket::stream<beast::tcp_stream> ws;
  std::deque<std::string> pending;  // the client's messages, written there in order once open
  bool open = false;
  bool writing = false;
  bool closed = false;
};

// The headers by which one server forwards a client to another: the cluster's secret, and the
// client's own address (counted there, not the forwarding server's).
// How often a log or check waiting for a place among the heavy work looks again.
constexpr std::chrono::milliseconds kBusyPoll{20};
constexpr const char* kRelaySecretHeader = "X-Inbetween-Relay";
constexpr const char* kRelayForHeader = "X-Inbetween-For";

struct Client {
  Client(tcp::socket socket, std::string from) : ws(std::move(socket)), address(std::move(from)) {}
  // Straight on the socket, not a tcp_stream: the WebSocket keeps its own timeouts, and a
  // tcp_stream's layer cost every read and write a composed operation more (bench/README.md).
  websocket::stream<tcp::socket> ws;
  std::string address;
  std::shared_ptr<Relay> relay;  // set: every message goes to the server that plays the table
  asio::io_context* home = nullptr;  // the io_context of the network thread it lives on (its stream's)
  std::deque<std::string> queue;
  std::size_t queued_bytes = 0;
  bool writing = false;
  bool closed = false;
  bool dropping = false;  // the lobby let it go: what is queued is written, nothing more is read
};

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

// The network threads (ServeOptions::threads) each run an io_context of their own, with the
// connections handed to it in turn: reading, parsing a message, playing it at its table through
// the lobby (tables play at once, each under its own lock), writing replies. A thread never
// shares its queue of work with another (one io_context shared by every thread cost a lock of
// that queue per handler and a wake-up per message: bench/README.md, "A network thread's own
// connections"); what one thread sends to another's connection is posted to that thread.
// Timers run on the thread that armed them, workers' answers on each thread in turn.
class Server final : public Hooks {
 public:
  // Bots get more workers than cores: a bot that waits on a table another worker is solving
  // holds one without using a core. The heavy workers are one per core, at a lower priority.
  Server(const ServeOptions& options, Store& store)
      : options_(options),
        threads_(options.threads > 0 ? static_cast<unsigned>(options.threads) : cores()),
        moves_(std::max(4u, 2 * cores())),
        heavy_(cores()),
        lobby_(store, *this, options.lobby),
        // Deferred, not posted: no other thread is woken for it (bench/README.md, "Group commit").
        gate_(store, [this](std::function<void()> settle) { asio::defer(here(), [this, settle] { settle_or_stop(settle); }); }),
        secret_(store.cluster_secret()),
        shared_store_(!store.node().empty()) {}
  // The io_context goes first, while everything its pending handlers hold on to still exists: a
  // connection's frame, destroyed with it, gives back its count of connections per address.
  ~Server() {
    gate_.forget();
    clients_.clear();
    shards_.clear();
  }

  void run(const std::function<void(unsigned short)>& ready) {
    allow_open_files(options_.max_connections + 64);
    tcp::endpoint endpoint(asio::ip::make_address(options_.host), options_.port);
    tcp::acceptor acceptor(*shards_.front());
    acceptor.open(endpoint.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen();
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

  // Hooks (called by the lobby on any thread)
  // Every message, and a drop, waits at the gate until the moves it tells of are committed.
  void send(ConnId conn, std::string text) override {
    if (auto client = client_of(conn)) on_its_thread_once_committed(client, [this, client, text = std::move(text)]() mutable { enqueue(client, std::move(text)); });
  }
  // A broadcast: one lookup under the connections' lock, one pass through the gate, and one post
  // to each network thread for its connections' messages, not one of each per message.
  void send_each(std::vector<std::pair<ConnId, std::string>> messages) override {
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
  void send_message(ConnId conn, nlohmann::json message) override {
    // The text is made on the client's network thread, not on the one that played the move.
    if (auto client = client_of(conn))
      on_its_thread_once_committed(client, [this, client, message = std::move(message)] {
        enqueue(client, protocol::json_text(message));
      });
  }
  void drop(ConnId conn) override {
    if (auto client = client_of(conn)) on_its_thread_once_committed(client, [this, client] { drop_now(client); });
  }
  void off_thread(Lane lane, std::function<nlohmann::json()> work, std::function<void(nlohmann::json)> done) override {
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
  void after(std::chrono::milliseconds delay, std::function<void()> fire) override {
    if (delay <= std::chrono::milliseconds::zero()) return asio::defer(here(), std::move(fire));  // no timer to arm
    auto timer = std::make_shared<asio::steady_timer>(here(), delay);
    timer->async_wait([timer, fire = std::move(fire)](beast::error_code ec) {
      if (!ec) fire();
    });
  }
  std::chrono::steady_clock::time_point now() override { return std::chrono::steady_clock::now(); }
  // Each network thread hands back the blocks it keeps for itself, on itself; the last one then
  // purges. 200 unpaced tables let go of, the server kept 20-25 MB of its own (anonymous) memory
  // with the purge alone, 8.3-8.8 MB so (bench/README.md, "Memory after load, 1 December").
  void give_memory_back() override {
    auto left = std::make_shared<std::atomic<std::size_t>>(shards_.size());
    for (auto& shard : shards_)
      asio::post(*shard, [left] {
        flush_this_threads_cache();
        if (left->fetch_sub(1) == 1) server::give_memory_back();
      });
  }
  void relay(ConnId conn, const std::string& address, std::string first) override {
    auto client = client_of(conn);
    if (!client) return;
    asio::post(client->ws.get_executor(), [this, client, address, first = std::move(first)]() mutable {
      if (client->closed || client->relay) return;
      client->relay = std::make_shared<Relay>(client->ws.get_executor());
      client->relay->pending.push_back(std::move(first));
      asio::co_spawn(client->ws.get_executor(), run_relay(client, address), asio::detached);
    });
  }

 private:
  // The io_context of the network thread calling, where it is one (a timer, a commit to
  // settle); else the first.
  asio::io_context& here() {
    auto* mine = running_shard();
    for (auto& shard : shards_)
      if (shard.get() == mine) return *shard;
    return *shards_.front();
  }
  // Each network thread in turn (a new connection, a worker's answer).
  asio::io_context& next_shard() { return *shards_[next_shard_.fetch_add(1, std::memory_order_relaxed) % shards_.size()]; }
  static asio::io_context*& running_shard() {
    thread_local asio::io_context* shard = nullptr;
    return shard;
  }
  static void run_shard(asio::io_context& shard) {
    running_shard() = &shard;
    shard.run();
    running_shard() = nullptr;
  }
  void stop() {
    for (auto& shard : shards_) shard->stop();
  }

  std::shared_ptr<Client> client_of(ConnId conn) {
    std::lock_guard lock(clients_mutex_);
    auto it = clients_.find(conn);
    return it == clients_.end() ? nullptr : it->second;
  }

  // Runs `work` on the client's network thread once the gate lets it by.
  template <class Work>
  void on_its_thread_once_committed(const std::shared_ptr<Client>& client, Work work) {
    gate_.pass([home = client->home, work = std::move(work)]() mutable { asio::post(*home, std::move(work)); });
  }

  // On the client's thread: what is queued is written (its last message says why), then it closes.
  void drop_now(const std::shared_ptr<Client>& client) {
    if (client->closed || client->dropping) return;
    client->dropping = true;
    if (!client->writing) return close(*client);
    // A client that does not read its last messages is closed anyway.
    auto timer = std::make_shared<asio::steady_timer>(client->ws.get_executor(), std::chrono::seconds(1));
    timer->async_wait([this, timer, client](beast::error_code) { close(*client); });
  }

  // The gate's commit: a store that cannot commit stops the server (what it held is told to
  // nobody; a restart replays what the store kept).
  void settle_or_stop(const std::function<void()>& settle) {
    try {
      settle();
    } catch (const StoreError& e) {
      std::cerr << "serve: " << e.what() << std::endl;
      if (!store_failed_) store_failed_ = std::current_exception();
      stop();
    }
  }

  // On the client's thread: queues a message and starts its writer.
  void enqueue(const std::shared_ptr<Client>& client, std::string text) {
    if (client->closed || client->dropping) return;
    if (client->queued_bytes + text.size() > options_.max_send_queue_bytes) {
      // A client that does not read its messages is dropped rather than held in memory.
      return close(*client);
    }
    client->queued_bytes += text.size();
    client->queue.push_back(std::move(text));
    // Marked before the writer starts (co_spawn only posts it): a second writer on the same
    // stream would interleave two writes, which a WebSocket stream must never see.
    if (client->writing) return;
    client->writing = true;
    write_next(client);
  }

  void close(Client& client) {
    if (client.closed) return;
    client.closed = true;
    beast::get_lowest_layer(client.ws).close();
  }

  // On the client's thread: connects to the server at `address`, writes what the client sent,
  // and passes every message from there back. That server gone, the client is closed: its page
  // reconnects, and finds the table here once its lease lapses.
  awaitable<void> run_relay(std::shared_ptr<Client> client, std::string address) {
    auto relay = client->relay;
    beast::error_code ec;
    auto colon = address.rfind(':');
    // Named, not temporaries in the co_await: GCC 12 frees those twice.
    const std::string host = address.substr(0, colon);
    const std::string port = colon == std::string::npos ? "80" : address.substr(colon + 1);
    tcp::resolver resolver(client->ws.get_executor());
    auto found = co_await resolver.async_resolve(host, port, asio::redirect_error(use_awaitable, ec));
    auto& socket = beast::get_lowest_layer(relay->ws);
    if (!ec) {
      socket.expires_after(std::chrono::seconds(5));
      co_await socket.async_connect(found, asio::redirect_error(use_awaitable, ec));
    }
    if (!ec) {
      socket.expires_never();
      socket.socket().set_option(tcp::no_delay(true), ec);  // as for accepted sockets (listen)
      relay->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
      relay->ws.set_option(websocket::stream_base::decorator([secret = secret_, from = client->address](websocket::request_type& request) {
        request.set(kRelaySecretHeader, secret);
        request.set(kRelayForHeader, from);
      }));
      co_await relay->ws.async_handshake(address, "/ws", asio::redirect_error(use_awaitable, ec));
    }
    if (ec) {
      // Its server cannot be reached (gone, its lease not lapsed yet): the page tries again.
      client->relay.reset();
      enqueue(client, R"({"type":"error","code":"table_elsewhere","message":"the server that plays this table cannot be reached now; try again in a moment"})");
      co_return;
    }
    relay->open = true;
    write_relay(client);
    beast::flat_buffer buffer;
    for (;;) {
      buffer.clear();
      co_await relay->ws.async_read(buffer, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      enqueue(client, beast::buffers_to_string(buffer.data()));
    }
    relay->closed = true;
    close(*client);
  }

  // On the client's thread: a message of the client for the server that plays its table.
  void to_relay(const std::shared_ptr<Client>& client, std::string text) {
    auto& relay = *client->relay;
    if (relay.closed) return;
    if (relay.pending.size() >= 256) return close(*client);  // it writes faster than the other server reads
    relay.pending.push_back(std::move(text));
    write_relay(client);
  }
  void write_relay(const std::shared_ptr<Client>& client) {
    auto relay = client->relay;
    if (!relay->open || relay->writing || relay->pending.empty()) return;
    relay->writing = true;
    asio::co_spawn(client->ws.get_executor(), [relay]() -> awaitable<void> {
      beast::error_code ec;
      while (!relay->pending.empty() && !relay->closed) {
        relay->ws.text(true);
        co_await relay->ws.async_write(asio::buffer(relay->pending.front()), asio::redirect_error(use_awaitable, ec));
        if (ec) {
          relay->closed = true;
          break;
        }
        relay->pending.pop_front();
      }
      relay->writing = false;
    }, asio::detached);
  }

  awaitable<void> listen(tcp::acceptor& acceptor) {
    for (;;) {
      beast::error_code ec;
      // The network threads take the connections in turn.
      asio::io_context& home = next_shard();
      tcp::socket socket = co_await acceptor.async_accept(home, asio::redirect_error(use_awaitable, ec));
      if (ec) {
        // Out of file descriptors (or another passing failure): waiting lets connections end,
        // where retrying at once would spin the acceptor.
        std::cerr << "serve: accept failed: " << ec.message() << "; pausing 100 ms\n";
        asio::steady_timer pause(acceptor.get_executor(), std::chrono::milliseconds(100));
        co_await pause.async_wait(asio::redirect_error(use_awaitable, ec));
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

  // On `home`, the network thread the connection lives on.
  awaitable<void> connection(tcp::socket socket, asio::io_context& home) {
    beast::error_code ec;
    std::string address = socket.remote_endpoint(ec).address().to_string();
    if (ec) co_return;
    // A trusted proxy (nginx in front of several servers) carries many clients: each is counted
    // as itself once its request says who it is (X-Real-IP), not as the proxy.
    const bool proxy = std::find(options_.trusted_proxies.begin(), options_.trusted_proxies.end(), address) != options_.trusted_proxies.end();
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
    struct Release {
      Server& server;
      std::string address;
      ~Release() {
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
    } release{*this, address};

    beast::tcp_stream stream(std::move(socket));
    beast::flat_buffer buffer;
    for (;;) {
      http::request_parser<http::string_body> parser;
      parser.body_limit(64 * 1024);
      parser.header_limit(16 * 1024);
      stream.expires_after(std::chrono::seconds(30));  // a slow or silent client lets go of its slot
      co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
      if (ec) co_return;
      auto request = parser.release();
      // Another server forwarding a client is not held to one address's rate: the client is, there.
      auto relayed = websocket::is_upgrade(request) ? relayed_for(request) : std::nullopt;
      if (!relayed && proxy) relayed = real_address(request);
      if (!relayed && !http_allowed(relayed.value_or(address))) {
        auto refused = reply(request, http::status::too_many_requests, "text/plain",
                             fmt::format("more than {} requests a second from your address; slow down\n", options_.http_requests_per_second));
        co_await http::async_write(stream, refused, asio::redirect_error(use_awaitable, ec));
        co_return;
      }
      if (websocket::is_upgrade(request) && request.target() == "/ws") {
        if (auto refusal = foreign_page(request)) {
          co_await http::async_write(stream, *refusal, asio::redirect_error(use_awaitable, ec));
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
      http::response<http::string_body> response;
      if (request.target().starts_with("/tables/")) response = co_await answer_table(request, relayed.value_or(address));
      else response = answer(request);
      bool keep = response.keep_alive();
      co_await http::async_write(stream, response, asio::redirect_error(use_awaitable, ec));
      if (ec || !keep) co_return;
    }
  }

  // The client's address when another server on the same database forwards it (it knows the
  // cluster's secret); none for everyone else, whatever they claim.
  std::optional<std::string> relayed_for(const http::request<http::string_body>& request) const {
    auto secret = request.find(kRelaySecretHeader);
    auto from = request.find(kRelayForHeader);
    if (secret_.empty() || secret == request.end() || from == request.end() || secret->value() != secret_) return std::nullopt;
    std::string address(from->value());
    beast::error_code ec;
    asio::ip::make_address(address, ec);
    if (ec) return std::nullopt;
    return address;
  }

  // The client's address that a trusted proxy names (X-Real-IP); none when it names none.
  static std::optional<std::string> real_address(const http::request<http::string_body>& request) {
    auto field = request.find("X-Real-IP");
    if (field == request.end()) return std::nullopt;
    std::string address(field->value());
    beast::error_code ec;
    asio::ip::make_address(address, ec);
    if (ec) return std::nullopt;
    return address;
  }

  // A 403 for a WebSocket upgrade from a page of another site (origin.h); nothing for the
  // server's own page or a program.
  std::optional<http::response<http::string_body>> foreign_page(const http::request<http::string_body>& request) {
    auto field = request.find(http::field::origin);
    std::string origin = field == request.end() ? "" : std::string(field->value());
    auto host = request[http::field::host];
    if (origin_admitted(field == request.end() ? nullptr : &origin, std::string_view(host.data(), host.size()), options_.allowed_origins))
      return std::nullopt;
    http::response<http::string_body> response{http::status::forbidden, request.version()};
    response.set(http::field::server, "inbetween");
    response.set(http::field::content_type, "text/plain; charset=utf-8");
    page_guards(response);
    response.keep_alive(false);
    response.body() = fmt::format("the page at {} may not play here: this server's WebSocket is for its own page "
                                  "(`inbetween serve --allow-origin URL` lets another in)\n",
                                  origin);
    response.prepare_payload();
    return response;
  }

  awaitable<void> play(tcp::socket socket, http::request<http::string_body> request, std::string address, asio::io_context& home) {
    auto client = std::make_shared<Client>(std::move(socket), address);
    client->home = &home;
    // Beast's server timeouts (30 s for the handshake, 300 s idle), with pings: a page that only
    // watches stays, since its browser answers them; a peer that vanished is let go.
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.keep_alive_pings = true;
    client->ws.set_option(timeouts);
    client->ws.read_message_max(options_.lobby.max_message_bytes);
    beast::error_code ec;
    co_await client->ws.async_accept(request, asio::redirect_error(use_awaitable, ec));
    if (ec) co_return;
    ConnId id = ++last_id_;
    {
      std::lock_guard lock(clients_mutex_);
      clients_[id] = client;
    }
    lobby_.open(id, address);
    // Beast answers pings itself; each is counted against the rate, so a ping flood is let go.
    client->ws.control_callback([this, id](websocket::frame_type kind, beast::string_view) {
      if (kind == websocket::frame_type::ping) lobby_.control_frame(id);
    });
    beast::flat_buffer buffer;
    for (;;) {
      buffer.clear();
      co_await client->ws.async_read(buffer, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      if (client->dropping) continue;
      if (client->relay) {  // the connection is the other server's now
        to_relay(client, beast::buffers_to_string(buffer.data()));
        continue;
      }
      // Binary frames count against the rate like text ones (and are answered bad_message).
      auto frame = client->ws.got_text() ? Lobby::Frame::text : Lobby::Frame::binary;
      std::size_t bytes = buffer.size();
      lobby_.receive_parsed(id, lobby_.parse(std::string_view(static_cast<const char*>(buffer.data().data()), bytes), frame), bytes, frame);
    }
    client->closed = true;
    if (client->relay) {
      client->relay->closed = true;
      beast::get_lowest_layer(client->relay->ws).close();
    }
    {
      std::lock_guard lock(clients_mutex_);
      clients_.erase(id);
    }
    lobby_.close(id);
  }

  // On the client's thread: writes the queue's first message, and on, until it is empty. A chain
  // of callbacks, not a coroutine: a broadcast starts a writer for nearly every message it sends.
  void write_next(std::shared_ptr<Client> client) {
    if (client->queue.empty() || client->closed) {
      client->queue.clear();
      client->queued_bytes = 0;
      client->writing = false;
      if (client->dropping) close(*client);
      return;
    }
    client->ws.text(true);
    client->ws.async_write(asio::buffer(client->queue.front()), [this, client](beast::error_code ec, std::size_t) {
      if (ec) {
        client->closed = true;
      } else {
        client->queued_bytes -= client->queue.front().size();
        client->queue.pop_front();
      }
      write_next(std::move(client));
    });
  }

  // Whether an HTTP request from `address` is within its rate (a bucket per address, kept past
  // its connections: each request may come on a new one).
  bool http_allowed(const std::string& address) {
    std::lock_guard lock(counts_mutex_);
    auto now = std::chrono::steady_clock::now();
    if (http_rate_.size() > 10000) std::erase_if(http_rate_, [&](const auto& entry) { return now - entry.second.last > std::chrono::minutes(1); });
    auto [it, fresh] = http_rate_.try_emplace(address);
    if (fresh) it->second = Bucket{options_.http_burst, now};
    return it->second.take(now, options_.http_requests_per_second, options_.http_burst);
  }

  // A response to `request` with its status, type and body.
  static http::response<http::string_body> reply(const http::request<http::string_body>& request, http::status status,
                                                 std::string type, std::string body) {
    http::response<http::string_body> response{status, request.version()};
    response.set(http::field::server, "inbetween");
    response.keep_alive(request.keep_alive());
    response.set(http::field::content_type, type);
    response.set(http::field::cache_control, "no-store");
    page_guards(response);
    response.body() = std::move(body);
    response.prepare_payload();
    return response;
  }

  http::response<http::string_body> answer(const http::request<http::string_body>& request) {
    auto reply = [&](http::status status, std::string type, std::string body) { return Server::reply(request, status, std::move(type), std::move(body)); };
    if (request.method() != http::verb::get) return reply(http::status::method_not_allowed, "text/plain", "GET only\n");
    std::string target(request.target());
    if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
    std::string name = target == "/" ? "index.html" : target.substr(1);
    if (!plain_file_name(name)) return reply(http::status::not_found, "text/plain", "no such page\n");
    std::filesystem::path path = std::filesystem::path(options_.web_dir) / name;
    std::ifstream in(path, std::ios::binary);
    if (!in || !std::filesystem::is_regular_file(path))
      return reply(http::status::not_found, "text/plain",
                   name == "index.html" ? fmt::format("the page is not built: no {} (build it with `./run serve`)\n", path.string())
                                        : "no such page\n");
    std::ostringstream body;
    body << in.rdbuf();
    return reply(http::status::ok, content_type(path), body.str());
  }

  // /tables/CODE/log and /tables/CODE/verify[?game=N]: the stored game is copied on the network
  // thread (no replay), then written out and checked on a heavy worker, admitted per table and
  // per address like every long request; past the limits, 503 at once.
  awaitable<http::response<http::string_body>> answer_table(const http::request<http::string_body>& request, const std::string& address) {
    auto reply = [&](http::status status, std::string type, std::string body) { return Server::reply(request, status, std::move(type), std::move(body)); };
    if (request.method() != http::verb::get) co_return reply(http::status::method_not_allowed, "text/plain", "GET only\n");
    std::string rest(request.target().substr(8));
    std::string query;
    if (auto q = rest.find('?'); q != std::string::npos) {
      query = rest.substr(q + 1);
      rest.resize(q);
    }
    auto slash = rest.find('/');
    std::string code = rest.substr(0, slash);
    std::string what = slash == std::string::npos ? "" : rest.substr(slash + 1);
    if (what != "log" && what != "verify") co_return reply(http::status::not_found, "text/plain", "no such page\n");
    int game = 0;  // the table's latest
    if (query.starts_with("game=")) {
      try {
        game = std::stoi(query.substr(5));
      } catch (const std::exception&) {
        co_return reply(http::status::bad_request, "text/plain", "?game=N: N is a game number\n");
      }
      if (game <= 0) co_return reply(http::status::bad_request, "text/plain", "?game=N: N is a game number from 1\n");
    }
    StoredGame stored;
    std::shared_ptr<void> slot;
    auto home = co_await asio::this_coro::executor;
    // Past a limit the request waits for a place (looked for again every kBusyPoll: places free as
    // work ends on other threads) for up to --heavy-wait-ms, then is refused: a client that loops
    // on refusals makes a few tries a second, not thousands (bench/README.md, "A busy check waits").
    for (auto waited = std::chrono::milliseconds(0);; waited += kBusyPoll) {
      try {
        slot = lobby_.heavy_slot(address, code);  // first: a refused request copies nothing
        stored = lobby_.finished_game(code, game);
        break;
      } catch (const Refused& e) {
        if (e.code != "busy") co_return reply(http::status::not_found, "text/plain", std::string(e.what()) + "\n");
        if (waited >= options_.heavy_wait) co_return reply(http::status::service_unavailable, "text/plain", std::string(e.what()) + "\n");
      } catch (const std::exception& e) {
        co_return reply(http::status::internal_server_error, "text/plain", fmt::format("table {}: {}\n", code, e.what()));
      }
      slot.reset();
      asio::steady_timer pause(home, kBusyPoll);
      beast::error_code paused;
      co_await pause.async_wait(asio::redirect_error(use_awaitable, paused));
    }
    auto name = std::make_shared<std::string>(fmt::format("inbetween-{}-{}.jsonl", code, stored.game));  // the log's download name
    // The worker's answer cancels a timer on this connection's thread that never fires: the
    // signal this coroutine waits on. (Written out here, not as a coroutine taking the work: GCC
    // 12 freed such a temporary twice.)
    auto signal = std::make_shared<asio::steady_timer>(home, asio::steady_timer::time_point::max());
    auto result = std::make_shared<json>();
    std::function<json()> work = [code, what, name = *name, stored = std::move(stored)] {
      std::string log;
      for (const auto& line : log_lines(code, stored)) log += line.dump() + "\n";
      if (what == "log") return json(std::move(log));
      std::istringstream in(log);
      return json(verify_log(in, name).text);
    };
    off_thread(Lane::heavy, std::move(work), [this, signal, result, slot, home](json answer) {
      *result = std::move(answer);
      // Answered, as a message is, once the moves it holds are committed (CommitGate).
      gate_.pass([signal, home] { asio::post(home, [signal] { signal->cancel(); }); });
    });
    beast::error_code ec;
    co_await signal->async_wait(asio::redirect_error(use_awaitable, ec));
    json done = std::move(*result);
    if (!done.is_string()) co_return reply(http::status::internal_server_error, "text/plain", "the log could not be read\n");
    if (what == "verify") co_return reply(http::status::ok, "text/plain; charset=utf-8", done.get<std::string>());
    auto response = reply(http::status::ok, "application/x-ndjson", done.get<std::string>());
    response.set(http::field::content_disposition, fmt::format("attachment; filename=\"{}\"", *name));
    co_return response;
  }

  ServeOptions options_;
  unsigned threads_;  // network threads
  // One io_context per network thread, run by that thread alone. Not told so (a concurrency hint
  // of 1): asio would then keep what a thread posts to itself apart until its handler ends, and a
  // message another thread posted meanwhile to the same connection would overtake it. Every post
  // goes on the one queue in the order made (the gate's), which keeps a connection's messages in order.
  std::vector<std::unique_ptr<asio::io_context>> shards_ = [this] {
    std::vector<std::unique_ptr<asio::io_context>> shards;
    for (unsigned i = 0; i < threads_; ++i) shards.push_back(std::make_unique<asio::io_context>());
    return shards;
  }();
  std::atomic<std::size_t> next_shard_ = 0;
  asio::thread_pool moves_;  // bots' choices
  asio::thread_pool heavy_;  // hints, replays, log checks
  Lobby lobby_;
  CommitGate gate_;  // after the lobby: what the lobby wrote as it loaded the tables is committed
  std::exception_ptr store_failed_;  // one settle runs at a time (CommitGate): no lock needed
  std::string secret_;  // the cluster's, where servers share a database (relayed_for)
  bool shared_store_;   // several servers on one database: this one announces where it is
  std::mutex clients_mutex_;  // clients_: the connections' threads add and remove, the lobby's looks up
  std::map<ConnId, std::shared_ptr<Client>> clients_;
  std::mutex counts_mutex_;  // per_address_, open_connections_, http_rate_: every network thread
  std::map<std::string, int> per_address_;
  std::map<std::string, Bucket> http_rate_;  // HTTP requests per address
  int open_connections_ = 0;
  std::atomic<ConnId> last_id_ = 0;
};
}  // namespace

void serve(const ServeOptions& options, Store& store, const std::function<void(unsigned short)>& ready) {
  Server server(options, store);
  server.run(ready);
}

}  // namespace inbetween::server
