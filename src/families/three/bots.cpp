#include "families/three/bots.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>

#include "families/three/solver.h"
#include "families/three/win_solver.h"

namespace inbetween::strategy {
namespace {

int total_of(const std::vector<int>& counts) { return std::accumulate(counts.begin(), counts.end(), 0); }

int banked(const three::Player& p) { return std::accumulate(p.banks.begin(), p.banks.end(), 0); }

// Fitting cards for a layout with empty spaces, against the unseen cards.
int room(const three::ThreeGame& game, const std::vector<int>& unseen, const three::PlaceLimits& layout) {
  return fitting_cards(game, unseen, layout.low.position, layout.high.position, {});
}

// The layout with the most room (the first of equals), and that room: each layout's room is
// worked out once, and the layouts are visited, not collected.
std::pair<three::PlaceLimits, int> widest(const three::ThreeGame& game, games::Seat player, const std::vector<int>& unseen) {
  std::pair<three::PlaceLimits, int> best{{}, -1};
  game.for_each_layout(player, [&](const three::PlaceLimits& layout) {
    int r = room(game, unseen, layout);
    if (r > best.second) best = {layout, r};
  });
  return best;
}

// The unseen counts of `game` in this thread's reused buffer: a bot decides without allocating.
const std::vector<int>& unseen_scratch(const three::ThreeGame& game) {
  thread_local std::vector<int> counts;
  unseen_counts(game, counts);
  return counts;
}

// The legal choices in this thread's reused buffer.
const std::vector<games::Choice<three::Action>>& legal_scratch(const three::ThreeGame& game, games::Seat player) {
  thread_local std::vector<games::Choice<three::Action>> choices;
  game.legal_actions(player, choices);
  return choices;
}

}  // namespace

void unseen_counts(const three::ThreeGame& game, std::vector<int>& counts) {
  const auto& deck = game.deck();
  counts.resize(deck.kinds.size());
  for (std::size_t i = 0; i < deck.kinds.size(); ++i) counts[i] = deck.kinds[i].copies;
  game.for_each_card_in_front([&](cards::CardCode c) { --counts[c]; });
}

std::vector<int> unseen_counts(const three::ThreeGame& game) {
  std::vector<int> counts;
  unseen_counts(game, counts);
  return counts;
}

int fitting_cards(const three::ThreeGame& game, const std::vector<int>& unseen, int low, int high,
                  const std::vector<three::Lay>& spaces) {
  // Letters as bits 1..26: the open letters are those strictly between the limits and not yet
  // placed; a card fits when one of its letters is open (a wild always). Asked for every layout
  // and every turn, so it is one AND per kind of card.
  std::uint32_t open = 0;
  for (int pos = std::max(low + 1, 1); pos < std::min(high, 27); ++pos) open |= 1u << pos;
  for (const auto& s : spaces)
    if (s.position >= 1 && s.position <= 26) open &= ~(1u << s.position);
  const auto& deck = game.deck();
  int n = 0;
  for (std::size_t code = 0; code < deck.kinds.size(); ++code) {
    const auto& kind = deck.kinds[code];
    if (kind.wild() || (kind.letter_mask() & open) != 0) n += unseen[code];
  }
  return n;
}

double bust_chance(int fitting, int unseen_total, int draws) {
  double p = 1.0;
  for (int i = 0; i < draws; ++i) {
    int left = unseen_total - i;
    if (left <= 0) break;
    p *= static_cast<double>(std::max(0, left - fitting)) / left;
  }
  return p;
}

three::Action RandomThreeBot::choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const {
  const auto& options = legal_scratch(game, player);
  return options[cards::uniform_below(rng, options.size())].action;
}

three::Action SensibleThreeBot::choose(const three::ThreeGame& game, games::Seat player, cards::Rng&) const {
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  switch (game.phase()) {
    case three::Phase::Replace: {
      if (me.limit_hand[0] == me.limit_hand[1] && !game.deck().kind(me.limit_hand[0]).wild())
        return three::Replace{me.limit_hand[0]};
      const auto& unseen = unseen_scratch(game);
      auto [best, best_room] = widest(game, player, unseen);
      // Narrow limits: give up the card nearer the middle of the alphabet.
      if (!me.replacement_used && best_room * 3 < total_of(unseen)) {
        auto middle = [](int pos) { return std::abs(pos - 13); };
        return three::Replace{middle(best.low.position) < middle(best.high.position) ? best.low.card : best.high.card};
      }
      return three::Keep{};
    }
    case three::Phase::PlaceLimits: return widest(game, player, unseen_scratch(game)).first;
    case three::Phase::Place: {
      const auto& options = legal_scratch(game, player);
      // Letters first, highest points first; a wild last, as it fits anywhere later too.
      const three::Place* pick = nullptr;
      for (const auto& choice : options) {
        const auto* pc = std::get_if<three::Place>(&choice.action);
        if (!pc) continue;
        auto score = [&](const three::Place& x) {
          const auto& k = game.deck().kind(x.card);
          return k.wild() ? -1 : k.points;
        };
        if (!pick || score(*pc) > score(*pick)) pick = pc;
      }
      if (pick) return *pick;
      return three::EndTurn{};
    }
    case three::Phase::Turn: {
      int at_risk = banked(me) + game.points_in_front(player);
      int empty = game.rules().spaces - static_cast<int>(me.spaces.size());
      if (empty == 0) {
        // Banking keeps the points at risk and deals new limits: worth it while the round is small.
        return at_risk < 25 ? three::Action{three::Bank{}} : three::Action{three::Pass{}};
      }
      const auto& unseen = unseen_scratch(game);  // only where the odds are needed
      int fitting = fitting_cards(game, unseen, me.low->position, me.high->position, me.spaces);
      double bust = bust_chance(fitting, total_of(unseen), empty);
      // Draw while what a bust costs is less than what a draw is likely to bring (about 3 points).
      double gain = (1.0 - bust) * 3.0;
      return bust * at_risk > gain || bust > 0.5 ? three::Action{three::Pass{}} : three::Action{three::Draw{}};
    }
    case three::Phase::Over: break;
  }
  return three::Pass{};
}

three::Action CautiousThreeBot::choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const {
  const auto& me = game.players()[static_cast<std::size_t>(player)];
  switch (game.phase()) {
    case three::Phase::Replace:
      if (me.limit_hand[0] == me.limit_hand[1] && !game.deck().kind(me.limit_hand[0]).wild()) return three::Replace{me.limit_hand[0]};
      return three::Keep{};
    case three::Phase::Turn: {
      int empty = game.rules().spaces - static_cast<int>(me.spaces.size());
      if (empty == 0) return three::Pass{};
      const auto& unseen = unseen_scratch(game);
      int fitting = fitting_cards(game, unseen, me.low->position, me.high->position, me.spaces);
      return bust_chance(fitting, total_of(unseen), empty) > 0.25 ? three::Action{three::Pass{}} : three::Action{three::Draw{}};
    }
    default: return SensibleThreeBot().choose(game, player, rng);  // lay wide, place all it can
  }
}

three::Action OptimalThreeBot::choose(const three::ThreeGame& game, games::Seat player, cards::Rng&) const {
  auto solver = solver_ ? solver_ : ThreeSolver::shared(game.rules());
  auto rated = solver->evaluate(game, player);
  if (rated.empty()) return three::Pass{};
  return rated.front().action;
}

three::Action WinningThreeBot::choose(const three::ThreeGame& game, games::Seat player, cards::Rng& rng) const {
  try {
    // Heads-up exactly; with more seats against the leading other player, as if alone with it.
    auto rated = ThreeWinSolver::shared(game.rules())->evaluate(game, player, ThreeWinSolver::leader(game, player));
    if (!rated.empty()) return rated.front().action;
  } catch (const games::TooBig&) {
    // No table for these rules: play for points.
  }
  return OptimalThreeBot().choose(game, player, rng);
}

}  // namespace inbetween::strategy
