#pragma once
// The subcommands of the `inbetween` executable.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace inbetween::cli {

// Options every command shares: which rules, and knob overrides.
struct RuleChoice {
  std::string rules = "hoyle";
  std::vector<std::string> sets;  // "knob=value"
};

// `inbetween play`.
struct PlayOptions {
  RuleChoice rule_choice;
  std::string players = "You,bot,bot";
  std::optional<std::uint64_t> seed;
  std::string dealer;
  std::string deck;  // "5S,9H,7D": stacked top cards
  std::string save = "inbetween-game.jsonl";
  std::string load;
  std::string color = "auto";
};

int run_play(const PlayOptions& options, std::istream& in, std::ostream& out);
int run_play_three(const PlayOptions& options, std::istream& in, std::ostream& out);
int run_rules_list(std::ostream& out);
int run_rules_show(const RuleChoice& choice, std::ostream& out);
int run_decks_list(std::ostream& out);
int run_decks_show(const std::string& name, std::ostream& out);
int run_replay(const std::string& file, const std::string& color, std::ostream& out);

// Whether to colour: "always", "never", or "auto" (a terminal, and NO_COLOR unset).
bool want_color(const std::string& setting);

}  // namespace inbetween::cli
