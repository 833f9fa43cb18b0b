// `inbetween play`: any game in the terminal, people and bots at one table.
#include <istream>
#include <ostream>

#include "cli/commands.h"
#include "cli/play_loop.h"
#include "cli/play_setup.h"

namespace inbetween::cli {

int run_play(const PlayOptions& options, std::istream& in, std::ostream& out) {
  SavedGame saved;
  if (!options.load.empty()) saved = load_saved_game(options.load);
  else saved.request = play_request(options);
  bool started = false;
  try {
    return protocol::with_new_session(saved.request, [&]<games::Family F>(std::unique_ptr<protocol::TableSession<F>> session) {
      started = true;
      if (!options.load.empty()) replay_saved_moves(*session, saved, options.load);
      return play_table(*session, options, saved, in, out);
    });
  } catch (const protocol::ProtocolError& e) {
    if (options.load.empty() || started) throw;
    throw protocol::ProtocolError(e.code, fmt::format("{}: the first line does not start a game: {}", options.load, e.what()));
  }
}

}  // namespace inbetween::cli
