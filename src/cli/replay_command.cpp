// `inbetween replay FILE`: plays a saved game (protocol lines) back and tells what happened.
#include <fstream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/table_view.h"
#include "protocol/session.h"

namespace inbetween::cli {

int run_replay(const std::string& file, const std::string& color, std::ostream& out) {
  using protocol::json;
  Style style{want_color(color)};
  std::ifstream f(file);
  if (!f) throw protocol::ProtocolError("bad_file", fmt::format("{}: cannot open", file));
  std::unique_ptr<protocol::GameSession> session;
  protocol::PotSession* pot_session = nullptr;
  std::string line;
  int number = 0;
  while (std::getline(f, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json request = json::parse(line, nullptr, false);
    auto fail = [&](const std::string& why) {
      return protocol::ProtocolError("bad_file", fmt::format("{}:{}: {}", file, number, why));
    };
    if (request.is_discarded() || !request.is_object()) throw fail("not a JSON object");
    std::string cmd = request.value("cmd", "");
    try {
      if (cmd == "new") {
        session = protocol::new_session(request);
        pot_session = dynamic_cast<protocol::PotSession*>(session.get());
        if (!pot_session) throw fail("replay shows pot games only");
        const auto& game = pot_session->game();
        fmt::print(out, "{}\n", bold(style, fmt::format("Replay of {}: {}, seed {}", file, game.rules().name,
                                                         request.value("seed", std::uint64_t{0}))));
        for (const auto& e : pot_session->opening()) {
          std::string text = narrate(style, game, e);
          if (!text.empty()) fmt::print(out, "{}\n", text);
        }
      } else if (cmd == "act") {
        if (!pot_session) throw fail("an act before the new game");
        std::vector<games::pot::Event> events;
        pot_session->act_events(request, events);
        for (const auto& e : events) {
          std::string text = narrate(style, pot_session->game(), e);
          if (!text.empty()) fmt::print(out, "{}\n", text);
        }
      } else if (cmd != "state" && cmd != "legal" && cmd != "log" && cmd != "quit") {
        throw fail(fmt::format("unknown cmd \"{}\"", cmd));
      }
    } catch (const protocol::ProtocolError& e) {
      if (e.code == "bad_file") throw;
      throw fail(e.what());
    }
  }
  if (!pot_session) throw protocol::ProtocolError("bad_file", fmt::format("{}: no game in the file", file));
  if (pot_session->game().over()) fmt::print(out, "\n{}", show_standings(style, pot_session->game()));
  else fmt::print(out, "\n(the game was left unfinished; continue it with `inbetween play --load {}`)\n", file);
  return 0;
}

}  // namespace inbetween::cli
