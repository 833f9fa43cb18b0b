// Simulated rounds (three_simulation.h): real one-player games played by a bot, and the
// solver's policy played on positions.
#include "families/three/simulation.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <stdexcept>

#include "cards/rng.h"
#include "families/three/game.h"
#include "families/three/solver.h"

namespace inbetween::strategy {

double RoundStats::mean_ci95() const { return rounds > 0 ? 1.96 * stddev / std::sqrt(rounds) : 0; }
double RoundStats::bust_ci95() const {
  return rounds > 0 ? 1.96 * std::sqrt(bust_rate * (1 - bust_rate) / rounds) : 0;
}

namespace {

using cards::CardCode;

// A uniform double in [0, 1), the same on every platform.
double uniform01(cards::Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Running sums of round scores and busts.
struct Accumulator {
  double n = 0, sum = 0, sum2 = 0, busts = 0;
  void add(double score, bool busted) {
    n += 1;
    sum += score;
    sum2 += score * score;
    busts += busted ? 1 : 0;
  }
  RoundStats stats() const {
    RoundStats s;
    s.rounds = static_cast<int>(n);
    if (n <= 0) return s;
    s.mean = sum / n;
    s.stddev = n > 1 ? std::sqrt(std::max(0.0, (sum2 - n * s.mean * s.mean) / (n - 1))) : 0;
    s.bust_rate = busts / n;
    return s;
  }
};

CardCode sample(const std::vector<double>& cumulative, cards::Rng& rng) {
  double u = uniform01(rng) * cumulative.back();
  auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
  if (it == cumulative.end()) --it;
  return static_cast<CardCode>(it - cumulative.begin());
}

std::vector<double> cumulative_of(const Composition& w) {
  std::vector<double> c(w.size());
  std::partial_sum(w.begin(), w.end(), c.begin());
  return c;
}

// The rest of a round from the start of a turn, with the solver's policy; returns the score.
double play_out(const ThreeSolver& solver, const std::vector<double>& cumulative, TurnPosition pos, int s, cards::Rng& rng,
                bool& busted) {
  busted = false;
  std::vector<CardCode> drawn;
  for (;;) {
    if (pos.empty == 0) {
      if (!(solver.bank_value(s) > s)) return s;
      CardCode a = sample(cumulative, rng), b = sample(cumulative, rng);
      bool identical = a == b && (!solver.rules().letter_deck.kinds[a].wild() || solver.rules().wild_pair_busts);
      if (identical) {
        busted = true;
        return 0;
      }
      auto lay = solver.best_layout(a, b, s);
      pos = lay.next;
      s += lay.points;
      continue;
    }
    if (!(solver.draw_value(pos, s) > s)) return s;
    drawn.clear();
    for (int i = 0; i < pos.empty; ++i) drawn.push_back(sample(cumulative, rng));
    auto place = solver.best_placement(pos, drawn, s, false);
    if (!place) {
      busted = true;
      return 0;
    }
    pos = place->next;
    s += place->points;
  }
}

}  // namespace

RoundStats simulate_turns(const ThreeSolver& solver, TurnPosition pos, int at_risk, int rounds, std::uint64_t seed) {
  auto cumulative = cumulative_of(solver.composition());
  Accumulator acc;
  for (int i = 0; i < rounds; ++i) {
    auto rng = cards::make_rng(splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(i) + 0x51ed), cards::RngStream::Bots);
    bool busted = false;
    double score = play_out(solver, cumulative, pos, at_risk, rng, busted);
    acc.add(score, busted);
  }
  return acc.stats();
}

RoundStats simulate_deal(const ThreeSolver& solver, CardCode a, CardCode b, int rounds, std::uint64_t seed) {
  auto cumulative = cumulative_of(solver.composition());
  auto deal = solver.deal_value(a, b);
  const auto& rules = solver.rules();
  Accumulator acc;
  for (int i = 0; i < rounds; ++i) {
    auto rng = cards::make_rng(splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(i) + 0xdea1), cards::RngStream::Bots);
    CardCode x = deal.a, y = deal.b;
    if (deal.replace) {
      x = *deal.replace == deal.a ? deal.b : deal.a;
      y = sample(cumulative, rng);
    }
    if (x == y && (!rules.letter_deck.kinds[x].wild() || rules.wild_pair_busts)) {
      acc.add(0, true);
      continue;
    }
    auto lay = solver.best_layout(x, y, 0);
    bool busted = false;
    double score = play_out(solver, cumulative, lay.next, lay.points, rng, busted);
    acc.add(score, busted);
  }
  return acc.stats();
}

RoundStats play_rounds(const rules::ThreeRules& rules, const ThreeBot& bot, int rounds, std::uint64_t seed,
                       std::vector<double>* scores) {
  constexpr int kScale = 25;
  auto table = std::make_shared<rules::ThreeRules>(rules);
  table->min_players = 1;
  table->max_players = 1;
  table->target = 0;  // the game ends at the first tally: one round
  for (auto& k : table->letter_deck.kinds) k.copies *= kScale;
  std::shared_ptr<const rules::ThreeRules> shared = table;
  auto weights = fresh_composition(rules.letter_deck);
  auto cumulative = cumulative_of(weights);
  std::vector<int> capacity;
  for (const auto& k : table->letter_deck.kinds) capacity.push_back(k.copies);
  Accumulator acc;
  std::vector<three::Event> events;
  for (int i = 0; i < rounds; ++i) {
    std::uint64_t round_seed = splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(i) + 0x7a11e);
    for (std::size_t stack = 64;; stack *= 2) {
      // The cards the round deals, drawn independently; a longer round is replayed with more.
      auto deal_rng = cards::make_rng(round_seed, cards::RngStream::Shoe);
      std::vector<int> used(capacity.size(), 0);
      three::Setup setup;
      setup.players = {"solo"};
      setup.seed = round_seed;
      setup.dealer = 0;
      for (std::size_t c = 0; c < stack; ++c) {
        CardCode card = sample(cumulative, deal_rng);
        if (++used[card] > capacity[card]) break;
        setup.stacked.push_back(card);
      }
      events.clear();
      three::ThreeGame game(shared, setup, events);
      auto bot_rng = cards::make_rng(round_seed, cards::RngStream::Bots);
      while (!game.over()) {
        int seat = game.to_act();
        events.clear();
        if (auto refusal = game.apply(seat, bot.choose(game, seat, bot_rng), events))
          throw std::logic_error("play_rounds: the bot chose a refused action: " + refusal->message);
      }
      std::size_t dealt = game.shoe().size() - game.shoe().remaining();
      if (dealt > setup.stacked.size() && setup.stacked.size() == stack) continue;
      const auto& line = game.sheet().front().players.front();
      acc.add(line.score, line.busted);
      if (scores) scores->push_back(line.score);
      break;
    }
  }
  return acc.stats();
}

}  // namespace inbetween::strategy
