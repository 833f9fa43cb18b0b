// The soak (issue 10, bench/soak.sh): a long run of random legal actions through the protocol,
// as a client would send them, checking after every action what must never drift.
//
//   soak --rules PRESET --actions N [--seed S] [--players K]
//
// One protocol::Engine plays game after game of K players (seeds S, S+1, ...): for each
// decision it asks `legal`, picks one choice at random (a random amount for a ranged bet or
// rebuy, a random call of an ace) and sends it as `act`. Every action must be accepted (legal
// means accepted), and after every one the state in the reply must conserve
//   - chips: the players' chips, their wagers, the pot and the house's take add up to what the
//     players bought (start chips and rebuys), in the pot and house games;
//   - cards: the shoe, the discards and the cards on the table (posts, third card; limit cards,
//     limits, spaces and drawn letters) add up to the count at the start of the game.
// The resident memory is sampled a hundred times a run. Prints one line of figures (games,
// actions, actions/s, RSS at 10% of the run, at the end and at most, in KB); exits 1 on the
// first broken invariant, naming the game's seed and the action.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/engine_loop.h"

namespace {

using nlohmann::json;

struct Options {
  std::string rules = "hoyle";
  std::uint64_t actions = 1'000'000;
  std::uint64_t seed = 1;
  int players = 3;
};

long resident_kb() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

[[noreturn]] void broken(const std::string& what, std::uint64_t seed, std::uint64_t action, const json& detail) {
  std::fprintf(stderr, "soak: %s (game seed %llu, action %llu)\n  %s\n", what.c_str(), static_cast<unsigned long long>(seed),
               static_cast<unsigned long long>(action), detail.dump().substr(0, 2000).c_str());
  std::exit(1);
}

// Chips in play by the state: players' chips and wagers, the pot, the house's take.
std::int64_t chips_held(const json& state) {
  std::int64_t held = state.value("pot", std::int64_t{0}) + state.value("house", std::int64_t{0});
  for (const auto& p : state["players"]) held += p.value("chips", std::int64_t{0}) + p.value("wager", std::int64_t{0});
  return held;
}
std::int64_t chips_bought(const json& state) {
  std::int64_t bought = 0;
  for (const auto& p : state["players"]) bought += p.value("bought", std::int64_t{0});
  return bought;
}

// Cards by the state: in the shoe, discarded, and on the table.
std::int64_t cards_counted(const json& state) {
  std::int64_t n = state["shoe"]["remaining"].get<std::int64_t>() + state["shoe"]["discards"].get<std::int64_t>();
  if (auto posts = state.find("posts"); posts != state.end()) n += static_cast<std::int64_t>(posts->size());
  if (auto third = state.find("third_card"); third != state.end() && !third->is_null()) ++n;
  for (const auto& p : state["players"]) {
    for (const char* pile : {"limit_cards", "drawn", "spaces"})
      if (auto it = p.find(pile); it != p.end()) n += static_cast<std::int64_t>(it->size());
    if (auto limits = p.find("limits"); limits != p.end() && limits->is_object()) n += 2;
  }
  return n;
}

// A random choice among the legal ones, as an action to send.
json pick(const json& choices, std::mt19937_64& rng) {
  const json& choice = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
  json action = choice;
  if (choice.contains("min") && choice.contains("max")) {
    action.erase("min");
    action.erase("max");
    action["amount"] =
        std::uniform_int_distribution<std::int64_t>(choice["min"].get<std::int64_t>(), choice["max"].get<std::int64_t>())(rng);
  }
  if (choice.contains("ace") && choice["ace"].is_array())
    action["ace"] = choice["ace"][std::uniform_int_distribution<std::size_t>(0, choice["ace"].size() - 1)(rng)];
  return action;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i], value = argv[i + 1];
    if (key == "--rules") o.rules = value;
    else if (key == "--actions") o.actions = std::stoull(value);
    else if (key == "--seed") o.seed = std::stoull(value);
    else if (key == "--players") o.players = std::stoi(value);
    else {
      std::fprintf(stderr, "usage: soak --rules PRESET --actions N [--seed S] [--players K]\n");
      std::exit(2);
    }
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse(argc, argv);
  inbetween::protocol::Engine engine;
  std::mt19937_64 rng(o.seed);
  json players = json::array();
  for (int i = 0; i < o.players; ++i) players.push_back("p" + std::to_string(i + 1));

  std::uint64_t actions = 0, games = 0, seed = o.seed;
  long rss_early = 0, rss_max = 0;
  const std::uint64_t sample_every = std::max<std::uint64_t>(1, o.actions / 100);  // a hundred samples a run
  std::int64_t cards_at_start = 0;
  bool over = true;
  auto start = std::chrono::steady_clock::now();
  while (actions < o.actions) {
    if (over) {
      seed = o.seed + games++;
      json reply = engine.handle(json{{"cmd", "new"}, {"rules", o.rules}, {"players", players}, {"seed", seed}}.dump());
      if (!reply.value("ok", false)) broken("a new game was refused", seed, actions, reply);
      cards_at_start = cards_counted(reply["state"]);
      over = reply["state"]["over"].get<bool>();
      continue;
    }
    json legal = engine.handle(R"({"cmd":"legal"})");
    if (!legal.value("ok", false) || legal["actions"].empty()) broken("no legal action while the game is on", seed, actions, legal);
    json request = {{"cmd", "act"}, {"player", legal["player"]}, {"action", pick(legal["actions"], rng)}};
    json reply = engine.handle(request.dump());
    ++actions;
    if (!reply.value("ok", false)) broken("a legal action was refused: " + request.dump(), seed, actions, reply);
    const json& state = reply["state"];
    if (state.contains("pot") && chips_held(state) != chips_bought(state)) broken("chips not conserved", seed, actions, state);
    if (cards_counted(state) != cards_at_start) broken("cards not conserved", seed, actions, state);
    over = state["over"].get<bool>();
    if (actions % sample_every == 0) {
      long rss = resident_kb();
      if (rss_early == 0 && actions >= o.actions / 10) rss_early = rss;
      if (rss > rss_max) rss_max = rss;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  long rss_end = resident_kb();
  std::printf("%-20s games %8llu  actions %9llu  %8.0f actions/s  RSS KB at 10%% %6ld  at end %6ld  max %6ld\n", o.rules.c_str(),
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(actions), static_cast<double>(actions) / seconds,
              rss_early, rss_end, rss_max);
  return 0;
}
