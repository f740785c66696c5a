// The cluster as the engine sees it at one instant: nodes, jobs and the clock.
//
// Plain data, in the admin's words (tasks, procs per task, walltime limit, holds, bypass count).
// The engine's decision code reads a ClusterSnapshot and the policy IR and never does I/O;
// readers (runtime/io/jobs_json.h) and the RM adapters fill it in.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "schemas/ir.h"

namespace maui::runtime {

using Seconds = ir::Seconds;
using Epoch = std::int64_t;  // seconds since 1970-01-01 UTC

// Maui's node states (showstate / checknode).
enum class NodeState : std::uint8_t { Idle, Running, Busy, Draining, Drained, Down, Unknown };

struct Node {
  std::string name;
  std::int64_t procs = 0;
  std::int64_t memory_mb = 0;
  std::int64_t swap_mb = 0;
  std::int64_t disk_mb = 0;
  std::vector<std::string> features;
  // The classes (queues; Slurm's partitions) whose jobs the node runs; empty: every class.
  std::vector<std::string> classes;
  // Generic resources configured on the node by name (Slurm's Gres=gpu:2): what a job's
  // gres_per_node is checked against (runtime/engine/node_fit.h).
  std::map<std::string, std::int64_t> gres;
  std::string partition = "DEFAULT";
  NodeState state = NodeState::Idle;
  std::int32_t max_jobs = 0;  // NODECFG MAXJOB: jobs at once on the node (<= 0: no limit)
  // The resource manager's reservations that hold the node (ClusterSnapshot::rm_reservations, by
  // name; mark_rm_reservations fills it): a job that asked for one runs only on its nodes.
  std::vector<std::string> rm_reservations;
};

// Down, drained, draining and unknown nodes take no new work (what runs there runs on).
inline bool takes_new_work(const Node& n) {
  return n.state == NodeState::Idle || n.state == NodeState::Running || n.state == NodeState::Busy;
}

// Maui's job states. A held job is Idle with a hold (Maui shows it as Hold); a job may also
// arrive from the RM in state Hold without naming the hold, which counts as a hold too.
enum class JobState : std::uint8_t { Idle, Hold, Starting, Running, Suspended, Completed };

inline constexpr std::int64_t kMaxSystemPriority = 1'000'000'000;

// An operator's system priority (Maui's `setspri`, docs/semantics.md 79), applied after the floor
// and the 1e9 cap: absolute puts the job above every job without one (1e9 + value), relative adds
// to the priority the policy gives it.
struct SystemPriority {
  std::int64_t value = 0;  // absolute 0..kMaxSystemPriority, relative -kMax..kMax
  bool relative = false;
  bool operator==(const SystemPriority&) const = default;
};

// The scheduler's own memory of a job (Maui keeps it in its checkpoint file, not in the RM).
struct SchedulerJobState {
  std::int64_t bypass_count = 0;  // times backfill started a lower-priority job
  // Running jobs: the priority the job had when it started (Maui's StartPriority; preemption
  // compares it). Unknown: not started by this scheduler, or not recorded.
  std::optional<std::int64_t> start_priority;
  // Effective queue time accrued so far under JOBPRIOACCRUALPOLICY (runtime/engine/eligibility.h:
  // accrue_queue_time). Unknown = accrued since submission.
  std::optional<Seconds> queue_time_accrued;
  // Whether the last iteration found the job accruing queue time (it meets the policy that
  // JOBPRIOACCRUALPOLICY names); unknown: no iteration judged it yet, so it accrues nothing.
  std::optional<bool> queue_time_accrues;
  std::optional<SystemPriority> system_priority;  // an operator's setspri
  // Holds the scheduler keeps itself (a live RM's job carries only the RM's own): an
  // operator's sethold through the scheduler, a batch hold after DEFERCOUNT defers.
  std::vector<std::string> holds;
  // Who set each of `holds` (an operator's name for sethold, "mauirun" for DEFERCOUNT): checkjob says.
  std::map<std::string, std::string> hold_set_by;
  // Maui's defer rules (DEFERSTARTCOUNT failed starts defer a job for DEFERTIME; DEFERCOUNT
  // defers give it a batch hold).
  std::int32_t failed_starts = 0;
  std::int32_t defers = 0;
  std::optional<Epoch> deferred_until;
  bool operator==(const SchedulerJobState&) const = default;
};

struct Job {
  std::string id;
  // Credentials. An empty QOS means "the default QOS" (QDEF chain, runtime/engine/credentials.h).
  std::string user, group, account, job_class, qos;

