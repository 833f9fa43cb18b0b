#pragma once
// A Gymnasium-style environment over one game (docs/python.md, "The environment"): one seat is
// the agent's; the engine's bots play every other seat between the agent's turns. A fixed
// discrete action space (choice slots, then amount slots) with a legal mask, and a fixed-length
// observation of the table as that seat sees it; the reward is the change in the seat's result.
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "games/any_table.h"
#include "protocol/session.h"
#include "python/analysis.h"

namespace inbetween::python {

struct EnvConfig {
  std::string rules;
  int seat = 0;
  std::vector<std::string> opponents = {"sensible"};  // a bot kind per other seat, in seat order
  Knobs set;
  int amounts = 8;                   // amount slots: a ranged choice's range cut into this many steps
  std::uint64_t max_moves = 100'000;  // moves of all seats after which an episode is truncated
};

struct Step {
  double reward = 0;
  bool terminated = false, truncated = false;
};

class Env {
 public:
  explicit Env(EnvConfig config);

  // A new game: `seed` (none: the next from the environment's own stream), then the bots play
  // up to the agent's first decision.
  void reset(std::optional<std::uint64_t> seed);
  // Plays action `a` for the agent, then the bots up to its next decision or the end. Throws
  // protocol::ProtocolError ("illegal_action") and changes nothing for an action the mask refuses.
  Step step(int a);

  int action_count() const { return choice_slots_ + config_.amounts; }
  int choice_slots() const { return choice_slots_; }
  int observation_size() const { return observation_size_; }
  // The observation into `out` (observation_size() floats) and the mask into `mask` (action_count()).
  void observe(float* out) const;
  void legal_mask(bool* mask) const;
  // What action `a` would play now, in words ("bet 3", "pass"); "" where it is not legal.
  std::string describe(int a) const;
  // The agent's result: chips won less chips bought (card-table games), points (ThreeBeTween).
  std::int64_t result() const { return session_->table().result(config_.seat); }
  bool over() const { return session_ && session_->table().over(); }
  const protocol::GameSession& session() const { return *session_; }
  std::uint64_t seed() const { return seed_; }
  const EnvConfig& config() const { return config_; }

 private:
  // The move that action `a` stands for now; nullopt where it is not legal.
  std::optional<games::AnyMove> move_of(int a) const;
  void bots_play();

  EnvConfig config_;
  std::unique_ptr<protocol::GameSession> session_;
  int choice_slots_ = 0;
  int observation_size_ = 0;
  std::mt19937_64 seeds_;
  std::uint64_t seed_ = 0;
  std::int64_t last_result_ = 0;
  mutable std::vector<games::AnyChoice> legal_;  // the agent's choices now (legal_ready_ says if current)
  mutable bool legal_ready_ = false;
};

}  // namespace inbetween::python
