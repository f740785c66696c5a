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
// Items that are not NAME[:TYPE]:COUNT, or count 0, are skipped.
std::map<std::string, std::int64_t> gres_counts(std::string_view text);

// The hold of a pending job whose last run still completes on its nodes (Slurm requeued it, a
// node failed under it): Slurm starts no such job until its nodes are released, so a release
// now would only fail (docs/slurm.md). It goes when Slurm clears the flag.
inline constexpr std::string_view kCompletingHold = "completing";

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
  // Keyed by the engine's job id (job_key): an array task is `<array>_<task>` before and after
  // Slurm splits it out of its array's record under a job id of its own.
  std::map<std::string, Start, std::less<>> starting;
  // Jobs the adapter held again itself (a start that did not happen): Slurm shows them held by
  // an administrator, as it shows `scontrol hold`, but they wait for the scheduler like any other.
  std::set<std::string, std::less<>> held_again;
};

struct MappedCluster {
  ClusterSnapshot snapshot;
  std::vector<std::string> problems;  // a record the engine cannot take, located by job id or node name
  // The Slurm record of each of snapshot.jobs, by position (the tasks of an array Slurm has not
  // split share their array's record).
  std::vector<std::size_t> record_of;
  // Waiting jobs whose dependencies can never be met, by position, and why (for their owner).
  struct NeverMet {
    std::size_t job = 0;
    std::string why;
    bool slurm_agrees = false;  // DependencyStanding::slurm_agrees
    bool operator==(const NeverMet&) const = default;
  };
  std::vector<NeverMet> dependency_never;
  // Waiting jobs that can no longer end before their deadline, with a time limit and no
  // --time-min, by position: Slurm ends them (DEADLINE) once released.
  std::vector<std::size_t> past_deadline;
  // The earliest begin time still to come of a waiting job, or start or end of a Slurm
  // reservation (0: none): a turn is due then.
  Epoch next_begin = 0;
};

// The engine's id of a Slurm job: its job id, or `<array job id>_<task>` for an array task (split
// out of its array's record or not), which keeps its id when Slurm gives it a job id of its own.
std::string job_key(const JobRecord& record);
std::string task_key(std::uint32_t array_job_id, std::uint32_t task);

// The names of one of Slurm's comma lists (a job's partitions `a,b`, a node's features, a
// reservation's users), in order, empty items skipped.
std::vector<std::string> names_of_list(std::string_view list);

// The tasks a pending array record stands for, from Slurm's text ("1-3,7", "0-20:4", with the
// throttle "%2" after them); empty with `error` set when the text is not one (a list Slurm cut
// short with "..." among them).
std::vector<std::uint32_t> array_task_ids(std::string_view text, std::string& error);

// The hold a job gets until its begin time (`sbatch --begin`: Slurm's eligible time).
inline constexpr std::string_view kBeginTimeHold = "begin time";
// The hold of a job that can no longer end before its `--deadline` (its time limit from now runs
// past it): never started; the adapter leaves it to Slurm to end (DEADLINE, see past_deadline).
inline constexpr std::string_view kDeadlineHold = "cannot end before its deadline";
// The hold of a job whose dependencies can never be met (docs/slurm.md, "Dependencies").
inline constexpr std::string_view kDependencyNeverHold = "dependency never satisfied";

// The hold of a waiting job whose record holds a number beyond the engine's bounds (schemas/ir.h:
// a billion CPUs, 10^12 MB, 10^6 nodes): a corrupt record, not started on a guess.
inline constexpr std::string_view kBeyondBoundsHold = "request beyond the scheduler's bounds";

// The hold an array task gets while its array runs as many tasks as its throttle allows (`%N`).
inline constexpr std::string_view kArrayThrottleHold = "array throttle";

MappedCluster map_reading(const Reading& reading, const AdapterView& adapter, const MappingOptions& options = {});

}  // namespace maui::runtime::slurm
