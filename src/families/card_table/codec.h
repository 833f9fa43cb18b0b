#pragma once
// JSON for the card-table games (pot games and the house game): cards as notation strings, actions, events, legal actions and the state.
#include <optional>
#include <span>
#include <string>

#include "families/pot/family.h"
#include "protocol/json.h"

namespace inbetween::protocol {

namespace pot = games::pot;

json card_json(cards::Card card);
// Throws ProtocolError("bad_card") naming the text.
cards::Card card_from_json(const json& j);

json action_json(const pot::Action& action);
// Throws ProtocolError("bad_action") for an unknown type or a missing/invalid field.
pot::Action action_from_json(const json& j);

// The pot games' events and legal actions, also the house games' (the same vocabulary).
json event_json(std::span<const pot::Player> players, const pot::Event& event);
json legal_json(std::span<const pot::Player> players, games::Seat player, const pot::Legal& legal);
inline json event_json(const pot::PotGame& game, const pot::Event& event) { return event_json(game.players(), event); }
inline json legal_json(const pot::PotGame& game, games::Seat player) { return legal_json(game.players(), player, game.legal(player)); }
// The table as `view`'s seat sees it.
json state_json(const pot::View& view);

const char* phase_name(pot::Phase phase);
const char* ace_name(pot::AceValue ace);

// The state fields the pot games and the house game share (docs/protocol.md, "The state"): the
// rules, `players` and the ace `aces` as each family words them, the dealer, the player to act,
// the phase, the posts, the third card, the shoe, the end and the winners.
template <class Game>
json table_state_json(const pot::TableLens<Game>& game, json players, json aces) {
  auto name_or_null = [&](int seat) { return seat >= 0 ? json(game.players()[static_cast<std::size_t>(seat)].name) : json(nullptr); };
  json post_cards = json::array();
  for (int i = 0; i < game.posts().count; ++i) post_cards.push_back(card_json(game.posts().cards[static_cast<std::size_t>(i)]));
  json winners = json::array();
  for (int w : game.winners()) winners.push_back(game.players()[static_cast<std::size_t>(w)].name);
  return {{"rules", game.rules().name},
          {"players", std::move(players)},
          {"dealer", name_or_null(game.dealer())},
          {"to_act", name_or_null(game.to_act())},
          {"phase", phase_name(game.phase())},
          {"posts", std::move(post_cards)},
          {"ace_values", std::move(aces)},
          {"third_card", game.third_card() ? card_json(*game.third_card()) : json(nullptr)},
          {"shoe", {{"remaining", game.cards_left()}, {"discards", game.discards()}, {"shuffles", game.shuffles()}}},
          {"over", game.over()},
          {"winners", std::move(winners)}};
}

}  // namespace inbetween::protocol
