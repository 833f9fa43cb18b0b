#pragma once
// A SQLite VFS that writes a transaction's log frames in one system call (the store's connections
// open their file through it). SQLite writes each frame of its write-ahead log as two calls (the
// frame's 24-byte header, then the page): about three `pwrite` a move under load, each a trip
// into the kernel, and a costly one under a sandbox such as gVisor (docs/performance.md, "One write a
// commit"). This VFS keeps the log's writes that follow one another in memory and writes them out
// with the commit frame's page, before SQLite goes on to publish the commit: what a commit
// returned from is in the file exactly as without it. Every other file, and every other call on
// the log (a read, its size, a sync, a truncate, a write elsewhere), first writes out what is kept.
#include <cstdint>

namespace inbetween::server {

// Registers the VFS (once per process, not as the default) and returns its name for sqlite3_open_v2.
const char* wal_write_batch_vfs();

// Counts since the process started, for the tests: the writes SQLite made to log files opened
// through the VFS, and the system calls that carried them.
struct WalWriteCounts {
  std::uint64_t asked = 0;
  std::uint64_t made = 0;
};
WalWriteCounts wal_write_counts();

}  // namespace inbetween::server
