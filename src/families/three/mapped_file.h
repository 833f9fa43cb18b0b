#pragma once
// Cache files the process maps rather than reads (the round solver's and the win table's): a
// fixed header, then tables each 8-byte aligned, so that a loaded table points into the mapping:
// nothing is copied or zero-filled, and a hint only touches the pages it reads. Internal.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "families/three/model.h"

namespace inbetween::strategy::mapped {

constexpr std::size_t aligned(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

// Writes the entries and pads them to 8 bytes.
template <class T>
void put(std::ostream& out, const T* data, std::size_t count) {
  std::size_t bytes = count * sizeof(T);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  static constexpr char zeros[8] = {};
  out.write(zeros, static_cast<std::streamsize>(aligned(bytes) - bytes));
}

// A read-only mapping of a whole file of at least `least` bytes, unmapped when the last table
// pointing into it goes; nullptr when it cannot be mapped.
inline std::shared_ptr<const void> map_file(const std::string& path, std::size_t least, std::size_t& size) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st {};
  void* at = MAP_FAILED;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= static_cast<off_t>(least)) {
    size = static_cast<std::size_t>(st.st_size);
    at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  }
  ::close(fd);
  if (at == MAP_FAILED) return nullptr;
  const std::size_t mapped_size = size;
  return std::shared_ptr<const void>(at, [mapped_size](const void* p) { ::munmap(const_cast<void*>(p), mapped_size); });
}

// The table of `count` entries at `offset` in the mapping (offset moves past it), or nullopt
// when the file is too short.
template <class T>
std::optional<model::Table<T>> table_at(const std::shared_ptr<const void>& file, std::size_t size, std::size_t& offset,
                                        std::uint64_t count) {
  if (offset > size || count > (size - offset) / sizeof(T)) return std::nullopt;
  const auto* data = reinterpret_cast<const T*>(static_cast<const char*>(file.get()) + offset);
  offset += aligned(count * sizeof(T));
  return model::Table<T>(data, count, file);
}

// The state graph's three tables (positions, hand types, choices), in this order.
inline void put_graph(std::ostream& out, const model::Model& m) {
  put(out, m.states.data(), m.states.size());
  put(out, m.types.data(), m.types.size());
  put(out, m.opts.data(), m.opts.size());
}

// The graph put_graph() wrote at `offset` (which moves past it), of these sizes, pointed into the
// mapping and adopted by `m` (whose rules and kinds are set); false when the file is too short
// or the graph does not fit m's rules.
inline bool adopt_graph(const std::shared_ptr<const void>& file, std::size_t size, std::size_t& offset, std::uint64_t states,
                        std::uint64_t types, std::uint64_t opts, std::int64_t full_id, model::Model& m) {
  auto s = table_at<model::StateInfo>(file, size, offset, states);
  auto t = s ? table_at<model::HandType>(file, size, offset, types) : std::nullopt;
  auto o = t ? table_at<model::Option>(file, size, offset, opts) : std::nullopt;
  if (!o || full_id < 0 || static_cast<std::uint64_t>(full_id) >= states) return false;
  return m.adopt(std::move(*s), std::move(*t), std::move(*o), static_cast<int>(full_id));
}

}  // namespace inbetween::strategy::mapped
