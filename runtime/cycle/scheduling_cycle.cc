#include "runtime/cycle/scheduling_cycle.h"

#include <algorithm>
#include <limits>

#include "runtime/engine/scheduler_settings.h"
#include "runtime/engine/standing_reservations.h"

namespace maui::runtime {

namespace {

// The start of the oldest fairshare window a refresh at `now` or later keeps (one more than FSDEPTH).
Epoch oldest_window_read(Epoch now, const FairshareClock& fc) {
  return window_start(now, fc.interval) - fc.interval * fc.depth;
}

bool queue_waiting(const ClusterSnapshot& snapshot) {
  return std::any_of(snapshot.jobs.begin(), snapshot.jobs.end(), [](const Job& j) { return j.is_queued(); });
}

// Whether jobs still wait after the iteration's decisions. A live RM's snapshot does not show
// what it was just asked to do: there the decisions carried out are counted.
bool still_waiting(const ClusterSnapshot& snapshot, const IterationReport& report, bool snapshot_follows) {
  if (snapshot_follows) return queue_waiting(snapshot);
  std::int64_t waiting = 0;
  for (const auto& j : snapshot.jobs) waiting += j.is_queued();
  for (const auto& a : report.applied)
    if (a.status.ok && a.kind != AppliedDecision::Kind::Hold)
      waiting += a.kind == AppliedDecision::Kind::Requeue ? 1 : -1;
  return waiting > 0;
}

}  // namespace

SchedulingCycle::SchedulingCycle(const CredentialDirectory& dir, CycleOptions options,
                                 std::span<const Node> fixed_nodes)
    : dir_(dir),
      policy_(dir.policy()),
      options_(std::move(options)),
      fairshare_on_(policy_.fairshare.metric.value != ir::FairshareMetric::None),
      accrual_(accrual_policy(policy_)),
      fixed_nodes_(!fixed_nodes.empty()) {
  clock_.utc_offset = options_.utc_offset;
  if (!fixed_nodes_) return;
  partitions_.assign(fixed_nodes);
  confined_ = confines_to_partitions(dir_, fixed_nodes);
  partition_procs_.assign(partitions_.size(), 0);
  for (std::size_t n = 0; n < fixed_nodes.size(); ++n) {
    cluster_procs_ += fixed_nodes[n].procs;
    if (takes_new_work(fixed_nodes[n])) partition_procs_[partitions_.of(n)] += fixed_nodes[n].procs;
  }
  skipping_changes_nothing_ = skipping_is_exact();
  if (options_.fast_path && options_.admin_reservations.empty() && EasyFastPath::refusal(dir_, fixed_nodes).empty())
    fast_path_.emplace(dir_, fixed_nodes);
}

// ---------------------------------------------------------------------------------------------
// Time passing

void SchedulingCycle::advance_to(ResourceManager& rm, Epoch t) {
  ClusterSnapshot& snapshot = rm.cluster();
  if (!fixed_nodes_) merge_memory(snapshot);
  if (!accrued_until_ || t <= *accrued_until_) {
    if (!accrued_until_) accrued_until_ = t;  // the first look: nothing accrued before it
    return;
  }
  const Epoch from = *accrued_until_;
  if (fairshare_on_) {
    // Windows more than FSDEPTH intervals before t are forgotten before any refresh reads them
    // (fairshare_standing): usage is not accrued into them. A trace may leave years between two
    // events, and a window per FSINTERVAL of them would only fill memory.
    const FairshareClock fc = FairshareClock::from(policy_.fairshare);
    accrue_usage(history_, policy_, snapshot, std::max(from, oldest_window_read(t, fc)), t);
  }
  if (accrual_ != AccrualPolicy::Always) accrue_judged_queue_time(snapshot, accrual_, from, t - from);
  accrued_until_ = t;
  if (!fixed_nodes_) capture_memory(snapshot);
}

void SchedulingCycle::note(std::span<const RmEvent> events) {
  for (const auto& e : events)
    if (e.kind == RmEvent::Kind::Ended) last_completion_ = std::max(last_completion_.value_or(e.at), e.at);
}

Epoch SchedulingCycle::next_wakeup() const {
  // Reservation boundaries and the end of a backfill chunk period matter only to jobs that wait.
  if (!left_waiting_) return kEndOfTime;
  const Epoch now = iterated_at_;
  // A job the last iteration removed as never runnable counted against its credentials'
  // idle-job limits there: the jobs it held back get an iteration without it at once.
  if (removed_never_runnable_) return now;
  Epoch t = kEndOfTime;
  const Seconds chunk = policy_.scheduling.chunk_duration.value;
  if (policy_.scheduling.chunk_size.value > 0 && chunk > 0 && last_completion_ && *last_completion_ + chunk > now)
    t = std::min(t, *last_completion_ + chunk);
  for (const auto& r : previous_) {
    if (r.start > now) t = std::min(t, r.start);
    if (r.end > now && r.end < kEndOfTime / 2) t = std::min(t, r.end);
  }
  return t;
}

// Maui refreshes fairshare usage once per iteration, i.e. once per RMPOLLINTERVAL; a simulator,
// which iterates at every event, does the same once per RMPOLLINTERVAL of its clock.
const FairshareStanding* SchedulingCycle::fairshare_standing(Epoch now) {
  if (!fairshare_on_) return nullptr;
  const Seconds refresh = std::max<Seconds>(policy_.scheduling.poll_interval.value, 1);
  if (!standing_at_ || now - *standing_at_ >= refresh || now < *standing_at_) {
    const FairshareClock fc = FairshareClock::from(policy_.fairshare);
    history_.forget_before(oldest_window_read(now, fc));
    standing_ = FairshareStanding::compute(dir_, history_, now, std::move(standing_));
    standing_at_ = now;
    if (!fixed_nodes_) standing_history_ = history_;  // a restart computes the same standing from it
  }
  return &standing_;
}

// ---------------------------------------------------------------------------------------------
// The iteration

// Whether an iteration that starts nothing leaves nothing behind that a later one reads. Not so
// with a PREEMPTOR QOS (a preemptor may start where nothing is free), a floating standing
// reservation (it keeps the nodes it had in the iteration before), or RESERVATIONPOLICY HIGHEST
// (a job keeps the reservation an iteration gave it).
bool SchedulingCycle::skipping_is_exact() const {
  if (dir_.has_preemptors()) return false;
  for (const auto& [name, sr] : policy_.standing_reservations)
    if (floats(sr)) return false;
  std::vector<Problem> ignored;
  const SchedulerSettings settings = SchedulerSettings::from(policy_, ignored);
  return settings.reservation_policy != ReservationPolicy::Highest || settings.backfill == BackfillPolicy::None;
}

// An iteration can start a job only if some queued job fits in the procs no running job holds;
// when none does, the iteration is skipped: it would start nothing and only re-place
// reservations the next real iteration places again (docs/semantics.md).
bool SchedulingCycle::could_start_any(const ClusterSnapshot& snapshot) const {
  const std::int64_t cluster = cluster_procs_;
  std::int64_t free = cluster, smallest = std::numeric_limits<std::int64_t>::max();
  for (const auto& j : snapshot.jobs) {
    if (j.is_active())
      free -= j.procs();
    else if (j.is_queued())
      smallest = std::min(smallest, j.procs());
    // A job wider than the cluster is cancelled by the next iteration: let it come.
    if (j.is_queued() && j.procs() > cluster) return true;
  }
  if (free > 0 && smallest <= free) return true;
  // The same for a job wider than every partition open to it: until an iteration removes it, it
  // counts against its credentials' idle-job limits.
  if (confined_)
    for (const auto& j : snapshot.jobs)
      if (j.is_queued() && j.procs() > largest_partition_open_to(j)) return true;
  return false;
}

std::int64_t SchedulingCycle::largest_partition_open_to(const Job& job) const {
  partitions_.open_to(dir_, job, open_scratch_);
  std::int64_t largest = 0;
  for (std::uint32_t p : open_scratch_) largest = std::max(largest, partition_procs_[p]);
  return largest;
}

SchedulerInput SchedulingCycle::input(const ClusterSnapshot& snapshot, const FairshareStanding* standing) {
  SchedulerInput in;
  in.dir = &dir_;
  in.fairshare = standing;
  in.snapshot = &snapshot;
  in.admin_reservations = options_.admin_reservations;
  in.clock = clock_;
  in.previous_reservations = previous_;
  in.last_completion = last_completion_;
  in.workspace = &workspace_;
  if (fixed_nodes_) in.partitions = &partitions_;
  // A live RM's nodes come and go (runtime/engine/scheduler.h).
  in.nodes_may_return = !fixed_nodes_;
  return in;
}

const IterationReport& SchedulingCycle::iterate(ResourceManager& rm, const IterationRequest& request) {
  ClusterSnapshot& snapshot = rm.cluster();
  report_.ran = report_.fast_path = false;
  report_.applied.clear();
  removed_never_runnable_ = false;  // apply() says so again
  if (!fixed_nodes_) {
    merge_memory(snapshot);
    rebase_reservations(snapshot.nodes);
  }
  iterated_at_ = snapshot.now;
  left_waiting_ = queue_waiting(snapshot);
  if (!left_waiting_) {
    // No queue: no job is judged, so none accrues queue time until the next iteration that runs.
    if (accrual_ != AccrualPolicy::Always)
      for (auto& j : snapshot.jobs) j.sched.queue_time_accrues.reset();
    if (!fixed_nodes_) capture_memory(snapshot);
    return report_;
  }
  // The standing is refreshed on its own clock, also when the iteration is skipped: which
  // iterations run must not change the priorities of those that do.
  const FairshareStanding* standing = fairshare_standing(snapshot.now);
  if (fixed_nodes_ && options_.skip_futile_iterations && skipping_changes_nothing_ && !request.run_now &&
      !could_start_any(snapshot)) {
    // Queue time accrues by eligibility unless the policy is ALWAYS: judge it as the skipped
    // iteration would have, on the fast path where it would have run there.
    if (accrual_ != AccrualPolicy::Always) {
      std::optional<EligibilityReport> judged = fast_path_ ? fast_path_->queue_judgement(snapshot) : std::nullopt;
      if (!judged)
        judged = evaluate_queue(dir_, standing ? *standing : no_fairshare_, snapshot, /*admitted_use_active=*/false)
                     .eligibility;
      judge_queue_time_accrual(snapshot, *judged, accrual_);
    }
    if (!fixed_nodes_) capture_memory(snapshot);
    return report_;
  }
  SchedulerInput in = input(snapshot, standing);
  in.explain = options_.explain;
  if (request.run_now)
    for (std::size_t j = 0; j < snapshot.jobs.size(); ++j)
      if (snapshot.jobs[j].id == *request.run_now) in.run_now = j;
  std::optional<IterationResult> fast =
      fast_path_ && !in.explain && !in.run_now ? fast_path_->iterate(in) : std::nullopt;
  report_.result = fast ? std::move(*fast) : schedule_iteration(in);
  report_.ran = true;
  report_.fast_path = fast.has_value();
  ++iterations_;
  fast_path_iterations_ += fast.has_value();
  if (request.run_now && !in.run_now) report_.result.run_now_refusal = "no job " + *request.run_now + " in the queue";
  if (request.apply) apply(rm, report_);
  // The simulator's snapshot is its own state: it shows the decisions at once.
  left_waiting_ = still_waiting(snapshot, report_, fixed_nodes_);
  if (accrual_ != AccrualPolicy::Always) judge_queue_time_accrual(snapshot, report_.result.queue.eligibility, accrual_);
  previous_ = std::move(report_.result.reservations);  // read them through reservations()
  if (!fixed_nodes_) {
    previous_nodes_.clear();
    for (const auto& n : snapshot.nodes) previous_nodes_.push_back(n.name);
  }
  warnings_.insert(report_.result.warnings.begin(), report_.result.warnings.end());
  if (!fixed_nodes_) capture_memory(snapshot);
  return report_;
}

void SchedulingCycle::apply(ResourceManager& rm, IterationReport& report) {
  ClusterSnapshot& snapshot = rm.cluster();
  const IterationResult& result = report.result;
  // Preempted jobs go back to the queue before the starts that take their nodes.
  for (const auto& p : result.preempted)
    report.applied.push_back({AppliedDecision::Kind::Requeue, p.job, rm.requeue_job(snapshot.jobs[p.job].id), false});
  // Ids first: the decisions index the snapshot as the iteration saw it.
  std::vector<StartRequest> requests;
  requests.reserve(result.starts.size());
  for (const auto& s : result.starts) {
    StartRequest& request = requests.emplace_back();
    request.job = snapshot.jobs[s.job].id;
    request.nodes.reserve(s.nodes.size()), request.tasks.reserve(s.nodes.size()), request.where.reserve(s.nodes.size());
    for (const auto& nt : s.nodes) {
      request.nodes.push_back(snapshot.nodes[nt.node].name);
      request.tasks.push_back(nt.tasks);
      request.where.push_back(nt.node);
    }
  }
  std::vector<RmStatus> statuses = requests.empty() ? std::vector<RmStatus>{} : rm.start_jobs(std::move(requests));
  for (std::size_t k = 0; k < result.starts.size(); ++k) {
    const auto& s = result.starts[k];
    RmStatus status = k < statuses.size() ? std::move(statuses[k]) : RmStatus::failure("the RM gave no outcome");
    // Preemption compares the priority a running job started with.
    if (status.ok && dir_.has_preemptors()) snapshot.jobs[s.job].sched.start_priority = s.priority;
    report.applied.push_back({AppliedDecision::Kind::Start, s.job, std::move(status), s.backfill});
  }
  for (const auto& [job, times] : result.bypassed) snapshot.jobs[job].sched.bypass_count += times;
  // A job that can never run: a simulation drops it; in front of a live RM it gets a batch hold
  // with the reason where its owner sees it (Maui's JOBREJECTPOLICY HOLD), kept by the scheduler
  // so that no later iteration looks at it again until an operator releases it.
  const bool live = rm.capabilities().live;
  for (const auto& n : result.never_runnable) {
    const std::string& id = snapshot.jobs[n.job].id;
    const std::string why = "never runnable: " + n.reason;
    if (!live) {
      report.applied.push_back({AppliedDecision::Kind::Cancel, n.job, rm.cancel_job(id, why), false});
      continue;
    }
    RmStatus st = rm.hold_job(id, why);
    if (st.ok) {
      SchedulerJobState& kept = kept_[id];
      if (std::find(kept.holds.begin(), kept.holds.end(), "batch") == kept.holds.end()) kept.holds.push_back("batch");
      kept.hold_set_by["batch"] = "mauirun (" + why + ")";
      snapshot.jobs[n.job].sched.holds = kept.holds;
      snapshot.jobs[n.job].sched.hold_set_by = kept.hold_set_by;
    }
    report.applied.push_back({AppliedDecision::Kind::Hold, n.job, std::move(st), false});
  }
  removed_never_runnable_ = !result.never_runnable.empty();
}

IterationResult SchedulingCycle::explain(const ClusterSnapshot& snapshot) {
  SchedulerInput in = input(snapshot, fairshare_standing(snapshot.now));
  in.explain = true;
  in.workspace = nullptr;  // an explanation leaves the workspace as the last iteration left it
  return schedule_iteration(in);
}

// ---------------------------------------------------------------------------------------------
// Memory by name

// A live RM's snapshot is read anew each time: the cycle's memory of each job (kept_) goes into
// it before the cycle works on it, and comes back out after.
void SchedulingCycle::merge_memory(ClusterSnapshot& snapshot) {
  auto hold = [](Job& job, const std::string& kind) {
    if (std::find(job.holds.begin(), job.holds.end(), kind) == job.holds.end()) job.holds.push_back(kind);
  };
  for (auto& job : snapshot.jobs) {
    auto it = kept_.find(job.id);
    job.sched = it != kept_.end() ? it->second : SchedulerJobState{};
    // The holds the scheduler keeps itself join the RM's.
    for (const auto& h : job.sched.holds) hold(job, h);
    if (job.sched.deferred_until && *job.sched.deferred_until > snapshot.now) hold(job, "defer");
  }
}

void SchedulingCycle::capture_memory(const ClusterSnapshot& snapshot) {
  kept_.clear();
  for (const auto& job : snapshot.jobs)
    if (job.is_queued() || job.is_active()) kept_.emplace(job.id, job.sched);
}

// The reservations of the last iteration index the nodes it ran on; a live RM's nodes may have
// come, gone or moved since. Each node is found again by name; one that is gone leaves its
// reservation (a job reservation is made again by the next iteration anyway).
void SchedulingCycle::rebase_reservations(const std::vector<Node>& nodes) {
  const bool same = previous_nodes_.size() == nodes.size() &&
                    std::equal(nodes.begin(), nodes.end(), previous_nodes_.begin(),
                               [](const Node& n, const std::string& name) { return n.name == name; });
  if (same || previous_nodes_.empty()) return;
  std::map<std::string_view, std::size_t> where;
  for (std::size_t n = 0; n < nodes.size(); ++n) where.emplace(nodes[n].name, n);
  for (auto& r : previous_) {
    std::vector<NodeTasks> kept;
    for (const auto& nt : r.nodes) {
      if (nt.node >= previous_nodes_.size()) continue;
      if (auto it = where.find(previous_nodes_[nt.node]); it != where.end()) kept.push_back({it->second, nt.tasks});
    }
    r.nodes = std::move(kept);
  }
  previous_nodes_.clear();
  for (const auto& n : nodes) previous_nodes_.push_back(n.name);
}

CycleMemory SchedulingCycle::memory(const ClusterSnapshot& snapshot) const {
  CycleMemory m;
  if (!fixed_nodes_) {
    m.jobs = kept_;
  } else {
    for (const auto& job : snapshot.jobs)
      if (job.is_queued() || job.is_active()) m.jobs.emplace(job.id, job.sched);
  }
  m.reservations = previous_;
  if (!previous_nodes_.empty()) {
    m.reservation_nodes = previous_nodes_;
  } else {
    for (const auto& n : snapshot.nodes) m.reservation_nodes.push_back(n.name);
  }
  m.fairshare = history_;
  m.standing_at = standing_at_;
  m.standing_fairshare = standing_history_;
  m.accrued_until = accrued_until_;
  m.last_completion = last_completion_;
  m.iterated_at = iterated_at_;
  m.left_waiting = left_waiting_;
  m.removed_never_runnable = removed_never_runnable_;
  return m;
}

void SchedulingCycle::restore(CycleMemory memory) {
  kept_ = std::move(memory.jobs);
  previous_ = std::move(memory.reservations);
  previous_nodes_ = std::move(memory.reservation_nodes);
  history_ = std::move(memory.fairshare);
  accrued_until_ = memory.accrued_until;
  last_completion_ = memory.last_completion;
  iterated_at_ = memory.iterated_at;
  left_waiting_ = memory.left_waiting;
  removed_never_runnable_ = memory.removed_never_runnable;
  standing_at_ = memory.standing_at;
  standing_history_ = std::move(memory.standing_fairshare);
  if (standing_at_ && fairshare_on_) standing_ = FairshareStanding::compute(dir_, standing_history_, *standing_at_);
}

}  // namespace maui::runtime
