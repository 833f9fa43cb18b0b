#pragma once
// Who made a move that a game's log records for a seat: the seat's own player, or a bot the table
// server had play for a person (docs/server.md, "played_for"). A server's log marks such an `act`
// line with `"by"`; an engine ignores the field, as the move is the same whoever chose it.
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "protocol/json.h"

namespace inbetween::protocol {

enum class MadeBy {
  player,  // no "by": the seat's player (or the bot in a bot's seat)
  clock,   // "clock": the person's turn clock ran out, connected or not, and a bot moved for them
  away,    // "away": a bot played the seat while its person was away
};

inline const char* made_by_name(MadeBy by) {
  switch (by) {
    case MadeBy::clock: return "clock";
    case MadeBy::away: return "away";
    case MadeBy::player: break;
  }
  return "player";
}

// The "by" of an `act` line; throws ProtocolError("bad_request") naming the allowed values when it
// is anything but absent, "clock" or "away".
inline MadeBy made_by(const nlohmann::json& line) {
  auto by = line.find("by");
  if (by == line.end()) return MadeBy::player;
  if (*by == "clock") return MadeBy::clock;
  if (*by == "away") return MadeBy::away;
  throw ProtocolError("bad_request",
                      fmt::format("\"by\": {} is not who may make a move for a player: \"clock\" (their time ran out) or \"away\" "
                                  "(they were away); a move of their own has no \"by\"",
                                  by->dump()));
}

}  // namespace inbetween::protocol
