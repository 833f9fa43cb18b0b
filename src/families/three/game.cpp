#include "families/three/game.h"
#include "games/overloaded.h"

#include <algorithm>

#include <fmt/format.h>

namespace inbetween::games::three {
namespace {

}  // namespace

ThreeGame::ThreeGame(std::shared_ptr<const ThreeRules> rules, const Setup& setup, std::vector<Event>& events)
    : rules_(std::move(rules)), shoe_([&] {
        try {
          return cards::Shoe(rules_->letter_deck.contents(), setup.seed, setup.stacked);
        } catch (const cards::StackError& e) {
          const auto& kind = rules_->letter_deck.kind(setup.stacked[e.index]);
          throw SetupError(fmt::format("stacked card {} ({}) is stacked more often than the deck holds it ({} cop{})", e.index + 1,
                                       kind.notation, kind.copies, kind.copies == 1 ? "y" : "ies"));
        }
      }()) {
  int n = static_cast<int>(setup.players.size());
  check_setup(setup, rules_->min_players, rules_->max_players);
  players_.reserve(setup.players.size());
  for (const auto& name : setup.players) {
    Player player;
    player.name = name;
    players_.push_back(std::move(player));
  }
  if (setup.dealer) {
    dealer_ = *setup.dealer;
  } else {
    auto rng = cards::make_rng(setup.seed, cards::RngStream::Seating);
    dealer_ = static_cast<int>(cards::uniform_below(rng, static_cast<std::uint64_t>(n)));
  }
  emit(events, EventKind::Shuffled);
  start_round(events);
  run(events);
}

// ---- helpers -------------------------------------------------------------------------------

Event& ThreeGame::emit(std::vector<Event>& events, EventKind kind, Seat player) const {
  Event e;
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  events.push_back(e);
  return events.back();
}

CardCode ThreeGame::draw(std::vector<Event>& events) {
  if (shoe_.empty()) {
    // The deck ran out: the discard pile becomes the deck; cards in front stay where they are.
    shoe_.reshuffle();
    Event& e = emit(events, EventKind::Shuffled);
    e.total = shoe_.generation();
    if (shoe_.empty()) throw std::logic_error("every card is in front of the players; nothing to deal");
  }
  return shoe_.draw();
}

bool ThreeGame::identical(CardCode a, CardCode b) const {
  if (a != b) return false;
  return !deck().kind(a).wild() || rules_->wild_pair_busts;
}

bool ThreeGame::fits_at(int seat, CardCode card, int position) const {
  const Player& pl = p(seat);
  if (!pl.low || !pl.high || static_cast<int>(pl.spaces.size()) >= rules_->spaces) return false;
  const auto& kind = deck().kind(card);
  if (kind.wild()) return position == 0;  // a wild fills any empty space, repeats allowed
  if (position <= pl.low->position || position >= pl.high->position || position < 1 || position > 26) return false;
  if (!kind.shows(cards::position_letter(position))) return false;
  return std::none_of(pl.spaces.begin(), pl.spaces.end(), [&](const Lay& s) { return s.position == position; });
}

std::vector<int> ThreeGame::fits(int seat, CardCode card) const {
  std::vector<int> out;
  for_each_fit(seat, card, [&](int pos) { out.push_back(pos); });
  return out;
}

std::vector<int> ThreeGame::open_letters(int seat) const {
  const Player& pl = p(seat);
  std::vector<int> out;
  if (!pl.low || !pl.high) return out;
  for (int pos = std::max(1, pl.low->position + 1); pos < std::min(27, pl.high->position); ++pos)
    if (std::none_of(pl.spaces.begin(), pl.spaces.end(), [&](const Lay& s) { return s.position == pos; }))
      out.push_back(pos);
  return out;
}

bool ThreeGame::anything_fits(int seat) const {
  for (CardCode c : p(seat).drawn) {
    bool any = false;
    for_each_fit(seat, c, [&](int) { any = true; });
    if (any) return true;
  }
  return false;
}

int ThreeGame::points_in_front(int seat) const {
  const Player& pl = p(seat);
  int points = 0;
  if (pl.low) points += deck().kind(pl.low->card).points;
  if (pl.high) points += deck().kind(pl.high->card).points;
  for (const auto& s : pl.spaces) points += deck().kind(s.card).points;
  return points;
}

std::vector<PlaceLimits> ThreeGame::layouts(int seat) const {
  std::vector<PlaceLimits> out;
  for_each_layout(seat, [&](const PlaceLimits& layout) { out.push_back(layout); });
  return out;
}

bool ThreeGame::layout_legal(int seat, const PlaceLimits& layout) const {
  bool found = false;
  for_each_layout(seat, [&](const PlaceLimits& l) { found = found || l == layout; });
  return found;
}

std::vector<CardCode> ThreeGame::cards_in_front() const {
  std::vector<CardCode> out;
  for_each_card_in_front([&](CardCode c) { out.push_back(c); });
  return out;
}

std::vector<Seat> ThreeGame::winners() const {
  std::vector<int> out;
  if (!over()) return out;
  int best = 0;
  for (const auto& pl : players_) best = std::max(best, pl.total);
  for (int i = 0; i < count(); ++i)
    if (p(i).total == best) out.push_back(i);
  return out;
}

void ThreeGame::discard_front(Player& pl) {
  for (CardCode c : pl.limit_hand) shoe_.discard(c);
  if (pl.low) shoe_.discard(pl.low->card);
  if (pl.high) shoe_.discard(pl.high->card);
  for (const auto& s : pl.spaces) shoe_.discard(s.card);
  for (CardCode c : pl.drawn) shoe_.discard(c);
  pl.limit_hand.clear();
  pl.low.reset();
  pl.high.reset();
  pl.spaces.clear();
  pl.drawn.clear();
}

// ---- the course of a round -----------------------------------------------------------------

void ThreeGame::run(std::vector<Event>& events) {
  while (phase_ != Phase::Over && pending_ != Pending::None) {
    Pending next = pending_;
    pending_ = Pending::None;
    if (next == Pending::NextSetup) next_setup_player(events);
    else next_turn(events);
  }
}

void ThreeGame::start_round(std::vector<Event>& events) {
  ++round_;
  if (round_ > 1) {
    // The dealer collects every card and shuffles.
    for (auto& pl : players_) discard_front(pl);
    shoe_.reshuffle();
    Event& s = emit(events, EventKind::Shuffled);
    s.total = shoe_.generation();
  }
  for (auto& pl : players_) {
    pl.status = Status::In;
    pl.banks.clear();
    pl.replacement_used = false;
    pl.placed_this_turn = 0;
    pl.round_score = 0;
  }
  Event& r = emit(events, EventKind::RoundStarted, dealer_);
  r.total = round_;
  // Two limit cards each, one at a time, from the dealer's left, dealer last.
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 1; k <= count(); ++k) {
      int seat = (dealer_ + k) % count();
      CardCode c = draw(events);
      p(seat).limit_hand.push_back(c);
      Event& e = emit(events, EventKind::LimitDealt, seat);
      e.has_card = true;
      e.card = c;
    }
  stage_ = Stage::Setup;
  offset_ = 0;
  pending_ = Pending::NextSetup;
}

