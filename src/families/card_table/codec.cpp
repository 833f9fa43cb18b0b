#include "families/card_table/codec.h"

#include <cstdint>
#include <limits>

#include <fmt/format.h>

namespace inbetween::protocol {

json card_json(cards::Card card) { return cards::to_string(card); }

cards::Card card_from_json(const json& j) {
  if (!j.is_string()) throw ProtocolError("bad_card", fmt::format("{} is not a card; cards are strings like \"9C\"", j.dump()));
  auto card = cards::parse_card(j.get<std::string>());
  if (!card)
    throw ProtocolError("bad_card", fmt::format("\"{}\" is not a card; use rank 2-9 T J Q K A (or 10) and suit S H D C, "
                                                "e.g. \"TD\"", j.get<std::string>()));
  return *card;
}

const char* ace_name(pot::AceValue ace) { return ace == pot::AceValue::Low ? "low" : "high"; }

const char* phase_name(pot::Phase phase) {
  switch (phase) {
    case pot::Phase::Wager: return "wager";
    case pot::Phase::CallFirstAce: return "call_first_ace";
    case pot::Phase::CallSecondAce: return "call_second_ace";
    case pot::Phase::Bet: return "bet";
    case pot::Phase::Raise: return "raise";
    case pot::Phase::Over: return "over";
  }
  return "?";
}

json action_json(const pot::Action& action) {
  json j = {{"type", pot::action_name(action)}};
  if (auto* b = std::get_if<pot::Bet>(&action)) j["amount"] = b->amount;
  if (auto* r = std::get_if<pot::Rebuy>(&action)) j["amount"] = r->amount;
  if (auto* c = std::get_if<pot::Call>(&action)) j["ace"] = ace_name(c->ace);
  return j;
}

namespace {
rules::Chips amount_of(const json& j, const std::string& type) {
  auto it = j.find("amount");
  if (it == j.end() || !it->is_number_integer())
    throw ProtocolError("bad_action", fmt::format("a {} needs a whole-number \"amount\", e.g. {{\"type\":\"{}\",\"amount\":3}}",
                                                  type, type));
  // 2^63 and more would wrap to a negative number of chips (and be refused as one).
  if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<rules::Chips>::max()))
    throw ProtocolError("bad_action", fmt::format("a {} of {} chips is more than any table holds", type, it->get<std::uint64_t>()));
  return it->get<rules::Chips>();
}
}  // namespace

pot::Action action_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    throw ProtocolError("bad_action", "an action is an object with a \"type\": bet, pass, call, raise, stand or rebuy");
  std::string type = j["type"].get<std::string>();
  if (type == "bet") return pot::Bet{amount_of(j, type)};
  if (type == "rebuy") return pot::Rebuy{amount_of(j, type)};
  if (type == "pass") return pot::Pass{};
  if (type == "raise") return pot::Raise{};
  if (type == "stand") return pot::Stand{};
  if (type == "call") {
    auto it = j.find("ace");
    if (it != j.end() && *it == "high") return pot::Call{pot::AceValue::High};
    if (it != j.end() && *it == "low") return pot::Call{pot::AceValue::Low};
    throw ProtocolError("bad_action", "a call needs \"ace\": \"high\" or \"low\"");
  }
  throw ProtocolError("bad_action", fmt::format("unknown action type \"{}\"; pot games know bet, pass, call, raise, "
                                                "stand, rebuy", type));
}

json event_json(std::span<const pot::Player> players, const pot::Event& e) {
  json j = {{"type", pot::event_name(e.kind)}};
  if (e.player >= 0) j["player"] = players[static_cast<std::size_t>(e.player)].name;
  if (e.has_card) j["card"] = card_json(e.card);
  if (e.kind == pot::EventKind::AceCalled) j["ace"] = ace_name(e.ace);
  if (e.outcome != pot::Outcome::None) j["outcome"] = pot::outcome_name(e.outcome);
  switch (e.kind) {
    case pot::EventKind::Shuffled: j["shuffle"] = e.amount; break;
    case pot::EventKind::Ante: case pot::EventKind::BankerStake: case pot::EventKind::Rebuy:
    case pot::EventKind::PairPaid: case pot::EventKind::ConsecutiveLoss: case pot::EventKind::Push:
    case pot::EventKind::Bet: case pot::EventKind::Raise: case pot::EventKind::Win: case pot::EventKind::Loss:
    case pot::EventKind::DealerTakesPot:
      j["amount"] = e.amount;
      break;
    default: break;
  }
  return j;
}

json legal_json(std::span<const pot::Player> players, games::Seat player, const pot::Legal& l) {
  json actions = json::array();
  if (l.bet) actions.push_back({{"type", "bet"}, {"min", l.bet_min}, {"max", l.bet_max}});
  if (l.pass) actions.push_back({{"type", "pass"}});
  if (l.call) actions.push_back({{"type", "call"}, {"ace", {"high", "low"}}});
  if (l.raise) actions.push_back({{"type", "raise"}});
  if (l.stand) actions.push_back({{"type", "stand"}});
  if (l.rebuy) actions.push_back({{"type", "rebuy"}, {"min", 1}, {"max", l.rebuy_max}});
  json j = {{"player", player >= 0 && player < static_cast<int>(players.size()) ? json(players[static_cast<std::size_t>(player)].name)
                                                                             : json(nullptr)},
            {"actions", actions}};
  return j;
}

json state_json(const pot::View& game) {
  json players = json::array();
  for (int i = 0; i < static_cast<int>(game.players().size()); ++i) {
    const auto& s = game.players()[static_cast<std::size_t>(i)];
    players.push_back({{"name", s.name}, {"chips", s.chips}, {"bought", s.bought}, {"net", s.chips - s.bought}, {"in", game.in_game(i)}});
  }
  const auto& posts = game.posts();
  json aces = json::array();
  for (int i = 0; i < posts.count; ++i) {
    bool called = posts.cards[static_cast<std::size_t>(i)].is_ace() &&
                  !(game.phase() == pot::Phase::CallFirstAce && i == 0) &&
                  !(game.phase() == pot::Phase::CallSecondAce && i == 1);
    aces.push_back(called ? json(ace_name(posts.ace[static_cast<std::size_t>(i)])) : json(nullptr));
  }
  json j = table_state_json(game, std::move(players), std::move(aces));
  j["game"] = "pot";
  j["banking"] = "pot";
  j["pot"] = game.pot();
  j["deals_done"] = game.deals_done();
  j["deals_total"] = game.deals_total() > 0 ? json(game.deals_total()) : json(nullptr);
  if (posts.count == 2 && game.phase() != pot::Phase::CallSecondAce) j["spread"] = posts.spread();
  return j;
}

}  // namespace inbetween::protocol
