#pragma once
// The chances to win of a hint that estimated them by playouts (protocol/win_hint.h), for the
// terminal's `?` in every family: each choice's chance, the play to win and whether it differs
// from the best for chips or points, and each seat's chance now. Exact heads-up chances are the
// family's own terminal's to show (beside its choices); a hint without an estimate gives "".
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/style.h"

namespace inbetween::cli {

// `words`: a choice's protocol action in the table's own words ("wager 1" at Red Dog, as the
// family's hint lines above it say).
std::string estimated_win_text(const Style& style, const nlohmann::json& hint,
                               const std::function<std::string(const nlohmann::json& action)>& words);

}  // namespace inbetween::cli
