#include "server/commit_gate.h"

#include <cstdio>

namespace inbetween::server {

CommitGate::CommitGate(Store& store, std::function<void(std::function<void()>)> later) : store_(store), later_(std::move(later)) {
  store_.hold_commits(true);
  committed_ = store_.settle();  // what was written before is committed already
}

CommitGate::~CommitGate() {
  try {
    store_.hold_commits(false);
  } catch (const StoreError& e) {
    std::fprintf(stderr, "serve: %s\n", e.what());  // the server stopped for it already
  }
}

void CommitGate::pass(std::function<void()> deliver) {
  std::lock_guard lock(mutex_);
  // Read after the writes this message tells of (made on this thread before it is passed on).
  std::uint64_t before = store_.written();
  if (held_.empty() && before <= committed_) return deliver();
  held_.emplace_back(before, std::move(deliver));
  if (settling_) return;
  settling_ = true;
  later_([this] { settle(); });
}

void CommitGate::settle() {
  std::uint64_t through = store_.settle();  // outside the lock: moves go on being played meanwhile
  std::lock_guard lock(mutex_);
  committed_ = std::max(committed_, through);
  while (!held_.empty() && held_.front().first <= committed_) {
    held_.front().second();
    held_.pop_front();
  }
  settling_ = !held_.empty();
  if (settling_) later_([this] { settle(); });
}

void CommitGate::forget() {
  std::lock_guard lock(mutex_);
  held_.clear();
}

std::size_t CommitGate::held() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

}  // namespace inbetween::server
