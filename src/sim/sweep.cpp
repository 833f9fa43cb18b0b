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
  sweep.text = text;
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
  } else {
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
  }
  if (sweep.knob == kPlayersKnob)
    for (const auto& v : sweep.values) {
      std::int64_t n = 0;
      if (!whole_number(v, n) || n < 1 || n > static_cast<std::int64_t>(kMaxValues))
        throw bad(fmt::format("'{}' is no number of players (a whole number from 1)", v));
    }
  return sweep;
}

std::vector<std::vector<std::string>> Grid::points() const {
  std::vector<std::vector<std::string>> all{{}};
  for (const auto& sweep : sweeps) {
    std::vector<std::vector<std::string>> next;
    for (const auto& head : all)
      for (const auto& value : sweep.values) {
        next.push_back(head);
        next.back().push_back(value);
      }
    all = std::move(next);
  }
  return all;
}

std::size_t Grid::size() const {
  std::size_t n = 1;
  for (const auto& sweep : sweeps) n *= sweep.values.size();
  return n;
}

std::vector<std::string> Grid::knobs() const {
  std::vector<std::string> names;
  for (const auto& sweep : sweeps) names.push_back(sweep.knob);
  return names;
}

Grid parse_grid(const std::vector<std::string>& texts) {
  Grid grid;
  std::size_t combinations = 1;
  for (const auto& text : texts) {
    auto sweep = parse_sweep(text);
    for (const auto& before : grid.sweeps)
      if (before.knob == sweep.knob)
        throw std::invalid_argument(fmt::format("--sweep {} and --sweep {} sweep the same knob; give its values in one", before.text, text));
    combinations *= sweep.values.size();
    if (combinations > kMaxValues)
      throw std::invalid_argument(fmt::format("--sweep {}: the sweeps make more than {} combinations; sweep fewer values", text, kMaxValues));
    grid.sweeps.push_back(std::move(sweep));
  }
  return grid;
}

SimSpec with_knob(SimSpec spec, const std::string& knob, const std::string& value) {
  if (knob != kPlayersKnob) {
    spec.overrides.push_back({knob, value});
    return spec;
  }
  std::int64_t n = 0;
  if (!whole_number(value, n) || n < 1 || n > static_cast<std::int64_t>(kMaxValues))
    throw std::invalid_argument(fmt::format("players={}: give a whole number of seats from 1", value));
  std::string last = spec.bots.empty() ? "sensible" : spec.bots.back();
  spec.bots.resize(static_cast<std::size_t>(n), last);
  return spec;
}

SimSpec at_point(SimSpec spec, const Grid& grid, const std::vector<std::string>& point) {
  for (std::size_t k = 0; k < grid.sweeps.size() && k < point.size(); ++k) spec = with_knob(std::move(spec), grid.sweeps[k].knob, point[k]);
  return spec;
}

}  // namespace inbetween::sim
