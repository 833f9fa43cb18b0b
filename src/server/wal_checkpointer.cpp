#include "server/wal_checkpointer.h"

#include <cstdio>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

namespace inbetween::server {

WalCheckpointer::WalCheckpointer(sqlite3* writer, const std::string& path, int pages)
    : writer_(writer), db_(std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_NOMUTEX)), pages_(pages) {
  db_->exec("PRAGMA busy_timeout=5000");
  db_->execAndGet("PRAGMA journal_mode=WAL");  // a connection knows the file's log once it has read it
  thread_ = std::thread([this] { run(); });
  sqlite3_wal_hook(writer_, &WalCheckpointer::on_commit, this);
}

WalCheckpointer::~WalCheckpointer() {
  sqlite3_wal_hook(writer_, nullptr, nullptr);
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

int WalCheckpointer::on_commit(void* self, sqlite3* db, const char* name, int pages) {
  auto& me = *static_cast<WalCheckpointer*>(self);
  // The log restarts from its beginning at a commit that finds every page copied, which a thread
  // copying while tables go on committing may not leave while the load lasts: past sixteen times
  // the mark the writer copies what is left itself, as SQLite would (most of it is done).
  // (Busy when the thread is copying just then: the next commit tries again.)
  if (pages >= 16 * me.pages_) {
    sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    return SQLITE_OK;  // the commit stands whatever the checkpoint did
  }
  int copied = me.copied_.load();
  if (pages < copied) me.copied_.store(copied = 0);  // the log started again from its beginning
  if (pages - copied >= me.pages_ && !me.due_.exchange(true)) {
    { std::lock_guard lock(me.mutex_); }  // the thread is waiting, or will see due_ before it waits
    me.wake_.notify_one();
  }
  return SQLITE_OK;
}

std::uint64_t WalCheckpointer::checkpoints() {
  std::lock_guard lock(mutex_);
  return checkpoints_;
}

bool WalCheckpointer::wait_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return done_.wait_for(lock, timeout, [&] { return !due_ && !running_; });
}

bool WalCheckpointer::wait_for(std::uint64_t count, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return done_.wait_for(lock, timeout, [&] { return checkpoints_ >= count; });
}

void WalCheckpointer::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return due_ || stop_; });
    if (stop_) return;
    due_ = false;
    running_ = true;
    lock.unlock();
    int log = 0, copied = 0;
    int rc = sqlite3_wal_checkpoint_v2(db_->getHandle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
    if (rc != SQLITE_OK && rc != SQLITE_BUSY)
      std::fprintf(stderr, "serve: a checkpoint of the store failed: %s\n", sqlite3_errmsg(db_->getHandle()));
    if (rc == SQLITE_OK) copied_.store(copied);
    lock.lock();
    running_ = false;
    ++checkpoints_;
    done_.notify_all();
    // A reader still on old pages keeps some in the log: the next try waits a moment rather than
    // spinning on every commit meanwhile.
    if (copied < log) wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stop_; });
  }
}

}  // namespace inbetween::server
