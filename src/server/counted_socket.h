#pragma once
// A WebSocket client's TCP socket as the server's websocket::stream reads it (network_server.h).
// Every read's bytes go through a FrameScanner, so the frames Beast handles inside its own read
// (pings, pongs, empty continuation frames) are counted too; and the close waits for the
// client's own end of it (async_teardown below).
// <utility> before asio (Boost 1.74 needs std::exchange declared first).
#include <utility>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>

#include <boost/asio.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/error.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include "server/frame_scanner.h"

namespace inbetween::server {

// The stream layer under a client's websocket::stream: a tcp::socket whose reads are scanned
// for frames. Reads and writes are otherwise the socket's own.
class CountedSocket {
 public:
  using socket_type = boost::asio::ip::tcp::socket;
  using executor_type = socket_type::executor_type;
  using next_layer_type = socket_type;

  explicit CountedSocket(socket_type socket) : socket_(std::move(socket)) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  socket_type& next_layer() noexcept { return socket_; }
  const socket_type& next_layer() const noexcept { return socket_; }

  // Told, on the client's thread and before Beast reads them, of the bytes of a read that held
  // a control frame or a message past its frames. Once a message has gone past
  // kMaxFramesAMessage, that read fails (message_too_big): Beast reads nothing more.
  std::function<void(const FrameScanner::Seen&)> on_frames;
  bool refused() const { return refused_; }

  template <class Buffers, class Handler>
  void async_read_some(const Buffers& buffers, Handler&& handler) {
    socket_.async_read_some(buffers, Scanned<Buffers, std::decay_t<Handler>>{this, buffers, std::forward<Handler>(handler)});
  }
  template <class Buffers, class Handler>
  void async_write_some(const Buffers& buffers, Handler&& handler) {
    socket_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  // Beast's handler, called once the read's bytes are scanned; it keeps the handler's executor,
  // allocator and continuation, as a handler passed on must.
  template <class Buffers, class Handler>
  struct Scanned {
    CountedSocket* layer;
    Buffers buffers;
    Handler handler;

    using executor_type = boost::asio::associated_executor_t<Handler, socket_type::executor_type>;
    executor_type get_executor() const noexcept { return boost::asio::get_associated_executor(handler, layer->socket_.get_executor()); }
    using allocator_type = boost::asio::associated_allocator_t<Handler>;
    allocator_type get_allocator() const noexcept { return boost::asio::get_associated_allocator(handler); }
    friend bool asio_handler_is_continuation(Scanned* self) {
      return boost_asio_handler_cont_helpers::is_continuation(self->handler);
    }

    void operator()(boost::beast::error_code ec, std::size_t read) {
      if (!ec && read > 0) ec = layer->scan(buffers, read);
      std::move(handler)(ec, read);
    }
  };

  template <class Buffers>
  boost::beast::error_code scan(const Buffers& buffers, std::size_t read) {
    FrameScanner::Seen seen;
    for (auto it = boost::asio::buffer_sequence_begin(buffers); read > 0 && it != boost::asio::buffer_sequence_end(buffers); ++it) {
      boost::asio::mutable_buffer piece = *it;
      std::size_t size = std::min(piece.size(), read);
      FrameScanner::Seen part = scanner_.scan(static_cast<const unsigned char*>(piece.data()), size);
      seen.control += part.control;
      seen.too_many_frames = seen.too_many_frames || part.too_many_frames;
      read -= size;
    }
    if (seen.control == 0 && !seen.too_many_frames) return {};
    refused_ = refused_ || seen.too_many_frames;
    if (on_frames) on_frames(seen);
    return refused_ ? boost::beast::websocket::error::message_too_big : boost::beast::error_code{};
  }

  socket_type socket_;
  FrameScanner scanner_;
  bool refused_ = false;
};

namespace detail {
// The most a closing server reads and drops of what the client still sends before its close:
// a client that goes on past it is not waited for.
inline constexpr std::size_t kDrainAtMost = 256 * 1024;

// Shuts the sending side, reads what the client still sends until it closes its side (or
// kDrainAtMost), then closes the socket. Beast 1.74's own teardown of a tcp::socket stops after
// one read (it tests a stale byte count): the socket is then closed with the client's bytes
// unread, the kernel resets the connection, and a client still sending loses the close frame
// before reading it (a message over the limit in fragments closed with 1006 instead of 1009).
struct DrainThenClose {
  boost::asio::ip::tcp::socket& socket;
  boost::beast::role_type role;
  std::unique_ptr<char[]> buffer;  // on the heap: the operation moves with each read
  std::size_t drained = 0;

  static constexpr std::size_t kChunk = 16 * 1024;

  template <class Self>
  void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t read = 0) {
    boost::beast::error_code ignored;
    if (!buffer) {
      buffer = std::make_unique<char[]>(kChunk);
      // A server's close frame is followed by its end of the stream; a client's after the server's.
      if (role == boost::beast::role_type::server) socket.shutdown(boost::asio::socket_base::shutdown_send, ignored);
    } else {
      drained += read;
      if (!ec && read > 0 && drained < kDrainAtMost) {
        socket.async_read_some(boost::asio::buffer(buffer.get(), kChunk), std::move(self));
        return;
      }
      if (role == boost::beast::role_type::client) socket.shutdown(boost::asio::socket_base::shutdown_send, ignored);
      socket.close(ignored);
      return self.complete(ec == boost::asio::error::eof ? boost::beast::error_code{} : ec);
    }
    socket.async_read_some(boost::asio::buffer(buffer.get(), kChunk), std::move(self));
  }
};
}  // namespace detail

// Beast's close of a stream over a CountedSocket (found by argument-dependent lookup).
template <class Token>
auto async_teardown(boost::beast::role_type role, CountedSocket& socket, Token&& token) {
  return boost::asio::async_compose<Token, void(boost::beast::error_code)>(detail::DrainThenClose{socket.next_layer(), role, nullptr},
                                                                           token, socket.next_layer());
}
inline void teardown(boost::beast::role_type role, CountedSocket& socket, boost::beast::error_code& ec) {
  boost::beast::websocket::teardown(role, socket.next_layer(), ec);
}

}  // namespace inbetween::server
