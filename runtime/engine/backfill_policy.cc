#include "runtime/engine/backfill_policy.h"

namespace maui::runtime::iteration {

const std::vector<std::size_t>& backfill_candidates(State& s, LimitLevel level) {
  std::vector<std::size_t>& list = s.lists.backfill_candidates;
  list.clear();
  for (const auto& e : s.out.queue.eligibility.jobs) {
    if (!(level == LimitLevel::Soft ? e.soft_eligible : e.eligible)) continue;
    if (s.started_or_reserved(e.index)) continue;
    list.push_back(e.index);
  }
  return list;
}

BackfillWindows windows_for_anyone(const State& s) {
  Viewer anyone;
  anyone.may_use.resize(s.table.all().size());
  for (const auto& r : s.table.all()) anyone.may_use[r.id] = r.kind != ReservationKind::Job;
  return s.calendar.backfill_windows(anyone);
}

double backfill_metric(const State& s, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  switch (s.settings.metric) {
    case BackfillMetric::Procs: return static_cast<double>(job.procs());
    case BackfillMetric::ProcSeconds: return static_cast<double>(job.procs()) * static_cast<double>(job.walltime);
    case BackfillMetric::Seconds: return static_cast<double>(job.walltime);
    case BackfillMetric::Nodes: return static_cast<double>(job.nodes > 0 ? job.nodes : job.tasks);
  }
  return 0;
}

}  // namespace maui::runtime::iteration
