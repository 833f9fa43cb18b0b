#pragma once
// A knob swept over values: "knob=v1,v2,..." or a whole-number range "knob=a..b:step".
#include <stdexcept>
#include <string>
#include <vector>

namespace inbetween::sim {

struct Sweep {
  std::string knob;
  std::vector<std::string> values;  // as --set would take them
  bool range = false;               // given as a..b:step
};

// Throws std::invalid_argument naming the text and what is wrong with it.
Sweep parse_sweep(const std::string& text);

}  // namespace inbetween::sim
