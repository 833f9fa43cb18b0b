#pragma once
// `inbetween serve` as a child process on 127.0.0.1 (port 0: the one it prints), and a
// WebSocket client (blocking, every read bounded by a timeout) to play at it. Boost.Beast is
// kept inside serve_process.cpp, compiled once for every test that uses these.
#include <sys/types.h>

#include <chrono>
#include <csignal>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace inbetween::testing {

class ServeProcess {
 public:
  // Starts the server on `db` and waits (at most 30 s) for the line naming its port.
  explicit ServeProcess(const std::string& db, std::vector<std::string> extra = {});
  ~ServeProcess() { kill(SIGTERM); }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  unsigned short port() const { return port_; }
  // Sends `signal` and waits for the process to end; returns its exit status (-1: killed).
  int kill(int signal);

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  unsigned short port_ = 0;
};

// A blocking WebSocket client; a read that waits longer than `timeout` fails.
class WsClient {
 public:
  // `origin`: the Origin header a browser would send (none: a program's client).
  explicit WsClient(unsigned short port, std::chrono::seconds timeout = std::chrono::seconds(30), const std::string& origin = "");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // The close code the server sent, once a read has failed because it closed the connection.
  int close_code() const;
  void send(const nlohmann::json& message) { send_text(message.dump()); }
  void send_text(const std::string& text);
  nlohmann::json read();
  // Reads until a message of `type` (or an error) arrives; the messages on the way are kept.
  nlohmann::json read_until(const std::string& type);
  std::vector<nlohmann::json> seen;

 private:
  struct Connection;
  std::unique_ptr<Connection> connection_;
};

// A WebSocket upgrade sent by hand with chosen header fields, its connection left open (a 101
// is a WebSocket the server holds) for as long as this lives. Written out by hand: Beast 1.74's
// blocking handshake leaves the response empty when refused.
class RawUpgrade {
 public:
  RawUpgrade(unsigned short port, const std::vector<std::pair<std::string, std::string>>& fields);
  ~RawUpgrade();
  RawUpgrade(RawUpgrade&&) noexcept;
  RawUpgrade& operator=(RawUpgrade&&) noexcept;

  int status() const { return status_; }
  const std::string& body() const { return body_; }
  // Once open (101): writes `bytes` as they are (frames no client library would send; client
  // frames are masked, raw_frame()); false when the server has closed the connection. Bounded
  // by 30 s.
  bool send(const std::string& bytes);
  // Reads what the server sends until it closes the connection (at most `timeout`, else it
  // throws): the code of the server's close frame, or 0 when it closed without one.
  int close_code(std::chrono::seconds timeout = std::chrono::seconds(30));

 private:
  struct Connection;
  std::unique_ptr<Connection> connection_;
  int status_ = 0;
  std::string body_;
};

// A client's WebSocket frame: `first` is its first byte (FIN and opcode), masked with a zero key.
std::string raw_frame(unsigned char first, const std::string& payload = "");

// The answer to a WebSocket upgrade sent with `origin` as its Origin header: the HTTP status
// (101: the WebSocket is open) and the body of a refusal.
std::pair<int, std::string> upgrade(unsigned short port, const std::string& origin);

// An HTTP response: status, header fields (as sent) and body.
struct HttpAnswer {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> fields;
  std::string body;
  // The value of header field `name` (any case), empty if it was not sent.
  std::string field(const std::string& name) const;
};

// GET `target` from the server: the whole response, headers and all.
HttpAnswer http_response(unsigned short port, const std::string& target);

// GET `target` from the server; returns the status and body.
inline std::pair<int, std::string> http_get(unsigned short port, const std::string& target) {
  auto response = http_response(port, target);
  return {response.status, response.body};
}

// Whether something accepts TCP connections on 127.0.0.1:`port` now.
bool accepts_connections(unsigned short port);

// A TCP port on 127.0.0.1 free at the moment of asking.
unsigned short free_port();

}  // namespace inbetween::testing
