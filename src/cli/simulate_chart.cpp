#include "cli/simulate_chart.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
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
#include "sim/statistics.h"

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

// A figure in the unit the chart shows: a share in percent.
double plotted(const sim::Statistic& s, double x) { return s.percent ? 100 * x : x; }
std::string cell(const std::optional<double>& x) { return x ? fmt::format("{:.9g}", *x) : "?"; }

// The sweep as a chart's data: rows along x (the first knob's values), panels (a seat each, when a
// grid draws a statistic per seat), series in each panel (the seats of a one-knob sweep, or the
// combinations of the other knobs), each with its mean, interval and exact figure.
struct Layout {
  std::vector<std::string> xs;            // the first knob's values, in order
  std::vector<std::string> panels;        // titles; one empty title: a single panel
  std::vector<std::string> series;        // names
  struct At {
    std::size_t x, panel, series;
  };
  std::vector<std::vector<At>> cells;     // per run: where its figures go
  std::vector<std::size_t> figure;        // per cell: the seat to read
};

std::size_t index_of(std::vector<std::string>& list, const std::string& item) {
  auto it = std::find(list.begin(), list.end(), item);
  if (it != list.end()) return static_cast<std::size_t>(it - list.begin());
  list.push_back(item);
  return list.size() - 1;
}

Layout layout(const Chart& c, const std::vector<sim::SimStats>& runs) {
  Layout l;
  bool grid = c.knobs.size() > 1, per_seat = c.statistic->per_seat;
  std::size_t seats = 0;
  const sim::SimStats* widest = &runs.front();
  for (const auto& r : runs)
    if (r.seats.size() > seats) seats = r.seats.size(), widest = &r;
  if (grid && per_seat)
    for (std::size_t i = 0; i < seats; ++i) l.panels.push_back(fmt::format("seat{} {}", i + 1, widest->seats[i].kind));
  else l.panels.push_back("");
  if (!grid) {
    if (per_seat)
      for (std::size_t i = 0; i < seats; ++i) l.series.push_back(fmt::format("seat{} {}", i + 1, widest->seats[i].kind));
    else l.series.push_back(c.statistic->label(runs.front()));
  }
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const auto& point = c.points[r];
    std::size_t x = index_of(l.xs, point[0]);
    std::string rest;
    for (std::size_t k = 1; k < point.size(); ++k) rest += fmt::format("{}{} = {}", k > 1 ? ", " : "", c.knobs[k], point[k]);
    auto& cells = l.cells.emplace_back();
    std::size_t seat_count = per_seat ? runs[r].seats.size() : 1;
    for (std::size_t i = 0; i < seat_count; ++i) {
      if (grid) cells.push_back({x, per_seat ? i : 0, index_of(l.series, rest)});
      else cells.push_back({x, 0, i});
    }
  }
  return l;
}

// Writes a data file per panel: a row per x, then mean, interval and exact per series.
void write_data(const Chart& c, const std::vector<sim::SimStats>& runs, const Layout& l, const fs::path& dir) {
  const auto& s = *c.statistic;
  std::size_t columns = 3 * l.series.size();
  std::vector<std::vector<std::vector<std::string>>> table(
      l.panels.size(), std::vector<std::vector<std::string>>(l.xs.size(), std::vector<std::string>(columns, "?")));
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (std::size_t i = 0; i < l.cells[r].size(); ++i) {
      const auto& at = l.cells[r][i];
      auto e = s.read(runs[r], i);
      auto& row = table[at.panel][at.x];
      row[3 * at.series] = cell(plotted(s, e.mean));
      row[3 * at.series + 1] = cell(plotted(s, e.ci95));
      if (s.exact)
        if (auto exact = s.exact(runs[r])) row[3 * at.series + 2] = cell(plotted(s, *exact));
    }
  for (std::size_t p = 0; p < l.panels.size(); ++p) {
    std::ofstream data(dir / fmt::format("panel{}.dat", p));
    for (std::size_t x = 0; x < l.xs.size(); ++x) {
      fmt::print(data, "{}", l.xs[x]);
      for (const auto& value : table[p][x]) fmt::print(data, "\t{}", value);
      fmt::print(data, "\n");
    }
  }
}

