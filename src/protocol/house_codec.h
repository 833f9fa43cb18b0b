#pragma once
// JSON for the house games (Red Dog): the pot games' actions and events, the house's state.
#include <nlohmann/json.hpp>

#include "games/house/family.h"
#include "protocol/json_codec.h"

namespace inbetween::protocol {

namespace house = games::house;

// The table as `view`'s seat sees it; the same fields as a pot game's state (docs/protocol.md),
// with "game": "house".
json house_state_json(const house::View& view);
// The exact value of every choice open to the player to act and the best one; throws
// ProtocolError("nobody_to_act") when the game is over.
json house_hint_json(const house::HouseGame& game, const json& request);

}  // namespace inbetween::protocol
