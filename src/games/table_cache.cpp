#include "games/table_cache.h"

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

// Header-only (no library to link), as the page's engine takes its libraries.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace inbetween::games {

std::string table_cache_dir() {
  namespace fs = std::filesystem;
  if (const char* dir = std::getenv("INBETWEEN_CACHE_DIR"); dir && *dir) return std::string(dir) == "off" ? "" : dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "inbetween").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "inbetween").string();
  return "";
}

std::string table_key(std::string_view depends_on) {
  return fmt::format("{:016x}", static_cast<unsigned long long>(XXH3_64bits(depends_on.data(), depends_on.size())));
}

}  // namespace inbetween::games
