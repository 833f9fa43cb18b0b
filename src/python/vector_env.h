#pragma once
// Many environments stepped at once (docs/python.md, "VectorEnv"), in the manner of EnvPool and
// Gymnasium's vector environments: one call steps every table with plain arrays in and out, on a
// pool of threads, without Python. Each table is an Env of its own, seeded from the vector's
// seed (table i from seed + i), so its episodes are the same whatever the threads.
//
// Autoreset is Gymnasium's "next-step" mode: the step that ends a table's episode returns its
// last observation with terminated or truncated; the next step of that table ignores its action,
// deals the next game and returns its first observation with reward 0 and both flags false.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "python/env.h"

namespace inbetween::python {

// A fixed pool of threads that runs one job over [0, n) in chunks, the caller's thread working
// too; run() returns once every chunk is done. Each thread claims the next chunk as it finishes
// one, so a thread the system runs late (a busy machine) holds nobody up: the others take its share.
class WorkerPool {
 public:
  explicit WorkerPool(int threads);  // threads in all, the caller's included; 0: every core
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // job(begin, end) for chunks of [0, n); an exception from a chunk is thrown here once all end.
  void run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& job);

 private:
  void work();
  // Claims and runs chunks of generation `generation` until none is left.
  void chunks(std::uint32_t generation);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  const std::function<void(std::size_t, std::size_t)>* job_ = nullptr;
  std::size_t n_ = 0, chunk_ = 1, total_ = 0;
  // The generation (high 32 bits) and the next index to claim (low 32): a chunk is claimed only
  // for the generation it belongs to, so a thread that wakes after its run ended claims nothing.
  std::atomic<std::uint64_t> next_{0};
  std::atomic<std::size_t> done_{0};  // chunks finished in this generation
  std::uint32_t generation_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

// The arrays of one step, N tables: observations [N, D], rewards, flags, masks [N, A].
struct VectorStep {
  float* observations = nullptr;
  double* rewards = nullptr;
  bool* terminated = nullptr;
  bool* truncated = nullptr;
  bool* masks = nullptr;
};

class VectorEnv {
 public:
  // `threads`: 0 for every core. Throws protocol::ProtocolError as Env does.
  VectorEnv(const EnvConfig& config, int num_envs, std::uint64_t seed, int threads);

  int num_envs() const { return static_cast<int>(envs_.size()); }
  int observation_size() const { return envs_.front()->observation_size(); }
  int action_count() const { return envs_.front()->action_count(); }
  int threads() const { return pool_.threads(); }

  // Every table dealt anew (table i from seed + i when a seed is given, else from its own
  // stream); writes the observations and masks.
  void reset(std::optional<std::uint64_t> seed, VectorStep out);
  // One step of every table: actions [N]. An action a table's mask refuses (where that table is
  // not to be reset) throws ProtocolError("illegal_action", naming the table) before any table moves.
  void step(const std::int64_t* actions, VectorStep out);
  // Table i's environment (its result, its view).
  const Env& env(int i) const { return *envs_[static_cast<std::size_t>(i)]; }

 private:
  void write(std::size_t i, VectorStep out) const;

  std::vector<std::unique_ptr<Env>> envs_;
  std::vector<char> ended_;  // the table's last step ended its episode: the next step resets it
  WorkerPool pool_;
};

}  // namespace inbetween::python
