#include "families/pot/game.h"

#include "families/pot/betting.h"
#include "games/overloaded.h"
#include "families/card_table/seating.h"

#include <algorithm>

#include <fmt/format.h>

namespace inbetween::games::pot {

PotGame::PotGame(std::shared_ptr<const PotRules> rules, const Setup& setup, std::vector<Event>& events)
    : rules_(std::move(rules)),
      players_(card_table::seat_players(setup, rules_->min_players, rules_->max_players, rules_->start_chips)),
      shoe_(card_table::make_shoe(rules_->deck_cards, rules_->decks, setup)),
      stay_in_(rules_->rebuys ? 0 : stay_in_chips(*rules_)) {
  int n = count();
  deals_total_ = rules::total_deals(*rules_, n);
  emit(events, EventKind::Shuffled, -1, 0);
  choose_dealer(setup, events);
  form_pot(events);
  start_deal(events);
  run(events);
  refresh_legal();
}

// ---- small helpers -------------------------------------------------------------------------

Card PotGame::reshuffle_and_draw(std::vector<Event>& events) {
  // Out of cards mid-turn: the discards become a fresh deck; cards on the table stay out.
  shoe_.reshuffle();
  emit(events, EventKind::Shuffled, -1, shoe_.generation());
  if (shoe_.empty()) throw std::logic_error("every card is on the table; the shoe cannot deal");
  return Card{shoe_.draw()};
}

Chips PotGame::stay_in_chips(const PotRules& r) {
  // Where pairs of posts pay, a stack can grow without a bet: any chip keeps a player in.
  if (r.pair_posts == rules::PairPosts::Pay && r.pair_pays > 0) return 1;
  // Otherwise a stack that cannot cover the minimum bet (with the post-hit cost, where bets are
  // limited to what the stack can lose) can never bet again and sits out; a table of such
  // stacks would pass for ever and a game of unlimited deals could never end.
  Chips need = r.min_bet;
  if (r.loss_limit == rules::LossLimit::LimitBet) need *= std::max(1, r.post_hit_multiplier);
  return need;
}

bool PotGame::enough_players() const {
  int in = 0;
  for (int i = 0; i < count(); ++i) in += in_game(i) ? 1 : 0;
  return in >= 2;
}

Chips PotGame::chips_in() const { return card_table::bought_total(std::span<const Player>(players_)); }

std::vector<Seat> PotGame::winners() const {
  std::vector<Seat> best;
  if (!over()) return best;
  Chips top = 0;
  for (int i = 0; i < count(); ++i) {
    Chips net = players_[static_cast<std::size_t>(i)].chips - players_[static_cast<std::size_t>(i)].bought;
    if (best.empty() || net > top) {
      best = {i};
      top = net;
    } else if (net == top) {
      best.push_back(i);
    }
  }
  return best;
}

std::vector<Card> PotGame::table_cards() const {
  std::vector<Card> cards(posts_.cards.begin(), posts_.cards.begin() + posts_.count);
  if (third_) cards.push_back(*third_);
  return cards;
}

void PotGame::clear_table() {
  for (int i = 0; i < posts_.count; ++i) shoe_.discard(posts_.cards[static_cast<std::size_t>(i)].code);
  if (third_) shoe_.discard(third_->code);
  posts_ = Posts{};
  third_.reset();
}

// ---- the course of the game ---------------------------------------------------------------

void PotGame::choose_dealer(const Setup& setup, std::vector<Event>& events) {
  dealer_ = card_table::choose_first_dealer(setup, rules_->first_dealer, count(), shoe_, [&] { return draw(events); }, events);
}

void PotGame::form_pot(std::vector<Event>& events) {
  for (int k = 1; k <= count(); ++k) {
    int seat = (dealer_ + k) % count();
    Player& s = players_[static_cast<std::size_t>(seat)];
    Chips a = std::min(rules_->ante, s.chips);
    if (a <= 0 || !in_game(seat)) continue;
    s.chips -= a;
    pot_ += a;
    emit(events, EventKind::Ante, seat, a);
  }
  Player& banker = players_[static_cast<std::size_t>(dealer_)];
  Chips stake = std::min(rules_->banker_stake, banker.chips);
  if (stake > 0) {
    banker.chips -= stake;
    pot_ += stake;
    emit(events, EventKind::BankerStake, dealer_, stake);
  }
}

void PotGame::start_deal(std::vector<Event>& events) {
  turn_offset_ = 0;
  if (!enough_players()) return finish_game(events);
  pending_ = Pending::NextTurn;
}

void PotGame::run(std::vector<Event>& events) {
  // Automatic steps (a whole turn can be automatic: a paid pair) run here, in a loop, so a
  // long chain of them never deepens the stack.
  while (phase_ != Phase::Over && pending_ != Pending::None) {
    Pending p = pending_;
    pending_ = Pending::None;
    if (p == Pending::NextTurn) {
      next_turn(events);
    } else {
      end_deal(events);
      if (phase_ != Phase::Over) start_deal(events);
    }
  }
}

bool PotGame::turns_left_in_deal() const {
  for (int k = turn_offset_ + 1; k <= count(); ++k)
    if (in_game((dealer_ + k) % count())) return true;
  return false;
}

void PotGame::next_turn(std::vector<Event>& events) {
  // An empty pot is refilled when the next turn begins, so a game that ends on it does not ante.
  if (pot_ == 0 && rules_->when_pot_empty == rules::EmptyPot::Reante && turns_left_in_deal()) {
    form_pot(events);
    if (!enough_players()) return finish_game(events);
  }
  int seat = -1;
  while (seat < 0) {
    if (++turn_offset_ > count()) {
      pending_ = Pending::NextDeal;
      return;
    }
    int candidate = (dealer_ + turn_offset_) % count();
    if (in_game(candidate)) seat = candidate;
  }
  turn_seat_ = seat;
  if (static_cast<int>(shoe_.remaining()) < rules_->reshuffle_below) {
    shoe_.reshuffle();
    emit(events, EventKind::Shuffled, -1, shoe_.generation());
  }
  deal_first_post(events);
}

void PotGame::end_deal(std::vector<Event>& events) {
  ++deals_done_;
  ++deals_by_dealer_;
  bool last = deals_total_ > 0 && deals_done_ >= deals_total_;
  if (deals_by_dealer_ >= rules_->deals_per_dealer || last) {
    if (rules_->dealer_takes_pot && pot_ > 0) {
      players_[static_cast<std::size_t>(dealer_)].chips += pot_;
      emit(events, EventKind::DealerTakesPot, dealer_, pot_);
      pot_ = 0;
    }
    if (last) return finish_game(events);
    dealer_ = (dealer_ + 1) % count();
    deals_by_dealer_ = 0;
    emit(events, EventKind::DealerChanged, dealer_);
    if (pot_ == 0) form_pot(events);  // a new bank
  }
  if (!enough_players()) return finish_game(events);
  if (rules_->reshuffle_each_deal) {
    shoe_.reshuffle();
    emit(events, EventKind::Shuffled, -1, shoe_.generation());
  }
}

void PotGame::finish_game(std::vector<Event>& events) {
  phase_ = Phase::Over;
  to_act_ = -1;
  pending_ = Pending::None;
  emit(events, EventKind::GameOver, -1);
}

// ---- one turn of a pot game ----------------------------------------------------------------

void PotGame::deal_first_post(std::vector<Event>& events) {
  posts_ = Posts{};
  Card c = draw(events);
  posts_.cards[0] = c;
  posts_.count = 1;
  emit_card(events, EventKind::PostDealt, turn_seat_, c);
  if (c.is_ace() && rules_->first_ace == rules::FirstAce::Call) {
    phase_ = Phase::CallFirstAce;
    to_act_ = turn_seat_;
    return;
  }
  deal_second_post(events);
}

void PotGame::deal_second_post(std::vector<Event>& events) {
  Card c = draw(events);
  posts_.cards[1] = c;
  posts_.count = 2;
  emit_card(events, EventKind::PostDealt, turn_seat_, c);
  if (c.is_ace() && rules_->second_ace == rules::SecondAce::Call) {
    phase_ = Phase::CallSecondAce;
    to_act_ = turn_seat_;
    return;
  }
  posts_complete(events);
}

void PotGame::posts_complete(std::vector<Event>& events) {
  Player& s = players_[static_cast<std::size_t>(turn_seat_)];
  if (posts_pair(*rules_, posts_)) {
    switch (rules_->pair_posts) {
      case rules::PairPosts::Pay: {
        Chips paid = std::min(rules_->pair_pays, pot_);
        s.chips += paid;
        pot_ -= paid;
        emit(events, EventKind::PairPaid, turn_seat_, paid);
        return end_turn(events);
      }
      case rules::PairPosts::Redeal:
        emit(events, EventKind::PostsReplaced, turn_seat_);
        clear_table();
        return deal_first_post(events);
      case rules::PairPosts::Play:
      case rules::PairPosts::ThirdCard:  // a house-game knob: not among the pot games' choices
        break;
    }
  } else if (posts_.consecutive()) {
    switch (rules_->consecutive_posts) {
      case rules::ConsecutivePosts::LoseMin: {
        Chips lost = std::min(rules_->min_bet, s.chips);
        s.chips -= lost;
        pot_ += lost;
        emit(events, EventKind::ConsecutiveLoss, turn_seat_, lost);
        return end_turn(events);
      }
      case rules::ConsecutivePosts::Push:
        emit(events, EventKind::Push, turn_seat_, 0);
        return end_turn(events);
      case rules::ConsecutivePosts::Play: break;
    }
  }
  phase_ = Phase::Bet;
  to_act_ = turn_seat_;
}

Chips PotGame::bet_limit(Seat player, std::string* why) const {
  const Player& s = players_[static_cast<std::size_t>(player)];
  return pot::bet_limit(*rules_, posts_, pot_, s.chips, shoe_.generation() == 0, why);
}

void PotGame::resolve_bet(Chips amount, std::vector<Event>& events) {
  Player& s = players_[static_cast<std::size_t>(turn_seat_)];
  emit(events, EventKind::Bet, turn_seat_, amount);
  Card third = draw(events);
  third_ = third;
  Outcome outcome = posts_.judge(third);
  emit_card(events, EventKind::ThirdCard, turn_seat_, third, outcome);
  if (outcome == Outcome::Between) {
    s.chips += amount;
    pot_ -= amount;
    emit(events, EventKind::Win, turn_seat_, amount).outcome = outcome;
  } else {
    Chips loss = loss_for(*rules_, outcome, amount, s.chips);
    s.chips -= loss;
    pot_ += loss;
    emit(events, EventKind::Loss, turn_seat_, loss).outcome = outcome;
  }
  end_turn(events);
}

void PotGame::end_turn(std::vector<Event>& events) {
  clear_table();
  to_act_ = -1;
  if (pot_ == 0 && rules_->when_pot_empty == rules::EmptyPot::End) return finish_game(events);
  if (!enough_players()) return finish_game(events);
  pending_ = Pending::NextTurn;
}

// ---- actions -------------------------------------------------------------------------------

void PotGame::refresh_legal() {
  // Worked out once per decision, when the game comes to rest: the bot, check() and the
  // protocol all read this copy instead of each finding the bet limit again.
  Legal l;
  if (!over() && to_act_ >= 0) {
    switch (phase_) {
      case Phase::CallFirstAce:
      case Phase::CallSecondAce: l.call = true; break;
      case Phase::Bet: {
        Chips mx = bet_limit(to_act_, nullptr);
        l.bet = mx >= rules_->min_bet;
        if (l.bet) {
          l.bet_min = rules_->min_bet;
          l.bet_max = mx;
        }
        // With no affordable bet the player must be let off even where the rules have no fold.
        l.pass = rules_->allow_pass || !l.bet;
        break;
      }
      case Phase::Over: break;
    }
  }
  legal_ = l;
}

void PotGame::legal_actions(Seat seat, std::vector<Choice<Action>>& out) const {
  out.clear();
  Legal l = legal(seat);
  if (l.call) {
    out.push_back({Call{AceValue::High}});
    out.push_back({Call{AceValue::Low}});
  }
  if (l.bet) out.push_back({Bet{l.bet_min}, l.bet_min, l.bet_max});
  if (l.pass) out.push_back({Pass{}});
  if (l.rebuy) out.push_back({Rebuy{1}, 1, l.rebuy_max});
}

std::vector<std::string> PotGame::names() const {
  std::vector<std::string> out;
  for (const auto& p : players_) out.push_back(p.name);
  return out;
}

std::optional<Refusal> PotGame::check(Seat player, const Action& action) const {
  if (over()) return Refusal{"game_over", "the game is over"};
  if (player < 0 || player >= count()) return Refusal{"unknown_player", "no such player at this table"};
  const Player& s = players_[static_cast<std::size_t>(player)];
  if (const auto* r = std::get_if<Rebuy>(&action)) {
    if (!rules_->rebuys) return Refusal{"rebuy_not_allowed", "these rules allow no rebuys (rebuys = false)"};
    if (r->amount < 1 || r->amount > rules_->rebuy_max)
      return Refusal{"rebuy_out_of_range",
                     fmt::format("a rebuy must be from 1 to {} chips (rebuy_max), not {}", rules_->rebuy_max, r->amount)};
    return std::nullopt;
  }
  if (player != to_act_)
    return Refusal{"not_your_turn", fmt::format("it is {}'s turn, not {}'s", players_[static_cast<std::size_t>(to_act_)].name, s.name)};
  const Legal& l = legal_;  // the player to act's, worked out when the decision opened
  return std::visit(
      Overloaded{
          [&](const Bet& b) -> std::optional<Refusal> {
            if (phase_ != Phase::Bet) return Refusal{"not_now", "no bet now: the ace post must be called high or low first"};
            Chips mx = l.bet_max;  // legal() worked the limit out once for this bet
            // The binding limit is put in words only for a refusal: an accepted bet allocates nothing.
            auto why = [&] {
              std::string words;
              bet_limit(player, &words);
              return words;
            };
            if (!l.bet)  // (then bet_max is 0, and only a refusal's words need the limit again)
              return Refusal{"no_bet_possible",
                             fmt::format("no bet is possible: the minimum bet of {} exceeds {}; pass", rules_->min_bet, why())};
            if (b.amount < rules_->min_bet)
              return Refusal{"bet_too_small", fmt::format("bet {} is below the minimum bet of {}", b.amount, rules_->min_bet)};
            if (b.amount > mx) return Refusal{"bet_too_large", fmt::format("bet {} exceeds {}", b.amount, why())};
            return std::nullopt;
          },
          [&](const Pass&) -> std::optional<Refusal> {
            if (phase_ != Phase::Bet) return Refusal{"not_now", "call the ace post high or low first"};
            if (!l.pass)
              return Refusal{"pass_not_allowed",
                             fmt::format("these rules have no fold (allow_pass = false): bet from {} to {}", l.bet_min, l.bet_max)};
            return std::nullopt;
          },
          [&](const Call&) -> std::optional<Refusal> {
            if (!l.call) return Refusal{"no_ace_to_call", "there is no ace post to call high or low"};
            return std::nullopt;
          },
          [&](const Rebuy&) -> std::optional<Refusal> { return std::nullopt; },
      },
      action);
}

std::optional<Refusal> PotGame::apply(Seat player, const Action& action, std::vector<Event>& events) {
  if (auto refusal = check(player, action)) return refusal;
  Player& s = players_[static_cast<std::size_t>(player)];
  std::visit(Overloaded{
                 [&](const Rebuy& r) {
                   s.chips += r.amount;
                   s.bought += r.amount;
                   emit(events, EventKind::Rebuy, player, r.amount);
                 },
                 [&](const Call& c) {
                   bool first = phase_ == Phase::CallFirstAce;
                   posts_.ace[first ? 0 : 1] = c.ace;
                   emit_card(events, EventKind::AceCalled, player, posts_.cards[first ? 0 : 1]).ace = c.ace;
                   to_act_ = -1;
                   if (first) {
                     deal_second_post(events);
                   } else {
                     posts_complete(events);
                   }
                 },
                 [&](const Bet& b) {
                   to_act_ = -1;
                   resolve_bet(b.amount, events);
                 },
                 [&](const Pass&) {
                   to_act_ = -1;
                   emit(events, EventKind::Pass, player);
                   end_turn(events);
                 },
             },
             action);
  run(events);
  refresh_legal();
  return std::nullopt;
}

// ---- names ---------------------------------------------------------------------------------

const char* event_name(EventKind kind) {
  switch (kind) {
    case EventKind::Shuffled: return "shuffled";
    case EventKind::DrawForDeal: return "draw_for_deal";
    case EventKind::DealerChosen: return "dealer_chosen";
    case EventKind::Ante: return "ante";
    case EventKind::BankerStake: return "banker_stake";
    case EventKind::Rebuy: return "rebuy";
    case EventKind::PostDealt: return "post_dealt";
    case EventKind::AceCalled: return "ace_called";
    case EventKind::PostsReplaced: return "posts_replaced";
    case EventKind::PairPaid: return "pair_paid";
    case EventKind::ConsecutiveLoss: return "consecutive_loss";
    case EventKind::Push: return "push";
    case EventKind::Bet: return "bet";
    case EventKind::Pass: return "pass";
    case EventKind::ThirdCard: return "third_card";
    case EventKind::Win: return "win";
    case EventKind::Loss: return "loss";
    case EventKind::DealerTakesPot: return "dealer_takes_pot";
    case EventKind::DealerChanged: return "dealer_changed";
    case EventKind::GameOver: return "game_over";
  }
  return "?";
}

bool carries_chips(EventKind kind) {
  switch (kind) {
    case EventKind::Ante: case EventKind::BankerStake: case EventKind::Rebuy: case EventKind::PairPaid:
    case EventKind::ConsecutiveLoss: case EventKind::Push: case EventKind::Bet: case EventKind::Win: case EventKind::Loss:
    case EventKind::DealerTakesPot:
      return true;
    default: return false;
  }
}

}  // namespace inbetween::games::pot
