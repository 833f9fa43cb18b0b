#include "cli/win_text.h"

#include <fmt/format.h>

namespace inbetween::cli {

std::string estimated_win_text(const Style& s, const nlohmann::json& hint,
                               const std::function<std::string(const nlohmann::json& action)>& words) {
  auto estimate = hint.find("win_estimate");
  if (estimate == hint.end()) return "";
  std::string unit = hint.value("unit", "chips") == "points" ? "points" : "chips";
  std::string out = dim(s, fmt::format("  chance to win the game, by {} playouts a choice of {} bots (95%: within +-{:.1f} points):",
                                       (*estimate)["playouts"].get<int>(), (*estimate)["bot"].get<std::string>(),
                                       50 * (*estimate)["widest_interval"].get<double>())) +
                    "\n";
  for (const auto& c : hint["choices"])
    if (c.contains("win_chance")) out += fmt::format("  {:<24} win {:5.1f}%\n", words(c["action"]), 100 * c["win_chance"].get<double>());
  double chance = 100 * hint["win_chance"].get<double>();
  if (hint["best_to_win_differs"].get<bool>())
    out += good(s, fmt::format("  to win the game: {} ({:.1f}% to win), not the best for {}", words(hint["best_to_win"]), chance, unit)) + "\n";
  else
    out += dim(s, fmt::format("  to win the game: the same ({:.1f}% to win)", chance)) + "\n";
  std::string seats;
  for (const auto& c : hint["win_chances"])
    seats += fmt::format("{}{} {:.1f}%", seats.empty() ? "" : ", ", c["player"].get<std::string>(), 100 * c["chance"].get<double>());
  out += dim(s, "  each seat's chance now: " + seats) + "\n";
  return out;
}

}  // namespace inbetween::cli
