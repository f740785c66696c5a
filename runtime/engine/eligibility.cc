#include "runtime/engine/eligibility.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace maui::runtime {

namespace {

// Dependencies are met when the job named is no longer waiting or running: completed, or gone
// from the snapshot (the RM forgets finished jobs).
std::vector<std::string> outstanding_dependencies(const Job& job,
                                                  const std::unordered_map<std::string_view, const Job*>& by_id) {
  std::vector<std::string> out;
  for (const auto& d : job.dependencies) {
    auto it = by_id.find(d);
    if (it != by_id.end() && it->second->state != JobState::Completed) out.push_back(d);
  }
  return out;
}

}  // namespace

EligibilityReport select_eligible(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                  const ClusterSnapshot& snapshot, std::span<const RankedJob> ranked) {
  CredentialIndex index;
  std::vector<JobCredentialIds> ids;
  ids.reserve(snapshot.jobs.size());
  for (const auto& j : snapshot.jobs) ids.push_back(index.intern(j));
  return select_eligible(dir, fairshare, snapshot, ranked, index, ids);
}

EligibilityReport select_eligible(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                  const ClusterSnapshot& snapshot, std::span<const RankedJob> ranked,
                                  CredentialIndex& index, std::span<const JobCredentialIds> ids,
                                  bool admitted_use_active) {
  EligibilityReport report;
  std::unordered_map<std::string_view, const Job*> by_id;
  bool any_dependency = false;
  for (const auto& j : snapshot.jobs) any_dependency |= !j.dependencies.empty();
  if (any_dependency)
    for (const auto& j : snapshot.jobs) by_id.emplace(j.id, &j);
  const bool caps = fairshare.enabled() && dir.has_fairshare_caps();
  // Only limits and caps weigh requests against the cluster's size.
  const ClusterTotals totals = dir.has_limits() || caps ? snapshot.totals() : ClusterTotals{};

  // Without a configured limit no job can break one: usage is not counted at all.
  // A ledger is kilobytes of tables: built only when there is a limit to count against.
  std::optional<Throttle> throttle;
  std::unique_ptr<UsageLedger> hard, soft;
  if (dir.has_limits()) {
    throttle.emplace(dir, totals, snapshot.now, &index);
    hard = std::make_unique<UsageLedger>();
    hard->size_for(index);
    for (std::size_t i = 0; i < snapshot.jobs.size(); ++i)
      if (snapshot.jobs[i].is_active())
        throttle->add(*hard, ids[i], active_usage(snapshot.jobs[i], snapshot.now, totals), false);
    soft = std::make_unique<UsageLedger>(*hard);
  }

  // What the passes need of each job, gathered into priority order by one tight loop first:
  // the passes walk the jobs in priority order, which is random in memory, and a loop that
  // does nothing but gather lets the CPU overlap those cache misses; the passes then read
  // sequentially.
  enum : std::uint8_t { kNotIdle = 1, kHeld = 2, kDepends = 4 };
  struct Prepared {
    ResourceAmounts request;
    JobCredentialIds ids;
    std::uint8_t flags;
  };
  std::vector<Prepared> prepared(ranked.size());
  for (std::size_t k = 0; k < ranked.size(); ++k) {
    const Job& job = snapshot.jobs[ranked[k].index];
    prepared[k] = {throttle ? job_request(job, totals) : ResourceAmounts{}, ids[ranked[k].index],
                   static_cast<std::uint8_t>((job.state != JobState::Idle ? kNotIdle : 0) |
                                             (job.is_held() ? kHeld : 0) | (job.dependencies.empty() ? 0 : kDepends))};
  }

  report.jobs.reserve(ranked.size());
  // Violations are gathered in one reused buffer and copied out at their final size: most
  // blocked jobs break several limits, and growing each job's vector costs an allocation per step.
  std::vector<LimitViolation> found;
  for (std::size_t k = 0; k < ranked.size(); ++k) {
    const RankedJob& r = ranked[k];
    const Prepared& p = prepared[k];
    JobEligibility& e = report.jobs.emplace_back();  // filled in place
    e.index = r.index;
    e.priority = r.priority;
    const std::uint8_t f = p.flags;
    e.not_idle = f & kNotIdle;
    if (f & kHeld) {
      const Job& job = snapshot.jobs[r.index];
      e.holds = job.holds;
      if (e.holds.empty()) e.holds.push_back("hold");
    }
    if (f & kDepends) e.waiting_for = outstanding_dependencies(snapshot.jobs[r.index], by_id);
    e.negative_priority = r.rejected_negative;
    if (caps) e.fairshare_caps = fairshare_cap_violations(dir, fairshare, snapshot.jobs[r.index], totals);
    const ResourceAmounts& request = p.request;
    found.clear();
    if (throttle && throttle->check(*hard, p.ids, request, LimitLevel::Hard, Throttle::kAll, found) > 0)
      e.violations.assign(std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));

    bool idle_limits_met = std::none_of(e.violations.begin(), e.violations.end(),
                                        [](const LimitViolation& v) { return v.family == LimitFamily::Idle; });
    bool ready = !e.not_idle && e.holds.empty() && e.waiting_for.empty();
    e.meets_queue_policy = ready && idle_limits_met;
    e.eligible = ready && !e.negative_priority && e.fairshare_caps.empty() && e.violations.empty();
    if (e.eligible) {
      if (throttle) {
        throttle->add(*hard, p.ids, request, true);
        if (admitted_use_active) throttle->add(*hard, p.ids, request, false);
      }
      ++report.eligible;
    }
  }

  // SOFT pass over the HARD list, in the same order.
  for (std::size_t i = 0; i < report.jobs.size(); ++i) {
    JobEligibility& e = report.jobs[i];
    if (!e.eligible) continue;
    const Prepared& p = prepared[i];  // report.jobs is in the same (priority) order
    if (!throttle ||
        throttle->check(*soft, p.ids, p.request, LimitLevel::Soft, Throttle::kAll, e.soft_violations) == 0) {
      e.soft_eligible = true;
      if (throttle) {
        throttle->add(*soft, p.ids, p.request, true);
        if (admitted_use_active) throttle->add(*soft, p.ids, p.request, false);
      }
      ++report.soft_eligible;
    }
  }
  return report;
}

