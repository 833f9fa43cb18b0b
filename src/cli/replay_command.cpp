// `inbetween replay FILE`: plays a saved game (protocol lines) back and tells what happened.
#include <fstream>
#include <functional>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/play_loop.h"
#include "cli/style.h"
#include "protocol/request_line.h"

namespace inbetween::cli {

int run_replay(const std::string& file, const std::string& color, std::ostream& out) {
  using protocol::json;
  Style style{want_color(color)};
  std::ifstream f(file);
  if (!f) throw protocol::ProtocolError("bad_file", fmt::format("{}: cannot open", file));
  // The game of the file's `new` line, whatever its family, kept behind three callbacks.
  std::shared_ptr<protocol::GameSession> session;
  std::function<void(const json&)> act;
  std::function<void()> ending;
  std::string line;
  int number = 0;
  while (std::getline(f, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto fail = [&](const std::string& why) {
      return protocol::ProtocolError("bad_file", fmt::format("{}:{}: {}", file, number, why));
    };
    json request;
    try {
      request = protocol::parse_request_line(line);
    } catch (const protocol::ProtocolError& e) {
      throw fail(e.what());
    }
    if (!request.is_object()) throw fail("not a JSON object");
    std::string cmd = request.value("cmd", "");
    try {
      if (cmd == "new") {
        protocol::check_saved_dealing(request, file);
        protocol::with_new_session(request, [&]<games::Family F>(std::unique_ptr<protocol::TableSession<F>> typed) {
          auto shared = std::shared_ptr<protocol::TableSession<F>>(std::move(typed));
          auto narrator = std::make_shared<ReplayNarrator<F>>(*shared, style);
          session = shared;
          act = [narrator, &out](const json& r) { narrator->act(r, out); };
          ending = [narrator, &out] { narrator->ending(out); };
          fmt::print(out, "{}\n", bold(style, fmt::format("Replay of {}: {}, seed {}", file, request.value("rules", std::string()),
                                                           request.value("seed", std::uint64_t{0}))));
          narrator->opening(out);
        });
      } else if (cmd == "act") {
        if (!act) throw fail("an act before the new game");
        act(request);
      } else if (cmd != "state" && cmd != "legal" && cmd != "log" && cmd != "quit") {
        throw fail(fmt::format("unknown cmd \"{}\"", cmd));
      }
    } catch (const protocol::ProtocolError& e) {
      if (e.code == "bad_file" || e.code == "old_dealing") throw;
      throw fail(e.what());
    }
  }
  if (!session) throw protocol::ProtocolError("bad_file", fmt::format("{}: no game in the file", file));
  if (session->over()) ending();
  else fmt::print(out, "\n(the game was left unfinished; continue it with `inbetween play --load {}`)\n", file);
  return 0;
}

}  // namespace inbetween::cli
