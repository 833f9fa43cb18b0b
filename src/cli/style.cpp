#include "cli/style.h"

#include <unistd.h>

#include <cstdlib>

namespace inbetween::cli {

bool want_color(const std::string& setting) {
  if (setting == "always") return true;
  if (setting == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && (no_color == nullptr || *no_color == '\0');
}

}  // namespace inbetween::cli
