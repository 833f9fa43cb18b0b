#include "protocol/session.h"

#include <algorithm>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cards/shoe.h"
#include "protocol/table_session.h"
#include "rules/rule_files.h"

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

rules::RuleFile rule_file_from_json(const json& request, const std::vector<rules::Override>& overrides) {
  auto text = request.find("rules_text");
  auto name = request.find("rules");
  if (text != request.end()) {
    if (name != request.end()) throw ProtocolError("bad_request", "give \"rules\" (a preset) or \"rules_text\", not both");
    if (!text->is_string()) throw ProtocolError("bad_request", "\"rules_text\" must be a rule file's text (a string)");
    return rules::read_rule_text(text->get<std::string>(), "rules_text", overrides);
  }
  if (name == request.end() || !name->is_string())
    throw ProtocolError("bad_request", "\"rules\" must name a preset (e.g. \"hoyle\") or a .toml file");
  return rules::read_rule_file(name->get<std::string>(), overrides);
}

std::unique_ptr<GameSession> new_session(const json& request) {
  return with_new_session(request, []<games::Family F>(std::unique_ptr<TableSession<F>> session) -> std::unique_ptr<GameSession> {
    return session;
  });
}

namespace {
// The parts of a `new` request that fix its rules.
json rules_part(const json& request) {
  json part = json::object();
  for (const char* key : {"rules", "rules_text", "set"})
    if (auto it = request.find(key); it != request.end()) part[key] = *it;
  return part;
}
}  // namespace

SessionMaker::SessionMaker(const json& request) : rules_(rules_part(request)) {
  try {
    rules::RuleFile file = rule_file_from_json(request, overrides_from_json(request));
    games::with_rule_file(file, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
      deal_table_ = [rules](games::Setup setup) -> std::unique_ptr<games::AnyTable> {
        return std::make_unique<games::FamilyTable<F>>(rules, std::move(setup));
      };
      deal_ = [rules = std::move(rules)](const CommonSetup& common) -> std::unique_ptr<GameSession> {
        return std::make_unique<TableSession<F>>(common, rules);
      };
    });
  } catch (const rules::RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
}

std::unique_ptr<GameSession> SessionMaker::make(const json& request) const {
  if (rules_part(request) != rules_) return new_session(request);
  try {
    return deal_(common_setup(request));
  } catch (const rules::RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
}

std::unique_ptr<GameSession> session_over(const games::AnyTable& table, const json& request) {
  return games::with_family(table.family(), [&]<games::Family F>() -> std::unique_ptr<GameSession> {
    const auto* typed = games::as<F>(table);
    if (!typed) throw std::logic_error("a runtime table is not of the family its key names");
    return std::make_unique<TableSession<F>>(request, *typed);
  });
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
  // The log says which dealing its seed was dealt by; another version's cards would differ.
  if (auto it = request.find("dealing"); it != request.end()) {
    if (!it->is_number_integer() || it->get<std::int64_t>() != cards::kDealingVersion)
      throw ProtocolError("old_dealing", fmt::format("\"dealing\": {} is not this engine's dealing (version {}): its seed would deal "
                                                     "other cards, so that game cannot be replayed here",
                                                     it->dump(), cards::kDealingVersion));
  }
  c.request["dealing"] = cards::kDealingVersion;
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

void check_saved_dealing(const json& request, const std::string& file) {
  auto it = request.find("dealing");
  if (it != request.end() && it->is_number_integer() && it->get<std::int64_t>() == cards::kDealingVersion) return;
  std::string version = it == request.end() ? "version 1 (it records no \"dealing\")" : fmt::format("version {}", it->dump());
  throw ProtocolError("old_dealing", fmt::format("{}: this game was dealt by {}; this inbetween deals version {}, so its seed "
                                                 "would deal other cards: it cannot be replayed or continued",
                                                 file, version, cards::kDealingVersion));
}

int seat_in(const json& request, const std::vector<std::string>& names, int to_act) {
  auto it = request.find("player");
  if (it == request.end()) return to_act;
  if (!it->is_string()) throw ProtocolError("bad_request", "\"player\" must be a name");
  auto pos = std::find(names.begin(), names.end(), it->get<std::string>());
  if (pos == names.end())
    throw ProtocolError("unknown_player", fmt::format("no player called '{}' at this table", it->get<std::string>()));
  return static_cast<int>(pos - names.begin());
}

}  // namespace inbetween::protocol