// The x axis: the values swept, with room at both ends for their interval bars.
std::string x_axis(const Layout& l, bool numeric) {
  if (!numeric) return fmt::format("set xtics rotate by -30\nset xrange [-0.5:{}]\n", static_cast<double>(l.xs.size()) - 0.5);
  std::vector<double> xs;
  for (const auto& v : l.xs) xs.push_back(std::stod(v));
  auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
  double pad = *hi > *lo ? (*hi - *lo) * 0.05 : 0.5;
  std::string out = fmt::format("set xrange [{:.9g}:{:.9g}]\n", *lo - pad, *hi + pad);
  if (l.xs.size() <= 15) {
    // Tics at the values swept, not at gnuplot's fractions between them.
    std::string tics;
    for (const auto& v : l.xs) tics += (tics.empty() ? "" : ", ") + v;
    out += fmt::format("set xtics ({})\n", tics);
  }
  return out;
}

// Against the knob: a line per series (points only for a search), the exact figure dashed, the
// goal dashed, the search's answer marked.
std::string sweep_script(const Chart& c, const std::vector<sim::SimStats>& runs, const fs::path& dir) {
  const auto& s = *c.statistic;
  const auto& first = runs.front();
  auto l = layout(c, runs);
  write_data(c, runs, l, dir);
  bool numeric = all_numbers(l.xs);
  std::string label = sim::axis_label(s, first), out;
  std::string what = c.search ? fmt::format("the {} of {} values the search played", runs.size(), c.search->range_values)
                              : fmt::format("{} games a {}", first.games, c.knobs.size() > 1 ? "combination" : "value");
  std::string title = fmt::format("{}: {} against {} (95% intervals; {}, seed {})", first.rules_name, s.label(first), c.knobs[0], what, c.seed);
  if (l.panels.size() > 1) {
    std::size_t columns = 2, rows = (l.panels.size() + 1) / 2;
    out += fmt::format("set multiplot layout {},{} title {}\n", rows, columns, gnuplot_string(title));
  } else {
    out += fmt::format("set title {}\n", gnuplot_string(title));
  }
  out += fmt::format("set xlabel {}\nset ylabel {}\n", gnuplot_string(c.knobs[0]), gnuplot_string(label));
  out += x_axis(l, numeric);
  bool has_exact = s.exact && std::any_of(runs.begin(), runs.end(), [&](const auto& r) { return s.exact(r).has_value(); });
  for (std::size_t p = 0; p < l.panels.size(); ++p) {
    if (l.panels.size() > 1) out += fmt::format("set title {}\n", gnuplot_string(l.panels[p]));
    auto data = gnuplot_string((dir / fmt::format("panel{}.dat", p)).string());
    std::string x = numeric ? "1" : "0", tic = numeric ? "" : ":xtic(1)";
    std::string plot;
    for (std::size_t k = 0; k < l.series.size(); ++k) {
      std::string style = c.search ? "yerrorbars pt 7 ps 1.2" : "yerrorlines lw 2";
      plot += fmt::format("{}{} using {}:{}:{}{} with {} lc {} title {}", plot.empty() ? "" : ", ", data, x, 2 + 3 * k, 3 + 3 * k, tic,
                          style, k + 1, gnuplot_string(l.series[k]));
      if (has_exact)
        plot += fmt::format(", {} using {}:{} with lines dt 2 lw 1.5 lc {} title {}", data, x, 4 + 3 * k, k + 1,
                            gnuplot_string(l.series.size() > 1 ? l.series[k] + ": exact" : "exact (fresh shoe, best play)"));
    }
    if (c.search && c.search->answer) {
      // The answer again, large and red, so that it stands out among the values played.
      auto i = *c.search->answer;
      std::ofstream answer(dir / "answer.dat");
      auto e = s.read(runs[i], 0);
      fmt::print(answer, "{}\t{:.9g}\t{:.9g}\n", numeric ? c.points[i][0] : std::to_string(i), plotted(s, e.mean), plotted(s, e.ci95));
      plot += fmt::format(", {} using 1:2:3 with yerrorbars pt 9 ps 2.2 lw 2 lc rgb \"#d62728\" title {}",
                          gnuplot_string((dir / "answer.dat").string()),
                          gnuplot_string(fmt::format("answer: {} = {}", c.knobs[0], c.points[i][0])));
    }
    if (c.goal)
      plot += fmt::format(", {:.9g} with lines dt 2 lw 2 lc rgb \"black\" title {}", plotted(s, *c.goal),
                          gnuplot_string("goal: " + sim::shown(s, *c.goal)));
    out += "plot " + plot + "\n";
  }
  if (l.panels.size() > 1) out += "unset multiplot\n";
  return out;
}

}  // namespace

