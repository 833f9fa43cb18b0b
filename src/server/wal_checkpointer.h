#pragma once
// Checkpoints of an SQLite file's write-ahead log on a thread of their own. SQLite's own run
// inside the commit that takes the log past 1,000 pages, copying them into the file and syncing
// it, while every other table waits for the one writer (bench/README.md, "Checkpoints").
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
// WAL hook, which also ends SQLite's own): a commit that leaves `pages` or more in the log wakes
// the thread, which checkpoints on a connection of its own, PASSIVE: it neither waits for a
// writer nor holds one up. Past sixteen times the mark, 64 MB of log (a load that never leaves
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
  bool stop_ = false;
  std::uint64_t checkpoints_ = 0;
  std::thread thread_;
};

}  // namespace inbetween::server
