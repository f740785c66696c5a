#include "runtime/views/job_facts.h"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/engine/explain.h"
#include "runtime/engine/priority.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

QueueFacts::QueueFacts(const ViewContext& context) : context_(context) {
  const ClusterSnapshot& snap = context.cluster;
  const IterationResult& it = context.iteration;
  facts_.resize(snap.jobs.size());
  nodes_.reserve(snap.nodes.size());
  for (std::size_t n = 0; n < snap.nodes.size(); ++n) nodes_.emplace(snap.nodes[n].name, n);
  auto at = [&](std::size_t job) -> JobFacts* { return job < facts_.size() ? &facts_[job] : nullptr; };
  for (const auto& e : it.queue.eligibility.jobs)
    if (JobFacts* f = at(e.index)) f->eligibility = &e, queued_.push_back(e.index);
  for (const auto& s : it.starts)
    if (JobFacts* f = at(s.job)) f->start = &s;
  for (const auto& r : it.reservations)
    if (r.kind == ReservationKind::Job)
      if (JobFacts* f = at(r.job)) f->reservation = &r;
  for (const auto& w : it.waiting)
    if (JobFacts* f = at(w.job)) f->waiting = &w;
  for (const auto& w : it.never_runnable)
    if (JobFacts* f = at(w.job)) f->never_runnable = &w;
  for (std::size_t j = 0; j < snap.jobs.size(); ++j) {
    const Job& job = snap.jobs[j];
    JobFacts& f = facts_[j];
    if (job.is_active() || (f.start && job.is_queued())) {
      f.standing = JobStanding::Active;
      active_.push_back(j);
    } else if (job.is_queued()) {
      const bool eligible = f.eligibility && f.eligibility->soft_eligible && !f.never_runnable;
      f.standing = eligible ? JobStanding::Eligible : JobStanding::Blocked;
    }
  }
  // A queued job the iteration did not rank (a context built by hand) goes last, by id.
  std::vector<std::size_t> unranked;
  for (std::size_t j = 0; j < snap.jobs.size(); ++j)
    if (snap.jobs[j].is_queued() && !facts_[j].eligibility) unranked.push_back(j);
  std::sort(unranked.begin(), unranked.end(),
            [&](std::size_t a, std::size_t b) { return id_before(snap.jobs[a].id, snap.jobs[b].id); });
  queued_.insert(queued_.end(), unranked.begin(), unranked.end());
  std::stable_sort(active_.begin(), active_.end(), [&](std::size_t a, std::size_t b) {
    const Epoch ea = started(a) + snap.jobs[a].walltime, eb = started(b) + snap.jobs[b].walltime;
    return ea != eb ? ea < eb : id_before(snap.jobs[a].id, snap.jobs[b].id);
  });
}

std::int64_t QueueFacts::priority(std::size_t job) const {
  const JobFacts& f = facts_[job];
  if (f.start) return f.start->priority ? f.start->priority : (f.eligibility ? f.eligibility->priority : 0);
  if (f.eligibility) return f.eligibility->priority;
  return context_.cluster.jobs[job].sched.start_priority.value_or(0);
}

std::optional<std::size_t> QueueFacts::node(std::string_view name) const {
  auto it = nodes_.find(name);
  if (it == nodes_.end()) return std::nullopt;
  return it->second;
}

Epoch QueueFacts::started(std::size_t job) const {
  const Job& j = context_.cluster.jobs[job];
  if (facts_[job].start && j.is_queued()) return context_.cluster.now;
  return j.start_time.value_or(context_.cluster.now);
}

Seconds QueueFacts::remaining(std::size_t job) const {
  const Seconds left = started(job) + context_.cluster.jobs[job].walltime - context_.cluster.now;
  return std::max<Seconds>(left, 0);
}

std::string maui_state(const Job& job, const JobFacts& facts) {
  if (facts.start && job.is_queued()) return "Starting";
  if (!job.is_queued()) return std::string(to_string(job.state));
  auto has = [&](std::string_view h) { return std::find(job.holds.begin(), job.holds.end(), h) != job.holds.end(); };
  if (has("batch")) return "BatchHold";
  if (has("system")) return "SystemHold";
  if (has("user")) return "UserHold";
  if (has("defer")) return "Deferred";
  if (job.is_held()) return "Hold";
  return "Idle";
}

std::string hold_origin(const ViewContext& context, const Job& job, std::string_view hold) {
  const auto& kept = job.sched.holds;
  const bool scheduler_keeps = std::find(kept.begin(), kept.end(), hold) != kept.end();
  if (hold == "defer" && job.sched.deferred_until)
    return fmt::format("set by the scheduler after {} failed start{}, until {} (DEFERTIME)", job.sched.failed_starts,
                       job.sched.failed_starts == 1 ? "" : "s",
                       maui_date(*job.sched.deferred_until, context.utc_offset));
  if (scheduler_keeps) {
    // Who: an operator's name (sethold), or "mauirun (WHY)" for the scheduler's own holds
    // (SchedulerJobState::hold_set_by).
    if (auto who = job.sched.hold_set_by.find(std::string(hold)); who != job.sched.hold_set_by.end())
      return who->second.starts_with("mauirun") ? "set by the scheduler" + who->second.substr(7)
                                                : fmt::format("set through the scheduler by {} (sethold)", who->second);
    return hold == "batch" ? "set by the scheduler: a job it can never run, or DEFERCOUNT defers"
                           : "set through the scheduler by an operator (sethold)";
  }
  if (hold == "user") return "set in the resource manager, by its owner or an operator";
  if (hold == "system") return "set in the resource manager by an administrator";
  // A live RM's requeued job (runtime/rm/slurm/slurm_snapshot.h, kCompletingHold).
  if (hold == "completing")
    return "set in the resource manager: requeued while its last run still completes on its nodes; it may start "
           "once they are released";
  return "set in the resource manager";
}

std::vector<std::string> why_not_running(const ViewContext& context, const Job& job, const JobFacts& facts) {
  std::vector<std::string> out;
  if (!job.is_queued() || facts.start) return out;
  if (facts.never_runnable) out.push_back(fmt::format("can never run: {}", facts.never_runnable->reason));
  if (const JobEligibility* e = facts.eligibility) {
    std::vector<std::string> reasons = obstacles(*e);
    // obstacles() names the holds first, one line each: say who set them.
    for (std::size_t h = 0; h < e->holds.size() && h < reasons.size(); ++h)
      reasons[h] += fmt::format(" ({})", hold_origin(context, job, e->holds[h]));
    out.insert(out.end(), reasons.begin(), reasons.end());
    if (e->eligible && !e->soft_eligible)
      for (const auto& v : e->soft_violations)
        out.push_back(fmt::format("{} [{}]: it may start only in the hard backfill pass, when resources remain",
                                  describe(v), limit_origin(v)));
  } else if (job.is_held()) {
    for (const auto& h : job.holds) out.push_back(fmt::format("has a {} hold ({})", h, hold_origin(context, job, h)));
  }
  if (facts.waiting)
    out.push_back(facts.waiting->reason);
  else if (out.empty())
    out.push_back("waiting for resources");
  return out;
}

}  // namespace maui::runtime
