#include "runtime/rm/slurm/slurm_snapshot.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace maui::runtime::slurm {

std::string_view to_string(JobStateName s) {
  switch (s) {
    case JobStateName::Pending: return "PENDING";
    case JobStateName::Running: return "RUNNING";
    case JobStateName::Suspended: return "SUSPENDED";
    case JobStateName::Completed: return "COMPLETED";
    case JobStateName::Cancelled: return "CANCELLED";
    case JobStateName::Failed: return "FAILED";
    case JobStateName::Timeout: return "TIMEOUT";
    case JobStateName::NodeFail: return "NODE_FAIL";
    case JobStateName::Preempted: return "PREEMPTED";
    case JobStateName::BootFail: return "BOOT_FAIL";
    case JobStateName::Deadline: return "DEADLINE";
    case JobStateName::OutOfMemory: return "OUT_OF_MEMORY";
    case JobStateName::Unknown: break;
  }
  return "UNKNOWN";
}

std::string_view to_string(NodeStateName s) {
  switch (s) {
    case NodeStateName::Down: return "down";
    case NodeStateName::Idle: return "idle";
    case NodeStateName::Allocated: return "allocated";
    case NodeStateName::Mixed: return "mixed";
    case NodeStateName::Future: return "future";
    case NodeStateName::Unknown: break;
  }
  return "unknown";
}

