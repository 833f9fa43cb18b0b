#include "rules/rule_files.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>
#ifdef __EMSCRIPTEN__
#include <fstream>
#include <iterator>
#endif

#include <fmt/format.h>

#include "rules/deck_files.h"
#include "rules/pot_knobs.h"

namespace inbetween::rules {
namespace fs = std::filesystem;

Override parse_override(const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw RuleError(fmt::format("--set {}: expected knob=value, e.g. --set pair_pays=3", text));
  return {text.substr(0, eq), text.substr(eq + 1)};
}

fs::path data_dir() {
  if (const char* env = std::getenv("INBETWEEN_DATA"); env && *env) return env;
#ifndef __EMSCRIPTEN__
  // (The WebAssembly engine has no /proc/self/exe: its files are at INBETWEEN_DATA_DIR.)
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    // build/inbetween -> the checkout holding rules/
    for (fs::path dir = exe.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path())
      if (fs::is_directory(dir / "rules") && fs::is_directory(dir / "decks")) return dir;
  }
#endif
  return INBETWEEN_DATA_DIR;
}

std::vector<std::string> data_file_names(const DataFolder& folder) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(data_dir() / folder.folder, ec))
    if (entry.path().extension() == ".toml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

bool names_a_path(const std::string& name_or_path) {
  return name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".toml");
}

#ifdef __EMSCRIPTEN__
namespace {
// The WebAssembly engine's rule and deck files are embedded in it, read-only (src/wasm/wasm.cmake),
// and every `new` reads a rule file and a deck through Emscripten's JavaScript file system, whose
// open and stat took about a sixth of the module's time over hoyle games (a profile under Node):
// each embedded file is read once and its text kept (a few KB each), and parsed at every read as
// natively, so that errors name the same lines (a copied toml table keeps no lines).
std::map<std::string, std::string, std::less<>>& embedded_texts() {
  static std::map<std::string, std::string, std::less<>> texts;
  return texts;
}
bool is_embedded(const std::string& path) { return path.starts_with(INBETWEEN_DATA_DIR "/"); }
}  // namespace
#endif

fs::path resolve_data_file(const DataFolder& folder, const std::string& name_or_path) {
  bool looks_like_path = names_a_path(name_or_path);
  fs::path path = looks_like_path ? fs::path(name_or_path) : data_dir() / folder.folder / (name_or_path + ".toml");
#ifdef __EMSCRIPTEN__
  if (embedded_texts().contains(path.native())) return path;
#endif
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (fs::is_regular_file(status)) return path;
  // A directory, a FIFO or a device is never opened: reading one could block for ever.
  if (looks_like_path && fs::exists(status))
    throw RuleError(fmt::format("{}: not a regular file (a directory, a FIFO or a device); give a {} file", name_or_path, folder.file));
  if (looks_like_path) throw RuleError(fmt::format("{}: no such {} file", name_or_path, folder.file));
  auto names = data_file_names(folder);
  throw RuleError(fmt::format("unknown {} '{}'; {}: {} (or give a path to a .toml file)", folder.unknown, name_or_path,
                              folder.listing, join_names({names.begin(), names.end()})));
}

toml::table parse_toml_file(const fs::path& path) {
#ifdef __EMSCRIPTEN__
  if (is_embedded(path.native())) {
    auto& texts = embedded_texts();
    auto it = texts.find(path.native());
    if (it == texts.end()) {
      std::ifstream in(path, std::ios::binary);
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (in.is_open() && !in.bad() && text.size() <= kMaxDataFileBytes) it = texts.emplace(path.native(), std::move(text)).first;
    }
    if (it != texts.end()) {
      try {
        return toml::parse(it->second, path.native());
      } catch (const toml::parse_error& e) {
        throw RuleError(fmt::format("{}:{}: {}", path.string(), e.source().begin.line, e.description()));
      }
    }
  }
#endif
  std::error_code ec;
  auto bytes = fs::file_size(path, ec);
  if (!ec && bytes > kMaxDataFileBytes)
    throw RuleError(fmt::format("{}: {} bytes; a rule or deck file may be at most {} bytes", path.string(), bytes, kMaxDataFileBytes));
  try {
    return toml::parse_file(path.string());
  } catch (const toml::parse_error& e) {
    throw RuleError(fmt::format("{}:{}: {}", path.string(), e.source().begin.line, e.description()));
  }
}

std::vector<std::string> preset_names() { return data_file_names(kRuleFolder); }

