#include "protocol/engine_loop.h"
#include "games/too_big.h"
#include "protocol/request_line.h"
#include "rules/rule_files.h"

#include <istream>
#include <ostream>

#include <fmt/format.h>

namespace inbetween::protocol {
namespace {
// Messages can quote the request's bytes (a parse error does); invalid UTF-8 there would make
// the reply impossible to write, so such bytes become U+FFFD.
std::string valid_utf8(const std::string& text) {
  return json::parse(json(text).dump(-1, ' ', false, json::error_handler_t::replace)).get<std::string>();
}

// `"state": false` on a `new` or `act` leaves the state out of the reply (a client that keeps
// its own picture from the events saves most of the reply's cost); `state` still gives it.
bool wants_state(const json& request) {
  auto it = request.find("state");
  if (it == request.end()) return true;
  if (!it->is_boolean()) throw ProtocolError("bad_request", "\"state\" is true (the default: the reply carries the state) or false");
  return it->get<bool>();
}

// Another program names rules and decks, never files: a path is read only from the engine's own
// command line (`inbetween engine --rules FILE --set deck=FILE`), the defaults of its requests.
void refuse_paths(const json& request) {
  auto path = [](const json& holder, const char* key) -> const std::string* {
    auto it = holder.find(key);
    if (it == holder.end() || !it->is_string() || !rules::names_a_path(it->get_ref<const std::string&>())) return nullptr;
    return &it->get_ref<const std::string&>();
  };
  if (const auto* rules = path(request, "rules"))
    throw ProtocolError("bad_rules", fmt::format("\"rules\": \"{}\" is a path; a request names a preset or sends \"rules_text\" "
                                                 "(a file is read only from the engine's command line: inbetween engine --rules FILE)",
                                                 *rules));
  if (auto set = request.find("set"); set != request.end() && set->is_object())
    if (const auto* deck = path(*set, "deck"))
      throw ProtocolError("bad_rules", fmt::format("\"set\": deck \"{}\" is a path; a request names a deck of the data folder "
                                                   "(a deck file is read only from the engine's command line: --set deck=FILE)",
                                                   *deck));
}

json error_reply(const std::string& code, const std::string& message) {
  return {{"ok", false}, {"error", {{"code", code}, {"message", valid_utf8(message)}}}};
}
}  // namespace

GameSession& Engine::current() const {
  if (!session_) throw ProtocolError("no_game", "no game yet: start one with {\"cmd\":\"new\",...}");
  return *session_;
}

json Engine::dispatch(const json& request) {
  if (!request.is_object() || !request.contains("cmd") || !request["cmd"].is_string())
    throw ProtocolError("bad_request", "a request is a JSON object with a \"cmd\", e.g. {\"cmd\":\"state\"}");
  std::string cmd = request["cmd"].get<std::string>();
  if (cmd == "new") {
    bool with_state = wants_state(request);  // checked before anything changes
    refuse_paths(request);
    json filled = request;
    if (!filled.contains("rules") && !filled.contains("rules_text")) filled["rules"] = default_rules_;
    for (const auto& text : default_sets_) {
      auto eq = text.find('=');
      if (eq == std::string::npos) throw ProtocolError("bad_rules", fmt::format("--set {}: expected knob=value", text));
      if (!filled.contains("set")) filled["set"] = json::object();
      if (filled["set"].is_object() && !filled["set"].contains(text.substr(0, eq)))
        filled["set"][text.substr(0, eq)] = text.substr(eq + 1);
    }
    auto session = new_session(filled);  // the old game stays if this one cannot start
    session_ = std::move(session);
    seed_drawn_ = !request.contains("seed");
    json reply = {{"ok", true}};
    reply["events"] = session_->opening_events();
    if (with_state) reply["state"] = session_->state();
    return reply;
  }
  if (cmd == "legal") {
    std::optional<std::string> player;
    if (auto it = request.find("player"); it != request.end()) {
      if (!it->is_string()) throw ProtocolError("bad_request", "\"player\" must be a name");
      player = it->get<std::string>();
    }
    json reply = current().legal(player);
    reply["ok"] = true;
    return reply;
  }
  if (cmd == "act") {
    bool with_state = wants_state(request);  // checked before the move is applied
    json reply = {{"ok", true}};
    // {"bot": KIND} instead of an action: that bot chooses for the player to act.
    if (auto bot = request.find("bot"); bot != request.end()) {
      if (!bot->is_string()) throw ProtocolError("bad_request", "\"bot\" names a bot kind, e.g. \"optimal\"");
      if (request.contains("action")) throw ProtocolError("bad_request", "give either an \"action\" or a \"bot\", not both");
      json action;
      reply["events"] = current().act_bot(request, bot->get<std::string>(), action);
      reply["action"] = std::move(action);
    } else {
      reply["events"] = current().act(request);
    }
    if (with_state) reply["state"] = current().state();
    return reply;
  }
  if (cmd == "hint") {
    json reply = current().hint(request);
    reply["ok"] = true;
    return reply;
  }
  if (cmd == "state") return {{"ok", true}, {"state", current().state()}};
  if (cmd == "log") {
    json log = current().log();
    json reply = {{"ok", true}};
    // A seed the engine drew deals every card to come: whoever read it could foresee them, so
    // it stays out of the log until the game is over (docs/security.md). A client that gives
    // the seed knows it already.
    if (seed_drawn_ && !current().over()) {
      log[0].erase("seed");
      reply["seed_hidden"] = true;
    }
    reply["log"] = std::move(log);
    return reply;
  }
  if (cmd == "quit") {
    quit_ = true;
    return {{"ok", true}};
  }
  throw ProtocolError("unknown_cmd", fmt::format("unknown cmd \"{}\"; known: new, legal, act, hint, state, log, quit", cmd));
}

json Engine::handle(const std::string& line) {
  json request;
  try {
    request = parse_request_line(line);
  } catch (const ProtocolError& e) {
    return error_reply(e.code, e.what());
  }
  try {
    return dispatch(request);
  } catch (const ProtocolError& e) {
    return error_reply(e.code, e.what());
  } catch (const games::TooBig& e) {
    return error_reply("too_big", e.what());  // a hint or the optimal bot on rules whose table is over the limit
  } catch (const json::exception& e) {
    return error_reply("bad_request", e.what());
  } catch (const std::exception& e) {
    return error_reply("internal", e.what());
  }
}

void run_engine(std::istream& in, std::ostream& out, const std::string& default_rules,
                const std::vector<std::string>& default_sets) {
  Engine engine(default_rules, default_sets);
  std::string line;
  while (!engine.quit() && read_bounded_line(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    out << engine.handle(line).dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush;
  }
}

}  // namespace inbetween::protocol
