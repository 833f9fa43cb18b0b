#pragma once
// A runtime table (games::AnyTable) in the protocol's JSON, move by move, for a shell that plays
// through the table itself (the server): a person's action decoded once into the table's move, so
// that people, bots and the clock play through one apply; a seat's legal actions asked by seat;
// and the events written as text straight from the table's typed log. Each reaches the table's
// family codec (Codec<F>) through the registry by the table's family key.
#include <cstddef>
#include <string>

#include "games/any_table.h"
#include "protocol/json.h"

namespace inbetween::protocol {

// The move a person's `action` (protocol JSON, docs/protocol.md "Actions") for `seat` stands for:
// the family's codec reads it, and it is matched to one of the seat's legal choices (a ranged
// choice with the action's amount, which the game checks when the move is played, so a bet over
// the limit is refused by the game's own rule). Throws ProtocolError: the codec's for an action it
// cannot read, and the game's own refusal (its code and message) for an action no choice stands
// for (not the seat's turn, a rebuy the rules forbid...). The table is not changed.
games::AnyMove person_move(const games::AnyTable& table, games::Seat seat, const json& action);

// What `seat` may do now, as the engine's `legal` reply has it ({"actions":[...],"player":name}).
json legal_for(const games::AnyTable& table, games::Seat seat);

// Every legal choice of `seat` now as the protocol action that plays it, in the order of
// table.legal(seat) (the same index): a ranged choice without its "amount" and with its range,
// "min" and "max", which an amount in that range completes (docs/python.md, "legal").
json choice_actions(const games::AnyTable& table, games::Seat seat);

// The table's events from the `from`th up to (not with) the `to`th, the opening's first, as JSON
// text (an array: what json_text() writes of the events' JSON, `strict` as there), each event
// written from the typed log in turn; those the table no longer holds are left out.
std::string events_text(const games::AnyTable& table, std::size_t from, std::size_t to, bool strict = false);

}  // namespace inbetween::protocol
