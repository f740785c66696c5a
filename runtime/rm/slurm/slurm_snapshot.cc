#include "runtime/rm/slurm/slurm_snapshot.h"

#include "runtime/rm/slurm/slurm_dependencies.h"
#include "runtime/rm/slurm/slurm_reservations.h"
#include "schemas/ir.h"

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
    // A count of 0 (Gres=gpu:0) is no resource: kept, it would be a JOBS.json count its reader refuses.
    if (const std::int64_t n = std::stoll(std::string(count)); n > 0) out[std::string(item.substr(0, first))] += n;
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

// Slurm bounds what a node has and a job asks far below the engine's bounds (schemas/ir.h): a
// number beyond them is a corrupt record. It is taken at the bound (and said), never left to
// overflow the engine's sums or to make a snapshot JOBS.json's reader refuses.
std::int64_t at_most(std::uint64_t v, std::int64_t max, bool& beyond) {
  if (v <= static_cast<std::uint64_t>(max)) return static_cast<std::int64_t>(v);
  beyond = true;
  return max;
}
Epoch bounded_time(Epoch t, bool& beyond) {
  if (t >= -ir::kMaxSeconds && t <= ir::kMaxSeconds) return t;
  beyond = true;
  return t < 0 ? -ir::kMaxSeconds : ir::kMaxSeconds;
}

Node node_of(const NodeRecord& r, bool& beyond) {
  Node n;
  n.name = r.name;
  n.procs = at_most(r.cpus, ir::kMaxProcs, beyond);
  n.memory_mb = at_most(r.real_memory_mb, ir::kMaxMegabytes, beyond);
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

std::vector<std::string> names_of_list(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    if (comma != 0) out.emplace_back(list.substr(0, comma));
    if (comma == std::string_view::npos) break;
    list = list.substr(comma + 1);
  }
  return out;
}

std::string task_key(std::uint32_t array_job_id, std::uint32_t task) {
  return fmt::format("{}_{}", array_job_id, task);
}

std::string job_key(const JobRecord& r) {
  return r.array_job_id != 0 && r.array_task ? task_key(r.array_job_id, *r.array_task) : std::to_string(r.id);
}

std::vector<std::uint32_t> array_task_ids(std::string_view text, std::string& error) {
  // Slurm's text of a task bitmap (xlate_array_task_str): comma-separated N, N-M or N-M:S,
  // then "%T" when the array has a throttle. Slurm's MaxArraySize is at most 4,000,001.
  constexpr std::uint64_t kMaxTask = 4'000'000;
  std::vector<std::uint32_t> out;
  error.clear();
  text = text.substr(0, text.find('%'));
  auto fail = [&](std::string why) {
    error = std::move(why);
    out.clear();
    return out;
  };
  if (text.empty()) return fail("no tasks");
  if (text.find("...") != std::string_view::npos) return fail("a task list Slurm cut short");
  auto number = [](std::string_view t, std::uint64_t& v) {
    if (t.empty() || t.size() > 7) return false;
    v = 0;
    for (char c : t) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return true;
  };
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find(',', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view term = text.substr(at, end - at);
    at = end + 1;
    std::uint64_t first = 0, last = 0, step = 1;
    const std::size_t dash = term.find('-');
    if (dash == std::string_view::npos) {
      if (!number(term, first)) return fail(fmt::format("'{}' is no task id", term));
      last = first;
    } else {
      std::string_view upper = term.substr(dash + 1);
      const std::size_t colon = upper.find(':');
      if (colon != std::string_view::npos) {
        if (!number(upper.substr(colon + 1), step) || step == 0)
          return fail(fmt::format("'{}' has no step of 1 or more", term));
        upper = upper.substr(0, colon);
      }
      if (!number(term.substr(0, dash), first) || !number(upper, last) || last < first)
        return fail(fmt::format("'{}' is no range of task ids", term));
    }
    if (last > kMaxTask) return fail(fmt::format("task {} is above Slurm's largest, {}", last, kMaxTask));
    if (out.size() + (last - first) / step + 1 > kMaxTask + 1) return fail("more tasks than Slurm allows");
    for (std::uint64_t t = first; t <= last; t += step) out.push_back(static_cast<std::uint32_t>(t));
  }
  return out;
}

