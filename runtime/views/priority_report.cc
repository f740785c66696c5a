#include "runtime/views/priority_report.h"

namespace maui::runtime {

std::vector<PriorityRow> priority_rows(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                       const ClusterSnapshot& snapshot) {
  PriorityCalculator calc(dir, fairshare, snapshot.totals(), snapshot.now);
  const auto ranked = rank_jobs(calc, snapshot.jobs);
  std::vector<PriorityRow> rows;
  rows.reserve(ranked.size());
  for (const auto& r : ranked) rows.push_back({&snapshot.jobs[r.index], calc.evaluate(snapshot.jobs[r.index])});
  return rows;
}

const FairshareStanding& fairshare_of(const ViewContext& context) {
  static const FairshareStanding none;
  return context.fairshare ? *context.fairshare : none;
}

PriorityBreakdown priority_breakdown(const ViewContext& context, const Job& job) {
  PriorityCalculator calc(context.dir, fairshare_of(context), context.cluster.totals(), context.cluster.now);
  return calc.evaluate(job);
}

}  // namespace maui::runtime
