#pragma once
// JSON for what the card-table families share (the protocol layer): cards as notation strings,
// an amount read from an action, an event's common fields and the state's common fields. Each
// family's codec writes its own actions, events, legal actions and state with these.
#include <cstddef>
#include <span>
#include <string>
#include <variant>

#include "families/card_table/advice.h"
#include "families/card_table/event.h"
#include "families/card_table/table_lens.h"
#include "protocol/json.h"
#include "protocol/json_fill.h"

namespace inbetween::protocol {

namespace card_table = games::card_table;

json card_json(cards::Card card);
// Throws ProtocolError("bad_card") naming the text.
cards::Card card_from_json(const json& j);
const char* ace_name(card_table::AceValue ace);

// The whole number of chips in an action's "amount"; throws ProtocolError("bad_action") for a
// missing, fractional or too large amount, naming the action `type`.
rules::Chips action_amount(const json& j, const std::string& type);

// An action as the protocol writes it: its family's word for it (action_name, found beside the
// family's Action), its "amount" where it carries chips, its "ace" where it calls one.
template <class Action>
json table_action_json(const Action& action) {
  json j = fields({{"type", action_name(action)}});
  std::visit(
      [&j](const auto& a) {
        if constexpr (requires { a.amount; }) j["amount"] = a.amount;
        if constexpr (requires { a.ace; }) j["ace"] = ace_name(a.ace);
      },
      action);
  return j;
}

// The name of seat `seat` in `players`, or null for nobody.
template <class SeatedPlayer>
json seat_name(std::span<const SeatedPlayer> players, games::Seat seat) {
  return seat >= 0 && seat < static_cast<int>(players.size()) ? json(players[static_cast<std::size_t>(seat)].name) : json(nullptr);
}

// An event as the protocol writes it: its family's word for its kind (event_name), the player,
// the card, the outcome, the shuffle number, the ace called, and the amount where the family
// says it is chips (carries_chips).
template <class SeatedPlayer, class Kind>
json table_event_json(std::span<const SeatedPlayer> players, const card_table::TableEvent<Kind>& e) {
  json j = fields({{"type", event_name(e.kind)}});
  if (e.player >= 0) j["player"] = players[static_cast<std::size_t>(e.player)].name;
  if (e.has_card) j["card"] = card_json(e.card);
  if (e.outcome != card_table::Outcome::None) j["outcome"] = card_table::outcome_name(e.outcome);
  if (e.kind == Kind::Shuffled) j["shuffle"] = e.amount;
  if constexpr (requires { Kind::AceCalled; })
    if (e.kind == Kind::AceCalled) j["ace"] = ace_name(e.ace);
  if (carries_chips(e.kind)) j["amount"] = e.amount;
  return j;
}

// A card-table advisor's figures as a hint (the pot games' and Red Dog's Codec<F>::hint). Every
// family's hint has the same shape: each choice's `value` in the hint's `unit`, best first.
template <class SeatedPlayer, class Action>
json advice_json(std::span<const SeatedPlayer> players, std::size_t cards_left, const strategy::TableAdvice<Action>& advice) {
  json choices = json::array();
  for (const auto& c : advice.choices) choices.push_back({{"action", table_action_json(c.action)}, {"value", c.ev}, {"why", c.why}});
  json out = {{"player", players[static_cast<std::size_t>(advice.player)].name},
              {"unit", "chips"},
              {"cards_left", cards_left},
              {"choices", choices},
              {"best", table_action_json(advice.best)}};
  if (advice.odds) {
    const auto& o = *advice.odds;
    out["odds"] = {{"between", o.between}, {"outside", o.outside}, {"hit_post", o.hit_post},
                   {"triple_ace", o.triple_ace}, {"cards", o.total}};
  }
  if (advice.kelly) out["kelly"] = table_action_json(*advice.kelly);
  return out;
}

// What the card-table families' codecs (Codec<F>) share: cards as notation, actions and events
// as above. Each family's Codec adds its action_from, legal, state and hint.
template <class Game>
struct CardTableCodec {
  static constexpr const char* kActionExample = "{\"type\":\"bet\",\"amount\":2}";
  template <class Rules>
  static cards::CardCode stacked_card(const Rules&, const json& j) { return card_from_json(j).code; }
  template <class Action>
  static json action(const Game&, const Action& a) { return table_action_json(a); }
  template <class Event>
  static json event(const Game& g, const Event& e) { return table_event_json(g.players(), e); }
};

// The state fields the pot games and the house game share (docs/protocol.md, "The state"), each
// written into its slot: a seat's name (the dealer, the player to act) or null, the deals, the
// posts, the shoe, then the third card, the player to act and the winners. Each family's
// fill_state writes its fields and these in their keys' order (protocol::ObjectFill).
template <class Game>
void put_seat_name(json& slot, const card_table::TableLens<Game>& game, int seat) {
  if (seat >= 0) put(slot, game.players()[static_cast<std::size_t>(seat)].name);
  else put(slot, nullptr);
}
// "deals_done" and "deals_total" (null where the rules set no number of deals).
inline void put_deals(ObjectFill& j, int done, int total) {
  j.put("deals_done", done);
  if (total > 0) j.put("deals_total", total);
  else j.put("deals_total", nullptr);
}
template <class Game>
void put_posts(json& slot, const card_table::TableLens<Game>& game) {
  auto& posts = sized_array(slot, static_cast<std::size_t>(game.posts().count));
  for (std::size_t i = 0; i < posts.size(); ++i) put(posts[i], cards::to_string(game.posts().cards[i]));
}
template <class Game>
void fill_shoe(json& slot, const card_table::TableLens<Game>& game) {
  ObjectFill shoe(slot);
  shoe.put("discards", game.discards());
  shoe.put("remaining", game.cards_left());
  shoe.put("shuffles", game.shuffles());
}
// The state's last fields: "third_card", "to_act" and "winners".
template <class Game>
void put_turn_and_end(ObjectFill& j, const card_table::TableLens<Game>& game) {
  if (game.third_card()) j.put("third_card", cards::to_string(*game.third_card()));
  else j.put("third_card", nullptr);
  put_seat_name(j.at("to_act"), game, game.to_act());
  const auto won = game.winners();
  auto& winners = sized_array(j.at("winners"), won.size());
  for (std::size_t i = 0; i < won.size(); ++i) put(winners[i], game.players()[static_cast<std::size_t>(won[i])].name);
}

}  // namespace inbetween::protocol
