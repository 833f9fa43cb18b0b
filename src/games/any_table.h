#pragma once
// The runtime table: one game of any family behind one interface, in the role of OpenSpiel's
// State. The protocol (JSON is one codec over it), the terminal, replay, the server and the
// Python module hold an AnyTable; simulation keeps the typed path (Table<F>, no virtual call per
// move). FamilyTable<F> is the one implementation; open_table() picks the family from the rules.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "games/chance.h"
#include "games/game.h"
#include "games/table.h"
#include "rules/rule_files.h"

namespace inbetween::games {

// One legal choice of a seat, in the same shape in every family. A ranged choice stands for
// every amount least..most (a bet, a wager, a rebuy).
struct AnyChoice {
  std::string type;  // the action's word, as the protocol writes it: "bet", "pass", "place", "end_turn"...
  std::string text;  // the choice in words: "bet 1", "call high", "place A/E=E"
  Chips least = 0;
  Chips most = 0;
  bool ranged() const { return most > least; }
};

// A legal choice without its words, for a hot loop (a learning agent's fixed actions): the
// action's word (static text) and its range.
struct ChoiceRange {
  std::string_view type;
  Chips least = 0;
  Chips most = 0;
  bool ranged() const { return most > least; }
};

// A move: choice `choice` of legal(seat) as it stood, with `amount` for a ranged choice.
struct AnyMove {
  Seat seat = kNobody;
  std::size_t choice = 0;
  Chips amount = 0;
  friend bool operator==(const AnyMove&, const AnyMove&) = default;
};

// What one seat may see of the table, in every family's shape (kNobody: a spectator). These
// games show every card on the table, so every seat's view holds the same cards; the shoe is
// only a count.
struct AnyView {
  struct SeatView {
    std::string name;
    std::int64_t standing = 0;  // chips in front, or points (`unit`)
    bool to_act = false;
  };
  Seat seat = kNobody;
  Seat to_act = kNobody;
  bool over = false;
  std::string_view unit;  // "chips" or "points"
  std::vector<SeatView> seats;
  std::vector<Seat> winners;  // once over
  std::size_t events = 0;     // events so far, the opening's included
};

class AnyTable {
 public:
  virtual ~AnyTable() = default;

  // The rule file's `game` key of this table's family.
  virtual std::string_view family() const = 0;
  virtual const Setup& setup() const = 0;
  const std::vector<std::string>& names() const { return setup().players; }
  // The seat to act, kNobody when the game is over.
  virtual Seat to_act() const = 0;
  virtual bool over() const = 0;
  // The seats with the best result; empty until the game is over.
  virtual std::vector<Seat> winners() const = 0;
  // Whether each seat plays against a house (its family's Measures say so): every seat ahead of
  // it has won, a win of its own, not one shared with the other winners.
  virtual bool against_house() const = 0;

  // Every legal choice of `seat` now (empty for a seat with none).
  virtual std::vector<AnyChoice> legal(Seat seat) const = 0;
  // legal(seat) without the words into a reused buffer (cleared first): no allocation per call.
  virtual void choice_ranges(Seat seat, std::vector<ChoiceRange>& out) const = 0;
  // Plays a choice: its events join the log, or a Refusal names the rule and nothing changes
  // (a choice index past the list, an amount outside the choice's range, not the seat's turn).
  virtual std::optional<Refusal> apply(const AnyMove& move) = 0;
  // The move a bot of `kind` makes now for the seat to act, not applied: the same choice the
  // bot makes in every shell (its randomness comes from the seed and the moves so far).
  // Throws std::invalid_argument for an unknown kind, std::logic_error when the game is over.
  virtual AnyMove bot_move(const std::string& kind) const = 0;
  // This family's bot kinds, and the kind that plays for a person who is away.
  virtual std::vector<std::string> bot_kinds() const = 0;
  // Whether a bot of `kind` chooses in a bounded few microseconds, with no long work (a solve).
  virtual bool bot_is_quick(const std::string& kind) const = 0;
  virtual std::string_view stand_in() const = 0;

