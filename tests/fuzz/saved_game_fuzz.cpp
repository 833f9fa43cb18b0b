// Fuzz target: the save-file reader of `replay` and `play --load` on arbitrary bytes, and the
// game it reads played back move by move. The first byte chooses how the rest is read: as it
// is (nearly every mutation breaks a checksum, so the reader's refusals are fuzzed), or with
// the checksums of its lines made right first (so the lines' meaning is fuzzed: the `new`
// request, the moves, their order, a torn last line). A game that plays back is then saved the
// way `play` saves it, read again and played again: it must come out the same.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_guard.h"
#include "protocol/request_line.h"
#include "protocol/saved_game.h"

namespace {

using namespace inbetween;
using protocol::json;

[[noreturn]] void broken(const char* promise, const std::string& detail) {
  std::fprintf(stderr, "saved_game_fuzz: %s\n  %s\n", promise, detail.c_str());
  std::abort();
}

// The lines of `text` with their checksums chained as `play` writes them; a line that is not a
// JSON object, and a last line without its newline, stay as they are.
std::string with_checksums(std::string_view text) {
  std::string out, chain;
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    std::string line(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    at = end == std::string_view::npos ? text.size() : end + 1;
    if (end == std::string_view::npos) {
      out += line;
      break;
    }
    try {
      json j = protocol::parse_request_line(line);
      if (j.is_object() && !j.empty()) {
        j.erase("sum");
        line = protocol::checksummed_line(j.dump(), chain);
      }
    } catch (const protocol::ProtocolError&) {
    }
    out += line + "\n";
  }
  return out;
}

// The session's log as `play` saves it.
std::string saved_text(const protocol::GameSession& session) {
  std::string text, chain;
  for (const auto& line : session.log()) text += protocol::checksummed_line(line.dump(), chain) + "\n";
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string text = data[0] & 1 ? with_checksums(bytes) : std::string(bytes);
  protocol::SavedGame saved;
  try {
    saved = protocol::read_saved_game(text, "fuzz.jsonl");
  } catch (const protocol::ProtocolError&) {
    return 0;  // refused with its line and reason: what a bad file must get
  }
  if (fuzz::names_a_path(saved.request)) return 0;
  // Without a seed the engine draws one from the system: the run would not repeat.
  if (!saved.request.contains("seed")) saved.request["seed"] = 1;
  std::string first_log;
  try {
    protocol::with_new_session(saved.request, [&]<games::Family F>(std::unique_ptr<protocol::TableSession<F>> session) {
      protocol::replay_saved_moves(*session, saved, "fuzz.jsonl");
      first_log = session->log().dump();
      text = saved_text(*session);
    });
  } catch (const protocol::ProtocolError&) {
    return 0;
  }
  // What was played back, saved and read again, plays back to the same log.
  try {
    auto again = protocol::read_saved_game(text, "again.jsonl");
    if (!again.notes.empty()) broken("a note on a save just written", again.notes.front());
    protocol::with_new_session(again.request, [&]<games::Family F>(std::unique_ptr<protocol::TableSession<F>> session) {
      protocol::replay_saved_moves(*session, again, "again.jsonl");
      if (session->log().dump() != first_log) broken("a saved game read back plays differently", text);
    });
  } catch (const protocol::ProtocolError& e) {
    broken("a saved game read back is refused", std::string(e.what()) + "\n" + text);
  }
  return 0;
}
