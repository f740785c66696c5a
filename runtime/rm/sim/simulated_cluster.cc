// The simulated resource manager (simulated_cluster.h): submissions, starts checked against what
// each node has free, holds, requeues, and job ends on the virtual clock.
#include "runtime/rm/sim/simulated_cluster.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

namespace maui::runtime {

SimulatedCluster::SimulatedCluster(std::vector<Node> nodes, Epoch origin) : origin_(origin) {
  state_.nodes = std::move(nodes);
  state_.now = origin;
  in_use_.resize(state_.nodes.size());
}

SimulatedCluster::SimulatedCluster(ClusterSnapshot snapshot) : state_(std::move(snapshot)), origin_(0) {
  in_use_.resize(state_.nodes.size());
  reserve_jobs(state_.jobs.size());
  for (std::size_t k = 0; k < state_.jobs.size(); ++k) {
    const Job& job = state_.jobs[k];
    JobOutcome o;
    o.number = static_cast<std::int64_t>(k);  // no trace: the job's place in the snapshot
    o.submit = job.submit_time;
    o.procs = job.procs();
    o.requested = job.walltime;
    o.user = job.user, o.group = job.group, o.job_class = job.job_class, o.qos = job.qos;
    position_[job.id] = k;
    outcomes_.push_back(std::move(o));
    submitted_.push_back(k);
    run_.push_back(job.walltime);
    completed_ += job.state == JobState::Completed;
    if (!job.is_active() || !job.start_time || job.allocated_nodes.empty()) continue;
    charge_nodes(job, 1);
    outcomes_[k].start = *job.start_time;
    if (job.state != JobState::Running) continue;
    if (job.end_time && *job.end_time >= *job.start_time) run_[k] = *job.end_time - *job.start_time;
    ends_.emplace_back(*job.start_time + run_[k], k);
    std::push_heap(ends_.begin(), ends_.end(), std::greater<>());
  }
}

std::optional<std::size_t> SimulatedCluster::position_of(const std::string& id) const {
  auto it = position_.find(id);
  if (it == position_.end()) return std::nullopt;
  return it->second;
}

Job* SimulatedCluster::job_at(std::size_t position) {
  auto at = std::lower_bound(submitted_.begin(), submitted_.end(), position);
  if (at == submitted_.end() || *at != position) return nullptr;  // completed: left the snapshot
  return &state_.jobs[static_cast<std::size_t>(at - submitted_.begin())];
}

Job* SimulatedCluster::find_job(const std::string& id) {
  auto position = position_of(id);
  return position ? job_at(*position) : nullptr;
}

void SimulatedCluster::drop_completed() {
  auto& jobs = state_.jobs;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].state == JobState::Completed) continue;
    if (kept != i) jobs[kept] = std::move(jobs[i]);
    submitted_[kept++] = submitted_[i];
  }
  jobs.erase(jobs.begin() + static_cast<std::ptrdiff_t>(kept), jobs.end());
  submitted_.resize(kept);
  completed_ = 0;
}

JobOutcome outcome_of(const TraceJob& t) {
  JobOutcome o;
  o.number = t.number;
  o.submit = t.submit;
  o.procs = t.procs;
  o.requested = t.requested;
  o.user = t.user;
  o.group = t.group;
  o.job_class = t.job_class;
  o.account = t.account;
  return o;
}

void SimulatedCluster::reserve_jobs(std::size_t jobs) {
  outcomes_.reserve(jobs), run_.reserve(jobs), submitted_.reserve(jobs), position_.reserve(jobs);
}

void SimulatedCluster::submit(const TraceJob& t) {
  Job j;
  j.id = std::to_string(t.number);
  j.user = t.user;
  j.group = t.group;
  j.account = t.account;
  j.job_class = t.job_class;
  j.qos = t.qos;  // asked for (sacct); the simulation decides what it gets
  j.tasks = t.procs;
  j.procs_per_task = 1;
  j.walltime = t.requested;
  j.submit_time = origin_ + t.submit;
  position_[j.id] = outcomes_.size();
  run_.push_back(std::min(t.run, t.requested));  // ended at its wallclock limit (read_swf clips too)
  outcomes_.push_back(outcome_of(t));
  submitted_.push_back(outcomes_.size() - 1);
  state_.jobs.push_back(std::move(j));
  ++unreported_;
}

