#include "families/pot/codec.h"
#include "families/pot/advisor.h"
#include "families/pot/win_solver.h"

#include <fmt/format.h>

namespace inbetween::protocol {

const char* phase_name(pot::Phase phase) {
  switch (phase) {
    case pot::Phase::CallFirstAce: return "call_first_ace";
    case pot::Phase::CallSecondAce: return "call_second_ace";
    case pot::Phase::Bet: return "bet";
    case pot::Phase::Over: return "over";
  }
  return "?";
}

pot::Action pot_action_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    throw ProtocolError("bad_action", "an action is an object with a \"type\": bet, pass, call or rebuy");
  std::string type = j["type"].get<std::string>();
  if (type == "bet") return pot::Bet{action_amount(j, type)};
  if (type == "rebuy") return pot::Rebuy{action_amount(j, type)};
  if (type == "pass") return pot::Pass{};
  if (type == "call") {
    auto it = j.find("ace");
    if (it != j.end() && *it == "high") return pot::Call{pot::AceValue::High};
    if (it != j.end() && *it == "low") return pot::Call{pot::AceValue::Low};
    throw ProtocolError("bad_action", "a call needs \"ace\": \"high\" or \"low\"");
  }
  if (type == "raise") throw ProtocolError("raise_not_allowed", "raise belongs to house games like Red Dog; a pot game has none");
  if (type == "stand") throw ProtocolError("not_now", "stand belongs to house games like Red Dog");
  throw ProtocolError("bad_action", fmt::format("unknown action type \"{}\"; pot games know bet, pass, call, rebuy", type));
}

json legal_json(std::span<const pot::Player> players, games::Seat player, const pot::Legal& l) {
  json actions = json::array();
  if (l.bet) actions.push_back(fields({{"type", "bet"}, {"min", l.bet_min}, {"max", l.bet_max}}));
  if (l.pass) actions.push_back(fields({{"type", "pass"}}));
  if (l.call) actions.push_back(fields({{"type", "call"}, {"ace", json::array({"high", "low"})}}));
  if (l.rebuy) actions.push_back(fields({{"type", "rebuy"}, {"min", 1}, {"max", l.rebuy_max}}));
  return fields({{"actions", std::move(actions)}, {"player", seat_name(players, player)}});
}

void fill_state(const pot::View& game, json& into) {
  ObjectFill j(into);  // in the keys' order
  const auto& posts = game.posts();
  auto& aces = sized_array(j.at("ace_values"), static_cast<std::size_t>(posts.count));
  for (int i = 0; i < posts.count; ++i) {
    bool called = posts.cards[static_cast<std::size_t>(i)].is_ace() &&
                  !(game.phase() == pot::Phase::CallFirstAce && i == 0) &&
                  !(game.phase() == pot::Phase::CallSecondAce && i == 1);
    if (called) put(aces[static_cast<std::size_t>(i)], ace_name(posts.ace[static_cast<std::size_t>(i)]));
    else put(aces[static_cast<std::size_t>(i)], nullptr);
  }
  j.put("banking", "pot");
  put_seat_name(j.at("dealer"), game, game.dealer());
  put_deals(j, game.deals_done(), game.deals_total());
  j.put("game", "pot");
  j.put("over", game.over());
  j.put("phase", phase_name(game.phase()));
  auto& players = sized_array(j.at("players"), game.players().size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& s = game.players()[i];
    ObjectFill p(players[i]);
    p.put("bought", s.bought);
    p.put("chips", s.chips);
    p.put("in", game.in_game(static_cast<int>(i)));
    p.put("name", s.name);
    p.put("net", s.chips - s.bought);
  }
  put_posts(j.at("posts"), game);
  j.put("pot", game.pot());
  j.put("rules", game.rules().name);
  fill_shoe(j.at("shoe"), game);
  if (posts.count == 2 && game.phase() != pot::Phase::CallSecondAce) j.put("spread", posts.spread());
  put_turn_and_end(j, game);
}

json state_json(const pot::View& game) {
  json j;
  fill_state(game, j);
  return j;
}

namespace {
// Heads-up, under rules with an exact table (families/pot/win_solver.h): each choice's chance to
// win the game beside its expected chips, the choice with the best chance, and whether it differs
// from the best for chips.
void add_win_chances(const pot::PotGame& game, const strategy::PotAdvice& advice, json& out) {
  if (game.players().size() != 2) return;
  auto table = strategy::PotWinSolver::ready(game.rules());
  if (!table) return;
  auto rated = table->rate(game);
  if (rated.empty()) return;
  auto& choices = out["choices"];
  for (std::size_t i = 0; i < advice.choices.size(); ++i)
    for (const auto& r : rated)
      if (r.action == advice.choices[i].action) choices[i]["win_chance"] = r.chance;
  out["win_chance"] = rated.front().chance;
  out["best_to_win"] = table_action_json(rated.front().action);
  out["best_to_win_differs"] = rated.front().action != advice.best;
}
}  // namespace

json pot_hint_json(const pot::PotGame& game, const json&) {
  auto advice = strategy::advise(game);
  if (!advice) refuse_hint_nobody_to_act();
  json out = advice_json(game.players(), game.shoe().remaining(), *advice);
  add_win_chances(game, *advice, out);
  return out;
}

}  // namespace inbetween::protocol
