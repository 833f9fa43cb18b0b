#pragma once
// `mpirun -n K inbetween simulate ...`: the game range split over K processes (ranks), each
// playing its contiguous share on its own threads; their statistics are gathered to rank 0 as
// JSON (sim/stats_json.h) and merged in rank order, so the result is the one-process run's to
// the bit. Built only with -DINBETWEEN_MPI=ON (docs/simulate.md).
#include <cstdint>
#include <string>
#include <vector>

#include "sim/simulate.h"

namespace inbetween::sim::mpi {

// Starts MPI for the life of the object when the process was started by an MPI launcher
// (mpirun, srun), else does nothing: a plain run of the MPI build is one process, without
// the second MPI takes to start on its own.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

 private:
  bool started_ = false;
};

bool active();  // MPI was started (the process was launched by mpirun)
int rank();  // this process's rank; 0 without MPI
int size();  // the number of ranks; 1 without MPI

// Sends this process's stdout and stderr to /dev/null: ranks other than 0 print nothing.
void mute_output();

// Rank r's share of games [0, games): contiguous, in rank order, split as threads split theirs;
// when there are fewer games than ranks, the ranks past the last game get none.
struct Share {
  std::uint64_t first = 0, games = 0;
};
Share share_of(std::uint64_t games, int rank, int size);

// What one rank did: its statistics (one per value of a sweep, else one), whether it was
// stopped early, and its failure (empty: none).
struct Outcome {
  std::vector<SimStats> runs;
  bool stopped = false;
  std::string error;
};

// The ranks' outcomes, in rank order, merged: run v of each rank into run v, as many runs as
// the rank with the fewest (a rank stopped between values had no more), stopped if any was,
// and the first error, named by its rank unless it is rank 0's.
Outcome merge_outcomes(const std::vector<Outcome>& ranks);

// Every rank's outcome to rank 0, as JSON with one MPI_Igatherv; rank 0 gets them merged,
// the others their own back. Collective: every rank calls it once, errors or not.
Outcome gather(const Outcome& mine);

}  // namespace inbetween::sim::mpi
