#pragma once
// Helpers of the odds and advice tests (odds_test.cpp, red_dog_edge_test.cpp, hints_test.cpp):
// rule and deck files for small shoes in a scratch folder, games on stacked decks with a named
// dealer, and a bet's result read from the engine's events.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cards/card.h"
#include "cards/rng.h"
#include "families/pot/betting.h"
#include "families/pot/game.h"
#include "protocol/engine_loop.h"
#include "families/card_table/codec.h"
#include "protocol/table_session.h"
#include "rules/rule_files.h"
#include "families/pot/bots.h"
#include "families/pot/advisor.h"
#include "families/pot/odds.h"
#include "families/house/advisor.h"
#include "families/house/edge.h"
#include "families/house/rules.h"
#include "families/house/game.h"
#include "run_inbetween.h"
#include "seats.h"

namespace inbetween::testing_support::odds {

namespace fs = std::filesystem;
namespace pot = inbetween::games::pot;
namespace cards = inbetween::cards;
namespace rules = inbetween::rules;
namespace strategy = inbetween::strategy;
namespace protocol = inbetween::protocol;
using cards::Card;
using protocol::json;
using rules::Chips;
using RulesPtr = std::shared_ptr<const rules::PotRules>;

constexpr double kTol = 1e-9;
inline const double kMinusInf = -std::numeric_limits<double>::infinity();

// ---- scratch files: deck and rule files for small shoes -------------------------------------

inline fs::path scratch_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("inbetween-odds-test-" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

class ScratchCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(scratch_dir(), ec);
  }
};
// One registration for the whole test program, whichever of its files include this.
inline ::testing::Environment* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

// A standard deck file holding only `ranks` (all four suits); returns its absolute path.
inline std::string deck_file(const std::string& name, const std::vector<std::string>& ranks) {
  fs::path path = scratch_dir() / (name + ".toml");
  std::ofstream out(path);
  out << "name = \"" << name << "\"\nkind = \"standard\"\nranks = [";
  for (std::size_t i = 0; i < ranks.size(); ++i) out << (i ? ", " : "") << '"' << ranks[i] << '"';
  out << "]\nsuits = [\"S\", \"H\", \"D\", \"C\"]\ncopies = 1\n";
  return path.string();
}

// A copy of the preset file `preset` with its deck line pointing at `deck_path` and the given
// extra lines replacing keys of the same name; returns the rule file's absolute path.
inline std::string rule_file(const std::string& name, const std::string& preset, const std::string& deck_path,
                      const std::vector<std::pair<std::string, std::string>>& keys = {}) {
  std::ifstream in(std::string(INBETWEEN_SOURCE_DIR) + "/rules/" + preset + ".toml");
  EXPECT_TRUE(in) << "rules/" << preset << ".toml is missing";
  std::ostringstream text;
  std::string line;
  while (std::getline(in, line)) {
    std::string key = line.substr(0, line.find_first_of(" ="));
    if (key == "deck") line = "deck = \"" + deck_path + "\"";
    for (const auto& [k, v] : keys)
      if (key == k) line = k + " = " + v;
    text << line << '\n';
  }
  fs::path path = scratch_dir() / (name + ".toml");
  std::ofstream(path) << text.str();
  return path.string();
}

inline RulesPtr load(const std::string& name_or_path, const std::vector<rules::Override>& sets = {}) {
  return std::make_shared<const rules::PotRules>(rules::load_pot_rules(name_or_path, sets));
}

// Every card of the rules' shoe, one entry per physical card.
template <class Rules>  // PotRules or HouseRules
std::vector<Card> shoe_cards(const Rules& r) {
  std::vector<Card> all;
  for (int d = 0; d < r.decks; ++d) {
    if (r.deck_cards.empty()) {
      for (int c = 0; c < cards::kStandardDeckSize; ++c) all.push_back(Card{static_cast<cards::CardCode>(c)});
    } else {
      for (auto code : r.deck_cards) all.push_back(Card{code});
    }
  }
  return all;
}

