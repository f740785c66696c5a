#include "runtime/engine/priority_scheduling.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <utility>

#include <llvm/ADT/SmallVector.h>

#include "runtime/engine/job_starts.h"
#include "runtime/engine/never_runnable.h"
#include "runtime/engine/priority_reservation.h"

namespace maui::runtime::iteration {

namespace {

// RESERVATIONDEPTH per RESERVATIONQOSLIST group: which group a job's reservation counts in, and
// how many reservations each group made.
class ReservationDepth {
 public:
  explicit ReservationDepth(State& s) : s_(s) {}

  // Whether job i may get a priority reservation now.
  bool may_reserve(std::size_t i) {
    if (s_.settings.backfill == BackfillPolicy::None || s_.settings.reservation_policy == ReservationPolicy::Never)
      return false;
    if (const QosFlags* f = s_.facts.scheduling_flags(i); f && f->no_reservation) return false;
    std::int64_t g = group_of(i);
    if (g < 0) return false;
    auto it = s_.policy.scheduling.reservation_groups.find(g);
    return reservations_made(g) < it->second.depth.value && over_threshold(i);
  }
  // Counts job i's reservation in its group.
  void count_reservation(std::size_t i) { ++reservations_made(group_of(i)); }

 private:
  // The RESERVATIONQOSLIST group of job i's QOS; -1: none.
  std::int64_t group_of(std::size_t i) {
    for (const auto& [g, group] : s_.policy.scheduling.reservation_groups) {
      if (!group.qos) return g;
      const auto& list = group.qos->value;
      if (std::find(list.begin(), list.end(), s_.facts.qos_of(i)) != list.end()) return g;
    }
    return -1;
  }

  // RESERVATIONTHRESHOLDTYPE / VALUE: only a job whose bypass count, queue time (seconds) or
  // expansion factor exceeds the value gets a priority reservation (reference §8.2).
  bool over_threshold(std::size_t i) const {
    const SchedulerSettings& settings = s_.settings;
    if (settings.threshold == ReservationThreshold::None) return true;
    const Job& job = s_.snap.jobs[i];
    const auto value = settings.threshold_value;
    const Seconds queued = effective_queue_time(job, accrual_policy(s_.policy), s_.snap.now);
    switch (settings.threshold) {
      case ReservationThreshold::None: return true;
      case ReservationThreshold::Bypass: return job.sched.bypass_count > value;
      case ReservationThreshold::QueueTime: return queued > value;
      case ReservationThreshold::XFactor:
        return expansion_factor(queued, job.walltime, s_.policy.priority.xfactor_min_walltime.value) >
               static_cast<double>(value);
    }
    return true;
  }

  std::int64_t& reservations_made(std::int64_t group) {
    for (auto& [g, n] : made_)
      if (g == group) return n;
    return made_.emplace_back(group, 0).second;
  }

  State& s_;
  // Reservations made per group (a policy has a few groups).
  llvm::SmallVector<std::pair<std::int64_t, std::int64_t>, 4> made_;
};

// RESERVATIONPOLICY HIGHEST (reference §8.2): a job that held a priority reservation keeps
// one, slid to its earliest start, whatever the depth; these come before new reservations.
void keep_highest_reservations(State& s) {
  if (s.settings.reservation_policy != ReservationPolicy::Highest || s.settings.backfill == BackfillPolicy::None)
    return;
  std::set<std::string_view> held;
  for (const auto& r : s.in.previous_reservations)
    if (r.kind == ReservationKind::Job) held.insert(r.name);
  if (held.empty()) return;
  for (const auto& e : s.out.queue.eligibility.jobs) {
    const std::size_t i = e.index;
    if (!e.soft_eligible || !held.contains(s.snap.jobs[i].id) || exceeds_cluster(s, i)) continue;
    if (!limits_allow(s, i, LimitLevel::Soft)) continue;
    if (!try_start(s, i, LimitLevel::Soft)) reserve_earliest(s, i);
  }
}

}  // namespace

void schedule_by_priority(State& s) {
  if (s.in.run_now) run_now(s, *s.in.run_now);
  if (s.in.start_first) start_preemptor(s, *s.in.start_first);
  keep_highest_reservations(s);
  ReservationDepth depth(s);
  bool idle_job_found = false;
  for (const auto& e : s.out.queue.eligibility.jobs) {
    if (!e.soft_eligible) continue;
    const std::size_t i = e.index;
    if (s.started_or_reserved(i)) continue;  // kept by RESERVATIONPOLICY HIGHEST
    if (exceeds_cluster(s, i)) continue;
    if (!limits_allow(s, i, LimitLevel::Soft)) {  // policy, not resources: no reservation either
      if (s.in.explain) s.explain_wait(i, "violates " + describe(s.scratch.front()));
      continue;
    }
    // After strict priority order ended, a job starts here only as a reservation that
    // starts now (reference §8.3); otherwise backfill may start it.
    if (!idle_job_found && try_start(s, i, LimitLevel::Soft)) continue;
    if (depth.may_reserve(i)) {
      if (idle_job_found && try_start(s, i, LimitLevel::Soft)) continue;
      if (reserve_earliest(s, i)) depth.count_reservation(i);
      continue;
    }
    // No reservation left: strict priority order ends here; only backfill starts jobs now.
    if (s.in.explain) {
      const QosFlags* f = s.facts.scheduling_flags(i);
      s.explain_wait(i, f && f->no_reservation ? "waiting for resources (its QOS has NORESERVATION: backfill only)"
                                               : "waiting for resources (RESERVATIONDEPTH reached: backfill only)");
    }
    idle_job_found = true;
  }
}

}  // namespace maui::runtime::iteration
