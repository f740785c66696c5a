// Slurm's jobs and nodes as the engine sees a cluster (runtime/engine/model.h): the mapping of
// docs/slurm.md, a pure function of one reading and of what the adapter itself did to jobs
// (which holds are its own, which starts it is carrying out).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "runtime/engine/model.h"
#include "runtime/rm/slurm/slurm_records.h"

namespace maui::runtime::slurm {

// The mark job_submit.lua (examples/slurm/) puts in the AdminComment of a job its owner
// submitted held (`sbatch -H`): a user hold, which Slurm shows as it shows the scheduler's own.
inline constexpr std::string_view kUserHoldMark = "mauirun:user_hold";
// The hold a pending job gets for a --constraint the engine cannot place (OR lists, counts,
// brackets): it waits, with this reason, rather than going where Slurm refuses it.
inline constexpr std::string_view kUnsupportedConstraintHold = "constraint not supported (only a or a&b)";
// The same for GPUs asked per job or per task (--gpus, --gpus-per-task): only --gres per node is placed.
inline constexpr std::string_view kUnsupportedGresHold = "gres per job or task not supported (use --gres per node)";

// Generic resources by name from Slurm's lists: a node's "gpu:2,gpu:tesla:1(S:0)" or a job's
// TresPerNode "gres:gpu:1" (the "gres:" prefix dropped); a type (tesla) counts under its name.
// Items that are not NAME[:TYPE]:COUNT are skipped.
std::map<std::string, std::int64_t> gres_counts(std::string_view text);

struct MappingOptions {
  // A job with no time limit (and no partition MaxTime) runs for at most this long as far as
  // the scheduler can tell: its reservations and backfill windows end there.
  Seconds unlimited_walltime = 365 * 86'400;
};

// What the adapter is doing to jobs, which Slurm cannot tell apart from the rest.
struct AdapterView {
  // Starts asked for and not confirmed yet: the job, the nodes and tasks it was given. Such a
  // job is shown Starting on those nodes, so that no iteration starts it again or gives its
  // nodes away.
  struct Start {
    std::vector<std::string> nodes;
    std::vector<std::int64_t> tasks;
    Epoch asked = 0;
  };
  std::map<std::uint32_t, Start> starting;
  // Jobs the adapter held again itself (a start that did not happen): Slurm shows them held by
  // an administrator, as it shows `scontrol hold`, but they wait for the scheduler like any other.
  std::set<std::uint32_t> held_again;
};

struct MappedCluster {
  ClusterSnapshot snapshot;
  std::vector<std::string> problems;  // a record the engine cannot take, located by job id or node name
  // The Slurm record of each of snapshot.jobs, by position.
  std::vector<std::size_t> record_of;
};

MappedCluster map_reading(const Reading& reading, const AdapterView& adapter, const MappingOptions& options = {});

// The ids of the jobs a job still waits for, from Slurm's dependency text ("afterok:12(unfulfilled),
// afterany:13_*(unfulfilled)"); `never` is set when a dependency can no longer be satisfied ("(failed)").
std::vector<std::string> unfulfilled_dependencies(std::string_view text, bool& never);

}  // namespace maui::runtime::slurm
