// The server process and the Boost.Beast clients of serve_process.h.
#include "serve_process.h"

#include <utility>  // before asio (Boost 1.74)

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <stdexcept>

#include <boost/asio.hpp>
#include <boost/beast.hpp>

namespace inbetween::testing {

namespace beast = boost::beast;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

ServeProcess::ServeProcess(const std::string& db, std::vector<std::string> extra) {
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
    std::vector<std::string> args{INBETWEEN_BINARY, "serve", "--port", "0", "--db", db, "--bot-delay-ms", "0"};
    // Scripted clients act far faster than people: no rate limit in the way, unless the test sets one.
    if (std::find(extra.begin(), extra.end(), "--messages-per-second") == extra.end())
      extra.insert(extra.end(), {"--messages-per-second", "1000000"});
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
    ssize_t n = ::read(out[0], buffer, sizeof buffer);
    if (n <= 0) throw std::runtime_error("serve ended before listening: " + text);
    text.append(buffer, static_cast<std::size_t>(n));
  }
  port_ = static_cast<unsigned short>(std::stoi(match[1]));
  out_ = out[0];
}

int ServeProcess::kill(int signal) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  close(out_);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct WsClient::Connection {
  asio::io_context ioc;
  beast::websocket::stream<beast::tcp_stream> ws{ioc};
  std::chrono::seconds timeout;
};

