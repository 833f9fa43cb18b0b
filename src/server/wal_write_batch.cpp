#include "server/wal_write_batch.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

#include <sqlite3.h>

namespace inbetween::server {
namespace {

// A log frame's header (SQLite's file format, "WAL Frame Format"): bytes 4-7 hold the size of
// the database after a commit, and are zero in every frame but a transaction's last.
constexpr int kFrameHeader = 24;
// A transaction bigger than this (a migration, a table of thousands of moves) goes out in parts.
constexpr std::size_t kMostKept = 1 << 20;
// The default VFS writes at most 128 KiB less a byte in one call (it keeps the low 17 bits of the
// size, in SQLite 3.40's os_unix.c), so what is kept goes out in parts no bigger than this.
constexpr std::size_t kMostWritten = 31 * 4096;

std::atomic<std::uint64_t> asked{0};
std::atomic<std::uint64_t> made{0};

sqlite3_vfs* os_vfs = nullptr;  // the default VFS, which does the work
sqlite3_vfs batch_vfs;

// A log file opened through the VFS: the operating system's file (in the same allocation, after
// this) and the writes kept back, which follow one another from `start`.
struct LogFile {
  sqlite3_file base;
  sqlite3_file* os;
  std::vector<unsigned char>* kept;
  sqlite3_int64 start;
  bool commit_page_next;
};
constexpr std::size_t kOsFileOffset = (sizeof(LogFile) + 15) / 16 * 16;

LogFile& log_of(sqlite3_file* file) { return *reinterpret_cast<LogFile*>(file); }
const sqlite3_io_methods& os_methods(LogFile& f) { return *f.os->pMethods; }

int write_out(LogFile& f) {
  int rc = SQLITE_OK;
  for (std::size_t done = 0; done < f.kept->size() && rc == SQLITE_OK; done += kMostWritten) {
    made.fetch_add(1, std::memory_order_relaxed);
    auto part = static_cast<int>(std::min(kMostWritten, f.kept->size() - done));
    rc = os_methods(f).xWrite(f.os, f.kept->data() + done, part, f.start + static_cast<sqlite3_int64>(done));
  }
  f.kept->clear();
  return rc;
}

int log_close(sqlite3_file* file) {
  LogFile& f = log_of(file);
  int rc = write_out(f);
  int closed = os_methods(f).xClose(f.os);
  delete f.kept;
  f.kept = nullptr;
  return rc != SQLITE_OK ? rc : closed;
}

int log_read(sqlite3_file* file, void* into, int amount, sqlite3_int64 offset) {
  LogFile& f = log_of(file);
  if (int rc = write_out(f); rc != SQLITE_OK) return rc;
  return os_methods(f).xRead(f.os, into, amount, offset);
}

int log_write(sqlite3_file* file, const void* from, int amount, sqlite3_int64 offset) {
  LogFile& f = log_of(file);
  asked.fetch_add(1, std::memory_order_relaxed);
  // A write elsewhere (a frame rewritten in place, the log started again) goes after the kept
  // ones, in the order SQLite made them.
  if (!f.kept->empty() && offset != f.start + static_cast<sqlite3_int64>(f.kept->size()))
    if (int rc = write_out(f); rc != SQLITE_OK) return rc;
  if (f.kept->empty()) f.start = offset;
  const auto* bytes = static_cast<const unsigned char*>(from);
  f.kept->insert(f.kept->end(), bytes, bytes + amount);
  if (amount == kFrameHeader) {
    f.commit_page_next = (bytes[4] | bytes[5] | bytes[6] | bytes[7]) != 0;
    return SQLITE_OK;
  }
  // The commit frame's page: out now, before SQLite tells readers the transaction is there.
  if (f.commit_page_next || f.kept->size() >= kMostKept) {
    f.commit_page_next = false;
    return write_out(f);
  }
  return SQLITE_OK;
}

int log_truncate(sqlite3_file* file, sqlite3_int64 size) {
  LogFile& f = log_of(file);
  if (int rc = write_out(f); rc != SQLITE_OK) return rc;
  return os_methods(f).xTruncate(f.os, size);
}

int log_sync(sqlite3_file* file, int flags) {
  LogFile& f = log_of(file);
  if (int rc = write_out(f); rc != SQLITE_OK) return rc;
  return os_methods(f).xSync(f.os, flags);
}

int log_file_size(sqlite3_file* file, sqlite3_int64* size) {
  LogFile& f = log_of(file);
  if (int rc = write_out(f); rc != SQLITE_OK) return rc;
  return os_methods(f).xFileSize(f.os, size);
}

int log_lock(sqlite3_file* file, int level) { return os_methods(log_of(file)).xLock(log_of(file).os, level); }
int log_unlock(sqlite3_file* file, int level) { return os_methods(log_of(file)).xUnlock(log_of(file).os, level); }
int log_check_reserved(sqlite3_file* file, int* out) { return os_methods(log_of(file)).xCheckReservedLock(log_of(file).os, out); }

int log_file_control(sqlite3_file* file, int op, void* arg) {
  LogFile& f = log_of(file);
  if (int rc = write_out(f); rc != SQLITE_OK) return rc;
  return os_methods(f).xFileControl(f.os, op, arg);
}

int log_sector_size(sqlite3_file* file) { return os_methods(log_of(file)).xSectorSize(log_of(file).os); }
int log_device(sqlite3_file* file) { return os_methods(log_of(file)).xDeviceCharacteristics(log_of(file).os); }

// Version 1: SQLite keeps the log's shared index beside the database file and never maps the
// log into memory, so none of the later calls is made on it.
const sqlite3_io_methods kLogMethods = {
    1,         log_close, log_read,          log_write,        log_truncate,    log_sync, log_file_size,
    log_lock,  log_unlock, log_check_reserved, log_file_control, log_sector_size, log_device,
    nullptr,   nullptr,   nullptr,           nullptr,          nullptr,         nullptr,
};

int batch_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* file, int flags, int* out_flags) {
  // Only the log is kept back; every other file is the operating system's own (its room fits).
  if (!(flags & SQLITE_OPEN_WAL)) return os_vfs->xOpen(os_vfs, name, file, flags, out_flags);
  LogFile& f = log_of(file);
  f.base.pMethods = nullptr;
  f.os = reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(file) + kOsFileOffset);
  f.start = 0;
  f.commit_page_next = false;
  int rc = os_vfs->xOpen(os_vfs, name, f.os, flags, out_flags);
  if (rc != SQLITE_OK) return rc;  // pMethods null: SQLite will not close it
  f.kept = new std::vector<unsigned char>();
  f.base.pMethods = &kLogMethods;
  return SQLITE_OK;
}

}  // namespace

const char* wal_write_batch_vfs() {
  static std::once_flag registered;
  std::call_once(registered, [] {
    os_vfs = sqlite3_vfs_find(nullptr);
    batch_vfs = *os_vfs;  // every other call as the default VFS makes it (same pAppData)
    batch_vfs.pNext = nullptr;
    batch_vfs.zName = "inbetween-wal-batch";
    batch_vfs.szOsFile = std::max(os_vfs->szOsFile, static_cast<int>(kOsFileOffset) + os_vfs->szOsFile);
    batch_vfs.xOpen = batch_open;
    sqlite3_vfs_register(&batch_vfs, 0);
  });
  return batch_vfs.zName;
}

WalWriteCounts wal_write_counts() { return {asked.load(), made.load()}; }

}  // namespace inbetween::server