  // Keeps in memory only the latest events from now on, at least `latest` of them (0, the default:
  // every one): a server's long game, whose older events its store keeps. Every event still counts
  // in event_count(); those before first_event() are no longer held.
  virtual void keep_events(std::size_t latest) = 0;
  // The first event still held (0 unless keep_events() let older ones go).
  virtual std::size_t first_event() const = 0;
  // What `seat` may see (kNobody: a spectator).
  virtual AnyView view(Seat seat) const = 0;
  // Whether one seat may see what another may not; when not, view(seat) holds what a
  // spectator's does (a server builds one view for everyone).
  virtual bool seats_see_differently() const = 0;
  // How many events happened, the opening's included.
  virtual std::size_t event_count() const = 0;
  // How many moves were accepted.
  virtual std::size_t move_count() const = 0;
  // Every accepted move as a choice: with the rules and setup(), the game bit for bit.
  virtual std::vector<AnyMove> moves() const = 0;
  // A seat's result, as `simulate` scores it: chips won less chips bought, or points.
  virtual std::int64_t result(Seat seat) const = 0;

  // For a learning agent with a fixed action space (Python's Env), as OpenSpiel's State gives
  // its observation tensor and chance outcomes: more choice slots than a decision ever offers;
  // the family's part of the observation, observation_size() floats written by observe() as
  // `seat` sees the table; the next card's chance outcomes (none once the game is over).
  virtual int choice_slots() const = 0;
  virtual int observation_size() const = 0;
  virtual void observe(Seat seat, float* out) const = 0;
  virtual NextCard next_card() const = 0;
  // Each seat's chance to win under best play where the family has an exact table for this game
  // (game.h's exact_chances), else nullopt.
  virtual std::optional<std::vector<double>> exact_chances() const = 0;

  // An independent copy (a worker thread asks a bot or a solver without holding the table).
  virtual std::unique_ptr<AnyTable> clone() const = 0;
  // A copy that `seat` cannot tell from this table (OpenSpiel's ResampleFromInfostate): the same
  // moves, views and choices, with the cards that seat has not seen (the shoe's undealt cards and
  // its later reshuffles, a stacked order included) and the bots' randomness drawn anew from
  // `seed`; clone() is the exact copy, whose next cards are the real ones. Its moves() no longer
  // replay from its setup. Throws std::invalid_argument for a seat the table does not have.
  virtual std::unique_ptr<AnyTable> resample(Seat seat, std::uint64_t seed) const = 0;
  // The same rules and setup, no move played yet.
  virtual std::unique_ptr<AnyTable> fresh() const = 0;
  // The same rules and setup with `moves` played (moves() of another table); throws
  // std::invalid_argument naming the first move that is refused.
  std::unique_ptr<AnyTable> restore(std::span<const AnyMove> moves) const;
};

// Why choice `choice` of `seat` (who has `count` choices) cannot be played: the game is over,
// it is another seat's turn, or there is no such choice.
Refusal no_such_choice(const Setup& setup, Seat to_act, Seat seat, std::size_t choice, std::size_t count);
// "unknown bot kind ...; kinds: ..."
std::string unknown_bot(const std::string& kind, const std::vector<std::string>& kinds);

// The one implementation: a typed Table<F> and every event of its game, typed. The layers that
// hold a family's own code (its codec, its terminal) reach the typed table through as<F>().
template <Family F>
class FamilyTable final : public AnyTable {
 public:
  using Game = typename F::Game;
  using Action = typename F::Action;
  using Event = typename F::Event;

  // Throws SetupError for a setup the rules cannot seat.
  FamilyTable(std::shared_ptr<const typename F::Rules> rules, Setup setup)
      : rules_(rules), table_(std::move(rules), std::move(setup)), events_(table_.opening().begin(), table_.opening().end()) {}

  const Table<F>& typed() const { return table_; }
  const Game& game() const { return table_.game(); }
  const std::shared_ptr<const typename F::Rules>& rules_ptr() const { return rules_; }
  // Every event held, from the first_event()th (the opening's first, unless keep_events() let
  // older ones go).
  std::span<const Event> events() const { return events_; }

