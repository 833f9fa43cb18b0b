#include "families/house/codec.h"

#include <fmt/format.h>

namespace inbetween::protocol {

const char* phase_name(house::Phase phase) {
  switch (phase) {
    case house::Phase::Wager: return "wager";
    case house::Phase::Raise: return "raise";
    case house::Phase::Over: return "over";
  }
  return "?";
}

house::Action house_action_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    throw ProtocolError("bad_action", "an action is an object with a \"type\": bet (the wager), pass, raise or stand");
  std::string type = j["type"].get<std::string>();
  if (type == "bet") return house::Bet{action_amount(j, type)};
  if (type == "pass") return house::Pass{};
  if (type == "raise") return house::Raise{};
  if (type == "stand") return house::Stand{};
  if (type == "call") throw ProtocolError("no_ace_to_call", "there is no ace post to call high or low: in a house game aces are high");
  if (type == "rebuy")
    throw ProtocolError("rebuy_not_allowed", "house games have no rebuys: every player plays the chips they sat down with");
  throw ProtocolError("bad_action", fmt::format("unknown action type \"{}\"; house games know bet, pass, raise, stand", type));
}

json legal_json(std::span<const house::Player> players, games::Seat player, const house::Legal& l) {
  json actions = json::array();
  if (l.bet) actions.push_back(fields({{"type", "bet"}, {"min", l.bet_min}, {"max", l.bet_max}}));
  if (l.pass) actions.push_back(fields({{"type", "pass"}}));
  if (l.raise) actions.push_back(fields({{"type", "raise"}}));
  if (l.stand) actions.push_back(fields({{"type", "stand"}}));
  return fields({{"actions", std::move(actions)}, {"player", seat_name(players, player)}});
}

json house_state_json(const house::View& game) {
  json players = json::array();
  for (int i = 0; i < static_cast<int>(game.players().size()); ++i) {
    const auto& p = game.players()[static_cast<std::size_t>(i)];
    players.push_back(fields({{"bought", p.bought}, {"chips", p.chips}, {"in", game.in_game(i) || p.wager > 0}, {"name", p.name},
                              {"net", p.chips - p.bought}, {"raised", p.raised}, {"wager", p.wager}}));
  }
  const auto& posts = game.posts();
  json aces = json::array();
  for (int i = 0; i < posts.count; ++i)
    aces.push_back(posts.cards[static_cast<std::size_t>(i)].is_ace() ? json("high") : json(nullptr));  // aces are always high
  json j = table_state_json(game, std::move(players), std::move(aces), phase_name(game.phase()));
  j["game"] = "house";
  j["banking"] = "house";
  j["pot"] = 0;
  j["house"] = game.house();
  j["deals_done"] = game.hands_done();
  j["deals_total"] = game.hands_total() > 0 ? json(game.hands_total()) : json(nullptr);
  const auto& table_rules = game.rules();
  j["pay_table"] = fields({{"spread", table_rules.spread_pays}, {"trips", table_rules.triple_pays}});
  if (posts.count == 2) {
    j["spread"] = posts.spread();
    j["pays"] = rules::spread_pays(table_rules, posts.spread());
  }
  return j;
}

}  // namespace inbetween::protocol
