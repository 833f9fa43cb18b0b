#pragma once
// Each seat's chance to win the game in every hint (issue 52; docs/protocol.md, "hint"): where the
// family's codec gave an exact chance (heads-up with a solved table), each seat's from it; where
// it did not, the estimate by playouts (games/win_estimate.h) for the table as it stands and
// after each choice, and the choice with the best chance. Family-neutral: it reads the hint's
// JSON and asks the runtime table.
#include <optional>
#include <span>

#include "games/any_table.h"
#include "games/win_estimate.h"
#include "protocol/json.h"

namespace inbetween::protocol {

// Adds the chances to `hint`, the codec's reply for the seat to act at `table`. `moves[i]` is the
// move that hint["choices"][i] stands for (nullopt where none does: that choice gets no chance).
// The playouts' cards come from the table's seed and moves, so the same table gives the same
// figures in every shell.
void add_win_chances(const games::AnyTable& table, json& hint, std::span<const std::optional<games::AnyMove>> moves,
                     const games::PlayoutBudget& budget = {});

// Each seat's chance to win as the game stands, as a spectator sees it (every seat sees the same
// cards in these games): from the exact table where the family has one at hand (heads-up, as the
// hint's; low = high = chance), else by `playouts` playouts of sensible bots from the table's seed
// and moves: [{"player", "chance", "low", "high"}...] in seat order; a finished game's winners
// share 1.
json seat_chances(const games::AnyTable& table, int playouts);
// The playouts of a `chances` message (the page's bars): an interval about +-0.07 wide at even
// chances, about 40 ms in ThreeBeTween, 1 ms in the pot games (docs/solver.md).
inline constexpr int kSeatChancePlayouts = 200;

}  // namespace inbetween::protocol
