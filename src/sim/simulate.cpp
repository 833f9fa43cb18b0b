#include "sim/simulate.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cards/rng.h"
#include "games/registry.h"
#include "strategy/bots_of.h"
#include "strategy/pot_odds.h"
#include "strategy/red_dog.h"

namespace inbetween::sim {
namespace {

// A seat's result in a finished game, in the family's own unit.
template <class Game>
std::int64_t seat_score(const Game& game, games::Seat seat) {
  const auto& p = game.players()[static_cast<std::size_t>(seat)];
  if constexpr (requires { p.bought; }) return p.chips - p.bought;
  else return p.total;
}

// A family whose players play against a house that keeps a result (Red Dog).
template <class F>
constexpr bool kAgainstHouse = requires(const typename F::Game& g) { g.house(); };

template <games::Family F>
SimStats run_share(const SimSpec& spec, const std::shared_ptr<const typename F::Rules>& rules, std::uint64_t begin,
                   std::uint64_t end, const std::atomic<bool>* stop, std::atomic<std::uint64_t>* done) {
  using Bot = strategy::BotOf<F>;
  std::vector<std::unique_ptr<Bot>> bots;
  SimStats stats;
  for (const auto& kind : spec.bots) {
    bots.push_back(strategy::BotsOf<F>::make(kind));
    stats.seats.push_back({kind, {}, 0});
  }
  games::Setup setup;
  for (std::size_t i = 0; i < spec.bots.size(); ++i) setup.players.push_back(fmt::format("seat{}", i + 1));
  std::vector<typename F::Event> events;
  for (std::uint64_t i = begin; i < end; ++i) {
    if (stop && stop->load(std::memory_order_relaxed)) {
      stats.partial = true;
      break;
    }
    setup.seed = game_seed(spec.seed, i);
    events.clear();
    typename F::Game game(rules, setup, events);
    auto rng = cards::make_rng(setup.seed, cards::RngStream::Bots);
    std::uint64_t moves = 0;
    std::int64_t wagered = 0;
    while (!game.over() && moves < spec.max_moves) {
      games::Seat seat = game.to_act();
      events.clear();
      if (auto refusal = game.apply(seat, bots[static_cast<std::size_t>(seat)]->choose(game, seat, rng), events))
        throw std::logic_error(fmt::format("a {} bot's move was refused: {}", spec.bots[static_cast<std::size_t>(seat)],
                                           refusal->message));
      if constexpr (kAgainstHouse<F>)
        for (const auto& e : events)
          if (e.kind == games::pot::EventKind::Bet) wagered += e.amount;
      ++moves;
    }
    ++stats.games;
    if (done) done->fetch_add(1, std::memory_order_relaxed);
    stats.moves.add(static_cast<std::int64_t>(moves));
    if (!game.over()) {
      ++stats.stopped;
      continue;
    }
    for (games::Seat s = 0; s < static_cast<games::Seat>(spec.bots.size()); ++s)
      stats.seats[static_cast<std::size_t>(s)].score.add(seat_score(game, s));
    for (games::Seat w : game.winners()) ++stats.seats[static_cast<std::size_t>(w)].wins;
    if constexpr (kAgainstHouse<F>) stats.house_edge.add(game.house(), wagered);
  }
  return stats;
}

}  // namespace

void SimStats::merge(const SimStats& other) {
  if (seats.empty()) seats = other.seats;
  else
    for (std::size_t i = 0; i < seats.size() && i < other.seats.size(); ++i) {
      seats[i].score.merge(other.seats[i].score);
      seats[i].wins += other.seats[i].wins;
    }
  if (rules_name.empty()) {
    rules_name = other.rules_name;
    family = other.family;
    unit = other.unit;
  }
  games += other.games;
  stopped += other.stopped;
  moves.merge(other.moves);
  house_edge.merge(other.house_edge);
  partial = partial || other.partial;
}

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t i) {
  auto rng = cards::make_rng(seed, cards::RngStream::Games);
  rng.advance(i);  // O(log i): game i's seed without drawing the ones before it
  return static_cast<std::uint64_t>(rng());
}

SimStats simulate(const SimSpec& spec, const std::atomic<bool>* stop, std::atomic<std::uint64_t>* done) {
  if (spec.games == 0) throw std::invalid_argument("--games 0: give at least one game");
  if (spec.threads < 1) throw std::invalid_argument(fmt::format("--threads {}: give at least one thread", spec.threads));
  return games::with_rules(spec.rules, spec.overrides, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
    for (const auto& kind : spec.bots)
      if (!strategy::BotsOf<F>::make(kind))
        throw std::invalid_argument(fmt::format("--players: unknown bot kind '{}'; kinds: {}", kind,
                                                fmt::join(strategy::BotsOf<F>::kinds(), ", ")));
    auto seats = static_cast<int>(spec.bots.size());
    if (seats < rules->min_players || seats > rules->max_players)
      throw std::invalid_argument(fmt::format("--players gives {} seat{}; the {} rules seat {} to {} (min_players, max_players)",
                                              seats, seats == 1 ? "" : "s", rules->name, rules->min_players, rules->max_players));
    // Contiguous shares, merged in order; the figures do not depend on the split (exact sums).
    auto threads = static_cast<std::uint64_t>(std::min<std::uint64_t>(static_cast<std::uint64_t>(spec.threads), spec.games));
    std::vector<SimStats> shares(threads);
    std::vector<std::exception_ptr> errors(threads);
    {
      std::vector<std::jthread> workers;
      for (std::uint64_t t = 0; t < threads; ++t) {
        std::uint64_t begin = spec.first + spec.games * t / threads, end = spec.first + spec.games * (t + 1) / threads;
        workers.emplace_back([&, t, begin, end] {
          try {
            shares[t] = run_share<F>(spec, rules, begin, end, stop, done);
          } catch (...) {
            errors[t] = std::current_exception();
          }
        });
      }
    }
    for (auto& e : errors)
      if (e) std::rethrow_exception(e);
    SimStats all;
    all.rules_name = rules->name;
    all.family = F::key;
    all.unit = requires(const typename F::Game& g) { g.players()[0].bought; } ? "chips" : "points";
    if constexpr (kAgainstHouse<F>) {
      all.against_house = true;
      try {
        all.exact_house_edge =
            strategy::analyse_house_game(*rules, strategy::fresh_counts(rules->deck_cards, rules->decks)).house_edge();
      } catch (const std::invalid_argument&) {
        // No exact figure for these rules; the simulated one stands alone.
      }
    }
    for (const auto& s : shares) all.merge(s);
    return all;
  });
}

}  // namespace inbetween::sim