RmCapabilities SimulatedCluster::capabilities() const {
  RmCapabilities c;
  c.requeue = true;
  return c;
}

Epoch SimulatedCluster::wait(Epoch deadline, std::vector<RmEvent>& events) {
  const std::size_t first_new = state_.jobs.size() - unreported_;
  for (std::size_t k = first_new; k < state_.jobs.size(); ++k)
    events.push_back({RmEvent::Kind::Submitted, state_.jobs[k].id, state_.jobs[k].submit_time, {}});
  unreported_ = 0;
  const Epoch t = std::max(state_.now, std::min(deadline, next_end()));
  state_.now = t;
  finish_due(&events);
  return t;
}

RmStatus SimulatedCluster::start_job(const std::string& id, std::vector<std::string> nodes,
                                     std::vector<std::int64_t> tasks) {
  return start_job(StartRequest{id, std::move(nodes), std::move(tasks), {}});
}

RmStatus SimulatedCluster::release_job(const std::string& id) {
  Job* job = find_job(id);
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  if (job->holds.empty()) return RmStatus::failure(fmt::format("job {} is not held", id));
  job->holds.clear();
  return {};
}

RmStatus SimulatedCluster::set_priority(const std::string& id, std::int64_t) {
  return RmStatus::failure(fmt::format("job {}: the simulator shows no priorities", id));
}

RmStatus SimulatedCluster::start_job(StartRequest&& request) {
  const std::string& id = request.job;
  std::vector<std::string>& nodes = request.nodes;
  std::vector<std::int64_t>& tasks = request.tasks;
  std::vector<std::size_t>& where = request.where;
  const auto position = position_of(id);
  Job* job = position ? job_at(*position) : nullptr;
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  if (job->state != JobState::Idle)
    return RmStatus::failure(fmt::format("job {} is {}, not Idle", id, to_string(job->state)));
  if (nodes.empty()) return RmStatus::failure(fmt::format("job {}: no nodes given", id));
  if (!tasks.empty() && tasks.size() != nodes.size())
    return RmStatus::failure(fmt::format("job {}: {} nodes but {} task counts", id, nodes.size(), tasks.size()));

  // Which nodes (the hint when it names the same node, else by name), and how many tasks on
  // each: as given, or spread evenly (the first nodes take one more).
  if (tasks.empty()) {
    const auto n = static_cast<std::int64_t>(nodes.size());
    for (std::int64_t k = 0; k < n; ++k) tasks.push_back(job->tasks / n + (k < job->tasks % n ? 1 : 0));
  }
  where.resize(nodes.size(), state_.nodes.size());
  std::int64_t placed = 0;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (tasks[k] <= 0) return RmStatus::failure(fmt::format("job {}: {} tasks on node {}", id, tasks[k], nodes[k]));
    placed += tasks[k];
    if (where[k] < state_.nodes.size() && same_name(state_.nodes[where[k]].name, nodes[k])) continue;
    const auto found = state_.find_node(nodes[k]);
    if (!found) return RmStatus::failure(fmt::format("job {}: no node named {}", id, nodes[k]));
    where[k] = *found;
  }
  if (placed != job->tasks)
    return RmStatus::failure(fmt::format("job {} has {} tasks; the start places {}", id, job->tasks, placed));

  // Room on each node, over what runs there; nothing is taken unless every node has it.
  in_use_.resize(state_.nodes.size());
  const Resources per_task = task_resources(*job);
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const Node& node = state_.nodes[where[k]];
    Resources& used = in_use_[where[k]];
    const Resources need = per_task * tasks[k];
    const bool fits = used.procs + need.procs <= node.procs && used.mem_mb + need.mem_mb <= node.memory_mb &&
                      used.swap_mb + need.swap_mb <= node.swap_mb && used.disk_mb + need.disk_mb <= node.disk_mb;
    if (!fits || !takes_new_work(node)) {
      for (std::size_t back = 0; back < k; ++back) in_use_[where[back]] += per_task * -tasks[back];
      if (!takes_new_work(node))
        return RmStatus::failure(fmt::format("job {}: node {} is {}", id, node.name, to_string(node.state)));
      return RmStatus::failure(fmt::format(
          "job {}: node {} cannot take {} task(s) of {} proc(s), {} MB memory: {} of its {} procs and {} of its {} MB "
          "memory are in use",
          id, node.name, tasks[k], per_task.procs, per_task.mem_mb, used.procs, node.procs, used.mem_mb,
          node.memory_mb));
    }
    used += need;
  }

  job->state = JobState::Running;
  job->start_time = state_.now;
  job->allocated_nodes = std::move(nodes);
  job->allocated_tasks = std::move(tasks);
  // The scheduler finds the nodes by index from now on (a hint, checked against the name).
  job->allocated_node_hint = std::move(where);
  ends_.emplace_back(state_.now + run_[*position], *position);
  std::push_heap(ends_.begin(), ends_.end(), std::greater<>());
  next_end_checked_ = false;
  outcomes_[*position].start = state_.now - origin_;
  return {};
}

