#pragma once
// Whether the terminal output is coloured.
#include <string>

namespace inbetween::cli {

// Colour on or off for everything a view prints.
struct Style {
  bool color = false;
};

// Whether to colour: "always", "never", or "auto" (stdout is a terminal, and NO_COLOR is unset
// or empty, as no-color.org says).
bool want_color(const std::string& setting);

}  // namespace inbetween::cli
