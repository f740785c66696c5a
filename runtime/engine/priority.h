// Job start priority (manual 5.1.2, reference §4): six components, each a weighted sum of
// subcomponents, each subcomponent and component capped from above by its *CAP (0 = no cap):
//
//   Priority = sum_c CW[c] * min(cap_c, sum_{s in c} SW[s] * min(cap_s, factor_s))
//
// then floored at 1 unless ENABLENEGJOBPRIORITY, capped at 1e9, and truncated to an integer.
// Every number on the way is kept in a PriorityBreakdown so that `mauirun priority` can show
// where a job's priority comes from (runtime/engine/explain.h).
#pragma once

#include <algorithm>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "schemas/ir.h"

namespace maui::runtime {

// Maui's MAX_PRIO_VAL: no job priority goes above it.
inline constexpr double kMaxPriority = 1e9;

// The subcomponents of each component, in ir::PrioritySubcomponent order.
struct SubcomponentRange {
  std::size_t first, count;
};
SubcomponentRange subcomponents_of(ir::PriorityComponent c);

struct SubcomponentScore {
  double value = 0;         // the unweighted factor (minutes, percent points, procs ...)
  std::int64_t weight = 0;  // *WEIGHT (+ the QOS's QTWEIGHT / XFWEIGHT)
  std::int64_t cap = 0;     // *CAP, 0 = none
  double contribution = 0;  // weight * min(value, cap)
};

struct ComponentScore {
  std::int64_t weight = 0;  // CREDWEIGHT, FSWEIGHT ...
  std::int64_t cap = 0;     // CREDCAP, FSCAP ... 0 = none
  double factor = 0;        // sum of the subcomponent contributions
  double contribution = 0;  // weight * min(factor, cap)
  double percent = 0;       // |contribution| / sum of |contributions| * 100
};

// JOBPRIOACCRUALPOLICY, as the IR holds it.
using AccrualPolicy = ir::AccrualPolicy;
inline AccrualPolicy accrual_policy(const ir::Policy& policy) { return policy.priority.accrual_policy.value; }

struct PriorityBreakdown {
  std::array<ComponentScore, ir::kPriorityComponents> components{};
  std::array<SubcomponentScore, ir::kPrioritySubcomponents> subcomponents{};
  double sum = 0;                                 // sum of the component contributions
  std::int64_t priority = 0;                      // what the job gets
  bool floored = false;                           // ENABLENEGJOBPRIORITY FALSE raised it to 1
  bool capped = false;                            // cut to 1e9
  bool rejected_negative = false;                 // negative with REJECTNEGPRIOJOBS TRUE: not eligible
  std::optional<SystemPriority> system_priority;  // the job's, applied after floor and cap
  std::int64_t nice = 0;                          // the job's, taken off after floor and cap
  Seconds effective_queue_time = 0;
  double xfactor = 0;

  const ComponentScore& operator[](ir::PriorityComponent c) const { return components[static_cast<std::size_t>(c)]; }
  const SubcomponentScore& operator[](ir::PrioritySubcomponent s) const {
    return subcomponents[static_cast<std::size_t>(s)];
  }
};

// Effective queue time (manual 5.1.2.4.1): under ALWAYS the time since submission; under
// QUEUEPOLICY / FULLPOLICY what the job accrued while it met the policies (Job::
// queue_time_accrued, kept by accrue_queue_time in runtime/engine/eligibility.h), or the time since
// submission for a job with no such record. A running job keeps the time it waited.
Seconds effective_queue_time(const Job& job, AccrualPolicy policy, Epoch now);

// The expansion factor (XFACTOR, manual 5.1.2.3): (queue time + walltime) / walltime, the
// walltime floored at XFMINWCLIMIT (0: none) and at 1 s.
inline double expansion_factor(Seconds queued, Seconds walltime, Seconds min_walltime) {
  const double w = static_cast<double>(walltime);
  return (static_cast<double>(queued) + w) / std::max({w, static_cast<double>(min_walltime), 1.0});
}

// The policy's weights, caps and priority settings in the form ranking reads them, built once
// per policy (held by the CredentialDirectory): every iteration ranks the queue again, and
// reading them out of the IR each time cost more than ranking a short queue.
struct PriorityPlan {
  explicit PriorityPlan(const ir::Policy& policy);
  AccrualPolicy accrual = AccrualPolicy::QueuePolicy;
  // The weights and caps in the breakdown's layout (the IR keeps each with its provenance,
  // spread over kilobytes).
  PriorityBreakdown blank;
  bool enable_negative = false, reject_negative = false;
  // What rank() computes: the components that weigh something, each with the subcomponents
  // whose weight is not 0 or may not be for some job (the QOS adds to QUEUETIME and XFACTOR).
  struct RankedComponent {
    std::int64_t weight = 0, cap = 0;
    std::vector<ir::PrioritySubcomponent> subcomponents;
  };
  std::vector<RankedComponent> ranked;
  unsigned ranked_kinds = JobCredentialIds::bit(ir::CredKind::Qos);  // the credential kinds they read
  bool ranks_by_pe = false;  // PE weighs something: ranking reads the cluster's totals
  Seconds xfactor_min_walltime = 0;
};

class PriorityCalculator {
 public:
  // `fairshare` may be a default-constructed standing (fairshare off or no data).
  // `index`: a numbering to use, emptied first (a caller that ranks iteration after iteration
  // keeps its memory); none: the calculator's own.
  PriorityCalculator(const CredentialDirectory& dir, const FairshareStanding& fairshare, ClusterTotals totals,
                     Epoch now, CredentialIndex* index = nullptr);
  PriorityCalculator(const PriorityCalculator&) = delete;  // may point at its own index
  // The calculator keeps references: a temporary standing would dangle.
  PriorityCalculator(const CredentialDirectory&, FairshareStanding&&, ClusterTotals, Epoch,
                     CredentialIndex* = nullptr) = delete;

