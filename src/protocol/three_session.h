#pragma once
// ThreeBeTween behind the protocol.
#include <memory>

#include "games/three/three_game.h"
#include "protocol/session.h"
#include "protocol/three_codec.h"

namespace inbetween::protocol {

class ThreeSession : public GameSession {
 public:
  ThreeSession(const CommonSetup& common, std::shared_ptr<const rules::ThreeRules> rules);
  json state() const override { return three_state_json(*game_); }
  json legal(const std::optional<std::string>& player) const override;
  json act(const json& request) override;
  json opening_events() const override;
  // Option "composition": "fresh" (the default, a cached table) or "remaining" (the cards
  // still in the shoe; solved on the spot, about half a second).
  json hint(const json& request) const override;
  json bot_action(const std::string& kind) const override;
  bool over() const override { return game_->over(); }

  const three::ThreeGame& game() const { return *game_; }
  const std::vector<three::Event>& opening() const { return opening_; }
  // Typed entry point for the terminal and bots; same checks and log as act().
  std::optional<three::Refusal> apply(int player, const three::Action& action, std::vector<three::Event>& events);
  // act() with typed events.
  void act_events(const json& request, std::vector<three::Event>& events);

 private:
  std::vector<std::string> names() const;

  std::unique_ptr<three::ThreeGame> game_;
  std::vector<three::Event> opening_;
};

}  // namespace inbetween::protocol
