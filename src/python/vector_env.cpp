#include "python/vector_env.h"

#include <algorithm>

#include <fmt/format.h>

namespace inbetween::python {

WorkerPool::WorkerPool(int threads) {
  if (threads < 1) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& w : workers_) w.join();
}

void WorkerPool::chunks(std::uint32_t generation) {
  for (;;) {
    std::uint64_t seen = next_.load(std::memory_order_acquire);
    std::size_t begin = 0;
    do {
      begin = static_cast<std::size_t>(seen & 0xffff'ffffu);
      if ((seen >> 32) != generation || begin >= n_) return;
    } while (!next_.compare_exchange_weak(seen, seen + chunk_, std::memory_order_acq_rel));
    try {
      (*job_)(begin, std::min(begin + chunk_, n_));
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
    done_.fetch_add(1, std::memory_order_release);
  }
}

void WorkerPool::work() {
  std::uint32_t seen = 0;
  for (;;) {
    std::uint32_t generation = 0;
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation = generation_;
    }
    chunks(generation);
  }
}

void WorkerPool::run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& job) {
  if (n == 0) return;
  std::uint32_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    job_ = &job;
    n_ = n;
    // Eight chunks a thread: small enough to even out, big enough that claiming costs nothing.
    chunk_ = std::max<std::size_t>(1, n / (8 * static_cast<std::size_t>(threads())));
    total_ = (n + chunk_ - 1) / chunk_;
    done_.store(0, std::memory_order_relaxed);
    error_ = nullptr;
    generation = ++generation_;
    next_.store(static_cast<std::uint64_t>(generation) << 32, std::memory_order_release);
  }
  if (!workers_.empty()) start_.notify_all();
  chunks(generation);
  // The chunks others claimed: each is short, so the wait yields rather than sleeps.
  while (done_.load(std::memory_order_acquire) < total_) std::this_thread::yield();
  std::exception_ptr error;
  {
    std::lock_guard lock(mutex_);
    error = error_;
  }
  if (error) std::rethrow_exception(error);
}

VectorEnv::VectorEnv(const EnvConfig& config, int num_envs, std::uint64_t seed, int threads) : pool_(threads) {
  if (num_envs < 1) throw protocol::ProtocolError("bad_request", fmt::format("num_envs={}: give at least one table", num_envs));
  if (threads < 0) throw protocol::ProtocolError("bad_request", fmt::format("threads={}: give 0 (every core) or more", threads));
  for (int i = 0; i < num_envs; ++i) envs_.push_back(std::make_unique<Env>(config));
  ended_.assign(static_cast<std::size_t>(num_envs), 0);
  for (std::size_t i = 0; i < envs_.size(); ++i) envs_[i]->reset(seed + i);
}

void VectorEnv::write(std::size_t i, VectorStep out) const {
  const Env& e = *envs_[i];
  e.observe(out.observations + i * static_cast<std::size_t>(e.observation_size()));
  e.legal_mask(out.masks + i * static_cast<std::size_t>(e.action_count()));
}

void VectorEnv::reset(std::optional<std::uint64_t> seed, VectorStep out) {
  pool_.run(envs_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      envs_[i]->reset(seed ? std::optional<std::uint64_t>(*seed + i) : std::nullopt);
      ended_[i] = 0;
      write(i, out);
    }
  });
}

void VectorEnv::step(const std::int64_t* actions, VectorStep out) {
  for (std::size_t i = 0; i < envs_.size(); ++i) {
    if (ended_[i] || envs_[i]->ended()) continue;  // this step deals its next game; the action is not read
    auto a = actions[i];
    if (a < 0 || a >= envs_[i]->action_count() || !envs_[i]->legal(static_cast<int>(a)))
      throw protocol::ProtocolError("illegal_action", fmt::format("table {}: action {} is not legal now (masks[{}])", i, a, i));
  }
  pool_.run(envs_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      Env& e = *envs_[i];
      if (ended_[i] || e.ended()) {
        e.reset(std::nullopt);
        ended_[i] = 0;
        out.rewards[i] = 0;
        out.terminated[i] = out.truncated[i] = false;
      } else {
        Step s = e.step(static_cast<int>(actions[i]));
        out.rewards[i] = s.reward;
        out.terminated[i] = s.terminated;
        out.truncated[i] = s.truncated;
        ended_[i] = s.terminated || s.truncated;
      }
      write(i, out);
    }
  });
}

}  // namespace inbetween::python
