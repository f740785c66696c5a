// Which idle jobs may be scheduled (manual 6.2.3, 6.2.4): a job is eligible when it is idle with
// no hold, its dependencies are met, its priority is not a rejected negative one, it fits the
// system per-job limits and the fairshare caps, and, counting the jobs admitted before it in
// priority order, it fits the idle limits (queue stuffing) and the active limits.
//
// Two passes, as the manual's soft / hard limits describe: the HARD pass admits jobs in priority
// order against the hard limits; the SOFT pass walks the HARD list and keeps the jobs that also
// fit the soft limits. The scheduler starts the SOFT list first and uses the rest of the HARD
// list only when resources remain; so the SOFT list is always part of the HARD list.
//
// Admitted jobs count against the active limits as if they started (resources permitting): the
// engine has no resource model yet, and the passes answer "which jobs may the policy start".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/limits.h"
#include "runtime/engine/model.h"
#include "runtime/engine/priority.h"

namespace maui::runtime {

struct JobEligibility {
  std::size_t index = 0;  // into ClusterSnapshot::jobs
  std::int64_t priority = 0;
  bool eligible = false;            // admitted by the HARD pass
  bool soft_eligible = false;       // admitted by the SOFT pass as well
  bool meets_queue_policy = false;  // idle, no hold, dependencies met, idle limits met
  // Why it is not eligible (all of them, not the first one).
  bool not_idle = false;  // a state other than Idle (e.g. the RM's Hold state)
  std::vector<std::string> holds;
  std::vector<std::string> waiting_for;    // dependencies not completed
  bool negative_priority = false;          // REJECTNEGPRIOJOBS with a negative priority
  std::vector<LimitViolation> violations;  // at HARD level: system, idle, active
  std::vector<FairshareCapViolation> fairshare_caps;
  std::vector<LimitViolation> soft_violations;  // an eligible job left out of the SOFT pass
};

struct EligibilityReport {
  std::vector<JobEligibility> jobs;  // the queued jobs, in priority order
  std::size_t eligible = 0;
  std::size_t soft_eligible = 0;
};

// Selects among the queued jobs of `snapshot`, given in priority order by `ranked`
// (rank_jobs over Job::is_queued).
EligibilityReport select_eligible(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                  const ClusterSnapshot& snapshot, std::span<const RankedJob> ranked);
// The same with every job's credentials numbered by `index` (one entry per snapshot job).
// With admitted_use_active false, admitted jobs count only as idle usage and active limits are
// checked against the running jobs alone: the scheduler (runtime/engine/scheduler.h) checks them again
// when it starts a job, against what really started.
EligibilityReport select_eligible(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                  const ClusterSnapshot& snapshot, std::span<const RankedJob> ranked,
                                  CredentialIndex& index, std::span<const JobCredentialIds> ids,
                                  bool admitted_use_active = true);

// Priority and eligibility of the queue in one call.
struct QueueEvaluation {
  std::vector<RankedJob> ranked;
  EligibilityReport eligibility;
};
QueueEvaluation evaluate_queue(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                               const ClusterSnapshot& snapshot, bool admitted_use_active = true);

// Queue-time bookkeeping for JOBPRIOACCRUALPOLICY (manual 5.1.2.4.1, 6.2.3): after `elapsed`
// seconds, a queued job's Job::queue_time_accrued grows by `elapsed` under ALWAYS; under
// QUEUEPOLICY only while it meets the queue policies (no hold, dependencies met, idle limits);
// under FULLPOLICY only while it is eligible. Otherwise it keeps its value: the hold-and-release
// and queue-stuffing tricks of 5.1.2.4.1 gain nothing.
void accrue_queue_time(ClusterSnapshot& snapshot, const EligibilityReport& report, AccrualPolicy policy,
                       Seconds elapsed);
// The same in two steps, for a caller whose snapshot changes between iterations (jobs come and
// go, so a report's job positions do not hold): an iteration's report says, on each job it
// judged, whether it accrues (SchedulerJobState::queue_time_accrues; every other job's is
// cleared: it accrues nothing until judged), and later the time that passed is added to the
// jobs judged, as seen from `from`, the time of that iteration.
void judge_queue_time_accrual(ClusterSnapshot& snapshot, const EligibilityReport& report, AccrualPolicy policy);
void accrue_judged_queue_time(ClusterSnapshot& snapshot, AccrualPolicy policy, Epoch from, Seconds elapsed);

// Marks each running job whose usage, counted with the jobs that started before it, goes over a
// SOFT active limit (the SPVIOLATION subcomponent, manual 5.1.2); clears the others.
void mark_soft_policy_violators(const CredentialDirectory& dir, ClusterSnapshot& snapshot);

}  // namespace maui::runtime
