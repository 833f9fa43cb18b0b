#pragma once
// JSON for ThreeBeTween: cards as notation ("K", "A/E", "?"), actions, events, legal actions, state.
#include <nlohmann/json.hpp>

#include "games/three/family.h"
#include "protocol/json_codec.h"

namespace inbetween::protocol {

namespace three = games::three;

// Throws ProtocolError("bad_card") naming the text and the deck.
cards::CardCode letter_card_from_json(const cards::LetterDeck& deck, const json& j);
json lay_json(const cards::LetterDeck& deck, const three::Lay& lay);
json three_action_json(const cards::LetterDeck& deck, const three::Action& action);
// Reads an action for `player`; a vowel card's "as" may be left out when only one vowel can go there.
three::Action three_action_from_json(const three::ThreeGame& game, int player, const json& j);
json three_event_json(const three::ThreeGame& game, const three::Event& event);
json three_legal_json(const three::ThreeGame& game, int player);
// The table as `view`'s seat sees it.
json three_state_json(const three::View& view);
const char* three_phase_name(three::Phase phase);
const char* status_name(three::Status status);

}  // namespace inbetween::protocol
