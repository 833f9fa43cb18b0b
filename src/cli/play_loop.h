#pragma once
// The one terminal play loop and the one replay, for every family: a typed table, its
// Terminal<F> (cli/terminal.h) to show it, and bots of its kinds in the bot seats.
#include <unistd.h>

#include <chrono>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <thread>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/play_setup.h"
#include "cli/style.h"
#include "cli/terminal.h"
#include "cli/win_text.h"
#include "protocol/table_session.h"

namespace inbetween::cli {

// Plays `session` to its end (or until the person leaves) at the terminal.
template <games::Family F>
int play_table(protocol::TableSession<F>& session, const PlayOptions& options, const SavedGame& saved, std::istream& in,
               std::ostream& out) {
  using Action = typename F::Action;
  using Bots = typename F::Bots;
  auto& table = session.typed();
  const auto& game = table.game();
  std::map<games::Seat, std::string> bot_kinds;
  std::map<games::Seat, std::unique_ptr<typename Bots::Bot>> bots;
  for (const auto& [name, kind] : saved_bots(saved, Bots::kinds()))
    if (auto seat = table.seat_of(name)) {
      bots[*seat] = Bots::make(kind);
      bot_kinds[*seat] = kind;
    }
  // The suggestion in brackets is the best choice by the exact hint: the optimal bot's.
  auto best = Bots::make("optimal");
  const Style style{want_color(options.color)};
  Terminal<F> view(style, game, bot_kinds);
  view.set_overrides(request_overrides(saved.request));
  // A person at the table watches the bots at a readable pace; --fast, or output that is no
  // terminal (a file, a test), skips the pause.
  bool people = bots.size() < game.names().size();
  bool pace = people && !options.fast && isatty(STDOUT_FILENO);

  auto print = [&](const std::string& text) {
    if (!text.empty()) fmt::print(out, "{}\n", text);
  };
  auto print_events = [&](std::span<const typename F::Event> events) {
    for (const auto& e : events) print(view.narrate(e));
  };
  print(view.title());
  if (saved.moves.empty()) {
    print_events(table.opening());
  } else {
    fmt::print(out, "Continuing {} after {}.\n", options.load, plural(saved.moves.size(), "move"));
    // The view counts from the game's first event, not from the load: the deal (hand) numbers
    // and what each seat won or wagered so far go on where they were.
    for (const auto& e : session.typed_events()) (void)view.narrate(e);
    print(view.history());
  }
  catch_interrupt();
  GameSave save(options.save, session, !options.load.empty() && same_file(options.save, options.load));
  auto leave = [&](const std::string& why) { return leave_table(session, save, why, out); };

  std::vector<typename F::Event> events;
  while (!game.over()) {
    if (interrupted()) return leave("Interrupted.");
    games::Seat seat = game.to_act();
    events.clear();
    if (auto bot = bots.find(seat); bot != bots.end()) {
      if (pace) {
        out.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(600));
      }
      Action action = table.bot_action(*bot->second);
      if (auto refusal = session.apply_typed(seat, action, events)) throw std::logic_error("a bot chose an illegal action: " + refusal->message);
    } else {
      fmt::print(out, "\n{}", view.table());
      Action suggestion = table.bot_action(*best);
      while (true) {
        fmt::print(out, "{}", view.prompt(seat, suggestion));
        out.flush();
        std::string line;
        if (!std::getline(in, line)) return leave(interrupted() ? "Interrupted." : "End of input.");
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto words = split_list(lower_case(line), ' ');
        if (words.size() == 1 && (words[0] == "q" || words[0] == "quit")) return leave("You left the table.");
        if (words.size() == 1 && (words[0] == "?" || words[0] == "hint")) {
          fmt::print(out, "{}", view.hint(seat));
          // Where there is no exact table: the chances to win by playouts (cli/win_text.h).
          auto in_words = [&](const nlohmann::json& action) { return F::describe(game, seat, protocol::Codec<F>::action_from(game, seat, action)); };
          fmt::print(out, "{}", estimated_win_text(style, session.hint(nlohmann::json::object()), in_words));
          continue;
        }
        std::string why;
        auto action = view.parse(line, seat, suggestion, why);
        if (!action) {
          fmt::print(out, "{}\n", view.refusal(why));
          continue;
        }
        if (auto refusal = session.apply_typed(seat, *action, events)) {
          fmt::print(out, "{}\n", view.refusal(refusal->message + "."));
          continue;
        }
        break;
      }
    }
    print_events(events);
    print(view.after());
    save.update(session);
  }
  print(view.ending());
  fmt::print(out, "Game saved to {}; replay with `inbetween replay {}`.\n", options.save, options.save);
  return 0;
}

// Narrates a saved game from its `new` request and its lines: the opening, each act, the end.
template <games::Family F>
class ReplayNarrator {
 public:
  ReplayNarrator(protocol::TableSession<F>& session, Style style) : session_(session), view_(style, session.game(), {}) {}
  void opening(std::ostream& out) {
    for (const auto& e : session_.typed().opening()) print(view_.narrate(e), out);
  }
  void act(const protocol::json& request, std::ostream& out) {
    std::vector<typename F::Event> events;
    session_.act_events(request, events);
    for (const auto& e : events) print(view_.narrate(e), out);
  }
  void ending(std::ostream& out) { print(view_.ending(), out); }

 private:
  static void print(const std::string& text, std::ostream& out) {
    if (!text.empty()) fmt::print(out, "{}\n", text);
  }
  protocol::TableSession<F>& session_;
  Terminal<F> view_;
};

}  // namespace inbetween::cli
