#include "families/card_table/posts.h"

namespace inbetween::games::card_table {

Outcome Posts::judge(Card third) const {
  // Equal rank to a post is a hit whatever an ace was called; an ace third card is otherwise high.
  if (third.rank() == cards[0].rank() || third.rank() == cards[1].rank())
    return (both_aces() && third.is_ace()) ? Outcome::TripleAce : Outcome::HitPost;
  int v = post_value(third, AceValue::High);
  return (v > low() && v < high()) ? Outcome::Between : Outcome::Outside;
}

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::None: return "";
    case Outcome::Between: return "between";
    case Outcome::Outside: return "outside";
    case Outcome::HitPost: return "hit_post";
    case Outcome::TripleAce: return "triple_ace";
    case Outcome::Trips: return "trips";
    case Outcome::NoTrips: return "no_trips";
  }
  return "?";
}

}  // namespace inbetween::games::card_table
