#include "families/card_table/posts.h"

namespace inbetween::games::pot {

Outcome Posts::judge(Card third) const {
  // Equal rank to a post is a hit whatever an ace was called; an ace third card is otherwise high.
  if (third.rank() == cards[0].rank() || third.rank() == cards[1].rank())
    return (both_aces() && third.is_ace()) ? Outcome::TripleAce : Outcome::HitPost;
  int v = post_value(third, AceValue::High);
  return (v > low() && v < high()) ? Outcome::Between : Outcome::Outside;
}

}  // namespace inbetween::games::pot
