#include "protocol/table_rules.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "games/registry.h"

namespace inbetween::protocol {
namespace {
std::vector<std::string> bot_kinds(std::string_view family) {
  return games::with_family(family, []<games::Family F>() { return F::Bots::kinds(); });
}
}  // namespace

rules::RuleFile client_rule_file(const std::string& preset, const std::string& rules_text, const json& sets) {
  std::vector<rules::Override> overrides;
  if (!sets.is_object()) throw ProtocolError("bad_message", "\"set\" must be an object of knob: value");
  for (auto knob = sets.begin(); knob != sets.end(); ++knob)
    overrides.push_back({knob.key(), knob->is_string() ? knob->get<std::string>() : knob->dump()});
  try {
    if (!rules_text.empty()) return rules::read_rule_text(rules_text, "rules_text", overrides);
    auto names = rules::preset_names();
    if (std::find(names.begin(), names.end(), preset) == names.end())
      throw ProtocolError("bad_rules", fmt::format("unknown preset \"{}\"; presets: {}", preset, fmt::join(names, ", ")));
    auto file = rules::read_rule_file(preset, overrides);
    rules::refuse_file_paths(file);
    return file;
  } catch (const rules::RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
}

TableRules table_rules(const rules::RuleFile& file) {
  try {
    return games::with_rule_file(file, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
      return TableRules{file.game, rules->description, rules->min_players, rules->max_players, F::Bots::kinds(),
                        std::string(F::Bots::stand_in)};
    });
  } catch (const rules::RuleError& e) {
    throw ProtocolError("bad_rules", e.what());
  }
}

json presets_message(const std::function<std::string(const std::string&)>& title) {
  json presets = json::array();
  for (const auto& name : rules::preset_names()) {
    try {
      TableRules info = table_rules(client_rule_file(name, "", json::object()));
      // The file's `[lobby]` table: where the lobby lists it and its rules in short (no knob).
      rules::LobbyText lobby = rules::read_rule_file(name).lobby;
      presets.push_back({{"name", name}, {"family", info.family}, {"title", title(info.description)},
                         {"min_players", info.min_players}, {"max_players", info.max_players}, {"bots", info.bot_kinds},
                         {"order", lobby.order}, {"help", {{"how_to_play", lobby.how_to_play}, {"rules", lobby.rules}}}});
    } catch (const ProtocolError&) {
      // A preset that does not load is left out of the list; `inbetween rules show NAME` says why.
    } catch (const rules::RuleError&) {
    }
  }
  // Every kind some family has, in registry order; a preset's own list is in its "bots".
  json bots = json::array();
  for (auto family : games::family_keys())
    for (const auto& kind : bot_kinds(family))
      if (std::find(bots.begin(), bots.end(), kind) == bots.end()) bots.push_back(kind);
  return {{"type", "presets"}, {"presets", presets}, {"bots", bots}};
}

const char* game_status(const GameSession* session) {
  if (!session) return "waiting";
  return session->over() ? "over" : "playing";
}

void fill_game_fields(const GameSession* session, games::Seat seat, std::uint64_t seed, ObjectFill& out) {
  json& seed_field = out.at("seed");
  json& state = out.at("state");
  if (session) session->fill_state(seat, state);
  else put(state, nullptr);
  if (session && session->over()) put(seed_field, std::to_string(seed));
  else put(seed_field, nullptr);
  out.put("status", game_status(session));
  int to_act = session ? session->to_act() : games::kNobody;
  if (to_act >= 0) out.put("to_act", session->table().names()[static_cast<std::size_t>(to_act)]);
  else out.put("to_act", nullptr);
}

}  // namespace inbetween::protocol