  // Plays a typed action; its events join the log. A refusal changes nothing. Older events are let
  // go of before it (keep_events()), so that the move's own are all held once it is played.
  std::optional<Refusal> apply_action(Seat seat, const Action& action) {
    if (keep_ > 0 && events_.size() >= 2 * keep_) {
      // Half the events at a time: the vector's front is moved once every `keep_` events.
      std::size_t gone = events_.size() - keep_;
      events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(gone));
      forgotten_ += gone;
    }
    std::size_t before = events_.size();
    auto refusal = table_.apply(seat, action, events_);
    if (refusal) events_.resize(before);
    return refusal;
  }
  // The action a bot of `kind` chooses now (not applied); throws as bot_move().
  Action bot_action(const std::string& kind) const {
    auto bot = F::Bots::make(kind);
    if (!bot) throw std::invalid_argument(unknown_bot(kind, F::Bots::kinds()));
    if (game().over()) throw std::logic_error("the game is over; nobody is to act");
    return table_.bot_action(*bot);
  }
  // The typed action a move stands for, or why there is none. A ranged choice takes the move's
  // amount, which the game then checks against its rule (a bet over the pot names the limit).
  std::optional<Refusal> action_of(const AnyMove& move, Action& out) const {
    choices_.clear();
    game().legal_actions(move.seat, choices_);
    if (move.choice >= choices_.size())
      return no_such_choice(setup(), to_act(), move.seat, move.choice, choices_.size());
    const auto& c = choices_[move.choice];
    out = c.ranged() ? F::with_amount(c.action, move.amount) : c.action;
    return std::nullopt;
  }
  // The move (choice and amount) that stands for `action` of `seat` now; nullopt when none does.
  std::optional<AnyMove> move_of(Seat seat, const Action& action) const {
    choices_.clear();
    game().legal_actions(seat, choices_);
    Chips amount = F::amount_of(action);
    for (std::size_t i = 0; i < choices_.size(); ++i) {
      const auto& c = choices_[i];
      if (!c.ranged()) {
        if (c.action == action) return AnyMove{seat, i, 0};
      } else if (amount >= c.least && amount <= c.most && F::with_amount(c.action, amount) == action) {
        return AnyMove{seat, i, amount};
      }
    }
    return std::nullopt;
  }

