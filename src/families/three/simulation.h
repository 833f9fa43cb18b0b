#pragma once
// Simulated one-player ThreeBeTween rounds with independent draws (docs/solver.md): real games
// played by any bot, or the solver's own policy played on positions.
#include <cstdint>
#include <vector>

#include "cards/letter_card.h"
#include "families/three/rules.h"
#include "families/three/bots.h"
#include "families/three/position.h"

namespace inbetween::strategy {

class ThreeSolver;

// The round scores and busts of simulated rounds.
struct RoundStats {
  int rounds = 0;
  double mean = 0;         // round score
  double stddev = 0;
  double bust_rate = 0;
  double mean_ci95() const;  // half-width of the 95% interval of the mean
  double bust_ci95() const;
};

// One-player rounds of a real ThreeGame played by `bot` on a deck 25 times the rules' deck
// (so a bot counting unseen cards sees nearly the fresh composition), whose top is stacked
// with cards drawn independently from the fresh composition: every card the round deals is an
// independent draw. Seeded: round i uses seed (seed, i), whatever the bot, so two bots meet
// the same cards. `scores`, when given, receives each round's score.
RoundStats play_rounds(const rules::ThreeRules& rules, const ThreeBot& bot, int rounds, std::uint64_t seed,
                       std::vector<double>* scores = nullptr);

// Rounds (or the rest of one) simulated on positions with the solver's own policy and
// independent draws from the solver's composition, starting at a turn with `pos` and S.
RoundStats simulate_turns(const ThreeSolver& solver, TurnPosition pos, int at_risk, int rounds, std::uint64_t seed);
// The same from a dealt pair of limit cards at the round's set-up.
RoundStats simulate_deal(const ThreeSolver& solver, cards::CardCode a, cards::CardCode b, int rounds, std::uint64_t seed);

}  // namespace inbetween::strategy
