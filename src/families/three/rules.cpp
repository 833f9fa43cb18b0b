#include "families/three/rules.h"

#include <fmt/format.h>

#include "rules/deck_files.h"
#include "rules/knob_reader.h"

namespace inbetween::rules {

ThreeRules load_three_rules(const std::string& name_or_path, const std::vector<Override>& overrides) {
  return three_rules_from_file(read_rule_file(name_or_path, overrides));
}

ThreeRules three_rules_from_file(const RuleFile& file) {
  const auto& path = file.path;
  const auto& table = file.table;
  const auto& origins = file.origins;
  ThreeRules rules;
  KnobReader reader(table, path.string(), origins);
  std::string game = "threebetween";
  reader.choice("game", game, {{"threebetween", std::string("threebetween")}});
  visit_three_knobs(reader, rules);
  reader.finish();
  rules.source = path.string();
  if (rules.min_players > rules.max_players)
    throw RuleError(fmt::format("{}: min_players {} exceeds max_players {}", path.string(), rules.min_players, rules.max_players));
  try {
    rules.letter_deck = load_letter_deck(rules.deck);
  } catch (const RuleError& e) {
    auto origin = origins.find("deck");
    throw RuleError(fmt::format("{}: key 'deck': {}", origin != origins.end() ? origin->second : path.string(), e.what()));
  }
  // Every player holds up to 2 + spaces cards and draws up to `spaces` more.
  int needed = rules.max_players * (2 + rules.spaces) + rules.spaces;
  if (rules.letter_deck.size() < needed)
    throw RuleError(fmt::format("{}: deck '{}' has {} cards; {} players with {} spaces need at least {}", path.string(),
                                rules.deck, rules.letter_deck.size(), rules.max_players, rules.spaces, needed));
  // A deck whose every deal is the same card, or that is worth nothing, could never end a game.
  const auto& kinds = rules.letter_deck.kinds;
  int points = 0;
  for (const auto& k : kinds) points += k.points * k.copies;
  if (kinds.size() < 2 || points == 0)
    throw RuleError(fmt::format("{}: deck '{}' needs at least two different cards and some worth points", path.string(),
                                rules.deck));
  return rules;
}

std::string three_rules_to_text(const ThreeRules& rules) {
  KnobWriter writer;
  writer.text("game", "threebetween");
  visit_three_knobs(writer, rules);
  return writer.lines();
}

}  // namespace inbetween::rules
