#include "families/house/codec.h"
#include "families/house/advisor.h"

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

void fill_house_state(const house::View& game, json& into) {
  ObjectFill j(into);  // in the keys' order
  const auto& posts = game.posts();
  auto& aces = sized_array(j.at("ace_values"), static_cast<std::size_t>(posts.count));
  for (int i = 0; i < posts.count; ++i) {  // aces are always high
    if (posts.cards[static_cast<std::size_t>(i)].is_ace()) put(aces[static_cast<std::size_t>(i)], "high");
    else put(aces[static_cast<std::size_t>(i)], nullptr);
  }
  j.put("banking", "house");
  put_seat_name(j.at("dealer"), game, game.dealer());
  put_deals(j, game.hands_done(), game.hands_total());
  j.put("game", "house");
  j.put("house", game.house());
  j.put("over", game.over());
  const auto& table_rules = game.rules();
  {
    ObjectFill pay_table(j.at("pay_table"));
    put_all(pay_table.at("spread"), std::span<const int>(table_rules.spread_pays));
    pay_table.put("trips", table_rules.triple_pays);
  }
  if (posts.count == 2) j.put("pays", rules::spread_pays(table_rules, posts.spread()));
  j.put("phase", phase_name(game.phase()));
  auto& players = sized_array(j.at("players"), game.players().size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& p = game.players()[i];
    ObjectFill seat(players[i]);
    seat.put("bought", p.bought);
    seat.put("chips", p.chips);
    seat.put("in", game.in_game(static_cast<int>(i)) || p.wager > 0);
    seat.put("name", p.name);
    seat.put("net", p.chips - p.bought);
    seat.put("raised", p.raised);
    seat.put("wager", p.wager);
  }
  put_posts(j.at("posts"), game);
  j.put("pot", 0);
  j.put("rules", game.rules().name);
  fill_shoe(j.at("shoe"), game);
  if (posts.count == 2) j.put("spread", posts.spread());
  put_turn_and_end(j, game);
}

json house_state_json(const house::View& game) {
  json j;
  fill_house_state(game, j);
  return j;
}

json house_hint_json(const house::HouseGame& game, const json&) {
  auto advice = strategy::advise(game);
  if (!advice) refuse_hint_nobody_to_act();
  return advice_json(game.players(), game.shoe().remaining(), *advice);
}

}  // namespace inbetween::protocol