  // The request: tasks x per-task resources, on `nodes` nodes (0 = the job did not ask for a
  // node count, only for tasks).
  std::int64_t tasks = 1;
  std::int64_t procs_per_task = 1;
  std::int64_t memory_per_task_mb = 0;
  std::int64_t swap_per_task_mb = 0;
  std::int64_t disk_per_task_mb = 0;
  std::int64_t nodes = 0;
  Seconds walltime = 0;  // wallclock limit, seconds (> 0)
  // Taken off the priority the policy gives, after its floor and cap (Slurm's `--nice`;
  // docs/semantics.md 132); negative raises it.
  std::int64_t nice = 0;
  // Node features every node of the job must have (Slurm's --constraint a&b; runtime/engine/node_fit.h).
  std::vector<std::string> features;
  // The job holds its nodes whole (Slurm's --exclusive; Maui's NODEACCESSPOLICY SINGLEJOB for it).
  bool exclusive = false;
  // Its nodes must be neighbours in the cluster's node order (Slurm's --contiguous: consecutive
  // in slurm.conf's node table), with no node between them left out.
  bool contiguous = false;
  // Generic resources by name on each node of the job (Slurm's --gres=gpu:1): placed only on
  // nodes that have at least that many; not counted as used (docs/semantics.md 137).
  std::map<std::string, std::int64_t> gres_per_node;
  // The resource manager's reservation the job asked for (Slurm's --reservation): it runs only on
  // that reservation's nodes (runtime/engine/node_fit.h) and uses its resources; empty: none.
  std::string reservation;

  Epoch submit_time = 0;
  JobState state = JobState::Idle;
  std::optional<Epoch> start_time;           // running jobs
  std::vector<std::string> allocated_nodes;  // running jobs: distinct node names
  // Tasks on each allocated node, in the same order; empty = the tasks spread evenly.
  std::vector<std::int64_t> allocated_tasks;
  // Where each allocated node was last found in the snapshot's nodes
  // (ClusterSnapshot::allocated_node): a hint checked against the name before use, never
  // trusted. Every iteration maps every running job's nodes, and hashing the names was a tenth
  // of a simulation.
  mutable std::vector<std::size_t> allocated_node_hint;
  std::vector<std::string> holds;         // "user", "system", "batch", "defer" ...
  std::vector<std::string> dependencies;  // ids of jobs that must complete first
  std::optional<Epoch> end_time;          // completed jobs: when the job ended (unknown: not said)
  bool soft_policy_violation = false;     // running job over a soft active limit (SPVIOLATION)
  // UTILIZEDPS fairshare: procs actually busy (unknown = all dedicated procs).
  std::optional<double> utilized_procs;

  // What the scheduler itself keeps of the job from one iteration to the next, which no
  // resource manager holds: the scheduling cycle (runtime/cycle/) keeps it by job id and merges
  // it into every fresh snapshot.
  SchedulerJobState sched;

