#include "cli/simulate_chart.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli/commands.h"

extern char** environ;

namespace inbetween::cli {
namespace {

namespace fs = std::filesystem;

bool ends_with(const std::string& text, std::string_view end) { return text.size() >= end.size() && text.ends_with(end); }

std::optional<fs::path> find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

// A string for a gnuplot script, in double quotes.
std::string gnuplot_string(const std::string& text) {
  std::string q = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

bool all_numbers(const std::vector<std::string>& values) {
  for (const auto& v : values) {
    double x = 0;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (ec != std::errc() || end != v.data() + v.size()) return false;
  }
  return true;
}

// The series of a chart: one per seat for a statistic per seat, else one.
std::vector<std::string> series_names(const Chart& c, const sim::SimStats& s) {
  if (!c.statistic->per_seat) return {c.statistic->label(s)};
  std::vector<std::string> names;
  for (std::size_t i = 0; i < s.seats.size(); ++i) names.push_back(fmt::format("seat{} {}", i + 1, s.seats[i].kind));
  return names;
}

// Writes the data and the script into `dir` and returns the script.
std::string script_for(const Chart& c, const std::vector<sim::SimStats>& runs, const fs::path& dir) {
  const auto& first = runs.front();
  std::ofstream data(dir / "chart.dat");
  std::string out = fmt::format(
      "set terminal {} size 900,540 font \"sans,{}\" background \"white\"\nset termoption noenhanced\nset output {}\nset grid\n"
      "set key outside right top\nset datafile separator \"\\t\"\n",
      ends_with(c.file, ".png") ? "pngcairo" : "svg", ends_with(c.file, ".png") ? 11 : 13, gnuplot_string(fs::absolute(c.file).string()));
  std::string label = c.statistic->label(first);
  if (!c.knob.empty()) {
    // Against the knob: a line per series with its interval at every value.
    auto names = series_names(c, first);
    bool numeric = all_numbers(c.values);
    for (std::size_t v = 0; v < runs.size(); ++v) {
      fmt::print(data, "{}", c.values[v]);
      for (std::size_t k = 0; k < names.size(); ++k) {
        auto e = c.statistic->read(runs[v], k);
        fmt::print(data, "\t{:.9g}\t{:.9g}", e.mean, e.ci95);
      }
      fmt::print(data, "\n");
    }
    out += fmt::format("set title {}\nset xlabel {}\nset ylabel {}\n",
                       gnuplot_string(fmt::format("{}: {} against {} (95% intervals; {} games a value, seed {})", first.rules_name, label,
                                          c.knob, first.games, c.seed)),
                       gnuplot_string(c.knob), gnuplot_string(label));
    if (!numeric) out += "set xtics rotate by -30\n";
    else if (c.values.size() <= 15) {
      // Tics at the values swept, not at gnuplot's fractions between them.
      std::string tics;
      for (const auto& v : c.values) tics += (tics.empty() ? "" : ", ") + v;
      out += fmt::format("set xtics ({})\n", tics);
    }
    out += "plot ";
    for (std::size_t k = 0; k < names.size(); ++k) {
      auto columns = numeric ? fmt::format("1:{}:{}", 2 + 2 * k, 3 + 2 * k) : fmt::format("0:{}:{}:xtic(1)", 2 + 2 * k, 3 + 2 * k);
      out += fmt::format("{}{} using {} with yerrorlines lw 2 title {}", k ? ", " : "", k ? "''" : gnuplot_string((dir / "chart.dat").string()),
                         columns, gnuplot_string(names[k]));
    }
    if (c.goal) out += fmt::format(", {} with lines dt 2 lw 2 title {}", *c.goal, gnuplot_string(fmt::format("goal: {:g}", *c.goal)));
  } else if (c.statistic->distribution) {
    const auto* h = c.statistic->distribution(first);
    const double scale = c.statistic->scale;
    // One run, a length per game: its distribution, in about 50 bins.
    double lo = static_cast<double>(h->tally.lo) * scale, hi = static_cast<double>(h->tally.hi) * scale;
    double width = scale == 1 ? std::max(1.0, std::ceil((hi - lo + 1) / 50)) : std::max(0.5, std::ceil((hi - lo) / 25) / 2);
    std::map<long long, std::uint64_t> bins;
    for (const auto& [x, count] : h->counts) bins[static_cast<long long>(std::floor(static_cast<double>(x) * scale / width))] += count;
    for (const auto& [bin, count] : bins)
      fmt::print(data, "{:.9g}\t{:.9g}\n", (static_cast<double>(bin) + 0.5) * width,
                 static_cast<double>(count) / static_cast<double>(h->tally.n));
    out += fmt::format("set title {}\nset xlabel {}\nset ylabel \"share of games\"\nset style fill solid 0.6\nset boxwidth {} absolute\n",
                       gnuplot_string(fmt::format("{}: {} over {} games (mean {:.2f} ± {:.2f}, median {:.1f}, 90th percentile {:.1f}; seed {})",
                                          first.rules_name, label, first.games, h->tally.mean() * scale, h->tally.ci95() * scale,
                                          static_cast<double>(h->quantile(0.5)) * scale,
                                          static_cast<double>(h->quantile(0.9)) * scale, c.seed)),
                       gnuplot_string(label), width * 0.9);
    out += fmt::format("plot {} using 1:2 with boxes notitle", gnuplot_string((dir / "chart.dat").string()));
  } else {
    // One run, one figure per series: bars with their intervals.
    auto names = series_names(c, first);
    for (std::size_t k = 0; k < names.size(); ++k) {
      auto e = c.statistic->read(first, k);
      fmt::print(data, "{}\t{:.9g}\t{:.9g}\n", names[k], e.mean, e.ci95);
    }
    out += fmt::format("set title {}\nset ylabel {}\nset style fill solid 0.6\nset boxwidth 0.6\nset xrange [-0.6:{}]\n",
                       gnuplot_string(fmt::format("{}: {} (95% intervals; {} games, seed {})", first.rules_name, label, first.games, c.seed)),
                       gnuplot_string(label), static_cast<double>(names.size()) - 0.4);
    out += fmt::format("plot {} using 0:2:3:xtic(1) with boxerrorbars notitle", gnuplot_string((dir / "chart.dat").string()));
  }
  return out + "\n";
}

}  // namespace

void check_chart(const std::string& file) {
  if (!ends_with(file, ".svg") && !ends_with(file, ".png"))
    throw CommandLineError(fmt::format("--chart {}: the file must end in .svg or .png", file));
  if (!find_on_path("gnuplot"))
    throw ChartError(fmt::format("--chart {}: gnuplot is not on PATH; install it (Debian: apt-get install gnuplot-nox)", file));
}

void draw_chart(const Chart& chart, const std::vector<sim::SimStats>& runs) {
  std::error_code ec;
  fs::path temp = fs::temp_directory_path(ec);
  if (ec) throw ChartError(fmt::format("--chart {}: no folder for gnuplot's input: {} (is TMPDIR a folder?)", chart.file, ec.message()));
  std::string pattern = (temp / "inbetween-chart-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw ChartError(fmt::format("--chart {}: cannot make a folder for gnuplot's input", chart.file));
  fs::path dir = pattern;
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } cleanup{dir};
  {
    std::ofstream script(dir / "chart.gp");
    script << script_for(chart, runs, dir);
  }
  // gnuplot's own messages go to a file, to be quoted if it fails.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  std::string errors = (dir / "gnuplot.err").string();
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  std::string program = "gnuplot", script = (dir / "chart.gp").string();
  char* argv[] = {program.data(), script.data(), nullptr};
  pid_t pid = 0;
  int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    throw ChartError(fmt::format("--chart {}: cannot run gnuplot ({}); install it (Debian: apt-get install gnuplot-nox)", chart.file,
                                 std::strerror(spawned)));
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream in(errors);
    std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    throw ChartError(fmt::format("--chart {}: gnuplot failed: {}", chart.file, message));
  }
}

}  // namespace inbetween::cli
