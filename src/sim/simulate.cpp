#include "sim/simulate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "cards/rng.h"
#include "games/registry.h"
#include "sim/per_game.h"

namespace inbetween::sim {
namespace {

template <games::Family F>
SimStats run_share(const SimSpec& spec, const std::shared_ptr<const typename F::Rules>& shared_rules, std::uint64_t begin,
                   std::uint64_t end, const std::atomic<bool>* stop, std::atomic<std::uint64_t>* done, std::ostream* rows) {
  // Every game holds the rules by shared_ptr, so each game counts a reference up and down: on one
  // control block for every thread, two threads of microsecond games fought over its cache line
  // (hoyle on 2 threads came out at 1.6-1.9x one, varying run to run). Each share has its own copy.
  auto rules = std::make_shared<const typename F::Rules>(*shared_rules);
  using Bot = typename F::Bots::Bot;
  std::vector<std::unique_ptr<Bot>> bots;
  SimStats stats;
  for (const auto& kind : spec.bots) {
    bots.push_back(F::Bots::make(kind));
    stats.seats.emplace_back().kind = kind;
  }
  games::Setup setup;
  for (std::size_t i = 0; i < spec.bots.size(); ++i) setup.players.push_back(fmt::format("seat{}", i + 1));
  std::vector<typename F::Event> events;
  using M = typename F::Measures;
  games::GameMeasures measures;
  auto players = spec.bots.size();
  stats.places.resize(players);
  std::vector<std::int64_t> scores(players);
  std::vector<std::uint8_t> won(players);
  std::uint64_t unreported = 0;  // games played and not yet added to `done`
  // Game i's seed is the i-th draw of the run's stream (game_seed): advanced once to the share's
  // first game, then drawn in turn, rather than advanced from the start for every game.
  auto seeds = cards::make_rng(spec.seed, cards::RngStream::Games);
  seeds.advance(begin);
  for (std::uint64_t i = begin; i < end; ++i) {
    if (stop && stop->load(std::memory_order_relaxed)) {
      stats.partial = true;
      break;
    }
    setup.seed = static_cast<std::uint64_t>(seeds());
    events.clear();
    measures.reset(players);
    typename F::Game game(rules, setup, events);
    M::count_events(events, measures);
    auto first_dealer = static_cast<std::size_t>(game.dealer());
    std::uint64_t moves = 0;
    typename F::Action action{};  // the bots write into it (TableBot::decide says why)
    while (!game.over() && moves < spec.max_moves) {
      games::Seat seat = game.to_act();
      if constexpr (M::has_pot)
        if (auto pot = M::pot_at_bet(game)) stats.pot.add(*pot);
      events.clear();
      // A bot draws from the stream games::Table::bot_rng gives it in `play`, the engine and a
      // replay (the game's seed advanced by the moves so far), so `play --seed` with a row's
      // seed repeats the row's game, random bots included.
      auto rng = cards::make_rng(setup.seed + moves, cards::RngStream::Bots);
      bots[static_cast<std::size_t>(seat)]->decide(game, seat, rng, action);
      if (auto refusal = game.apply(seat, action, events))
        throw std::logic_error(fmt::format("a {} bot's move was refused: {}", spec.bots[static_cast<std::size_t>(seat)],
                                           refusal->message));
      M::count_move(seat, action, measures);
      M::count_events(events, measures);
      ++moves;
    }
    ++stats.games;
    // The shared counter is written every 256 games, not every game: threads writing one
    // cache line at every game of a microsecond or two would slow each other down.
    if (done && ++unreported == 256) {
      done->fetch_add(unreported, std::memory_order_relaxed);
      unreported = 0;
    }
    stats.moves.add(static_cast<std::int64_t>(moves));
    GameRow row{.game = i, .seed = setup.seed, .decisions = moves, .over = game.over(), .measures = &measures,
                .scores = scores, .won = won, .first_dealer = first_dealer};
    if (!game.over()) {
      ++stats.stopped;
      if (rows) write_per_game_row(*rows, row, spec.bots, spec.per_game_long, M::counts_banks);
      continue;
    }
    M::read_length(game, measures);
    auto seconds = std::llround(spec.time.turn_seconds * static_cast<double>(measures.turns) +
                                spec.time.card_seconds * static_cast<double>(measures.cards) +
                                spec.time.round_seconds * static_cast<double>(measures.rounds));
    stats.turns.add(measures.turns);
    stats.rounds.add(measures.rounds);
    stats.cards.add(measures.cards);
    stats.seconds.add(seconds);
    if (measures.ended_by_limit) ++stats.ended_by_limit;
    auto winners = game.winners();
    for (std::size_t s = 0; s < players; ++s) {
      scores[s] = M::seat_score(game, static_cast<games::Seat>(s));
      won[s] = std::find(winners.begin(), winners.end(), static_cast<games::Seat>(s)) != winners.end();
      auto& seat = stats.seats[s];
      const auto& m = measures.seats[s];
      seat.score.add(scores[s]);
      seat.wins += won[s];
      seat.per_turn.add(scores[s], m.turns);
      seat.turns += static_cast<std::uint64_t>(m.turns);
      seat.busts += static_cast<std::uint64_t>(m.busts);
      seat.banks += static_cast<std::uint64_t>(m.banks);
      seat.passes += static_cast<std::uint64_t>(m.passes);
      auto& place = stats.places[(s + players - first_dealer) % players];
      place.score.add(scores[s]);
      place.wins += won[s];
    }
    if constexpr (M::against_house) {
      auto house = M::house_result(game);
      stats.house_edge.add(house, measures.wagered);
      stats.element_of_risk.add(house, measures.wagered + measures.raised);
      stats.hand_net.add_group(measures.bets_settled, measures.bet_nets, measures.bet_nets_squared);
    }
    if (rows) {
      row.minutes = static_cast<double>(seconds) / 60;
      write_per_game_row(*rows, row, spec.bots, spec.per_game_long, M::counts_banks);
    }
  }
  if (done) done->fetch_add(unreported, std::memory_order_relaxed);
  return stats;
}

// Writes the per-game file: a header, then each thread's rows in the order of the games.
void join_rows(const SimSpec& spec, bool banks, const std::vector<std::string>& parts, std::vector<std::unique_ptr<std::ofstream>>& files) {
  for (auto& f : files) f->close();
  std::ofstream out(spec.per_game, std::ios::binary);
  write_per_game_header(out, spec.bots, spec.per_game_long, banks);
  for (const auto& part : parts) {
    std::ifstream in(part, std::ios::binary);
    out << in.rdbuf();
    in.close();
    std::remove(part.c_str());
  }
  if (!out) throw std::runtime_error(fmt::format("--per-game {}: cannot write the file", spec.per_game));
}

}  // namespace

void SimStats::merge(const SimStats& other) {
  if (seats.empty()) seats = other.seats;
  else
    for (std::size_t i = 0; i < seats.size() && i < other.seats.size(); ++i) {
      auto& a = seats[i];
      const auto& b = other.seats[i];
      a.score.merge(b.score);
      a.wins += b.wins;
      a.per_turn.merge(b.per_turn);
      a.turns += b.turns;
      a.busts += b.busts;
      a.banks += b.banks;
      a.passes += b.passes;
    }
  if (places.empty()) places = other.places;
  else
    for (std::size_t i = 0; i < places.size() && i < other.places.size(); ++i) {
      places[i].score.merge(other.places[i].score);
      places[i].wins += other.places[i].wins;
    }
  if (rules_name.empty()) {
    rules_name = other.rules_name;
    family = other.family;
    unit = other.unit;
    turn_word = other.turn_word;
    round_word = other.round_word;
    card_word = other.card_word;
    has_pot = other.has_pot;
    counts_banks = other.counts_banks;
  }
  games += other.games;
  stopped += other.stopped;
  ended_by_limit += other.ended_by_limit;
  moves.merge(other.moves);
  turns.merge(other.turns);
  rounds.merge(other.rounds);
  cards.merge(other.cards);
  seconds.merge(other.seconds);
  pot.merge(other.pot);
  house_edge.merge(other.house_edge);
  element_of_risk.merge(other.element_of_risk);
  hand_net.merge(other.hand_net);
  partial = partial || other.partial;
}

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t i) {
  auto rng = cards::make_rng(seed, cards::RngStream::Games);
  rng.advance(i);  // O(log i): game i's seed without drawing the ones before it
  return static_cast<std::uint64_t>(rng());
}

