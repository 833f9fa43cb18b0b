#pragma once
// JSON at the edge, one adapter per family: Codec<F> turns F's typed actions, events, legal
// choices, views and hints into protocol JSON and back. Nothing below protocol/ sees JSON.
#include <string>

#include <nlohmann/json.hpp>

#include "games/house/family.h"
#include "games/pot/family.h"
#include "games/three/family.h"
#include "protocol/house_codec.h"
#include "protocol/json_codec.h"
#include "protocol/three_codec.h"

namespace inbetween::protocol {

// Specialised per family.
template <class F>
struct Codec;

// The exact value of every choice open to the player to act and the best one; throws
// ProtocolError("nobody_to_act") when the game is over.
json pot_hint_json(const pot::PotGame& game, const json& request);
// Option "composition": "fresh" (the default, a cached table) or "remaining" (the cards still
// in the shoe; solved on the spot, about half a second).
json three_hint_json(const three::ThreeGame& game, const json& request);

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

template <>
struct Codec<house::HouseFamily> {
  using Game = house::HouseGame;
  static constexpr const char* kActionExample = "{\"type\":\"bet\",\"amount\":2}";
  static cards::CardCode stacked_card(const rules::HouseRules&, const json& j) { return card_from_json(j).code; }
  static json action(const Game&, const pot::Action& a) { return action_json(a); }
  static pot::Action action_from(const Game&, games::Seat, const json& j) { return action_from_json(j); }
  static json event(const Game& g, const pot::Event& e) { return event_json(g.players(), e); }
  static json legal(const Game& g, games::Seat seat) { return legal_json(g.players(), seat, g.legal(seat)); }
  static json state(const house::View& v) { return house_state_json(v); }
  static json hint(const Game& g, const json& request) { return house_hint_json(g, request); }
};

template <>
struct Codec<three::ThreeFamily> {
  using Game = three::ThreeGame;
  static constexpr const char* kActionExample = "{\"type\":\"draw\"}";
  static cards::CardCode stacked_card(const rules::ThreeRules& r, const json& j) { return letter_card_from_json(r.letter_deck, j); }
  static json action(const Game& g, const three::Action& a) { return three_action_json(g.deck(), a); }
  static three::Action action_from(const Game& g, games::Seat seat, const json& j) { return three_action_from_json(g, seat, j); }
  static json event(const Game& g, const three::Event& e) { return three_event_json(g, e); }
  static json legal(const Game& g, games::Seat seat) { return three_legal_json(g, seat); }
  static json state(const three::View& v) { return three_state_json(v); }
  static json hint(const Game& g, const json& request) { return three_hint_json(g, request); }
};

}  // namespace inbetween::protocol
