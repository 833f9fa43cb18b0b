#pragma once
// Memory the server let go of, handed back to the system (docs/server.md, "memory").

namespace inbetween::server {

// Returns the free memory the allocator holds to the system: jemalloc's purge where the program is
// linked with jemalloc (CMake INBETWEEN_JEMALLOC), glibc's malloc_trim otherwise.
void give_memory_back();

}  // namespace inbetween::server
