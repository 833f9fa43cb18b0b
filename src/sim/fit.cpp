#include "sim/fit.h"

#include <charconv>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace inbetween::sim {

Goal parse_goal(const std::string& text) {
  auto eq = text.find('=');
  auto bad = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("--until {}: {}; give STATISTIC=GOAL, e.g. minutes=15 (statistics of the whole game: {})",
                                             text, why, statistic_names()));
  };
  if (eq == std::string::npos) throw bad("no '='");
  Goal goal;
  goal.statistic = find_statistic(text.substr(0, eq));
  if (!goal.statistic) throw bad(fmt::format("no statistic '{}'", text.substr(0, eq)));
  if (goal.statistic->per_seat) throw bad(fmt::format("'{}' is a statistic per seat, not of the whole game", goal.statistic->name));
  const std::string number = text.substr(eq + 1);
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), goal.value);
  if (ec != std::errc() || end != number.data() + number.size() || number.empty()) throw bad(fmt::format("'{}' is not a number", number));
  return goal;
}

SimSpec with_knob(SimSpec spec, const std::string& knob, const std::string& value) {
  spec.overrides.push_back({knob, value});
  return spec;
}

Fit fit(const SimSpec& spec, const Sweep& sweep, const Goal& goal, const std::atomic<bool>* stop, std::atomic<std::uint64_t>* done) {
  std::map<std::size_t, SimStats> tried;
  bool partial = false;
  // The statistic's mean at value i, run once per value.
  auto at = [&](std::size_t i) -> double {
    auto it = tried.find(i);
    if (it == tried.end()) {
      it = tried.emplace(i, simulate(with_knob(spec, sweep.knob, sweep.values[i]), stop, done)).first;
      partial = partial || it->second.partial;
    }
    return goal.statistic->read(it->second, 0).mean;
  };
  Fit result;
  std::size_t lo = 0, hi = sweep.values.size() - 1;
  if (at(lo) >= goal.value) result.answer = lo;
  else if (!partial && at(hi) >= goal.value) {
    // Invariant: the goal is not reached at lo and is reached at hi.
    while (hi - lo > 1 && !partial) {
      std::size_t mid = lo + (hi - lo) / 2;
      (at(mid) >= goal.value ? hi : lo) = mid;
    }
    if (!partial) result.answer = hi;
  }
  auto answer = result.answer;  // an index into the sweep; below, into what was tried
  result.answer.reset();
  for (auto& [i, stats] : tried) {
    if (answer == i) result.answer = result.values.size();
    result.values.push_back(sweep.values[i]);
    result.runs.push_back(std::move(stats));
  }
  result.partial = partial;
  return result;
}

}  // namespace inbetween::sim
