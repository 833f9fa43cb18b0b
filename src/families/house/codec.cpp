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
  return fields({{"player", seat_name(players, player)}, {"actions", std::move(actions)}});
}

void house_state_into(const house::View& game, json& j) {
  json& players = put_array(j, "players", game.players().size());
  for (std::size_t i = 0; i < game.players().size(); ++i) {
    const auto& s = game.players()[i];
    json& p = as_object(players[i]);
    put(p, "name", s.name);
    put(p, "chips", s.chips);
    put(p, "bought", s.bought);
    put(p, "net", s.chips - s.bought);
    put(p, "in", game.in_game(static_cast<int>(i)) || s.wager > 0);
    put(p, "wager", s.wager);
    put(p, "raised", s.raised);
  }
  const auto& posts = game.posts();
  json& aces = put_array(j, "ace_values", static_cast<std::size_t>(posts.count));
  for (int i = 0; i < posts.count; ++i) {  // aces are always high
    json& ace = aces[static_cast<std::size_t>(i)];
    if (posts.cards[static_cast<std::size_t>(i)].is_ace())
      set_text(ace, "high");
    else
      ace = nullptr;
  }
  table_state_into(j, game, phase_name(game.phase()));
  put(j, "game", "house");
  put(j, "banking", "house");
  put(j, "pot", 0);
  put(j, "house", game.house());
  put(j, "deals_done", game.hands_done());
  if (game.hands_total() > 0)
    put(j, "deals_total", game.hands_total());
  else
    put(j, "deals_total", nullptr);
  const auto& table_rules = game.rules();
  json& pay_table = put_object(j, "pay_table");
  put_numbers(pay_table, "spread", table_rules.spread_pays);
  put(pay_table, "trips", table_rules.triple_pays);
  if (posts.count == 2) {
    put(j, "spread", posts.spread());
    put(j, "pays", rules::spread_pays(table_rules, posts.spread()));
  } else {
    drop(j, "spread");
    drop(j, "pays");
  }
}

json house_state_json(const house::View& game) {
  json j = json::object();
  house_state_into(game, j);
  return j;
}

}  // namespace inbetween::protocol
