#pragma once
// JSON for the house games (Red Dog): their actions, events, legal actions, state and hint, on
// the card-table codec (families/card_table/codec.h).
#include <span>

#include "families/card_table/codec.h"
#include "families/house/family.h"
#include "protocol/codec_of.h"

namespace inbetween::protocol {

namespace house = games::house;

// Throws ProtocolError("bad_action") for an unknown type or a missing/invalid field; a pot
// game's call or rebuy gets the refusal the game gave it before the families were split.
house::Action house_action_from_json(const json& j);
json legal_json(std::span<const house::Player> players, games::Seat player, const house::Legal& legal);
const char* phase_name(house::Phase phase);
// The table as `view`'s seat sees it; the same fields as a pot game's state (docs/protocol.md),
// with "game": "house".
json house_state_json(const house::View& view);
// The same written into `into`, reusing what is there (protocol/json_fill.h).
void fill_house_state(const house::View& view, json& into);
// The exact value of every choice open to the player to act and the best one; throws
// ProtocolError("nobody_to_act") when the game is over.
json house_hint_json(const house::HouseGame& game, const json& request);

template <>
struct Codec<house::HouseFamily> : CardTableCodec<house::HouseGame> {
  using Game = house::HouseGame;
  static house::Action action_from(const Game&, games::Seat, const json& j) { return house_action_from_json(j); }
  static json legal(const Game& g, games::Seat seat) { return legal_json(g.players(), seat, g.legal(seat)); }
  static json state(const house::View& v) { return house_state_json(v); }
  static void fill_state(const house::View& v, json& into) { fill_house_state(v, into); }
  static json hint(const Game& g, const json& request) { return house_hint_json(g, request); }
};

}  // namespace inbetween::protocol
