#pragma once
// JSON for ThreeBeTween: cards as notation ("K", "A/E", "?"), actions, events, legal actions, state.
#include <nlohmann/json.hpp>

#include "families/three/family.h"
#include "families/card_table/codec.h"
#include "protocol/codec_of.h"

namespace inbetween::protocol {

namespace three = games::three;

// Throws ProtocolError("bad_card") naming the text and the deck.
cards::CardCode letter_card_from_json(const cards::LetterDeck& deck, const json& j);
json lay_json(const cards::LetterDeck& deck, const three::Lay& lay);
json three_action_json(const cards::LetterDeck& deck, const three::Action& action);
// Reads an action for `player`; a vowel card's "as" may be left out when only one vowel can go there.
three::Action three_action_from_json(const three::ThreeGame& game, games::Seat player, const json& j);
json three_event_json(const three::ThreeGame& game, const three::Event& event);
json three_legal_json(const three::ThreeGame& game, games::Seat player);
// The table as `view`'s seat sees it.
json three_state_json(const three::View& view);
// The same written into `into`, reusing what is there (protocol/json_fill.h).
void fill_three_state(const three::View& view, json& into);
const char* three_phase_name(three::Phase phase);
const char* status_name(three::Status status);


// The exact value of every choice open to the player to act and the best one. Option
// "composition": "fresh" (the default, a cached table) or "remaining" (the cards still in the
// shoe; solved on the spot, about half a second).
json three_hint_json(const three::ThreeGame& game, const json& request);

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
  static void fill_state(const three::View& v, json& into) { fill_three_state(v, into); }
  static json hint(const Game& g, const json& request) { return three_hint_json(g, request); }
};

}  // namespace inbetween::protocol
