#pragma once
// What the pot games and the house game share when a table sits down: the shoe, the seats and
// the first dealer (written once; PotGame and HouseGame call it).
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "cards/rng.h"
#include "cards/shoe.h"
#include "games/game.h"
#include "rules/pot_rules.h"
#include "families/card_table/event.h"
#include "families/card_table/player.h"

namespace inbetween::games::card_table {

// `decks` copies of a deck (a deck file's cards, or the standard 52 when `deck_cards` is empty),
// shuffled from the seed with `setup.stacked` on top; a stacked card the decks hold too few
// times is a SetupError.
cards::Shoe make_shoe(const std::vector<cards::CardCode>& deck_cards, int decks, const Setup& setup);

// The players of `setup`, each with `start_chips`; a count outside min..max, an empty or a
// repeated name, or a named dealer who is not a player is a SetupError.
template <class SeatedPlayer = Player>
std::vector<SeatedPlayer> seat_players(const Setup& setup, int min_players, int max_players, Chips start_chips) {
  check_setup(setup, min_players, max_players);
  std::vector<SeatedPlayer> players(setup.players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = setup.players[i];
    players[i].chips = start_chips;
    players[i].bought = start_chips;
  }
  return players;
}

// Who deals (or plays) first: the named dealer, a seat drawn from the seed, or the high card:
// everyone draws a card face up, the highest deals, and those tied for highest draw again.
// `draw_for_deal(seat)` deals that seat one card face up (and says so); each card drawn then
// goes to `discard(card)`.
template <class DrawForDeal, class Discard>
Seat first_dealer(const Setup& setup, rules::FirstDealer how, int players, DrawForDeal&& draw_for_deal, Discard&& discard) {
  if (setup.dealer) return *setup.dealer;
  if (how == rules::FirstDealer::Random) {
    auto rng = cards::make_rng(setup.seed, cards::RngStream::Seating);
    return static_cast<Seat>(cards::uniform_below(rng, static_cast<std::uint64_t>(players)));
  }
  // Fixed arrays, as a table has at most kMaxSeats (rules allow max_players 1..8): no allocation.
  std::array<Seat, kMaxSeats> drawing{};
  std::array<Card, kMaxSeats> drawn{};
  std::size_t n = static_cast<std::size_t>(std::clamp(players, 1, kMaxSeats));
  for (std::size_t i = 0; i < n; ++i) drawing[i] = static_cast<Seat>(i);
  while (n > 1) {
    for (std::size_t i = 0; i < n; ++i) drawn[i] = draw_for_deal(drawing[i]);
    int top = 0;
    for (std::size_t i = 0; i < n; ++i) {
      discard(drawn[i]);
      top = std::max(top, drawn[i].rank());
    }
    std::size_t tied = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (drawn[i].rank() == top) drawing[tied++] = drawing[i];
    n = tied;
  }
  return drawing[0];
}

// first_dealer() at a card table: each card of the draw for the deal comes from `draw()`, is
// told as the family's DrawForDeal event and then discarded to `shoe`; the dealer is told as DealerChosen.
template <class Draw, class Kind>
Seat choose_first_dealer(const Setup& setup, rules::FirstDealer how, int players, cards::Shoe& shoe, Draw&& draw,
                         std::vector<TableEvent<Kind>>& events) {
  Seat dealer = first_dealer(
      setup, how, players,
      [&](Seat seat) {
        Card c = draw();
        emit_card(events, Kind::DrawForDeal, seat, c);
        return c;
      },
      [&](Card c) { shoe.discard(c.code); });
  emit(events, Kind::DealerChosen, dealer);
  return dealer;
}

}  // namespace inbetween::games::card_table
