#include "protocol/house_codec.h"

#include "strategy/house_advisor.h"

namespace inbetween::protocol {

json house_state_json(const house::View& game) {
  const auto& r = game.rules();
  json players = json::array();
  for (int i = 0; i < static_cast<int>(game.players().size()); ++i) {
    const auto& p = game.players()[static_cast<std::size_t>(i)];
    players.push_back({{"name", p.name}, {"chips", p.chips}, {"bought", p.bought}, {"net", p.chips - p.bought},
                       {"in", game.in_game(i) || p.wager > 0}, {"wager", p.wager}, {"raised", p.raised}});
  }
  const auto& posts = game.posts();
  json post_cards = json::array(), aces = json::array();
  for (int i = 0; i < posts.count; ++i) {
    post_cards.push_back(card_json(posts.cards[static_cast<std::size_t>(i)]));
    aces.push_back(posts.cards[static_cast<std::size_t>(i)].is_ace() ? json("high") : json(nullptr));  // aces are always high
  }
  json winners = json::array();
  for (int w : game.winners()) winners.push_back(game.players()[static_cast<std::size_t>(w)].name);
  auto name_or_null = [&](int seat) { return seat >= 0 ? json(game.players()[static_cast<std::size_t>(seat)].name) : json(nullptr); };
  json j = {{"game", "house"},
            {"rules", r.name},
            {"banking", "house"},
            {"pot", 0},
            {"house", game.house()},
            {"players", players},
            {"dealer", name_or_null(game.dealer())},
            {"to_act", name_or_null(game.to_act())},
            {"phase", phase_name(game.phase())},
            {"posts", post_cards},
            {"ace_values", aces},
            {"third_card", game.third_card() ? card_json(*game.third_card()) : json(nullptr)},
            {"deals_done", game.hands_done()},
            {"deals_total", game.hands_total() > 0 ? json(game.hands_total()) : json(nullptr)},
            {"shoe", {{"remaining", game.cards_left()}, {"discards", game.discards()}, {"shuffles", game.shuffles()}}},
            {"over", game.over()},
            {"winners", winners}};
  if (posts.count == 2) j["spread"] = posts.spread();
  return j;
}

json house_hint_json(const house::HouseGame& game, const json&) {
  auto advice = strategy::advise(game);
  if (!advice) throw ProtocolError("nobody_to_act", "the game is over; nobody is to act, so there is nothing to hint");
  json choices = json::array();
  for (const auto& c : advice->choices) choices.push_back({{"action", action_json(c.action)}, {"ev", c.ev}, {"why", c.why}});
  json out = {{"player", game.players()[static_cast<std::size_t>(advice->player)].name},
              {"cards_left", game.shoe().remaining()},
              {"choices", choices},
              {"best", action_json(advice->best)}};
  if (advice->odds) {
    const auto& o = *advice->odds;
    out["odds"] = {{"between", o.between}, {"outside", o.outside}, {"hit_post", o.hit_post},
                   {"triple_ace", o.triple_ace}, {"cards", o.total}};
  }
  return out;
}

}  // namespace inbetween::protocol
