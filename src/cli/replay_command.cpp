// `inbetween replay FILE`: plays a saved game (protocol lines) back and tells what happened.
#include <cstdio>
#include <functional>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/play_loop.h"
#include "cli/style.h"
#include "protocol/made_by.h"

namespace inbetween::cli {

int run_replay(const std::string& file, const std::string& color, std::ostream& out) {
  using protocol::json;
  Style style{want_color(color)};
  // Read as `play --load` reads it (the same lines accepted, the same refusals), then told.
  SavedGame saved = load_saved_game(file);
  for (const auto& note : saved.notes) fmt::print(stderr, "inbetween: note: {}\n", note);
  const json& request = saved.request;
  // The game of the file's `new` line, whatever its family, kept behind three callbacks.
  std::shared_ptr<protocol::GameSession> session;
  std::function<void(const json&)> act;
  std::function<void()> ending;
  try {
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
  } catch (const protocol::ProtocolError& e) {
    throw protocol::ProtocolError("bad_file", fmt::format("{}:1: {}", file, e.what()));
  }
  for (std::size_t i = 0; i < saved.moves.size(); ++i) {
    // A move the table server made for a player (their time ran out, or they were away) is said
    // so before it is told (the reader let through only the marks a server writes).
    const json& move = saved.moves[i];
    std::string player = move.contains("player") && move["player"].is_string() ? move["player"].get<std::string>() : "the player";
    switch (protocol::made_by(move)) {
      case protocol::MadeBy::clock: fmt::print(out, "time ran out: a bot played for {}\n", player); break;
      case protocol::MadeBy::away: fmt::print(out, "{} is away: a bot played for them\n", player); break;
      case protocol::MadeBy::player: break;
    }
    try {
      act(move);
    } catch (const protocol::ProtocolError& e) {
      throw protocol::ProtocolError("bad_file", fmt::format("{}:{}: {}", file, saved.lines[i], e.what()));
    }
  }
  if (session->over()) ending();
  else fmt::print(out, "\n(the game was left unfinished; continue it with `inbetween play --load {}`)\n", file);
  return 0;
}

}  // namespace inbetween::cli
