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
#include "cli/table_view.h"
#include "protocol/session.h"
#include "strategy/bots.h"

namespace inbetween::cli {
namespace {

using protocol::json;

volatile sig_atomic_t interrupted = 0;
void on_interrupt(int) { interrupted = 1; }

// Ctrl-C ends the current read (no SA_RESTART), so the game is saved and the program ends.
void catch_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, sep)) {
    auto b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
    if (b != std::string::npos) parts.push_back(part.substr(b, e - b + 1));
  }
  return parts;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The `new` request for --players etc.; bots are named bot1, bot2... and listed under "bots".
json new_request(const PlayOptions& o) {
  json request = {{"cmd", "new"}, {"rules", o.rule_choice.rules}};
  json players = json::array(), bots = json::object();
  int bot_number = 0;
  for (const auto& entry : split(o.players, ',')) {
    std::string l = lower(entry);
    if (l == "bot" || l.starts_with("bot:")) {
      std::string kind = l == "bot" ? "sensible" : l.substr(4);
      if (!strategy::make_pot_bot(kind))
        throw protocol::ProtocolError("bad_setup", fmt::format("unknown bot kind '{}'; kinds: random, sensible", kind));
      std::string name = fmt::format("bot{}", ++bot_number);
      players.push_back(name);
      bots[name] = kind;
    } else {
      players.push_back(entry);
    }
  }
  request["players"] = players;
  request["bots"] = bots;
  if (o.seed) request["seed"] = *o.seed;
  if (!o.dealer.empty()) request["dealer"] = o.dealer;
  if (!o.deck.empty()) request["deck"] = split(o.deck, ',');
  for (const auto& text : o.rule_choice.sets) {
    auto eq = text.find('=');
    if (eq == std::string::npos) throw protocol::ProtocolError("bad_rules", fmt::format("--set {}: expected knob=value", text));
    request["set"][text.substr(0, eq)] = text.substr(eq + 1);
  }
  return request;
}

void save(const protocol::GameSession& session, const std::string& path) {
  if (path.empty()) return;
  std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp);
    for (const auto& line : session.log()) f << line.dump() << '\n';
    f.close();
    if (!f) throw protocol::ProtocolError("bad_file", fmt::format("{}: cannot write the saved game there", tmp));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw protocol::ProtocolError("bad_file", fmt::format("{}: cannot save the game: {}", path, ec.message()));
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// What the person typed, as an action; nullopt with `why` set when it means nothing here.
std::optional<games::pot::Action> parse_input(const std::string& raw, const games::pot::PotGame& game, int seat,
                                              const games::pot::Action& fallback, std::string& why) {
  namespace pot = games::pot;
  std::string text = lower(raw);
  auto words = split(text, ' ');
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
  choices.push_back("(q)uit");
  std::string def;
  if (auto* b = std::get_if<pot::Bet>(&fallback)) def = fmt::format("{}", b->amount);
  else if (auto* c = std::get_if<pot::Call>(&fallback)) def = fmt::format("{}", c->ace == pot::AceValue::High ? 'h' : 'l');
  else def = fmt::format("{}", pot::action_name(fallback)[0]);
  std::string_view what = game.phase() == pot::Phase::Wager ? "your wager: " : "";
  return fmt::format("{}, {}{} [{}]: ", bold(s, game.seats()[static_cast<std::size_t>(seat)].name), what,
                     fmt::join(choices, ", "), def);
}

}  // namespace

int run_play(const PlayOptions& options, std::istream& in, std::ostream& out) {
  namespace pot = games::pot;
  Style style{want_color(options.color)};
  json request;
  std::vector<json> saved_moves;
  if (!options.load.empty()) {
    std::ifstream f(options.load);
    if (!f) throw protocol::ProtocolError("bad_setup", fmt::format("{}: cannot open the saved game", options.load));
    std::string line;
    while (std::getline(f, line)) {
      if (line.empty()) continue;
      json j = json::parse(line, nullptr, false);
      if (j.is_discarded()) throw protocol::ProtocolError("bad_setup", fmt::format("{}: a line is not JSON", options.load));
      if (request.is_null()) request = j; else saved_moves.push_back(j);
    }
    if (request.is_null()) throw protocol::ProtocolError("bad_setup", fmt::format("{}: empty save file", options.load));
  } else {
    request = new_request(options);
  }
  std::unique_ptr<protocol::GameSession> session_ptr;
  try {
    session_ptr = protocol::new_session(request);
  } catch (const protocol::ProtocolError& e) {
    if (options.load.empty()) throw;
    throw protocol::ProtocolError(e.code, fmt::format("{}: the first line does not start a game: {}", options.load, e.what()));
  }
  auto* session = dynamic_cast<protocol::PotSession*>(session_ptr.get());
  if (!session) throw protocol::ProtocolError("bad_rules", "this front end plays pot games");
  const pot::PotGame& game = session->game();

  std::map<int, std::unique_ptr<strategy::PotBot>> bots;
  if (request.contains("bots") && request["bots"].is_object()) {
    for (const auto& [name, kind] : request["bots"].items())
      for (std::size_t i = 0; i < game.seats().size(); ++i)
        if (game.seats()[i].name == name) bots[static_cast<int>(i)] = strategy::make_pot_bot(kind.is_string() ? kind.get<std::string>() : "");
  }
  for (auto& [seat, bot] : bots)
    if (!bot) throw protocol::ProtocolError("bad_setup", "a saved bot kind is unknown");
  auto bot_rng = cards::make_rng(request.value("seed", std::uint64_t{0}), cards::RngStream::Bots);

  fmt::print(out, "{}\n", bold(style, fmt::format("In-Between: {} — {}", game.rules().name, game.rules().description)));
  auto print_events = [&](const std::vector<pot::Event>& evs) {
    for (const auto& e : evs) {
      std::string line = narrate(style, game, e);
      if (!line.empty()) fmt::print(out, "{}\n", line);
    }
  };
  // A saved game: its moves are replayed quietly, then play goes on.
  for (const auto& move : saved_moves) {
    try {
      session->act(move);
    } catch (const protocol::ProtocolError& e) {
      throw protocol::ProtocolError("bad_setup", fmt::format("{}: saved move {} is refused: {}", options.load, move.dump(), e.what()));
    }
  }
  if (saved_moves.empty()) print_events(session->opening());
  else fmt::print(out, "Continuing {} after {} moves.\n", options.load, saved_moves.size());
  catch_interrupt();
  save(*session, options.save);

  auto leave = [&](const std::string& why) {
    save(*session, options.save);
    fmt::print(out, "\n{} Game saved to {}; continue with `inbetween play --load {}`, replay with `inbetween replay {}`.\n",
               why, options.save, options.save, options.save);
    return 0;
  };
  std::vector<pot::Event> events;
  while (!game.over()) {
    if (interrupted) return leave("Interrupted.");
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
        if (!std::getline(in, line)) return leave(interrupted ? "Interrupted." : "End of input.");
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto words = split(lower(line), ' ');
        if (words.size() == 1 && (words[0] == "q" || words[0] == "quit")) return leave("You left the table.");
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
    save(*session, options.save);
  }
  fmt::print(out, "\n{}", show_standings(style, game));
  fmt::print(out, "Game saved to {}; replay with `inbetween replay {}`.\n", options.save, options.save);
  return 0;
}

}  // namespace inbetween::cli
