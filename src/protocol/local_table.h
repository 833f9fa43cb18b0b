#pragma once
// The page's own table (issue 50, docs/architecture.md "The engine in the page"): one table on one
// device, with people who pass the device round and bots of every kind, spoken to in the server's
// messages (docs/server.md): the page sends what it sends the server (`create`, `join`, `bot`,
// `start`, `act`, `hint`, `again`, `presets`, `events`, `rules`, `chat`, `resume`, `replay`) and gets
// back what the server would send (`seated`, `table`, `hint`, `presets`, `events`, `rules`, `chat`, `replay`,
// `error` with the server's codes), so one table view draws both. The game's part of each `table`
// message (state, legal choices, events, hint, status) is written by the code the server's tables
// use (table_rules.h, table_json.h, GameSession). Bots move at once, a `table` message a move.
// No clock, no tokens, no store: the page keeps the game by its `saved` message (the rules, the
// seats, the seed and the moves; `restore` plays it again) and its log is `log`.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "protocol/json.h"
#include "protocol/session.h"
#include "protocol/table_rules.h"

namespace inbetween::protocol {

class LocalTable {
 public:
  // The code a local table's messages carry (never a server table's: those are letters and
  // digits the server draws; this one has a hyphen, which no server code has).
  static constexpr const char* kCode = "ON-THIS-DEVICE";

  // The replies to one message of the page, in order (an array); an `error` for a message
  // refused, which changes nothing. Never throws.
  json handle(const json& message);

 private:
  struct SeatHeld {
    std::string name;  // empty: free
    std::string bot;   // a bot's kind; empty for a person on this device
  };
  struct Spec {
    std::string rules, rules_text;
    json sets = json::object();
    int timeout = 60;
    TableRules info;
  };

  void dispatch(const std::string& type, const json& message, json& out);
  void create(const json& message, json& out);
  void restore(const json& message, json& out);
  void seat_person(const std::string& typed);
  void seat_bot(const std::string& kind);
  void deal(std::uint64_t seed);
  void act(const json& message, json& out);
  void bots_play(json& out);
  json hint(const json& message) const;
  json replay(const json& message) const;
  json new_request(std::uint64_t seed) const;
  json table_message();
  json saved() const;
  int person_to_act() const;
  void need_table() const;

  std::unique_ptr<Spec> spec_;  // null: no table yet
  std::vector<SeatHeld> seats_;
  std::unique_ptr<GameSession> session_;
  int game_ = 1;
  std::uint64_t seed_ = 0;
  int you_ = 0;                    // the person the page shows the table to: the one to act, or the last who did
  std::size_t events_sent_ = 0;    // the events the page has been sent of this game
  bool title_sent_ = false;
  json chat_ = json::array();
};

}  // namespace inbetween::protocol
