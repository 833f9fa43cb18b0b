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

// A proportion and the half-width of its 95% interval (normal approximation).
std::pair<double, double> rate(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {0, 0};
  double p = static_cast<double>(k) / static_cast<double>(n);
  return {p, 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(n))};
}

// The seats of one bot kind taken together.
struct KindStats {
  sim::Tally score;
  std::uint64_t wins = 0, seat_games = 0;
};

std::map<std::string, KindStats> by_kind(const sim::SimStats& s) {
  std::map<std::string, KindStats> kinds;
  for (const auto& seat : s.seats) {
    auto& k = kinds[seat.kind];
    k.score.merge(seat.score);
    k.wins += seat.wins;
    k.seat_games += seat.score.n;
  }
  return kinds;
}

void print_table(const sim::SimStats& s, const SimulateOptions& o, const char* unit, std::ostream& out) {
  fmt::print(out, "{}: {} games of {} bots, seed {}{}\n", s.rules_name, s.games, s.seats.size(), o.seed,
             s.partial ? " (PARTIAL: interrupted)" : "");
  fmt::print(out, "{:<7} {:<9} {:>24} {:>18}\n", "seat", "bot", fmt::format("{} per game (95%)", unit), "win rate (95%)");
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    auto [p, h] = rate(seat.wins, seat.score.n);
    fmt::print(out, "{:<7} {:<9} {:>+15.3f} ± {:<6.3f} {:>9.1f}% ± {:.1f}%\n", fmt::format("seat{}", i + 1), seat.kind,
               seat.score.mean(), seat.score.ci95(), 100 * p, 100 * h);
  }
  auto kinds = by_kind(s);
  if (kinds.size() > 1) {
    fmt::print(out, "by bot kind:\n");
    for (const auto& [kind, k] : kinds) {
      auto [p, h] = rate(k.wins, k.seat_games);
      fmt::print(out, "        {:<9} {:>+15.3f} ± {:<6.3f} {:>9.1f}% ± {:.1f}%\n", kind, k.score.mean(), k.score.ci95(), 100 * p,
                 100 * h);
    }
  }
  const auto& m = s.moves;
  fmt::print(out, "decisions per game: mean {:.2f} ± {:.2f}, median {}, 90th percentile {}, max {}\n", m.tally.mean(),
             m.tally.ci95(), m.quantile(0.5), m.quantile(0.9), m.tally.hi);
  fmt::print(out, "games stopped unfinished: {}\n", s.stopped);
  if (s.against_house) {
    fmt::print(out, "house edge (the house's gain over the chips first wagered): {:.3f}% ± {:.3f}%", 100 * s.house_edge.ratio(),
               100 * s.house_edge.ci95());
    if (s.exact_house_edge) fmt::print(out, "; exact for a fresh shoe, best play: {:.3f}%", 100 * *s.exact_house_edge);
    fmt::print(out, "\n");
  }
}

// `prefix`: the swept knob's value and a comma, or "" (the header then has no knob column).
void print_csv(const sim::SimStats& s, const std::string& knob, const std::string& prefix, bool header, std::ostream& out) {
  if (header)
    fmt::print(out, "{}seat,bot,games,score_mean,score_ci95,win_rate,win_rate_ci95,decisions_mean\n", knob.empty() ? "" : knob + ",");
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    auto [p, h] = rate(seat.wins, seat.score.n);
    fmt::print(out, "{}seat{},{},{},{:.6f},{:.6f},{:.6f},{:.6f},{:.4f}\n", prefix, i + 1, seat.kind, seat.score.n, seat.score.mean(),
               seat.score.ci95(), p, h, s.moves.tally.mean());
  }
}

// A sweep as a table: one row per value, each seat's result and the decisions per game.
void print_sweep_table(const std::vector<sim::SimStats>& runs, const sim::Sweep& sweep, const SimulateOptions& o,
                       std::ostream& out) {
  const auto& first = runs.front();
  fmt::print(out, "{}: {} games of {} bots per value, seed {}; {} per game (95%)\n", first.rules_name, o.games, first.seats.size(),
             o.seed, first.unit);
  std::string head = fmt::format("{:<14}", sweep.knob);
  for (std::size_t i = 0; i < first.seats.size(); ++i) head += fmt::format(" {:>20}", fmt::format("seat{} {}", i + 1, first.seats[i].kind));
  head += fmt::format(" {:>16}", "decisions/game");
  if (first.against_house) head += fmt::format(" {:>18}", "house edge");
  fmt::print(out, "{}\n", head);
  for (std::size_t v = 0; v < runs.size(); ++v) {
    const auto& s = runs[v];
    std::string row = fmt::format("{:<14}", sweep.values[v]);
    for (const auto& seat : s.seats) row += fmt::format(" {:>20}", fmt::format("{:+.3f} ± {:.3f}", seat.score.mean(), seat.score.ci95()));
    row += fmt::format(" {:>16}", fmt::format("{:.1f} ± {:.1f}", s.moves.tally.mean(), s.moves.tally.ci95()));
    if (s.against_house) row += fmt::format(" {:>18}", fmt::format("{:.2f}% ± {:.2f}%", 100 * s.house_edge.ratio(), 100 * s.house_edge.ci95()));
    fmt::print(out, "{}{}\n", row, s.partial ? "  (PARTIAL)" : "");
  }
}