  // Tasks on allocated node k: as the RM listed them, else spread evenly (the first nodes take
  // one more).
  std::int64_t tasks_on(std::size_t k) const {
    if (k < allocated_tasks.size()) return allocated_tasks[k];
    const auto n = static_cast<std::int64_t>(allocated_nodes.size());
    return tasks / n + (static_cast<std::int64_t>(k) < tasks % n ? 1 : 0);
  }
  std::int64_t procs() const { return tasks * procs_per_task; }
  std::int64_t memory_mb() const { return tasks * memory_per_task_mb; }
  std::int64_t swap_mb() const { return tasks * swap_per_task_mb; }
  std::int64_t disk_mb() const { return tasks * disk_per_task_mb; }
  bool is_active() const {
    return state == JobState::Running || state == JobState::Starting || state == JobState::Suspended;
  }
  // Waiting in the queue (idle, with or without holds): what gets a start priority.
  bool is_queued() const { return state == JobState::Idle || state == JobState::Hold; }
  bool is_held() const { return state == JobState::Hold || !holds.empty(); }
  Seconds elapsed(Epoch now) const { return start_time && now > *start_time ? now - *start_time : 0; }
  Seconds remaining(Epoch now) const {
    Seconds r = walltime - elapsed(now);
    return r > 0 ? r : 0;
  }
  // The job's credential of one kind (System has none: empty). Inline: every iteration numbers
  // every waiting job's credentials.
  const std::string& credential(ir::CredKind kind) const {
    switch (kind) {
      case ir::CredKind::User: return user;
      case ir::CredKind::Group: return group;
      case ir::CredKind::Account: return account;
      case ir::CredKind::Class: return job_class;
      case ir::CredKind::Qos: return qos;
      case ir::CredKind::System: break;
    }
    return kNoCredential;
  }
  static const std::string kNoCredential;
};

// An administrative reservation (Maui's setres): hosts for a time, with an access list. An
// empty ACL is a SYSTEM reservation: no job may use it. Or a reservation of the resource manager
// (Slurm's `scontrol create reservation`, `rm`): the jobs that asked for it by name
// (Job::reservation) use it, and, when it is magnetic, the jobs its ACL admits; every other job is
// kept off its hosts for its window (docs/slurm.md, "Slurm reservations").
struct AdminReservation {
  std::string name;
  Epoch start = 0, end = 0;
  std::vector<std::string> hosts;  // node names
  std::vector<ir::AclEntry> acl;
  std::string owner;      // who set it (setres: they may release it); empty: the command line
  bool rm = false;        // the resource manager's: used by the jobs that asked for it by name
  bool magnetic = false;  // rm: also by the jobs its ACL admits (Slurm's Flags=MAGNETIC)
  bool operator==(const AdminReservation&) const = default;
};

// Configured totals of the cluster: the denominators of processor equivalents (PE).
struct ClusterTotals {
  std::int64_t procs = 0, memory_mb = 0, swap_mb = 0, disk_mb = 0;
};

// Hashes a std::string key and a string_view alike, so that tables keyed by names are searched
// without building a string.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

// Whether two names are equal. Names of up to 16 bytes are compared as two overlapping words
// loaded from each end, without a call: the scheduler checks the node names of every running
// job in every iteration, and calling memcmp for each cost 3 % of a simulation.
[[gnu::always_inline]] inline bool same_name(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  auto words_equal = [&](auto word) {
    decltype(word) a0, a1, b0, b1;
    const std::size_t last = n - sizeof(word);
    std::memcpy(&a0, a.data(), sizeof(word)), std::memcpy(&a1, a.data() + last, sizeof(word));
    std::memcpy(&b0, b.data(), sizeof(word)), std::memcpy(&b1, b.data() + last, sizeof(word));
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  };
  if (n >= 8) return n <= 16 ? words_equal(std::uint64_t{}) : a == b;
  if (n >= 4) return words_equal(std::uint32_t{});
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

struct ClusterSnapshot {
  Epoch now = 0;
  std::vector<Node> nodes;
  std::vector<Job> jobs;
  // The resource manager's own reservations (AdminReservation::rm), booked in every iteration
  // beside the administrative ones.
  std::vector<AdminReservation> rm_reservations;

  ClusterTotals totals() const;
  const Job* find_job(std::string_view id) const;
  // The index of the node of that name (none: no such node). Hashed, and the table is kept
  // between calls (a snapshot's nodes rarely change): the scheduler looks up every running
  // job's nodes in every iteration. Every answer is checked against `nodes`, so a stale table
  // is rebuilt, never trusted.
  std::optional<std::size_t> find_node(std::string_view name) const;
  // find_node(job.allocated_nodes[k]), through the job's allocated_node_hint. Inline: every
  // iteration asks it for every node of every running job, and the hint is nearly always right.
  std::optional<std::size_t> allocated_node(const Job& job, std::size_t k) const {
    const auto& hint = job.allocated_node_hint;
    if (k < hint.size() && hint[k] < nodes.size() && same_name(nodes[hint[k]].name, job.allocated_nodes[k]))
      return hint[k];
    return allocated_node_by_name(job, k);
  }

  mutable std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> node_index_cache;  // find_node's

 private:
  std::optional<std::size_t> allocated_node_by_name(const Job& job, std::size_t k) const;  // and sets the hint
};

// Sets each node's rm_reservations from the snapshot's (a host that is no node is skipped).
void mark_rm_reservations(ClusterSnapshot& snapshot);

// Processor equivalents of a request (manual 5.1.2.3): the largest share of any configured
// resource the job asks for, in processors. 25% of the procs and 50% of the memory of a
// 128-proc system is MAX(25%, 50%) * 128 = 64. A resource the cluster does not report is
// skipped; with no node information at all PE is the proc count.
double processor_equivalents(const Job& job, const ClusterTotals& totals);

// A duration as [D:]HH:MM:SS, the way Maui writes walltimes.
std::string duration_text(Seconds s);

std::string_view to_string(JobState);
std::string_view to_string(NodeState);
std::optional<JobState> job_state_from(std::string_view);  // case-insensitive
std::optional<NodeState> node_state_from(std::string_view);

}  // namespace maui::runtime
