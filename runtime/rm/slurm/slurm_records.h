// What the Slurm adapter reads of Slurm, in Slurm's own terms: one record per job and per node,
// plain values with Slurm's units (minutes, MB), before any mapping to the engine's model
// (runtime/rm/slurm/slurm_snapshot.h does that, and docs/slurm.md says how). The libslurm reader
// (runtime/rm/slurm/libslurm_control.h) fills them; tests fill them from recorded Slurm output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::runtime::slurm {

// Slurm's job states (the base state; flags separately).
enum class JobStateName : std::uint8_t {
  Pending,
  Running,
  Suspended,
  Completed,
  Cancelled,
  Failed,
  Timeout,
  NodeFail,
  Preempted,
  BootFail,
  Deadline,
  OutOfMemory,
  Unknown
};
std::string_view to_string(JobStateName);

struct JobRecord {
  std::uint32_t id = 0;
  std::uint32_t array_job_id = 0;           // 0: not an array element
  std::optional<std::uint32_t> array_task;  // none: a pending array not split into tasks yet
  std::string array_tasks;                  // the tasks a pending array record stands for ("1-3", "1,4-6%2")
  std::uint32_t array_max_tasks = 0;        // the array's throttle (`--array=1-6%2`: 2); 0: none
  std::string name;  // --job-name (a singleton dependency waits for the user's jobs of that name)
  std::string user, group, account, partition, qos;
  std::uint32_t uid = 0, gid = 0;
  JobStateName state = JobStateName::Unknown;
  bool completing = false;  // ended, its nodes not released yet (a requeued job: its last run)
  bool requeuing = false;   // requeued while its last run still completes (Slurm's REQUEUE flag)
  std::string reason;       // why it waits (Slurm's reason name: JobHeldUser, Dependency, ...)
  std::uint32_t priority = 0;
  std::int64_t nice = 0;          // `--nice` (Slurm keeps it offset by NICE_OFFSET; here as given)
  std::uint32_t cpus = 0;         // CPUs asked for (or allocated)
  std::uint32_t min_nodes = 0;    // nodes asked for, at least
  std::uint32_t max_nodes = 0;    // nodes at most (0: not said)
  bool node_count_asked = false;  // the user gave an exact node count (-N 2)
  std::uint32_t tasks = 0;        // 0: not said
  std::uint32_t cpus_per_task = 1;
  std::uint32_t tasks_per_node = 0;  // 0: not said
  std::optional<std::uint64_t> memory_per_cpu_mb, memory_per_node_mb;
  std::optional<std::uint32_t> time_limit_minutes;                // none: unlimited
  Epoch submit = 0, eligible = 0, start = 0, end = 0;             // 0: not known
  bool contiguous = false;                                        // --contiguous
  Epoch deadline = 0;                                             // --deadline; 0: none
  std::uint32_t time_min_minutes = 0;                             // --time-min; 0: none
  std::string dependency;                                         // Slurm's text, with (unfulfilled) / (failed) marks
  std::vector<std::pair<std::string, std::uint32_t>> allocation;  // running: node, CPUs on it
  std::string required_nodes, excluded_nodes;                     // Slurm's node lists
  std::string constraint;                                         // --constraint as Slurm keeps it ("fast&gpu")
  bool exclusive = false;                                         // --exclusive: shares no node (OverSubscribe=NO)
  std::string tres_per_node;                                      // --gres=gpu:1: "gres:gpu:1" (TresPerNode)
  std::string tres_per_job_or_task;                               // --gpus, --gpus-per-task (TresPerJob, TresPerTask)
  std::string reservation;                                        // --reservation (Slurm's resv_name); empty: none
  std::string admin_comment;
  bool requeue_allowed = false;
  std::uint32_t restarts = 0;
};

// Slurm's base node states.
enum class NodeStateName : std::uint8_t { Unknown, Down, Idle, Allocated, Mixed, Future };
std::string_view to_string(NodeStateName);

struct NodeRecord {
  std::string name;
  std::uint32_t cpus = 0;  // usable (specialized cores excluded)
  std::uint64_t real_memory_mb = 0;
  std::uint64_t tmp_disk_mb = 0;
  std::vector<std::string> features;
  std::string gres;  // configured generic resources: "gpu:2", "gpu:tesla:2(S:0)"
  NodeStateName state = NodeStateName::Unknown;
  bool drain = false, not_responding = false, completing = false, failing = false, powered_down = false,
       maintenance = false;
  std::string reason;
  std::vector<std::string> partitions;
};

// A reservation (`scontrol create reservation`): Slurm shows a recurring one (DAILY, WEEKLY) as
// its next instance.
struct ReservationRecord {
  std::string name;
  Epoch start = 0, end = 0;
  std::vector<std::string> nodes;       // node names, expanded
  std::string users, groups, accounts;  // Slurm's lists ("a,b"; "-a,-b": everyone but them)
  bool magnetic = false;                // Flags=MAGNETIC: jobs it admits use it unasked
};

// One reading of the cluster.
struct Reading {
  Epoch now = 0;
  std::vector<JobRecord> jobs;
  std::vector<NodeRecord> nodes;
  std::vector<ReservationRecord> reservations;
};

}  // namespace maui::runtime::slurm
