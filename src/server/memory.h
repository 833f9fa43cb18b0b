#pragma once
// Memory the server let go of, handed back to the system (docs/server.md, "memory").

namespace inbetween::server {

// Returns the free memory the allocator holds to the system: jemalloc's purge where the program is
// linked with jemalloc (CMake INBETWEEN_JEMALLOC), glibc's malloc_trim otherwise.
void give_memory_back();

// Hands the free blocks the calling thread keeps for its own next allocations (jemalloc's thread
// cache) back to their pages. One such block keeps its whole page of blocks from going back to
// the system: after a busy time a network thread's cache held most of what the server kept
// (bench/README.md, "Memory after load, 1 December"). Nothing to do without jemalloc.
void flush_this_threads_cache();

}  // namespace inbetween::server
