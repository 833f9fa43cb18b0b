#pragma once
// A typed table: one game of family F, the typed log of accepted moves, and the seeded
// randomness its bots draw from. The runtime table (any_table.h) wraps one for every shell;
// tests and benchmarks that need the typed game hold one directly. JSON never enters here.
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "cards/rng.h"
#include "games/game.h"

namespace inbetween::games {

// A game of family F with its setup, opening events and every accepted move.
template <Family F>
class Table {
 public:
  using Game = typename F::Game;
  using Action = typename F::Action;
  using Event = typename F::Event;
  using Move = games::Move<Action>;

  // Starts the game; throws SetupError for a setup the rules cannot seat.
  Table(std::shared_ptr<const typename F::Rules> rules, Setup setup)
      : setup_(std::move(setup)), game_(std::move(rules), setup_, opening_) {}

  const Game& game() const { return game_; }
  const typename F::Rules& rules() const { return game_.rules(); }
  const Setup& setup() const { return setup_; }
  // What happened before the first decision (shuffle, dealer, antes, limit cards...).
  std::span<const Event> opening() const { return opening_; }
  // Every accepted move, in order: with the setup, the game bit for bit.
  std::span<const Move> moves() const { return moves_; }

  // Applies and logs one move; a refused one changes nothing and is not logged.
  std::optional<Refusal> apply(Seat seat, const Action& action, std::vector<Event>& events) {
    auto refusal = game_.apply(seat, action, events);
    if (!refusal) moves_.push_back({seat, action});
    return refusal;
  }

  // The game as a seat who has seen only what is on the table knows it: the cards not yet dealt
  // drawn in a new order, and the bots' randomness, from `seed` (AnyTable::resample). The moves
  // stay; they no longer replay from the setup's seed.
  void resample(std::uint64_t seed) {
    setup_.seed = seed;
    game_.shuffle_unseen(seed);
  }

  // The randomness a bot draws from for the next move: a stream of the seed advanced by the
  // moves so far, so a replay, a loaded game and the protocol all repeat the same choices.
  cards::Rng bot_rng() const { return cards::make_rng(setup_.seed + moves_.size(), cards::RngStream::Bots); }
  // What `bot` would do now for the seat to act (not applied). Precondition: !game().over().
  Action bot_action(const typename F::Bots::Bot& bot) const {
    auto rng = bot_rng();
    return bot.choose(game_, game_.to_act(), rng);
  }

  // The seat of the player called `name`.
  std::optional<Seat> seat_of(std::string_view name) const {
    for (std::size_t i = 0; i < setup_.players.size(); ++i)
      if (setup_.players[i] == name) return static_cast<Seat>(i);
    return std::nullopt;
  }
  const std::string& name(Seat seat) const { return setup_.players[static_cast<std::size_t>(seat)]; }

 private:
  Setup setup_;
  std::vector<Event> opening_;  // before game_: the constructor fills it
  Game game_;
  std::vector<Move> moves_;
};

}  // namespace inbetween::games