void ThreeGame::next_setup_player(std::vector<Event>& events) {
  if (++offset_ > count()) {
    stage_ = Stage::Turns;
    offset_ = 0;
    pending_ = Pending::NextTurn;
    return;
  }
  int seat = (dealer_ + offset_) % count();
  if (rules_->replacement) {
    phase_ = Phase::Replace;
    to_act_ = seat;
    return;
  }
  limits_settled(seat, events);
}

void ThreeGame::limits_settled(int seat, std::vector<Event>& events) {
  Player& pl = p(seat);
  if (identical(pl.limit_hand[0], pl.limit_hand[1])) return bust(seat, BustReason::IdenticalLimits, events);
  // One way to lay them: no question to ask (counted by the visitor, so nothing is allocated).
  int ways = 0;
  PlaceLimits only;
  for_each_layout(seat, [&](const PlaceLimits& layout) {
    if (ways++ == 0) only = layout;
  });
  if (ways == 1) return lay_limits(seat, only, events);
  phase_ = Phase::PlaceLimits;
  to_act_ = seat;
}

void ThreeGame::lay_limits(int seat, const PlaceLimits& layout, std::vector<Event>& events) {
  Player& pl = p(seat);
  pl.low = layout.low;
  pl.high = layout.high;
  pl.limit_hand.clear();
  Event& e = emit(events, EventKind::LimitsLaid, seat);
  e.has_card = e.has_card2 = true;
  e.card = layout.low.card;
  e.position = static_cast<std::int8_t>(layout.low.position);
  e.card2 = layout.high.card;
  e.position2 = static_cast<std::int8_t>(layout.high.position);
  after_limits(events);
}

