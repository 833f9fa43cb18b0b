#include "python/env.h"

#include <algorithm>

#include <fmt/format.h>

#include "cards/shoe.h"
#include "protocol/json.h"
#include "python/rule_cache.h"

namespace inbetween::python {
namespace {

std::vector<std::string> seat_names(const EnvConfig& config) {
  std::vector<std::string> names;
  for (std::size_t i = 0, bot = 0; i <= config.opponents.size(); ++i)
    names.push_back(static_cast<int>(i) == config.seat ? "agent" : fmt::format("bot{}", ++bot));
  return names;
}

}  // namespace

Env::Env(EnvConfig config)
    : config_(std::move(config)), maker_(session_maker(config_.rules, config_.set)), actions_(0, config_.amounts),
      seeds_(std::random_device{}()) {
  if (config_.amounts < 1)
    throw protocol::ProtocolError("bad_request", fmt::format("amounts={}: give at least one amount slot", config_.amounts));
  int seats = static_cast<int>(config_.opponents.size()) + 1;
  if (config_.seat < 0 || config_.seat >= seats)
    throw protocol::ProtocolError("bad_seat", fmt::format("seat={}: the table has seats 0 to {}", config_.seat, seats - 1));
  request_ = new_request(config_.rules, seat_names(config_), 0, config_.set);
  setup_.players = seat_names(config_);
  // An unknown kind is refused now, not at the first turn it would play.
  auto probe = maker_->make(request_);
  auto kinds = probe->table().bot_kinds();
  for (const auto& kind : config_.opponents)
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) throw protocol::ProtocolError("bad_request", games::unknown_bot(kind, kinds));
  actions_ = Actions(probe->table().choice_slots(), config_.amounts);
  observation_size_ = python::observation_size(probe->table());
  reset(std::nullopt);
}

void Env::reset(std::optional<std::uint64_t> seed) {
  if (seed) seeds_.seed(*seed);  // a seeded reset fixes the later unseeded ones too, as Gymnasium's does
  seed_ = seed ? *seed : seeds_();
  // A game the bots end before the agent's first decision (a short game of many seats) has no
  // step to take: the next seed of the stream deals another, as often as it takes.
  for (int tries = 0;; ++tries) {
    setup_.seed = seed_;
    table_ = maker_->table(setup_);
    bots_play();
    if (!table_->over() || tries == 1000) break;
    seed_ = seeds_();
  }
  // Every seat starts at 0: the first step's reward holds what came before the agent's first
  // decision too (an ante), so that an episode's rewards add up to its result.
  last_result_ = 0;
  ended_ = table_->over() || table_->move_count() >= config_.max_moves;
}

void Env::bots_play() {
  auto& table = *table_;
  while (!table.over() && table.to_act() != config_.seat && table.move_count() < config_.max_moves) {
    int seat = table.to_act();
    const auto& kind = config_.opponents[static_cast<std::size_t>(seat < config_.seat ? seat : seat - 1)];
    auto move = table.bot_move(kind);
    if (auto refusal = table.apply(move)) throw std::logic_error("a bot's move was refused: " + refusal->message);
  }
  read_actions();
}

void Env::read_actions() { actions_.read(*table_, config_.seat); }

std::unique_ptr<protocol::GameSession> Env::session() const {
  protocol::json request = request_;
  request["seed"] = seed_;
  request["dealing"] = cards::kDealingVersion;
  return protocol::session_over(*table_, request);
}

Step Env::step(int a) {
  if (ended_) throw protocol::ProtocolError("game_over", "the episode has ended (terminated or truncated); call reset()");
  auto move = actions_.move(a);
  if (!move) throw protocol::ProtocolError("illegal_action", fmt::format("action {} is not legal now (info[\"legal_mask\"])", a));
  auto& table = *table_;
  if (auto refusal = table.apply(*move)) throw protocol::ProtocolError(refusal->code, refusal->message);
  bots_play();
  Step s;
  auto now = result();
  s.reward = static_cast<double>(now - last_result_);
  last_result_ = now;
  s.terminated = table.over();
  s.truncated = !s.terminated && table.move_count() >= config_.max_moves;
  ended_ = s.terminated || s.truncated;
  return s;
}

void Env::legal_mask(bool* mask) const {
  if (ended_) {
    std::fill(mask, mask + action_count(), false);
    return;
  }
  actions_.mask(mask);
}

std::string Env::describe(int a) const {
  auto move = legal(a) ? actions_.move(a) : std::nullopt;
  if (!move) return "";
  const auto& choice = actions_.choices()[move->choice];
  if (!choice.ranged()) return table_->legal(config_.seat)[move->choice].text;
  return fmt::format("{} {}", choice.type, move->amount);
}

}  // namespace inbetween::python
