#pragma once
// What the fuzz targets keep away from the engine, and why. A saved game (read from the local
// command line) may name a rule or deck file by its path, and the engine's own command line may;
// the protocol's `new` refuses a path before touching the disk. A fuzzer running as root that
// stumbled on a path such as /proc/kmsg in a save would block reading it (a regular file to
// stat(), endless to read): a property of the machine, not a finding. So inputs that name a
// file by a path are skipped; names of presets and decks (no '/') are fuzzed, and so is
// everything else in the request.
#include <string>

#include <nlohmann/json.hpp>

namespace inbetween::fuzz {

// A name that is a path, or a TOML value that could spell one through an escape.
inline bool path_like(const nlohmann::json& value) {
  if (!value.is_string()) return false;
  const auto& text = value.get_ref<const std::string&>();
  return text.find('/') != std::string::npos || text.find('\\') != std::string::npos;
}

// Whether a request (or a saved game's first line) names a rule or deck file by a path.
inline bool names_a_path(const nlohmann::json& request) {
  if (!request.is_object()) return false;
  if (auto rules = request.find("rules"); rules != request.end() && path_like(*rules)) return true;
  if (auto set = request.find("set"); set != request.end() && set->is_object())
    if (auto deck = set->find("deck"); deck != set->end() && path_like(*deck)) return true;
  return false;
}

}  // namespace inbetween::fuzz
