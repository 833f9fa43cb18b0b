#pragma once
// The pot-game family as a pure state machine: legal actions, apply, and a read-only view.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cards/shoe.h"
#include "families/pot/action.h"
#include "families/pot/event.h"
#include "rules/pot_rules.h"

namespace inbetween::games::pot {

using rules::PotRules;

using games::SetupError;

class View;

class PotGame {
 public:
  // Starts the game: seats, the first dealer, the first pot; `events` receives what happened.
  PotGame(std::shared_ptr<const PotRules> rules, const Setup& setup, std::vector<Event>& events);

  // Who must act, or -1 when nobody (game over).
  int to_act() const { return to_act_; }
  Legal legal(Seat player) const {
    if (over() || player < 0 || player >= count()) return {};
    Legal l = player == to_act_ ? legal_ : Legal{};
    if (rules_->rebuys) {
      l.rebuy = true;
      l.rebuy_max = rules_->rebuy_max;
    }
    return l;
  }
  // The same as a list of choices (games::Family): bet and rebuy as ranges.
  void legal_actions(Seat seat, std::vector<Choice<Action>>& out) const;
  // What `seat` may see (view.h).
  View view(Seat seat) const;
  // The players' names in seat order.
  std::vector<std::string> names() const;
  // Applies one action: appends its events and returns nothing, or returns why it is refused
  // and leaves the game exactly as it was.
  std::optional<Refusal> apply(Seat player, const Action& action, std::vector<Event>& events);

  const PotRules& rules() const { return *rules_; }
  std::shared_ptr<const PotRules> rules_ptr() const { return rules_; }
  std::span<const Player> players() const { return players_; }
  Chips pot() const { return pot_; }
  int dealer() const { return dealer_; }
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::Over; }
  const Posts& posts() const { return posts_; }
  std::optional<Card> third_card() const { return third_; }
  const cards::Shoe& shoe() const { return shoe_; }
  // The cards not yet dealt, in an order drawn from `seed` (cards::Shoe::reseed).
  void shuffle_unseen(std::uint64_t seed) { shoe_.reseed(seed); }
  int deals_done() const { return deals_done_; }
  int deals_total() const { return deals_total_; }
  // Chips that came into the game: start chips and rebuys.
  Chips chips_in() const;
  // Players with the best result (chips less what they bought); empty until the game is over.
  std::vector<Seat> winners() const;
  // Every card the table holds now (posts and third card), for conservation checks.
  std::vector<Card> table_cards() const;
  // Whether this seat still plays (has chips, or may buy more): asked several times a turn, so
  // the threshold is worked out once (stay_in_chips).
  bool in_game(int seat) const { return players_[static_cast<std::size_t>(seat)].chips >= stay_in_; }
  // The fewest chips that keep a seat in the game under these rules (without rebuys).
  static Chips stay_in_chips(const PotRules& rules);

 private:
  int count() const { return static_cast<int>(players_.size()); }
  // The next card; an empty shoe is reshuffled first (reshuffle_and_draw, out of line: rare).
  [[gnu::always_inline]] Card draw(std::vector<Event>& events) {
    if (!shoe_.empty()) [[likely]] return Card{shoe_.draw()};
    return reshuffle_and_draw(events);
  }
  Card reshuffle_and_draw(std::vector<Event>& events);
  // Every event is made by card_table::emit or emit_card (families/card_table/event.h).

  void choose_dealer(const Setup& setup, std::vector<Event>& events);
  void form_pot(std::vector<Event>& events);
  void start_deal(std::vector<Event>& events);
  void next_turn(std::vector<Event>& events);
  void end_deal(std::vector<Event>& events);
  void finish_game(std::vector<Event>& events);
  bool enough_players() const;
  bool turns_left_in_deal() const;

  void deal_first_post(std::vector<Event>& events);
  void deal_second_post(std::vector<Event>& events);
  void posts_complete(std::vector<Event>& events);
  void clear_table();
  void end_turn(std::vector<Event>& events);
  void resolve_bet(Chips amount, std::vector<Event>& events);
  // The largest bet allowed now; `why` (if given) receives the limit that binds, in words.
  Chips bet_limit(Seat player, std::string* why) const;
  void run(std::vector<Event>& events);


  std::optional<Refusal> check(Seat player, const Action& action) const;
  // Sets legal_ for the player to act; called whenever an action or the start comes to rest.
  void refresh_legal();

  std::shared_ptr<const PotRules> rules_;
  std::vector<Player> players_;
  cards::Shoe shoe_;
  Chips stay_in_ = 0;  // in_game(): 0 where rebuys keep everyone in
  Chips pot_ = 0;
  int dealer_ = 0;
  int to_act_ = -1;
  Phase phase_ = Phase::Bet;  // set before every decision; Over only at the end
  Posts posts_;
  std::optional<Card> third_;
  // Automatic steps still to run before the next decision.
  enum class Pending { None, NextTurn, NextDeal };
  Pending pending_ = Pending::None;
  int turn_seat_ = 0;
  int turn_offset_ = 0;  // seats after the dealer already reached in this deal (1..players)
  int deals_done_ = 0;
  int deals_by_dealer_ = 0;
  int deals_total_ = 0;
  Legal legal_;  // what the player to act may do (rebuys aside); refresh_legal()
};

}  // namespace inbetween::games::pot
