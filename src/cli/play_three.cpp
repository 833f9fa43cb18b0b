// `inbetween play --rules threebetween`: ThreeBeTween in the terminal, with a running score sheet.
#include <signal.h>

#include <istream>
#include <map>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/play_setup.h"
#include "cli/three_view.h"
#include "protocol/three_session.h"
#include "strategy/three_bots.h"

namespace inbetween::cli {

namespace {

// Shortcut words that pick an action when it is on the menu.
bool matches_word(const std::string& word, const three::Action& action) {
  static const std::map<std::string, std::size_t> kWords = {{"k", 0}, {"keep", 0}, {"d", 3}, {"draw", 3}, {"e", 5},
                                                            {"end", 5}, {"b", 6},   {"bank", 6}, {"p", 7}, {"pass", 7}};
  auto it = kWords.find(word);
  return it != kWords.end() && it->second == action.index();
}

}  // namespace

int run_play_three(const PlayOptions& options, std::istream& in, std::ostream& out) {
  Style style{want_color(options.color)};
  const auto kinds = strategy::three_bot_kinds();
  SavedGame saved;
  auto session_ptr = start_session(options, kinds, saved);
  auto* session = dynamic_cast<protocol::ThreeSession*>(session_ptr.get());
  if (!session) throw protocol::ProtocolError("bad_rules", "these rules are not ThreeBeTween");
  const auto& game = session->game();
  std::map<int, std::unique_ptr<strategy::ThreeBot>> bots;
  for (const auto& [name, kind] : saved_bots(saved, kinds))
    for (std::size_t i = 0; i < game.players().size(); ++i)
      if (game.players()[i].name == name) bots[static_cast<int>(i)] = strategy::make_three_bot(kind);
  auto rng = cards::make_rng(saved.request.value("seed", std::uint64_t{0}), cards::RngStream::Bots);

  fmt::print(out, "{}\n", bold(style, fmt::format("ThreeBeTween — {}", game.rules().description)));
  auto print_events = [&](const std::vector<three::Event>& events) {
    for (const auto& e : events) {
      std::string line = narrate_three(style, game, e);
      if (!line.empty()) fmt::print(out, "{}\n", line);
      if (e.kind == three::EventKind::Tally && e.player + 1 == static_cast<int>(game.players().size()))
        fmt::print(out, "\n{}", show_score_sheet(style, game));
    }
  };
  if (saved.moves.empty()) print_events(session->opening());
  else fmt::print(out, "Continuing {} after {} moves.\n", options.load, saved.moves.size());

  catch_interrupt();
  save_game(*session, options.save);
  auto leave = [&](const std::string& why) { return leave_table(*session, options.save, why, out); };

  std::vector<three::Event> events;
  strategy::SensibleThreeBot adviser;
  while (!game.over()) {
    if (interrupted()) return leave("Interrupted.");
    int seat = game.to_act();
    events.clear();
    if (auto bot = bots.find(seat); bot != bots.end()) {
      auto action = bot->second->choose(game, seat, rng);
      if (auto refusal = session->apply(seat, action, events)) throw std::logic_error("a bot chose an illegal action: " + refusal->message);
    } else {
      fmt::print(out, "\n{}", show_three_table(style, game));
      auto menu = game.legal(seat);
      auto suggestion = adviser.choose(game, seat, rng);
      std::size_t fallback = 0;
      for (std::size_t i = 0; i < menu.size(); ++i) {
        if (menu[i].index() == suggestion.index() && label(game, seat, menu[i]) == label(game, seat, suggestion)) fallback = i;
        fmt::print(out, "  {}) {}\n", i + 1, label(game, seat, menu[i]));
      }
      while (true) {
        fmt::print(out, "{}, choose 1-{} (or a word: keep, draw, end, bank, pass; ? hint; q to quit) [{}]: ",
                   bold(style, game.players()[static_cast<std::size_t>(seat)].name), menu.size(), fallback + 1);
        out.flush();
        std::string line;
        if (!std::getline(in, line)) return leave(interrupted() ? "Interrupted." : "End of input.");
        std::string word = lower_case(split_list(line, ' ').empty() ? "" : split_list(line, ' ')[0]);
        if (word == "q" || word == "quit") return leave("You left the table.");
        if (word == "?" || word == "hint") {
          fmt::print(out, "{}", show_three_hint(style, game, seat));
          continue;
        }
        std::optional<std::size_t> pick;
        if (word.empty()) pick = fallback;
        else if (all_digits(word) && word.size() < 4) {
          std::size_t n = std::stoul(word);
          if (n >= 1 && n <= menu.size()) pick = n - 1;
        } else {
          for (std::size_t i = 0; i < menu.size() && !pick; ++i)
            if (matches_word(word, menu[i])) pick = i;
        }
        if (!pick) {
          fmt::print(out, "{}\n", bad(style, fmt::format("'{}' is not on the menu; type a number from 1 to {}.", line, menu.size())));
          continue;
        }
        if (auto refusal = session->apply(seat, menu[*pick], events)) {
          fmt::print(out, "{}\n", bad(style, refusal->message + "."));
          continue;
        }
        break;
      }
    }
    print_events(events);
    save_game(*session, options.save);
  }
  fmt::print(out, "Game saved to {}; replay with `inbetween replay {}`.\n", options.save, options.save);
  return 0;
}

}  // namespace inbetween::cli
