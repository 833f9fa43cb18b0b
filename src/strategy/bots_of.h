#pragma once
// The bots of each family, by family type: what the table, the protocol and the terminal use
// to seat a bot without naming its family.
#include <memory>
#include <string>
#include <vector>

#include "games/house/family.h"
#include "games/pot/family.h"
#include "games/three/family.h"
#include "strategy/bots.h"
#include "strategy/house_bots.h"
#include "strategy/three_bots.h"

namespace inbetween::strategy {

// Specialised per family: its bot interface, a bot by kind (nullptr for an unknown kind), the kinds.
template <class F>
struct BotsOf;

template <>
struct BotsOf<games::pot::PotFamily> {
  using Bot = PotBot;
  static std::unique_ptr<Bot> make(const std::string& kind) { return make_pot_bot(kind); }
  static std::vector<std::string> kinds() { return pot_bot_kinds(); }
};

template <>
struct BotsOf<games::house::HouseFamily> {
  using Bot = HouseBot;
  static std::unique_ptr<Bot> make(const std::string& kind) { return make_house_bot(kind); }
  static std::vector<std::string> kinds() { return house_bot_kinds(); }
};

template <>
struct BotsOf<games::three::ThreeFamily> {
  using Bot = ThreeBot;
  static std::unique_ptr<Bot> make(const std::string& kind) { return make_three_bot(kind); }
  static std::vector<std::string> kinds() { return three_bot_kinds(); }
};

template <class F>
using BotOf = typename BotsOf<F>::Bot;

}  // namespace inbetween::strategy
