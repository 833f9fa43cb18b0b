// The heads-up chance to win at a live game's decision: every choice rated from the solved table
// (win_solver.h). The third card and the second post come from the cards the shoe really holds;
// what follows the turn is the table's.
#include <algorithm>

#include "families/pot/betting.h"
#include "families/pot/odds.h"
#include "families/pot/win_solver.h"

namespace inbetween::strategy {

using rules::Chips;

std::optional<PotWinSolver::Live> PotWinSolver::live(const pot::PotGame& game) const {
  auto players = game.players();
  if (players.size() != 2 || game.over() || game.to_act() < 0) return std::nullopt;
  // Both started with the rules' stacks and bought nothing since; chips are conserved.
  if (players[0].bought != rules_.start_chips || players[1].bought != rules_.start_chips) return std::nullopt;
  if (players[0].chips + players[1].chips + game.pot() != total_) return std::nullopt;
  int dpd = rules_.deals_per_dealer;
  int deals = game.deals_done();
  int dealer = game.dealer();
  int step = game.to_act() == dealer ? 1 : 0;
  Live l;
  l.dealer0 = (deals / dpd) % 2 == 0 ? dealer : 1 - dealer;
  l.state.clock = cyclic_ ? (deals % (2 * dpd)) * 2 + step : deals * 2 + step;
  if (!cyclic_ && l.state.clock >= clocks_) return std::nullopt;
  l.state.pot = game.pot();
  l.state.chips0 = players[static_cast<std::size_t>(l.dealer0)].chips;
  l.actor = game.to_act() == l.dealer0 ? 0 : 1;
  if (actor(l.state.clock) != l.actor) return std::nullopt;
  // The cards left in the first deck as the turn began: the posts dealt since are counted back.
  const auto& shoe = game.shoe();
  int posts = game.posts().count;
  l.state.first_deck = decks_ > 1 && shoe.generation() == 0 ? static_cast<int>(shoe.remaining()) + posts : 0;
  return l;
}

double PotWinSolver::posts_value(int clock, int deck, Chips pot, Chips chips0, const pot::Posts& posts,
                                 const RankCounts& unseen) const {
  int who = actor(clock);
  if (pot::posts_pair(rules_, posts) && rules_.pair_posts == rules::PairPosts::Redeal) {
    double v = table_[index(clock, deck >= 2 ? deck - 2 : 0, pot, chips0)];
    return who == 0 ? v : 1.0 - v;
  }
  return settle_posts(clock, deck, decks_ > 1 && deck >= 2, pot, chips0, posts, third_card_odds(posts, unseen), nullptr);
}

std::vector<PotWinChoice> PotWinSolver::rate(const pot::PotGame& game) const {
  std::vector<PotWinChoice> out;
  auto l = live(game);
  if (!l) return out;
  const auto& s = l->state;
  const auto& posts = game.posts();
  RankCounts unseen = counts_of(game.shoe().undealt_unordered());
  if (unseen.total == 0) {  // the next card comes from the discards reshuffled: all but the table's
    unseen = fresh_;
    for (int i = 0; i < posts.count; ++i) unseen.take(posts.cards[static_cast<std::size_t>(i)]);
  }
  switch (game.phase()) {
    case pot::Phase::Bet: {
      Each keep = [&](const pot::Action& a, double v) { out.push_back({a, v}); };
      settle_posts(s.clock, s.first_deck, decks_ > 1 && s.first_deck >= 2, s.pot, s.chips0, posts,
                   third_card_odds(posts, unseen), &keep);
      break;
    }
    case pot::Phase::CallSecondAce:
      for (auto ace : {pot::AceValue::High, pot::AceValue::Low}) {
        pot::Posts p = posts;
        p.ace[1] = ace;
        out.push_back({pot::Call{ace}, posts_value(s.clock, s.first_deck, s.pot, s.chips0, p, unseen)});
      }
      break;
    case pot::Phase::CallFirstAce:
      for (auto ace : {pot::AceValue::High, pot::AceValue::Low}) {
        double sum = 0;
        for (int rank = cards::kLowestRank; rank <= cards::kAceRank; ++rank) {
          int n = unseen.count[static_cast<std::size_t>(rank)];
          if (n == 0) continue;
          pot::Posts p = posts;
          p.cards[1] = cards::Card::of(rank, cards::Suit::Spades);
          p.count = 2;
          p.ace = {ace, pot::AceValue::High};
          RankCounts rest = unseen;
          rest.take(p.cards[1]);
          double v = posts_value(s.clock, s.first_deck, s.pot, s.chips0, p, rest);
          if (p.cards[1].is_ace() && rules_.second_ace == rules::SecondAce::Call) {
            p.ace[1] = pot::AceValue::Low;
            v = std::max(v, posts_value(s.clock, s.first_deck, s.pot, s.chips0, p, rest));
          }
          sum += n * v;
        }
        out.push_back({pot::Call{ace}, unseen.total > 0 ? sum / unseen.total : 0.0});
      }
      break;
    case pot::Phase::Over: break;
  }
  for (auto& c : out) c.chance = std::clamp(c.chance, 0.0, 1.0);  // sums of chances round a little
  std::stable_sort(out.begin(), out.end(), [](const PotWinChoice& a, const PotWinChoice& b) { return a.chance > b.chance; });
  return out;
}

std::optional<std::vector<double>> PotWinSolver::seat_chances(const pot::PotGame& game) const {
  if (game.players().size() != 2) return std::nullopt;
  if (game.over()) {
    std::vector<double> shares(2, 0.0);
    auto winners = game.winners();
    for (auto w : winners) shares[static_cast<std::size_t>(w)] = 1.0 / static_cast<double>(winners.size());
    return shares;
  }
  auto choices = rate(game);
  if (choices.empty()) return std::nullopt;
  std::vector<double> chances(2, 0.0);
  chances[static_cast<std::size_t>(game.to_act())] = choices.front().chance;
  chances[static_cast<std::size_t>(1 - game.to_act())] = 1.0 - choices.front().chance;
  return chances;
}

}  // namespace inbetween::strategy
