#include "python/env.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "protocol/json.h"

namespace inbetween::python {
namespace {

using games::AnyChoice;

// The ranged choice the amount slots play: a bet or a wager, never the rebuy that a pot game
// offers beside them (a choice slot plays a rebuy at its least amount).
const AnyChoice* amount_choice(const std::vector<AnyChoice>& legal, std::size_t* index) {
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (legal[i].ranged() && legal[i].type != "rebuy") {
      *index = i;
      return &legal[i];
    }
  return nullptr;
}

}  // namespace

Env::Env(EnvConfig config) : config_(std::move(config)), seeds_(std::random_device{}()) {
  if (config_.amounts < 1) throw std::invalid_argument(fmt::format("amounts={}: give at least one amount slot", config_.amounts));
  int seats = static_cast<int>(config_.opponents.size()) + 1;
  if (config_.seat < 0 || config_.seat >= seats)
    throw std::invalid_argument(fmt::format("seat={}: the table has seats 0 to {}", config_.seat, seats - 1));
  reset(std::nullopt);
  // An unknown kind is refused now, not at the first turn it would play.
  auto kinds = session_->table().bot_kinds();
  for (const auto& kind : config_.opponents)
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) throw std::invalid_argument(games::unknown_bot(kind, kinds));
  choice_slots_ = session_->table().choice_slots();
  // Every seat's result and whether it acts; the legal summary; the family's part.
  observation_size_ = 2 * seats + 3 + session_->table().observation_size();
}

void Env::reset(std::optional<std::uint64_t> seed) {
  seed_ = seed ? *seed : seeds_();
  if (seed) seeds_.seed(*seed);  // a seeded reset fixes the later unseeded ones too, as Gymnasium's does
  std::vector<std::string> names;
  for (std::size_t i = 0, bot = 0; i <= config_.opponents.size(); ++i)
    names.push_back(static_cast<int>(i) == config_.seat ? "agent" : fmt::format("bot{}", ++bot));
  // A game the bots end before the agent's first decision (a short game of many seats) has no
  // step to take: the next seed of the stream deals another, as often as it takes (info["seed"]).
  for (int tries = 0;; ++tries) {
    protocol::json request = {{"cmd", "new"}, {"rules", config_.rules}, {"seed", seed_}, {"players", names}};
    if (!config_.set.empty()) request["set"] = config_.set;
    session_ = protocol::new_session(request);
    legal_ready_ = false;
    bots_play();
    if (!session_->table().over() || tries == 1000) break;
    seed_ = seeds_();
  }
  // Every seat starts at 0: the first step's reward holds what came before the agent's first
  // decision too (an ante), so that an episode's rewards add up to its result.
  last_result_ = 0;
}

void Env::bots_play() {
  auto& table = session_->table();
  while (!table.over() && table.to_act() != config_.seat && table.move_count() < config_.max_moves) {
    int seat = table.to_act();
    const auto& kind = config_.opponents[static_cast<std::size_t>(seat < config_.seat ? seat : seat - 1)];
    auto move = table.bot_move(kind);
    if (auto refusal = table.apply(move)) throw std::logic_error("a bot's move was refused: " + refusal->message);
  }
  legal_ready_ = false;
}

std::optional<games::AnyMove> Env::move_of(int a) const {
  const auto& table = session_->table();
  if (a < 0 || a >= action_count() || table.over() || table.to_act() != config_.seat) return std::nullopt;
  if (!legal_ready_) {
    legal_ = table.legal(config_.seat);
    legal_ready_ = true;
  }
  if (a < choice_slots_) {
    if (static_cast<std::size_t>(a) >= legal_.size()) return std::nullopt;
    return games::AnyMove{config_.seat, static_cast<std::size_t>(a), legal_[static_cast<std::size_t>(a)].least};
  }
  std::size_t index = 0;
  const AnyChoice* ranged = amount_choice(legal_, &index);
  if (!ranged) return std::nullopt;
  // Amount slot k of n: the least amount, then even steps of the range up to the most (rounded
  // to whole chips); with one slot, the least.
  int k = a - choice_slots_, n = config_.amounts;
  double share = n > 1 ? static_cast<double>(k) / (n - 1) : 0.0;
  auto amount = ranged->least + static_cast<games::Chips>(std::llround(share * static_cast<double>(ranged->most - ranged->least)));
  return games::AnyMove{config_.seat, index, amount};
}

Step Env::step(int a) {
  if (over()) throw protocol::ProtocolError("game_over", "the episode has ended; call reset()");
  auto move = move_of(a);
  if (!move) throw protocol::ProtocolError("illegal_action", fmt::format("action {} is not legal now (info[\"legal_mask\"])", a));
  auto& table = session_->table();
  if (auto refusal = table.apply(*move)) throw protocol::ProtocolError(refusal->code, refusal->message);
  bots_play();
  Step s;
  auto now = result();
  s.reward = static_cast<double>(now - last_result_);
  last_result_ = now;
  s.terminated = table.over();
  s.truncated = !s.terminated && table.move_count() >= config_.max_moves;
  return s;
}

void Env::observe(float* out) const {
  const auto& table = session_->table();
  int seats = static_cast<int>(config_.opponents.size()) + 1;
  games::Seat to_act = table.to_act();
  // Seats in order from the agent's: its own first.
  for (int k = 0; k < seats; ++k) *out++ = static_cast<float>(table.result((config_.seat + k) % seats));
  for (int k = 0; k < seats; ++k) *out++ = (config_.seat + k) % seats == to_act ? 1.0f : 0.0f;
  if (!legal_ready_ && to_act == config_.seat) {
    legal_ = table.legal(config_.seat);
    legal_ready_ = true;
  }
  bool mine = to_act == config_.seat;
  std::size_t index = 0;
  const AnyChoice* ranged = mine ? amount_choice(legal_, &index) : nullptr;
  *out++ = mine ? static_cast<float>(legal_.size()) : 0.0f;
  *out++ = ranged ? static_cast<float>(ranged->least) : 0.0f;
  *out++ = ranged ? static_cast<float>(ranged->most) : 0.0f;
  table.observe(config_.seat, out);
}

void Env::legal_mask(bool* mask) const {
  for (int a = 0; a < action_count(); ++a) mask[a] = move_of(a).has_value();
  if (legal_ready_ && static_cast<int>(legal_.size()) > choice_slots_)
    throw std::logic_error(fmt::format("{} choices open, more than the {} choice slots", legal_.size(), choice_slots_));
}

std::string Env::describe(int a) const {
  auto move = move_of(a);
  if (!move) return "";
  const auto& choice = legal_[move->choice];
  if (!choice.ranged()) return choice.text;
  return fmt::format("{} {}", choice.type, move->amount);
}

}  // namespace inbetween::python
