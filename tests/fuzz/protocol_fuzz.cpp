// Fuzz target: the engine protocol's line handler on arbitrary bytes. An input is split into
// lines, each handed in turn to one Engine, so a game started by one line is played, asked
// about and refused by the next. Besides crashes and sanitizer findings it checks what
// docs/protocol.md promises: handle() never throws, every reply is an object with a boolean
// "ok" that encodes as valid UTF-8, a refusal gives the engine's own reason (no "internal"
// error, no library's exception text), and a refused request changes nothing (the game's
// state and log are the same before and after it).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_guard.h"
#include "protocol/engine_loop.h"
#include "protocol/request_line.h"

namespace {

using inbetween::protocol::json;

[[noreturn]] void broken(const char* promise, const std::string& line, const std::string& detail) {
  std::fprintf(stderr, "protocol_fuzz: %s\n  line: %s\n  %s\n", promise, line.c_str(), detail.c_str());
  std::abort();
}

// The line as handed to the engine, or nothing for a line the target skips: a `new` naming a
// file by a path (fuzz_guard.h), and ThreeBeTween's exact solvers (a hint, the optimal and
// winning bots): a second to minutes of arithmetic per call on the rules' tables, not input
// handling, which tests/three_solver_test.cpp and three_win_test.cpp cover. A `new` without a
// seed is given one: the engine would draw it from the system, and a run would not repeat.
std::optional<std::string> prepared(inbetween::protocol::Engine& engine, const std::string& line) {
  json request;
  try {
    request = inbetween::protocol::parse_request_line(line);
  } catch (const inbetween::protocol::ProtocolError&) {
    return line;  // the engine refuses it the same way
  }
  if (!request.is_object()) return line;
  auto cmd = request.find("cmd");
  if (cmd == request.end() || !cmd->is_string()) return line;
  if (*cmd == "new") {
    if (inbetween::fuzz::names_a_path(request)) return std::nullopt;
    if (request.contains("seed")) return line;
    request["seed"] = 1;
    return request.dump();
  }
  bool solver = *cmd == "hint" || (*cmd == "act" && request.contains("bot") && (request["bot"] == "optimal" || request["bot"] == "winning"));
  if (solver && engine.session() && engine.session()->state().value("game", std::string()) == "threebetween") return std::nullopt;
  return line;
}

std::string printable(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string snapshot(inbetween::protocol::Engine& engine) {
  auto* session = engine.session();
  return session ? session->state().dump() + session->log().dump() : std::string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  inbetween::protocol::Engine engine;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty() && !engine.quit()) {
    auto end = input.find('\n');
    std::string text(input.substr(0, end));
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto ready = prepared(engine, text);
    if (!ready) continue;
    const std::string& line = *ready;
    std::string before = snapshot(engine);
    json reply = engine.handle(line);
    if (!reply.is_object() || !reply.contains("ok") || !reply["ok"].is_boolean()) broken("a reply without \"ok\"", line, printable(reply));
    try {
      (void)reply.dump();  // strict: throws on invalid UTF-8
    } catch (const json::exception& e) {
      broken("a reply that is not valid UTF-8", line, e.what());
    }
    if (reply["ok"].get<bool>()) continue;
    // A refusal names its reason in the engine's words; "internal", or a library's exception
    // text, means an exception got past the code that should have refused the request.
    const json& error = reply["error"];
    std::string message = error.value("message", std::string());
    if (error.value("code", std::string()) == "internal" || message.starts_with("[json.exception"))
      broken("a library exception reached the top of the engine", line, printable(reply));
    if (snapshot(engine) != before) broken("a refused request changed the game", line, printable(reply));
  }
  return 0;
}
