#pragma once
// What every shell of the table messages (docs/server.md) shares, the server's tables and the
// page's own table (protocol/local_table.h): the rules a client names (a preset by name only, or
// rule text parsed in memory, with knobs), what they tell of a table (family, description, seats,
// bots), the `presets` list, and the fields of a `table` message that describe the game being
// played: its seed once over, the state as a seat sees it, its status and who is to act. The
// legal choices, the events and the hint come from table_json.h and GameSession, as here.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "protocol/json.h"
#include "protocol/json_fill.h"
#include "protocol/session.h"
#include "rules/rule_files.h"

namespace inbetween::protocol {

// A client's rules: `rules_text` when it is not empty, else the preset named `preset` (a name of
// rules::preset_names(), never a path), with `sets` (an object of knob: value) applied. Throws
// ProtocolError: bad_message for `sets` that is not an object; bad_rules for an unknown preset, a
// bad knob, text that does not read, or a file path in the text.
rules::RuleFile client_rule_file(const std::string& preset, const std::string& rules_text, const json& sets);

// What a table's rules tell of it, and its family's bots.
struct TableRules {
  std::string family;
  std::string description;  // the rule file's whole description
  int min_players = 0;
  int max_players = 0;
  std::vector<std::string> bot_kinds;
  std::string stand_in;  // the bot kind that plays for a person who is away
};
// Throws ProtocolError bad_rules when the rules do not build.
TableRules table_rules(const rules::RuleFile& file);

// The `presets` message: each preset that loads (its family, title, seats, bots, `[lobby]` text)
// and every bot kind some family has; `title` makes a description the title a table shows.
json presets_message(const std::function<std::string(const std::string&)>& title);

// "waiting" (no game dealt), "playing" or "over".
const char* game_status(const GameSession* session);

// A `table` message's fields that describe the game (`session`, null before the deal) as `seat`
// sees it: `seed` (only once the game is over: before that it would tell every card to come),
// `state`, `status` and `to_act` (a name, as the state names it).
void fill_game_fields(const GameSession* session, games::Seat seat, std::uint64_t seed, ObjectFill& out);

}  // namespace inbetween::protocol
