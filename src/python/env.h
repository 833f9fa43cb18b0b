#pragma once
// A Gymnasium-style environment over one game (docs/python.md, "The environment"): one seat is
// the agent's; the engine's bots play every other seat between the agent's turns. The fixed
// action list and the observation are agent_view.h's, for the agent's seat; the reward is the
// change in the seat's result. VectorEnv steps many of these at once.
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "games/any_table.h"
#include "protocol/session.h"
#include "python/agent_view.h"
#include "python/analysis.h"

namespace inbetween::python {

struct EnvConfig {
  std::string rules;
  int seat = 0;
  std::vector<std::string> opponents = {"sensible"};  // a bot kind per other seat, in seat order
  Knobs set;
  int amounts = 8;                    // amount slots: a ranged choice's range cut into this many steps
  std::uint64_t max_moves = 100'000;  // moves of all seats after which an episode is truncated
};

struct Step {
  double reward = 0;
  bool terminated = false, truncated = false;
};

class Env {
 public:
  // Throws protocol::ProtocolError for bad settings: bad_rules, bad_seat, bad_request (an unknown
  // bot kind, no amount slot).
  explicit Env(EnvConfig config);

  // A new game: `seed` (none: the next from the environment's own stream, which a seed given
  // here starts again), then the bots play up to the agent's first decision.
  void reset(std::optional<std::uint64_t> seed);
  // Plays action `a` for the agent, then the bots up to its next decision or the end. Throws
  // protocol::ProtocolError and changes nothing: "game_over" once the episode has ended
  // (terminated or truncated), "illegal_action" for an action the mask refuses.
  Step step(int a);
  // Whether `a` is legal now (the episode not ended).
  bool legal(int a) const { return !ended_ && actions_.move(a).has_value(); }

  int action_count() const { return actions_.size(); }
  int choice_slots() const { return actions_.choice_slots(); }
  int observation_size() const { return observation_size_; }
  // The observation into `out` (observation_size() floats) and the mask into `mask` (action_count()).
  void observe(float* out) const { python::observe(*table_, actions_, out); }
  void legal_mask(bool* mask) const;
  // What action `a` would play now, in words ("bet 3", "pass"); "" where it is not legal.
  std::string describe(int a) const;
  // The agent's result: chips won less chips bought (card-table games), points (ThreeBeTween).
  std::int64_t result() const { return table_->result(config_.seat); }
  // Whether the episode has ended: the game over, or truncated at max_moves.
  bool ended() const { return ended_; }
  const games::AnyTable& table() const { return *table_; }
  // A session over a copy of the game now (the protocol's state, a Python Table).
  std::unique_ptr<protocol::GameSession> session() const;
  // The seed of the game being played (for info only once it has ended: it deals the cards to come).
  std::uint64_t seed() const { return seed_; }
  const EnvConfig& config() const { return config_; }

 private:
  void bots_play();
  void read_actions();

  EnvConfig config_;
  std::shared_ptr<const protocol::SessionMaker> maker_;
  protocol::json request_;  // the `new` request that deals the game (its seed set by session())
  games::Setup setup_;      // the seats, and the seed set at each reset
  std::unique_ptr<games::AnyTable> table_;
  Actions actions_;
  int observation_size_ = 0;
  std::mt19937_64 seeds_;
  std::uint64_t seed_ = 0;
  std::int64_t last_result_ = 0;
  bool ended_ = false;
};

}  // namespace inbetween::python
