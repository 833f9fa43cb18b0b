#include "sim/sweep.h"

#include <charconv>
#include <cstdint>

#include <fmt/format.h>

namespace inbetween::sim {
namespace {

constexpr std::size_t kMaxValues = 1000;

bool whole_number(const std::string& text, std::int64_t& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

Sweep parse_sweep(const std::string& text) {
  auto bad = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("--sweep {}: {}; write knob=v1,v2,... or knob=a..b:step", text, why));
  };
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw bad("no knob= before the values");
  Sweep sweep;
  sweep.knob = text.substr(0, eq);
  std::string rest = text.substr(eq + 1);
  if (auto dots = rest.find(".."); dots != std::string::npos) {
    sweep.range = true;
    auto colon = rest.find(':', dots);
    std::int64_t from = 0, to = 0, step = 1;
    if (!whole_number(rest.substr(0, dots), from) ||
        !whole_number(rest.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2), to) ||
        (colon != std::string::npos && !whole_number(rest.substr(colon + 1), step)))
      throw bad("a range is whole numbers a..b or a..b:step");
    if (step <= 0) throw bad("the step must be at least 1");
    if (from > to) throw bad("the range runs from the smaller number to the larger");
    if (static_cast<std::uint64_t>((to - from) / step) >= kMaxValues) throw bad(fmt::format("more than {} values", kMaxValues));
    for (std::int64_t v = from; v <= to; v += step) sweep.values.push_back(std::to_string(v));
    return sweep;
  }
  std::size_t start = 0;
  while (start <= rest.size()) {
    auto comma = rest.find(',', start);
    std::string value = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (value.empty()) throw bad("an empty value");
    sweep.values.push_back(value);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (sweep.values.size() > kMaxValues) throw bad(fmt::format("more than {} values", kMaxValues));
  return sweep;
}

}  // namespace inbetween::sim
