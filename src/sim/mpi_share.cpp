#include "sim/mpi_share.h"

#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sim/stats_json.h"

namespace inbetween::sim::mpi {
namespace {

using nlohmann::json;

bool running() {
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  return initialised && !finalised;
}

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(fmt::format("MPI: {} failed (error {})", what, code));
}

// Waits for a request without spinning: a rank done early sleeps while the others still play,
// instead of busy-polling (as Open MPI's blocking calls do) a core they need.
void wait(MPI_Request& request, const char* what) {
  for (int done = 0;;) {
    check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), what);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

json to_doc(const Outcome& o) { return {{"runs", o.runs}, {"stopped", o.stopped}, {"error", o.error}}; }

Outcome from_doc(const json& j) {
  Outcome o;
  j.at("runs").get_to(o.runs);
  j.at("stopped").get_to(o.stopped);
  j.at("error").get_to(o.error);
  return o;
}

}  // namespace

Session::Session(int& argc, char**& argv) {
  // The variables Open MPI's mpirun, PMIx launchers (srun --mpi=pmix) and PMI ones set.
  bool launched = std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMIX_RANK") || std::getenv("PMI_RANK");
  if (!launched) return;
  // Only the main thread calls MPI; the game threads never do.
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  started_ = true;
}

Session::~Session() {
  if (started_) MPI_Finalize();
}

bool active() { return running(); }

int rank() {
  int r = 0;
  if (running()) MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int size() {
  int s = 1;
  if (running()) MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

void mute_output() {
  int null = open("/dev/null", O_WRONLY);
  if (null < 0) return;  // nowhere to send it: the output stays
  dup2(null, STDOUT_FILENO);
  dup2(null, STDERR_FILENO);
  close(null);
}

Share share_of(std::uint64_t games, int rank, int size) {
  // As many working ranks as games at most, like threads; rank 0 always works.
  auto working = std::min<std::uint64_t>(static_cast<std::uint64_t>(size), games);
  auto r = static_cast<std::uint64_t>(rank);
  if (r >= working) return {games, 0};
  // games * r fits in 64 bits for any real run; the 128-bit product keeps it exact regardless.
  auto at = [&](std::uint64_t k) {
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(games) * k / working);
  };
  return {at(r), at(r + 1) - at(r)};
}

Outcome merge_outcomes(const std::vector<Outcome>& ranks) {
  Outcome all;
  if (ranks.empty()) return all;
  std::size_t runs = ranks.front().runs.size();
  for (const auto& o : ranks) runs = std::min(runs, o.runs.size());
  all.runs.assign(ranks.front().runs.begin(), ranks.front().runs.begin() + static_cast<std::ptrdiff_t>(runs));
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    const auto& o = ranks[r];
    if (r > 0)
      for (std::size_t v = 0; v < runs; ++v) all.runs[v].merge(o.runs[v]);
    all.stopped = all.stopped || o.stopped || o.runs.size() > runs;
    if (all.error.empty() && !o.error.empty()) all.error = r == 0 ? o.error : fmt::format("rank {}: {}", r, o.error);
  }
  return all;
}

Outcome gather(const Outcome& mine) {
  int me = rank(), ranks = size();
  std::string bytes = to_doc(mine).dump();
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) throw std::length_error("MPI: a rank's statistics exceed 2 GB");
  // First every rank's length, then the documents themselves, end to end, on rank 0.
  int length = static_cast<int>(bytes.size());
  std::vector<int> lengths(me == 0 ? static_cast<std::size_t>(ranks) : 0), offsets(lengths.size());
  MPI_Request request;
  check(MPI_Igather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &request), "MPI_Igather");
  wait(request, "MPI_Igather");
  long long total = 0;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += lengths[r];
  }
  if (total > INT_MAX) throw std::length_error("MPI: the ranks' statistics exceed 2 GB");
  std::string all(static_cast<std::size_t>(total), '\0');
  check(MPI_Igatherv(bytes.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD,
                     &request),
        "MPI_Igatherv");
  wait(request, "MPI_Igatherv");
  if (me != 0) return mine;
  std::vector<Outcome> outcomes;
  for (std::size_t r = 0; r < lengths.size(); ++r)
    outcomes.push_back(from_doc(json::parse(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])))));
  return merge_outcomes(outcomes);
}

}  // namespace inbetween::sim::mpi