void ThreeGame::after_limits(std::vector<Event>&) {
  to_act_ = -1;
  pending_ = stage_ == Stage::Setup ? Pending::NextSetup : Pending::NextTurn;
}

void ThreeGame::next_turn(std::vector<Event>& events) {
  bool anyone = std::any_of(players_.begin(), players_.end(), [](const Player& pl) { return pl.status == Status::In; });
  if (!anyone) return tally(events);
  int seat = -1;
  while (seat < 0) {
    int candidate = (dealer_ + 1 + offset_++) % count();
    if (p(candidate).status == Status::In) seat = candidate;
  }
  p(seat).placed_this_turn = 0;
  phase_ = Phase::Turn;
  to_act_ = seat;
}

void ThreeGame::end_turn(int seat, std::vector<Event>& events) {
  Player& pl = p(seat);
  for (CardCode c : pl.drawn) {
    shoe_.discard(c);
    Event& e = emit(events, EventKind::Discarded, seat);
    e.has_card = true;
    e.card = c;
  }
  pl.drawn.clear();
  if (pl.placed_this_turn == 0) return bust(seat, BustReason::NothingPlaced, events);
  to_act_ = -1;
  pending_ = Pending::NextTurn;
}

void ThreeGame::bust(int seat, BustReason reason, std::vector<Event>& events) {
  Player& pl = p(seat);
  int lost = 0;
  for (int b : pl.banks) lost += b;
  pl.status = Status::Busted;
  pl.round_score = 0;
  discard_front(pl);
  Event& e = emit(events, EventKind::Bust, seat);
  e.reason = reason;
  e.points = lost;
  to_act_ = -1;
  pending_ = stage_ == Stage::Setup ? Pending::NextSetup : Pending::NextTurn;
}

void ThreeGame::tally(std::vector<Event>& events) {
  RoundRecord record{round_, dealer_, {}};
  for (int seat = 0; seat < count(); ++seat) {
    Player& pl = p(seat);
    pl.total += pl.round_score;
    record.players.push_back({pl.banks, pl.status == Status::Busted, pl.round_score, pl.total});
    Event& e = emit(events, EventKind::Tally, seat);
    e.points = pl.round_score;
    e.total = pl.total;
  }
  sheet_.push_back(std::move(record));
  int best = 0;
  for (const auto& pl : players_) best = std::max(best, pl.total);
  if (best >= rules_->target) {
    phase_ = Phase::Over;
    to_act_ = -1;
    pending_ = Pending::None;
    emit(events, EventKind::GameOver);
    return;
  }
  dealer_ = (dealer_ + 1) % count();
  emit(events, EventKind::DealerChanged, dealer_);
  start_round(events);
}

// ---- actions -------------------------------------------------------------------------------

std::vector<Action> ThreeGame::legal(int seat) const {
  std::vector<Choice<Action>> choices;
  legal_actions(seat, choices);
  std::vector<Action> out;
  for (const auto& c : choices) out.push_back(c.action);
  return out;
}

void ThreeGame::legal_actions(Seat seat, std::vector<Choice<Action>>& out) const {
  out.clear();
  if (over() || seat != to_act_ || seat < 0) return;
  const Player& pl = p(seat);
  switch (phase_) {
    case Phase::Replace: {
      out.push_back({Keep{}});
      if (!pl.replacement_used) {
        out.push_back({Replace{pl.limit_hand[0]}});
        if (pl.limit_hand[1] != pl.limit_hand[0]) out.push_back({Replace{pl.limit_hand[1]}});
      }
      break;
    }
    case Phase::PlaceLimits:
      for_each_layout(seat, [&](const PlaceLimits& layout) { out.push_back({layout}); });
      break;
    case Phase::Turn:
      if (static_cast<int>(pl.spaces.size()) < rules_->spaces) out.push_back({Draw{}});
      else out.push_back({Bank{}});
      out.push_back({Pass{}});
      break;
    case Phase::Place: {
      for (std::size_t i = 0; i < pl.drawn.size(); ++i) {
        CardCode c = pl.drawn[i];
        // Two copies of one card drawn give the same placements: list them once.
        if (std::find(pl.drawn.begin(), pl.drawn.begin() + static_cast<std::ptrdiff_t>(i), c) != pl.drawn.begin() + static_cast<std::ptrdiff_t>(i)) continue;
        for_each_fit(seat, c, [&](int pos) { out.push_back({Place{c, pos}}); });
      }
      out.push_back({EndTurn{}});
      break;
    }
    case Phase::Over: break;
  }
}

