#pragma once
// Group commit's other half: what the server tells its clients waits until the store has
// committed every write made before it (docs/server.md, "Group commit").
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <utility>

#include "server/store.h"

namespace inbetween::server {

// Holds messages back until the store's held writes before them are committed, then lets them
// go in the order they came. The first message held asks for one settle() later on the network
// threads (`later`), after the work already queued there: every move played meanwhile, at any
// table, shares that one commit. A store that does not hold its commits lets every message by.
class CommitGate {
 public:
  // Asks `store` to hold its commits; `later` runs a function after the work queued before it.
  CommitGate(Store& store, std::function<void(std::function<void()>)> later);
  // Commits what the store holds and lets it commit each write again (what is still held here is
  // told to nobody).
  ~CommitGate();
  CommitGate(const CommitGate&) = delete;
  CommitGate& operator=(const CommitGate&) = delete;

  // Runs `deliver` (which must only queue: it runs under the gate's lock, to keep the order) at
  // once when every write so far is committed and nothing waits before it, else after the
  // settle() that covers them. A settle() that fails throws StoreError out of the function
  // `later` was given, and nothing held is delivered.
  void pass(std::function<void()> deliver);

  // Forgets what is held, told to nobody (the server is stopping: its connections go first).
  void forget();

  // How many messages wait (for the tests).
  std::size_t held() const;

 private:
  void settle();

  Store& store_;
  std::function<void(std::function<void()>)> later_;
  mutable std::mutex mutex_;
  std::deque<std::pair<std::uint64_t, std::function<void()>>> held_;  // (writes before it, delivery)
  std::uint64_t committed_ = 0;
  bool settling_ = false;  // a settle() is asked for
};

}  // namespace inbetween::server