fs::path resolve_rules_path(const std::string& name_or_path) { return resolve_data_file(kRuleFolder, name_or_path); }

namespace {
// Applies `--set` overrides to a parsed rule table; `origins` (if given) learns who set what.
void apply_overrides(toml::table& table, const std::vector<Override>& overrides,
                     std::map<std::string, std::string, std::less<>>* origins) {
  for (const auto& o : overrides) {
    std::string origin = fmt::format("--set {}={}", o.knob, o.value);
    toml::table parsed;
    try {
      parsed = toml::parse(fmt::format("{} = {}", o.knob, o.value), origin);
    } catch (const toml::parse_error&) {
      // A bare word (--set ace=high) is taken as a string.
      try {
        parsed = toml::parse(fmt::format("{} = \"{}\"", o.knob, o.value), origin);
      } catch (const toml::parse_error& e) {
        throw RuleError(fmt::format("{}: {}", origin, e.description()));
      }
    }
    if (parsed.size() != 1 || !parsed.contains(o.knob))
      throw RuleError(fmt::format("{}: expected one plain knob name before '='", origin));
    table.insert_or_assign(o.knob, *parsed.get(o.knob));
    if (origins) (*origins)[o.knob] = origin;
  }
}

// Reads the `game` key (the family) of a parsed rule file.
void read_game_key(RuleFile& file) {
  if (const toml::node* n = file.table.get("game")) {
    file.game_line = static_cast<int>(n->source().begin.line);
    auto v = n->value<std::string>();
    // Which names are families is the registry's to say; here only the type is checked.
    if (!v) throw RuleError(fmt::format("{}:{}: key 'game': must be a string naming the game family", file.path.string(), file.game_line));
    file.game = *v;
  }
}
// The longest how-to-play name and rule point, and the most points, a `[lobby]` table may hold:
// the page shows them whole.
constexpr std::size_t kMaxLobbyName = 80;
constexpr std::size_t kMaxLobbyPoint = 400;
constexpr std::size_t kMaxLobbyPoints = 16;

// Reads and removes the `[lobby]` table of a parsed rule file; a bad key names the file, line and
// what is allowed.
void read_lobby_key(RuleFile& file) {
  const toml::node* node = file.table.get("lobby");
  if (!node) return;
  const std::string where = file.path.string();
  auto fail = [&](const toml::node& at, std::string_view key, std::string_view allowed) {
    throw RuleError(fmt::format("{}:{}: key 'lobby.{}': {}", where, at.source().begin.line, key, allowed));
  };
  const toml::table* lobby = node->as_table();
  if (!lobby) throw RuleError(fmt::format("{}:{}: key 'lobby': must be a table ([lobby]) with order, how_to_play, rules", where, node->source().begin.line));
  for (const auto& [key, value] : *lobby) {
    if (key == "order") {
      auto v = value.value<std::int64_t>();
      if (!value.is_integer() || !v || *v < 0 || *v > 1000) fail(value, key, "must be a whole number from 0 to 1000");
      file.lobby.order = static_cast<int>(*v);
    } else if (key == "how_to_play") {
      auto v = value.value<std::string>();
      if (!value.is_string() || v->empty() || v->size() > kMaxLobbyName) fail(value, key, fmt::format("must be text of 1 to {} bytes", kMaxLobbyName));
      file.lobby.how_to_play = *v;
    } else if (key == "rules") {
      const toml::array* points = value.as_array();
      if (!points || points->size() > kMaxLobbyPoints) fail(value, key, fmt::format("must be a list of at most {} texts", kMaxLobbyPoints));
      file.lobby.rules.clear();
      for (const auto& point : *points) {
        auto v = point.value<std::string>();
        if (!point.is_string() || v->empty() || v->size() > kMaxLobbyPoint) fail(point, key, fmt::format("each point must be text of 1 to {} bytes", kMaxLobbyPoint));
        file.lobby.rules.push_back(*v);
      }
    } else {
      fail(value, key.str(), "unknown key; allowed: order, how_to_play, rules");
    }
  }
  file.table.erase("lobby");
}
}  // namespace

toml::table read_rules_table(const fs::path& path, const std::vector<Override>& overrides,
                             std::map<std::string, std::string, std::less<>>* origins) {
  toml::table table = parse_toml_file(path);
  apply_overrides(table, overrides, origins);
  return table;
}

RuleFile read_rule_file(const std::string& name_or_path, const std::vector<Override>& overrides) {
  RuleFile file;
  file.path = resolve_rules_path(name_or_path);
  file.table = read_rules_table(file.path, overrides, &file.origins);
  read_game_key(file);
  read_lobby_key(file);
  return file;
}

