// `inbetween`: play, serve the engine protocol, inspect rules, replay saved games.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/play_setup.h"
#include "games/registry.h"
#include "protocol/engine_loop.h"
#include "protocol/json.h"
#include "rules/knob_reader.h"
#include "rules/rule_files.h"
#include "server/fairness.h"
#ifdef INBETWEEN_MPI
#include "sim/mpi_share.h"
#endif

namespace inbetween::cli {
namespace {
// `example`: a knob of the rules the command takes, for the help (ThreeBeTween has no pair_pays).
void add_rule_options(CLI::App* cmd, RuleChoice& choice, const std::string& example = "pair_pays=3") {
  cmd->add_option("--rules", choice.rules, "preset name (see `inbetween rules list`) or path to a .toml file")
      ->capture_default_str();
  // One value per --set, so that positional arguments after it are not taken as more overrides.
  cmd->add_option("--set", choice.sets, fmt::format("override a knob, e.g. --set {} (repeatable)", example))
      ->allow_extra_args(false);
}

// A command word that names no command, or none where one is needed: CLI11 would only say
// "not expected"; name the commands instead. Nested commands (`rules list`) the same way.
// A whole number of chips as typed, checked before CLI11 converts it (its conversion saturates:
// 2^63 would become 2^63 - 1 without a word).
const CLI::Validator kChips(
    [](std::string& text) -> std::string {
      std::int64_t value = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec != std::errc() || end != text.data() + text.size() || value < 1)
        return fmt::format("\"{}\" is not a whole number of chips from 1 to {}", text, std::numeric_limits<std::int64_t>::max());
      return "";
    },
    "CHIPS");

std::optional<std::string> unknown_command(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  std::string path = "inbetween";
  for (int i = 1;; ++i) {
    auto subs = at->get_subcommands([](const CLI::App*) { return true; });
    if (subs.empty() || at->get_require_subcommand_min() == 0) return std::nullopt;
    std::vector<std::string> names;
    for (const auto* sub : subs) names.push_back(sub->get_name());
    std::string list = fmt::format("the commands{} are: {} (see `{} --help`)", path == "inbetween" ? "" : " of `" + path + "`",
                                   fmt::join(names, ", "), path);
    if (i >= argc) return fmt::format("give a command; {}", list);
    std::string word = argv[i];
    if (word.starts_with("-")) return std::nullopt;
    auto next = std::find_if(subs.begin(), subs.end(), [&](const CLI::App* sub) { return sub->get_name() == word; });
    if (next == subs.end()) return fmt::format("unknown command {}{}; {}", path == "inbetween" ? "" : path.substr(10) + " ", word, list);
    at = *next;
    path += " " + word;
  }
}

// Flags given together with --load that the saved game overrides.
std::vector<std::string> ignored_with_load(const CLI::App& play) {
  std::vector<std::string> ignored;
  for (const char* name : {"--rules", "--set", "--players", "--seed", "--dealer", "--deck"})
    if (play.get_option(name)->count() > 0) ignored.push_back(name);
  return ignored;
}
}  // namespace

}  // namespace inbetween::cli

