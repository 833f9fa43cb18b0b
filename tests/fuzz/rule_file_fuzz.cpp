// Fuzz target: a rule file's text, parsed from memory and validated by its family, as `new`
// and `--rules FILE` do after reading the file. A bad file must be refused with a RuleError
// (naming the file, line and key); any other exception, a crash or a sanitizer's finding is a
// bug.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "fuzz_guard.h"
#include "games/registry.h"
#include "rules/rule_files.h"

namespace {

using namespace inbetween;

constexpr const char* kLabel = "fuzz.toml";

// The rule file of `text`, as rules::read_rule_file() makes it once the file is read.
rules::RuleFile rule_file_from_text(std::string_view text) {
  rules::RuleFile file;
  file.path = kLabel;
  try {
    file.table = toml::parse(text, std::string_view(kLabel));
  } catch (const toml::parse_error& e) {
    throw rules::RuleError(e.what());
  }
  if (const toml::node* n = file.table.get("game")) {
    auto v = n->value<std::string>();
    if (!v) throw rules::RuleError("key 'game': must be a string");
    file.game = *v;
  }
  return file;
}

// A deck named by a path would be read from the disk (fuzz_guard.h).
bool names_a_path(const rules::RuleFile& file) {
  const toml::node* deck = file.table.get("deck");
  auto name = deck ? deck->value<std::string>() : std::nullopt;
  return name && (name->find('/') != std::string::npos || name->find('\\') != std::string::npos || name->ends_with(".toml"));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    rules::RuleFile file = rule_file_from_text(text);
    if (names_a_path(file)) return 0;
    games::check_family(file);
    games::with_family(file.game, [&]<games::Family F>() { (void)F::load(file); });
  } catch (const rules::RuleError&) {
    // A refusal with its reason: what a bad file must get.
  }
  return 0;
}
