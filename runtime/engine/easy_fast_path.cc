#include "runtime/engine/easy_fast_path.h"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/engine/calendar.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/never_runnable.h"
#include "runtime/engine/node_access.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/scheduler_settings.h"

namespace maui::runtime {

namespace {

// Whether ranking by this plan keeps the queue in submission order: every term that weighs
// something grows with the queue time (and no other factor weighs anything), so a job submitted
// earlier never ranks lower, and ties go to the earlier submission (ranks_before). The queue
// time is the time since submission: read_snapshot hands back a job that accrued less.
bool ranks_by_submission(const PriorityPlan& plan) {
  for (const auto& c : plan.ranked) {
    if (c.weight < 0 || c.cap < 0) return false;
    for (ir::PrioritySubcomponent s : c.subcomponents) {
      const SubcomponentScore& sub = plan.blank[s];
      if (sub.weight == 0) continue;
      if (s != ir::PrioritySubcomponent::QueueTime || sub.weight < 0 || sub.cap < 0) return false;
    }
  }
  return true;
}

}  // namespace

std::string EasyFastPath::refusal(const CredentialDirectory& dir, std::span<const Node> nodes) {
  const ir::Policy& p = dir.policy();
  if (nodes.empty()) return "no nodes";
  for (const auto& n : nodes) {
    if (n.procs != 1) return fmt::format("node {} has {} procs, not one", n.name, n.procs);
    if (!takes_new_work(n)) return fmt::format("node {} takes no new work", n.name);
    if (n.max_jobs > 0) return fmt::format("node {} has a MAXJOB", n.name);
    if (n.partition != nodes.front().partition) return "the nodes are in more than one partition";
    if (!n.classes.empty()) return fmt::format("node {} runs only some classes", n.name);
  }
  if (!p.credentials.empty())
    return "credentials are configured (USERCFG, GROUPCFG, ACCOUNTCFG, CLASSCFG, QOSCFG, SYSCFG)";
  if (!p.standing_reservations.empty()) return "standing reservations (SRCFG)";
  if (dir.has_limits()) return "throttling limits";
  if (dir.has_whole_node_jobs() || dir.has_single_user_jobs() ||
      p.scheduling.node_access_policy.value != NodeAccess::Shared)
    return "NODEACCESSPOLICY other than SHARED";
  // Implied by no credentials; asked all the same, should a later feature add one without them.
  if (dir.has_preemptors() || dir.has_scheduling_qos_flags() || dir.has_partition_lists() || dir.has_fairshare_caps())
    return "QOS flags, partition lists or fairshare caps";
  std::vector<Problem> ignored;
  const SchedulerSettings s = SchedulerSettings::from(p, ignored);
  if (s.backfill != BackfillPolicy::FirstFit) return "BACKFILLPOLICY other than FIRSTFIT";
  if (s.reservation_policy != ReservationPolicy::CurrentHighest) return "RESERVATIONPOLICY other than CURRENTHIGHEST";
  const auto& groups = p.scheduling.reservation_groups;
  if (groups.size() != 1 || groups.begin()->second.qos || groups.begin()->second.depth.value > 1)
    return "RESERVATIONDEPTH above 1, or RESERVATIONQOSLIST";
  if (s.threshold != ReservationThreshold::None) return "RESERVATIONTHRESHOLDTYPE";
  if (s.backfill_depth > 0) return "BACKFILLDEPTH";
  if (s.chunk_size > 0) return "BFCHUNKSIZE";
  if (s.allocation == NodeAllocation::Priority) return "NODEALLOCATIONPOLICY PRIORITY";
  if (!ranks_by_submission(dir.priority_plan())) return "priority weighs more than queue time";
  return "";
}

EasyFastPath::EasyFastPath(const CredentialDirectory& dir, std::span<const Node> nodes)
    : node_count_(nodes.size()), accrual_(dir.priority_plan().accrual) {
  const ir::Policy& p = dir.policy();
  // As the iteration warns: the settings it cannot honour, then what the engine ignores.
  const SchedulerSettings s = SchedulerSettings::from(p, warnings_);
  warnings_.insert(warnings_.end(), dir.unimplemented().begin(), dir.unimplemented().end());
  std::sort(warnings_.begin(), warnings_.end());
  warnings_.erase(std::unique(warnings_.begin(), warnings_.end()), warnings_.end());
  // On identical nodes every allocation key but LASTAVAILABLE's orders them by index.
  ascending_ = s.allocation != NodeAllocation::LastAvailable;
  depth_ = p.scheduling.reservation_groups.begin()->second.depth.value;
  poll_interval_ = s.poll_interval;
}

bool EasyFastPath::read_snapshot(const ClusterSnapshot& s) {
  if (s.nodes.size() != node_count_) return false;
  now_ = s.now;
  free_from_.assign(node_count_, now_);
  reserved_.assign(node_count_, 0);
  queue_.clear();
  frees_.clear();
  for (std::size_t i = 0; i < s.jobs.size(); ++i) {
    const Job& job = s.jobs[i];
    if (job.state == JobState::Completed) continue;
    // One-proc tasks, one to a node. A running job's memory does not matter: its one-proc node
    // has nothing left for another job anyway.
    if (job.procs_per_task != 1) return false;
    if (job.is_active()) {
      // As schedule_iteration books it: to the end of its walltime, or a poll interval on.
      Epoch end = job.start_time.value_or(now_) + job.walltime;
      if (end <= now_) end = now_ + std::max<Seconds>(poll_interval_, 1);
      if (!hold_nodes(s, job, end)) return false;
      frees_.emplace_back(end, job.tasks);
    } else if (job.is_queued()) {
      if (!models_queued(job)) return false;
      queue_.push_back(i);
    }
  }
  sort_queue(s);
  idle_nodes_.clear();
  in_allocation_order([&](std::size_t n) {
    if (free_from_[n] == now_) idle_nodes_.push_back(n);
    return true;
  });
  idle_ = static_cast<std::int64_t>(idle_nodes_.size());
  idle_reserved_ = 0;
  reservation_start_.reset();
  done_.assign(queue_.size(), 0);
  bypass_diff_.assign(queue_.size() + 1, 0);
  first_waiting_ = 0;
  return true;
}

bool EasyFastPath::models_queued(const Job& job) const {
  if (job.procs_per_task != 1 || job.is_held() || !job.dependencies.empty() || job.sched.system_priority ||
      job.nice != 0 || job.nodes != 0 || job.tasks < 1 || job.memory_per_task_mb != 0 || job.swap_per_task_mb != 0 ||
      job.disk_per_task_mb != 0 || !job.features.empty() || job.exclusive || job.contiguous ||
      !job.gres_per_node.empty() || !job.reservation.empty())
    return false;
  // Queue time is the time since submission (ranks_by_submission): a job that accrued less
  // (held before, under QUEUEPOLICY or FULLPOLICY) may rank below a later one.
  return accrual_ == AccrualPolicy::Always ||
         effective_queue_time(job, accrual_, now_) == effective_queue_time(job, AccrualPolicy::Always, now_);
}

void EasyFastPath::sort_queue(const ClusterSnapshot& s) {
  // The priority order (ranks_by_submission); the simulator submits in this order already.
  auto before = [&](std::size_t a, std::size_t b) { return ranks_before(s.jobs[a], 0, s.jobs[b], 0); };
  if (!std::is_sorted(queue_.begin(), queue_.end(), before)) std::sort(queue_.begin(), queue_.end(), before);
}

bool EasyFastPath::hold_nodes(const ClusterSnapshot& s, const Job& job, Epoch end) {
  const std::size_t count = job.allocated_nodes.size();
  if (count == 0 || job.tasks != static_cast<std::int64_t>(count)) return false;
  const auto& tasks = job.allocated_tasks;
  if (!tasks.empty() &&
      (tasks.size() != count || std::any_of(tasks.begin(), tasks.end(), [](std::int64_t t) { return t != 1; })))
    return false;
  // The simulated RM gives every job it starts its node indices as hints, checked against the
  // names (SimulatedCluster::start_job), and never renames a running job's nodes: they are taken
  // as they are. Names are looked up only where a hint is missing.
  const auto& hint = job.allocated_node_hint;
  for (std::size_t k = 0; k < count; ++k) {
    std::size_t n = k < hint.size() ? hint[k] : node_count_;
    if (n >= node_count_) {
      const auto found = s.allocated_node(job, k);
      if (!found) return false;
      n = *found;
    }
    if (free_from_[n] > now_) return false;  // another running job holds it
    free_from_[n] = end;
  }
  return true;
}

std::optional<IterationResult> EasyFastPath::iterate(const SchedulerInput& in) {
  if (in.explain || in.start_first || !in.admin_reservations.empty() || !in.snapshot->rm_reservations.empty() ||
      !read_snapshot(*in.snapshot))
    return std::nullopt;
  const ClusterSnapshot& s = *in.snapshot;
  IterationResult out;
  out.warnings = warnings_;
  std::int64_t reservations = 0;
  for (std::size_t p = 0; p < queue_.size(); ++p) {
    const Job& job = s.jobs[queue_[p]];
    if (job.tasks > static_cast<std::int64_t>(node_count_)) {  // it would wait for ever
      out.never_runnable.push_back(
          {queue_[p], wider_than_cluster(job.procs(), static_cast<std::int64_t>(node_count_))});
      done_[p] = kCancelled;
      continue;
    }
    if (try_start(s, p, out)) continue;
    if (reservations < depth_) reserve_top_job(s, p, out), ++reservations;
  }
  // Bypass counts: each backfilled start passes every job ahead of it that still waits.
  std::int64_t passed = 0;
  for (std::size_t p = 0; p < queue_.size(); ++p) {
    passed += bypass_diff_[p];
    if (passed > 0 && !(done_[p] & kStarted)) out.bypassed.emplace_back(queue_[p], passed);
  }
  if (accrual_ != AccrualPolicy::Always) judge_queue(out.queue.eligibility);
  return out;
}

// Only the queued jobs: without limits the running ones and the nodes change no job's
// eligibility, so the nodes are not booked as an iteration books them.
std::optional<EligibilityReport> EasyFastPath::queue_judgement(const ClusterSnapshot& s) {
  now_ = s.now;
  queue_.clear();
  for (std::size_t i = 0; i < s.jobs.size(); ++i)
    if (s.jobs[i].is_queued()) {
      if (!models_queued(s.jobs[i])) return std::nullopt;
      queue_.push_back(i);
    }
  sort_queue(s);
  EligibilityReport report;
  judge_queue(report);
  return report;
}

// Queue-time accrual reads which jobs met the queue policies and were eligible: all of them
// here (no hold, no dependency, no limit, no fairshare cap, and a priority of 0 or more under
// weights of 0 or more, so none is rejected as negative). Their priorities are left at 0: no
// reader of a fast-path iteration's queue needs them, and the general calculator's cost more
// than the rest of the iteration.
void EasyFastPath::judge_queue(EligibilityReport& report) const {
  report.jobs.reserve(queue_.size());
  for (std::size_t i : queue_) {
    JobEligibility& e = report.jobs.emplace_back();
    e.index = i;
    e.meets_queue_policy = e.eligible = e.soft_eligible = true;
  }
  report.eligible = report.soft_eligible = queue_.size();
}

bool EasyFastPath::try_start(const ClusterSnapshot& s, std::size_t p, IterationResult& out) {
  const Job& job = s.jobs[queue_[p]];
  const Epoch end = now_ + std::max<Seconds>(job.walltime, 1);
  // A job that would run into the reservation may not use its nodes.
  const bool before_reservation = !reservation_start_ || end <= *reservation_start_;
  if (job.tasks > (before_reservation ? idle_ : idle_ - idle_reserved_)) return false;
  // Best fit in time: the reservation's idle nodes are free the shortest while.
  std::vector<NodeTasks> nodes = take_idle(job.tasks, before_reservation && reservation_start_.has_value(), end);
  while (first_waiting_ < p && done_[first_waiting_]) ++first_waiting_;
  const bool backfilled = first_waiting_ < p;
  if (backfilled) bypass_diff_[0] += 1, bypass_diff_[p] -= 1;
  done_[p] = kStarted;
  out.starts.push_back({queue_[p], std::move(nodes), backfilled, LimitLevel::Soft, 0});
  return true;
}

std::vector<NodeTasks> EasyFastPath::take_idle(std::int64_t tasks, bool reserved_first, Epoch end) {
  std::vector<NodeTasks> nodes;
  nodes.reserve(static_cast<std::size_t>(tasks));
  auto take_from = [&](bool from_reserved) {
    for (std::size_t n : idle_nodes_) {
      if (static_cast<std::int64_t>(nodes.size()) == tasks) break;
      if (free_from_[n] > now_ || (reserved_[n] != 0) != from_reserved) continue;
      nodes.push_back({n, 1});
      free_from_[n] = end;
      --idle_;
      idle_reserved_ -= from_reserved;
    }
  };
  if (reserved_first) take_from(true);
  take_from(false);
  frees_.emplace_back(end, tasks);
  return nodes;
}

void EasyFastPath::reserve_top_job(const ClusterSnapshot& s, std::size_t p, IterationResult& out) {
  const Job& job = s.jobs[queue_[p]];
  const Seconds w = std::max<Seconds>(job.walltime, 1);
  // The earliest time `tasks` nodes are free: when the busy nodes free, soonest first, until
  // they and the idle ones are enough (nothing else is booked ahead). The job tried to start
  // now, so that is later than now.
  std::sort(frees_.begin(), frees_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Epoch start = now_;
  for (std::int64_t free = idle_; const auto& [at, count] : frees_) {
    if (free >= job.tasks) break;
    free += count;
    start = at;
  }
  // Nodes busy now before idle ones, each in NODEALLOCATIONPOLICY order: the idle ones stay
  // free for backfill (docs/reference/backfill-notes.md).
  std::vector<NodeTasks> nodes;
  const auto wanted = static_cast<std::size_t>(job.tasks);
  nodes.reserve(wanted);
  const Epoch* free_from = free_from_.data();
  const auto until_start = static_cast<std::uint64_t>(start - now_);
  in_allocation_order([&](std::size_t n) {
    // Busy now and free by the start: now < free_from <= start.
    if (static_cast<std::uint64_t>(free_from[n] - now_ - 1) < until_start) {
      nodes.push_back({n, 1});
      reserved_[n] = 1;
    }
    return nodes.size() < wanted;
  });
  for (std::size_t n : idle_nodes_) {
    if (nodes.size() == wanted) break;
    if (free_from[n] > now_) continue;  // started in this iteration
    nodes.push_back({n, 1});
    reserved_[n] = 1;
    ++idle_reserved_;
  }
  reservation_start_ = start;
  out.reservations.push_back(
      job_reservation(queue_[p], job.id, start, start + w, task_resources(job), std::move(nodes)));
}

}  // namespace maui::runtime