std::string chart_script(const Chart& c, const std::vector<sim::SimStats>& runs, const fs::path& dir) {
  const auto& first = runs.front();
  const auto& s = *c.statistic;
  bool png = ends_with(c.file, ".png");
  std::size_t panels = !c.knobs.empty() && c.knobs.size() > 1 && s.per_seat ? first.seats.size() : 1;
  for (const auto& r : runs) panels = std::max(panels, c.knobs.size() > 1 && s.per_seat ? r.seats.size() : 1);
  std::size_t height = panels > 1 ? 300 * ((panels + 1) / 2) + 60 : 540;
  std::string out = fmt::format(
      "set terminal {} size {},{} font \"sans,{}\" background \"white\"\nset termoption noenhanced\nset output {}\nset grid\n"
      "set key below\nset datafile separator \"\\t\"\nset datafile missing \"?\"\n",
      png ? "pngcairo" : "svg", panels > 1 ? 1200 : 900, height, png ? 11 : 13, gnuplot_string(fs::absolute(c.file).string()));
  std::string label = sim::axis_label(s, first);
  if (!c.knobs.empty()) return out + sweep_script(c, runs, dir);
  std::ofstream data(dir / "chart.dat");
  if (s.distribution) {
    const auto* h = s.distribution(first);
    const double scale = s.scale;
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
    return out + fmt::format("plot {} using 1:2 with boxes notitle\n", gnuplot_string((dir / "chart.dat").string()));
  }
  // One run, one figure per series: bars with their intervals, the exact figure dashed.
  std::vector<std::string> names;
  if (s.per_seat)
    for (std::size_t i = 0; i < first.seats.size(); ++i) names.push_back(fmt::format("seat{} {}", i + 1, first.seats[i].kind));
  else names.push_back(s.label(first));
  for (std::size_t k = 0; k < names.size(); ++k) {
    auto e = s.read(first, k);
    fmt::print(data, "{}\t{:.9g}\t{:.9g}\n", names[k], plotted(s, e.mean), plotted(s, e.ci95));
  }
  out += fmt::format("set title {}\nset ylabel {}\nset style fill solid 0.6\nset boxwidth 0.6\nset xrange [-0.6:{}]\n",
                     gnuplot_string(fmt::format("{}: {} (95% intervals; {} games, seed {})", first.rules_name, s.label(first), first.games, c.seed)),
                     gnuplot_string(label), static_cast<double>(names.size()) - 0.4);
  out += fmt::format("plot {} using 0:2:3:xtic(1) with boxerrorbars notitle", gnuplot_string((dir / "chart.dat").string()));
  if (s.exact)
    if (auto exact = s.exact(first))
      out += fmt::format(", {:.9g} with lines dt 2 lw 2 lc rgb \"black\" title {}", plotted(s, *exact),
                         gnuplot_string(fmt::format("exact (fresh shoe, best play): {:.3f}{}", plotted(s, *exact), s.percent ? "%" : "")));
  return out + "\n";
}

void check_chart(const std::string& file) {
  if (!ends_with(file, ".svg") && !ends_with(file, ".png"))
    throw CommandLineError(fmt::format("--chart {}: the file must end in .svg or .png", file));
  if (!find_on_path("gnuplot"))
    throw ChartError(fmt::format("--chart {}: gnuplot is not on PATH; install it (Debian: apt-get install gnuplot-nox)", file));
}

void draw_chart(const Chart& chart, const std::vector<sim::SimStats>& runs) {
  run_gnuplot(chart.file, [&](const fs::path& dir) { return chart_script(chart, runs, dir); });
}

void run_gnuplot(const std::string& file, const std::function<std::string(const std::filesystem::path&)>& make_script) {
  std::error_code ec;
  fs::path temp = fs::temp_directory_path(ec);
  if (ec) throw ChartError(fmt::format("--chart {}: no folder for gnuplot's input: {} (is TMPDIR a folder?)", file, ec.message()));
  std::string pattern = (temp / "inbetween-chart-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw ChartError(fmt::format("--chart {}: cannot make a folder for gnuplot's input", file));
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
    script << make_script(dir);
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
    throw ChartError(fmt::format("--chart {}: cannot run gnuplot ({}); install it (Debian: apt-get install gnuplot-nox)", file,
                                 std::strerror(spawned)));
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream in(errors);
    std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    throw ChartError(fmt::format("--chart {}: gnuplot failed: {}", file, message));
  }
}

}  // namespace inbetween::cli