// `all` less one copy of each card in `out`.
inline std::vector<Card> without(std::vector<Card> all, std::initializer_list<Card> out) {
  for (Card c : out) {
    auto it = std::find(all.begin(), all.end(), c);
    EXPECT_NE(it, all.end()) << cards::to_string(c) << " is not in the shoe";
    if (it != all.end()) all.erase(it);
  }
  return all;
}

inline Card card(const char* text) { return *cards::parse_card(text); }

// A game whose shoe starts with `stacked` (top first) and whose dealer is seat 0, so nothing is
// drawn for the deal: the first cards dealt are exactly `stacked`.
inline pot::PotGame start(const RulesPtr& r, const std::vector<Card>& stacked, int players = 2, std::uint64_t seed = 11) {
  pot::Setup setup;
  const char* names[] = {"ann", "bob", "cy", "dee"};
  for (int i = 0; i < players; ++i) setup.players.emplace_back(names[i]);
  setup.seed = seed;
  setup.dealer = 0;
  for (Card c : stacked) setup.stacked.push_back(c.code);
  std::vector<pot::Event> events;
  return pot::PotGame(r, setup, events);
}

template <class Game, class Action, class Event>  // PotGame or HouseGame, with its own actions and events
void apply_ok(Game& game, const Action& action, std::vector<Event>& events) {
  int seat = game.to_act();
  auto refusal = game.apply(seat, action, events);
  ASSERT_FALSE(refusal) << action_name(action) << " refused: " << refusal->message;
}

// What one turn's bet did to the bettor's stack, from the engine: the chips after, less the
// chips before, less whatever later automatic steps (the next turn's ante) moved. The result
// is checked against the turn's own win/loss event.
struct TurnResult {
  Chips delta = 0;
  pot::Outcome outcome = pot::Outcome::None;
};
inline TurnResult play_bet(pot::PotGame game, const pot::Action& action) {
  TurnResult result;
  int seat = game.to_act();
  Chips before = game.players()[static_cast<std::size_t>(seat)].chips;
  std::vector<pot::Event> events;
  apply_ok(game, action, events);
  Chips later = 0;
  bool settled = false;
  for (const auto& e : events) {
    if (e.kind == pot::EventKind::ThirdCard && !settled) result.outcome = e.outcome;
    if (e.player != seat) continue;
    Chips signed_amount = 0;
    switch (e.kind) {
      case pot::EventKind::Win:
      case pot::EventKind::PairPaid:
      case pot::EventKind::DealerTakesPot: signed_amount = e.amount; break;
      case pot::EventKind::Loss:
      case pot::EventKind::Ante:
      case pot::EventKind::ConsecutiveLoss: signed_amount = -e.amount; break;
      default: continue;
    }
    if (!settled && (e.kind == pot::EventKind::Win || e.kind == pot::EventKind::Loss)) {
      result.delta = signed_amount;
      settled = true;
    } else {
      later += signed_amount;
    }
  }
  EXPECT_EQ(game.players()[static_cast<std::size_t>(seat)].chips - before - later, result.delta)
      << "the stack moved by something other than the bet's win or loss";
  return result;
}

// Drives the ace calls of the turn; afterwards the game waits for the bet (or passed the turn).
inline void make_calls(pot::PotGame& game, const std::vector<pot::AceValue>& calls) {
  std::size_t next = 0;
  std::vector<pot::Event> events;
  while (game.phase() == pot::Phase::CallFirstAce || game.phase() == pot::Phase::CallSecondAce) {
    ASSERT_LT(next, calls.size()) << "the engine asks for more ace calls than the case gives";
    apply_ok(game, pot::Call{calls[next++]}, events);
  }
}

inline std::string describe(const pot::Posts& p) {
  std::string s = cards::to_string(p.cards[0]) + (p.cards[0].is_ace() ? (p.ace[0] == pot::AceValue::Low ? "(low)" : "(high)") : "") +
                  " " + cards::to_string(p.cards[1]) + (p.cards[1].is_ace() ? (p.ace[1] == pot::AceValue::Low ? "(low)" : "(high)") : "");
  return s;
}

inline double growth_of(Chips stack, Chips delta) {
  Chips after = stack + delta;
  return after <= 0 ? kMinusInf : std::log(static_cast<double>(after) / static_cast<double>(stack));
}

}  // namespace inbetween::testing_support::odds
