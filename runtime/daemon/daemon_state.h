// What `mauirun serve` keeps in its state directory so that a restart, after a clean stop or
// kill -9 at any moment, goes on as if it had never stopped: the cycle's memory (each job's
// bypass count, start priority, queue time, system priority, holds and defers; the last
// reservations; the fairshare windows and how far usage is accrued), the Slurm adapter's own
// state (starts in flight, jobs it held again) and the administrative reservations.
//
// The file (state.json) is one header line, `mauirun-state 1 bytes=N crc32=XXXXXXXX`, then N
// bytes of JSON: a truncated or damaged file is told from a good one, and reported with where
// it went wrong; the writer keeps the one before as state.json.prev (runtime/io/atomic_file.h),
// which the reader falls back to.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/engine/reservations.h"
#include "runtime/rm/slurm/slurm_cluster.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct DaemonState {
  Epoch saved_at = 0;
  CycleMemory cycle;
  slurm::AdapterState adapter;
  std::vector<AdminReservation> admin_reservations;  // setres, by name
  bool scheduling_stopped = false;                   // schedctl -s, until schedctl -r
  // The Slurm cluster the state belongs to: its starts in flight, holds and job memories name
  // that cluster's jobs. None in the file of an older mauirun (adopted by the next save).
  std::optional<slurm::ClusterIdentity> cluster;
};

inline constexpr std::string_view kStateFile = "state.json";

std::string state_text(const DaemonState& state);

struct StateLoad {
  std::optional<DaemonState> state;
  std::string file;                   // the file the state came from (state.json or state.json.prev)
  std::vector<std::string> problems;  // located: "state.json:1: the file is truncated: ..."
};
// Parses one file's text; `name` is used in problems.
StateLoad parse_state(std::string_view name, std::string_view text);
// state.json from `dir`, else state.json.prev; neither: a fresh start (no state, no problem)
// unless a file was there and damaged.
StateLoad load_state(const std::string& dir);
// Whether a state saved for cluster `saved` may be used where Slurm is `here`: an error naming
// both clusters and the file when they are not the same cluster (another ClusterName: its job
// ids are another cluster's). A controller moved under the same name is the same cluster.
std::optional<std::string> other_cluster(const std::string& file, const slurm::ClusterIdentity& saved,
                                         const slurm::ClusterIdentity& here);

// Writes state.json atomically, keeping the previous one; the problem on failure
// (runtime/io/atomic_file.h).
std::optional<Problem> save_state(const std::string& dir, const DaemonState& state);

}  // namespace maui::runtime