std::vector<std::string> ThreeGame::names() const {
  std::vector<std::string> out;
  for (const auto& pl : players_) out.push_back(pl.name);
  return out;
}

std::optional<Refusal> ThreeGame::check(int seat, const Action& action) const {
  if (over()) return Refusal{"game_over", "the game is over"};
  if (seat < 0 || seat >= count()) return Refusal{"unknown_player", "no such player at this table"};
  if (seat != to_act_)
    return Refusal{"not_your_turn", fmt::format("it is {}'s turn, not {}'s", p(to_act_).name, p(seat).name)};
  const Player& pl = p(seat);
  auto wrong_phase = [&](const char* what) -> std::optional<Refusal> {
    static constexpr const char* kExpect[] = {"keep or replace a limit card (set-up)", "lay your two limit cards (place_limits)",
                                              "draw, bank or pass", "place drawn cards or end the turn", ""};
    return Refusal{"not_now", fmt::format("{} is not possible now: {}", what, kExpect[static_cast<int>(phase_)])};
  };
  auto name = [&](CardCode c) { return deck().kind(c).notation; };
  return std::visit(
      Overloaded{
          [&](const Keep&) -> std::optional<Refusal> {
            if (phase_ != Phase::Replace) return wrong_phase("keep");
            return std::nullopt;
          },
          [&](const Replace& r) -> std::optional<Refusal> {
            if (phase_ != Phase::Replace) return wrong_phase("replace");
            if (std::find(pl.limit_hand.begin(), pl.limit_hand.end(), r.card) == pl.limit_hand.end())
              return Refusal{"not_your_card", fmt::format("{} is not one of your limit cards", name(r.card))};
            return std::nullopt;
          },
          [&](const PlaceLimits& lay) -> std::optional<Refusal> {
            if (phase_ != Phase::PlaceLimits) return wrong_phase("place_limits");
            if (layout_legal(seat, lay)) return std::nullopt;
            std::vector<CardCode> given = {lay.low.card, lay.high.card}, held = pl.limit_hand;
            std::sort(given.begin(), given.end());
            std::sort(held.begin(), held.end());
            if (given != held) return Refusal{"not_your_card", "place_limits must lay exactly your two limit cards"};
            if (lay.low.position >= lay.high.position)
              return Refusal{"limits_out_of_order", "the limit card nearer A goes on the left (low), the other on the right (high)"};
            return Refusal{"bad_letter", "a vowel card shows one of its two vowels; a wild lies before A on the left, after Z on the right"};
          },
          [&](const Draw&) -> std::optional<Refusal> {
            if (phase_ != Phase::Turn) return wrong_phase("draw");
            if (static_cast<int>(pl.spaces.size()) >= rules_->spaces)
              return Refusal{"no_empty_space", "every space is filled (a ThreeBeTween): bank or pass"};
            return std::nullopt;
          },
          [&](const Place& pc) -> std::optional<Refusal> {
            if (phase_ != Phase::Place) return wrong_phase("place");
            if (std::find(pl.drawn.begin(), pl.drawn.end(), pc.card) == pl.drawn.end())
              return Refusal{"not_drawn", fmt::format("{} is not among the cards you drew", name(pc.card))};
            const auto& kind = deck().kind(pc.card);
            if (fits_at(seat, pc.card, pc.position)) return std::nullopt;
            if (kind.wild()) return Refusal{"bad_letter", "a wild in a space shows no letter"};
            bool a_letter = pc.position >= 1 && pc.position <= 26;
            if (!a_letter || !kind.shows(cards::position_letter(pc.position)))
              return Refusal{"bad_letter", fmt::format("{} cannot show that letter", name(pc.card))};
            std::string letter(1, cards::position_letter(pc.position));
            if (pc.position <= pl.low->position || pc.position >= pl.high->position)
              return Refusal{"does_not_fit", fmt::format("{} is not between your limit cards", letter)};
            return Refusal{"letter_taken", fmt::format("{} is already between your limit cards; only a wild may repeat", letter)};
          },
          [&](const EndTurn&) -> std::optional<Refusal> {
            if (phase_ != Phase::Place) return wrong_phase("end_turn");
            return std::nullopt;
          },
          [&](const Bank&) -> std::optional<Refusal> {
            if (phase_ != Phase::Turn) return wrong_phase("bank");
            if (static_cast<int>(pl.spaces.size()) < rules_->spaces)
              return Refusal{"no_threebetween", fmt::format("bank needs a ThreeBeTween: all {} spaces filled", rules_->spaces)};
            return std::nullopt;
          },
          [&](const Pass&) -> std::optional<Refusal> {
            if (phase_ != Phase::Turn) return wrong_phase("pass");
            return std::nullopt;
          },
      },
      action);
}

