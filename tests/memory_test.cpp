// src/server/memory.cpp against jemalloc itself, which the `inbetween` program is linked with (this
// executable too; built only where INBETWEEN_JEMALLOC is on, as the sanitizers bring their own
// allocator). A thread that freed many small blocks keeps some in its cache, and each of those
// keeps its page of blocks: the purge alone cannot give those pages back, the thread's flush
// before it does (bench/README.md, "Memory after load, 1 December").
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include <jemalloc/jemalloc.h>

#include "server/memory.h"

namespace inbetween {
namespace {

// jemalloc's count of the bytes in pages it holds in memory, as of now.
std::size_t resident() {
  std::uint64_t epoch = 1;
  std::size_t size = sizeof epoch;
  mallctl("epoch", &epoch, &size, &epoch, size);
  std::size_t bytes = 0;
  size = sizeof bytes;
  EXPECT_EQ(mallctl("stats.resident", &bytes, &size, nullptr, 0), 0);
  return bytes;
}

TEST(Memory, AThreadsCachedBlocksAreGivenBackOnlyOnceItFlushesItsCache) {
  std::size_t purged = 0, flushed = 0;
  // On a thread of its own, as a network thread: blocks of a table message's small pieces, the
  // last ones freed spread over many pages (one in every 512), as a busy time leaves them.
  std::thread busy([&] {
    constexpr std::size_t kBlocks = 1 << 18, kSpread = 512;
    std::vector<void*> blocks(kBlocks);
    for (auto& b : blocks) b = std::malloc(112);
    for (std::size_t i = 0; i < kBlocks; ++i)
      if (i % kSpread != 0) std::free(blocks[i]);
    for (std::size_t i = 0; i < kBlocks; i += kSpread) std::free(blocks[i]);
    server::give_memory_back();
    purged = resident();
    server::flush_this_threads_cache();
    server::give_memory_back();
    flushed = resident();
  });
  busy.join();
  EXPECT_LT(flushed + (1u << 20), purged) << "at least a megabyte more given back with the cache flushed: " << purged << " -> " << flushed;
}

}  // namespace
}  // namespace inbetween
