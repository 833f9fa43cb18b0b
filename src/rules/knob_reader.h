#pragma once
// Reading and writing rule knobs: one list of knobs per family, visited by a reader
// (validates a TOML table), a writer (prints the resolved knobs) and a lister (docs).
#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "rules/pot_rules.h"

namespace inbetween::rules {

// A rule file or override that cannot be used; the message names file, line, key and allowed values.
struct RuleError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Validates the keys of one table against the knobs visited, filling a rules struct.
class KnobReader {
 public:
  // `origins`: knobs that came from --set, with the text that set them, for messages.
  KnobReader(const toml::table& table, std::string file, std::map<std::string, std::string, std::less<>> origins = {});

  void text(std::string_view key, std::string& out);
  void boolean(std::string_view key, bool& out);
  template <class Int>
  void integer(std::string_view key, Int& out, std::int64_t lo, std::int64_t hi) {
    std::int64_t v = static_cast<std::int64_t>(out);
    read_integer(key, v, lo, hi);
    out = static_cast<Int>(v);
  }
  template <class E>
  void choice(std::string_view key, E& out, std::initializer_list<std::pair<std::string_view, E>> options) {
    std::vector<std::string_view> names;
    for (auto& [name, value] : options) names.push_back(name);
    int picked = read_choice(key, names);
    if (picked >= 0) out = std::data(options)[picked].second;
  }
  void integer_list(std::string_view key, std::vector<int>& out, std::int64_t lo, std::int64_t hi);
  void deal_count(std::string_view key, DealCount& out);

  // A key read by hand (lists of cards...): marked known, its node returned (nullptr if absent).
  const toml::node* raw(std::string_view key) { return find(key); }
  // Refuses a hand-read value with the same "file:line: key 'k': why" message.
  [[noreturn]] void refuse(std::string_view key, const toml::node& node, const std::string& why) const {
    fail(key, node, why);
  }

  const std::string& file() const { return file_; }

  // Refuses any key no knob read (a typo must not pass silently).
  void finish();

 private:
  void read_integer(std::string_view key, std::int64_t& out, std::int64_t lo, std::int64_t hi);
  int read_choice(std::string_view key, const std::vector<std::string_view>& names);
  const toml::node* find(std::string_view key);
  [[noreturn]] void fail(std::string_view key, const toml::node& node, const std::string& why) const;

  const toml::table& table_;
  std::string file_;
  std::set<std::string, std::less<>> known_;
  std::map<std::string, std::string, std::less<>> origins_;
};

// Writes the knobs' current values into a TOML table (for `rules show`).
class KnobWriter {
 public:
  void text(std::string_view key, const std::string& v) { put(key, v); }
  void boolean(std::string_view key, bool v) { put(key, v); }
  template <class Int>
  void integer(std::string_view key, Int v, std::int64_t, std::int64_t) {
    put(key, static_cast<std::int64_t>(v));
  }
  template <class E>
  void choice(std::string_view key, E v, std::initializer_list<std::pair<std::string_view, E>> options) {
    for (auto& [name, value] : options)
      if (value == v) put(key, std::string(name));
  }
  void integer_list(std::string_view key, const std::vector<int>& v, std::int64_t, std::int64_t);
  void deal_count(std::string_view key, const DealCount& v);

  const toml::table& table() const { return table_; }
  // "knob = value" lines in the order the knobs were visited.
  std::string lines() const;

 private:
  template <class V>
  void put(std::string_view key, V&& v) {
    table_.insert_or_assign(key, std::forward<V>(v));
    order_.emplace_back(key);
  }
  toml::table table_;
  std::vector<std::string> order_;
};

// Names of the allowed values as text: "high, call".
std::string join_names(const std::vector<std::string_view>& names);

}  // namespace inbetween::rules
