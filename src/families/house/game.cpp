#include "families/house/game.h"

#include <algorithm>

#include <fmt/format.h>

#include "families/house/view.h"
#include "games/overloaded.h"
#include "families/card_table/seating.h"

namespace inbetween::games::house {

HouseGame::HouseGame(std::shared_ptr<const HouseRules> rules, const Setup& setup, std::vector<Event>& events)
    : rules_(std::move(rules)),
      players_(card_table::seat_players<Player>(setup, rules_->min_players, rules_->max_players, rules_->start_chips)),
      shoe_(card_table::make_shoe(rules_->deck_cards, rules_->decks, setup)) {
  int n = count();
  hands_total_ = rules::total_hands(*rules_, n);
  emit(events, EventKind::Shuffled, kNobody, 0);
  choose_first(setup, events);
  start_hand(events);
  refresh_legal();
}

// ---- small helpers -------------------------------------------------------------------------

void HouseGame::reshuffle(std::vector<Event>& events) {
  shoe_.reshuffle();
  emit(events, EventKind::Shuffled, kNobody, shoe_.generation());
}

Card HouseGame::reshuffle_and_draw(std::vector<Event>& events) {
  // Out of cards mid-hand: the discards become a fresh shoe; cards on the table stay out.
  reshuffle(events);
  if (shoe_.empty()) throw std::logic_error("every card is on the table; the shoe cannot deal");
  return Card{shoe_.draw()};
}

bool HouseGame::anyone_in() const {
  for (Seat i = 0; i < count(); ++i)
    if (in_game(i)) return true;
  return false;
}

Chips HouseGame::chips_in() const { return card_table::bought_total(std::span<const Player>(players_)); }

std::vector<Seat> HouseGame::winners() const {
  // Each player plays against the house, not against the others: everyone who ends ahead of
  // the house has won, whatever the others did.
  std::vector<Seat> ahead;
  if (!over()) return ahead;
  for (Seat i = 0; i < count(); ++i)
    if (at(i).chips > at(i).bought) ahead.push_back(i);
  return ahead;
}

std::vector<Card> HouseGame::table_cards() const {
  std::vector<Card> out(posts_.cards.begin(), posts_.cards.begin() + posts_.count);
  if (third_) out.push_back(*third_);
  return out;
}

std::vector<std::string> HouseGame::names() const {
  std::vector<std::string> out;
  for (const auto& p : players_) out.push_back(p.name);
  return out;
}

View HouseGame::view(Seat seat) const { return View(*this, seat); }

// ---- the course of the game ---------------------------------------------------------------

void HouseGame::choose_first(const Setup& setup, std::vector<Event>& events) {
  dealer_ = card_table::choose_first_dealer(setup, rules_->first_dealer, count(), shoe_, [&] { return draw(events); }, events);
}

void HouseGame::start_hand(std::vector<Event>& events) {
  // A hand in which nobody can wager is no hand: the game ends (loop, not recursion).
  while (true) {
    offset_ = 0;
    if (!anyone_in()) return finish_game(events);
    if (static_cast<int>(shoe_.remaining()) < rules_->reshuffle_below) reshuffle(events);
    next_player(Phase::Wager, events);
    if (to_act_ != kNobody || over()) return;
  }
}

void HouseGame::next_player(Phase phase, std::vector<Event>& events) {
  while (++offset_ <= count()) {
    Seat seat = (dealer_ + offset_) % count();
    bool takes_part = phase == Phase::Wager ? in_game(seat) : at(seat).wager > 0;
    if (takes_part) {
      phase_ = phase;
      to_act_ = seat;
      return;
    }
  }
  to_act_ = kNobody;
  if (phase == Phase::Raise) return resolve(events);
  bool anyone = std::any_of(players_.begin(), players_.end(), [](const Player& p) { return p.wager > 0; });
  if (!anyone) return end_hand(events);  // nobody wagered: the hand is void
  deal_posts(events);
}

void HouseGame::deal_posts(std::vector<Event>& events) {
  while (true) {
    posts_ = Posts{};
    for (int i = 0; i < 2; ++i) {
      Card c = draw(events);
      posts_.cards[static_cast<std::size_t>(i)] = c;
      posts_.count = i + 1;
      emit_card(events, EventKind::PostDealt, kNobody, c);
    }
    bool pair = posts_.pair(false);
    if (!(pair && rules_->pair_posts == rules::PairPosts::Redeal)) break;
    emit(events, EventKind::PostsReplaced, kNobody);
    for (int i = 0; i < posts_.count; ++i) shoe_.discard(posts_.cards[static_cast<std::size_t>(i)].code);
  }
  bool pair = posts_.pair(false);
  if (pair && rules_->pair_posts == rules::PairPosts::ThirdCard) return settle_trips(events);
  if (!pair && posts_.consecutive() && rules_->consecutive_posts == rules::ConsecutivePosts::Push) return push_all(events);
  if (rules_->allow_raise) {
    offset_ = 0;
    return next_player(Phase::Raise, events);
  }
  resolve(events);
}

void HouseGame::settle_trips(std::vector<Event>& events) {
  Card third = draw(events);
  third_ = third;
  bool trips = third.rank() == posts_.cards[0].rank();
  emit_card(events, EventKind::ThirdCard, kNobody, third, trips ? Outcome::Trips : Outcome::NoTrips);
  for (Seat i = 0; i < count(); ++i) {
    Player& p = at(i);
    if (p.wager == 0) continue;
    if (trips) {
      Chips won = p.wager * rules_->triple_pays;
      house_ -= won;
      p.chips += p.wager + won;
      emit(events, EventKind::Win, i, won).outcome = Outcome::Trips;
    } else {
      p.chips += p.wager;
      emit(events, EventKind::Push, i, p.wager);
    }
    p.wager = 0;
  }
  end_hand(events);
}

void HouseGame::push_all(std::vector<Event>& events) {
  for (Seat i = 0; i < count(); ++i) {
    Player& p = at(i);
    if (p.wager == 0) continue;
    p.chips += p.wager;
    emit(events, EventKind::Push, i, p.wager);
    p.wager = 0;
  }
  end_hand(events);
}

void HouseGame::resolve(std::vector<Event>& events) {
  Card third = draw(events);
  third_ = third;
  Outcome outcome = posts_.judge(third);
  if (outcome == Outcome::TripleAce) outcome = Outcome::HitPost;  // no special triple-ace rule
  emit_card(events, EventKind::ThirdCard, kNobody, third, outcome);
  Chips odds = rules::spread_pays(*rules_, posts_.spread());
  for (Seat i = 0; i < count(); ++i) {
    Player& p = at(i);
    if (p.wager == 0) continue;
    if (outcome == Outcome::Between) {
      Chips won = p.wager * odds;
      house_ -= won;
      p.chips += p.wager + won;
      emit(events, EventKind::Win, i, won).outcome = outcome;
    } else {
      house_ += p.wager;
      emit(events, EventKind::Loss, i, p.wager).outcome = outcome;
    }
    p.wager = 0;
  }
  end_hand(events);
}

void HouseGame::end_hand(std::vector<Event>& events) {
  for (int i = 0; i < posts_.count; ++i) shoe_.discard(posts_.cards[static_cast<std::size_t>(i)].code);
  if (third_) shoe_.discard(third_->code);
  posts_ = Posts{};
  third_.reset();
  for (auto& p : players_) p.raised = false;
  to_act_ = kNobody;
  ++hands_done_;
  if (hands_total_ > 0 && hands_done_ >= hands_total_) return finish_game(events);
  // The order of play moves round: the next hand's wagers start one seat further on.
  dealer_ = (dealer_ + 1) % count();
  emit(events, EventKind::DealerChanged, dealer_);
  if (!anyone_in()) return finish_game(events);
}

void HouseGame::finish_game(std::vector<Event>& events) {
  phase_ = Phase::Over;
  to_act_ = kNobody;
  emit(events, EventKind::GameOver, kNobody);
}

// ---- actions -------------------------------------------------------------------------------

Chips HouseGame::wager_limit(Seat seat, std::string* why) const {
  Chips stack = at(seat).chips;
  if (why) *why = fmt::format("your stack of {}", stack);
  if (rules_->max_bet > 0 && rules_->max_bet < stack) {
    if (why) *why = fmt::format("the table maximum of {} (max_bet)", rules_->max_bet);
    return rules_->max_bet;
  }
  return stack;
}

void HouseGame::refresh_legal() {
  // Once per decision, when the game comes to rest: the bot, check() and the protocol read it.
  Legal l;
  Seat seat = to_act_;
  if (!over() && seat >= 0 && seat < count()) {
    if (phase_ == Phase::Wager) {
      Chips mx = wager_limit(seat, nullptr);
      l.bet = mx >= rules_->min_bet;
      if (l.bet) {
        l.bet_min = rules_->min_bet;
        l.bet_max = mx;
      }
      l.pass = !l.bet;  // a stack that cannot cover the minimum sits the hand out
    } else if (phase_ == Phase::Raise) {
      l.raise = at(seat).chips >= at(seat).wager;
      l.stand = true;
    }
  }
  legal_ = l;
}

void HouseGame::legal_actions(Seat seat, std::vector<Choice<Action>>& out) const {
  out.clear();
  Legal l = legal(seat);
  if (l.bet) out.push_back({Bet{l.bet_min}, l.bet_min, l.bet_max});
  if (l.pass) out.push_back({Pass{}});
  if (l.raise) out.push_back({Raise{}});
  if (l.stand) out.push_back({Stand{}});
}

std::optional<Refusal> HouseGame::check(Seat seat, const Action& action) const {
  if (over()) return Refusal{"game_over", "the game is over"};
  if (seat < 0 || seat >= count()) return Refusal{"unknown_player", "no such player at this table"};
  if (seat != to_act_) return Refusal{"not_your_turn", fmt::format("it is {}'s turn, not {}'s", at(to_act_).name, at(seat).name)};
  const Player& p = at(seat);
  const char* placed = "the wager is placed: raise or stand";
  return std::visit(
      Overloaded{
          [&](const Bet& b) -> std::optional<Refusal> {
            if (phase_ != Phase::Wager) return Refusal{"not_now", placed};
            Chips mx = legal_.bet ? legal_.bet_max : wager_limit(seat, nullptr);  // worked out when the wager opened
            // The binding limit is put in words only for a refusal: an accepted wager allocates nothing.
            auto why = [&] {
              std::string words;
              wager_limit(seat, &words);
              return words;
            };
            if (mx < rules_->min_bet)
              return Refusal{"no_bet_possible", fmt::format("no wager is possible: the minimum of {} exceeds {}; pass", rules_->min_bet, why())};
            if (b.amount < rules_->min_bet)
              return Refusal{"bet_too_small", fmt::format("wager {} is below the minimum wager of {} (min_bet)", b.amount, rules_->min_bet)};
            if (b.amount > mx) return Refusal{"bet_too_large", fmt::format("wager {} exceeds {}", b.amount, why())};
            return std::nullopt;
          },
          [&](const Pass&) -> std::optional<Refusal> {
            if (phase_ != Phase::Wager) return Refusal{"not_now", placed};
            if (legal_.bet)
              return Refusal{"pass_not_allowed", fmt::format("every player with chips wagers in a house game: wager from {} to {}",
                                                             rules_->min_bet, wager_limit(seat, nullptr))};
            return std::nullopt;
          },
          [&](const Raise&) -> std::optional<Refusal> {
            if (phase_ != Phase::Raise) return Refusal{"not_now", "a raise comes after the spread is announced"};
            if (p.chips < p.wager)
              return Refusal{"raise_unaffordable", fmt::format("a raise of {} exceeds your stack of {}", p.wager, p.chips)};
            return std::nullopt;
          },
          [&](const Stand&) -> std::optional<Refusal> {
            if (phase_ != Phase::Raise) return Refusal{"not_now", "stand comes after the spread is announced"};
            return std::nullopt;
          },
      },
      action);
}

std::optional<Refusal> HouseGame::apply(Seat seat, const Action& action, std::vector<Event>& events) {
  if (auto refusal = check(seat, action)) return refusal;
  Player& p = at(seat);
  to_act_ = kNobody;
  std::visit(Overloaded{
                 [&](const Bet& b) {
                   p.chips -= b.amount;
                   p.wager = b.amount;
                   emit(events, EventKind::Bet, seat, b.amount);
                   next_player(Phase::Wager, events);
                 },
                 [&](const Pass&) {
                   emit(events, EventKind::Pass, seat);
                   next_player(Phase::Wager, events);
                 },
                 [&](const Raise&) {
                   p.chips -= p.wager;
                   emit(events, EventKind::Raise, seat, p.wager);
                   p.wager *= 2;
                   p.raised = true;
                   next_player(Phase::Raise, events);
                 },
                 [&](const Stand&) {
                   emit(events, EventKind::Stand, seat);
                   next_player(Phase::Raise, events);
                 },
             },
             action);
  // A hand that ended opens the next one.
  if (to_act_ == kNobody && !over()) start_hand(events);
  refresh_legal();
  return std::nullopt;
}

}  // namespace inbetween::games::house
