// `inbetween simulate`: the figures of many seeded bot games, as a table, CSV or JSON.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <csignal>
#include <cmath>
#include <algorithm>
#include <map>
#include <optional>
#include <ostream>
#include <thread>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/play_setup.h"
#include "cli/simulate_chart.h"
#include "cli/simulate_report.h"
#include "sim/fit.h"
#include "sim/simulate.h"
#include "sim/sweep.h"
#ifdef INBETWEEN_MPI
#include "sim/mpi_share.h"
#endif

namespace inbetween::cli {
namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_interrupt(int) { g_stop.store(true); }

// "bot:KIND" or "bot" (sensible) per seat.
std::vector<std::string> bot_kinds(const std::string& players) {
  std::vector<std::string> kinds;
  for (const auto& entry : player_entries(players)) {
    std::string l = lower_case(entry);
    if (l == "bot") kinds.push_back("sensible");
    else if (l.starts_with("bot:")) kinds.push_back(l.substr(4));
    else
      throw CommandLineError(fmt::format("--players \"{}\": '{}' is not a bot; every seat of a simulation is `bot` or `bot:KIND`",
                                         players, entry));
  }
  return kinds;
}

// Redraws one line about every 200 ms until asked to stop, then clears it.
void show_progress(std::stop_token token, const std::atomic<std::uint64_t>& done, std::uint64_t total,
                   std::chrono::steady_clock::time_point start, std::ostream& err) {
  std::mutex mutex;
  std::condition_variable_any wake;
  while (!token.stop_requested()) {
    {
      std::unique_lock lock(mutex);
      wake.wait_for(lock, token, std::chrono::milliseconds(200), [] { return false; });
    }
    if (token.stop_requested()) break;
    auto n = done.load(std::memory_order_relaxed);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double rate = seconds > 0 ? static_cast<double>(n) / seconds : 0;
    int width = 30, filled = static_cast<int>(width * static_cast<double>(n) / static_cast<double>(total));
    fmt::print(err, "\r[{}{}] {}/{} games, {:.0f} games/s, {:.0f} s left   ", std::string(static_cast<std::size_t>(filled), '#'),
               std::string(static_cast<std::size_t>(width - filled), ' '), n, total, rate,
               rate > 0 ? static_cast<double>(total - n) / rate : 0.0);
    err.flush();
  }
  fmt::print(err, "\r{}\r", std::string(90, ' '));
  err.flush();
}

// Runs the plain run, the sweep (a grid of sweeps) or the fit, as asked; each run's point of
// the grid (a value per knob; a fit's tried values).
struct Runs {
  std::vector<sim::SimStats> stats;
  std::vector<std::vector<std::string>> points;
  std::optional<sim::Fit> fit;
};

// `idle`: a rank of an MPI run with no games of its own keeps an empty run per value.
Runs run_all(const sim::SimSpec& spec, const sim::Grid& grid, const std::optional<sim::Goal>& goal, std::atomic<std::uint64_t>& done,
             bool idle) {
  auto play = [&](const sim::SimSpec& s) { return idle ? sim::SimStats{} : sim::simulate(s, &g_stop, &done); };
  Runs runs;
  if (grid.sweeps.empty()) {
    runs.stats.push_back(play(spec));
    return runs;
  }
  if (goal) {
    auto fit = sim::fit(spec, grid.sweeps.front(), *goal, &g_stop, &done);
    for (const auto& value : fit.values) runs.points.push_back({value});
    runs.stats = fit.runs;  // the fit keeps its own for describe()
    runs.fit = std::move(fit);
    return runs;
  }
  for (const auto& point : grid.points()) {
    if (g_stop.load()) break;
    runs.stats.push_back(play(sim::at_point(spec, grid, point)));
    runs.points.push_back(point);
  }
  return runs;
}

// Every value of every sweep, then every combination, is checked before a game is played: a
// knob that refuses a value, a seat count the rules do not seat.
void check_grid(sim::SimSpec spec, const sim::Grid& grid) {
  spec.games = std::max<std::uint64_t>(spec.games, 1);  // --games 0 (or an MPI rank's empty share) is simulate's to say
  auto checked = [&](const sim::SimSpec& s, const std::string& where) {
    try {
      sim::check(s);
    } catch (const rules::RuleError& e) {
      throw CommandLineError(fmt::format("{}: {}", where, e.what()));
    } catch (const sim::SeatCountError& e) {
      throw CommandLineError(fmt::format("{}: {} seat{}; the rules seat {} to {} (min_players, max_players)", where, e.seats,
                                         e.seats == 1 ? "" : "s", e.min, e.max));
    }
  };
  // Each value of a sweep with the other sweeps at their first values (a players sweep seats
  // the others' runs too), named by that sweep alone; then every combination.
  std::vector<std::string> first;
  for (const auto& sweep : grid.sweeps) first.push_back(sweep.values.front());
  for (std::size_t k = 0; k < grid.sweeps.size(); ++k)
    for (const auto& value : grid.sweeps[k].values) {
      auto point = first;
      point[k] = value;
      std::string others;
      for (std::size_t o = 0; o < point.size(); ++o)
        if (o != k) others += fmt::format("{}{}={}", others.empty() ? " (with " : ", ", grid.sweeps[o].knob, point[o]);
      checked(sim::at_point(spec, grid, point),
              fmt::format("--sweep {}: at {}={}{}", grid.sweeps[k].text, grid.sweeps[k].knob, value, others.empty() ? "" : others + ")"));
    }
  if (grid.sweeps.size() < 2) return;
  std::string all;
  for (const auto& sweep : grid.sweeps) all += (all.empty() ? "--sweep " : " --sweep ") + sweep.text;
  for (const auto& point : grid.points()) {
    std::string at;
    for (std::size_t k = 0; k < point.size(); ++k) at += fmt::format("{}{}={}", k ? ", " : "", grid.sweeps[k].knob, point[k]);
    checked(sim::at_point(spec, grid, point), fmt::format("{}: at {}", all, at));
  }
}

}  // namespace

