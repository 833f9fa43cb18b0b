#include "rules/knob_reader.h"

#include <sstream>

#include <fmt/format.h>

namespace inbetween::rules {

std::string join_names(const std::vector<std::string_view>& names) {
  std::string out;
  for (auto n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

namespace {
std::string describe(const toml::node& node) {
  std::ostringstream os;
  if (node.is_string()) return "\"" + std::string(*node.value<std::string_view>()) + "\"";
  if (node.is_table()) return "a table";
  if (node.is_array()) return "an array";
  node.visit([&](auto& n) { os << n; });
  return os.str();
}
}  // namespace

KnobReader::KnobReader(const toml::table& table, std::string file, std::map<std::string, std::string, std::less<>> origins)
    : table_(table), file_(std::move(file)), origins_(std::move(origins)) {}

const toml::node* KnobReader::find(std::string_view key) {
  known_.emplace(key);
  return table_.get(key);
}

void KnobReader::fail(std::string_view key, const toml::node& node, const std::string& why) const {
  // Values from --set name their origin ("--set decks=9") instead of a line of the file.
  auto origin = origins_.find(key);
  std::string where = origin != origins_.end() ? origin->second : fmt::format("{}:{}", file_, node.source().begin.line);
  throw RuleError(fmt::format("{}: key '{}': {}", where, key, why));
}

void KnobReader::text(std::string_view key, std::string& out) {
  const toml::node* n = find(key);
  if (!n) return;
  auto v = n->value<std::string>();
  if (!n->is_string() || !v) fail(key, *n, fmt::format("{} is not allowed; allowed: a quoted string", describe(*n)));
  out = *v;
}

void KnobReader::boolean(std::string_view key, bool& out) {
  const toml::node* n = find(key);
  if (!n) return;
  if (!n->is_boolean()) fail(key, *n, fmt::format("{} is not allowed; allowed: true, false", describe(*n)));
  out = *n->value<bool>();
}

void KnobReader::read_integer(std::string_view key, std::int64_t& out, std::int64_t lo, std::int64_t hi) {
  const toml::node* n = find(key);
  if (!n) return;
  auto allowed = fmt::format("allowed: an integer from {} to {}", lo, hi);
  if (!n->is_integer()) fail(key, *n, fmt::format("{} is not allowed; {}", describe(*n), allowed));
  auto v = *n->value<std::int64_t>();
  if (v < lo || v > hi) fail(key, *n, fmt::format("{} is out of range; {}", v, allowed));
  out = v;
}

int KnobReader::read_choice(std::string_view key, const std::vector<std::string_view>& names) {
  const toml::node* n = find(key);
  if (!n) return -1;
  if (n->is_string()) {
    auto v = *n->value<std::string_view>();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == v) return static_cast<int>(i);
  }
  fail(key, *n, fmt::format("{} is not allowed; allowed: {}", describe(*n), join_names(names)));
}

void KnobReader::integer_list(std::string_view key, std::vector<int>& out, std::int64_t lo, std::int64_t hi) {
  const toml::node* n = find(key);
  if (!n) return;
  auto allowed = fmt::format("allowed: a non-empty array of integers from {} to {}", lo, hi);
  const toml::array* arr = n->as_array();
  if (!arr || arr->empty()) fail(key, *n, fmt::format("{} is not allowed; {}", describe(*n), allowed));
  std::vector<int> values;
  for (const auto& item : *arr) {
    // The type first: toml++ converts a float to an integer by a cast that is undefined for
    // one out of an integer's range (found by the rule_file fuzz target: [2.5e95]).
    if (!item.is_integer()) fail(key, item, fmt::format("element {} is not allowed; {}", describe(item), allowed));
    auto v = *item.value<std::int64_t>();
    if (v < lo || v > hi) fail(key, item, fmt::format("element {} is not allowed; {}", describe(item), allowed));
    values.push_back(static_cast<int>(v));
  }
  out = std::move(values);
}

void KnobReader::deal_count(std::string_view key, DealCount& out) {
  const toml::node* n = find(key);
  if (!n) return;
  constexpr std::int64_t kMaxDeals = 1'000'000;
  if (n->is_integer()) {
    auto v = *n->value<std::int64_t>();
    if (v >= 1 && v <= kMaxDeals) {
      out = {DealCount::Kind::Fixed, static_cast<int>(v)};
      return;
    }
  } else if (n->is_string()) {
    auto v = *n->value<std::string_view>();
    if (v == "each-dealer-once") return void(out = {DealCount::Kind::EachDealerOnce, 0});
    if (v == "unlimited") return void(out = {DealCount::Kind::Unlimited, 0});
  }
  fail(key, *n,
       fmt::format("{} is not allowed; allowed: an integer from 1 to {}, \"each-dealer-once\", \"unlimited\"",
                   describe(*n), kMaxDeals));
}

void KnobReader::finish() {
  for (const auto& [k, node] : table_) {
    if (known_.contains(k.str())) continue;
    std::vector<std::string_view> names(known_.begin(), known_.end());
    fail(k.str(), node, fmt::format("unknown knob; known knobs: {}", join_names(names)));
  }
}

std::string KnobWriter::lines() const {
  std::string out;
  for (const auto& key : order_) {
    toml::table one;
    one.insert_or_assign(key, *table_.get(key));
    std::ostringstream os;
    os << one;
    out += os.str() + "\n";
  }
  return out;
}

void KnobWriter::integer_list(std::string_view key, const std::vector<int>& v, std::int64_t, std::int64_t) {
  toml::array arr;
  for (int x : v) arr.push_back(static_cast<std::int64_t>(x));
  put(key, std::move(arr));
}

void KnobWriter::deal_count(std::string_view key, const DealCount& v) {
  switch (v.kind) {
    case DealCount::Kind::Fixed: put(key, static_cast<std::int64_t>(v.fixed)); break;
    case DealCount::Kind::EachDealerOnce: put(key, std::string("each-dealer-once")); break;
    case DealCount::Kind::Unlimited: put(key, std::string("unlimited")); break;
  }
}

}  // namespace inbetween::rules