namespace {

// One Slurm record as a job of the engine, under the id given (an array's record stands for
// each of its pending tasks).
Job map_job(const JobRecord& r, std::string id, const AdapterView& adapter, const MappingOptions& options, Epoch now,
            const DependencyStanding& dependencies, const std::vector<AdminReservation>& reservations,
            std::vector<std::string>& problems) {
  Job j;
  j.id = std::move(id);
  j.user = r.user;
  j.group = r.group;
  j.account = r.account;
  j.job_class = r.partition;
  j.qos = r.qos;
  bool beyond = false;
  j.procs_per_task = std::max<std::int64_t>(1, at_most(r.cpus_per_task, ir::kMaxProcs, beyond));
  const std::int64_t by_cpus = std::max<std::int64_t>(1, r.cpus / j.procs_per_task);
  j.tasks = r.tasks > 0 ? std::max<std::int64_t>(r.tasks, by_cpus) : by_cpus;
  if (j.tasks > ir::kMaxProcs / j.procs_per_task)
    j.tasks = std::max<std::int64_t>(1, ir::kMaxProcs / j.procs_per_task), beyond = true;
  j.nodes = r.node_count_asked ? at_most(r.min_nodes, ir::kMaxNodes, beyond) : 0;
  if (r.memory_per_cpu_mb) {
    const std::int64_t per_cpu = at_most(*r.memory_per_cpu_mb, ir::kMaxMegabytes, beyond);
    j.memory_per_task_mb = per_cpu > ir::kMaxMegabytes / j.procs_per_task ? (beyond = true, ir::kMaxMegabytes)
                                                                          : per_cpu * j.procs_per_task;
  } else if (r.memory_per_node_mb) {
    // Per node in Slurm, per task here: a node holds tasks_per_node tasks when the job says so,
    // else its tasks spread over its nodes (at least one).
    const std::int64_t per_node =
        r.tasks_per_node > 0 ? r.tasks_per_node
                             : (j.tasks + std::max<std::int64_t>(1, j.nodes) - 1) / std::max<std::int64_t>(1, j.nodes);
    j.memory_per_task_mb = (at_most(*r.memory_per_node_mb, ir::kMaxMegabytes, beyond) + per_node - 1) /
                           std::max<std::int64_t>(1, per_node);
  }
  j.walltime = r.time_limit_minutes ? static_cast<Seconds>(*r.time_limit_minutes) * 60 : options.unlimited_walltime;
  if (j.walltime <= 0) j.walltime = 60;  // a zero limit in Slurm is its minimum, a minute
  j.submit_time = bounded_time(r.submit, beyond);
  j.exclusive = r.exclusive;
  j.contiguous = r.contiguous;
  j.gres_per_node = gres_counts(r.tres_per_node);
  if (r.state == JobStateName::Pending && r.tres_per_job_or_task.find("gres:") != std::string::npos) {
    j.holds.push_back(std::string(kUnsupportedGresHold));
    problems.push_back(
        fmt::format("job {}: generic resources asked per job or per task ({}) are not scheduled: "
                    "only --gres per node is (docs/slurm.md)",
                    j.id, r.tres_per_job_or_task));
  }
  if (auto features = constraint_features(r.constraint)) {
    j.features = std::move(*features);
  } else if (r.state == JobStateName::Pending) {
    // Placed by a feature the engine does not model, it could go where Slurm refuses it.
    j.holds.push_back(std::string(kUnsupportedConstraintHold));
    problems.push_back(
        fmt::format("job {}: constraint '{}' (OR, counts or brackets) is not scheduled: only a "
                    "feature or an AND list (a&b) is (docs/slurm.md)",
                    j.id, r.constraint));
  }
  j.nice = r.nice;
  const AskedReservation asked = asked_reservation(r.reservation, reservations, now);
  j.reservation = asked.name;

  const auto starting = adapter.starting.find(j.id);
  if (r.state == JobStateName::Pending) {
    j.state = JobState::Idle;
    if (starting != adapter.starting.end()) {
      // Asked to start, not running yet: the engine books it where it was sent.
      j.state = JobState::Starting;
      j.start_time = starting->second.asked;
      j.allocated_nodes = starting->second.nodes;
      j.allocated_tasks = starting->second.tasks;
    } else if (r.reason == "JobHeldAdmin" && !adapter.held_again.contains(j.id) && r.array_job_id == 0) {
      // An operator's `scontrol hold`. Not for an array's records: slurmctld turns an array's
      // JobHeldUser into JobHeldAdmin by itself (measured: the record of the last waiting task
      // once another task was released while the throttle was full), so that it tells nothing.
      j.holds.push_back("system");
    } else if (r.admin_comment.find(kUserHoldMark) != std::string::npos) {
      j.holds.push_back("user");  // its owner's `sbatch -H`
    }
    // Requeued while its last run still completes (found by a slurmd killed under a job: the
    // release right after the requeue failed and cost the job DEFERTIME).
    if (starting == adapter.starting.end() && (r.completing || r.requeuing)) j.holds.emplace_back(kCompletingHold);
    // Slurm's eligible time is its begin time (`--begin`), or, for a job requeued, the requeue
    // + 120 s, which the adapter overrides when it starts the job (docs/slurm.md).
    if (r.eligible > now && r.restarts == 0 && j.state == JobState::Idle) j.holds.emplace_back(kBeginTimeHold);
    // Measured: a job released whose limit from now runs past its deadline is ended by
    // slurmctld (DEADLINE) without running; one held stays pending past it (docs/slurm.md).
    if (r.deadline > 0 && j.state == JobState::Idle && now > r.deadline - j.walltime)
      j.holds.emplace_back(kDeadlineHold);
    // Slurm starts a job of a reservation only inside it (measured: docs/slurm.md).
    if (asked.hold && j.state == JobState::Idle) j.holds.emplace_back(*asked.hold);
    j.dependencies = dependencies.waiting_for;
    if (!dependencies.never.empty() || r.reason == "DependencyNeverSatisfied")
      j.holds.emplace_back(kDependencyNeverHold);
  } else if (r.state == JobStateName::Running || r.state == JobStateName::Suspended || r.completing) {
    // A completing job still holds its nodes: Slurm starts nothing on them until it is done.
    j.state = r.state == JobStateName::Suspended ? JobState::Suspended : JobState::Running;
    j.start_time = bounded_time(r.start, beyond);
    if (r.completing && r.end > 0) j.end_time = bounded_time(r.end, beyond);  // usage stops at its end
    for (const auto& [node, cpus] : r.allocation) {
      j.allocated_nodes.push_back(node);
      j.allocated_tasks.push_back(std::max<std::int64_t>(1, cpus / j.procs_per_task));
      if (j.allocated_nodes.size() > static_cast<std::size_t>(ir::kMaxNodes)) {
        beyond = true;
        j.allocated_nodes.pop_back(), j.allocated_tasks.pop_back();
        break;
      }
    }
    if (j.allocated_nodes.empty()) {
      problems.push_back(fmt::format("job {}: {} on no node: taken as holding none", j.id, to_string(r.state)));
      j.allocated_tasks.clear();
    } else {
      // The tasks Slurm placed, whatever was asked: the calendar books what runs.
      std::int64_t placed = 0;
      for (auto t : j.allocated_tasks) placed += t;  // at most 10^6 nodes of 2^32 CPUs: no overflow
      if (placed > ir::kMaxProcs / j.procs_per_task) {
        // Booked as the bound allows: the tasks Slurm listed, cut down from the last node.
        beyond = true;
        placed = 0;
        for (auto& t : j.allocated_tasks) placed += (t = std::min(t, ir::kMaxProcs / j.procs_per_task - placed));
        while (!j.allocated_tasks.empty() && j.allocated_tasks.back() == 0)
          j.allocated_tasks.pop_back(), j.allocated_nodes.pop_back();
      }
      j.tasks = placed;
      // A completing job lists only the nodes still finishing, but it used all its CPUs up to
      // its end: usage is charged on the CPUs it had (found by the kill -9 test: a 6-CPU job
      // seen completing on one node was charged 1 CPU for its last second).
      if (r.completing && r.cpus > 0)
        j.tasks = std::min(std::max<std::int64_t>(placed, r.cpus / j.procs_per_task), ir::kMaxProcs / j.procs_per_task);
    }
  } else if (ended(r.state)) {
    j.state = JobState::Completed;
    // Slurm sets a job ended while it waited (cancelled, or ended for its deadline, which it
    // does only to waiting jobs) to start when it ended: no run (measured: the jobcomp record of
    // a DEADLINE job, its start its end and no nodes).
    const bool waited = r.state == JobStateName::Deadline || (r.state == JobStateName::Cancelled && r.end <= r.start);
    if (r.start > 0 && r.end >= r.start && !waited) {
      j.start_time = bounded_time(r.start, beyond);
      j.end_time = bounded_time(r.end, beyond);
    }
  }
  if (beyond) {
    problems.push_back(
        fmt::format("job {}: a number beyond the scheduler's bounds (a corrupt record?): taken at "
                    "the bound{}",
                    j.id, j.state == JobState::Idle ? ", and the job held" : ""));
    if (j.state == JobState::Idle) j.holds.emplace_back(kBeyondBoundsHold);
  }
  return j;
}

// An array's `%N`: Slurm starts no task while N of them run. Its waiting tasks beyond what the
// throttle leaves get a hold, the lowest task ids first free, so that no iteration plans (and
// keeps nodes for) a task Slurm would not start.
struct ArrayTasks {
  std::uint32_t max_running = 0;
  std::int64_t active = 0;
  std::vector<std::pair<std::uint32_t, std::size_t>> waiting;  // task id, job
};

void throttle_arrays(std::map<std::uint32_t, ArrayTasks>& arrays, ClusterSnapshot& s) {
  for (auto& [array, a] : arrays) {
    if (a.max_running == 0) continue;
    std::sort(a.waiting.begin(), a.waiting.end());
    std::int64_t free = static_cast<std::int64_t>(a.max_running) - a.active;
    for (const auto& [task, job] : a.waiting) {
      if (free > 0) {
        --free;
        continue;
      }
      s.jobs[job].holds.emplace_back(kArrayThrottleHold);
    }
  }
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
    bool beyond = false;
    s.nodes.push_back(node_of(n, beyond));
    if (beyond)
      out.problems.push_back(
          fmt::format("node {}: CPUs or memory beyond the scheduler's bounds: taken at the bound", n.name));
  }
  s.rm_reservations = map_reservations(reading.reservations, reading.now, out.problems);
  mark_rm_reservations(s);
  out.next_begin = next_reservation_change(s.rm_reservations, reading.now);
  s.jobs.reserve(reading.jobs.size());
  std::map<std::uint32_t, ArrayTasks> arrays;
  // The dependencies are judged from every record (slurm_dependencies.h): indexed only when a
  // waiting job has any.
  std::optional<DependencyIndex> index;
  for (const auto& r : reading.jobs)
    if (r.state == JobStateName::Pending && !r.dependency.empty() && !index) index.emplace(reading.jobs);
  auto add = [&](std::size_t k, std::string id, std::optional<std::uint32_t> task) {
    const JobRecord& r = reading.jobs[k];
    DependencyStanding dependencies;
    if (index && r.state == JobStateName::Pending) dependencies = judge_dependencies(r, task, *index, reading.now);
    if (r.state == JobStateName::Pending && r.eligible > reading.now && r.restarts == 0 &&
        (out.next_begin == 0 || r.eligible < out.next_begin))
      out.next_begin = r.eligible;
    if (!dependencies.never.empty())
      out.dependency_never.push_back({s.jobs.size(), dependencies.never, dependencies.slurm_agrees});
    Job j = map_job(r, std::move(id), adapter, options, reading.now, dependencies, s.rm_reservations, out.problems);
    // With --time-min, Slurm would start it with a shorter limit instead; with no limit, Slurm's
    // reckoning is not the engine's (docs/slurm.md).
    if (r.time_min_minutes == 0 && r.time_limit_minutes.value_or(0) > 0 &&
        std::find(j.holds.begin(), j.holds.end(), kDeadlineHold) != j.holds.end())
      out.past_deadline.push_back(s.jobs.size());
    if (r.array_job_id != 0) {
      ArrayTasks& a = arrays[r.array_job_id];
      a.max_running = std::max(a.max_running, r.array_max_tasks);
      if (j.is_active())
        ++a.active;
      else if (j.state == JobState::Idle && j.holds.empty() && j.dependencies.empty() && task)
        a.waiting.emplace_back(*task, s.jobs.size());
    }
    out.record_of.push_back(k);
    s.jobs.push_back(std::move(j));
  };
  for (std::size_t k = 0; k < reading.jobs.size(); ++k) {
    const JobRecord& r = reading.jobs[k];
    if (r.array_job_id != 0 && !r.array_task && r.state == JobStateName::Pending) {
      // The tasks Slurm has not split out yet: each a job of its own (docs/slurm.md, "Job arrays").
      std::string error;
      const auto tasks = array_task_ids(r.array_tasks, error);
      if (tasks.empty()) {
        out.problems.push_back(fmt::format("job {}: a job array whose tasks Slurm lists as '{}': {}: not scheduled",
                                           r.id, r.array_tasks, error));
        continue;
      }
      for (auto t : tasks) add(k, task_key(r.array_job_id, t), t);
      continue;
    }
    add(k, job_key(r), r.array_task);
  }
  throttle_arrays(arrays, s);
  // A job asking several partitions (`-p a,b`; Slurm lists them while it waits) is of the class
  // of that list, which every node of any of them serves (docs/slurm.md, "Several partitions").
  std::set<std::string> lists;
  for (const auto& j : s.jobs)
    if (j.job_class.find(',') != std::string::npos && j.state != JobState::Completed) lists.insert(j.job_class);
  for (const auto& list : lists) {
    const auto parts = names_of_list(list);
    for (auto& n : s.nodes)
      if (std::any_of(n.classes.begin(), n.classes.end(),
                      [&](const std::string& c) { return std::find(parts.begin(), parts.end(), c) != parts.end(); }))
        n.classes.push_back(list);
  }
  return out;
}

}  // namespace maui::runtime::slurm
