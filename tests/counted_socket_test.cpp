// The layer under the server's WebSocket (server/counted_socket.h), on 127.0.0.1 in this process:
// the frames Beast handles inside its own read are counted, a message in too many frames fails
// the read, and its close reads what the client still sends instead of resetting the connection.
#include <sys/socket.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>

#include "server/counted_socket.h"

#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace inbetween::counted_test {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

// A client frame (masked with a zero key) with `first` as its first byte (FIN and opcode).
std::string frame(unsigned char first, const std::string& payload = "") {
  return std::string{static_cast<char>(first), static_cast<char>(0x80 | payload.size()), 0, 0, 0, 0} + payload;
}
constexpr unsigned char kFin = 0x80, kText = 0x01, kContinuation = 0x00, kPong = 0x0a, kPing = 0x09;

// A client's socket connected to a server's, accepted here.
struct Connected {
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)};
  tcp::socket client{ioc};
  tcp::socket accepted{ioc};
  Connected() {
    client.connect(acceptor.local_endpoint());
    accepted = acceptor.accept();
  }
};

// The server's WebSocket over a CountedSocket, its upgrade already read (as the server reads it
// before the WebSocket begins); `frames` written by the client once it is open. Returns what the
// server's one read of a message ended with, and the control frames it was told of.
struct Read {
  beast::error_code result;
  std::string message;
  unsigned control = 0;
  bool refused = false;
};
Read serve_one_message(const std::string& frames) {
  Connected c;
  std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  asio::write(c.client, asio::buffer(upgrade));
  beast::flat_buffer request_bytes;
  beast::http::request<beast::http::string_body> request;
  beast::http::read(c.accepted, request_bytes, request);
  beast::websocket::stream<server::CountedSocket> ws(std::move(c.accepted));
  Read read;
  ws.next_layer().on_frames = [&](const server::FrameScanner::Seen& seen) { read.control += seen.control; };
  beast::flat_buffer message;
  ws.async_accept(request, [&](beast::error_code ec) {
    if (ec) {
      read.result = ec;
      return;
    }
    ws.async_read(message, [&](beast::error_code ec2, std::size_t) { read.result = ec2; });
  });
  std::thread server([&] { c.ioc.run(); });
  asio::streambuf response;
  asio::read_until(c.client, response, "\r\n\r\n");
  asio::write(c.client, asio::buffer(frames));
  server.join();
  read.message = beast::buffers_to_string(message.data());
  read.refused = ws.next_layer().refused();
  return read;
}

TEST(CountedSocket, ControlFramesBeastAnswersOrSwallowsAreCounted) {
  std::string frames = frame(kFin | kPong) + frame(kFin | kPing, "p") + frame(kText, "h") + frame(kFin | kPong) + frame(kFin | kContinuation, "i");
  Read read = serve_one_message(frames);
  EXPECT_FALSE(read.result) << read.result.message();
  EXPECT_EQ(read.message, "hi");
  EXPECT_EQ(read.control, 3u);
  EXPECT_FALSE(read.refused);
}

TEST(CountedSocket, AMessageInTooManyFramesFailsTheRead) {
  std::string frames = frame(kText);
  for (unsigned i = 0; i < server::kMaxFramesAMessage; ++i) frames += frame(kContinuation);
  Read read = serve_one_message(frames);
  EXPECT_EQ(read.result, beast::websocket::error::message_too_big);
  EXPECT_TRUE(read.refused);
  EXPECT_EQ(read.message, "");
}

// The client had sent more than the server read when the server began to close: its teardown
// reads it all, to the client's end of the stream, so the connection ends without a reset
// (Beast 1.74's own teardown closed after one read with the rest unread, and the kernel reset the
// connection: a client still sending then lost the close frame, which Node's ws reported as 1006).
TEST(CountedSocket, ItsTeardownReadsWhatTheClientStillSendsAndEndsWithoutAReset) {
  Connected c;
  server::CountedSocket layer(std::move(c.accepted));
  asio::write(c.client, asio::buffer(std::string(30000, 'x')));
  beast::error_code result = asio::error::would_block;
  server::async_teardown(beast::role_type::server, layer, [&](beast::error_code ec) { result = ec; });
  std::thread server([&] { c.ioc.run(); });
  // The server's end of the stream (after its close frame), then the client's own.
  char byte = 0;
  beast::error_code end;
  c.client.read_some(asio::buffer(&byte, 1), end);
  EXPECT_EQ(end, asio::error::eof);
  c.client.shutdown(tcp::socket::shutdown_send, end);
  server.join();
  EXPECT_FALSE(result) << result.message();
  EXPECT_FALSE(layer.next_layer().is_open());
  int error = 0;
  socklen_t size = sizeof error;
  ASSERT_EQ(getsockopt(c.client.native_handle(), SOL_SOCKET, SO_ERROR, &error, &size), 0);
  EXPECT_EQ(error, 0) << "the client's connection was reset: " << std::strerror(error);
}

}  // namespace
}  // namespace inbetween::counted_test
