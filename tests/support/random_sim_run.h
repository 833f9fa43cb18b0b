#pragma once
// Sim<F>::run (random_sim.h): one whole game, checked after every action.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "random_sim.h"

namespace inbetween::sim {

template <games::Family F>
GameStats Sim<F>::run() {
  using Table = games::Table<F>;
  const std::string& tag = tag_;
  Table table(rules_, setup_);
  std::vector<Event> stream(table.opening().begin(), table.opening().end());
  if (stream.empty()) fail(tag + ": the game opened without an event");

  // The players: the test's own random choices, or a bot per seat, each with a twin that plays
  // the same seat of a second table from the same setup (same seed, same game).
  const bool random_driver = spec_.driver == "uniform";
  std::vector<std::string> kinds;
  std::vector<std::unique_ptr<Bot>> bots, twin_bots;
  std::optional<Table> twin;
  if (!random_driver) {
    std::vector<std::string> affordable;
    for (const auto& k : F::Bots::kinds())
      if (T::bot_affordable(*rules_, k)) affordable.push_back(k);
    for (int i = 0; i < players_; ++i)
      kinds.push_back(spec_.driver == "mixed" ? affordable[cards::uniform_below(rng_, affordable.size())] : spec_.driver);
    for (const auto& k : kinds) {
      bots.push_back(F::Bots::make(k));
      twin_bots.push_back(F::Bots::make(k));
      if (!bots.back() || !twin_bots.back()) fail(tag + ": no bot of kind " + k);
    }
    twin.emplace(rules_, setup_);
  }

  // The same game through the protocol: `played` takes every move as an `act` line, `follower`
  // is fed `played`'s log line by line at random checkpoints and at the end.
  std::optional<protocol::Engine> played, follower;
  if (spec_.protocol) {
    played.emplace();
    follower.emplace();
    json reply = ask(*played, new_request(), tag + ", new");
    if (reply["events"] != events_json(table.game(), table.opening()))
      fail(tag + ": the engine's opening events differ from the table's: " + reply["events"].dump());
    expect_engine_game(*played, table.game(), tag + ", new");
  }

  typename T::Liveness liveness(*rules_, players_);
  const int max_actions = T::max_actions(*rules_, players_);
  int next_checkpoint = 1 + static_cast<int>(cards::uniform_below(rng_, 8));
  std::vector<Event> events, twin_events;
  int actions = 0;
  while (true) {
    const Game& g = table.game();
    const std::string where = tag + ", after " + std::to_string(actions) + " actions";
    check_state(g, where);
    probe(g, where);
    if (g.over() || actions >= max_actions) break;
    liveness.step(g, where);

    Seat seat = g.to_act();
    Action action{};
    if (random_driver) {
      std::tie(seat, action) = random_move(g);
    } else {
      const auto s = static_cast<std::size_t>(seat);
      action = table.bot_action(*bots[s]);
      g.legal_actions(seat, choices_);
      if (!listed(choices_, action)) fail(where + ": the " + kinds[s] + " bot chose an unlisted " + text(g, action));
      Action again = twin->bot_action(*twin_bots[s]);
      if (!T::same_action(action, again))
        fail(where + ": the " + kinds[s] + " bot chose " + text(g, again) + " on a table from the same setup, " + text(g, action) +
             " on this one");
    }
    const std::string what = text(g, action) + " by seat " + std::to_string(seat);
    json action_json = played ? protocol::Codec<F>::action(g, action) : json();
    events.clear();
    if (auto refusal = table.apply(seat, action, events))
      fail(where + ": " + what + ", a listed choice, was refused: " + refusal->code + " (" + refusal->message + ")");
    if (events.empty()) fail(where + ": " + what + " was accepted without an event");
    stream.insert(stream.end(), events.begin(), events.end());
    ++actions;

    if (twin) {
      twin_events.clear();
      if (auto refusal = twin->apply(seat, action, twin_events)) fail(where + ": the twin table refused " + what);
      if (!std::equal(events.begin(), events.end(), twin_events.begin(), twin_events.end(), T::same_event))
        fail(where + ": " + what + " had other events on a table from the same setup");
    }
    if (played) {
      json request = {{"cmd", "act"}, {"player", setup_.players[static_cast<std::size_t>(seat)]}, {"state", false}};
      if (random_driver) request["action"] = action_json;
      else request["bot"] = kinds[static_cast<std::size_t>(seat)];
      json reply = ask(*played, request, where);
      if (!random_driver && reply["action"] != action_json)
        fail(where + ": the engine's " + kinds[static_cast<std::size_t>(seat)] + " bot chose " + reply["action"].dump() +
             ", the table's " + action_json.dump());
      if (reply["events"] != events_json(table.game(), events))
        fail(where + ": the engine's events for " + what + " differ: " + reply["events"].dump());
      if (actions == next_checkpoint) {
        follow(*played, *follower, table.game(), where);
        // Random points, further apart as the game grows: the log is encoded whole each time.
        next_checkpoint = actions + 1 + static_cast<int>(cards::uniform_below(rng_, static_cast<std::uint64_t>(std::max(8, actions))));
      }
    }
  }

  const Game& g = table.game();
  const std::string end = tag + ", end after " + std::to_string(actions) + " actions";
  if (T::finite(*rules_, players_) && !g.over())
    fail(end + ": a game of a finite length did not end within " + std::to_string(max_actions) + " actions");
  const auto game_overs = std::count_if(stream.begin(), stream.end(), T::game_over_event);
  if (game_overs != (g.over() ? 1 : 0) || (g.over() && !T::game_over_event(stream.back())))
    fail(end + ": " + std::to_string(game_overs) + " game_over events, " + (g.over() ? "the last event " : "") +
         (g.over() && !T::game_over_event(stream.back()) ? "is another" : ""));

  // The setup and the typed moves, replayed into a fresh table: the same events, the same game.
  Table replay(rules_, table.setup());
  std::vector<Event> again(replay.opening().begin(), replay.opening().end());
  for (const auto& m : table.moves())
    if (auto refusal = replay.apply(m.seat, m.action, again))
      fail(end + ": the replay refused " + text(replay.game(), m.action) + ": " + refusal->code);
  if (again.size() != stream.size())
    fail(end + ": the replay made " + std::to_string(again.size()) + " events, the game " + std::to_string(stream.size()));
  for (std::size_t i = 0; i < stream.size(); ++i)
    if (!T::same_event(stream[i], again[i]))
      fail(end + ": replayed event " + std::to_string(i) + " differs: " + protocol::Codec<F>::event(g, again[i]).dump() +
           " instead of " + protocol::Codec<F>::event(g, stream[i]).dump());
  if (!T::same_game(replay.game(), g)) fail(end + ": the replayed game ends in another state (hidden state or shoe)");
  if (protocol::Codec<F>::state(replay.game().view(games::kNobody)) != protocol::Codec<F>::state(g.view(games::kNobody)))
    fail(end + ": the replayed game shows another state");
  if (twin && !T::same_game(twin->game(), g)) fail(end + ": the table from the same setup ends in another state");

  // The engine's log, fed line by line to a fresh engine: the same state and the same log.
  if (played) {
    json log = ask(*played, {{"cmd", "log"}}, end)["log"];
    if (log.size() != table.moves().size() + 1) fail(end + ": the log does not hold the new line and one line per move");
    follow(*played, *follower, g, end);
    if (ask(*follower, {{"cmd", "log"}}, end)["log"] != log) fail(end + ": the replayed game's log differs from the original");
  }

  stats_.actions = actions;
  stats_.over = g.over();
  stats_.reshuffled = g.shoe().generation() > 0;
  return stats_;
}

}  // namespace inbetween::sim