std::optional<Refusal> ThreeGame::apply(int seat, const Action& action, std::vector<Event>& events) {
  if (auto refusal = check(seat, action)) return refusal;
  Player& pl = p(seat);
  std::visit(Overloaded{
                 [&](const Keep&) {
                   emit(events, EventKind::Kept, seat);
                   limits_settled(seat, events);
                 },
                 [&](const Replace& r) {
                   auto it = std::find(pl.limit_hand.begin(), pl.limit_hand.end(), r.card);
                   pl.limit_hand.erase(it);
                   shoe_.discard(r.card);
                   CardCode dealt = draw(events);
                   pl.limit_hand.push_back(dealt);
                   pl.replacement_used = true;
                   Event& e = emit(events, EventKind::Replaced, seat);
                   e.has_card = e.has_card2 = true;
                   e.card = r.card;
                   e.card2 = dealt;
                   limits_settled(seat, events);
                 },
                 [&](const PlaceLimits& lay) { lay_limits(seat, lay, events); },
                 [&](const Draw&) {
                   int empty = rules_->spaces - static_cast<int>(pl.spaces.size());
                   for (int i = 0; i < empty; ++i) {
                     CardCode c = draw(events);
                     pl.drawn.push_back(c);
                     Event& e = emit(events, EventKind::Drew, seat);
                     e.has_card = true;
                     e.card = c;
                   }
                   phase_ = Phase::Place;
                   // Nothing drawn fits: the turn ends at once, in a bust.
                   if (!anything_fits(seat)) end_turn(seat, events);
                 },
                 [&](const Place& pc) {
                   pl.drawn.erase(std::find(pl.drawn.begin(), pl.drawn.end(), pc.card));
                   pl.spaces.push_back({pc.card, pc.position});
                   ++pl.placed_this_turn;
                   Event& e = emit(events, EventKind::Placed, seat);
                   e.has_card = true;
                   e.card = pc.card;
                   e.position = static_cast<std::int8_t>(pc.position);
                   if (static_cast<int>(pl.spaces.size()) == rules_->spaces) emit(events, EventKind::ThreeBeTween, seat);
                   // Nothing left that could be placed: the turn ends by itself.
                   if (!anything_fits(seat)) end_turn(seat, events);
                 },
                 [&](const EndTurn&) { end_turn(seat, events); },
                 [&](const Bank&) {
                   int points = points_in_front(seat);
                   pl.banks.push_back(points);
                   Event& e = emit(events, EventKind::Banked, seat);
                   e.points = points;
                   discard_front(pl);
                   // Two new limit cards, no replacement; identical ones bust.
                   for (int i = 0; i < 2; ++i) {
                     CardCode c = draw(events);
                     pl.limit_hand.push_back(c);
                     Event& d = emit(events, EventKind::LimitDealt, seat);
                     d.has_card = true;
                     d.card = c;
                   }
                   limits_settled(seat, events);
                 },
                 [&](const Pass&) {
                   int banked = 0;
                   for (int b : pl.banks) banked += b;
                   pl.round_score = banked + points_in_front(seat);
                   pl.status = Status::Passed;
                   Event& e = emit(events, EventKind::Passed, seat);
                   e.points = pl.round_score;
                   to_act_ = -1;
                   pending_ = Pending::NextTurn;
                 },
             },
             action);
  run(events);
  return std::nullopt;
}

// ---- names ---------------------------------------------------------------------------------

const char* action_name(const Action& action) {
  static constexpr const char* kNames[] = {"keep", "replace", "place_limits", "draw", "place", "end_turn", "bank", "pass"};
  return kNames[action.index()];
}

const char* event_name(EventKind kind) {
  static constexpr const char* kNames[] = {"shuffled", "round_started", "limit_dealt", "kept", "replaced", "limits_laid",
                                           "drew", "placed", "discarded", "threebetween", "banked", "passed", "bust",
                                           "tally", "dealer_changed", "game_over"};
  return kNames[static_cast<int>(kind)];
}

const char* bust_reason_name(BustReason reason) {
  switch (reason) {
    case BustReason::None: return "";
    case BustReason::IdenticalLimits: return "identical_limits";
    case BustReason::NothingPlaced: return "nothing_placed";
  }
  return "";
}

}  // namespace inbetween::games::three
