#pragma once
// The subcommands of the `inbetween` executable.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace inbetween::cli {

using rules_chips_t = std::int64_t;

// Options every command shares: which rules, and knob overrides.
struct RuleChoice {
  std::string rules = "hoyle";
  std::vector<std::string> sets;  // "knob=value"
};

// `inbetween play`.
struct PlayOptions {
  RuleChoice rule_choice;
  std::string players = "You,bot,bot";
  std::optional<std::uint64_t> seed;
  std::string dealer;
  std::string deck;  // "5S,9H,7D": stacked top cards
  std::string save = "inbetween-game.jsonl";
  bool save_named = false;           // --save was given (else the default name)
  std::string load;
  std::vector<std::string> ignored;  // options given with --load that the saved game fixes
  std::string color = "auto";
  bool fast = false;  // no pause before a bot's move
};

// `inbetween odds`.
struct OddsOptions {
  RuleChoice rule_choice;
  std::vector<std::string> posts;   // one or two cards
  std::vector<std::string> aces;    // "high"/"low" for ace posts, in order
  std::string seen;                 // cards seen since the shuffle, comma-separated
  bool fresh = false;
  std::optional<int> decks;
  rules_chips_t pot = 10;
  std::optional<rules_chips_t> stack;
  bool later_deck = false;          // past the first deck (no first-deck cap)
  bool house_edge = false;
  std::string format = "text";      // text, or json: every figure the text shows, for programs
};
int run_odds(const OddsOptions& options, std::ostream& out);

// `inbetween solve threebetween`: the exact optimal play of one player's round (docs/solver.md).
struct SolveOptions {
  int rounds = 20000;      // one-player rounds per bot for the optimal-vs-sensible comparison (0: none)
  std::uint64_t seed = 1;
  std::string format = "text";  // text, or json: every figure the text shows, for programs
};
int run_solve(const RuleChoice& choice, std::ostream& out);
int run_solve(const RuleChoice& choice, const SolveOptions& options, std::ostream& out);

// `inbetween solve RULES --win`: a heads-up pot game's chance to win under best play by both and
// the best bet over the pot and the chip lead (docs/solver.md "Playing to win").
struct SolveWinOptions {
  std::string format = "text";  // text, or json
  std::string chart;            // FILE.svg or FILE.png: the best bet over the pot and the lead; empty: none
  int totals_step = 0;          // ThreeBeTween: the grid of totals (0: the smallest that fits the work limit)
};
int run_solve_win(const RuleChoice& choice, const SolveWinOptions& options, std::ostream& out);
// The same for ThreeBeTween heads-up to its target (cli/solve_three_win.cpp).
int run_solve_three_win(const RuleChoice& choice, const SolveWinOptions& options, std::ostream& out);

// `inbetween simulate`: many seeded games of bots (docs/simulate.md).
struct SimulateOptions {
  RuleChoice rule_choice;
  std::string players = "bot:sensible,bot:sensible,bot:sensible,bot:sensible";
  std::uint64_t games = 10000;
  int threads = 0;  // 0: every core
  std::uint64_t seed = 1;
  std::string format = "table";  // table, csv, json
  std::vector<std::string> sweeps;  // each "knob=v1,v2" or "knob=a..b:step"; two or more: a grid
  std::string until;             // "STATISTIC=GOAL": bisect the sweep for the first value reaching it
  std::string chart;             // FILE.svg or FILE.png; empty: none
  std::string chart_statistic;   // empty: score (or the --until statistic)
  std::string per_game;          // FILE.csv: a row per game; empty: none
  bool long_rows = false;        // --long: a per-game row per game and seat
  double turn_seconds = 8, card_seconds = 3, round_seconds = 60;  // the time model (docs/simulate.md)
};
// Figures to `out`; the time taken and the progress to `err`.
int run_simulate(const SimulateOptions& options, std::ostream& out, std::ostream& err);

int run_play(const PlayOptions& options, std::istream& in, std::ostream& out);
int run_rules_list(std::ostream& out);
int run_rules_show(const RuleChoice& choice, std::ostream& out);
int run_decks_list(std::ostream& out);
int run_decks_show(const std::string& name, std::ostream& out);
int run_replay(const std::string& file, const std::string& color, std::ostream& out);

// `inbetween serve`: the table server (docs/server.md).
struct ServeCommandOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  int threads = 0;  // network threads; 0: one per core
  std::string db = "inbetween.db";
  std::string node;       // this server's name in a shared store's leases
  std::string advertise;  // where the other servers on a shared store reach this one
  std::vector<std::string> trusted_proxies;  // reverse proxies whose X-Real-IP names the client
  int lease_seconds = 10;  // a shared store's lease (the renewal runs every third of it)
  std::string web;  // empty: web/dist in the data folder
  int bot_delay_ms = 700;
  int max_tables = 500;
  int max_tables_per_address = 20;
  int abandoned_after_minutes = 30;  // a table nobody is at is let go of (kept in the store)
  int finished_kept_minutes = 2;     // ...one that is over, sooner
  int waiting_kept_minutes = 5;      // ...one whose game has not started, sooner too (it bounds live play, not lobbies left)
  int max_connections = 10000;
  int max_connections_per_address = 64;
  double http_requests_per_second = 50;
  int heavy_wait_ms = 2000;  // a log or verify waits this long for a place among the heavy work, then 503
  double messages_per_second = 20;  // per connection; bursts of three times as many
  int solver_mb = 256;              // the ThreeBeTween solver's table for hints and the optimal bot
  int solver_cache_mb = 512;        // all the solver's tables together (least recently used go first)
  std::vector<std::string> allow_origins;  // other pages (http(s)://host[:port]) that may open the WebSocket
  std::vector<std::string> public_origins;  // this server's own address behind a proxy (https://cards.example.com)
};
int run_serve(const ServeCommandOptions& options, std::ostream& out);
// `inbetween verify FILE [--allow-version N]`: a finished game's log against its commitment,
// by a scheme no older than N; 0 OK, 1 mismatch.
int run_verify(const std::string& file, int allow_version, std::ostream& out);

// A mistake on the command line that the option parser cannot see (exit status 2).
struct CommandLineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A --seed: decimal digits only, 0 to 2^64-1; anything else is a CommandLineError.
std::uint64_t parse_seed(const std::string& text);

}  // namespace inbetween::cli
