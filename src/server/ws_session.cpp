// A WebSocket client of the server (network_server.h): its handshake, every frame it sends read
// into the lobby on its own network thread, the queue of messages written to it, and, once its
// table is played by another server on the same database, its relay there.

#include "server/network_server.h"

#include <fmt/format.h>

namespace inbetween::server {

asio::awaitable<void> NetworkServer::play(tcp::socket socket, Request request, std::string address, asio::io_context& home) {
  auto client = std::make_shared<Client>(std::move(socket), address);
  client->home = &home;
  // Beast's server timeouts (30 s for the handshake, 300 s idle), with pings: a page that only
  // watches stays, since its browser answers them; a peer that vanished is let go.
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.keep_alive_pings = true;
  client->ws.set_option(timeouts);
  client->ws.read_message_max(options_.lobby.max_message_bytes);
  beast::error_code ec;
  co_await client->ws.async_accept(request, asio::redirect_error(asio::use_awaitable, ec));
  if (ec) co_return;
  ConnId id = ++last_id_;
  {
    std::lock_guard lock(clients_mutex_);
    clients_[id] = client;
  }
  lobby_.open(id, address);
  // Every frame counts (docs/server.md, "Limits"). Beast answers pings and swallows pongs and
  // empty continuation frames inside its read, so they are counted as they arrive: a control
  // frame against the rate like a message (a flood of them is let go), a message in more than
  // kMaxFramesAMessage frames closes the connection. A message itself is counted by the lobby.
  client->ws.next_layer().on_frames = [this, id, &client = *client](const FrameScanner::Seen& seen) {
    if (seen.control > 0 && !client.dropping && !client.closed) lobby_.control_frame(id, seen.control);
  };
  beast::flat_buffer buffer;
  for (;;) {
    buffer.clear();
    co_await client->ws.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
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
  // Beast cannot be told to end its read with a close frame of ours: it is written here, unless a
  // message is being written (which it would cut), and the client's end awaited (the layer's
  // teardown).
  if (client->ws.next_layer().refused() && !client->writing) co_await close_too_many_frames(*client);
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

asio::awaitable<void> NetworkServer::close_too_many_frames(Client& client) {
  // Close code 1009 (message too big), as for a message past its bytes, with the reason.
  static const std::string kClose = [] {
    std::string reason = fmt::format("a message in more than {} frames", kMaxFramesAMessage);
    return std::string{'\x88', static_cast<char>(2 + reason.size()), '\x03', '\xf1'} + reason;
  }();
  beast::error_code ec;
  co_await asio::async_write(client.ws.next_layer().next_layer(), asio::buffer(kClose), asio::redirect_error(asio::use_awaitable, ec));
  co_await async_teardown(beast::role_type::server, client.ws.next_layer(), asio::redirect_error(asio::use_awaitable, ec));
}

void NetworkServer::enqueue(const std::shared_ptr<Client>& client, std::string text) {
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

// A chain of callbacks, not a coroutine: a broadcast starts a writer for nearly every message it sends.
void NetworkServer::write_next(std::shared_ptr<Client> client) {
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

void NetworkServer::close(Client& client) {
  if (client.closed) return;
  client.closed = true;
  beast::get_lowest_layer(client.ws).close();
}

void NetworkServer::drop_now(const std::shared_ptr<Client>& client) {
  if (client->closed || client->dropping) return;
  client->dropping = true;
  if (!client->writing) return close(*client);
  // A client that does not read its last messages is closed anyway.
  auto timer = std::make_shared<asio::steady_timer>(client->ws.get_executor(), std::chrono::seconds(1));
  timer->async_wait([this, timer, client](beast::error_code) { close(*client); });
}

void NetworkServer::relay(ConnId conn, const std::string& address, std::string first) {
  auto client = client_of(conn);
  if (!client) return;
  asio::post(client->ws.get_executor(), [this, client, address, first = std::move(first)]() mutable {
    if (client->closed || client->relay) return;
    client->relay = std::make_shared<Relay>(client->ws.get_executor());
    client->relay->pending.push_back(std::move(first));
    asio::co_spawn(client->ws.get_executor(), run_relay(client, address), asio::detached);
  });
}

// That server gone, the client is closed: its page reconnects, and finds the table here once its
// lease lapses.
asio::awaitable<void> NetworkServer::run_relay(std::shared_ptr<Client> client, std::string address) {
  auto relay = client->relay;
  beast::error_code ec;
  auto colon = address.rfind(':');
  // Named, not temporaries in the co_await: GCC 12 frees those twice.
  const std::string host = address.substr(0, colon);
  const std::string port = colon == std::string::npos ? "80" : address.substr(colon + 1);
  tcp::resolver resolver(client->ws.get_executor());
  auto found = co_await resolver.async_resolve(host, port, asio::redirect_error(asio::use_awaitable, ec));
  auto& socket = beast::get_lowest_layer(relay->ws);
  if (!ec) {
    socket.expires_after(std::chrono::seconds(5));
    co_await socket.async_connect(found, asio::redirect_error(asio::use_awaitable, ec));
  }
  if (!ec) {
    socket.expires_never();
    socket.socket().set_option(tcp::no_delay(true), ec);  // as for accepted sockets (listen)
    relay->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    relay->ws.set_option(websocket::stream_base::decorator([secret = secret_, from = client->address](websocket::request_type& request) {
      request.set(kRelaySecretHeader, secret);
      request.set(kRelayForHeader, from);
    }));
    co_await relay->ws.async_handshake(address, "/ws", asio::redirect_error(asio::use_awaitable, ec));
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
    co_await relay->ws.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) break;
    enqueue(client, beast::buffers_to_string(buffer.data()));
  }
  relay->closed = true;
  close(*client);
}

void NetworkServer::to_relay(const std::shared_ptr<Client>& client, std::string text) {
  auto& relay = *client->relay;
  if (relay.closed) return;
  if (relay.pending.size() >= 256) return close(*client);  // it writes faster than the other server reads
  relay.pending.push_back(std::move(text));
  write_relay(client);
}

void NetworkServer::write_relay(const std::shared_ptr<Client>& client) {
  auto relay = client->relay;
  if (!relay->open || relay->writing || relay->pending.empty()) return;
  relay->writing = true;
  asio::co_spawn(client->ws.get_executor(), [relay]() -> asio::awaitable<void> {
    beast::error_code ec;
    while (!relay->pending.empty() && !relay->closed) {
      relay->ws.text(true);
      co_await relay->ws.async_write(asio::buffer(relay->pending.front()), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        relay->closed = true;
        break;
      }
      relay->pending.pop_front();
    }
    relay->writing = false;
  }, asio::detached);
}

}  // namespace inbetween::server
