#pragma once
// What every game family shares: seats, the setup, refusals, legal choices, and the `Family`
// concept that pot games, Red Dog and ThreeBeTween each satisfy (docs/architecture.md).
//
// Modelled on OpenSpiel's State (to-act, legal actions, apply, terminal, returns), but actions
// are typed values and an illegal one is a recoverable Refusal that leaves the game unchanged.
// Chance is not a player here: it comes only from the seeded shoe, which reports what it still
// holds (Shoe::remaining_counts), so odds and solvers reason about the next card exactly.
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"
#include "cards/shoe.h"
#include "games/chance.h"
#include "games/measures.h"
#include "rules/rule_files.h"

namespace inbetween::games {

// A place at the table, 0 .. seats - 1. The person sitting there is a "player".
using Seat = int;
// The most seats a table has (rules/table_knobs.h: max_players is 1..8); fixed-size arrays
// of seats use it so that a game allocates nothing for them.
inline constexpr int kMaxSeats = 8;
// to_act() when nobody is to act (the game is over).
inline constexpr Seat kNobody = -1;

// Chips, in every family that bets them.
using Chips = std::int64_t;

// Why an action was refused: a stable code for programs and a sentence naming the rule.
struct Refusal {
  std::string code;
  std::string message;
};

// How a game starts: everything besides the rules that fixes its course.
struct Setup {
  std::vector<std::string> players;        // names, in seat order
  std::uint64_t seed = 0;                  // the shoe's (and bots') randomness
  std::optional<Seat> dealer;              // skips the draw for the deal
  std::vector<cards::CardCode> stacked;    // dealt first, top first
};

// Thrown by a game's constructor for a setup that cannot start (too many players, bad stack...).
struct SetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The longest player name, in bytes.
constexpr std::size_t kMaxNameBytes = 40;

// Checks what every family's setup shares: min_players..max_players seats; names not empty,
// UTF-8, at most kMaxNameBytes, without control characters (a name must not clear a terminal or fake
// a line of narration), all different; a named dealer among the seats. Throws SetupError.
void check_setup(const Setup& setup, int min_players, int max_players);

// One legal choice. An action that carries an amount stands for every amount from `least`
// to `most` (its own amount is `least`); other actions have least == most == 0.
template <class Action>
struct Choice {
  Action action;
  Chips least = 0;
  Chips most = 0;
  bool ranged() const { return most > least; }
};

// One accepted action, as the table's log keeps it.
template <class Action>
struct Move {
  Seat seat = kNobody;
  Action action;
};

// A game of one family: a pure state machine over seeded chance.
template <class G, class F>
concept GameOf = requires(G& game, const G& cgame, Seat seat, const typename F::Action& action, std::uint64_t seed,
                          std::vector<typename F::Event>& events,
                          std::vector<Choice<typename F::Action>>& choices) {
  requires std::constructible_from<G, std::shared_ptr<const typename F::Rules>, const Setup&,
                                   std::vector<typename F::Event>&>;
  { cgame.to_act() } -> std::same_as<Seat>;
  { cgame.over() } -> std::same_as<bool>;
  // Every legal choice of `seat` into a reused buffer (cleared first): no allocation per action.
  { cgame.legal_actions(seat, choices) } -> std::same_as<void>;
  // Appends the action's events, or returns why it is refused and changes nothing.
  { game.apply(seat, action, events) } -> std::same_as<std::optional<Refusal>>;
  // Seats with the best result; empty until the game is over.
  { cgame.winners() } -> std::same_as<std::vector<Seat>>;
  // What `seat` may see: everything at the table, never the shoe's order.
  { cgame.view(seat) } -> std::same_as<typename F::View>;
  { cgame.names() } -> std::same_as<std::vector<std::string>>;
  { cgame.rules() } -> std::same_as<const typename F::Rules&>;
  // The cards no seat has seen (the shoe's undealt cards, its later reshuffles) in an order drawn
  // from `seed`: a game no seat can tell from this one (AnyTable::resample).
  { game.shuffle_unseen(seed) } -> std::same_as<void>;
  // Chance, explicitly: what the shoe still holds.
  { cgame.shoe() } -> std::same_as<const cards::Shoe&>;
};

// A family's bots: one interface, a bot by kind, every kind, and the kind that stands in for a
// person who is away.
template <class B, class F>
concept BotKinds = requires(const std::string& kind) {
  typename B::Bot;
  { B::make(kind) } -> std::same_as<std::unique_ptr<typename B::Bot>>;
  { B::kinds() } -> std::same_as<std::vector<std::string>>;
  { B::stand_in } -> std::convertible_to<std::string_view>;
  { B::quick(kind) } -> std::same_as<bool>;
};

// A family's bots from its bot interface and its bot classes, each naming its own `kind` (kinds()
// lists them in this order); the sensible bot plays for a person who is away.
template <class B, class... Kinds>
struct BotMenu {
  using Bot = B;
  // A bot of `kind`, nullptr for a kind the family has not.
  static std::unique_ptr<Bot> make(const std::string& kind) {
    std::unique_ptr<Bot> bot;
    (void)((kind == Kinds::kind && (bot = std::make_unique<Kinds>(), true)) || ...);
    return bot;
  }
  static std::vector<std::string> kinds() { return {std::string(Kinds::kind)...}; }
  // Whether a bot of `kind` chooses in a bounded few microseconds (each bot class says so):
  // a server may then ask it on the spot instead of on a worker (false for an unknown kind).
  static bool quick(const std::string& kind) {
    bool quick = false;
    (void)((kind == Kinds::kind && (quick = Kinds::quick, true)) || ...);
    return quick;
  }
  static constexpr std::string_view stand_in = "sensible";
};

// What `simulate` counts in a family's games and its words for it (families/NAME/measures.h).
template <class M, class F>
concept MeasuresOf = requires(const typename F::Game& game, Seat seat, const typename F::Action& action,
                              std::span<const typename F::Event> events, GameMeasures& m) {
  { M::words } -> std::convertible_to<LengthWords>;
  { M::unit } -> std::convertible_to<std::string_view>;
  { M::counts_banks } -> std::convertible_to<bool>;
  { M::has_pot } -> std::convertible_to<bool>;
  { M::against_house } -> std::convertible_to<bool>;
  M::count_move(seat, action, m);
  M::count_events(events, m);
  M::read_length(game, m);
  { M::seat_score(game, seat) } -> std::same_as<std::int64_t>;
  { M::pot_at_bet(game) } -> std::same_as<std::optional<Chips>>;
};

// A family: its rule knobs (read from a rule file and written back as text), actions, events,
// per-seat view and game, its bots and simulation measures, what a learning agent observes and
// the next card's chances, the rule file's `game` key that selects it, and how an amount is put
// into an action. Everything a layer calls on a family is required here: a missing piece is a
// compile error where the family is registered.
template <class F>
concept Family = requires(const typename F::Action& action, Chips amount, const rules::RuleFile& file,
                          const typename F::Rules& rules, const typename F::Game& game, Seat seat, float* out) {
  typename F::Rules;
  typename F::Action;
  typename F::Event;
  typename F::View;
  typename F::Game;
  { F::key } -> std::convertible_to<std::string_view>;
  { F::load(file) } -> std::same_as<typename F::Rules>;
  { F::to_text(rules) } -> std::same_as<std::string>;
  { F::with_amount(action, amount) } -> std::same_as<typename F::Action>;
  { F::amount_of(action) } -> std::same_as<Chips>;
  // A choice in words, and a seat's standing (chips in front, or points), for every shell.
  { F::describe(game, seat, action) } -> std::same_as<std::string>;
  { F::standing(game, seat) } -> std::same_as<std::int64_t>;
  // Whether one seat may see what another may not (a hand held face down): when not, every
  // seat's view is the spectator's, and a server builds it once for everyone.
  { F::seats_see_differently } -> std::convertible_to<bool>;
  requires std::equality_comparable<typename F::Action>;
  // The action's word, as the protocol writes it ("bet", "place"), found in F's namespace.
  { action_name(action) } -> std::convertible_to<std::string>;
  // For a learning agent with a fixed action space (Python's Env): more choice slots than a
  // decision ever offers; the family's part of the observation, observation_size(rules) floats
  // written by observe(game, seat, out) as `seat` sees the table.
  { F::choice_slots } -> std::convertible_to<int>;
  { F::observation_size(rules) } -> std::same_as<int>;
  { F::observe(game, seat, out) } -> std::same_as<void>;
  // The next card's chance outcomes as the seat to act sees them (chance.h).
  { F::next_card(game) } -> std::same_as<NextCard>;
  // Each seat's chance to win under best play, where the family has this game's exact table at
  // hand (heads-up, solved: what a hint's `win_chance` reads); nullopt elsewhere.
  { F::exact_chances(game) } -> std::same_as<std::optional<std::vector<double>>>;
  // Lets go of what the family keeps between moves for speed (a solved table) and nobody used
  // since the last call; the bytes let go (0 for a family that keeps nothing).
  { F::let_go_of_unused() } -> std::same_as<std::size_t>;
  // The most memory one table the family keeps may need (more: refused with TooBig) and all it
  // keeps together (`serve --solver-mb`, `--solver-cache-mb`); a family that keeps none ignores it.
  { F::limit_memory(std::size_t{}, std::size_t{}) } -> std::same_as<void>;
} && GameOf<typename F::Game, F> && BotKinds<typename F::Bots, F> && MeasuresOf<typename F::Measures, F>;

}  // namespace inbetween::games
