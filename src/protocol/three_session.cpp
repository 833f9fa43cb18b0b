#include "protocol/three_session.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "strategy/three_bots.h"
#include "strategy/three_solver.h"

namespace inbetween::protocol {

ThreeSession::ThreeSession(const CommonSetup& common, std::shared_ptr<const rules::ThreeRules> rules)
    : GameSession(common.request) {
  three::Setup setup;
  setup.players = common.players;
  setup.seed = common.seed;
  setup.dealer = common.dealer;
  for (const auto& text : common.deck) setup.stacked.push_back(letter_card_from_json(rules->letter_deck, text));
  try {
    game_ = std::make_unique<three::ThreeGame>(std::move(rules), setup, opening_);
  } catch (const three::SetupError& e) {
    throw ProtocolError("bad_setup", e.what());
  }
}

json ThreeSession::opening_events() const {
  json out = json::array();
  for (const auto& e : opening_) out.push_back(three_event_json(*game_, e));
  return out;
}

std::vector<std::string> ThreeSession::names() const {
  std::vector<std::string> out;
  for (const auto& p : game_->players()) out.push_back(p.name);
  return out;
}

json ThreeSession::legal(const std::optional<std::string>& player) const {
  json request = json::object();
  if (player) request["player"] = *player;
  return three_legal_json(*game_, seat_in(request, names(), game_->to_act()));
}

std::optional<three::Refusal> ThreeSession::apply(int player, const three::Action& action, std::vector<three::Event>& events) {
  auto refusal = game_->apply(player, action, events);
  if (!refusal) record(game_->players()[static_cast<std::size_t>(player)].name, three_action_json(game_->deck(), action));
  return refusal;
}

void ThreeSession::act_events(const json& request, std::vector<three::Event>& events) {
  int seat = seat_in(request, names(), game_->to_act());
  if (seat < 0) throw ProtocolError("game_over", "the game is over; nobody is to act");
  auto it = request.find("action");
  if (it == request.end()) throw ProtocolError("bad_request", "\"act\" needs an \"action\", e.g. {\"type\":\"draw\"}");
  three::Action action = three_action_from_json(*game_, seat, *it);
  if (auto refusal = apply(seat, action, events)) throw ProtocolError(refusal->code, refusal->message);
}

json ThreeSession::bot_action(const std::string& kind) const {
  auto bot = strategy::make_three_bot(kind);
  if (!bot) throw ProtocolError("bad_request", fmt::format("unknown bot kind \"{}\"; kinds: {}", kind, fmt::join(strategy::three_bot_kinds(), ", ")));
  if (game_->to_act() < 0) throw ProtocolError("nobody_to_act", "the game is over; nobody is to act");
  auto rng = cards::make_rng(bot_seed(), cards::RngStream::Bots);
  return three_action_json(game_->deck(), bot->choose(*game_, game_->to_act(), rng));
}

json ThreeSession::hint(const json& request) const {
  int seat = game_->to_act();
  if (seat < 0) throw ProtocolError("nobody_to_act", "the game is over; nobody is to act, so there is nothing to hint");
  std::string composition = "fresh";
  if (auto it = request.find("composition"); it != request.end()) {
    if (!it->is_string() || (*it != "fresh" && *it != "remaining"))
      throw ProtocolError("bad_request", "\"composition\" is \"fresh\" (the fresh deck) or \"remaining\" (the cards left in the shoe)");
    composition = it->get<std::string>();
  }
  std::vector<strategy::RatedAction> rated;
  if (composition == "fresh") {
    rated = strategy::ThreeSolver::shared(game_->rules())->evaluate(*game_, seat);
  } else {
    strategy::ThreeSolver solver(game_->rules(), strategy::remaining_composition(*game_));
    rated = solver.evaluate(*game_, seat);
  }
  json choices = json::array();
  for (const auto& r : rated) choices.push_back({{"action", three_action_json(game_->deck(), r.action)}, {"value", r.value}});
  return {{"player", game_->players()[static_cast<std::size_t>(seat)].name},
          {"composition", composition},
          {"choices", choices},
          {"best", choices.at(0)["action"]}};
}

json ThreeSession::act(const json& request) {
  std::vector<three::Event> events;
  act_events(request, events);
  json out = json::array();
  for (const auto& e : events) out.push_back(three_event_json(*game_, e));
  return out;
}

}  // namespace inbetween::protocol
