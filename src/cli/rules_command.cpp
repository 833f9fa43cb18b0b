#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "rules/rule_files.h"
#include "rules/three_rules.h"

namespace inbetween::cli {

int run_rules_list(std::ostream& out) {
  for (const auto& name : rules::preset_names()) {
    std::string description;
    try {
      description = rules::rules_family(name) == "pot" ? rules::load_pot_rules(name).description
                                                      : rules::load_three_rules(name).description;
    } catch (const rules::RuleError& e) {
      description = fmt::format("(cannot be loaded: {})", e.what());
    }
    fmt::print(out, "{:<20} {}\n", name, description);
  }
  return 0;
}

int run_rules_show(const RuleChoice& choice, std::ostream& out) {
  std::vector<rules::Override> overrides;
  for (const auto& s : choice.sets) overrides.push_back(rules::parse_override(s));
  auto path = rules::resolve_rules_path(choice.rules);
  const char* note = overrides.empty() ? "" : " with --set overrides";
  if (rules::rules_family(choice.rules) == "threebetween") {
    auto loaded = rules::load_three_rules(choice.rules, overrides);
    fmt::print(out, "# {} ({}){}\n", loaded.name, path.string(), note);
    out << rules::three_rules_to_text(loaded);
    return 0;
  }
  auto loaded = rules::load_pot_rules(choice.rules, overrides);
  fmt::print(out, "# {} ({}){}\n", loaded.name, path.string(), note);
  out << rules::pot_rules_to_text(loaded);
  return 0;
}

}  // namespace inbetween::cli