int run_simulate(const SimulateOptions& o, std::ostream& out, std::ostream& err) {
  sim::SimSpec spec;
  spec.rules = o.rule_choice.rules;
  for (const auto& text : o.rule_choice.sets) spec.overrides.push_back(rules::parse_override(text));
  spec.bots = bot_kinds(o.players);
  spec.games = o.games;
  if (o.threads < 0) throw CommandLineError(fmt::format("--threads {}: give at least one thread", o.threads));
  spec.threads = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  spec.seed = o.seed;
  spec.time = {o.turn_seconds, o.card_seconds, o.round_seconds};
  spec.per_game = o.per_game;
  bool idle = false;  // a rank with no games of its own (fewer games than ranks)
#ifdef INBETWEEN_MPI
  // Under mpirun: this rank's share of the games, gathered to rank 0 below (sim/mpi_share.h).
  auto share = sim::mpi::share_of(spec.games, sim::mpi::rank(), sim::mpi::size());
  idle = share.games == 0 && spec.games > 0;
  spec.first = share.first;
  spec.games = share.games;
  // Each step of a bisection and each per-game row would need every rank's games first.
  if (sim::mpi::size() > 1 && !o.until.empty())
    throw CommandLineError(fmt::format("--until {}: not under mpirun (each step needs every rank's games); run it in one process",
                                       o.until));
  if (sim::mpi::size() > 1 && !o.per_game.empty())
    throw CommandLineError(fmt::format("--per-game {}: not under mpirun; run it in one process", o.per_game));
#endif
  spec.per_game_long = o.long_rows;
  sim::Grid grid;
  std::optional<sim::Goal> goal;
  const sim::Statistic* chart_statistic = nullptr;
  try {
    grid = sim::parse_grid(o.sweeps);
    if (!o.until.empty()) goal = sim::parse_goal(o.until);
  } catch (const std::invalid_argument& e) {
    throw CommandLineError(e.what());
  }
  for (const auto& sweep : grid.sweeps)
    for (const auto& set : spec.overrides)
      if (set.knob == sweep.knob)
        throw CommandLineError(fmt::format("--sweep {} and --set {}={} name the same knob; give one", sweep.text, set.knob, set.value));
  if (goal && (grid.sweeps.size() != 1 || !grid.sweeps[0].range))
    throw CommandLineError(fmt::format("--until {} needs a range to search: one --sweep knob=a..b:step", o.until));
  if (!o.per_game.empty() && !grid.sweeps.empty())
    throw CommandLineError(fmt::format("--per-game {} writes the games of one run; it cannot go with --sweep", o.per_game));
  if (o.long_rows && o.per_game.empty()) throw CommandLineError("--long shapes the --per-game file; give --per-game FILE.csv");
  if (!o.chart_statistic.empty() && o.chart.empty())
    throw CommandLineError(fmt::format("--chart-stat {} without --chart FILE: give the file to draw", o.chart_statistic));
  if (!o.chart.empty()) {
    check_chart(o.chart);
    auto name = !o.chart_statistic.empty() ? o.chart_statistic : goal ? std::string(goal->statistic->name) : std::string("score");
    chart_statistic = sim::find_statistic(name);
    if (!chart_statistic)
      throw CommandLineError(fmt::format("--chart-stat {}: no such statistic; statistics: {}", name, sim::statistic_names()));
  }
  check_grid(spec, grid);

  // Ctrl-C stops the run cleanly: what was gathered is printed, marked partial.
  g_stop.store(false);
  auto previous = std::signal(SIGINT, on_interrupt);
#ifdef INBETWEEN_MPI
  // mpirun answers Ctrl-C with SIGTERM to every rank and SIGKILL a second later: time enough
  // to stop, gather and print what was gathered.
  auto previous_term = sim::mpi::active() ? std::signal(SIGTERM, on_interrupt) : SIG_ERR;
#endif
  auto start = std::chrono::steady_clock::now();
  Runs runs;
  // A fit runs about log2(values) + 2 values; the progress bar counts on the whole range.
  std::uint64_t planned = spec.games * (goal ? static_cast<std::uint64_t>(std::ceil(std::log2(grid.size()))) + 2 : grid.size());
  std::atomic<std::uint64_t> done{0};
  // A failure is kept until every rank has reported: under MPI a rank must not leave alone.
  std::exception_ptr failure;
  {
    // A progress line on stderr when it is a terminal: games done, games/s, time left.
    std::jthread progress;
    if (isatty(STDERR_FILENO))
      progress = std::jthread([&](std::stop_token token) { show_progress(token, done, planned, start, err); });
    try {
      runs = run_all(spec, grid, goal, done, idle);
    } catch (const std::invalid_argument& e) {
      failure = std::make_exception_ptr(CommandLineError(e.what()));
    } catch (...) {
      failure = std::current_exception();
    }
  }
  std::signal(SIGINT, previous);
#ifdef INBETWEEN_MPI
  if (previous_term != SIG_ERR) std::signal(SIGTERM, previous_term);
#endif
  bool stopped = g_stop.load();
  std::string where = fmt::format("{} thread{}", spec.threads, spec.threads == 1 ? "" : "s");
#ifdef INBETWEEN_MPI
  if (sim::mpi::size() > 1) {
    // Every rank reports, failed or not, so that none waits for one that has left.
    std::string error;
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      error = e.what();
    } catch (...) {
      error = "an unknown error";
    }
    auto all = sim::mpi::gather({std::move(runs.stats), stopped, error});
    if (sim::mpi::rank() != 0) {
      if (failure) std::rethrow_exception(failure);
      return 0;  // rank 0 prints
    }
    runs.stats = std::move(all.runs);
    runs.points.resize(std::min(runs.points.size(), runs.stats.size()));
    stopped = all.stopped;
    if (!failure && !all.error.empty()) failure = std::make_exception_ptr(std::runtime_error(all.error));
    where = fmt::format("{} ranks of {}", sim::mpi::size(), where);
  }
