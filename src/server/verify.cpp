#include "server/verify.h"

#include <fmt/format.h>

#include "protocol/request_line.h"
#include "protocol/session.h"
#include "server/fairness.h"

namespace inbetween::server {
namespace {
using protocol::json;

// The first event where two lists differ, as a sentence; empty when they are the same.
std::string first_difference(const json& recorded, const json& replayed) {
  if (!recorded.is_array()) return "it records no \"events\" list";
  std::size_t n = std::max(recorded.size(), replayed.size());
  for (std::size_t i = 0; i < n; ++i) {
    json a = i < recorded.size() ? recorded[i] : json("nothing");
    json b = i < replayed.size() ? replayed[i] : json("nothing");
    if (a != b) return fmt::format("event {}: the log says {}, the seed and moves give {}", i + 1, a.dump(), b.dump());
  }
  return {};
}

VerifyReport mismatch(const std::string& name, std::size_t line, const std::string& why) {
  return {false, fmt::format("MISMATCH in {}, line {}: {}\n", name, line, why)};
}
}  // namespace

VerifyReport verify_log(std::istream& in, const std::string& name) {
  std::string text;
  std::size_t line_number = 0;
  std::unique_ptr<protocol::GameSession> session;
  std::string table, commit;
  int game = 0;
  std::uint64_t seed = 0;
  std::size_t moves = 0;
  try {
    while (protocol::read_bounded_line(in, text)) {
      ++line_number;
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      json line = protocol::parse_request_line(text);
      if (!session) {
        if (!line.is_object() || line.value("cmd", "") != "new")
          return mismatch(name, line_number, "a game log starts with its \"new\" request");
        if (!line.contains("table") || !line["table"].is_string() || !line.contains("game") || !line["game"].is_number_integer() ||
            !line.contains("commit") || !line["commit"].is_string() || !line.contains("seed") || !line["seed"].is_number_unsigned())
          return mismatch(name, line_number, "the \"new\" request lacks the table, game, commit or seed the server records");
        table = line["table"].get<std::string>();
        game = line["game"].get<int>();
        commit = line["commit"].get<std::string>();
        seed = line["seed"].get<std::uint64_t>();
        std::string expected = commitment(table, game, seed);
        if (expected != commit)
          return mismatch(name, line_number,
                          fmt::format("the seed {} does not match the commitment: SHA-256(\"{}:{}:{}\") is {}, the log says {}", seed,
                                      table, game, seed, expected, commit));
        protocol::check_saved_dealing(line, name);
        session = protocol::new_session(line);
        if (auto why = first_difference(line.value("events", json()), session->opening_events()); !why.empty())
          return mismatch(name, line_number, "the opening: " + why);
        continue;
      }
      if (!line.is_object() || line.value("cmd", "") != "act")
        return mismatch(name, line_number, "after \"new\", every line of a game log is an \"act\"");
      json events;
      try {
        events = session->act(line);
      } catch (const protocol::ProtocolError& e) {
        return mismatch(name, line_number, fmt::format("the move is refused by the rules: {}", e.what()));
      }
      ++moves;
      if (auto why = first_difference(line.value("events", json()), events); !why.empty()) return mismatch(name, line_number, why);
    }
  } catch (const protocol::ProtocolError& e) {
    return mismatch(name, line_number, e.what());
  }
  if (!session) return {false, fmt::format("MISMATCH in {}: the log is empty\n", name)};
  std::string ending = session->over() ? "the game is over" : "the log ends before the game does";
  // The family's own word for what the players hold: chips, or ThreeBeTween's points.
  std::string_view unit = session->table().view(games::kNobody).unit;
  return {session->over(), fmt::format("{} {}: table {} game {}: the seed {} matches the commitment {}; {} moves replay to every "
                                       "card and all the {} the log records; {}\n",
                                       session->over() ? "OK" : "INCOMPLETE", name, table, game, seed, commit, moves, unit, ending)};
}

}  // namespace inbetween::server
