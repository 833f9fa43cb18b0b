#pragma once
// The registry: the rule file's `game` key -> its family. Every layer above reaches a family's
// typed game through here (with_family / with_rules) and its own per-family pieces (codec, bots,
// terminal view) by the family type; nothing else reads the `game` key. Adding a family is a
// folder under families/, one line in `Families` below and one in src/CMakeLists.txt's
// INBETWEEN_FAMILIES (docs/architecture.md, "Adding a family"), which writes
// generated/family_descriptors.h: every family's family.h.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "generated/family_descriptors.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"

namespace inbetween::games {

template <Family... F>
struct FamilyList {};

// Every family, by its `game` key.
using Families = FamilyList<pot::PotFamily, house::HouseFamily, three::ThreeFamily>;

namespace detail {
template <Family... F>
std::vector<std::string_view> keys_of(FamilyList<F...>) {
  return {F::key...};
}
template <class Visit, Family First, Family... Rest>
decltype(auto) visit_family(std::string_view key, Visit& visit, FamilyList<First, Rest...>, bool& found) {
  if constexpr (sizeof...(Rest) == 0) {
    found = key == First::key;
    return visit.template operator()<First>();
  } else {
    if (key == First::key) {
      found = true;
      return visit.template operator()<First>();
    }
    return visit_family(key, visit, FamilyList<Rest...>{}, found);
  }
}
}  // namespace detail

// The `game` keys of every family, in registry order.
inline std::vector<std::string_view> family_keys() { return detail::keys_of(Families{}); }

namespace detail {
template <Family... F>
std::size_t let_go_of_unused(FamilyList<F...>) {
  return (std::size_t{0} + ... + F::let_go_of_unused());
}
}  // namespace detail

namespace detail {
template <Family... F>
void limit_memory(FamilyList<F...>, std::size_t one_table, std::size_t all_tables) {
  (F::limit_memory(one_table, all_tables), ...);
}
}  // namespace detail

// Every family's memory limits (games/game.h, `limit_memory`), set once at start.
inline void limit_memory(std::size_t one_table, std::size_t all_tables) { detail::limit_memory(Families{}, one_table, all_tables); }

// Lets go of what any family keeps between moves and nobody used since the last call (the
// ThreeBeTween solver's tables): called at a steady pace (the server's sweep), memory returns to
// its idle level once play stops. The bytes let go.
inline std::size_t let_go_of_unused() { return detail::let_go_of_unused(Families{}); }

// Whether `key` names a family.
inline bool is_family(std::string_view key) {
  for (auto k : family_keys())
    if (k == key) return true;
  return false;
}

// Calls `visit.template operator()<F>()` for the family whose key is `key`; a key that names
// no family is refused (RuleError naming the allowed keys) before anything is called.
template <class Visit>
decltype(auto) with_family(std::string_view key, Visit&& visit) {
  if (!is_family(key))
    throw rules::RuleError(fmt::format("key 'game': \"{}\" is not allowed; allowed: {}", key, fmt::join(family_keys(), ", ")));
  bool found = false;
  return detail::visit_family(key, visit, Families{}, found);
}

// Reads a rule file once, finds its family and validates its knobs, then calls
// `visit.template operator()<F>(std::shared_ptr<const typename F::Rules>)`.
// Throws RuleError naming the file, line and allowed keys when the file's family is unknown.
inline void check_family(const rules::RuleFile& file) {
  if (!is_family(file.game))
    throw rules::RuleError(fmt::format("{}:{}: key 'game': \"{}\" is not allowed; allowed: {}", file.path.string(),
                                       file.game_line, file.game, fmt::join(family_keys(), ", ")));
}

// As with_rules, for a rule file already read (from a file or from text).
template <class Visit>
decltype(auto) with_rule_file(const rules::RuleFile& file, Visit&& visit) {
  check_family(file);
  return with_family(file.game, [&]<Family F>() -> decltype(auto) {
    return visit.template operator()<F>(std::make_shared<const typename F::Rules>(F::load(file)));
  });
}

template <class Visit>
decltype(auto) with_rules(const std::string& name_or_path, const std::vector<rules::Override>& overrides, Visit&& visit) {
  return with_rule_file(rules::read_rule_file(name_or_path, overrides), std::forward<Visit>(visit));
}

// The family key of a rule file (its other knobs are not validated here).
inline std::string family_of(const std::string& name_or_path) {
  rules::RuleFile file = rules::read_rule_file(name_or_path);
  check_family(file);
  return file.game;
}

}  // namespace inbetween::games
