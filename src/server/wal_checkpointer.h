#pragma once
// Checkpoints of an SQLite file's write-ahead log on a thread of their own. SQLite's own run
// inside the commit that takes the log past 1,000 pages, copying them into the file and syncing
// it, while every other table waits for the one writer (docs/performance.md, "Checkpoints").
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace SQLite {
class Database;
}

namespace inbetween::server {

// Takes the checkpoints over from the writing connection `writer` to the file at `path` (its
// WAL hook, which also ends SQLite's own): a commit that leaves `pages` or more in the log not
// yet copied wakes the thread, which checkpoints on a connection of its own, PASSIVE: it neither
// waits for a writer nor holds one up. Past sixteen times the mark, 64 MB of log (a load that never leaves
// the thread every page copied, which the log needs to start again from its beginning), the
// writer copies the rest itself.
class WalCheckpointer {
 public:
  WalCheckpointer(sqlite3* writer, const std::string& path, int pages = 1000);
  // Gives the hook back to the writer (no commit may run meanwhile) and stops the thread.
  ~WalCheckpointer();
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // Whether `count` checkpoints have run within `timeout` (for the tests).
  bool wait_for(std::uint64_t count, std::chrono::milliseconds timeout);
  // How many checkpoints the thread has run.
  std::uint64_t checkpoints();
  // Whether, within `timeout`, no checkpoint is due or running (for the tests).
  bool wait_idle(std::chrono::milliseconds timeout);

 private:
  static int on_commit(void* self, sqlite3* db, const char* name, int pages);
  void run();

  sqlite3* writer_;
  std::unique_ptr<SQLite::Database> db_;
  int pages_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  // Set by the commit that finds the log past the mark, cleared by the thread as it starts a
  // checkpoint: later commits meanwhile neither lock nor wake (one wake-up a checkpoint, not one
  // a commit: bench/README.md).
  std::atomic<bool> due_ = false;
  // How far into the log the last checkpoint copied (0 once the log starts again). Each
  // checkpoint reads the log's index from where the copying stands, whatever is new: woken at
  // every commit past the mark, as the log seldom starts again while the store holds its
  // commits open, the thread ran ~65 checkpoints a second of a few pages each (bench/README.md).
  std::atomic<int> copied_ = 0;
  bool stop_ = false;
  bool running_ = false;  // a checkpoint is being run
  std::uint64_t checkpoints_ = 0;
  std::thread thread_;
};

}  // namespace inbetween::server
