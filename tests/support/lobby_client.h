#pragma once
// Plays at a Lobby the way a page would, over FakeHooks: a seat's token, its table messages,
// and a choice from the legal actions it is sent.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/lobby.h"
#include "fake_hooks.h"

namespace inbetween::testing {

using nlohmann::json;

// The action a simple person takes from a `legal` reply: the first choice that is not a rebuy,
// the least amount of a ranged one, an ace called high. Null when there is none.
inline json first_choice(const json& legal) {
  if (!legal.is_object() || !legal.contains("actions")) return nullptr;
  for (const auto& choice : legal["actions"]) {
    std::string type = choice.value("type", "");
    if (type == "rebuy") continue;
    if (choice.contains("min")) return {{"type", type}, {"amount", choice["min"]}};
    if (type == "call") return {{"type", "call"}, {"ace", choice["ace"][0]}};
    return choice;
  }
  return nullptr;
}

struct Seat {
  server::ConnId conn = 0;
  std::string table;
  std::string token;
  int seat = -1;
};

// Sends one message and runs whatever it set off; returns the connection's last message.
inline json ask(server::Lobby& lobby, FakeHooks& hooks, server::ConnId conn, const json& message) {
  lobby.receive(conn, message.dump());
  hooks.run();
  return hooks.inbox[conn].empty() ? json() : hooks.inbox[conn].back();
}

// Every seated client acts whenever it is to act (its first legal choice) until the game is
// over; returns the number of actions they took.
inline int play_out(server::Lobby& lobby, FakeHooks& hooks, const std::vector<Seat>& seats, int max_actions = 100000) {
  int actions = 0;
  for (bool moved = true; moved && actions < max_actions;) {
    moved = false;
    for (const auto& s : seats) {
      json table = hooks.last(s.conn, "table");
      if (table.is_null() || table["status"] != "playing") continue;
      if (table["to_act"].is_null() || table["seats"][s.seat]["name"] != table["to_act"]) continue;
      json action = first_choice(table["legal"]);
      if (action.is_null()) continue;
      json reply = ask(lobby, hooks, s.conn, {{"type", "act"}, {"table", s.table}, {"token", s.token}, {"action", action}});
      EXPECT_NE(reply.value("type", ""), "error") << reply.dump();
      ++actions;
      moved = true;
    }
  }
  return actions;
}

}  // namespace inbetween::testing