void check(const SimSpec& spec) {
  if (spec.games == 0) throw std::invalid_argument("--games 0: give at least one game");
  if (spec.threads < 1) throw std::invalid_argument(fmt::format("--threads {}: give at least one thread", spec.threads));
  games::with_rules(spec.rules, spec.overrides, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
    for (const auto& kind : spec.bots)
      if (!F::Bots::make(kind))
        throw std::invalid_argument(fmt::format("--players: unknown bot kind '{}'; kinds: {}", kind,
                                                fmt::join(F::Bots::kinds(), ", ")));
    auto seats = static_cast<int>(spec.bots.size());
    if (seats < rules->min_players || seats > rules->max_players)
      throw SeatCountError(fmt::format("--players gives {} seat{}; the {} rules seat {} to {} (min_players, max_players)", seats,
                                       seats == 1 ? "" : "s", rules->name, rules->min_players, rules->max_players),
                           seats, rules->min_players, rules->max_players);
    return 0;
  });
}

SimStats simulate(const SimSpec& spec, const std::atomic<bool>* stop, std::atomic<std::uint64_t>* done) {
  check(spec);
  return games::with_rules(spec.rules, spec.overrides, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
    // Contiguous shares, merged in order; the figures do not depend on the split (exact sums).
    auto threads = static_cast<std::uint64_t>(std::min<std::uint64_t>(static_cast<std::uint64_t>(spec.threads), spec.games));
    std::vector<SimStats> shares(threads);
    std::vector<std::exception_ptr> errors(threads);
    // Per-game rows: a file per thread beside the one asked for, joined in game order after.
    std::vector<std::string> parts;
    std::vector<std::unique_ptr<std::ofstream>> part_files;
    if (!spec.per_game.empty())
      for (std::uint64_t t = 0; t < threads; ++t) {
        parts.push_back(fmt::format("{}.part{}", spec.per_game, t));
        part_files.push_back(std::make_unique<std::ofstream>(parts.back(), std::ios::binary));
        if (!*part_files.back()) throw std::runtime_error(fmt::format("--per-game {}: cannot write {}", spec.per_game, parts.back()));
      }
    {
      std::vector<std::jthread> workers;
      for (std::uint64_t t = 0; t < threads; ++t) {
        std::uint64_t begin = spec.first + spec.games * t / threads, end = spec.first + spec.games * (t + 1) / threads;
        workers.emplace_back([&, t, begin, end] {
          try {
            shares[t] = run_share<F>(spec, rules, begin, end, stop, done, part_files.empty() ? nullptr : part_files[t].get());
          } catch (...) {
            errors[t] = std::current_exception();
          }
        });
      }
    }
    if (!parts.empty()) join_rows(spec, F::Measures::counts_banks, parts, part_files);
    for (auto& e : errors)
      if (e) std::rethrow_exception(e);
    SimStats all;
    all.rules_name = rules->name;
    all.family = F::key;
    using M = typename F::Measures;
    all.unit = M::unit;
    all.turn_word = M::words.turn;
    all.round_word = M::words.round;
    all.card_word = M::words.card;
    all.counts_banks = M::counts_banks;
    all.has_pot = M::has_pot;
    if constexpr (M::against_house) {
      all.against_house = true;
      if (auto exact = M::exact(*rules)) {
        all.exact_house_edge = exact->house_edge;
        all.exact_element_of_risk = exact->element_of_risk;
        all.exact_sd_per_hand = exact->sd_per_hand;
      }
    }
    for (const auto& s : shares) all.merge(s);
    return all;
  });
}

}  // namespace inbetween::sim
