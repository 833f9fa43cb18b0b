#pragma once
// Where a family keeps the tables it solved between processes (ThreeBeTween's round solver, the
// pot games' chance to win), and the name of one table's file: one place for every family.
#include <string>
#include <string_view>

namespace inbetween::games {

// The folder of solved tables: INBETWEEN_CACHE_DIR ("off": none), else $XDG_CACHE_HOME/inbetween,
// else ~/.cache/inbetween; empty when there is none.
std::string table_cache_dir();

// The key of a table's file: 16 hex digits of xxHash's XXH3 (64 bits) over everything the table
// depends on (a version, the knobs, the deck), in bytes.
std::string table_key(std::string_view depends_on);

}  // namespace inbetween::games