  std::string_view family() const override { return F::key; }
  const Setup& setup() const override { return table_.setup(); }
  Seat to_act() const override { return game().to_act(); }
  bool over() const override { return game().over(); }
  std::vector<Seat> winners() const override { return game().winners(); }
  bool against_house() const override { return F::Measures::against_house; }
  std::vector<AnyChoice> legal(Seat seat) const override {
    choices_.clear();
    game().legal_actions(seat, choices_);
    std::vector<AnyChoice> out;
    out.reserve(choices_.size());
    for (const auto& c : choices_)
      out.push_back({action_type(c.action), F::describe(game(), seat, c.action), c.least, c.most});
    return out;
  }
  void choice_ranges(Seat seat, std::vector<ChoiceRange>& out) const override {
    choices_.clear();
    game().legal_actions(seat, choices_);
    out.clear();
    for (const auto& c : choices_) out.push_back({std::string_view(action_name(c.action)), c.least, c.most});
  }
  std::optional<Refusal> apply(const AnyMove& move) override {
    Action action{};
    if (auto refusal = action_of(move, action)) return refusal;
    return apply_action(move.seat, action);
  }
  AnyMove bot_move(const std::string& kind) const override {
    Action action = bot_action(kind);
    if (auto move = move_of(to_act(), action)) return *move;
    throw std::logic_error("the bot chose a move that is not among the legal choices");
  }
  std::vector<std::string> bot_kinds() const override { return F::Bots::kinds(); }
  bool bot_is_quick(const std::string& kind) const override { return F::Bots::quick(kind); }
  bool seats_see_differently() const override { return F::seats_see_differently; }
  std::string_view stand_in() const override { return F::Bots::stand_in; }
  AnyView view(Seat seat) const override {
    AnyView v;
    v.seat = seat;
    v.to_act = to_act();
    v.over = over();
    v.unit = F::Measures::unit;
    for (std::size_t i = 0; i < setup().players.size(); ++i)
      v.seats.push_back({setup().players[i], F::standing(game(), static_cast<Seat>(i)), static_cast<Seat>(i) == v.to_act});
    v.winners = winners();
    v.events = event_count();
    return v;
  }
  void keep_events(std::size_t latest) override { keep_ = latest; }
  std::size_t first_event() const override { return forgotten_; }
  std::size_t event_count() const override { return forgotten_ + events_.size(); }
  std::size_t move_count() const override { return table_.moves().size(); }
  std::vector<AnyMove> moves() const override {
    // Replayed on a fresh table: a move's choice index is the one it had at its moment.
    FamilyTable<F> replay(rules_, setup());
    std::vector<AnyMove> out;
    out.reserve(table_.moves().size());
    for (const auto& m : table_.moves()) {
      auto move = replay.move_of(m.seat, m.action);
      if (!move) throw std::logic_error("an accepted move is not among the legal choices on replay");
      out.push_back(*move);
      replay.apply_action(m.seat, m.action);
    }
    return out;
  }
  std::int64_t result(Seat seat) const override { return F::Measures::seat_score(game(), seat); }
  int choice_slots() const override { return F::choice_slots; }
  int observation_size() const override { return F::observation_size(*rules_); }
  void observe(Seat seat, float* out) const override { F::observe(game(), seat, out); }
  NextCard next_card() const override { return F::next_card(game()); }
  std::optional<std::vector<double>> exact_chances() const override { return F::exact_chances(game()); }
  std::unique_ptr<AnyTable> clone() const override { return std::make_unique<FamilyTable<F>>(*this); }
  std::unique_ptr<AnyTable> fresh() const override { return std::make_unique<FamilyTable<F>>(rules_, setup()); }
  std::unique_ptr<AnyTable> resample(Seat seat, std::uint64_t seed) const override {
    auto copy = std::make_unique<FamilyTable<F>>(*this);
    copy->resample_here(seat, seed);
    return copy;
  }
  // resample() on this table itself.
  void resample_here(Seat seat, std::uint64_t seed) {
    // Every seat sees the whole table in these families, so the unseen cards are the shoe's for
    // every seat; a family with cards one seat sees and another not would deal those anew here.
    static_assert(!F::seats_see_differently, "resampling for a seat must deal anew the cards that seat has not seen");
    if (seat < 0 || seat >= static_cast<Seat>(setup().players.size()))
      throw std::invalid_argument(fmt::format("there is no seat {}: the seats are 0 to {}", seat, setup().players.size() - 1));
    table_.resample(seed);
  }

 private:
  static std::string action_type(const Action& action) { return action_name(action); }  // the family's own, by ADL

  std::shared_ptr<const typename F::Rules> rules_;
  Table<F> table_;
  std::vector<Event> events_;  // from the forgotten_th on
  std::size_t keep_ = 0;       // keep_events(): 0, every event
  std::size_t forgotten_ = 0;  // events let go of
  mutable std::vector<Choice<Action>> choices_;  // reused: legal() allocates no choice list per call
};

// The typed table behind `table` when it is of family F, else nullptr.
template <Family F>
const FamilyTable<F>* as(const AnyTable& table) {
  return dynamic_cast<const FamilyTable<F>*>(&table);
}
template <Family F>
FamilyTable<F>* as(AnyTable& table) {
  return dynamic_cast<FamilyTable<F>*>(&table);
}

// A table of the family a rule file names; throws rules::RuleError (unknown family, bad
// knobs) or SetupError (a setup the rules cannot seat).
std::unique_ptr<AnyTable> open_table(const rules::RuleFile& file, Setup setup);

}  // namespace inbetween::games
