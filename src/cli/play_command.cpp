// `inbetween play`: a pot game in the terminal, people and bots at one table.
#include <signal.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <istream>
#include <map>
#include <ostream>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/play_setup.h"
#include "cli/table_view.h"
#include "protocol/session.h"
#include "strategy/bots.h"

namespace inbetween::cli {
namespace {

using protocol::json;

// What the person typed, as an action; nullopt with `why` set when it means nothing here.
std::optional<games::pot::Action> parse_input(const std::string& raw, const games::pot::PotGame& game, int seat,
                                              const games::pot::Action& fallback, std::string& why) {
  namespace pot = games::pot;
  std::string text = lower_case(raw);
  auto words = split_list(text, ' ');
  (void)game;
  (void)seat;
  if (words.empty()) return fallback;
  const std::string& w = words[0];
  // Amounts longer than 12 digits are refused as words, so stoll cannot overflow.
  if ((w == "rebuy" || w == "b") && words.size() == 2 && all_digits(words[1]) && words[1].size() < 12)
    return pot::Rebuy{std::stoll(words[1])};
  if (all_digits(w) && w.size() < 12) return pot::Bet{std::stoll(w)};
  if (w == "p" || w == "pass" || w == "f" || w == "fold") return pot::Pass{};
  if (w == "h" || w == "high") return pot::Call{pot::AceValue::High};
  if (w == "l" || w == "low") return pot::Call{pot::AceValue::Low};
  if (w == "r" || w == "raise") return pot::Raise{};
  if (w == "s" || w == "stand") return pot::Stand{};
  if (w.size() > 1 && w[0] == '-' && all_digits(w.substr(1))) {
    why = fmt::format("'{}': amounts are whole numbers of chips, not negative.", raw);
    return std::nullopt;
  }
  why = fmt::format("'{}' is not a choice here; type one of the choices shown, or press Enter for the one in brackets.", raw);
  return std::nullopt;
}

std::string prompt_text(const Style& s, const games::pot::PotGame& game, int seat, const games::pot::Action& fallback) {
  namespace pot = games::pot;
  pot::Legal l = game.legal(seat);
  std::vector<std::string> choices;
  if (l.call) choices.push_back("(h)igh or (l)ow");
  if (l.bet) choices.push_back(l.bet_min == l.bet_max ? fmt::format("bet {}", l.bet_min)
                                                      : fmt::format("bet {}-{}", l.bet_min, l.bet_max));
  if (l.pass) choices.push_back("(p)ass");
  if (l.raise) choices.push_back("(r)aise");
  if (l.stand) choices.push_back("(s)tand");
  if (l.rebuy) choices.push_back(fmt::format("rebuy N (up to {})", l.rebuy_max));
  choices.push_back("? hint");
  choices.push_back("(q)uit");
  std::string def;
  if (auto* b = std::get_if<pot::Bet>(&fallback)) def = fmt::format("{}", b->amount);
  else if (auto* c = std::get_if<pot::Call>(&fallback)) def = fmt::format("{}", c->ace == pot::AceValue::High ? 'h' : 'l');
  else def = fmt::format("{}", pot::action_name(fallback)[0]);
  std::string_view what = game.phase() == pot::Phase::Wager ? "your wager: " : "";
  return fmt::format("{}, {}{} [{}]: ", bold(s, game.players()[static_cast<std::size_t>(seat)].name), what,
                     fmt::join(choices, ", "), def);
}

}  // namespace

int run_play(const PlayOptions& options, std::istream& in, std::ostream& out) {
  namespace pot = games::pot;
  Style style{want_color(options.color)};
  const auto kinds = strategy::pot_bot_kinds();
  SavedGame saved;
  auto session_ptr = start_session(options, kinds, saved);
  auto* session = dynamic_cast<protocol::PotSession*>(session_ptr.get());
  if (!session) throw protocol::ProtocolError("bad_rules", "these rules are not a pot game");
  const pot::PotGame& game = session->game();
  std::map<int, std::unique_ptr<strategy::PotBot>> bots;
  for (const auto& [name, kind] : saved_bots(saved, kinds))
    for (std::size_t i = 0; i < game.players().size(); ++i)
      if (game.players()[i].name == name) bots[static_cast<int>(i)] = strategy::make_pot_bot(kind);
  auto bot_rng = cards::make_rng(saved.request.value("seed", std::uint64_t{0}), cards::RngStream::Bots);

  fmt::print(out, "{}\n", bold(style, fmt::format("In-Between: {} — {}", game.rules().name, game.rules().description)));
  auto print_events = [&](const std::vector<pot::Event>& evs) {
    for (const auto& e : evs) {
      std::string line = narrate(style, game, e);
      if (!line.empty()) fmt::print(out, "{}\n", line);
    }
  };
  if (saved.moves.empty()) print_events(session->opening());
  else fmt::print(out, "Continuing {} after {} moves.\n", options.load, saved.moves.size());
  catch_interrupt();
  save_game(*session, options.save);

  auto leave = [&](const std::string& why) { return leave_table(*session, options.save, why, out); };
  std::vector<pot::Event> events;
  while (!game.over()) {
    if (interrupted()) return leave("Interrupted.");
    int seat = game.to_act();
    events.clear();
    auto bot = bots.find(seat);
    if (bot != bots.end()) {
      pot::Action a = bot->second->choose(game, seat, bot_rng);
      if (auto refusal = session->apply(seat, a, events)) throw std::logic_error("a bot chose an illegal action: " + refusal->message);
    } else {
      fmt::print(out, "\n{}", show_table(style, game));
      strategy::SensibleBot adviser;
      pot::Action fallback = adviser.choose(game, seat, bot_rng);
      while (true) {
        fmt::print(out, "{}", prompt_text(style, game, seat, fallback));
        out.flush();
        std::string line;
        if (!std::getline(in, line)) return leave(interrupted() ? "Interrupted." : "End of input.");
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto words = split_list(lower_case(line), ' ');
        if (words.size() == 1 && (words[0] == "q" || words[0] == "quit")) return leave("You left the table.");
        if (words.size() == 1 && (words[0] == "?" || words[0] == "hint")) {
          fmt::print(out, "{}", show_hint(style, game));
          continue;
        }
        std::string why;
        auto action = parse_input(line, game, seat, fallback, why);
        if (!action) {
          fmt::print(out, "{}\n", bad(style, why));
          continue;
        }
        if (auto refusal = session->apply(seat, *action, events)) {
          fmt::print(out, "{}\n", bad(style, refusal->message + "."));
          continue;
        }
        break;
      }
    }
    print_events(events);
    save_game(*session, options.save);
  }
  fmt::print(out, "\n{}", show_standings(style, game));
  fmt::print(out, "Game saved to {}; replay with `inbetween replay {}`.\n", options.save, options.save);
  return 0;
}

}  // namespace inbetween::cli
