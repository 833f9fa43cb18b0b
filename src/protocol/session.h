#pragma once
// One game behind the protocol: built from a `new` request, it takes `act` requests and keeps
// the log of requests that reproduces it.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/pot/pot_game.h"
#include "protocol/json_codec.h"
#include "rules/rule_files.h"

namespace inbetween::protocol {

// Any game the engine can serve; one implementation per rules family.
class GameSession {
 public:
  virtual ~GameSession() = default;
  virtual json state() const = 0;
  // The legal actions of `player` (a name), or of the player to act when none is given.
  virtual json legal(const std::optional<std::string>& player) const = 0;
  // Applies {"player":..., "action":{...}}; returns the events; throws ProtocolError when refused.
  virtual json act(const json& request) = 0;
  // The `new` request (with its seed filled in) and every accepted `act` request.
  virtual json log() const = 0;
  virtual bool over() const = 0;
};

// Builds a session from a `new` request; throws ProtocolError (bad_request, bad_rules, bad_setup).
std::unique_ptr<GameSession> new_session(const json& request);

// A pot game (RULES.md Part 1) behind the protocol.
class PotSession : public GameSession {
 public:
  PotSession(const json& request, std::shared_ptr<const rules::PotRules> rules);
  json state() const override { return state_json(*game_); }
  json legal(const std::optional<std::string>& player) const override;
  json act(const json& request) override;
  json log() const override;
  bool over() const override { return game_->over(); }

  const pot::PotGame& game() const { return *game_; }
  // The events of the `new` request (shuffle, draw for the deal, antes...).
  const json& opening_events() const { return opening_events_; }
  const std::vector<pot::Event>& opening() const { return opening_; }
  // act() with the events as typed values (for the terminal's narration).
  void act_events(const json& request, std::vector<pot::Event>& events);
  // Typed entry point for the terminal and bots; same checks and log as act().
  std::optional<pot::Refusal> apply(int player, const pot::Action& action, std::vector<pot::Event>& events);

 private:
  int seat_of(const std::string& name) const;

  json new_request_;
  std::unique_ptr<pot::PotGame> game_;
  std::vector<json> moves_;
  json opening_events_;
  std::vector<pot::Event> opening_;
};

// Names of the seats in a `new` request; throws ProtocolError when missing or malformed.
std::vector<std::string> players_from_json(const json& request);
// Rule overrides from the request's "set" object.
std::vector<rules::Override> overrides_from_json(const json& request);

}  // namespace inbetween::protocol
