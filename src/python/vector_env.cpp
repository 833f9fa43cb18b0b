#include "python/vector_env.h"

#include <algorithm>

#include <fmt/format.h>

namespace inbetween::python {

WorkerPool::WorkerPool(int threads) {
  if (threads < 1) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { work(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& w : workers_) w.join();
}

void WorkerPool::slice(int index, std::size_t n) {
  auto parts = static_cast<std::size_t>(threads());
  std::size_t begin = n * static_cast<std::size_t>(index) / parts, end = n * static_cast<std::size_t>(index + 1) / parts;
  if (begin == end) return;
  try {
    (*job_)(begin, end);
  } catch (...) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = std::current_exception();
  }
}

void WorkerPool::work(int index) {
  std::uint64_t seen = 0;
  for (;;) {
    std::size_t n = 0;
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      n = n_;
    }
    slice(index, n);
    {
      std::lock_guard lock(mutex_);
      if (--running_ == 0) done_.notify_one();
    }
  }
}

void WorkerPool::run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& job) {
  {
    std::lock_guard lock(mutex_);
    job_ = &job;
    n_ = n;
    running_ = static_cast<int>(workers_.size());
    error_ = nullptr;
    ++generation_;
  }
  start_.notify_all();
  slice(0, n);
  std::exception_ptr error;
  {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return running_ == 0; });
    job_ = nullptr;
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
    if (ended_[i]) continue;  // this step deals its next game; the action is not read
    auto a = actions[i];
    if (a < 0 || a >= envs_[i]->action_count() || !envs_[i]->legal(static_cast<int>(a)))
      throw protocol::ProtocolError("illegal_action", fmt::format("table {}: action {} is not legal now (masks[{}])", i, a, i));
  }
  pool_.run(envs_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      Env& e = *envs_[i];
      if (ended_[i]) {
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
