// `mpirun -n 2 inbetween simulate ...` (built with -DINBETWEEN_MPI=ON; not registered
// otherwise): the ranks' shares merged on rank 0 print the one-process run's output to the
// byte, in every format and for sweeps; the other ranks print nothing; errors once.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/mpi_share.h"
#include "support/run_inbetween.h"

namespace {

namespace sim = inbetween::sim;
using inbetween::testing::Result;
using inbetween::testing::run_inbetween;
using inbetween::testing::run_program;

// What runs reliably as root in a container: root allowed, more ranks than cores allowed,
// shared memory between the ranks of this one machine (no network probing, no UCX) without
// the single-copy mechanism (CMA needs ptrace rights a container may lack).
const std::vector<std::string> kMpirun{"--oversubscribe", "--allow-run-as-root", "--mca", "pml", "ob1", "--mca", "btl", "self,vader",
                                       "--mca", "btl_vader_single_copy_mechanism", "none"};

Result mpirun(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> all{"-n", std::to_string(ranks)};
  all.insert(all.end(), kMpirun.begin(), kMpirun.end());
  all.emplace_back(INBETWEEN_BINARY);
  all.insert(all.end(), args.begin(), args.end());
  return run_program(MPIEXEC, all);
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The one-process run and the MPI run of `args` print the same bytes; the MPI one says on
// stderr that it ran on `ranks` ranks.
void expect_same_output(const std::vector<std::string>& args, int ranks = 2) {
  SCOPED_TRACE(::testing::PrintToString(args));
  auto one = run_inbetween(args);
  ASSERT_EQ(one.status, 0) << one.err;
  auto many = mpirun(ranks, with(args, {"--threads", "1"}));
  ASSERT_EQ(many.status, 0) << many.out << many.err;
  EXPECT_FALSE(one.out.empty());
  EXPECT_EQ(one.out, many.out);
  EXPECT_NE(many.err.find(std::to_string(ranks) + " ranks of 1 thread"), std::string::npos) << many.err;
}

TEST(MpiShare, ContiguousSharesInRankOrderCoverTheRange) {
  for (std::uint64_t games : {1u, 2u, 3u, 7u, 1000u})
    for (int size : {1, 2, 3, 8}) {
      std::uint64_t next = 0;
      for (int r = 0; r < size; ++r) {
        auto s = sim::mpi::share_of(games, r, size);
        if (s.games > 0) {
          EXPECT_EQ(s.first, next) << games << " " << size << " " << r;
        }
        next += s.games;
        EXPECT_LE(s.games, games / static_cast<std::uint64_t>(size) + 1);
      }
      EXPECT_EQ(next, games);
      EXPECT_GT(sim::mpi::share_of(games, 0, size).games, 0u);  // rank 0 always plays
    }
}

TEST(MpiShare, OutcomesMergeInRankOrderAndKeepTheFirstError) {
  auto run = [](std::uint64_t games, bool partial = false) {
    sim::SimStats s;
    s.rules_name = "hoyle";
    s.games = games;
    s.partial = partial;
    return s;
  };
  auto all = sim::mpi::merge_outcomes({{{run(3), run(4)}, false, ""}, {{run(5), run(6)}, false, ""}});
  ASSERT_EQ(all.runs.size(), 2u);
  EXPECT_EQ(all.runs[0].games, 8u);
  EXPECT_EQ(all.runs[1].games, 10u);
  EXPECT_FALSE(all.stopped);
  EXPECT_TRUE(all.error.empty());
  // A rank stopped between two values of a sweep: only the values every rank played.
  all = sim::mpi::merge_outcomes({{{run(3), run(4)}, false, ""}, {{run(5, true)}, true, ""}});
  ASSERT_EQ(all.runs.size(), 1u);
  EXPECT_TRUE(all.runs[0].partial);
  EXPECT_TRUE(all.stopped);
  all = sim::mpi::merge_outcomes({{{run(3)}, false, ""}, {{}, false, "boom"}, {{}, false, "later"}});
  EXPECT_EQ(all.error, "rank 1: boom");
  EXPECT_TRUE(all.runs.empty());
  EXPECT_EQ(sim::mpi::merge_outcomes({{{}, false, "bad"}, {{}, false, "bad"}}).error, "bad");
}

TEST(MpiSimulate, TwoRanksPrintTheOneProcessTable) {
  expect_same_output({"simulate", "--rules", "hoyle", "--games", "3001", "--seed", "7", "--players", "bot,bot:random,bot:optimal"});
  expect_same_output({"simulate", "--rules", "threebetween", "--games", "41", "--seed", "3", "--players", "bot,bot:random,bot:cautious"});
}

TEST(MpiSimulate, TwoRanksPrintTheOneProcessJsonAndCsv) {
  expect_same_output({"simulate", "--rules", "red-dog", "--games", "501", "--seed", "11", "--players", "bot:optimal,bot:random",
                      "--format", "json"});
  expect_same_output({"simulate", "--rules", "banker", "--games", "800", "--players", "bot:sensible,bot:optimal", "--format", "csv"});
}

TEST(MpiSimulate, TwoRanksPrintTheOneProcessSweep) {
  std::vector<std::string> sweep{"simulate", "--rules", "hoyle", "--games", "700", "--players", "bot,bot:random", "--sweep",
                                 "pair_pays=1..3"};
  expect_same_output(sweep);
  expect_same_output(with(sweep, {"--format", "json"}));
}

// Fewer games than ranks: the ranks past the last game play none and the result stands.
TEST(MpiSimulate, MoreRanksThanGames) { expect_same_output({"simulate", "--rules", "red-dog", "--games", "2", "--players", "bot"}, 3); }

// A mistake on the command line: said once (by rank 0), exit 2, nothing on stdout.
TEST(MpiSimulate, BadInputIsReportedOnce) {
  auto r = mpirun(2, {"simulate", "--players", "bot:genius,bot", "--games", "10"});
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(r.out.empty()) << r.out;
  std::string message = "unknown bot kind 'genius'";
  auto at = r.err.find(message);
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(message, at + 1), std::string::npos) << r.err;
}

}  // namespace

namespace {

// What needs every rank's games before it can go on is refused under mpirun, once, exit 2.
TEST(MpiSimulate, UntilAndPerGameAreRefused) {
  for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"simulate", "--games", "10", "--sweep", "ante=1..3", "--until", "minutes=5"}, "--until minutes=5: not under mpirun"},
           {{"simulate", "--games", "10", "--per-game", "games.csv"}, "--per-game games.csv: not under mpirun"}}) {
    auto r = mpirun(2, args);
    EXPECT_NE(r.status, 0);
    EXPECT_TRUE(r.out.empty()) << r.out;
    auto at = r.err.find(message);
    ASSERT_NE(at, std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(message, at + 1), std::string::npos) << r.err;
  }
}

}  // namespace
