#pragma once
// `inbetween serve`'s network side as one object (serve(), http_server.h), declared here so that
// its parts are files a reader finds by name: http_server.cpp (the network threads, accepting, a
// connection's requests, and the Hooks the lobby calls), ws_session.cpp (a WebSocket client: its
// reads into the lobby, its queue of messages, and its relay to another server) and
// http_routes.cpp (the page's files, a game's log and its check, and who may ask). Internal to
// those three files.
// <utility> before asio (Boost 1.74 needs std::exchange declared first).
#include <utility>

#include <atomic>
#include <chrono>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast.hpp>

#include "server/commit_gate.h"
#include "server/counted_socket.h"
#include "server/http_server.h"
#include "server/lobby.h"

namespace inbetween::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// The headers by which one server forwards a client to another: the cluster's secret, and the
// client's own address (counted there, not the forwarding server's).
inline constexpr const char* kRelaySecretHeader = "X-Inbetween-Relay";
inline constexpr const char* kRelayForHeader = "X-Inbetween-For";
// How often a log or check waiting for a place among the heavy work looks again.
inline constexpr std::chrono::milliseconds kBusyPoll{20};

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

// One WebSocket client: the stream and the messages waiting to be written to it. Every field is
// touched only on the client's own network thread (the stream's executor).
struct Client {
  Client(tcp::socket socket, std::string from) : ws(std::move(socket)), address(std::move(from)) {}
  // On the socket with only the frames' count between (CountedSocket), not a tcp_stream: the
  // WebSocket keeps its own timeouts, and a tcp_stream's layer cost every read and write a
  // composed operation more (bench/README.md).
  websocket::stream<CountedSocket> ws;
  std::string address;
  std::shared_ptr<Relay> relay;  // set: every message goes to the server that plays the table
  asio::io_context* home = nullptr;  // the io_context of the network thread it lives on (its stream's)
  std::deque<std::string> queue;
  std::size_t queued_bytes = 0;
  bool writing = false;
  bool closed = false;
  bool dropping = false;  // the lobby let it go: what is queued is written, nothing more is read
};

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

// The network threads (ServeOptions::threads) each run an io_context of their own, with the
// connections handed to it in turn: reading, parsing a message, playing it at its table through
// the lobby (tables play at once, each under its own lock), writing replies. A thread never
// shares its queue of work with another (one io_context shared by every thread cost a lock of
// that queue per handler and a wake-up per message: docs/performance.md, "A network thread's own
// connections"); what one thread sends to another's connection is posted to that thread.
// Timers run on the thread that armed them, workers' answers on each thread in turn.
class NetworkServer final : public Hooks {
 public:
  NetworkServer(const ServeOptions& options, Store& store);
  ~NetworkServer() override;
  // Listens, calls `ready` with the port, and serves until stop() (SIGINT, SIGTERM, a store that
  // failed); then rethrows the store's error, if any.
  void run(const std::function<void(unsigned short)>& ready);

  // Hooks (called by the lobby on any thread), http_server.cpp:
  void send(ConnId conn, std::string text) override;
  void send_each(std::vector<std::pair<ConnId, std::string>> messages) override;
  void send_message(ConnId conn, nlohmann::json message) override;
  void drop(ConnId conn) override;
  void off_thread(Lane lane, std::function<nlohmann::json()> work, std::function<void(nlohmann::json)> done) override;
  void after(std::chrono::milliseconds delay, std::function<void()> fire) override;
  std::chrono::steady_clock::time_point now() override { return std::chrono::steady_clock::now(); }
  void give_memory_back() override;
  void relay(ConnId conn, const std::string& address, std::string first) override;

 private:
  // The threads and accepting (http_server.cpp):
  // The io_context of the network thread calling, where it is one (a timer, a commit to
  // settle); else the first.
  asio::io_context& here();
  // Each network thread in turn (a new connection, a worker's answer).
  asio::io_context& next_shard() { return *shards_[next_shard_.fetch_add(1, std::memory_order_relaxed) % shards_.size()]; }
  static asio::io_context*& running_shard();
  static void run_shard(asio::io_context& shard);
  void stop();
  std::shared_ptr<Client> client_of(ConnId conn);
  // Runs `work` on the client's network thread once the gate lets it by.
  template <class Work>
  void on_its_thread_once_committed(const std::shared_ptr<Client>& client, Work work) {
    gate_.pass([home = client->home, work = std::move(work)]() mutable { asio::post(*home, std::move(work)); });
  }
  // The gate's commit: a store that cannot commit stops the server (what it held is told to
  // nobody; a restart replays what the store kept).
  void settle_or_stop(const std::function<void()>& settle);
  asio::awaitable<void> listen(tcp::acceptor& acceptor);
  // On `home`, the network thread the connection lives on: its HTTP requests, one after another,
  // until one is the WebSocket's upgrade (play()).
  asio::awaitable<void> connection(tcp::socket socket, asio::io_context& home);
  struct ConnectionCount;

  // A WebSocket client (ws_session.cpp):
  // The WebSocket's handshake, then every frame read into the lobby until the client goes.
  asio::awaitable<void> play(tcp::socket socket, Request request, std::string address, asio::io_context& home);
  // Closes a client whose message came in too many frames (the stream failed it): a close frame
  // with code 1009, then the client's end of the connection awaited.
  asio::awaitable<void> close_too_many_frames(Client& client);
  // On the client's thread: queues a message and starts its writer.
  void enqueue(const std::shared_ptr<Client>& client, std::string text);
  // On the client's thread: writes the queue's first message, and on, until it is empty.
  void write_next(std::shared_ptr<Client> client);
  void close(Client& client);
  // On the client's thread: what is queued is written (its last message says why), then it closes.
  void drop_now(const std::shared_ptr<Client>& client);
  // On the client's thread: connects to the server at `address`, writes what the client sent,
  // and passes every message from there back.
  asio::awaitable<void> run_relay(std::shared_ptr<Client> client, std::string address);
  // On the client's thread: a message of the client for the server that plays its table.
  void to_relay(const std::shared_ptr<Client>& client, std::string text);
  void write_relay(const std::shared_ptr<Client>& client);

  // HTTP (http_routes.cpp):
  // The client's address when another server on the same database forwards it (it knows the
  // cluster's secret); none for everyone else, whatever they claim.
  std::optional<std::string> relayed_for(const Request& request) const;
  // The client's address that a trusted proxy names (X-Real-IP); none when it names none.
  static std::optional<std::string> real_address(const Request& request);
  // A 403 for a WebSocket upgrade from a page of another site (origin.h); nothing for the
  // server's own page or a program.
  std::optional<Response> foreign_page(const Request& request);
  // Whether an HTTP request from `address` is within its rate (a bucket per address, kept past
  // its connections: each request may come on a new one).
  bool http_allowed(const std::string& address);
  // A response to `request` with its status, type and body.
  static Response reply(const Request& request, http::status status, std::string type, std::string body);
  // The page's files.
  Response answer(const Request& request);
  // /tables/CODE/log and /tables/CODE/verify[?game=N]: the answer, or for a log none and its
  // `parts`, which write_log writes out a part at a time.
  struct LogParts;
  asio::awaitable<Response> answer_table(const Request& request, const std::string& address, std::shared_ptr<LogParts>& parts);
  // Writes a log out a part at a time, in chunks; false when the connection is to close.
  asio::awaitable<bool> write_log(beast::tcp_stream& stream, const Request& request, std::shared_ptr<LogParts> parts);

  ServeOptions options_;
  std::vector<std::string> admitted_origins_;  // served_origins() and --allow-origin, set once before the first connection
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

}  // namespace inbetween::server
