// `inbetween replay FILE`: plays a saved game (protocol lines) back and tells what happened.
#include <fstream>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"
#include "cli/table_view.h"
#include "cli/three_view.h"
#include "protocol/session.h"
#include "protocol/three_session.h"

namespace inbetween::cli {
namespace {

// Narrates one family's game: the opening, each act, and the end.
class Narrator {
 public:
  virtual ~Narrator() = default;
  virtual void opening(std::ostream& out) = 0;
  virtual void act(const protocol::json& request, std::ostream& out) = 0;
  virtual void ending(std::ostream& out) = 0;
};

class PotNarrator : public Narrator {
 public:
  PotNarrator(protocol::PotSession& s, Style style) : session_(s), style_(style) {}
  void opening(std::ostream& out) override { print(session_.opening(), out); }
  void act(const protocol::json& request, std::ostream& out) override {
    std::vector<games::pot::Event> events;
    session_.act_events(request, events);
    print(events, out);
  }
  void ending(std::ostream& out) override { fmt::print(out, "\n{}", show_standings(style_, session_.game())); }

 private:
  void print(const std::vector<games::pot::Event>& events, std::ostream& out) {
    for (const auto& e : events)
      if (auto text = narrate(style_, session_.game(), e); !text.empty()) fmt::print(out, "{}\n", text);
  }
  protocol::PotSession& session_;
  Style style_;
};

class ThreeNarrator : public Narrator {
 public:
  ThreeNarrator(protocol::ThreeSession& s, Style style) : session_(s), style_(style) {}
  void opening(std::ostream& out) override { print(session_.opening(), out); }
  void act(const protocol::json& request, std::ostream& out) override {
    std::vector<games::three::Event> events;
    session_.act_events(request, events);
    print(events, out);
  }
  void ending(std::ostream&) override {}  // the score sheet follows the last tally

 private:
  void print(const std::vector<games::three::Event>& events, std::ostream& out) {
    const auto& game = session_.game();
    for (const auto& e : events) {
      if (auto text = narrate_three(style_, game, e); !text.empty()) fmt::print(out, "{}\n", text);
      if (e.kind == games::three::EventKind::Tally && e.player + 1 == static_cast<int>(game.players().size()))
        fmt::print(out, "\n{}", show_score_sheet(style_, game));
    }
  }
  protocol::ThreeSession& session_;
  Style style_;
};

}  // namespace

int run_replay(const std::string& file, const std::string& color, std::ostream& out) {
  using protocol::json;
  Style style{want_color(color)};
  std::ifstream f(file);
  if (!f) throw protocol::ProtocolError("bad_file", fmt::format("{}: cannot open", file));
  std::unique_ptr<protocol::GameSession> session;
  std::unique_ptr<Narrator> narrator;
  std::string line;
  int number = 0;
  while (std::getline(f, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto fail = [&](const std::string& why) {
      return protocol::ProtocolError("bad_file", fmt::format("{}:{}: {}", file, number, why));
    };
    json request = json::parse(line, nullptr, false);
    if (request.is_discarded() || !request.is_object()) throw fail("not a JSON object");
    std::string cmd = request.value("cmd", "");
    try {
      if (cmd == "new") {
        session = protocol::new_session(request);
        if (auto* pot = dynamic_cast<protocol::PotSession*>(session.get())) narrator = std::make_unique<PotNarrator>(*pot, style);
        else narrator = std::make_unique<ThreeNarrator>(dynamic_cast<protocol::ThreeSession&>(*session), style);
        fmt::print(out, "{}\n", bold(style, fmt::format("Replay of {}: {}, seed {}", file, request.value("rules", std::string()),
                                                         request.value("seed", std::uint64_t{0}))));
        narrator->opening(out);
      } else if (cmd == "act") {
        if (!narrator) throw fail("an act before the new game");
        narrator->act(request, out);
      } else if (cmd != "state" && cmd != "legal" && cmd != "log" && cmd != "quit") {
        throw fail(fmt::format("unknown cmd \"{}\"", cmd));
      }
    } catch (const protocol::ProtocolError& e) {
      if (e.code == "bad_file") throw;
      throw fail(e.what());
    }
  }
  if (!session) throw protocol::ProtocolError("bad_file", fmt::format("{}: no game in the file", file));
  if (session->over()) narrator->ending(out);
  else fmt::print(out, "\n(the game was left unfinished; continue it with `inbetween play --load {}`)\n", file);
  return 0;
}

}  // namespace inbetween::cli
