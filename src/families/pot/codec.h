#pragma once
// The pot games' JSON adapter (the protocol layer): their actions, events, legal actions, state
// and hint, on the card-table codec (families/card_table/codec.h).
#include <span>

#include "families/card_table/codec.h"
#include "families/pot/family.h"
#include "protocol/codec_of.h"

namespace inbetween::protocol {

namespace pot = games::pot;

// Throws ProtocolError("bad_action") for an unknown type or a missing/invalid field; a house
// game's raise or stand gets the refusal the game gave it before the families were split.
pot::Action pot_action_from_json(const json& j);
json legal_json(std::span<const pot::Player> players, games::Seat player, const pot::Legal& legal);
// The table as `view`'s seat sees it; fill_state writes it into `into`, reusing what is there
// (protocol/json_fill.h).
json state_json(const pot::View& view);
void fill_state(const pot::View& view, json& into);
const char* phase_name(pot::Phase phase);

// The exact value of every choice open to the player to act and the best one; throws
// ProtocolError("nobody_to_act") when the game is over.
json pot_hint_json(const pot::PotGame& game, const json& request);

template <>
struct Codec<pot::PotFamily> : CardTableCodec<pot::PotGame> {
  using Game = pot::PotGame;
  static pot::Action action_from(const Game&, games::Seat, const json& j) { return pot_action_from_json(j); }
  static json legal(const Game& g, games::Seat seat) { return legal_json(g.players(), seat, g.legal(seat)); }
  static json state(const pot::View& v) { return state_json(v); }
  static void fill_state(const pot::View& v, json& into) { protocol::fill_state(v, into); }
  static json hint(const Game& g, const json& request) { return pot_hint_json(g, request); }
};

}  // namespace inbetween::protocol
