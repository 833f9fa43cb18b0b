#pragma once
// The pot games' JSON adapter (the protocol layer): the card-table codec (families/card_table/
// codec.h) with the pot game's state and hint.
#include "families/card_table/codec.h"
#include "families/pot/family.h"
#include "protocol/codec_of.h"

namespace inbetween::protocol {

// The exact value of every choice open to the player to act and the best one; throws
// ProtocolError("nobody_to_act") when the game is over.
json pot_hint_json(const pot::PotGame& game, const json& request);

template <>
struct Codec<pot::PotFamily> {
  using Game = pot::PotGame;
  static constexpr const char* kActionExample = "{\"type\":\"bet\",\"amount\":2}";
  static cards::CardCode stacked_card(const rules::PotRules&, const json& j) { return card_from_json(j).code; }
  static json action(const Game&, const pot::Action& a) { return action_json(a); }
  static pot::Action action_from(const Game&, games::Seat, const json& j) { return action_from_json(j); }
  static json event(const Game& g, const pot::Event& e) { return event_json(g, e); }
  static json legal(const Game& g, games::Seat seat) { return legal_json(g, seat); }
  static json state(const pot::View& v) { return state_json(v); }
  static json hint(const Game& g, const json& request) { return pot_hint_json(g, request); }
};

}  // namespace inbetween::protocol
