// The store's SQLite VFS that writes a commit's log frames in one go (server/wal_write_batch.h):
// a commit is in the file, for another connection and for the next process, the moment it
// returns, however few system calls carried it; a transaction given up after spilling pages
// into the log, and one bigger than the VFS keeps, leave a file SQLite finds whole.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "server/sqlite_store.h"
#include "server/wal_write_batch.h"
#include "support/temp_folder.h"

namespace inbetween {
namespace {

class WalWriteBatch : public testing_support::TempFolderTest {};

server::StoredTable table(const std::string& code) {
  server::StoredGame first{1, 42, "c1", {}, {}, {}};
  return {code, "hoyle", "", "{}", 3, 60, {{0, "Ann", "", "hashA"}}, {first}, false, ""};
}

// Read through SQLite's default VFS, as another program would.
std::int64_t count(const std::string& path, const std::string& query) {
  SQLite::Database db(path, SQLite::OPEN_READONLY);
  return db.execAndGet(query).getInt64();
}

TEST_F(WalWriteBatch, AHeldCommitGoesToTheLogInOneWriteAndIsReadableOnceItReturns) {
  auto path = (dir_ / "one.db").string();
  server::SqliteStore store(path);
  store.add_table(table("ONE"));
  store.hold_commits(true);
  const std::string line(300, 'x');
  for (std::size_t n = 0; n < 40; ++n) store.add_move("ONE", 1, n, line);  // 12 KB: several pages
  auto before = server::wal_write_counts();
  store.settle();
  auto after = server::wal_write_counts();
  EXPECT_GE(after.asked - before.asked, 6u) << "SQLite writes a frame's header and its page apart";
  EXPECT_EQ(after.made - before.made, 1u) << "the commit's frames did not go out together";
  EXPECT_EQ(count(path, "SELECT COUNT(*) FROM moves WHERE code = 'ONE'"), 40);
  store.hold_commits(false);
}

TEST_F(WalWriteBatch, WhatACommitWroteOutlivesTheProcessKilledRightAfter) {
  auto path = (dir_ / "killed.db").string();
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // No destructor runs: the store cannot write anything after settle() returns.
    server::SqliteStore store(path);
    store.add_table(table("GONE"));
    store.hold_commits(true);
    for (std::size_t n = 0; n < 25; ++n) store.add_move("GONE", 1, n, std::string(200, 'm'));
    store.settle();
    for (std::size_t n = 25; n < 30; ++n) store.add_move("GONE", 1, n, "never committed");
    kill(getpid(), SIGKILL);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the child did not get as far as its kill";
  EXPECT_EQ(count(path, "SELECT COUNT(*) FROM moves WHERE code = 'GONE'"), 25);
  server::SqliteStore reopened(path);
  EXPECT_EQ(reopened.load_table("GONE")->games[0].moves.size(), 25u);
}

TEST_F(WalWriteBatch, ATransactionGivenUpAfterSpillingAndOneOfMegabytesLeaveTheFileWhole) {
  auto path = (dir_ / "spill.db").string();
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, 0, server::wal_write_batch_vfs());
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA cache_size=8");  // pages: a transaction of megabytes spills into the log
    db.exec("CREATE TABLE t(k INTEGER PRIMARY KEY, v BLOB)");
    db.exec("BEGIN");
    for (int i = 0; i < 2000; ++i) db.exec("INSERT INTO t(v) VALUES(randomblob(1000))");
    // Reading back what was spilled reads the log, kept writes and all.
    EXPECT_EQ(db.execAndGet("SELECT COUNT(*) FROM t WHERE length(v) = 1000").getInt(), 2000);
    db.exec("ROLLBACK");
    for (int i = 0; i < 10; ++i) db.exec("INSERT INTO t(v) VALUES(zeroblob(10))");
    auto before = server::wal_write_counts();
    db.exec("BEGIN");
    for (int i = 0; i < 3000; ++i) db.exec("INSERT INTO t(v) VALUES(randomblob(1000))");  // 3 MB
    db.exec("COMMIT");
    auto after = server::wal_write_counts();
    EXPECT_LT(after.made - before.made, after.asked - before.asked);
  }
  SQLite::Database check(path, SQLite::OPEN_READONLY);
  EXPECT_EQ(check.execAndGet("PRAGMA integrity_check").getString(), "ok");
  EXPECT_EQ(check.execAndGet("SELECT COUNT(*) FROM t").getInt(), 3010);
  EXPECT_EQ(check.execAndGet("SELECT COUNT(*) FROM t WHERE length(v) = 10").getInt(), 10);
}

}  // namespace
}  // namespace inbetween
