#pragma once
// The knobs of the house games (Red Dog, RULES.md Part 1 "Red Dog"): every player against the
// house on one set of posts; the house pays by the spread.
#include <algorithm>
#include <string>
#include <vector>

#include "rules/pot_rules.h"
#include "rules/rule_files.h"
#include "rules/table_knobs.h"

namespace inbetween::rules {

// Every knob of a house preset; defaults are the red-dog preset's.
struct HouseRules {
  std::string name = "custom";
  std::string description;
  std::string source;  // the file it came from, for messages

  int min_players = 1;
  int max_players = 7;
  std::string deck = "standard52";       // deck file (decks/NAME.toml) of one deck
  std::vector<std::uint8_t> deck_cards;  // its cards, filled in on load; empty = the 52
  int decks = 6;
  int reshuffle_below = 78;  // the cut card: before a hand, fewer cards left than this -> reshuffle
  int penetration = 0;       // percent of the shoe dealt before the cut card (0: reshuffle_below as given)
  FirstDealer first_dealer = FirstDealer::Random;  // who plays first in the first hand

  Chips start_chips = 100;
  Chips min_bet = 1;
  Chips max_bet = 25;  // the table limit for a wager; 0: the stack is the limit

  PairPosts pair_posts = PairPosts::ThirdCard;              // third-card, redeal or play
  ConsecutivePosts consecutive_posts = ConsecutivePosts::Push;  // push or play
  std::vector<int> spread_pays = {5, 4, 2, 1};  // index 0 = spread 1, the last entry for all wider
  int triple_pays = 11;
  bool allow_raise = true;

  DealCount deals{DealCount::Kind::Fixed, 20};  // hands
};

template <class Visitor, class Rules>  // Rules: HouseRules or const HouseRules
void visit_house_knobs(Visitor& v, Rules& r) {
  visit_table_knobs(v, r);
  v.choice("first_dealer", r.first_dealer, {{"high-card", FirstDealer::HighCard}, {"random", FirstDealer::Random}});
  v.integer("start_chips", r.start_chips, 1, 1'000'000'000);
  v.integer("min_bet", r.min_bet, 1, 1'000'000'000);
  v.integer("max_bet", r.max_bet, 0, 1'000'000'000);
  v.choice("pair_posts", r.pair_posts,
           {{"third-card", PairPosts::ThirdCard}, {"redeal", PairPosts::Redeal}, {"play", PairPosts::Play}});
  v.choice("consecutive_posts", r.consecutive_posts, {{"push", ConsecutivePosts::Push}, {"play", ConsecutivePosts::Play}});
  v.integer_list("spread_pays", r.spread_pays, 0, 1000);
  v.integer("triple_pays", r.triple_pays, 0, 1000);
  v.boolean("allow_raise", r.allow_raise);
  v.deal_count("deals", r.deals);
}

// What a winning wager of 1 is paid at this spread (1..11); 0 for spread 0 (a pair). The one
// place the pay table is read: the game, the odds and the house edge all ask here.
inline int spread_pays(const HouseRules& rules, int spread) {
  if (spread <= 0 || rules.spread_pays.empty()) return 0;
  return rules.spread_pays[std::min(static_cast<std::size_t>(spread), rules.spread_pays.size()) - 1];
}

// How many hands the game lasts for this many players; 0 for no limit.
int total_hands(const HouseRules& rules, int players);
// Validates a house rule file (game = "house").
HouseRules house_rules_from_file(const RuleFile& file);
// Loads, validates and overrides a house rule file.
HouseRules load_house_rules(const std::string& name_or_path, const std::vector<Override>& overrides = {});
// The resolved knobs as "knob = value" lines.
std::string house_rules_to_text(const HouseRules& rules);

}  // namespace inbetween::rules
