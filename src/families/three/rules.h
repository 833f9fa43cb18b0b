#pragma once
// The knobs of ThreeBeTween (RULES.md Part 2).
#include <map>
#include <string>
#include <vector>

#include "cards/letter_card.h"
#include "rules/pot_rules.h"
#include "rules/rule_files.h"

namespace inbetween::rules {

// Every knob of a ThreeBeTween preset, and the letter deck it names.
struct ThreeRules {
  std::string name = "threebetween";
  std::string description;
  std::string source;
  std::string deck = "alpha74";
  cards::LetterDeck letter_deck;  // filled in on load
  int min_players = 2;
  int max_players = 6;
  int spaces = 3;              // cards to fit between the limits: a ThreeBeTween
  int target = 100;            // the game ends after a tally where someone has this many
  bool wild_pair_busts = false;
  bool replacement = true;     // the one-time set-up replacement
  FirstDealer first_dealer = FirstDealer::Random;
};

template <class Visitor, class Rules>
void visit_three_knobs(Visitor& v, Rules& r) {
  v.text("name", r.name);
  v.text("description", r.description);
  v.text("deck", r.deck);
  v.integer("min_players", r.min_players, 2, 6);
  v.integer("max_players", r.max_players, 2, 6);
  v.integer("spaces", r.spaces, 1, 5);
  v.integer("target", r.target, 1, 100000);
  v.boolean("wild_pair_busts", r.wild_pair_busts);
  v.boolean("replacement", r.replacement);
  v.choice("first_dealer", r.first_dealer, {{"random", FirstDealer::Random}});
}

// Loads and validates a ThreeBeTween rule file (game = "threebetween") with overrides.
ThreeRules load_three_rules(const std::string& name_or_path, const std::vector<Override>& overrides = {});
// Validates a rule file already read.
ThreeRules three_rules_from_file(const RuleFile& file);
// The resolved knobs as "knob = value" lines.
std::string three_rules_to_text(const ThreeRules& rules);

}  // namespace inbetween::rules
