#pragma once
// Finding and loading preset files (rules/*.toml) with `--set knob=value` overrides.
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "rules/knob_reader.h"
#include "rules/pot_rules.h"

namespace inbetween::rules {

// One `--set knob=value` override, as typed.
struct Override {
  std::string knob;
  std::string value;
};

// Parses "knob=value"; throws RuleError naming the text when there is no '='.
Override parse_override(const std::string& text);

// The folder holding rules/ and decks/: $INBETWEEN_DATA, else next to the executable's
// build folder, else the source tree the program was built from.
std::filesystem::path data_dir();

// One folder of data files: where it is, and the words its messages use.
struct DataFolder {
  const char* folder;   // "rules", "decks"
  const char* file;     // "rule", "deck": "no such rule file"
  const char* unknown;  // "rules", "deck": "unknown rules 'x'"
  const char* listing;  // "presets", "decks": "presets: a, b"
};
inline constexpr DataFolder kRuleFolder{"rules", "rule", "rules", "presets"};
inline constexpr DataFolder kDeckFolder{"decks", "deck", "deck", "decks"};

// The names (file stems) of the .toml files in data_dir()/FOLDER, sorted.
std::vector<std::string> data_file_names(const DataFolder& folder);
// A name in the folder ("hoyle") or a path ("my.toml", "rules/x.toml") to the file it means;
// throws RuleError listing the names when there is none.
std::filesystem::path resolve_data_file(const DataFolder& folder, const std::string& name_or_path);
// The largest rule or deck file read (the largest shipped is a few KB).
constexpr std::uintmax_t kMaxDataFileBytes = 1 << 20;
// Parses a TOML file; a syntax error names the file and line; a file over the limit is refused.
toml::table parse_toml_file(const std::filesystem::path& path);

// Preset names found in data_dir()/rules, sorted.
std::vector<std::string> preset_names();

// A preset name ("hoyle") or a path ("my.toml", "rules/x.toml") to the file it means.
std::filesystem::path resolve_rules_path(const std::string& name_or_path);

// How the lobby and the table's rules help present a preset: the file's `[lobby]` table, which
// is not a knob (it changes no rule) and so is read apart from them.
struct LobbyText {
  int order = 100;                 // the lobby lists presets by this, lowest first (and selected)
  std::string how_to_play;         // "How to play ..." in the page's rules help
  std::vector<std::string> rules;  // the rules in short, a point each
};

// A rule file read once: where it is, its knobs with the overrides applied, which `--set`
// text set each overridden knob, its `game` key (the family; "pot" when absent) and its
// `[lobby]` table (taken out of `table`, so that the knob readers never see it).
struct RuleFile {
  std::filesystem::path path;
  toml::table table;
  std::map<std::string, std::string, std::less<>> origins;
  std::string game = "pot";
  int game_line = 0;  // the line of the `game` key, 0 when absent
  LobbyText lobby;
};
// Resolves, parses and overrides; throws RuleError naming the file and line.
RuleFile read_rule_file(const std::string& name_or_path, const std::vector<Override>& overrides = {});
// The longest rule text another program may send (the engine's `rules_text`, the server).
constexpr std::size_t kMaxRuleTextBytes = 64 * 1024;
// Parses rule text held in memory (sent by another program), `label` standing for the file
// name in messages; the text may name its deck only by name (refuse_file_paths).
// Whether a rule or deck name is a path to a file (a '/', or a name ending in .toml) rather
// than the name of a file of the data folder.
bool names_a_path(const std::string& name_or_path);
RuleFile read_rule_text(const std::string& text, const std::string& label, const std::vector<Override>& overrides = {});
// Refuses rules whose `deck` knob is a path rather than a name in decks/: rules that come from
// another program (a client of the server) must not make this one read a file of its choosing.
void refuse_file_paths(const RuleFile& file);
// Validates a pot-game rule file (game = "pot").
PotRules pot_rules_from_file(const RuleFile& file);

// Loads, validates and overrides; throws RuleError with file, line, key and allowed values.
PotRules load_pot_rules(const std::string& name_or_path, const std::vector<Override>& overrides = {});

// Validates a table that is already parsed; `origins` maps knobs set by --set to that text.
PotRules pot_rules_from_table(const toml::table& table, const std::string& file,
                              const std::map<std::string, std::string, std::less<>>& origins = {});

// The resolved knobs as "knob = value" lines, in the order of the knob list.
std::string pot_rules_to_text(const PotRules& rules);

// Parses a file into a table and applies overrides; errors name the file and line.
// `origins` (if given) receives the --set text of each overridden knob.
toml::table read_rules_table(const std::filesystem::path& path, const std::vector<Override>& overrides,
                             std::map<std::string, std::string, std::less<>>* origins = nullptr);

}  // namespace inbetween::rules
