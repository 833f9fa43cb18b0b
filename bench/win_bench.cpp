// The heads-up chance to win a pot game (docs/solver.md, "Playing to win"): solving hoyle's whole
// table, reading a saved one, and a hint's rating (every bet's chance to win) at decisions of real
// games, from a table in memory.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "families/pot/bots.h"
#include "games/any_table.h"
#include "games/win_estimate.h"
#include "protocol/table_session.h"
#include "families/pot/game.h"
#include "families/pot/win_solver.h"
#include "families/three/bots.h"
#include "families/three/game.h"
#include "families/three/rules.h"
#include "families/three/win_solver.h"
#include "rules/rule_files.h"

namespace {

using namespace inbetween;
namespace pot = games::pot;

rules::PotRules hoyle() { return rules::load_pot_rules("hoyle", {}); }

void BM_SolveHoyleHeadsUp(benchmark::State& state) {
  auto r = hoyle();
  for (auto _ : state) {
    strategy::PotWinSolver solver(r);
    benchmark::DoNotOptimize(solver.start_chance());
  }
}
BENCHMARK(BM_SolveHoyleHeadsUp)->Unit(benchmark::kMillisecond);

void BM_LoadHoyleTable(benchmark::State& state) {
  auto r = hoyle();
  std::string path = (std::filesystem::temp_directory_path() / ("win-bench-" + std::to_string(::getpid()) + ".bin")).string();
  strategy::PotWinSolver(r).save(path);
  for (auto _ : state) benchmark::DoNotOptimize(strategy::PotWinSolver::load(path, r));
  std::filesystem::remove(path);
}
BENCHMARK(BM_LoadHoyleTable)->Unit(benchmark::kMicrosecond);

// Every decision of 20 heads-up hoyle games played by the winning bot, rated in turn.
void BM_RateADecision(benchmark::State& state) {
  auto r = hoyle();
  auto rules = std::make_shared<const rules::PotRules>(r);
  auto table = strategy::PotWinSolver::shared(r);
  std::vector<pot::PotGame> decisions;
  strategy::WinningBot bot;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    games::Setup setup;
    setup.players = {"ann", "bob"};
    setup.seed = seed;
    std::vector<pot::Event> events;
    pot::PotGame game(rules, setup, events);
    cards::Rng rng(seed);
    while (!game.over()) {
      decisions.push_back(game);
      events.clear();
      game.apply(game.to_act(), bot.choose(game, game.to_act(), rng), events);
    }
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(table->rate(decisions[i]));
    i = (i + 1) % decisions.size();
  }
}
BENCHMARK(BM_RateADecision)->Unit(benchmark::kMicrosecond);

}  // namespace

namespace {
// Any number of seats (games/win_estimate.h): every seat's chance from the start of a three-seat
// game of each preset, 400 playouts of sensible bots (an interval about +-0.05 wide); the goal is
// 100 ms.
void BM_EstimateThreeSeats(benchmark::State& state, const char* preset) {
  inbetween::games::Setup setup;
  setup.players = {"ann", "bob", "cy"};
  setup.seed = 5;
  auto table = inbetween::games::open_table(inbetween::rules::read_rule_file(preset), setup);
  std::uint64_t seed = 1;
  for (auto _ : state) benchmark::DoNotOptimize(inbetween::games::estimate_win_chances(*table, 0, 400, seed++));
}
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, hoyle, "hoyle")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, between_the_sheets, "between-the-sheets")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, acey_deucey, "acey-deucey")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EstimateThreeSeats, threebetween, "threebetween")->Unit(benchmark::kMillisecond);
}  // namespace

namespace {
// A hint at three or more seats (protocol/win_hint.h): the family's hint and each seat's chance
// with each choice's, by playouts (the default budget), at every decision of 30 games of sensible
// bots, in turn; `max_ms`: the slowest hint seen. The goal is 100 ms.
void BM_HintWithChances(benchmark::State& state, const char* preset, int seats) {
  namespace protocol = inbetween::protocol;
  std::vector<std::unique_ptr<protocol::GameSession>> decisions;
  nlohmann::json players = nlohmann::json::array();
  for (int i = 0; i < seats; ++i) players.push_back("p" + std::to_string(i));
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    nlohmann::json request = {{"cmd", "new"}, {"rules", preset}, {"players", players}, {"seed", seed}};
    protocol::with_new_session(request, [&]<inbetween::games::Family F>(std::unique_ptr<protocol::TableSession<F>> session) {
      for (int moves = 0; moves < 400 && !session->over(); ++moves) {
        if (moves % 3 == 0) decisions.push_back(session->clone());
        nlohmann::json chosen;
        session->act_bot(nlohmann::json::object(), "sensible", chosen);
      }
    });
  }
  decisions.front()->hint(nlohmann::json::object());  // a solver's first load is not a hint's cost
  std::size_t i = 0;
  double slowest = 0;
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(decisions[i]->hint(nlohmann::json::object()));
    slowest = std::max(slowest, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    i = (i + 1) % decisions.size();
  }
  state.counters["max_ms"] = slowest;
  state.counters["states"] = static_cast<double>(decisions.size());
}
BENCHMARK_CAPTURE(BM_HintWithChances, hoyle_3, "hoyle", 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, hoyle_6, "hoyle", 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, banker_3, "banker", 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, red_dog_3, "red-dog", 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, between_the_sheets_3, "between-the-sheets", 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, acey_deucey_3, "acey-deucey", 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, threebetween_3, "threebetween", 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HintWithChances, threebetween_6, "threebetween", 6)->Unit(benchmark::kMillisecond);

