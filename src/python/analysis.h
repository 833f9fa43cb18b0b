#pragma once
// The analyst's figures as data (docs/python.md): `simulate` (the CLI's JSON, from the same
// functions), pot and Red Dog odds, Red Dog's exact house edge, and the ThreeBeTween solver's
// deal table. Each answer is JSON that the module hands to Python as dicts and lists; the
// tables in them are lists of flat rows, which pandas.DataFrame takes as they are.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace inbetween::python {

using Knobs = std::map<std::string, std::string>;

struct SimulateRequest {
  std::string rules;
  std::vector<std::string> players;  // a bot kind per seat ("sensible", or "bot:sensible" as the CLI writes it)
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  Knobs set;
  int threads = 0;    // 0: every core
  std::string sweep;  // "knob=v1,v2" or "knob=a..b:step": one result per value; empty: one run
};
// One run: exactly what `inbetween simulate --format json` prints for it; a sweep: the list of
// rows the CLI prints, each with "knob" and "value".
nlohmann::json simulate(const SimulateRequest& request);

struct OddsRequest {
  std::string rules;
  std::vector<std::string> posts;  // one (a first-post ace to call) or two cards: "5S", "JD"
  std::vector<std::string> seen;   // cards seen since the shuffle
  std::int64_t pot = 10;
  std::optional<std::int64_t> stack;  // default: the rules' start chips
  std::vector<std::string> aces;      // "high"/"low" for ace posts, in order
  bool later_deck = false;            // past the first deck (no first-deck cap)
  Knobs set;
};
// The third card's chances and the value of every choice (pot games), or of standing and
// raising (house games): the figures of `inbetween odds`.
nlohmann::json odds(const OddsRequest& request);

// Red Dog by exact enumeration (`inbetween odds --house-edge`): the edge as a fraction and a
// float, and a row per kind of posts.
nlohmann::json house_edge(const std::string& rules, const Knobs& set);

// ThreeBeTween's solver (`inbetween solve threebetween`): the value of a random deal and a row
// per dealt pair of limit cards.
nlohmann::json solve(const std::string& rules, const Knobs& set);

}  // namespace inbetween::python
