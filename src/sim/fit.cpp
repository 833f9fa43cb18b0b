#include "sim/fit.h"

#include <charconv>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace inbetween::sim {

Goal parse_goal(const std::string& text) {
  auto eq = text.find('=');
  auto bad = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("--until {}: {}; give STATISTIC=GOAL, e.g. minutes=15 or house_edge=3% (statistics of the "
                                             "whole game: {}; a share such as house_edge takes its goal in percent)",
                                             text, why, statistic_names(false)));
  };
  if (eq == std::string::npos) throw bad("no '='");
  Goal goal;
  goal.text = text;
  goal.statistic = find_statistic(text.substr(0, eq));
  if (!goal.statistic) throw bad(fmt::format("no statistic '{}'", text.substr(0, eq)));
  if (goal.statistic->per_seat)
    throw bad(fmt::format("'{}' is a statistic of each seat ({}), not of the whole game", goal.statistic->name, statistic_names(true)));
  std::string number = text.substr(eq + 1);
  bool percent_sign = number.ends_with('%');
  if (percent_sign) number.pop_back();
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), goal.value);
  if (ec != std::errc() || end != number.data() + number.size() || number.empty())
    throw bad(fmt::format("'{}' is not a number", text.substr(eq + 1)));
  if (percent_sign && !goal.statistic->percent)
    throw bad(fmt::format("'{}' is not a share; give its goal without %", goal.statistic->name));
  if (goal.statistic->percent) goal.value /= 100;
  return goal;
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
      if (!goal.statistic->applies(it->second))
        throw std::invalid_argument(fmt::format("--until {}: the {} rules have no {}", goal.text, it->second.rules_name,
                                                goal.statistic->label(it->second)));
    }
    return goal.statistic->read(it->second, 0).mean;
  };
  Fit result;
  std::size_t lo = 0, hi = sweep.values.size() - 1;
  double first = at(lo);
  if (first == goal.value) result.answer = lo;
  else if (!partial && hi > lo) {
    double last = at(hi);
    if (first < goal.value && last >= goal.value) result.direction = Direction::Rises;
    else if (first > goal.value && last <= goal.value) result.direction = Direction::Falls;
    if (result.direction) {
      auto reached = [&](double x) { return *result.direction == Direction::Rises ? x >= goal.value : x <= goal.value; };
      // Invariant: the goal is not reached at lo and is reached at hi.
      while (hi - lo > 1 && !partial) {
        std::size_t mid = lo + (hi - lo) / 2;
        (reached(at(mid)) ? hi : lo) = mid;
      }
      if (!partial) result.answer = hi;
    }
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

std::string describe(const Fit& fit, const Sweep& sweep, const Goal& goal) {
  const auto& s = *goal.statistic;
  const auto label = s.label(fit.runs.front());
  auto figure = [&](std::size_t i) { return shown(s, s.read(fit.runs[i], 0)); };
  if (!fit.answer) {
    std::size_t last = fit.runs.size() - 1;
    bool above = s.read(fit.runs.front(), 0).mean > goal.value;
    return fmt::format("{} stays {} {} from {} = {} ({}) to {} = {} ({}): no value in the range reaches it", label,
                       above ? "above" : "below", shown(s, goal.value), sweep.knob, fit.values.front(), figure(0), sweep.knob,
                       fit.values[last], figure(last));
  }
  auto i = *fit.answer;
  std::string verb = !fit.direction ? "is" : *fit.direction == Direction::Rises ? "reaches" : "falls to";
  std::string text = fmt::format("{} = {}: the first value where {} {} {} ({})", sweep.knob, fit.values[i], label, verb,
                                 shown(s, goal.value), figure(i));
  if (i > 0) text += fmt::format("; at {} = {}: {}", sweep.knob, fit.values[i - 1], figure(i - 1));
  return text;
}

}  // namespace inbetween::sim
