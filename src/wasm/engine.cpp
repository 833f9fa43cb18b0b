// The engine for the page (issue 50): the engine protocol of docs/protocol.md behind one C
// function, compiled to WebAssembly by Emscripten (src/wasm/wasm.cmake). A request line in, its
// reply line out, exactly as `inbetween engine` answers it on stdout: the same Engine, the same
// rules and decks (embedded at INBETWEEN_DATA_DIR), so a game replays byte for byte in both.
#include <cstdlib>
#include <string>

#include "protocol/engine_loop.h"
#include "protocol/local_table.h"

namespace {
// The page runs one engine a worker; its reply lives until the next call.
inbetween::protocol::Engine& engine() {
  static inbetween::protocol::Engine one = [] {
    // The solver's disk cache would be a second copy of each table in the page's memory.
    ::setenv("INBETWEEN_CACHE_DIR", "off", 1);
    return inbetween::protocol::Engine();
  }();
  return one;
}
std::string reply;

// `value` as JSON text in `reply`, as value.dump(-1, ' ', false, replace) writes it, but into the
// buffer the last reply left rather than a new string grown from nothing each call (hoyle games
// about 5% faster under Node; docs/performance.md, "The engine as WebAssembly").
const char* reply_with(const nlohmann::json& value) {
  if (reply.capacity() > (std::size_t{1} << 20)) std::string().swap(reply);  // no huge reply kept
  reply.clear();
  nlohmann::detail::serializer<nlohmann::json> out(nlohmann::detail::output_adapter<char, std::string>(reply), ' ',
                                                   nlohmann::json::error_handler_t::replace);
  out.dump(value, false, false, 0);
  return reply.c_str();
}
}  // namespace

// The reply to one request line (JSON text, as `inbetween engine` prints it); valid until the
// next call.
extern "C" const char* inbetween_handle(const char* line) {
  return reply_with(engine().handle(line));
}

// The page's own table (protocol/local_table.h): one message of the page in (JSON text, as it
// would send the server), the replies out as a JSON array of the server's messages; valid until
// the next call. The Web Worker (web/src/local-worker.ts) calls it.
extern "C" const char* inbetween_local(const char* message) {
  static inbetween::protocol::LocalTable table;
  nlohmann::json parsed = nlohmann::json::parse(message, nullptr, false);
  if (parsed.is_discarded()) {
    reply = R"([{"type":"error","code":"bad_message","message":"a message is one JSON object"}])";
    return reply.c_str();
  }
  return reply_with(table.handle(parsed));
}
