#pragma once
// `inbetween serve` as a child process on 127.0.0.1 (port 0: the one it prints), and a
// WebSocket client (Boost.Beast, blocking, every read bounded by a timeout) to play at it.
#include <utility>  // before asio (Boost 1.74)

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>

namespace inbetween::testing {

namespace beast = boost::beast;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

class ServeProcess {
 public:
  // Starts the server on `db` and waits (at most 30 s) for the line naming its port.
  explicit ServeProcess(const std::string& db, std::vector<std::string> extra = {}) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      // Its stderr goes to DB.err (appended), which a failing test prints.
      int err = open((db + ".err").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (err >= 0) dup2(err, STDERR_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<std::string> args{INBETWEEN_BINARY, "serve", "--port", "0", "--db", db, "--bot-delay-ms", "0",
                                    // Scripted clients act far faster than people: no rate limit in the way.
                                    "--messages-per-second", "1000000"};
      for (auto& e : extra) args.push_back(e);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(INBETWEEN_BINARY, argv.data());
      _exit(127);
    }
    close(out[1]);
    std::string text;
    std::smatch match;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!std::regex_search(text, match, std::regex(R"(http://127\.0\.0\.1:(\d+)/)"))) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      pollfd fd{out[0], POLLIN, 0};
      if (left <= 0 || poll(&fd, 1, static_cast<int>(left)) <= 0) throw std::runtime_error("serve did not say its port: " + text);
      char buffer[512];
      ssize_t n = read(out[0], buffer, sizeof buffer);
      if (n <= 0) throw std::runtime_error("serve ended before listening: " + text);
      text.append(buffer, static_cast<std::size_t>(n));
    }
    port_ = static_cast<unsigned short>(std::stoi(match[1]));
    out_ = out[0];
  }
  ~ServeProcess() { kill(SIGTERM); }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  unsigned short port() const { return port_; }
  // Sends `signal` and waits for the process to end; returns its exit status (-1: killed).
  int kill(int signal) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    close(out_);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  unsigned short port_ = 0;
};

// A blocking WebSocket client; a read that waits longer than `timeout` fails (an asynchronous
// read run to completion here: beast's timeouts apply only to asynchronous operations).
class WsClient {
 public:
  // `origin`: the Origin header a browser would send (none: a program's client).
  explicit WsClient(unsigned short port, std::chrono::seconds timeout = std::chrono::seconds(30), const std::string& origin = "")
      : ws_(ioc_), timeout_(timeout) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    if (!origin.empty())
      ws_.set_option(beast::websocket::stream_base::decorator(
          [origin](beast::websocket::request_type& request) { request.set(beast::http::field::origin, origin); }));
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  }
  // The close code the server sent, once a read has failed because it closed the connection.
  int close_code() const { return static_cast<int>(ws_.reason().code); }
  void send(const nlohmann::json& message) { ws_.write(asio::buffer(message.dump())); }
  void send_text(const std::string& text) { ws_.write(asio::buffer(text)); }
  nlohmann::json read() {
    beast::flat_buffer buffer;
    beast::error_code result = asio::error::would_block;
    beast::get_lowest_layer(ws_).expires_after(timeout_);
    ws_.async_read(buffer, [&](beast::error_code ec, std::size_t) { result = ec; });
    ioc_.restart();
    while (result == asio::error::would_block && ioc_.run_one() > 0) {
    }
    if (result) throw std::runtime_error("reading a message: " + result.message());
    return nlohmann::json::parse(beast::buffers_to_string(buffer.data()));
  }
  // Reads until a message of `type` (or an error) arrives; the messages on the way are kept.
  nlohmann::json read_until(const std::string& type) {
    for (;;) {
      nlohmann::json m = read();
      seen.push_back(m);
      if (m.value("type", "") == type || m.value("type", "") == "error") return m;
    }
  }
  std::vector<nlohmann::json> seen;

 private:
  asio::io_context ioc_;
  beast::websocket::stream<beast::tcp_stream> ws_;
  std::chrono::seconds timeout_;
};

// A WebSocket upgrade sent by hand with these header fields: the stream, left open (a 101 is a
// WebSocket held by the server), and the response. Written out by hand: Beast 1.74's blocking
// handshake leaves the response empty when refused.
struct RawUpgrade {
  std::unique_ptr<beast::tcp_stream> stream;
  beast::http::response<beast::http::string_body> response;
};
inline RawUpgrade raw_upgrade(asio::io_context& ioc, unsigned short port, const std::vector<std::pair<std::string, std::string>>& fields) {
  RawUpgrade out{std::make_unique<beast::tcp_stream>(ioc), {}};
  out.stream->expires_after(std::chrono::seconds(30));
  out.stream->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::http::request<beast::http::empty_body> request{beast::http::verb::get, "/ws", 11};
  request.set(beast::http::field::host, "127.0.0.1:" + std::to_string(port));
  request.set(beast::http::field::connection, "Upgrade");
  request.set(beast::http::field::upgrade, "websocket");
  request.set(beast::http::field::sec_websocket_version, "13");
  request.set(beast::http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  for (const auto& [name, value] : fields) request.set(name, value);
  beast::http::write(*out.stream, request);
  beast::flat_buffer buffer;
  beast::http::read(*out.stream, buffer, out.response);
  return out;
}

// The answer to a WebSocket upgrade sent with `origin` as its Origin header: the HTTP status
// (101: the WebSocket is open) and the body of a refusal.
inline std::pair<int, std::string> upgrade(unsigned short port, const std::string& origin) {
  asio::io_context ioc;
  auto answer = raw_upgrade(ioc, port, {{"Origin", origin}});
  return {static_cast<int>(answer.response.result_int()), answer.response.body()};
}

// GET `target` from the server: the whole response, headers and all.
inline beast::http::response<beast::http::string_body> http_response(unsigned short port, const std::string& target) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(30));
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::http::request<beast::http::empty_body> request{beast::http::verb::get, target, 11};
  request.set(beast::http::field::host, "127.0.0.1");
  beast::http::write(stream, request);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> response;
  beast::http::read(stream, buffer, response);
  return response;
}

// GET `target` from the server; returns the status and body.
inline std::pair<int, std::string> http_get(unsigned short port, const std::string& target) {
  auto response = http_response(port, target);
  return {static_cast<int>(response.result_int()), response.body()};
}

}  // namespace inbetween::testing
