#include <algorithm>
#include <string>
#include <variant>

#include <fmt/format.h>

#include "families/three/game.h"

namespace inbetween::games::three {
namespace {
std::string plural(long long n, const std::string& word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }
}  // namespace

std::string describe(const ThreeGame& g, Seat seat, const Action& action) {
  const auto& deck = g.deck();
  const auto& me = g.players()[static_cast<std::size_t>(seat)];
  auto letter = [](int pos) { return std::string(1, cards::position_letter(pos)); };
  auto side = [&](const Lay& lay) {
    const auto& k = deck.kind(lay.card);
    return k.vowel_card() ? fmt::format("{}={}", k.notation, letter(lay.position)) : k.notation;
  };
  if (std::holds_alternative<Keep>(action)) {
    // Identical limit cards bust when kept (two wilds only under wild_pair_busts).
    const auto& hand = me.limit_hand;
    bool pair = hand.size() == 2 && hand[0] == hand[1] && (!deck.kind(hand[0]).wild() || g.rules().wild_pair_busts);
    return pair ? "keep both (identical: a bust!)" : "keep both";
  }
  if (auto* r = std::get_if<Replace>(&action)) return fmt::format("replace {}", deck.kind(r->card).notation);
  if (auto* l = std::get_if<PlaceLimits>(&action)) {
    int open = std::max(0, std::min(27, l->high.position) - std::max(0, l->low.position) - 1);
    return fmt::format("lay {} … {}  ({} between)", side(l->low), side(l->high), plural(open, "letter"));
  }
  if (std::holds_alternative<Draw>(action))
    return "draw " + plural(g.rules().spaces - static_cast<int>(me.spaces.size()), "card");
  if (auto* p = std::get_if<Place>(&action))
    return deck.kind(p->card).wild() ? "place ? (wild)" : fmt::format("place {}", side({p->card, p->position}));
  if (std::holds_alternative<EndTurn>(action))
    return me.placed_this_turn == 0 ? "end turn (nothing placed: a bust!)" : "end turn";
  int banked = 0;
  for (int b : me.banks) banked += b;
  if (std::holds_alternative<Bank>(action)) return "bank " + plural(g.points_in_front(seat), "point");
  return "pass with " + plural(banked + g.points_in_front(seat), "point");
}

}  // namespace inbetween::games::three
