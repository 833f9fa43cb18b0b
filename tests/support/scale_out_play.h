#pragma once
// A person at a table of a real server, for the tests of several servers (docs/scale-out.md):
// acting on their turn with the first legal choice, as lobby_client.h's pages do.
#include <cstddef>
#include <stdexcept>
#include <string>

#include "lobby_client.h"
#include "serve_process.h"

namespace inbetween::testing {

// `name` acts whenever it is their turn until the game is over or it has `moves` moves; returns
// the last `table` message. An `error` on the way throws.
inline nlohmann::json play_as(WsClient& ws, nlohmann::json table, const std::string& code, const std::string& token,
                              const std::string& name, std::size_t moves) {
  while (table["status"] == "playing" && table["moves"].get<std::size_t>() < moves) {
    if (table["to_act"] == name)
      ws.send({{"type", "act"}, {"table", code}, {"token", token}, {"action", first_choice(table["legal"])}});
    table = ws.read_until("table");
    if (table.value("type", "") == "error") throw std::runtime_error(table.dump());
  }
  return table;
}

}  // namespace inbetween::testing