void SimulatedCluster::charge_nodes(const Job& job, std::int64_t sign) {
  const Resources per_task = task_resources(job);
  for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k)
    if (const auto n = state_.allocated_node(job, k); n && *n < in_use_.size())
      in_use_[*n] += per_task * (sign * job.tasks_on(k));
}

RmStatus SimulatedCluster::hold_job(const std::string& id, const std::string& reason) {
  Job* job = find_job(id);
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  job->holds.push_back(reason);
  return {};
}

RmStatus SimulatedCluster::cancel_job(const std::string& id, const std::string& reason) {
  Job* job = find_job(id);
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  if (job->is_active()) return RmStatus::failure(fmt::format("job {} is running", id));
  // Completed jobs leave the snapshot in a later finish_due(); the indices of this
  // iteration's report stay valid until then.
  job->state = JobState::Completed;
  ++completed_;
  outcomes_[position_[id]].reason = reason;
  return {};
}

RmStatus SimulatedCluster::requeue_job(const std::string& id) {
  Job* job = find_job(id);
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  if (!job->is_active()) return RmStatus::failure(fmt::format("job {} is not running", id));
  charge_nodes(*job, -1);
  job->state = JobState::Idle;
  job->start_time.reset();
  job->sched.start_priority.reset();
  job->allocated_nodes.clear();
  job->allocated_tasks.clear();
  job->allocated_node_hint.clear();
  outcomes_[position_[id]].start.reset();
  next_end_checked_ = false;
  return {};  // its end event is stale now; next_end() drops it
}

Epoch SimulatedCluster::next_end() {
  // Asked twice a turn (by the simulation loop, then by wait): the front checked once stays so
  // until the heap or a job's run changes.
  if (next_end_checked_) return ends_.empty() ? kEndOfTime : ends_.front().first;
  // The heap's front is the earliest end. A requeued job's end is stale: dropped here, it
  // neither wakes an iteration nor stays in memory (jobs that preempt one another in turn would
  // otherwise pile them up, each waking an iteration that preempts again).
  while (!ends_.empty()) {
    const auto [end, position] = ends_.front();
    const Job* job = job_at(position);
    if (job && job->state == JobState::Running && job->start_time && *job->start_time + run_[position] == end) break;
    std::pop_heap(ends_.begin(), ends_.end(), std::greater<>());
    ends_.pop_back();
  }
  next_end_checked_ = true;
  return ends_.empty() ? kEndOfTime : ends_.front().first;
}

JobOutcome& SimulatedCluster::outcome(const std::string& id) { return outcomes_[position_.at(id)]; }

void SimulatedCluster::forget_completed() {
  // Completed jobs stay in the snapshot (the scheduler passes them by) until they are half of
  // it: removing one moves every job behind it, which cost as much as a tenth of a simulation.
  if (completed_ * 2 > state_.jobs.size()) drop_completed();
}

std::size_t SimulatedCluster::finish_due(std::vector<RmEvent>* events) {
  std::size_t done = 0;
  while (!ends_.empty() && ends_.front().first <= state_.now) {
    next_end_checked_ = false;
    std::pop_heap(ends_.begin(), ends_.end(), std::greater<>());
    const auto [end, position] = ends_.back();
    ends_.pop_back();
    Job* job = job_at(position);
    // A requeued job's old end is stale: it ends only at start + run of its current run.
    if (!job || job->state != JobState::Running || !job->start_time || *job->start_time + run_[position] != end)
      continue;
    charge_nodes(*job, -1);
    job->state = JobState::Completed;
    job->end_time = end;
    ++completed_;
    outcomes_[position].end = end - origin_;
    if (events) events->push_back({RmEvent::Kind::Ended, job->id, end, "completed"});
    ++done;
  }
  return done;
}

}  // namespace maui::runtime