// The winning bot at three seats (families/pot/bots.h: kPlayouts playouts after each of the
// hint's choices where there is no exact table): decisions per second over whole games.
void BM_WinningBotThreeSeats(benchmark::State& state, const char* preset) {
  auto rules = std::make_shared<const rules::PotRules>(rules::load_pot_rules(preset, {}));
  strategy::WinningBot bot;
  std::uint64_t seed = 1;
  std::int64_t decisions = 0;
  for (auto _ : state) {
    games::Setup setup;
    setup.players = {"ann", "bob", "cy"};
    setup.seed = seed++;
    std::vector<pot::Event> events;
    pot::PotGame game(rules, setup, events);
    cards::Rng rng(setup.seed);
    while (!game.over()) {
      events.clear();
      game.apply(game.to_act(), bot.choose(game, game.to_act(), rng), events);
      ++decisions;
    }
  }
  state.counters["decisions/s"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_WinningBotThreeSeats, hoyle, "hoyle")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_WinningBotThreeSeats, banker, "banker")->Unit(benchmark::kMillisecond);
}  // namespace

namespace {
// ThreeBeTween heads-up at the real rules, from the cached table (docs/solver.md, "Playing to win:
// ThreeBeTween heads-up"): the first decision of a player's round sweeps the round for its
// utility, the later ones read that sweep; the goal is 100 ms a hint. Needs the table in the
// cache: `inbetween solve threebetween --win` (about 4 minutes) first.
namespace three = games::three;

// Every decision of 6 seeded heads-up games of optimal bots, and which of them are the first of
// the player's round (what the player plays for changed: its total, or the other's round ended).
struct Decisions {
  std::vector<three::ThreeGame> all, round_first;
};
const Decisions& decisions(const std::shared_ptr<const rules::ThreeRules>& r) {
  static Decisions d = [&] {
    Decisions out;
    strategy::OptimalThreeBot optimal;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      three::Setup setup;
      setup.players = {"ann", "bob"};
      setup.seed = seed;
      std::vector<three::Event> events;
      three::ThreeGame game(r, setup, events);
      auto rng = cards::make_rng(seed, cards::RngStream::Bots);
      std::tuple<int, int, int> last[2] = {{-1, -1, -1}, {-1, -1, -1}};
      for (int step = 0; step < 5000 && !game.over(); ++step) {
        const int seat = game.to_act();
        const auto& me = game.players()[static_cast<std::size_t>(seat)];
        const auto& other = game.players()[static_cast<std::size_t>(1 - seat)];
        std::tuple<int, int, int> now{me.total, other.total, static_cast<int>(other.status)};
        out.all.push_back(game);
        if (now != last[seat]) out.round_first.push_back(game);
        last[seat] = now;
        game.apply(seat, optimal.choose(game, seat, rng), events);
      }
    }
    return out;
  }();
  return d;
}

void rate_each(benchmark::State& state, bool round_first) {
  auto r = std::make_shared<const rules::ThreeRules>(rules::load_three_rules("threebetween"));
  auto table = strategy::ThreeWinSolver::ready(*r);
  if (!table) {
    state.SkipWithError("no ThreeBeTween win table in the cache: run `inbetween solve threebetween --win` first");
    return;
  }
  const auto& d = decisions(r);
  const auto& list = round_first ? d.round_first : d.all;
  double slowest = 0;
  for (auto _ : state)
    for (const auto& game : list) {
      auto start = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(table->evaluate(game, game.to_act()));
      slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  state.counters["decisions"] = static_cast<double>(list.size());
  // Seconds a decision on average, and the slowest one seen.
  state.counters["each"] = benchmark::Counter(static_cast<double>(list.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["slowest"] = slowest;
}

// The first decision of each player's round: a sweep each (the 8 rounds kept are long gone by the
// time the list comes round again), but the game's first round, which is kept for good. Each
// iteration rates the whole list.
void BM_ThreeWinHintRoundStart(benchmark::State& state) { rate_each(state, true); }
BENCHMARK(BM_ThreeWinHintRoundStart)->Unit(benchmark::kMillisecond)->Iterations(3);

// Every decision in turn, as a player asking for a hint at each would.
void BM_ThreeWinHintEveryDecision(benchmark::State& state) { rate_each(state, false); }
BENCHMARK(BM_ThreeWinHintEveryDecision)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
