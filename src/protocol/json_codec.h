#pragma once
// JSON for pot games: cards as notation strings, actions, events, legal actions and the state.
#include <optional>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "games/pot/family.h"

namespace inbetween::protocol {

using nlohmann::json;
namespace pot = games::pot;

// A request the engine cannot take; `code` is stable, `message` is for people.
struct ProtocolError : std::runtime_error {
  ProtocolError(std::string code_, const std::string& message) : std::runtime_error(message), code(std::move(code_)) {}
  std::string code;
};

json card_json(cards::Card card);
// Throws ProtocolError("bad_card") naming the text.
cards::Card card_from_json(const json& j);

json action_json(const pot::Action& action);
// Throws ProtocolError("bad_action") for an unknown type or a missing/invalid field.
pot::Action action_from_json(const json& j);

// The pot games' events and legal actions, also the house games' (the same vocabulary).
json event_json(std::span<const pot::Player> players, const pot::Event& event);
json legal_json(std::span<const pot::Player> players, int player, const pot::Legal& legal);
inline json event_json(const pot::PotGame& game, const pot::Event& event) { return event_json(game.players(), event); }
inline json legal_json(const pot::PotGame& game, int player) { return legal_json(game.players(), player, game.legal(player)); }
// The table as `view`'s seat sees it.
json state_json(const pot::View& view);

const char* phase_name(pot::Phase phase);
const char* ace_name(pot::AceValue ace);

}  // namespace inbetween::protocol
