#include "runtime/rm/sim/simulator.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/scheduler.h"
#include "runtime/engine/scheduler_settings.h"
#include "runtime/engine/standing_reservations.h"

namespace maui::runtime {

// ---------------------------------------------------------------------------------------------
// Nodes

namespace {

// "n01, n02, n03 and 13 more": enough of a list of names for a message.
std::string some_of(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 3;
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kShown; ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  if (names.size() > kShown) out += fmt::format(" and {} more", names.size() - kShown);
  return out;
}

// An assumption, said at the config line it concerns.
Problem note_at(const ir::Provenance& from, std::string message) {
  return {from.where.file.str(), from.where.line, from.where.column, Severity::Note, std::move(message)};
}

}  // namespace

SimulatedNodes simulated_nodes(const ir::Policy& policy, const NodeSource& source) {
  SimulatedNodes out;
  // The config's own nodes, in name order: NODECFG[DEFAULT] and NODECFG[GLOBAL] are none.
  std::vector<const ir::NodeConfig*> configured;
  std::vector<std::string> configured_names;
  for (const auto& [name, cfg] : policy.nodes)
    if (name != "DEFAULT" && name != "GLOBAL") configured.push_back(&cfg), configured_names.push_back(name);

  if (source.count > 0) {
    const std::int64_t procs = source.procs_per_node > 0 ? source.procs_per_node : 1;
    const int width = std::max<int>(3, static_cast<int>(std::to_string(source.count).size()));
    for (std::int64_t i = 1; i <= source.count; ++i) {
      Node n;
      n.name = fmt::format("node{:0{}}", i, width);
      n.procs = procs;
      out.nodes.push_back(std::move(n));
    }
    // Nothing of the config's nodes carries over, not even their names: say so where they are.
    if (!configured.empty())
      out.assumptions.push_back(note_at(
          configured.front()->declared,
          fmt::format("--nodes {} replaces the config's {} NODECFG node{} ({}) by {} .. {}: their RESOURCES, FEATURES, "
                      "PARTITION and MAXJOB do not apply, and a standing reservation whose HOSTLIST names them "
                      "reserves nothing; leave out --nodes to simulate the config's nodes (--procs-per-node P "
                      "alone gives procs to those that state none)",
                      source.count, configured.size(), configured.size() == 1 ? "" : "s", some_of(configured_names),
                      out.nodes.front().name, out.nodes.back().name)));
    return out;
  }

  const ir::NodeConfig* defaults = nullptr;
  if (auto it = policy.nodes.find("DEFAULT"); it != policy.nodes.end()) defaults = &it->second;
  auto pick = [&](const auto& own, const auto& fallback_member) {
    return own ? own->value : (defaults && (defaults->*fallback_member) ? (defaults->*fallback_member)->value
                                                                       : decltype(own->value){});
  };
  std::vector<std::string> without_procs;  // the nodes whose procs nothing states
  const ir::NodeConfig* first_without_procs = nullptr;
  for (std::size_t k = 0; k < configured.size(); ++k) {
    const ir::NodeConfig& cfg = *configured[k];
    Node n;
    n.name = configured_names[k];
    n.procs = pick(cfg.procs, &ir::NodeConfig::procs);
    if (n.procs <= 0) {
      // Maui learns a node's procs from its resource manager; the simulator has only the config.
      n.procs = source.procs_per_node > 0 ? source.procs_per_node : 1;
      without_procs.push_back(n.name);
      if (!first_without_procs) first_without_procs = &cfg;
    }
    n.memory_mb = pick(cfg.mem_mb, &ir::NodeConfig::mem_mb);
    n.swap_mb = pick(cfg.swap_mb, &ir::NodeConfig::swap_mb);
    n.disk_mb = pick(cfg.disk_mb, &ir::NodeConfig::disk_mb);
    for (const auto& f : (cfg.features.empty() && defaults ? defaults->features : cfg.features))
      n.features.push_back(f.value);
    std::string partition = pick(cfg.partition, &ir::NodeConfig::partition);
    if (!partition.empty()) n.partition = partition;
    // MAXJOB: the node's own when above 0, else NODECFG[DEFAULT]'s (reference §2.7); a limit
    // beyond 2^31 jobs is none.
    const std::int64_t max_jobs = cfg.max_jobs && cfg.max_jobs->value > 0 ? cfg.max_jobs->value
                                  : defaults && defaults->max_jobs       ? defaults->max_jobs->value
                                                                         : 0;
    n.max_jobs = max_jobs > std::numeric_limits<std::int32_t>::max() ? 0 : static_cast<std::int32_t>(max_jobs);
    out.nodes.push_back(std::move(n));
  }
  if (first_without_procs) {
    const std::size_t count = without_procs.size();
    out.assumptions.push_back(note_at(
        first_without_procs->declared,
        fmt::format("{} NODECFG node{} ({}) state{} no procs (RESOURCES=PROCS:n, nor NODECFG[DEFAULT]): {}", count,
                    count == 1 ? "" : "s", some_of(without_procs), count == 1 ? "s" : "",
                    source.procs_per_node > 0
                        ? fmt::format("each is simulated with {} procs, as --procs-per-node says", source.procs_per_node)
                        : "each is simulated with 1 proc, what Maui assumes of a node its resource manager reports "
                          "none for; give --procs-per-node P for the procs they have")));
  } else if (source.procs_per_node > 0 && !configured.empty()) {
    out.assumptions.push_back(
        {policy.files.empty() ? std::string() : policy.files.front(), 0, 0, Severity::Note,
         fmt::format("--procs-per-node {} is not used: every NODECFG node states its procs (RESOURCES=PROCS:n)",
                     source.procs_per_node)});
  }
  if (out.nodes.empty())
    out.error = "the simulated cluster has no nodes: give --nodes N --procs-per-node P, or NODECFG[<name>] lines "
                "in the config";
  return out;
}

// ---------------------------------------------------------------------------------------------
// The simulated resource manager

SimulatedCluster::SimulatedCluster(std::vector<Node> nodes, Epoch origin) : origin_(origin) {
  state_.nodes = std::move(nodes);
  state_.now = origin;
  in_use_.resize(state_.nodes.size());
}

SimulatedCluster::SimulatedCluster(ClusterSnapshot snapshot) : state_(std::move(snapshot)), origin_(0) {
  in_use_.resize(state_.nodes.size());
  expect(state_.jobs.size());
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
    charge(job, 1);
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

Job* SimulatedCluster::find(const std::string& id) {
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

namespace {

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

bool replayable(const TraceJob& t) {
  auto within = [](std::int64_t v, std::int64_t min, std::int64_t max) { return v >= min && v <= max; };
  return within(t.submit, 0, ir::kMaxSeconds) && within(t.run, 0, ir::kMaxSeconds) &&
         within(t.requested, 1, ir::kMaxSeconds) && within(t.procs, 1, ir::kMaxProcs);
}

}  // namespace

void SimulatedCluster::expect(std::size_t jobs) {
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
  Job* job = find(id);
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
  if (job->state != JobState::Idle) return RmStatus::failure(fmt::format("job {} is {}, not Idle", id, to_string(job->state)));
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

void SimulatedCluster::charge(const Job& job, std::int64_t sign) {
  const Resources per_task = task_resources(job);
  for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k)
    if (const auto n = state_.allocated_node(job, k); n && *n < in_use_.size())
      in_use_[*n] += per_task * (sign * job.tasks_on(k));
}

RmStatus SimulatedCluster::hold_job(const std::string& id, const std::string& reason) {
  Job* job = find(id);
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  job->holds.push_back(reason);
  return {};
}

RmStatus SimulatedCluster::cancel_job(const std::string& id, const std::string& reason) {
  Job* job = find(id);
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
  Job* job = find(id);
  if (!job) return RmStatus::failure(fmt::format("no job {}", id));
  if (!job->is_active()) return RmStatus::failure(fmt::format("job {} is not running", id));
  charge(*job, -1);
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
    charge(*job, -1);
    job->state = JobState::Completed;
    job->end_time = end;
    ++completed_;
    outcomes_[position].end = end - origin_;
    if (events) events->push_back({RmEvent::Kind::Ended, job->id, end, "completed"});
    ++done;
  }
  return done;
}

// ---------------------------------------------------------------------------------------------
// The simulation loop

namespace {

std::int64_t total_procs(const std::vector<Node>& nodes) {
  std::int64_t procs = 0;
  for (const auto& n : nodes) procs += n.procs;
  return procs;
}

// The simulation loop: users submit the trace's jobs at their times, the simulated RM runs
// them, and the scheduling cycle (runtime/cycle/) decides, as it does in front of Slurm.
class Simulation {
 public:
  Simulation(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
             const SimulationOptions& options)
      : dir_(dir),
        policy_(dir.policy()),
        trace_(trace),
        options_(options),
        cluster_(std::move(nodes), origin_of(trace)),
        cycle_(dir, cycle_options(options, trace), cluster_.state().nodes),
        fairshare_on_(policy_.fairshare.metric.value != ir::FairshareMetric::None),
        cluster_procs_(total_procs(cluster_.state().nodes)) {
    order_.reserve(trace.jobs.size());
    // read_swf refuses a job number seen before, but a trace built in code may repeat one: only
    // the first job of a number is replayed, since the simulated RM knows a job by its number.
    std::vector<std::int64_t> numbers;  // sorted first: a set only when some number repeats
    for (const auto& j : trace.jobs) numbers.push_back(j.number);
    std::sort(numbers.begin(), numbers.end());
    const bool repeats = std::adjacent_find(numbers.begin(), numbers.end()) != numbers.end();
    std::unordered_set<std::int64_t> seen;
    for (std::size_t i = 0; i < trace.jobs.size(); ++i)
      if (replayable(trace.jobs[i]) && (!repeats || seen.insert(trace.jobs[i].number).second)) order_.push_back(i);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return trace.jobs[a].submit < trace.jobs[b].submit; });
    cluster_.expect(order_.size());
  }

  SimulationResult run() {
    if (!order_.empty()) cluster_.state().now = cluster_.origin() + trace_.jobs[order_[0]].submit;
    const std::optional<Epoch> stop = options_.stop_at;
    if (stop && *stop < cluster_.state().now) cluster_.state().now = *stop;  // before the first submission
    for (;;) {
      Epoch t = std::min(cycle_.next_wakeup(), cluster_.next_end());
      if (next_submit_ < order_.size()) t = std::min(t, cluster_.origin() + trace_.jobs[order_[next_submit_]].submit);
      if (stop && t > *stop) break;
      if (t == kEndOfTime) break;
      if (stalled(t)) {
        stalled_ = true;
        break;
      }
      // The RM moves to t and ends what ends then; the time up to t is accounted for; then the
      // users submit what they submit at t (the RM reports them at its next wait).
      events_.clear();
      cluster_.wait(t, events_);
      cycle_.advance_to(cluster_, t);
      cycle_.note(events_);
      cluster_.forget_completed();  // charged for their time by advance_to
      for (const auto& e : events_)
        if (e.kind == RmEvent::Kind::Ended) last_change_ = t;
      while (next_submit_ < order_.size() && cluster_.origin() + trace_.jobs[order_[next_submit_]].submit <= t)
        submit(trace_.jobs[order_[next_submit_++]]), last_change_ = t;
      report_progress();
      took(cycle_.iterate(cluster_));
      if (options_.on_iteration && cycle_.iterations() != observed_)
        observed_ = cycle_.iterations(),
        options_.on_iteration({t - cluster_.origin(), cluster_.origin(), cluster_.state(), cycle_.reservations(),
                               cycle_.fairshare_history()});
    }
    if (stop) stop_at(*stop);
    return finish();
  }

  // Moves the clock to the stop time (nothing happens in between: the loop stops before the
  // next event) and shows the moment to the observer.
  void stop_at(Epoch t) {
    stopped_ = true;
    if (t > cluster_.state().now) {
      events_.clear();
      cluster_.wait(t, events_);
      cycle_.advance_to(cluster_, t);
      cycle_.note(events_);
    }
    if (options_.at_stop) options_.at_stop(cycle_, cluster_);
  }

 private:
  static CycleOptions cycle_options(const SimulationOptions& options, const Trace& trace) {
    CycleOptions c;
    c.admin_reservations.assign(options.admin_reservations.begin(), options.admin_reservations.end());
    c.utc_offset = std::clamp<Seconds>(trace.time_zone.value_or(0), -kMaxTimeZone, kMaxTimeZone);
    c.skip_futile_iterations = options.skip_futile_iterations;
    c.fast_path = options.fast_path;
    return c;
  }

  void submit(const TraceJob& t) {
    cluster_.submit(t);
    Job& job = cluster_.state().jobs.back();
    if (job.qos.empty()) {
      job.qos = dir_.default_qos(job);  // QDEF chain (SWF jobs ask for no QOS)
    } else if (std::string given = dir_.job_qos(job); given != job.qos) {
      // A QOS the job may not use: Maui gives it its default (docs/semantics.md 78).
      auto& r = refused_qos_[job.qos];
      if (r.jobs++ == 0) r.first = job.id;
      job.qos = std::move(given);
    }
    cluster_.outcome(job.id).qos = job.qos;
  }

  // What the iteration's decisions did, in the jobs' outcomes and to the observer.
  void took(const IterationReport& report) {
    if (!report.ran) return;
    const ClusterSnapshot& state = cluster_.state();
    const Epoch at = state.now - cluster_.origin();
    for (const auto& a : report.applied) {
      const Job& job = state.jobs[a.job];
      JobOutcome& outcome = cluster_.outcome(job.id);
      switch (a.kind) {
        case AppliedDecision::Kind::Requeue:
          if (!a.status.ok) {
            warnings_.insert("simulator refused a requeue: " + a.status.error);
            break;
          }
          ++outcome.preempted;
          if (options_.on_run) options_.on_run({RunEvent::Kind::Requeue, outcome.number, at, {}, {}});
          break;
        case AppliedDecision::Kind::Start:
          if (!a.status.ok) {
            warnings_.insert("simulator refused a start: " + a.status.error);
            break;
          }
          if (options_.on_run)
            options_.on_run({RunEvent::Kind::Start, outcome.number, at, job.allocated_nodes, job.allocated_tasks});
          if (a.backfill) outcome.backfilled = true;
          break;
        case AppliedDecision::Kind::Cancel:
        case AppliedDecision::Kind::Hold:
          break;
      }
    }
    if (!report.result.starts.empty() || !report.result.never_runnable.empty()) last_change_ = state.now;
  }

  // Jobs wait, none runs, none is left to submit, and nothing started for longer than anything
  // that changes with time can take to repeat: standing reservations (a week at most), the
  // fairshare usage the waiting jobs see (gone after FSDEPTH intervals), administrative
  // reservations (gone at their end). Every later iteration would repeat an earlier one: the jobs
  // would wait for ever, and a simulation that jumps from one reservation boundary to the next
  // would never end (docs/simulator.md).
  bool stalled(Epoch t) const {
    if (next_submit_ < order_.size()) return false;
    for (const auto& j : cluster_.state().jobs)
      if (j.is_active()) return false;
    Seconds quiet = 2 * 7 * 86'400;
    if (fairshare_on_) {
      const FairshareClock fc = FairshareClock::from(policy_.fairshare);
      quiet += fc.interval * (fc.depth + 1);
    }
    Epoch settled = last_change_;
    for (const auto& a : options_.admin_reservations)  // one that never ends changes things at its start
      settled = std::max(settled, a.end < kEndOfTime / 2 ? a.end : a.start);
    return t - settled > quiet;
  }

  void report_progress() {
    if (!options_.progress || options_.progress_every <= 0) return;
    const auto submitted = static_cast<std::int64_t>(next_submit_);
    if (submitted / options_.progress_every == last_progress_ / options_.progress_every) return;
    last_progress_ = submitted;
    options_.progress(submitted, static_cast<std::int64_t>(order_.size()), cluster_.state().now - cluster_.origin());
  }

  // Why each job that still waits never started, as one last explained iteration sees it.
  void explain_the_waiting() {
    const auto& jobs = cluster_.state().jobs;
    if (stopped_ || std::none_of(jobs.begin(), jobs.end(), [](const Job& j) { return j.is_queued(); })) return;
    const IterationResult result = cycle_.explain(cluster_.state());
    auto set = [&](std::size_t job, std::string why) {
      if (!jobs[job].is_queued()) return;
      cluster_.outcome(jobs[job].id).reason =
          (stalled_ ? "never started: nothing ran or changed for longer than the policy takes to repeat; "
                    : "still waiting when the trace ended: ") +
          why;
    };
    for (const auto& e : result.queue.eligibility.jobs)
      if (!e.eligible) {
        std::string why;
        for (const auto& o : obstacles(e)) why += why.empty() ? o : "; " + o;
        set(e.index, why);
      }
    for (const auto& w : result.waiting) set(w.job, w.reason);
  }

  // read_swf refuses times and processor counts beyond schemas/ir.h's bounds; a trace built
  // another way may hold them. Such a job is not replayed (its outcome says why) and such an
  // origin is not used: the clock would overflow.
  static Epoch origin_of(const Trace& trace) {
    const Epoch origin = trace.unix_start_time.value_or(0);
    return origin >= -ir::kMaxSeconds && origin <= ir::kMaxSeconds ? origin : 0;
  }

  SimulationResult finish() {
    explain_the_waiting();
    SimulationResult r;
    // Outcomes are in submission order; the result lists jobs in trace order.
    std::vector<JobOutcome>& by_submission = cluster_.outcomes();
    // An archive trace is in submission order already: its outcomes are taken as they are, not
    // moved into a second table of them (megabytes of memory touched for nothing).
    bool in_order = by_submission.size() == trace_.jobs.size();
    for (std::size_t k = 0; in_order && k < order_.size(); ++k) in_order = order_[k] == k;
    if (in_order) {
      r.jobs = std::move(by_submission);
    } else {
      r.jobs.resize(trace_.jobs.size());
      for (std::size_t k = 0; k < by_submission.size(); ++k) r.jobs[order_[k]] = std::move(by_submission[k]);
    }
    std::vector<std::uint8_t> replayed(trace_.jobs.size(), 0);
    for (std::size_t i : order_) replayed[i] = 1;
    for (std::size_t i = 0; i < trace_.jobs.size(); ++i)
      if (!replayed[i]) {
        r.jobs[i] = outcome_of(trace_.jobs[i]);
        r.jobs[i].reason = replayable(trace_.jobs[i])
                               ? fmt::format("not replayed: job {} appears earlier in the trace", trace_.jobs[i].number)
                               : "not replayed: a time or processor count beyond the simulator's bounds";
      }
    for (auto& o : r.jobs)
      if (!o.start && o.reason.empty())
        o.reason = stopped_ ? "not started by the stop time" : "still waiting when the trace ended (no event could start it)";
    r.metrics = compute_metrics(r.jobs, cluster_procs_);
    r.iterations = cycle_.iterations();
    r.fast_path_iterations = cycle_.fast_path_iterations();
    std::set<std::string> warnings = warnings_;
    warnings.insert(cycle_.warnings().begin(), cycle_.warnings().end());
    for (const auto& [qos, r] : refused_qos_)
      warnings.insert(fmt::format("{} job(s) asked for QOS {}, which no QLIST or QDEF of their credentials gives them "
                                  "(the first: job {}); they ran under their default QOS (docs/semantics.md 78)",
                                  r.jobs, qos, r.first));
    r.warnings.assign(warnings.begin(), warnings.end());
    return r;
  }

  const CredentialDirectory& dir_;
  const ir::Policy& policy_;
  const Trace& trace_;
  const SimulationOptions& options_;
  SimulatedCluster cluster_;
  SchedulingCycle cycle_;
  const bool fairshare_on_;
  const std::int64_t cluster_procs_;  // the simulated nodes never change
  std::vector<std::size_t> order_;  // trace positions by submission time
  std::size_t next_submit_ = 0;
  std::vector<RmEvent> events_;  // of the last wait
  std::int64_t last_progress_ = 0;
  Epoch last_change_ = 0;  // the last submission, start, end or removal
  bool stalled_ = false;
  bool stopped_ = false;  // at SimulationOptions::stop_at
  std::set<std::string> warnings_;  // the simulated RM's refusals
  struct Refused {
    std::int64_t jobs = 0;
    std::string first;
  };
  std::map<std::string, Refused> refused_qos_;  // by the QOS asked for
  std::int64_t observed_ = 0;  // iterations the observer was told of
};

}  // namespace

SimulationResult simulate(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
                          const SimulationOptions& options) {
  return Simulation(dir, trace, std::move(nodes), options).run();
}

}  // namespace maui::runtime