int main(int argc, char** argv) {
  using namespace inbetween;
#ifdef INBETWEEN_MPI
  // Under mpirun every rank runs the command, `simulate` on its share of the games; rank 0
  // alone prints (the others' errors reach it with their statistics, sim/mpi_share.h).
  sim::mpi::Session mpi(argc, argv);
  if (sim::mpi::rank() != 0) sim::mpi::mute_output();
#endif
  CLI::App app{"inbetween: the In-Between family of card games: play, engine protocol, rules"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("inbetween ") + INBETWEEN_VERSION);

  cli::PlayOptions play;
  auto* play_cmd = app.add_subcommand("play", "play a game in the terminal against bots or friends");
  cli::add_rule_options(play_cmd, play.rule_choice);
  play_cmd->add_option("--players", play.players, "comma-separated seats: a name is a person, `bot` or `bot:KIND` a bot (kinds: random, cautious, sensible, optimal, winning)")
      ->capture_default_str();
  std::string play_seed;
  play_cmd->add_option("--seed", play_seed, "seed for the shuffles, 0 to 2^64-1 (default: random; saved with the game)");
  play_cmd->add_option("--dealer", play.dealer, "who deals first (default: as the rules say)");
  play_cmd->add_option("--deck", play.deck, "stacked top cards, comma-separated, e.g. 5S,9H,7D");
  auto* save_opt = play_cmd->add_option("--save", play.save, "file the game is saved to after every action (with --load: the loaded file)")
      ->capture_default_str();
  play_cmd->add_option("--load", play.load, "continue a saved game");
  play_cmd->add_flag("--fast", play.fast, "no pause before the bots' moves");
  play_cmd->add_option("--color", play.color, "colour: auto, always, never")->capture_default_str()
      ->check(CLI::IsMember({"auto", "always", "never"}));

  cli::RuleChoice engine_choice;
  auto* engine_cmd = app.add_subcommand("engine", "serve the JSON Lines engine protocol on stdin/stdout (docs/protocol.md)");
  cli::add_rule_options(engine_cmd, engine_choice);

  auto* rules_cmd = app.add_subcommand("rules", "list the presets or show one preset's knobs");
  rules_cmd->require_subcommand(1);
  rules_cmd->add_subcommand("list", "list the presets");
  cli::RuleChoice show_choice;
  auto* show_cmd = rules_cmd->add_subcommand("show", "show every knob of a preset (with --set overrides applied)");
  show_cmd->add_option("name", show_choice.rules, "preset name or .toml path");
  cli::add_rule_options(show_cmd, show_choice);

  auto* decks_cmd = app.add_subcommand("decks", "list the deck files or show one deck's cards");
  decks_cmd->require_subcommand(1);
  decks_cmd->add_subcommand("list", "list the decks");
  std::string deck_name;
  auto* deck_show_cmd = decks_cmd->add_subcommand("show", "every card of a deck: copies and points");
  deck_show_cmd->add_option("name", deck_name, "deck name (see `inbetween decks list`) or .toml path")->required();

  cli::OddsOptions odds;
  auto* odds_cmd = app.add_subcommand("odds", "exact odds of the third card, the value of each choice, the best bet; Red Dog's house edge");
  cli::add_rule_options(odds_cmd, odds.rule_choice);
  odds_cmd->add_option("posts", odds.posts, "one or two posts, e.g. 5S JD (one ace: the first-ace call)");
  odds_cmd->add_option("--ace", odds.aces, "how ace posts are called, in order: high or low")->check(CLI::IsMember({"high", "low"}));
  odds_cmd->add_option("--seen", odds.seen, "cards seen since the last shuffle, comma-separated (they are not in the shoe)");
  odds_cmd->add_flag("--fresh", odds.fresh, "a fresh shoe (the default)");
  odds_cmd->add_option("--decks", odds.decks, "decks in the shoe, 1-8 (same as --set decks=N)");
  odds_cmd->add_option("--pot", odds.pot, "chips in the pot")->check(cli::kChips)->capture_default_str();
  odds_cmd->add_option("--stack", odds.stack, "the player's stack (default: start_chips)")->check(cli::kChips);
  odds_cmd->add_flag("--after-first-deck", odds.later_deck, "past the first deck: no first_deck_bet_cap");
  odds_cmd->add_flag("--house-edge", odds.house_edge, "house games: every spread, the raise decisions and the house edge");
  odds_cmd->add_option("--format", odds.format, "text, or json: every figure, exact fractions as text and float (docs/odds.md)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();

  cli::RuleChoice solve_choice;
  solve_choice.rules = "threebetween";
  cli::SolveOptions solve;
  auto* solve_cmd = app.add_subcommand("solve", "exact optimal play (docs/solver.md)");
  solve_cmd->require_subcommand(0, 1);
  // `solve RULES --win`: a heads-up pot game played to win (docs/solver.md "Playing to win").
  cli::RuleChoice solve_win_choice;
  cli::SolveWinOptions solve_win;
  bool solve_win_flag = false;
  solve_cmd->add_option("rules", solve_win_choice.rules, "with --win: a pot preset name or a .toml file (e.g. hoyle)");
  solve_cmd->add_flag("--win", solve_win_flag, "heads-up: the chance to win under best play by both, and the best bet over pot and chip lead");
  solve_cmd->add_option("--set", solve_win_choice.sets, "with --win: override a knob, e.g. --set start_chips=10 (repeatable)")
      ->allow_extra_args(false);
  solve_cmd->add_option("--format", solve_win.format, "with --win: text, or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  solve_cmd->add_option("--chart", solve_win.chart, "with --win: FILE.svg or FILE.png, the best bet over the pot and the chip lead (gnuplot)");
  auto* solve_three_cmd = solve_cmd->add_subcommand(
      "threebetween", "one player's round played optimally: every pair of limit cards rated, bust rate, vs the sensible bot");
  cli::add_rule_options(solve_three_cmd, solve_choice, "spaces=4");
  solve_three_cmd->add_option("--rounds", solve.rounds, "simulated rounds per bot for the comparison (0: none)")
      ->check(CLI::Range(0, 100000000))
      ->capture_default_str();
  std::string solve_seed;
  solve_three_cmd->add_option("--seed", solve_seed, "seed of the simulated rounds, 0 to 2^64-1 (default: 1)");
  solve_three_cmd->add_option("--format", solve.format, "text, or json: every figure, for programs (docs/solver.md)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  // `solve threebetween --win`: heads-up to the target (docs/solver.md "Playing to win: ThreeBeTween heads-up").
  bool solve_three_win = false;
  std::string solve_three_chart;
  solve_three_cmd->add_flag("--win", solve_three_win, "heads-up to the target: the chance to win over both totals, and where to stop banking");
  solve_three_cmd->add_option("--chart", solve_three_chart, "with --win: FILE.svg or FILE.png, where to stop banking over both totals (gnuplot)");
  int solve_three_step = 0;
  solve_three_cmd->add_option("--totals-step", solve_three_step,
                              "with --win: the table holds every Nth total, 1 to 8 (0 or left out: the smallest whose work fits the limit)");

  cli::SimulateOptions simulate;
  auto* simulate_cmd = app.add_subcommand("simulate", "play many seeded games of bots on every core; statistics with 95% intervals");
  cli::add_rule_options(simulate_cmd, simulate.rule_choice);
  simulate_cmd->add_option("--players", simulate.players, "a bot per seat, comma-separated: bot:KIND (kinds: random, cautious, sensible, optimal, winning)")
      ->capture_default_str();
  // A bound, so that "-5" (read as 2^64 - 5) or a typo of many digits is refused, not run for
  // ever; 0 passes here to be refused by simulate in its own words.
  simulate_cmd->add_option("--games", simulate.games, "how many games, 1 to 10^12")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1'000'000'000'000}).description(""))
      ->capture_default_str();
  simulate_cmd->add_option("--threads", simulate.threads, "threads (default: every core)");
  std::string simulate_seed;
  simulate_cmd->add_option("--seed", simulate_seed, "seed of the run, 0 to 2^64-1 (default 1): game i's seed follows from it and i");
  // One value per --sweep (repeatable: a grid), so that arguments after it are not taken as more sweeps.
  simulate_cmd->add_option("--sweep", simulate.sweeps,
                           "run once per value of a knob: knob=v1,v2,... or knob=a..b:step; `players=2..6` sweeps the number of seats; "
                           "given twice or more, every combination (a grid)")
      ->allow_extra_args(false);
  simulate_cmd->add_option("--until", simulate.until,
                           "with one range --sweep: search it for the first value where a statistic of the game reaches a goal, "
                           "rising or falling, e.g. minutes=15; a share takes percent as the tables print it: house_edge=3% or "
                           "house_edge=3 (3%)");
  simulate_cmd->add_option("--format", simulate.format, "table, csv or json")->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  simulate_cmd->add_option("--chart", simulate.chart, "draw a chart with gnuplot: FILE.svg or FILE.png");
  simulate_cmd->add_option("--chart-stat", simulate.chart_statistic,
                           "the statistic the chart shows (score, per_turn, win_rate, bust_rate, minutes, turns, rounds, decisions, pot, "
                           "house_edge, element_of_risk, sd_per_hand; default: score, or the --until statistic)");
  simulate_cmd->add_option("--per-game", simulate.per_game, "also write a CSV row per game to FILE.csv");
  simulate_cmd->add_flag("--long", simulate.long_rows, "with --per-game: a row per game and seat (long format, for pandas and R)");
  simulate_cmd->add_option("--turn-seconds", simulate.turn_seconds, "time model: seconds a turn (a hand, a bet) takes")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  simulate_cmd->add_option("--card-seconds", simulate.card_seconds, "time model: seconds a card placed (ThreeBeTween) or dealt takes")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  simulate_cmd->add_option("--round-seconds", simulate.round_seconds, "time model: seconds a round's set-up and tally (a deal, a hand of the table) take")
      ->check(CLI::NonNegativeNumber)->capture_default_str();

  std::string replay_file, replay_color = "auto";
  auto* replay_cmd = app.add_subcommand("replay", "replay a saved game and print what happened");
  replay_cmd->add_option("file", replay_file, "a game saved by `play` (or a protocol log)")->required();
  replay_cmd->add_option("--color", replay_color, "colour: auto, always, never")->check(CLI::IsMember({"auto", "always", "never"}));

  cli::ServeCommandOptions serve;
  auto* serve_cmd = app.add_subcommand("serve", "the table server: a browser table and a WebSocket for play (docs/server.md)");
  serve_cmd->add_option("--host", serve.host, "the address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  serve_cmd->add_option("--port", serve.port, "the port (0: any free one)")->check(CLI::Range(0, 65535))->capture_default_str();
  serve_cmd->add_option("--threads", serve.threads, "network threads (0: one per core); tables play on all of them at once")
      ->check(CLI::Range(0, 256))->capture_default_str();
  serve_cmd->add_option("--db", serve.db, "where every table and move is kept: an SQLite file, or postgresql://USER@HOST/DB shared by several servers (docs/scale-out.md)")
      ->capture_default_str();
  serve_cmd->add_option("--trusted-proxy", serve.trusted_proxies,
                        "the address of a reverse proxy in front of this server (nginx): its X-Real-IP header names each client, counted for the limits as itself; repeat for more");
  serve_cmd->add_option("--node", serve.node, "this server's name among several on one PostgreSQL database (default: node)");
  serve_cmd->add_option("--advertise", serve.advertise, "HOST:PORT where the other servers on the database reach this one (default: --host and the port it listens on)");
  serve_cmd->add_option("--lease-seconds", serve.lease_seconds, "on PostgreSQL: a table whose server stops renewing its lease is taken over by another after this long")
      ->check(CLI::Range(1, 60))->capture_default_str();
  serve_cmd->add_option("--web", serve.web, "the page's folder (default: web/dist in the data folder)");
  serve_cmd->add_option("--bot-delay-ms", serve.bot_delay_ms, "how long a bot waits before its move")->check(CLI::Range(0, 60000))->capture_default_str();
  serve_cmd->add_option("--max-tables", serve.max_tables, "the most tables the server holds")->check(CLI::Range(1, 100000))->capture_default_str();
  serve_cmd->add_option("--max-tables-per-address", serve.max_tables_per_address, "the most open tables (not over) one address may have created")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  serve_cmd->add_option("--abandoned-after-minutes", serve.abandoned_after_minutes,
                        "a table nobody has been at for this long is let go of and its bots stop (kept in the store; anyone with its link brings it back)")
      ->check(CLI::Range(1, 100000))->capture_default_str();
  serve_cmd->add_option("--finished-kept-minutes", serve.finished_kept_minutes, "a table that is over and that nobody is at is let go of after this long (kept in the store)")
      ->check(CLI::Range(1, 100000))->capture_default_str();
  serve_cmd->add_option("--waiting-kept-minutes", serve.waiting_kept_minutes,
                        "a table whose game has not started and that nobody is at is let go of after this long, its place in --max-tables "
                        "given back (kept in the store; its link brings it back)")
      ->check(CLI::Range(1, 100000))->capture_default_str();
  serve_cmd->add_option("--max-connections", serve.max_connections, "connections the server holds at once")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  serve_cmd->add_option("--max-connections-per-address", serve.max_connections_per_address, "connections one address may hold")
      ->check(CLI::Range(1, 100000))->capture_default_str();
  serve_cmd->add_option("--http-requests-per-second", serve.http_requests_per_second, "HTTP requests one address may make a second (bursts of four times as many); past that 429")
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  serve_cmd->add_option("--heavy-wait-ms", serve.heavy_wait_ms,
                        "how long a /log or /verify waits for a place among the long work (at most 2 a table, 4 an address) before 503")
      ->check(CLI::Range(0, 600000))->capture_default_str();
  serve_cmd->add_option("--messages-per-second", serve.messages_per_second, "a connection's rate of messages (bursts of 3x)")
      ->check(CLI::Range(0.1, 1e9))->capture_default_str();
  serve_cmd->add_option("--solver-mb", serve.solver_mb, "memory one solved table may use: a ThreeBeTween rules' (hints, optimal bot), a heads-up pot game's chance to win (hints, winning bot)")
      ->check(CLI::Range(1, 1 << 20))->capture_default_str();
  serve_cmd->add_option("--solver-cache-mb", serve.solver_cache_mb,
                        "memory all the ThreeBeTween solver's tables may hold together; past it the least recently used one "
                        "nobody is using is let go (at least --solver-mb)")
      ->check(CLI::Range(1, 1 << 20))->capture_default_str();
  serve_cmd->add_option("--public-origin", serve.public_origins,
                        "this server's own address as a browser names it behind a proxy (https://cards.example.com); "
                        "repeat for more (its --host and --port always count)");
  serve_cmd->add_option("--allow-origin", serve.allow_origins,
                        "another page (http(s)://host[:port]) that may open the WebSocket; repeat for more (the server's own page always may)");

  std::string verify_file;
  auto* verify_cmd = app.add_subcommand("verify", "check a finished game's log from `serve` against its fairness commitment");
  verify_cmd->add_option("file", verify_file, "the log (`/tables/CODE/log`)")->required();
  int verify_oldest = server::kCommitmentVersion;
  verify_cmd->add_option("--allow-version", verify_oldest,
                         fmt::format("also accept a log committed by this older scheme (1: the seed only, weaker than version {}, "
                                     "which covers the rules, knobs and players too)",
                                     server::kCommitmentVersion))
      ->check(CLI::Range(1, server::kCommitmentVersion));

  if (auto unknown = cli::unknown_command(app, argc, argv)) {
    fmt::print(stderr, "inbetween: {}\n", *unknown);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end with 0; every mistake on the command line with 2.
    return app.exit(e) == 0 ? 0 : 2;
  }
  try {
    if (play_cmd->parsed()) {
      if (!play_seed.empty()) play.seed = cli::parse_seed(play_seed);
      play.save_named = save_opt->count() > 0;
      // A continued game is saved back to its own file unless --save names another.
      if (!play.load.empty() && !play.save_named) play.save = play.load;
      if (!play.load.empty()) play.ignored = cli::ignored_with_load(*play_cmd);
      return cli::run_play(play, std::cin, std::cout);
    }
    if (engine_cmd->parsed()) {
      // Defaults that cannot load are refused now, not at the first `new`.
      std::vector<rules::Override> overrides;
      for (const auto& text : engine_choice.sets) overrides.push_back(rules::parse_override(text));
      games::with_rules(engine_choice.rules, overrides, []<games::Family F>(auto&&) {});
      protocol::run_engine(std::cin, std::cout, engine_choice.rules, engine_choice.sets);
      return 0;
    }
    if (rules_cmd->got_subcommand("list")) return cli::run_rules_list(std::cout);
    if (show_cmd->parsed()) return cli::run_rules_show(show_choice, std::cout);
    if (decks_cmd->got_subcommand("list")) return cli::run_decks_list(std::cout);
    if (deck_show_cmd->parsed()) return cli::run_decks_show(deck_name, std::cout);
    if (odds_cmd->parsed()) return cli::run_odds(odds, std::cout);
    if (solve_cmd->parsed() && !solve_three_cmd->parsed()) {
      if (!solve_win_flag || solve_cmd->count("rules") == 0)
        throw cli::CommandLineError("solve: name the rules and ask for --win (e.g. `inbetween solve hoyle --win`), or "
                                    "`inbetween solve threebetween`");
      return cli::run_solve_win(solve_win_choice, solve_win, std::cout);
    }
    if (solve_three_cmd->parsed()) {
      if (solve_three_win) return cli::run_solve_three_win(solve_choice, {solve.format, solve_three_chart, solve_three_step}, std::cout);
      if (solve_three_step != 0) throw cli::CommandLineError("solve threebetween: --totals-step is a setting of the win table: add --win");
      if (!solve_seed.empty()) solve.seed = cli::parse_seed(solve_seed);
      return cli::run_solve(solve_choice, solve, std::cout);
    }
    if (replay_cmd->parsed()) return cli::run_replay(replay_file, replay_color, std::cout);
    if (serve_cmd->parsed()) return cli::run_serve(serve, std::cout);
    if (verify_cmd->parsed()) return cli::run_verify(verify_file, verify_oldest, std::cout);
    if (simulate_cmd->parsed()) {
      if (!simulate_seed.empty()) simulate.seed = cli::parse_seed(simulate_seed);
      return cli::run_simulate(simulate, std::cout, std::cerr);
    }
  } catch (const rules::RuleError& e) {
    fmt::print(stderr, "inbetween: {}\n", e.what());
    return 2;
  } catch (const protocol::ProtocolError& e) {
    fmt::print(stderr, "inbetween: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    // A hand-edited save file with a value of the wrong type, and the like.
    fmt::print(stderr, "inbetween: {}\n", e.what());
    return 2;
  } catch (...) {
    // Nothing the program throws is of another type; should a library's be, it is still a
    // refusal with exit status 2, not an abort.
    fmt::print(stderr, "inbetween: an unexpected error (not a standard exception)\n");
    return 2;
  }
  return 0;
}
