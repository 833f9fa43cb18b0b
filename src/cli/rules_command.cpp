#include <filesystem>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "games/registry.h"
#include "rules/rule_files.h"

namespace inbetween::cli {

int run_rules_list(std::ostream& out) {
  for (const auto& name : rules::preset_names()) {
    std::string description;
    try {
      description = games::with_rules(name, {}, []<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
        return rules->description;
      });
    } catch (const rules::RuleError& e) {
      description = fmt::format("(cannot be loaded: {})", e.what());
    }
    fmt::print(out, "{:<20} {}\n", name, description);
  }
  return 0;
}

namespace {
// A file under the current folder as a path from it ("rules/hoyle.toml"), others as they are.
std::string shown_path(const std::filesystem::path& file) {
  std::error_code ec;
  auto relative = std::filesystem::relative(file, std::filesystem::current_path(ec), ec);
  if (ec || relative.empty() || *relative.begin() == "..") return file.string();
  return relative.string();
}
}  // namespace

int run_rules_show(const RuleChoice& choice, std::ostream& out) {
  std::vector<rules::Override> overrides;
  for (const auto& s : choice.sets) overrides.push_back(rules::parse_override(s));
  auto path = rules::resolve_rules_path(choice.rules);
  const char* note = overrides.empty() ? "" : " with --set overrides";
  return games::with_rules(choice.rules, overrides, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> rules) {
    fmt::print(out, "# {} ({}){}\n", rules->name, shown_path(path), note);
    out << F::to_text(*rules);
    return 0;
  });
}

}  // namespace inbetween::cli