QueueEvaluation evaluate_queue(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                               const ClusterSnapshot& snapshot, bool admitted_use_active) {
  QueueEvaluation q;
  // As schedule_iteration numbers them: ranking reads the queued jobs' credentials of the kinds
  // that weigh something, limits every kind of the queued and the running jobs; nothing reads a
  // completed job's, and the cluster's totals only limits and a weighted PE. (The simulator asks
  // this of every iteration it skips, under JOBPRIOACCRUALPOLICY QUEUEPOLICY or FULLPOLICY.)
  const bool limits = dir.has_limits();
  const ClusterTotals totals = limits || dir.priority_plan().ranks_by_pe ? snapshot.totals() : ClusterTotals{};
  PriorityCalculator calc(dir, fairshare, totals, snapshot.now);
  const unsigned kinds = limits ? JobCredentialIds::kAllKinds : calc.ranked_kinds();
  std::vector<JobCredentialIds> ids;
  ids.reserve(snapshot.jobs.size());
  for (const auto& j : snapshot.jobs)
    ids.push_back(j.is_queued() || (limits && j.is_active()) ? calc.index().intern(j, kinds) : JobCredentialIds{});
  q.ranked = rank_jobs(calc, snapshot.jobs, ids);
  q.eligibility = select_eligible(dir, fairshare, snapshot, q.ranked, calc.index(), ids, admitted_use_active);
  return q;
}

void judge_queue_time_accrual(ClusterSnapshot& snapshot, const EligibilityReport& report, AccrualPolicy policy) {
  for (auto& job : snapshot.jobs) job.sched.queue_time_accrues.reset();
  for (const auto& e : report.jobs)
    snapshot.jobs[e.index].sched.queue_time_accrues =
        policy == AccrualPolicy::Always || (policy == AccrualPolicy::QueuePolicy ? e.meets_queue_policy : e.eligible);
}

void accrue_judged_queue_time(ClusterSnapshot& snapshot, AccrualPolicy policy, Epoch from, Seconds elapsed) {
  for (auto& job : snapshot.jobs) {
    if (!job.sched.queue_time_accrues) continue;
    const Seconds so_far = effective_queue_time(job, policy, from);
    job.sched.queue_time_accrued = so_far + (*job.sched.queue_time_accrues ? elapsed : 0);
  }
}

void accrue_queue_time(ClusterSnapshot& snapshot, const EligibilityReport& report, AccrualPolicy policy,
                       Seconds elapsed) {
  judge_queue_time_accrual(snapshot, report, policy);
  accrue_judged_queue_time(snapshot, policy, snapshot.now, elapsed);
  snapshot.now += elapsed;
}

void mark_soft_policy_violators(const CredentialDirectory& dir, ClusterSnapshot& snapshot) {
  std::vector<std::size_t> running;
  for (std::size_t i = 0; i < snapshot.jobs.size(); ++i) {
    snapshot.jobs[i].soft_policy_violation = false;
    if (snapshot.jobs[i].is_active()) running.push_back(i);
  }
  // The jobs that started first are the ones within the limits.
  std::stable_sort(running.begin(), running.end(), [&](std::size_t a, std::size_t b) {
    const Job &x = snapshot.jobs[a], &y = snapshot.jobs[b];
    Epoch sx = x.start_time.value_or(x.submit_time), sy = y.start_time.value_or(y.submit_time);
    return sx != sy ? sx < sy : x.id < y.id;
  });
  Throttle throttle(dir, snapshot.totals(), snapshot.now);
  std::vector<LimitViolation> scratch;
  for (std::size_t i : running) {
    Job& job = snapshot.jobs[i];
    ResourceAmounts held = active_usage(job, snapshot.now, throttle.totals());
    scratch.clear();
    job.soft_policy_violation = throttle.check(job, held, LimitLevel::Soft, Throttle::kActive, scratch) > 0;
    throttle.add_active(job, held);
  }
}

}  // namespace maui::runtime
