#include "protocol/session.h"

#include <algorithm>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "protocol/three_session.h"
#include "strategy/bots.h"
#include "strategy/pot_advisor.h"
#include "rules/rule_files.h"
#include "rules/three_rules.h"

namespace inbetween::protocol {

std::vector<std::string> players_from_json(const json& request) {
  auto it = request.find("players");
  if (it == request.end() || !it->is_array() || it->empty())
    throw ProtocolError("bad_request", "\"players\" must be a list of names, e.g. [\"ann\",\"bob\"]");
  std::vector<std::string> names;
  for (const auto& p : *it) {
    if (!p.is_string()) throw ProtocolError("bad_request", fmt::format("player {} is not a name (a string)", p.dump()));
    names.push_back(p.get<std::string>());
  }
  return names;
}

std::vector<rules::Override> overrides_from_json(const json& request) {
  std::vector<rules::Override> out;
  auto it = request.find("set");
  if (it == request.end()) return out;
  if (!it->is_object()) throw ProtocolError("bad_request", "\"set\" must be an object of knob: value");
  for (const auto& [knob, value] : it->items())
    out.push_back({knob, value.is_string() ? value.get<std::string>() : value.dump()});
  return out;
}

namespace {
std::string rules_name(const json& request) {
  auto it = request.find("rules");
  if (it == request.end() || !it->is_string())
    throw ProtocolError("bad_request", "\"rules\" must name a preset (e.g. \"hoyle\") or a .toml file");
  return it->get<std::string>();
}
}  // namespace

std::unique_ptr<GameSession> new_session(const json& request) {
  std::string name = rules_name(request);
  try {
    std::string family = rules::rules_family(name);
    auto overrides = overrides_from_json(request);
    CommonSetup common = common_setup(request);
    if (family == "threebetween")
      return std::make_unique<ThreeSession>(common, std::make_shared<const rules::ThreeRules>(rules::load_three_rules(name, overrides)));
    return std::make_unique<PotSession>(common, std::make_shared<const rules::PotRules>(rules::load_pot_rules(name, overrides)));
  } catch (const rules::RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
}

CommonSetup common_setup(const json& request) {
  CommonSetup c;
  c.request = request;
  c.request["cmd"] = "new";
  c.players = players_from_json(request);
  if (auto it = request.find("seed"); it != request.end()) {
    if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
      throw ProtocolError("bad_request", "\"seed\" must be a non-negative whole number");
    c.seed = it->get<std::uint64_t>();
  } else {
    // No seed given: draw one, and record it so that the log replays this very game.
    std::random_device device;
    c.seed = (static_cast<std::uint64_t>(device()) << 32) | device();
    c.request["seed"] = c.seed;
  }
  if (auto it = request.find("dealer"); it != request.end()) {
    if (!it->is_string()) throw ProtocolError("bad_request", "\"dealer\" must be a player's name");
    auto pos = std::find(c.players.begin(), c.players.end(), it->get<std::string>());
    if (pos == c.players.end())
      throw ProtocolError("bad_setup", fmt::format("dealer '{}' is not one of the players", it->get<std::string>()));
    c.dealer = static_cast<int>(pos - c.players.begin());
  }
  if (auto it = request.find("deck"); it != request.end()) {
    if (!it->is_array()) throw ProtocolError("bad_request", "\"deck\" must be a list of cards, top first");
    for (const auto& card : *it) {
      if (!card.is_string()) throw ProtocolError("bad_card", fmt::format("{} is not a card; cards are strings", card.dump()));
      c.deck.push_back(card.get<std::string>());
    }
  }
  return c;
}

json GameSession::log() const {
  json lines = json::array();
  lines.push_back(new_request_);
  for (const auto& m : moves_) lines.push_back(m);
  return lines;
}

void GameSession::record(const std::string& player, json action) {
  moves_.push_back({{"cmd", "act"}, {"player", player}, {"action", std::move(action)}});
}

std::uint64_t GameSession::bot_seed() const {
  return new_request_.value("seed", std::uint64_t{0}) + moves_.size();
}

int GameSession::seat_in(const json& request, const std::vector<std::string>& names, int to_act) {
  auto it = request.find("player");
  if (it == request.end()) return to_act;
  if (!it->is_string()) throw ProtocolError("bad_request", "\"player\" must be a name");
  auto pos = std::find(names.begin(), names.end(), it->get<std::string>());
  if (pos == names.end())
    throw ProtocolError("unknown_player", fmt::format("no player called '{}' at this table", it->get<std::string>()));
  return static_cast<int>(pos - names.begin());
}

// ---- pot games -----------------------------------------------------------------------------

PotSession::PotSession(const CommonSetup& common, std::shared_ptr<const rules::PotRules> rules)
    : GameSession(common.request) {
  pot::Setup setup;
  setup.players = common.players;
  setup.seed = common.seed;
  setup.dealer = common.dealer;
  for (const auto& text : common.deck) setup.stacked.push_back(card_from_json(text).code);
  std::vector<pot::Event> events;
  try {
    game_ = std::make_unique<pot::PotGame>(std::move(rules), setup, events);
  } catch (const pot::SetupError& e) {
    throw ProtocolError("bad_setup", e.what());
  }
  opening_events_ = json::array();
  for (const auto& e : events) opening_events_.push_back(event_json(*game_, e));
  opening_ = std::move(events);
}

std::vector<std::string> PotSession::names() const {
  std::vector<std::string> out;
  for (const auto& s : game_->players()) out.push_back(s.name);
  return out;
}

json PotSession::legal(const std::optional<std::string>& player) const {
  json request = json::object();
  if (player) request["player"] = *player;
  return legal_json(*game_, seat_in(request, names(), game_->to_act()));
}

std::optional<pot::Refusal> PotSession::apply(int player, const pot::Action& action, std::vector<pot::Event>& events) {
  auto refusal = game_->apply(player, action, events);
  if (!refusal) record(game_->players()[static_cast<std::size_t>(player)].name, action_json(action));
  return refusal;
}

json PotSession::act(const json& request) {
  std::vector<pot::Event> events;
  act_events(request, events);
  json out = json::array();
  for (const auto& e : events) out.push_back(event_json(*game_, e));
  return out;
}

void PotSession::act_events(const json& request, std::vector<pot::Event>& events) {
  int seat = seat_in(request, names(), game_->to_act());
  if (seat < 0) throw ProtocolError("game_over", "the game is over; nobody is to act");
  auto it = request.find("action");
  if (it == request.end())
    throw ProtocolError("bad_request", "\"act\" needs an \"action\", e.g. {\"type\":\"bet\",\"amount\":2}");
  pot::Action action = action_from_json(*it);
  if (auto refusal = apply(seat, action, events)) throw ProtocolError(refusal->code, refusal->message);
}

}  // namespace inbetween::protocol

namespace inbetween::protocol {

json PotSession::hint(const json&) const {
  auto advice = strategy::advise(*game_);
  if (!advice) throw ProtocolError("nobody_to_act", "the game is over; nobody is to act, so there is nothing to hint");
  json choices = json::array();
  for (const auto& c : advice->choices) choices.push_back({{"action", action_json(c.action)}, {"ev", c.ev}, {"why", c.why}});
  json out = {{"player", game_->players()[static_cast<std::size_t>(advice->player)].name},
              {"cards_left", game_->shoe().remaining()},
              {"choices", choices},
              {"best", action_json(advice->best)}};
  if (advice->odds) {
    const auto& o = *advice->odds;
    out["odds"] = {{"between", o.between}, {"outside", o.outside}, {"hit_post", o.hit_post},
                   {"triple_ace", o.triple_ace}, {"cards", o.total}};
  }
  if (advice->kelly) out["kelly"] = action_json(*advice->kelly);
  return out;
}

json PotSession::bot_action(const std::string& kind) const {
  auto bot = strategy::make_pot_bot(kind);
  if (!bot) throw ProtocolError("bad_request", fmt::format("unknown bot kind \"{}\"; kinds: {}", kind,
                                                           fmt::join(strategy::pot_bot_kinds(), ", ")));
  if (game_->to_act() < 0) throw ProtocolError("nobody_to_act", "the game is over; nobody is to act");
  auto rng = cards::make_rng(bot_seed(), cards::RngStream::Bots);
  return action_json(bot->choose(*game_, game_->to_act(), rng));
}

}  // namespace inbetween::protocol