nlohmann::json stats_json(const sim::SimStats& s, const SimulateOptions& o) {
  using nlohmann::json;
  json seats = json::array();
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const auto& seat = s.seats[i];
    auto [p, h] = rate(seat.wins, seat.score.n);
    seats.push_back({{"seat", fmt::format("seat{}", i + 1)}, {"bot", seat.kind}, {"games", seat.score.n},
                     {"score", {{"mean", seat.score.mean()}, {"ci95", seat.score.ci95()}, {"min", seat.score.lo}, {"max", seat.score.hi}}},
                     {"win_rate", {{"mean", p}, {"ci95", h}}}});
  }
  const auto& m = s.moves;
  json j = {{"rules", s.rules_name},  {"game", s.family},        {"seed", o.seed},       {"games", s.games},
            {"stopped", s.stopped},   {"partial", s.partial},    {"seats", seats},
            {"decisions", {{"mean", m.tally.mean()}, {"ci95", m.tally.ci95()}, {"median", m.quantile(0.5)},
                           {"p90", m.quantile(0.9)}, {"max", m.tally.hi}}}};
  if (s.against_house) {
    j["house_edge"] = {{"mean", s.house_edge.ratio()}, {"ci95", s.house_edge.ci95()}};
    if (s.exact_house_edge) j["house_edge"]["exact"] = *s.exact_house_edge;
  }
  return j;
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
  bool idle = false;  // a rank with no games of its own (fewer games than ranks)
#ifdef INBETWEEN_MPI
  // Under mpirun: this rank's share of the games, gathered to rank 0 below (sim/mpi_share.h).
  auto share = sim::mpi::share_of(spec.games, sim::mpi::rank(), sim::mpi::size());
  idle = share.games == 0 && spec.games > 0;
  spec.first = share.first;
  spec.games = share.games;
#endif
  std::optional<sim::Sweep> sweep;
  if (!o.sweep.empty()) {
    try {
      sweep = sim::parse_sweep(o.sweep);
    } catch (const std::invalid_argument& e) {
      throw CommandLineError(e.what());
    }
    for (const auto& set : spec.overrides)
      if (set.knob == sweep->knob)
        throw CommandLineError(fmt::format("--sweep {} and --set {}={} name the same knob; give one", o.sweep, set.knob, set.value));
  }

  // Ctrl-C stops the run cleanly: what was gathered is printed, marked partial.
  g_stop.store(false);
  auto previous = std::signal(SIGINT, on_interrupt);
#ifdef INBETWEEN_MPI
  // mpirun answers Ctrl-C with SIGTERM to every rank and SIGKILL a second later: time enough
  // to stop, gather and print what was gathered.
  auto previous_term = sim::mpi::active() ? std::signal(SIGTERM, on_interrupt) : SIG_ERR;
#endif
  auto start = std::chrono::steady_clock::now();
  std::vector<sim::SimStats> runs;
  std::uint64_t planned = spec.games * (sweep ? sweep->values.size() : 1);
  std::atomic<std::uint64_t> done{0};
  auto play = [&] { return idle ? sim::SimStats{} : sim::simulate(spec, &g_stop, &done); };
  // A failure is kept until every rank has reported: under MPI a rank must not leave alone.
  std::exception_ptr failure;
  {
    // A progress line on stderr when it is a terminal: games done, games/s, time left.
    std::jthread progress;
    if (isatty(STDERR_FILENO))
      progress = std::jthread([&](std::stop_token token) { show_progress(token, done, planned, start, err); });
    try {
      if (!sweep) {
        runs.push_back(play());
      } else {
        auto base = spec.overrides;
        for (const auto& value : sweep->values) {
          if (g_stop.load()) break;
          spec.overrides = base;
          spec.overrides.push_back({sweep->knob, value});
          try {
            runs.push_back(play());
          } catch (const rules::RuleError& e) {
            throw CommandLineError(fmt::format("--sweep {}: {}{}", o.sweep, sweep->range ? "the knob takes no whole numbers: " : "",
                                               e.what()));
          }
        }
      }
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
    auto all = sim::mpi::gather({std::move(runs), stopped, error});
    if (sim::mpi::rank() != 0) {
      if (failure) std::rethrow_exception(failure);
      return 0;  // rank 0 prints
    }
    runs = std::move(all.runs);
    stopped = all.stopped;
    if (!failure && !all.error.empty()) failure = std::make_exception_ptr(std::runtime_error(all.error));
    where = fmt::format("{} ranks of {}", sim::mpi::size(), where);
  }
#endif
  if (failure) std::rethrow_exception(failure);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bool partial = stopped || std::any_of(runs.begin(), runs.end(), [](const auto& r) { return r.partial; });
  if (runs.empty()) {
    fmt::print(err, "interrupted before a game was played\n");
    return 130;
  }

  std::uint64_t games = 0;
  for (const auto& r : runs) games += r.games;
  if (!sweep) {
    if (o.format == "csv") print_csv(runs[0], "", "", true, out);
    else if (o.format == "json") out << stats_json(runs[0], o).dump(2) << "\n";
    else print_table(runs[0], o, runs[0].unit.c_str(), out);
  } else if (o.format == "csv") {
    for (std::size_t v = 0; v < runs.size(); ++v) print_csv(runs[v], sweep->knob, sweep->values[v] + ",", v == 0, out);
  } else if (o.format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t v = 0; v < runs.size(); ++v) {
      auto j = stats_json(runs[v], o);
      j["knob"] = sweep->knob;
      j["value"] = sweep->values[v];
      rows.push_back(std::move(j));
    }
    out << rows.dump(2) << "\n";
  } else {
    print_sweep_table(runs, *sweep, o, out);
    if (partial) fmt::print(out, "PARTIAL: interrupted after {} of {} values\n", runs.size(), sweep->values.size());
  }
  // The time goes to stderr: the figures on stdout depend only on the seed, never on threads.
  fmt::print(err, "{} games in {:.2f} s on {} ({:.0f} games/s)\n", games, seconds, where,
             static_cast<double>(games) / std::max(seconds, 1e-9));
  return partial ? 130 : 0;
}

}  // namespace inbetween::cli
