// The server's HTTP answers (network_server.h): the page's files, a finished game's log and its
// check (/tables/CODE/log and /verify), and who may ask: each address's rate, a page of another
// site at the WebSocket, a client forwarded by another server or a trusted proxy.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "server/network_server.h"
#include "server/origin.h"
#include "server/game_log.h"
#include "server/page_files.h"
#include "server/verify.h"

namespace inbetween::server {

std::optional<std::string> NetworkServer::relayed_for(const Request& request) const {
  auto secret = request.find(kRelaySecretHeader);
  auto from = request.find(kRelayForHeader);
  if (secret_.empty() || secret == request.end() || from == request.end() || secret->value() != secret_) return std::nullopt;
  std::string address(from->value());
  // The other server passes the address its client is counted as: an IPv6 client's /64.
  if (address.ends_with("/64")) address.resize(address.size() - 3);
  beast::error_code ec;
  asio::ip::make_address(address, ec);
  if (ec) return std::nullopt;
  return counted_address(address);
}

std::optional<std::string> NetworkServer::real_address(const Request& request) {
  auto field = request.find("X-Real-IP");
  if (field == request.end()) return std::nullopt;
  std::string address(field->value());
  beast::error_code ec;
  asio::ip::make_address(address, ec);
  if (ec) return std::nullopt;
  return counted_address(address);
}

std::optional<Response> NetworkServer::foreign_page(const Request& request) {
  auto field = request.find(http::field::origin);
  std::string origin = field == request.end() ? "" : std::string(field->value());
  if (origin_admitted(field == request.end() ? nullptr : &origin, admitted_origins_)) return std::nullopt;
  Response response{http::status::forbidden, request.version()};
  response.set(http::field::server, "inbetween");
  response.set(http::field::content_type, "text/plain; charset=utf-8");
  page_guards(response);
  response.keep_alive(false);
  response.body() = fmt::format("the page at {} may not play here: this server's WebSocket is for its own page "
                                "(`inbetween serve --public-origin URL` names this server's own address behind a proxy, "
                                "`--allow-origin URL` lets another page in)\n",
                                origin);
  response.prepare_payload();
  return response;
}

bool NetworkServer::http_allowed(const std::string& address) {
  std::lock_guard lock(counts_mutex_);
  auto now = std::chrono::steady_clock::now();
  if (http_rate_.size() > 10000) std::erase_if(http_rate_, [&](const auto& entry) { return now - entry.second.last > std::chrono::minutes(1); });
  auto [it, fresh] = http_rate_.try_emplace(address);
  if (fresh) it->second = Bucket{options_.http_burst, now};
  return it->second.take(now, options_.http_requests_per_second, options_.http_burst);
}

Response NetworkServer::reply(const Request& request, http::status status, std::string type, std::string body) {
  Response response{status, request.version()};
  response.set(http::field::server, "inbetween");
  response.keep_alive(request.keep_alive());
  response.set(http::field::content_type, type);
  response.set(http::field::cache_control, "no-store");
  page_guards(response);
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

Response NetworkServer::answer(const Request& request) {
  auto reply = [&](http::status status, std::string type, std::string body) { return NetworkServer::reply(request, status, std::move(type), std::move(body)); };
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

// GCC 12 takes the frame of this coroutine, freed by asio's own operator delete, for one from
// another allocation function once the coroutine is not in an unnamed namespace (as it was while
// the server was one file): asio's frame allocation and deallocation are a matched pair.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
// A log being written out a part at a time (answer_table, then write_log): the game's log, the
// place among the long work its first part was admitted to, who asks and what it is named.
struct NetworkServer::LogParts {
  GameLog log;
  std::shared_ptr<void> slot;
  std::string address, code, name;
};

// The stored game's head is copied on the network thread (no replay, no move), then its moves
// are read from the store a page at a time on heavy workers, admitted per table and per address
// like every long request; past the limits, 503 after --heavy-wait-ms. A check reads the log as
// a stream; a log is left to write_log, never made whole (one verify of a game of 78,505 events
// had held 64 MB until its connection closed; docs/server.md, "HTTP").
asio::awaitable<Response> NetworkServer::answer_table(const Request& request, const std::string& address, std::shared_ptr<LogParts>& parts) {
  if (request.method() != http::verb::get) co_return reply(request, http::status::method_not_allowed, "text/plain", "GET only\n");
  std::string rest(request.target().substr(8));
  std::string query;
  if (auto q = rest.find('?'); q != std::string::npos) {
    query = rest.substr(q + 1);
    rest.resize(q);
  }
  auto slash = rest.find('/');
  std::string code = rest.substr(0, slash);
  std::string what = slash == std::string::npos ? "" : rest.substr(slash + 1);
  if (what != "log" && what != "verify") co_return reply(request, http::status::not_found, "text/plain", "no such page\n");
  int game = 0;  // the table's latest
  if (query.starts_with("game=")) {
    try {
      game = std::stoi(query.substr(5));
    } catch (const std::exception&) {
      co_return reply(request, http::status::bad_request, "text/plain", "?game=N: N is a game number\n");
    }
    if (game <= 0) co_return reply(request, http::status::bad_request, "text/plain", "?game=N: N is a game number from 1\n");
  }
  StoredGame stored;
  std::shared_ptr<void> slot;
  auto home = co_await asio::this_coro::executor;
  // Past a limit the request waits for a place (looked for again every kBusyPoll: places free as
  // work ends on other threads) for up to --heavy-wait-ms, then is refused: a client that loops
  // on refusals makes a few tries a second, not thousands (docs/performance.md, "A busy check waits").
  for (auto waited = std::chrono::milliseconds(0);; waited += kBusyPoll) {
    try {
      slot = lobby_.heavy_slot(address, code);  // first: a refused request copies nothing
      stored = lobby_.finished_game(code, game);
      break;
    } catch (const Refused& e) {
      if (e.code != "busy") co_return reply(request, http::status::not_found, "text/plain", std::string(e.what()) + "\n");
      if (waited >= options_.heavy_wait) co_return reply(request, http::status::service_unavailable, "text/plain", std::string(e.what()) + "\n");
    } catch (const std::exception& e) {
      co_return reply(request, http::status::internal_server_error, "text/plain", fmt::format("table {}: {}\n", code, e.what()));
    }
    slot.reset();
    asio::steady_timer pause(home, kBusyPoll);
    beast::error_code paused;
    co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, paused));
  }
  std::string name = fmt::format("inbetween-{}-{}.jsonl", code, stored.game);  // the log's download name
  if (what == "log") {
    parts = std::make_shared<LogParts>(GameLog(lobby_.store(), code, std::move(stored)), std::move(slot), address, code, std::move(name));
    co_return Response{};
  }
  // The worker's answer cancels a timer on this connection's thread that never fires: the
  // signal this coroutine waits on. (Written out here, not as a coroutine taking the work: GCC
  // 12 freed such a temporary twice.)
  auto signal = std::make_shared<asio::steady_timer>(home, asio::steady_timer::time_point::max());
  auto result = std::make_shared<json>();
  std::function<json()> work = [&store = lobby_.store(), code, name, stored = std::move(stored)] {
    return json(verify_stored(store, code, stored, name).text);
  };
  off_thread(Lane::heavy, std::move(work), [this, signal, result, slot, home](json answer) {
    *result = std::move(answer);
    // Answered, as a message is, once the moves it holds are committed (CommitGate).
    gate_.pass([signal, home] { asio::post(home, [signal] { signal->cancel(); }); });
  });
  beast::error_code ec;
  co_await signal->async_wait(asio::redirect_error(asio::use_awaitable, ec));
  json done = std::move(*result);
  if (!done.is_string()) co_return reply(request, http::status::internal_server_error, "text/plain", "the log could not be read\n");
  co_return reply(request, http::status::ok, "text/plain; charset=utf-8", done.get<std::string>());
}

// Each part is made on a heavy worker, admitted as any long work (the first by answer_table), its
// place held while it is made, not while it is written: a reader that reads slowly holds no place
// another table's hint could use. The first part waits until the moves it read are committed
// (CommitGate: a game that is over gets no more move, so that pass covers them all). A reader
// that takes more than 30 s over a part is let go, as a request that takes as long to arrive.
asio::awaitable<bool> NetworkServer::write_log(beast::tcp_stream& stream, const Request& request, std::shared_ptr<LogParts> parts) {
  auto home = co_await asio::this_coro::executor;
  auto result = std::make_shared<json>();
  std::function<json()> work = [parts] { return json(parts->log.next()); };
  beast::error_code ec;
  for (bool first = true;; first = false) {
    // A place is a handle that owns nothing but its count (its pointer is null): held while owned.
    std::shared_ptr<void> slot = std::move(parts->slot);
    for (auto waited = std::chrono::milliseconds(0); slot.use_count() == 0; waited += kBusyPoll) {
      try {
        slot = lobby_.heavy_slot(parts->address, parts->code);
        break;
      } catch (const Refused&) {
        if (waited >= options_.heavy_wait) co_return false;  // cut short: the log is not whole
      }
      asio::steady_timer pause(home, kBusyPoll);
      co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    }
    // As answer_table's: the worker's answer cancels a timer that never fires.
    auto signal = std::make_shared<asio::steady_timer>(home, asio::steady_timer::time_point::max());
    off_thread(Lane::heavy, work, [this, signal, result, home, first, slot](json answer) {
      *result = std::move(answer);
      auto wake = [signal, home] { asio::post(home, [signal] { signal->cancel(); }); };
      if (first) gate_.pass(wake);
      else wake();
    });
    co_await signal->async_wait(asio::redirect_error(asio::use_awaitable, ec));
    json part = std::move(*result);
    if (!part.is_string() && first) {
      Response failed = reply(request, http::status::internal_server_error, "text/plain", "the log could not be read\n");
      co_await http::async_write(stream, failed, asio::redirect_error(asio::use_awaitable, ec));
      co_return !ec && failed.keep_alive();
    }
    if (!part.is_string()) co_return false;  // the store failed mid-way: the log is cut short (no last chunk)
    stream.expires_after(std::chrono::seconds(30));
    if (first) {
      http::response<http::empty_body> head{http::status::ok, request.version()};
      head.set(http::field::server, "inbetween");
      head.set(http::field::content_type, "application/x-ndjson");
      head.set(http::field::cache_control, "no-store");
      head.set(http::field::content_disposition, fmt::format("attachment; filename=\"{}\"", parts->name));
      page_guards(head);
      head.keep_alive(request.keep_alive());
      head.chunked(true);
      http::response_serializer<http::empty_body> serializer{head};
      co_await http::async_write_header(stream, serializer, asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return false;
    }
    const std::string& text = part.get_ref<const std::string&>();
    if (text.empty()) {
      co_await asio::async_write(stream, http::make_chunk_last(), asio::redirect_error(asio::use_awaitable, ec));
      co_return !ec && request.keep_alive();
    }
    co_await asio::async_write(stream, http::make_chunk(asio::buffer(text)), asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return false;
  }
}
#pragma GCC diagnostic pop

}  // namespace inbetween::server