RuleFile read_rule_text(const std::string& text, const std::string& label, const std::vector<Override>& overrides) {
  if (text.size() > kMaxRuleTextBytes)
    throw RuleError(fmt::format("{}: {} bytes; rules sent as text may be at most {} bytes", label, text.size(), kMaxRuleTextBytes));
  RuleFile file;
  file.path = label;
  try {
    file.table = toml::parse(text, label);
  } catch (const toml::parse_error& e) {
    throw RuleError(fmt::format("{}:{}: {}", label, e.source().begin.line, e.description()));
  }
  apply_overrides(file.table, overrides, &file.origins);
  read_game_key(file);
  read_lobby_key(file);
  refuse_file_paths(file);
  return file;
}

void refuse_file_paths(const RuleFile& file) {
  const toml::node* deck = file.table.get("deck");
  auto name = deck ? deck->value<std::string>() : std::nullopt;
  if (name && names_a_path(*name)) {
    auto origin = file.origins.find("deck");
    auto names = data_file_names(kDeckFolder);
    throw RuleError(fmt::format("{}: key 'deck': \"{}\" is a path; rules from another program name a deck only by name: {}",
                                origin != file.origins.end() ? origin->second : file.path.string(), *name,
                                join_names({names.begin(), names.end()})));
  }
}

PotRules pot_rules_from_file(const RuleFile& file) { return pot_rules_from_table(file.table, file.path.string(), file.origins); }

PotRules pot_rules_from_table(const toml::table& table, const std::string& file,
                              const std::map<std::string, std::string, std::less<>>& origins) {
  PotRules rules;
  KnobReader reader(table, file, origins);
  std::string game = "pot";
  reader.choice("game", game, {{"pot", std::string("pot")}});
  visit_pot_knobs(reader, rules);
  reader.finish();
  rules.source = file;
  try {
    rules.deck_cards = load_standard_deck(rules.deck);
  } catch (const RuleError& e) {
    auto origin = origins.find("deck");
    throw RuleError(fmt::format("{}: key 'deck': {}", origin != origins.end() ? origin->second : file, e.what()));
  }
  // Checks that involve two knobs, named with both.
  check_card_table_shoe(rules.deck_cards, rules.decks, rules.max_players, file, rules.deck);
  rules.reshuffle_below = cut_card(rules.deck_cards.size() * static_cast<std::size_t>(rules.decks), rules.penetration,
                                   rules.reshuffle_below, knob_from(table, origins, "reshuffle_below"), knob_from(table, origins, "penetration"), file);
  if (rules.min_players > rules.max_players)
    throw RuleError(fmt::format("{}: min_players {} exceeds max_players {}", file, rules.min_players, rules.max_players));
  if (rules.max_bet != 0 && rules.max_bet < rules.min_bet)
    throw RuleError(fmt::format("{}: max_bet {} is below min_bet {}", file, rules.max_bet, rules.min_bet));
  if (rules.banker_stake > 0 && rules.banker_stake >= rules.start_chips)
    throw RuleError(fmt::format("{}: banker_stake {} must be below start_chips {}", file, rules.banker_stake,
                                rules.start_chips));
  // An ante of the whole stack leaves nothing to bet with: the game would be over at the first ante.
  if (rules.ante >= rules.start_chips)
    throw RuleError(fmt::format("{}: ante {} must be below start_chips {}", file, rules.ante, rules.start_chips));
  if (rules.rebuys && rules.rebuy_max < 1)
    throw RuleError(fmt::format("{}: rebuys = true needs rebuy_max of at least 1", file));
  if (rules.when_pot_empty == EmptyPot::Reante && rules.ante < 1 && rules.banker_stake < 1)
    throw RuleError(fmt::format("{}: when_pot_empty = \"reante\" needs an ante or a banker_stake of at least 1", file));
  if (rules.min_players < 2) throw RuleError(fmt::format("{}: a pot game needs min_players of at least 2", file));
  return rules;
}

PotRules load_pot_rules(const std::string& name_or_path, const std::vector<Override>& overrides) {
  return pot_rules_from_file(read_rule_file(name_or_path, overrides));
}

std::string pot_rules_to_text(const PotRules& rules) {
  KnobWriter writer;
  writer.text("game", "pot");
  visit_pot_knobs(writer, rules);
  return writer.lines();
}

}  // namespace inbetween::rules
