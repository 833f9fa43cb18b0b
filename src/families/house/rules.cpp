#include "families/house/rules.h"

#include <fmt/format.h>

#include "rules/deck_files.h"
#include "rules/knob_reader.h"

namespace inbetween::rules {

int total_hands(const HouseRules& rules, int players) {
  switch (rules.deals.kind) {
    case DealCount::Kind::Fixed: return rules.deals.fixed;
    case DealCount::Kind::EachDealerOnce: return players;  // every seat plays first once
    case DealCount::Kind::Unlimited: return 0;
  }
  return 0;
}

HouseRules house_rules_from_file(const RuleFile& file) {
  HouseRules rules;
  std::string where = file.path.string();
  KnobReader reader(file.table, where, file.origins);
  std::string game = "house";
  reader.choice("game", game, {{"house", std::string("house")}});
  visit_house_knobs(reader, rules);
  reader.finish();
  rules.source = where;
  try {
    rules.deck_cards = load_standard_deck(rules.deck);
  } catch (const RuleError& e) {
    auto origin = file.origins.find("deck");
    throw RuleError(fmt::format("{}: key 'deck': {}", origin != file.origins.end() ? origin->second : where, e.what()));
  }
  // Checks that involve two knobs, named with both.
  check_card_table_shoe(rules.deck_cards, rules.decks, rules.max_players, where, rules.deck);
  rules.reshuffle_below = cut_card(rules.deck_cards.size() * static_cast<std::size_t>(rules.decks), rules.penetration,
                                   rules.reshuffle_below, knob_from(file.table, file.origins, "reshuffle_below"), knob_from(file.table, file.origins, "penetration"), where);
  if (rules.min_players > rules.max_players)
    throw RuleError(fmt::format("{}: min_players {} exceeds max_players {}", where, rules.min_players, rules.max_players));
  if (rules.max_bet != 0 && rules.max_bet < rules.min_bet)
    throw RuleError(fmt::format("{}: max_bet {} is below min_bet {}", where, rules.max_bet, rules.min_bet));
  if (rules.min_bet > rules.start_chips)
    throw RuleError(fmt::format("{}: min_bet {} exceeds start_chips {}: nobody could wager", where, rules.min_bet, rules.start_chips));
  // Spreads run from 1 to 11 (ace to deuce); an entry past the eleventh could never pay.
  if (rules.spread_pays.size() > 11)
    throw RuleError(fmt::format("{}: key 'spread_pays': {} entries; allowed: 1 to 11 (spreads 1 to 11)", where, rules.spread_pays.size()));
  return rules;
}

HouseRules load_house_rules(const std::string& name_or_path, const std::vector<Override>& overrides) {
  return house_rules_from_file(read_rule_file(name_or_path, overrides));
}

std::string house_rules_to_text(const HouseRules& rules) {
  KnobWriter writer;
  writer.text("game", "house");
  visit_house_knobs(writer, rules);
  return writer.lines();
}

}  // namespace inbetween::rules