  PriorityBreakdown evaluate(const Job& job) const;
  // The same, with the job's credentials already numbered by index().
  PriorityBreakdown evaluate(const Job& job, const JobCredentialIds& ids) const;
  // What ranking needs of evaluate(): the same priority, computed without the credential
  // factors that weigh nothing (a CRED or FS subcomponent of weight 0, or in a component of
  // weight 0) and without the percentages, which only an explanation shows.
  struct Rank {
    std::int64_t priority = 0;
    bool rejected_negative = false;
  };
  Rank rank(const Job& job, const JobCredentialIds& ids) const;
  // The credential kinds rank() reads (JobCredentialIds bits): the QOS, and the kinds of the
  // CRED and FS terms that weigh something. The others may be left unnumbered.
  unsigned ranked_kinds() const { return plan_.ranked_kinds; }
  // The numbering the calculator's per-credential cache uses.
  CredentialIndex& index() const { return *index_; }

 private:
  // What depends only on one credential, computed once per credential (thousands of jobs
  // share a user).
  struct CredentialFactors {
    bool ready = false;
    double priority = 0;
    double fairshare = 0;
    // QOS only: QTWEIGHT, XFWEIGHT, QTTARGET, XFTARGET (0 = none).
    std::int64_t queuetime_weight = 0, xfactor_weight = 0;
    Seconds queuetime_target = 0;
    double xfactor_target = 0;
  };
  // What the subcomponents of one job are computed from.
  struct JobFacts {
    const Job& job;
    const JobCredentialIds& ids;
    const CredentialFactors* qos;  // the job's QOS (null: none)
    double procs, walltime;
    Seconds effective_queue_time;
    double queued, xfactor;
  };
  JobFacts facts_of(const Job& job, const JobCredentialIds& ids) const;
  double value_of(ir::PrioritySubcomponent s, const JobFacts& f) const;
  // The subcomponent's weight for this job: *WEIGHT, plus QTWEIGHT / XFWEIGHT of its QOS.
  std::int64_t weight_of(ir::PrioritySubcomponent s, const JobFacts& f) const;
  // ENABLENEGJOBPRIORITY and the 1e9 cap applied to the sum, then the job's system priority,
  // then REJECTNEGPRIOJOBS on the result.
  struct Settled {
    std::int64_t priority = 0;
    bool floored = false, capped = false, rejected_negative = false;
  };
  Settled settle(double sum, const std::optional<SystemPriority>& system, std::int64_t nice) const;
  const CredentialFactors& factors(ir::CredKind kind, std::uint32_t id) const;

  const CredentialDirectory& dir_;
  const FairshareStanding& fairshare_;
  ClusterTotals totals_;
  Epoch now_;
  const PriorityPlan& plan_;
  mutable CredentialIndex own_index_;
  CredentialIndex* index_;
  mutable std::array<std::vector<CredentialFactors>, 5> cache_;
};

// Jobs in scheduling order: priority descending, then earlier submission, then job id (id_before) — the
// tie-breaks make the order a function of the input alone.
struct RankedJob {
  std::size_t index = 0;  // into the job vector
  std::int64_t priority = 0;
  Epoch submit_time = 0;  // the first tie-break, kept here so that sorting stays in this array
  bool rejected_negative = false;
};
// The queued jobs of `jobs` in scheduling order (RankedJob::index into `jobs`).
std::vector<RankedJob> rank_jobs(const PriorityCalculator& calc, std::span<const Job> jobs);
// The same with the jobs' credential numbers (calc.index()), one per job.
std::vector<RankedJob> rank_jobs(const PriorityCalculator& calc, std::span<const Job> jobs,
                                 std::span<const JobCredentialIds> ids);
// Job ids in natural order: each run of digits by value, the rest as text, so that job 99 comes
// before job 100 and array task 12_2 before 12_10 (ids equal by value, "007" and "7", by text).
bool id_before(std::string_view a, std::string_view b);
// The order itself, for callers that have their own priorities.
bool ranks_before(const Job& a, std::int64_t pa, const Job& b, std::int64_t pb);

}  // namespace maui::runtime