WsClient::WsClient(unsigned short port, std::chrono::seconds timeout, const std::string& origin) : connection_(new Connection) {
  auto& ws = connection_->ws;
  connection_->timeout = timeout;
  beast::get_lowest_layer(ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  if (!origin.empty())
    ws.set_option(beast::websocket::stream_base::decorator(
        [origin](beast::websocket::request_type& request) { request.set(beast::http::field::origin, origin); }));
  ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
}

WsClient::~WsClient() = default;

int WsClient::close_code() const { return static_cast<int>(connection_->ws.reason().code); }

void WsClient::send_text(const std::string& text) { connection_->ws.write(asio::buffer(text)); }

nlohmann::json WsClient::read() {
  // An asynchronous read run to completion here: beast's timeouts apply only to asynchronous operations.
  auto& c = *connection_;
  beast::flat_buffer buffer;
  beast::error_code result = asio::error::would_block;
  beast::get_lowest_layer(c.ws).expires_after(c.timeout);
  c.ws.async_read(buffer, [&](beast::error_code ec, std::size_t) { result = ec; });
  c.ioc.restart();
  while (result == asio::error::would_block && c.ioc.run_one() > 0) {
  }
  if (result) throw std::runtime_error("reading a message: " + result.message());
  return nlohmann::json::parse(beast::buffers_to_string(buffer.data()));
}

nlohmann::json WsClient::read_until(const std::string& type) {
  for (;;) {
    nlohmann::json m = read();
    seen.push_back(m);
    if (m.value("type", "") == type || m.value("type", "") == "error") return m;
  }
}

struct RawUpgrade::Connection {
  asio::io_context ioc;
  beast::tcp_stream stream{ioc};
};

RawUpgrade::RawUpgrade(unsigned short port, const std::vector<std::pair<std::string, std::string>>& fields)
    : connection_(new Connection) {
  auto& stream = connection_->stream;
  stream.expires_after(std::chrono::seconds(30));
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::http::request<beast::http::empty_body> request{beast::http::verb::get, "/ws", 11};
  request.set(beast::http::field::host, "127.0.0.1:" + std::to_string(port));
  request.set(beast::http::field::connection, "Upgrade");
  request.set(beast::http::field::upgrade, "websocket");
  request.set(beast::http::field::sec_websocket_version, "13");
  request.set(beast::http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  for (const auto& [name, value] : fields) request.set(name, value);
  beast::http::write(stream, request);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> response;
  beast::http::read(stream, buffer, response);
  status_ = static_cast<int>(response.result_int());
  body_ = response.body();
}

bool RawUpgrade::send(const std::string& bytes) {
  auto& c = *connection_;
  beast::error_code result = asio::error::would_block;
  c.stream.expires_after(std::chrono::seconds(30));
  asio::async_write(c.stream, asio::buffer(bytes), [&](beast::error_code ec, std::size_t) { result = ec; });
  c.ioc.restart();
  while (result == asio::error::would_block && c.ioc.run_one() > 0) {
  }
  if (result == beast::error::timeout) throw std::runtime_error("the server read nothing for 30 s");
  return !result;
}

int RawUpgrade::close_code(std::chrono::seconds timeout) {
  auto& c = *connection_;
  std::string seen;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    // The server's frames are unmasked: a close frame is 0x88, its length, then the code.
    for (std::size_t at = 0; at + 2 <= seen.size();) {
      std::size_t length = static_cast<unsigned char>(seen[at + 1]) & 0x7f, start = at + 2;
      if (length >= 126) {
        std::size_t bytes = length == 126 ? 2 : 8;
        if (seen.size() < at + 2 + bytes) break;
        length = 0;
        for (std::size_t i = 0; i < bytes; ++i) length = (length << 8) | static_cast<unsigned char>(seen[at + 2 + i]);
        start = at + 2 + bytes;
      }
      if (seen.size() < start + length) break;
      if ((seen[at] & 0x0f) == 8 && length >= 2)
        return (static_cast<unsigned char>(seen[start]) << 8) | static_cast<unsigned char>(seen[start + 1]);
      at = start + length;
    }
    char buffer[4096];
    beast::error_code result = asio::error::would_block;
    std::size_t read = 0;
    c.stream.expires_at(deadline);
    c.stream.async_read_some(asio::buffer(buffer), [&](beast::error_code ec, std::size_t n) {
      result = ec;
      read = n;
    });
    c.ioc.restart();
    while (result == asio::error::would_block && c.ioc.run_one() > 0) {
    }
    if (result == beast::error::timeout) throw std::runtime_error("the server did not close the connection in time");
    if (result) return 0;
    seen.append(buffer, read);
  }
}

std::string raw_frame(unsigned char first, const std::string& payload) {
  std::string frame(1, static_cast<char>(first));
  if (payload.size() < 126) {
    frame += static_cast<char>(0x80 | payload.size());
  } else {
    frame += static_cast<char>(0x80 | 126);
    frame += static_cast<char>(payload.size() >> 8);
    frame += static_cast<char>(payload.size() & 0xff);
  }
  return frame + std::string(4, '\0') + payload;
}

RawUpgrade::~RawUpgrade() = default;
RawUpgrade::RawUpgrade(RawUpgrade&&) noexcept = default;
RawUpgrade& RawUpgrade::operator=(RawUpgrade&&) noexcept = default;

std::pair<int, std::string> upgrade(unsigned short port, const std::string& origin) {
  RawUpgrade answer(port, {{"Origin", origin}});
  return {answer.status(), answer.body()};
}

std::string HttpAnswer::field(const std::string& name) const {
  auto same = [&](const std::string& other) {
    return std::equal(name.begin(), name.end(), other.begin(), other.end(),
                      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)); });
  };
  for (const auto& [key, value] : fields)
    if (same(key)) return value;
  return "";
}

HttpAnswer http_response(unsigned short port, const std::string& target) {
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
  HttpAnswer answer;
  answer.status = static_cast<int>(response.result_int());
  for (const auto& field : response) answer.fields.emplace_back(std::string(field.name_string()), std::string(field.value()));
  answer.body = response.body();
  return answer;
}

bool accepts_connections(unsigned short port) {
  asio::io_context io;
  tcp::socket probe(io);
  beast::error_code ec;
  probe.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  return !ec;
}

unsigned short free_port() {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  return acceptor.local_endpoint().port();
}

}  // namespace inbetween::testing
