#include "cli/play_setup.h"

#include <signal.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/rule_files.h"

namespace inbetween::cli {

std::vector<std::string> player_entries(const std::string& text) {
  if (text.find_first_not_of(' ') == std::string::npos)
    throw CommandLineError("--players is empty; name the seats, comma-separated, e.g. --players \"Ann,bot,bot\"");
  std::vector<std::string> entries;
  std::stringstream ss(text + ",");  // the trailing comma makes "Ann," end in an empty seat
  std::string part;
  while (std::getline(ss, part, ',')) {
    auto b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
    if (b == std::string::npos)
      throw CommandLineError(fmt::format("--players \"{}\": seat {} has no name; name every seat, e.g. --players \"Ann,bot,bot\"",
                                         text, entries.size() + 1));
    entries.push_back(part.substr(b, e - b + 1));
  }
  return entries;
}

std::uint64_t parse_seed(const std::string& text) {
  constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t value = 0;
  bool ok = all_digits(text);
  for (std::size_t i = 0; ok && i < text.size(); ++i) {
    auto digit = static_cast<std::uint64_t>(text[i] - '0');
    ok = value <= (kMax - digit) / 10;
    value = value * 10 + digit;
  }
  if (!ok) throw CommandLineError(fmt::format("--seed {}: a seed is a whole number from 0 to {}, in decimal digits", text, kMax));
  return value;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return a == b || std::filesystem::equivalent(a, b, ec);
}

std::string choose_save_path(const PlayOptions& o, std::string& note) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (o.save_named && fs::is_directory(o.save, ec))
    throw CommandLineError(fmt::format("--save {}: that is a folder; name a file for the game, e.g. --save {}", o.save,
                                       (fs::path(o.save) / "inbetween-game.jsonl").string()));
  if ((!o.load.empty() && same_file(o.save, o.load)) || !fs::exists(fs::symlink_status(o.save, ec))) return o.save;
  if (o.save_named)
    throw CommandLineError(fmt::format("--save {}: that file already holds a game, and a game never overwrites another; continue "
                                       "it with --load {}, or name another file",
                                       o.save, o.save));
  // The default name is taken: the next free one, inbetween-game-2.jsonl and up.
  fs::path path = o.save;
  for (int n = 2;; ++n) {
    fs::path next = path.parent_path() / fmt::format("{}-{}{}", path.stem().string(), n, path.extension().string());
    if (!fs::exists(fs::symlink_status(next, ec))) {
      note = fmt::format("{} holds an earlier game, so this one is saved to {}.", o.save, next.string());
      return next.string();
    }
  }
}

protocol::json play_request(const PlayOptions& o) {
  using protocol::json;
  // The program that started the game, for whoever reads the save later (docs/protocol.md).
  json request = {{"cmd", "new"}, {"rules", o.rule_choice.rules}, {"program", std::string("inbetween ") + INBETWEEN_VERSION}};
  json players = json::array(), bots = json::object();
  int bot_number = 0;
  for (const auto& entry : player_entries(o.players)) {
    std::string l = lower_case(entry);
    if (l == "bot" || l.starts_with("bot:")) {
      std::string kind = l == "bot" ? "sensible" : l.substr(4);
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
  if (!o.deck.empty()) request["deck"] = split_list(o.deck);
  for (const auto& text : o.rule_choice.sets) {
    auto override_ = rules::parse_override(text);
    request["set"][override_.knob] = override_.value;
  }
  // The save records the request as JSON text, which holds only UTF-8: a path of other bytes
  // would end the game at its first save. (Names are checked with the seats, games::check_setup.)
  try {
    (void)json(o.rule_choice.rules).dump();  // throws for bytes that are not UTF-8
  } catch (const json::type_error&) {
    throw CommandLineError(fmt::format("--rules {}: the name is not UTF-8 text, which the saved game records it as; rename the file",
                                       o.rule_choice.rules));
  }
  return request;
}

GameSave::GameSave(const std::string& path, const protocol::GameSession& session, bool own_file) : path_(path) {
  if (!path.empty()) file_.emplace(path, session.log(), own_file);
}

void GameSave::update(const protocol::GameSession& session) {
  if (file_) file_->update(session.log());
}

int leave_table(const protocol::GameSession& session, GameSave& save, const std::string& why, std::ostream& out) {
  save.update(session);
  out << fmt::format("\n{} Game saved to {}; continue with `inbetween play --load {}`, replay with `inbetween replay {}`.\n", why,
                     save.path(), save.path(), save.path());
  return 0;
}

namespace {
volatile sig_atomic_t interrupt_flag = 0;
void on_interrupt(int) { interrupt_flag = 1; }
}  // namespace

void catch_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a pending read ends, so the game is saved and the program ends
  sigaction(SIGINT, &sa, nullptr);
}

bool interrupted() { return interrupt_flag != 0; }

std::map<std::string, std::string> saved_bots(const SavedGame& saved, const std::vector<std::string>& kinds) {
  std::map<std::string, std::string> bots;
  auto it = saved.request.find("bots");
  if (it == saved.request.end() || !it->is_object()) return bots;
  for (const auto& [name, kind] : it->items()) {
    if (!kind.is_string() || std::find(kinds.begin(), kinds.end(), kind.get<std::string>()) == kinds.end())
      throw protocol::ProtocolError("bad_setup", fmt::format("{} is played by an unknown bot kind '{}'; kinds: {}", name,
                                                             kind.is_string() ? kind.get<std::string>() : kind.dump(), fmt::join(kinds, ", ")));
    bots[name] = kind.get<std::string>();
  }
  return bots;
}

std::vector<std::string> request_overrides(const protocol::json& request) {
  std::vector<std::string> out;
  auto it = request.find("set");
  if (it == request.end() || !it->is_object()) return out;
  for (const auto& [knob, value] : it->items()) out.push_back(fmt::format("{}={}", knob, value.is_string() ? value.get<std::string>() : value.dump()));
  return out;
}

}  // namespace inbetween::cli
