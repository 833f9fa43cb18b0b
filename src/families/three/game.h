#pragma once
// ThreeBeTween (RULES.md Part 2) as a pure state machine.
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cards/shoe.h"
#include "games/game.h"
#include "families/three/action.h"
#include "families/three/placement.h"
#include "families/three/rules.h"

namespace inbetween::games::three {

using rules::ThreeRules;

// In the round, out with a pass, or out with a bust.
enum class Status : std::uint8_t { In, Passed, Busted };

// What the game waits for.
enum class Phase : std::uint8_t { Replace, PlaceLimits, Turn, Place, Over };

// One player's round on the score sheet.
struct RoundScore {
  std::vector<int> banks;  // banked points, in order (struck through on a bust)
  bool busted = false;
  int score = 0;           // what the round adds to the total
  int total = 0;           // the total after the tally
};

// A tallied round: who dealt and each player's line.
struct RoundRecord {
  int round = 0;
  int dealer = 0;
  std::vector<RoundScore> players;
};

// A seat and everything in front of it this round.
struct Player {
  std::string name;
  int total = 0;
  Status status = Status::In;
  std::vector<CardCode> limit_hand;  // dealt limit cards not laid yet
  std::optional<Lay> low, high;      // laid limit cards
  std::vector<Lay> spaces;           // filled spaces
  std::vector<CardCode> drawn;       // cards drawn this turn, not yet placed
  std::vector<int> banks;
  bool replacement_used = false;
  int placed_this_turn = 0;
  int round_score = 0;
};

using games::Setup;
using games::SetupError;

class View;

class ThreeGame {
 public:
  ThreeGame(std::shared_ptr<const ThreeRules> rules, const Setup& setup, std::vector<Event>& events);

  int to_act() const { return to_act_; }
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::Over; }
  // Every concrete legal action of `player` (few: at most a few dozen).
  std::vector<Action> legal(Seat player) const;
  // The same into a reused buffer (games::Family); allocates nothing once the buffer is grown.
  void legal_actions(Seat seat, std::vector<Choice<Action>>& out) const;
  // What `seat` may see (view.h).
  View view(Seat seat) const;
  // The players' names in seat order.
  std::vector<std::string> names() const;
  // Applies one action; refused actions change nothing.
  std::optional<Refusal> apply(Seat player, const Action& action, std::vector<Event>& events);

  const ThreeRules& rules() const { return *rules_; }
  const cards::LetterDeck& deck() const { return rules_->letter_deck; }
  std::span<const Player> players() const { return players_; }
  int dealer() const { return dealer_; }
  int round() const { return round_; }
  const cards::Shoe& shoe() const { return shoe_; }
  // The cards not yet dealt, in an order drawn from `seed` (cards::Shoe::reseed).
  void shuffle_unseen(std::uint64_t seed) { shoe_.reseed(seed); }
  const std::vector<RoundRecord>& sheet() const { return sheet_; }
  std::vector<Seat> winners() const;

  // Positions where `card` may go into `player`'s empty spaces now (0 for a wild).
  std::vector<int> fits(Seat player, CardCode card) const;
  template <class Visit>
  void for_each_fit(Seat player, CardCode card, Visit&& visit) const {
    const Player& pl = p(player);
    if (!pl.low || !pl.high || static_cast<int>(pl.spaces.size()) >= rules_->spaces) return;
    auto taken = [&](int pos) {
      for (const auto& s : pl.spaces)
        if (s.position == pos) return true;
      return false;
    };
    three::for_each_fit(deck().kind(card), pl.low->position, pl.high->position, taken, visit);
  }
  // Whether `card` may go at `position` now.
  bool fits_at(Seat player, CardCode card, int position) const;
  // Letters (positions 1-26) still open between the player's limits.
  std::vector<int> open_letters(Seat player) const;
  // Points of the cards in front of a player (limits and spaces).
  int points_in_front(Seat player) const;
  // Every legal way to lay the player's two dealt limit cards.
  std::vector<PlaceLimits> layouts(Seat player) const;
  template <class Visit>
  void for_each_layout(Seat player, Visit&& visit) const {
    const Player& pl = p(player);
    if (pl.limit_hand.size() == 2) three::for_each_layout(deck(), pl.limit_hand[0], pl.limit_hand[1], visit);
  }
  bool layout_legal(Seat player, const PlaceLimits& layout) const;
  // Every card in front of every player, for conservation checks.
  std::vector<CardCode> cards_in_front() const;
  // The same, one card at a time (the bots count unseen cards with it, allocating nothing).
  template <class Visit>
  void for_each_card_in_front(Visit&& visit) const {
    for (const auto& pl : players_) {
      for (CardCode c : pl.limit_hand) visit(c);
      if (pl.low) visit(pl.low->card);
      if (pl.high) visit(pl.high->card);
      for (const auto& s : pl.spaces) visit(s.card);
      for (CardCode c : pl.drawn) visit(c);
    }
  }

 private:
  enum class Pending { None, NextSetup, NextTurn };
  enum class Stage { Setup, Turns };

  Player& p(int seat) { return players_[static_cast<std::size_t>(seat)]; }
  const Player& p(int seat) const { return players_[static_cast<std::size_t>(seat)]; }
  int count() const { return static_cast<int>(players_.size()); }
  CardCode draw(std::vector<Event>& events);
  // Appends an event of `kind` for `player` (-1: nobody) and returns it for its other fields.
  Event& emit(std::vector<Event>& events, EventKind kind, Seat player = -1) const;
  void run(std::vector<Event>& events);
  void start_round(std::vector<Event>& events);
  void next_setup_player(std::vector<Event>& events);
  void limits_settled(int seat, std::vector<Event>& events);
  void lay_limits(int seat, const PlaceLimits& layout, std::vector<Event>& events);
  void after_limits(std::vector<Event>& events);
  void next_turn(std::vector<Event>& events);
  void end_turn(int seat, std::vector<Event>& events);
  void bust(int seat, BustReason reason, std::vector<Event>& events);
  void discard_front(Player& player);
  void tally(std::vector<Event>& events);
  bool identical(CardCode a, CardCode b) const;
  bool anything_fits(int seat) const;
  std::optional<Refusal> check(Seat player, const Action& action) const;

  std::shared_ptr<const ThreeRules> rules_;
  std::vector<Player> players_;
  cards::Shoe shoe_;
  int dealer_ = 0;
  int to_act_ = -1;
  Phase phase_ = Phase::Replace;
  Stage stage_ = Stage::Setup;
  Pending pending_ = Pending::None;
  int offset_ = 0;   // seats after the dealer reached in the set-up, or turns taken
  int round_ = 0;
  std::vector<RoundRecord> sheet_;
};

// A choice in words, as the terminal's menu and every shell show it ("place A/E=E", "end turn
// (nothing placed: a bust!)").
std::string describe(const ThreeGame& game, Seat seat, const Action& action);

}  // namespace inbetween::games::three
