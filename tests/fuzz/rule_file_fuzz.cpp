// Fuzz target: rule text parsed in memory and validated by its family, as the engine's `new`
// with `rules_text` and the server's `create` do (rules::read_rule_text: a size limit, a deck
// only by name). A bad text must be refused with a RuleError (naming the key and line); any
// other exception, a crash or a sanitizer's finding is a bug.
#include <cstdint>
#include <string>

#include "games/registry.h"
#include "rules/rule_files.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    inbetween::rules::RuleFile file = inbetween::rules::read_rule_text(text, "fuzz.toml", {});
    inbetween::games::check_family(file);
    inbetween::games::with_family(file.game, [&]<inbetween::games::Family F>() { (void)F::load(file); });
  } catch (const inbetween::rules::RuleError&) {
    // A refusal with its reason: what a bad text must get.
  }
  return 0;
}
