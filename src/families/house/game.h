#pragma once
// The house games (Red Dog) as a pure state machine: every player wagers against the house,
// one set of posts for the table, a raise once the spread is known, the house pays by spread.
// Its actions, events and seats are its own (action.h, event.h), on the shared card-table parts.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cards/shoe.h"
#include "games/game.h"
#include "families/house/action.h"
#include "families/house/event.h"
#include "families/house/rules.h"

namespace inbetween::games::house {

using rules::HouseRules;

class View;

class HouseGame {
 public:
  // Seats the players, finds who plays first and opens the first hand's wagers.
  HouseGame(std::shared_ptr<const HouseRules> rules, const Setup& setup, std::vector<Event>& events);

  Seat to_act() const { return to_act_; }
  bool over() const { return phase_ == Phase::Over; }
  Phase phase() const { return phase_; }
  Legal legal(Seat seat) const {
    if (over() || seat != to_act_ || seat < 0 || seat >= count()) return {};
    return legal_;  // worked out when the decision opened (refresh_legal)
  }
  void legal_actions(Seat seat, std::vector<Choice<Action>>& out) const;
  // Applies one action: appends its events, or returns why it is refused and changes nothing.
  std::optional<Refusal> apply(Seat seat, const Action& action, std::vector<Event>& events);
  View view(Seat seat) const;
  std::vector<std::string> names() const;

  const HouseRules& rules() const { return *rules_; }
  const cards::Shoe& shoe() const { return shoe_; }
  // The cards not yet dealt, in an order drawn from `seed` (cards::Shoe::reseed).
  void shuffle_unseen(std::uint64_t seed) { shoe_.reseed(seed); }
  std::span<const Player> players() const { return players_; }
  // The house's result so far (what the players lost less what it paid).
  Chips house() const { return house_; }
  // The seat after whom the wagers start; it moves round every hand.
  Seat dealer() const { return dealer_; }
  const Posts& posts() const { return posts_; }
  std::optional<Card> third_card() const { return third_; }
  int hands_done() const { return hands_done_; }
  int hands_total() const { return hands_total_; }
  // Whether this seat can still wager (a stack of at least the minimum).
  bool in_game(Seat seat) const { return at(seat).chips >= rules_->min_bet; }
  Chips chips_in() const;
  // Players who end ahead of the house, the best first-equal; none when the house beat everyone.
  std::vector<Seat> winners() const;
  std::vector<Card> table_cards() const;

 private:
  int count() const { return static_cast<int>(players_.size()); }
  Player& at(Seat seat) { return players_[static_cast<std::size_t>(seat)]; }
  const Player& at(Seat seat) const { return players_[static_cast<std::size_t>(seat)]; }
  // The next card; an empty shoe is reshuffled first (reshuffle_and_draw, out of line: rare).
  [[gnu::always_inline]] Card draw(std::vector<Event>& events) {
    if (!shoe_.empty()) [[likely]] return Card{shoe_.draw()};
    return reshuffle_and_draw(events);
  }
  Card reshuffle_and_draw(std::vector<Event>& events);
  // Every event is made by card_table::emit or emit_card (families/card_table/event.h).

  void reshuffle(std::vector<Event>& events);

  void choose_first(const Setup& setup, std::vector<Event>& events);
  void start_hand(std::vector<Event>& events);
  void next_player(Phase phase, std::vector<Event>& events);
  void deal_posts(std::vector<Event>& events);
  void settle_trips(std::vector<Event>& events);
  void push_all(std::vector<Event>& events);
  void resolve(std::vector<Event>& events);
  void end_hand(std::vector<Event>& events);
  void finish_game(std::vector<Event>& events);
  bool anyone_in() const;
  // The largest wager allowed now; `why` (if given) receives the limit that binds, in words.
  Chips wager_limit(Seat seat, std::string* why) const;
  std::optional<Refusal> check(Seat seat, const Action& action) const;
  // Sets legal_ for the seat to act; called whenever the start or an action comes to rest.
  void refresh_legal();

  std::shared_ptr<const HouseRules> rules_;
  std::vector<Player> players_;
  cards::Shoe shoe_;
  Chips house_ = 0;
  Seat dealer_ = 0;
  Seat to_act_ = kNobody;
  Phase phase_ = Phase::Wager;
  Posts posts_;
  std::optional<Card> third_;
  int offset_ = 0;  // seats after the dealer reached in this round of wagers or raises
  int hands_done_ = 0;
  int hands_total_ = 0;
  Legal legal_;  // what the seat to act may do; refresh_legal()
};

}  // namespace inbetween::games::house