std::vector<std::string> unfulfilled_dependencies(std::string_view text, bool& never) {
  // Terms are separated by ',' (all must hold) or '?' (any may); each is TYPE:ID[:ID...] with
  // a mark after it: (unfulfilled) while it waits, (failed) when it can no longer hold.
  std::vector<std::string> out;
  never = false;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find_first_of(",?", at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view term = text.substr(at, end - at);
    at = end + 1;
    const bool failed = term.find("(failed)") != std::string_view::npos;
    const bool waits = term.find("(unfulfilled)") != std::string_view::npos;
    never |= failed;
    if (!waits) continue;
    term = term.substr(0, term.find('('));
    const std::size_t colon = term.find(':');
    if (colon == std::string_view::npos) continue;  // singleton and the like name no job
    std::string_view ids = term.substr(colon + 1);
    while (!ids.empty()) {
      const std::size_t next = ids.find(':');
      std::string_view id = ids.substr(0, next);
      // An array's tasks (12_*) depend on the array: the engine knows the job by its number.
      id = id.substr(0, id.find('_'));
      // A TYPE:ID+TIME term (after:12+5) carries minutes after the start.
      id = id.substr(0, id.find('+'));
      if (!id.empty() &&
          std::all_of(id.begin(), id.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        out.emplace_back(id);
      if (next == std::string_view::npos) break;
      ids = ids.substr(next + 1);
    }
  }
  return out;
}

std::map<std::string, std::int64_t> gres_counts(std::string_view text) {
  std::map<std::string, std::int64_t> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(',', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view item = text.substr(at, end - at);
    at = end + 1;
    if (item.starts_with("gres:")) item.remove_prefix(5);
    item = item.substr(0, item.find('('));  // "(S:0)": the sockets, not a count
    const std::size_t first = item.find(':'), last = item.rfind(':');
    if (first == std::string_view::npos || first == 0) continue;
    const std::string_view count = item.substr(last + 1);
    if (count.empty() || count.size() > 9 ||
        !std::all_of(count.begin(), count.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      continue;
    out[std::string(item.substr(0, first))] += std::stoll(std::string(count));
  }
  return out;
}

namespace {

NodeState node_state(const NodeRecord& n) {
  // Not responding, powered down or down: no new work, and Maui shows Down. Draining (DRAIN or
  // FAIL with jobs on it) finishes what runs; drained takes nothing.
  if (n.not_responding || n.powered_down || n.state == NodeStateName::Down) return NodeState::Down;
  const bool busy = n.state == NodeStateName::Allocated || n.state == NodeStateName::Mixed || n.completing;
  if (n.drain || n.failing) return busy ? NodeState::Draining : NodeState::Drained;
  switch (n.state) {
    case NodeStateName::Idle: return NodeState::Idle;
    case NodeStateName::Allocated: return NodeState::Busy;
    case NodeStateName::Mixed: return NodeState::Running;
    default: return NodeState::Unknown;
  }
}

Node node_of(const NodeRecord& r) {
  Node n;
  n.name = r.name;
  n.procs = r.cpus;
  n.memory_mb = static_cast<std::int64_t>(r.real_memory_mb);
  n.features = r.features;
  n.classes = r.partitions;
  n.gres = gres_counts(r.gres);
  n.state = node_state(r);
  return n;
}

// The features of a --constraint the engine can place (one feature, or an AND list "a&b"); none
// for what it cannot (OR lists, counts, brackets: docs/slurm.md), which the job is held for.
std::optional<std::vector<std::string>> constraint_features(std::string_view text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  if (text.find_first_of("|[]*()!,:") != std::string_view::npos) return std::nullopt;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('&', at), text.size());
    if (end == at) return std::nullopt;  // "a&&b", "&a", "a&"
    out.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

bool ended(JobStateName s) {
  return s != JobStateName::Pending && s != JobStateName::Running && s != JobStateName::Suspended;
}

}  // namespace

MappedCluster map_reading(const Reading& reading, const AdapterView& adapter, const MappingOptions& options) {
  MappedCluster out;
  ClusterSnapshot& s = out.snapshot;
  s.now = reading.now;
  s.nodes.reserve(reading.nodes.size());
  for (const auto& n : reading.nodes) {
    if (n.name.empty()) {
      out.problems.push_back("a node without a name: skipped");
      continue;
    }
    if (n.cpus == 0) {
      out.problems.push_back(fmt::format("node {}: no CPUs: skipped", n.name));
      continue;
    }
    s.nodes.push_back(node_of(n));
  }
  s.jobs.reserve(reading.jobs.size());
  for (std::size_t k = 0; k < reading.jobs.size(); ++k) {
    const JobRecord& r = reading.jobs[k];
    const std::string id = std::to_string(r.id);
    if (r.array_job_id != 0 && !r.array_task && r.state == JobStateName::Pending) {
      out.problems.push_back(
          fmt::format("job {}: a job array whose tasks ({}) Slurm has not split yet: not scheduled (docs/slurm.md)", id,
                      r.array_tasks.empty() ? "?" : r.array_tasks));
      continue;
    }
    Job j;
    j.id = id;
    j.user = r.user;
    j.group = r.group;
    j.account = r.account;
    j.job_class = r.partition;
    j.qos = r.qos;
    j.procs_per_task = std::max<std::uint32_t>(1, r.cpus_per_task);
    const std::int64_t by_cpus = std::max<std::int64_t>(1, r.cpus / j.procs_per_task);
    j.tasks = r.tasks > 0 ? std::max<std::int64_t>(r.tasks, by_cpus) : by_cpus;
    j.nodes = r.node_count_asked ? r.min_nodes : 0;
    if (r.memory_per_cpu_mb) {
      j.memory_per_task_mb = static_cast<std::int64_t>(*r.memory_per_cpu_mb) * j.procs_per_task;
    } else if (r.memory_per_node_mb) {
      // Per node in Slurm, per task here: a node holds tasks_per_node tasks when the job says so,
      // else its tasks spread over its nodes (at least one).
      const std::int64_t per_node = r.tasks_per_node > 0 ? r.tasks_per_node
                                                         : (j.tasks + std::max<std::int64_t>(1, j.nodes) - 1) /
                                                               std::max<std::int64_t>(1, j.nodes);
      j.memory_per_task_mb =
          (static_cast<std::int64_t>(*r.memory_per_node_mb) + per_node - 1) / std::max<std::int64_t>(1, per_node);
    }
    j.walltime = r.time_limit_minutes ? static_cast<Seconds>(*r.time_limit_minutes) * 60 : options.unlimited_walltime;
    if (j.walltime <= 0) j.walltime = 60;  // a zero limit in Slurm is its minimum, a minute
    j.submit_time = r.submit;
    j.exclusive = r.exclusive;
    j.gres_per_node = gres_counts(r.tres_per_node);
    if (r.state == JobStateName::Pending && r.tres_per_job_or_task.find("gres:") != std::string::npos) {
      j.holds.push_back(std::string(kUnsupportedGresHold));
      out.problems.push_back(
          fmt::format("job {}: generic resources asked per job or per task ({}) are not scheduled: "
                      "only --gres per node is (docs/slurm.md)",
                      id, r.tres_per_job_or_task));
    }
    if (auto features = constraint_features(r.constraint)) {
      j.features = std::move(*features);
    } else if (r.state == JobStateName::Pending) {
      // Placed by a feature the engine does not model, it could go where Slurm refuses it.
      j.holds.push_back(std::string(kUnsupportedConstraintHold));
      out.problems.push_back(
          fmt::format("job {}: constraint '{}' (OR, counts or brackets) is not scheduled: only a "
                      "feature or an AND list (a&b) is (docs/slurm.md)",
                      id, r.constraint));
    }

    const auto starting = adapter.starting.find(r.id);
    if (r.state == JobStateName::Pending) {
      j.state = JobState::Idle;
      if (starting != adapter.starting.end()) {
        // Asked to start, not running yet: the engine books it where it was sent.
        j.state = JobState::Starting;
        j.start_time = starting->second.asked;
        j.allocated_nodes = starting->second.nodes;
        j.allocated_tasks = starting->second.tasks;
      } else if (r.reason == "JobHeldAdmin" && !adapter.held_again.contains(r.id)) {
        j.holds.push_back("system");  // an operator's `scontrol hold`
      } else if (r.admin_comment.find(kUserHoldMark) != std::string::npos) {
        j.holds.push_back("user");  // its owner's `sbatch -H`
      }
      bool never = false;
      j.dependencies = unfulfilled_dependencies(r.dependency, never);
      if (never || r.reason == "DependencyNeverSatisfied") j.holds.push_back("dependency never satisfied");
    } else if (r.state == JobStateName::Running || r.state == JobStateName::Suspended || r.completing) {
      // A completing job still holds its nodes: Slurm starts nothing on them until it is done.
      j.state = r.state == JobStateName::Suspended ? JobState::Suspended : JobState::Running;
      j.start_time = r.start;
      if (r.completing && r.end > 0) j.end_time = r.end;  // usage stops at its end
      for (const auto& [node, cpus] : r.allocation) {
        j.allocated_nodes.push_back(node);
        j.allocated_tasks.push_back(std::max<std::int64_t>(1, cpus / j.procs_per_task));
      }
      if (j.allocated_nodes.empty()) {
        out.problems.push_back(fmt::format("job {}: {} on no node: taken as holding none", id, to_string(r.state)));
        j.allocated_tasks.clear();
      } else {
        // The tasks Slurm placed, whatever was asked: the calendar books what runs.
        std::int64_t placed = 0;
        for (auto t : j.allocated_tasks) placed += t;
        j.tasks = placed;
        // A completing job lists only the nodes still finishing, but it used all its CPUs up to
        // its end: usage is charged on the CPUs it had (found by the kill -9 test: a 6-CPU job
        // seen completing on one node was charged 1 CPU for its last second).
        if (r.completing && r.cpus > 0) j.tasks = std::max<std::int64_t>(placed, r.cpus / j.procs_per_task);
      }
    } else if (ended(r.state)) {
      j.state = JobState::Completed;
      if (r.start > 0 && r.end >= r.start) {
        j.start_time = r.start;
        j.end_time = r.end;
      }
    }
    out.record_of.push_back(k);
    s.jobs.push_back(std::move(j));
  }
  return out;
}

}  // namespace maui::runtime::slurm
