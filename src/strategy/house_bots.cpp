#include "strategy/house_bots.h"

#include "strategy/bots.h"
#include "strategy/house_advisor.h"

namespace inbetween::strategy {

house::Action RandomHouseBot::choose(const house::HouseGame& game, int seat, cards::Rng& rng) const {
  return random_choice(game.legal(seat), rng);
}

house::Action SensibleHouseBot::choose(const house::HouseGame& game, int seat, cards::Rng&) const {
  pot::Legal l = game.legal(seat);
  if (game.phase() == pot::Phase::Raise) return (l.raise && game.posts().spread() >= 7) ? pot::Action{pot::Raise{}} : pot::Action{pot::Stand{}};
  return l.bet ? pot::Action{pot::Bet{l.bet_min}} : pot::Action{pot::Pass{}};
}

house::Action CautiousHouseBot::choose(const house::HouseGame& game, int seat, cards::Rng&) const {
  pot::Legal l = game.legal(seat);
  if (game.phase() == pot::Phase::Raise) return pot::Stand{};
  return l.bet ? pot::Action{pot::Bet{l.bet_min}} : pot::Action{pot::Pass{}};
}

house::Action OptimalHouseBot::choose(const house::HouseGame& game, int, cards::Rng&) const {
  auto advice = advise(game);
  return advice ? advice->best : pot::Action{pot::Pass{}};
}

std::unique_ptr<HouseBot> make_house_bot(const std::string& kind) {
  if (kind == "random") return std::make_unique<RandomHouseBot>();
  if (kind == "cautious") return std::make_unique<CautiousHouseBot>();
  if (kind == "sensible") return std::make_unique<SensibleHouseBot>();
  if (kind == "optimal") return std::make_unique<OptimalHouseBot>();
  return nullptr;
}

std::vector<std::string> house_bot_kinds() { return {"random", "cautious", "sensible", "optimal"}; }

}  // namespace inbetween::strategy
