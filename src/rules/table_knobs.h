#pragma once
// The knobs every card-table family (pot and house games) opens with, in this order: what the
// rules are called, who sits down, and the shoe.

namespace inbetween::rules {

template <class Visitor, class Rules>  // Rules: PotRules or HouseRules, const or not
void visit_table_knobs(Visitor& v, Rules& r) {
  v.text("name", r.name);
  v.text("description", r.description);
  v.integer("min_players", r.min_players, 1, 8);
  v.integer("max_players", r.max_players, 1, 8);
  v.text("deck", r.deck);
  v.integer("decks", r.decks, 1, 8);
  v.integer("reshuffle_below", r.reshuffle_below, 0, 416);
  v.integer("penetration", r.penetration, 0, 100);
}

}  // namespace inbetween::rules
