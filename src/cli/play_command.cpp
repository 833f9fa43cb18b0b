// `inbetween play`: any game in the terminal, people and bots at one table.
#include <istream>
#include <ostream>

#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/play_loop.h"
#include "cli/play_setup.h"
#include "games/registry.h"

namespace inbetween::cli {
namespace {
// The seat count against the rules, in command-line words (the game would say "1 players given").
void check_seat_count(const PlayOptions& options, const protocol::json& request) {
  std::vector<rules::Override> overrides;
  for (const auto& text : options.rule_choice.sets) overrides.push_back(rules::parse_override(text));
  std::size_t seats = request["players"].size();
  games::with_rules(options.rule_choice.rules, overrides, [&]<games::Family F>(std::shared_ptr<const typename F::Rules> r) {
    if (seats < static_cast<std::size_t>(r->min_players) || seats > static_cast<std::size_t>(r->max_players))
      throw CommandLineError(fmt::format("--players \"{}\" gives {}; the {} rules seat {} to {} (min_players, max_players)",
                                         options.players, plural(static_cast<long long>(seats), "seat"), r->name, r->min_players,
                                         r->max_players));
  });
}
}  // namespace

int run_play(const PlayOptions& options, std::istream& in, std::ostream& out) {
  SavedGame saved;
  if (!options.load.empty()) {
    saved = load_saved_game(options.load);
  } else {
    saved.request = play_request(options);
    check_seat_count(options, saved.request);
  }
  PlayOptions chosen = options;
  std::string save_note;
  chosen.save = choose_save_path(options, save_note);
  bool started = false;
  try {
    return protocol::with_new_session(saved.request, [&]<games::Family F>(std::unique_ptr<protocol::TableSession<F>> session) {
      started = true;
      if (!options.load.empty()) protocol::replay_saved_moves(*session, saved, options.load);
      // Said first, before the game scrolls it away.
      for (const auto& note : saved.notes) fmt::print(out, "Note: {}.\n", note);
      if (!save_note.empty()) fmt::print(out, "{}\n", save_note);
      if (!options.ignored.empty())
        fmt::print(out, "Note: {} {} ignored with --load: the saved game fixes its rules, players, seed, dealer and deck.\n",
                   fmt::join(options.ignored, ", "), options.ignored.size() == 1 ? "is" : "are");
      return play_table(*session, chosen, saved, in, out);
    });
  } catch (const protocol::ProtocolError& e) {
    if (options.load.empty() || started) throw;
    throw protocol::ProtocolError(e.code, fmt::format("{}: the first line does not start a game: {}", options.load, e.what()));
  }
}

}  // namespace inbetween::cli
