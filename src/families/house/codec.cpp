#include "families/house/codec.h"

namespace inbetween::protocol {

json house_state_json(const house::View& game) {
  json players = json::array();
  for (int i = 0; i < static_cast<int>(game.players().size()); ++i) {
    const auto& p = game.players()[static_cast<std::size_t>(i)];
    players.push_back({{"name", p.name}, {"chips", p.chips}, {"bought", p.bought}, {"net", p.chips - p.bought},
                       {"in", game.in_game(i) || p.wager > 0}, {"wager", p.wager}, {"raised", p.raised}});
  }
  const auto& posts = game.posts();
  json aces = json::array();
  for (int i = 0; i < posts.count; ++i)
    aces.push_back(posts.cards[static_cast<std::size_t>(i)].is_ace() ? json("high") : json(nullptr));  // aces are always high
  json j = table_state_json(game, std::move(players), std::move(aces));
  j["game"] = "house";
  j["banking"] = "house";
  j["pot"] = 0;
  j["house"] = game.house();
  j["deals_done"] = game.hands_done();
  j["deals_total"] = game.hands_total() > 0 ? json(game.hands_total()) : json(nullptr);
  const auto& table_rules = game.rules();
  j["pay_table"] = {{"spread", table_rules.spread_pays}, {"trips", table_rules.triple_pays}};
  if (posts.count == 2) {
    j["spread"] = posts.spread();
    j["pays"] = rules::spread_pays(table_rules, posts.spread());
  }
  return j;
}

}  // namespace inbetween::protocol
