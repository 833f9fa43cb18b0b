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

// What every `new` request says besides the rules: seats, seed, dealer, stacked deck.
struct CommonSetup {
  std::vector<std::string> players;
  std::uint64_t seed = 0;
  std::optional<int> dealer;
  std::vector<std::string> deck;  // stacked cards as written, top first
  json request;                   // the request with its seed filled in
};
// Reads and checks the common fields; draws a seed when none is given.
CommonSetup common_setup(const json& request);

// Any game the engine can serve; one implementation per rules family.
class GameSession {
 public:
  virtual ~GameSession() = default;
  virtual json state() const = 0;
  // The legal actions of `player` (a name), or of the player to act when none is given.
  virtual json legal(const std::optional<std::string>& player) const = 0;
  // Applies {"player":..., "action":{...}}; returns the events; throws ProtocolError when refused.
  virtual json act(const json& request) = 0;
  // Events of the `new` request (shuffle, dealer, antes, limit cards...).
  virtual json opening_events() const = 0;
  // The exact value of every choice open to the player to act, and the best one;
  // throws ProtocolError("nobody_to_act") when the game is over.
  virtual json hint(const json& request) const = 0;
  // The action a bot of `kind` would take now for the player to act (not applied).
  virtual json bot_action(const std::string& kind) const = 0;
  virtual bool over() const = 0;
  // The `new` request (with its seed filled in) and every accepted `act` request.
  json log() const;

 protected:
  explicit GameSession(json new_request) : new_request_(std::move(new_request)) {}
  void record(const std::string& player, json action);
  // Bots draw from a stream of the game's seed, advanced by each move, so a replay repeats them.
  std::uint64_t bot_seed() const;
  // The seat named in a request's "player" field, or `to_act` when there is none.
  static int seat_in(const json& request, const std::vector<std::string>& names, int to_act);

 private:
  json new_request_;
  std::vector<json> moves_;
};

// Builds a session from a `new` request; throws ProtocolError (bad_request, bad_rules, bad_setup).
std::unique_ptr<GameSession> new_session(const json& request);

// A pot game (RULES.md Part 1) behind the protocol.
class PotSession : public GameSession {
 public:
  PotSession(const CommonSetup& common, std::shared_ptr<const rules::PotRules> rules);
  json state() const override { return state_json(*game_); }
  json legal(const std::optional<std::string>& player) const override;
  json act(const json& request) override;
  json opening_events() const override { return opening_events_; }
  json hint(const json& request) const override;
  json bot_action(const std::string& kind) const override;
  bool over() const override { return game_->over(); }

  const pot::PotGame& game() const { return *game_; }
  const std::vector<pot::Event>& opening() const { return opening_; }
  // act() with the events as typed values (for the terminal's narration).
  void act_events(const json& request, std::vector<pot::Event>& events);
  // Typed entry point for the terminal and bots; same checks and log as act().
  std::optional<pot::Refusal> apply(int player, const pot::Action& action, std::vector<pot::Event>& events);

 private:
  std::vector<std::string> names() const;

  std::unique_ptr<pot::PotGame> game_;
  json opening_events_;
  std::vector<pot::Event> opening_;
};

// Names of the seats in a `new` request; throws ProtocolError when missing or malformed.
std::vector<std::string> players_from_json(const json& request);
// Rule overrides from the request's "set" object.
std::vector<rules::Override> overrides_from_json(const json& request);

}  // namespace inbetween::protocol
