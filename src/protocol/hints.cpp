// Hints at the edge: the advisor's and the solver's figures as protocol JSON.
#include <span>

#include <fmt/format.h>

#include "protocol/codec.h"
#include "families/house/codec.h"
#include "families/pot/codec.h"
#include "families/house/advisor.h"
#include "families/pot/advisor.h"
#include "families/three/solver.h"

namespace inbetween::protocol {

namespace {
// The advisor's figures, the same for the pot games and the house game. Every family's hint has
// the same shape: each choice's `value` in the hint's `unit`, best first.
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

[[noreturn]] void nobody_to_act() {
  throw ProtocolError("nobody_to_act", "the game is over; nobody is to act, so there is nothing to hint");
}
}  // namespace

json pot_hint_json(const pot::PotGame& game, const json&) {
  auto advice = strategy::advise(game);
  if (!advice) nobody_to_act();
  return advice_json(game.players(), game.shoe().remaining(), *advice);
}

json house_hint_json(const house::HouseGame& game, const json&) {
  auto advice = strategy::advise(game);
  if (!advice) nobody_to_act();
  return advice_json(game.players(), game.shoe().remaining(), *advice);
}

json three_hint_json(const three::ThreeGame& game, const json& request) {
  int seat = game.to_act();
  if (seat < 0) nobody_to_act();
  std::string composition = "fresh";
  if (auto it = request.find("composition"); it != request.end()) {
    if (!it->is_string() || (*it != "fresh" && *it != "remaining"))
      throw ProtocolError("bad_request", "\"composition\" is \"fresh\" (the fresh deck) or \"remaining\" (the cards left in the shoe)");
    composition = it->get<std::string>();
  }
  std::vector<strategy::RatedAction> rated;
  if (composition == "fresh") {
    rated = strategy::ThreeSolver::shared(game.rules())->evaluate(game, seat);
  } else {
    strategy::ThreeSolver solver(game.rules(), strategy::remaining_composition(game));
    rated = solver.evaluate(game, seat);
  }
  json choices = json::array();
  for (const auto& r : rated) choices.push_back({{"action", three_action_json(game.deck(), r.action)}, {"value", r.value}});
  return {{"player", game.players()[static_cast<std::size_t>(seat)].name},
          {"unit", "points"},
          {"composition", composition},
          {"choices", choices},
          {"best", choices.at(0)["action"]}};
}

}  // namespace inbetween::protocol