#endif
  if (failure) std::rethrow_exception(failure);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bool partial = stopped || std::any_of(runs.stats.begin(), runs.stats.end(), [](const auto& r) { return r.partial; });
  if (runs.stats.empty()) {
    fmt::print(err, "interrupted before a game was played\n");
    return 130;
  }

  RunHeading heading{o.seed, spec.time};
  std::uint64_t games = 0;
  for (const auto& r : runs.stats) games += r.games;
  auto knobs = grid.knobs();
  if (grid.sweeps.empty()) {
    if (o.format == "csv") print_csv(runs.stats[0], heading, {}, {}, true, out);
    else if (o.format == "json") out << sim::run_json(runs.stats[0], heading).dump(2) << "\n";
    else print_table(runs.stats[0], heading, out);
  } else if (o.format == "csv") {
    for (std::size_t v = 0; v < runs.stats.size(); ++v) print_csv(runs.stats[v], heading, knobs, runs.points[v], v == 0, out);
  } else if (o.format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t v = 0; v < runs.stats.size(); ++v) {
      auto j = sim::run_json(runs.stats[v], heading);
      // One sweep: its knob and value (as the Python module's simulate(sweep=...) gives them); a
      // grid: the value of every knob.
      if (knobs.size() == 1) {
        j["knob"] = knobs[0];
        j["value"] = runs.points[v][0];
      } else {
        for (std::size_t k = 0; k < knobs.size(); ++k) j["at"][knobs[k]] = runs.points[v][k];
      }
      if (runs.fit) j["reaches_goal"] = runs.fit->answer == v;
      rows.push_back(std::move(j));
    }
    out << rows.dump(2) << "\n";
  } else {
    print_sweep_table(runs.stats, knobs, runs.points, heading, out);
    if (partial && !goal) fmt::print(out, "PARTIAL: interrupted after {} of {} values\n", runs.stats.size(), grid.size());
  }
  if (goal && o.format == "table") {
    if (partial) fmt::print(out, "PARTIAL: interrupted before the search ended\n");
    else fmt::print(out, "{}\n", sim::describe(*runs.fit, grid.sweeps.front(), *goal));
  }
  if (chart_statistic) {
    if (!chart_statistic->applies(runs.stats[0]))
      fmt::print(err, "--chart-stat {}: the {} rules have no such figure; no chart drawn\n", chart_statistic->name, runs.stats[0].rules_name);
    else {
      Chart chart{o.chart, chart_statistic, knobs, runs.points, goal ? std::optional(goal->value) : std::nullopt, o.seed, std::nullopt};
      if (runs.fit) chart.search = Chart::Search{runs.fit->answer, grid.size()};
      draw_chart(chart, runs.stats);
    }
  }
  // The time goes to stderr: the figures on stdout depend only on the seed, never on threads.
  fmt::print(err, "{} games in {:.2f} s on {} ({:.0f} games/s)\n", games, seconds, where,
             static_cast<double>(games) / std::max(seconds, 1e-9));
  return partial ? 130 : 0;
}

}  // namespace inbetween::cli
