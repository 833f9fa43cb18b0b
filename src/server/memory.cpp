#include "server/memory.h"

#include <cstddef>

#include <malloc.h>

// jemalloc's control call, present only when the program is linked with jemalloc: a weak
// reference is null otherwise, so the tests and the Python module (the system's malloc) need no
// jemalloc to link.
extern "C" int mallctl(const char* name, void* old_value, std::size_t* old_length, void* new_value,
                       std::size_t new_length) __attribute__((weak));

namespace inbetween::server {

void give_memory_back() {
  // "arena.4096.purge": every arena (MALLCTL_ARENAS_ALL is 4096 in jemalloc 5); jemalloc also
  // returns unused pages by itself after 10 s (its dirty_decay_ms), this does it at once.
  if (mallctl != nullptr && mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0) == 0) return;
  malloc_trim(0);
}

void flush_this_threads_cache() {
  if (mallctl != nullptr) mallctl("thread.tcache.flush", nullptr, nullptr, nullptr, 0);
}

}  // namespace inbetween::server
