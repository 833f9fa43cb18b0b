// Fuzz target: the server's WebSocket message handler (Lobby::receive) on arbitrary bytes, with
// no network: an input is split into lines, each line is one text message from one of three
// connections, and the lobby's bots, hints and timers run between messages on a fake clock.
// Besides crashes and sanitizer findings it checks what docs/server.md promises: receive()
// never throws, every message a client gets is a JSON object with a "type", an error carries a
// code that is not "internal" (no library's exception text reaches a client), and a seat's
// token is told to the connection that took the seat and to nobody else.
//
// A line may start with '1' or '2' to come from that connection (otherwise connection 0).
// Random bytes rarely spell a table code or a 128-bit token, so in a line "$T" stands for the
// newest table code a connection was told and "$K0".."$K2" for the newest token each connection
// was given: the fuzzer then reaches acts, hints and chat at real tables.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "../support/fake_hooks.h"
#include "server/lobby.h"
#include "server/sqlite_store.h"
#include "server/store.h"
#include "families/three/solver.h"

namespace {

using nlohmann::json;
using inbetween::server::ConnId;

constexpr ConnId kConnections = 3;

[[noreturn]] void broken(const char* promise, const std::string& line, const std::string& detail) {
  std::fprintf(stderr, "lobby_fuzz: %s\n  message: %s\n  %s\n", promise, line.c_str(), detail.c_str());
  std::abort();
}

void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
}

// What the target remembers of the messages sent so far.
struct Told {
  std::string table;                 // the newest table code any connection was told
  std::string tokens[kConnections];  // the newest token each connection was given
  std::size_t checked[kConnections] = {};
};

// Checks every message sent since the last call, and learns table codes and tokens from them.
void check_sent(inbetween::testing::FakeHooks& hooks, Told& told, const std::string& line) {
  for (ConnId conn = 0; conn < kConnections; ++conn) {
    auto& inbox = hooks.inbox[conn];
    for (std::size_t i = told.checked[conn]; i < inbox.size(); ++i) {
      const json& m = inbox[i];
      if (!m.is_object() || !m.contains("type") || !m["type"].is_string()) broken("a message without a type", line, m.dump());
      if (m["type"] == "error") {
        if (!m.contains("code") || !m["code"].is_string()) broken("an error without a code", line, m.dump());
        if (m["code"] == "internal") broken("an internal error reached a client", line, m.dump());
      }
      if (m["type"] == "seated") told.tokens[conn] = m.value("token", "");
      if (m.contains("table") && m["table"].is_string()) told.table = m["table"];
      std::string text = m.dump();
      for (ConnId other = 0; other < kConnections; ++other)
        if (other != conn && !told.tokens[other].empty() && told.tokens[other] != told.tokens[conn] &&
            text.find(told.tokens[other]) != std::string::npos)
          broken("a seat's token was sent to another connection", line, text);
    }
    told.checked[conn] = inbox.size();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(bytes), size);
  // ThreeBeTween's exact solver under a 1 MB limit: a hint or the optimal bot at a ThreeBeTween
  // table is refused at once (`too_big`, the bot plays as sensible), as a server with a small
  // --solver-mb would; solving itself is seconds of arithmetic, covered by three_solver_test.
  inbetween::strategy::ThreeSolver::set_memory_limit(1 << 20);
  inbetween::server::SqliteStore store(":memory:");
  inbetween::testing::FakeHooks hooks;
  inbetween::server::LobbyOptions options;
  options.max_tables = 4;
  inbetween::server::Lobby lobby(store, hooks, options);
  for (ConnId conn = 0; conn < kConnections; ++conn) lobby.open(conn, "127.0.0.1");
  Told told;
  int lines = 0;
  while (!input.empty() && lines++ < 64) {
    auto end = input.find('\n');
    std::string line(input.substr(0, end));
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    ConnId conn = 0;
    if (!line.empty() && (line[0] == '1' || line[0] == '2')) {
      conn = static_cast<ConnId>(line[0] - '0');
      line.erase(0, 1);
    }
    replace_all(line, "$T", told.table);
    for (ConnId k = 0; k < kConnections; ++k) replace_all(line, "$K" + std::to_string(k), told.tokens[k]);
    try {
      lobby.receive(conn, line);
    } catch (const std::exception& e) {
      broken("receive() threw", line, e.what());
    }
    // A second passes between messages: bots move, the rate limit refills, away clocks run.
    hooks.advance(std::chrono::seconds(1));
    hooks.run(200);
    check_sent(hooks, told, line);
  }
  for (ConnId conn = 0; conn < kConnections; ++conn) lobby.close(conn);
  hooks.advance(std::chrono::hours(2));
  hooks.run(200);
  check_sent(hooks, told, "(the connections closed)");
  return 0;
}
