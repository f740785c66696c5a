// Scheduler settings that Maui 3.3.1 implements differently from the manual.
#include <fmt/format.h>

#include "checker/checks/check_util.h"
#include "checker/checks/checks.h"

namespace maui::checker {

void check_backfill_policy(const Compilation& c, DiagnosticSink& sink) {
  const auto& s = c.policy.scheduling;
  if (s.backfill_policy.value == ir::BackfillPolicy::Greedy)
    sink.report(rules::kCompatBackfillPolicy, locate(c, s.backfill_policy.from.where),
                "BACKFILLPOLICY GREEDY starts no job at all in Maui 3.3.1 (its working list is never "
                "filled); this engine implements the documented search");
  if (s.backfill_metric.value == ir::BackfillMetric::Nodes)
    sink.report(rules::kCompatBackfillPolicy, locate(c, s.backfill_metric.from.where),
                "BACKFILLMETRIC NODES behaves as PROCS in Maui 3.3.1");
  if (s.node_allocation_policy.value == ir::NodeAllocationPolicy::FirstAvailable)
    sink.report(rules::kCompatBackfillPolicy, locate(c, s.node_allocation_policy.from.where),
                "NODEALLOCATIONPOLICY FIRSTAVAILABLE: Maui 3.3.1's affinity test is inverted (it takes "
                "nodes outside the job's preferred reservations first); this engine takes nodes in "
                "order as documented");
}

void check_target_queue_time(const Compilation& c, DiagnosticSink& sink) {
  const auto& w = c.policy.priority[ir::PrioritySubcomponent::TargetQueueTime].weight;
  for (const auto& [id, cfg] : c.policy.credentials) {
    if (id.kind != ir::CredKind::Qos || !cfg.qos->queuetime_target) continue;
    if (w.value == 0) continue;
    sink.report(rules::kCompatTargetQueuetime, locate(c, cfg.qos->queuetime_target->from.where),
                fmt::format("QTTARGET of QOS {}: Maui 3.3.1 computes the target queue-time factor from a "
                            "timestamp, so it is always 1e8 (use TARGETQUEUETIMECAP); this engine grows it "
                            "toward the target as documented",
                            id.name));
  }
}

void check_preemption_peers(const Compilation& c, DiagnosticSink& sink) {
  // Where each of the two flags is written (QOSCFG[DEFAULT]'s reach every QOS without flags).
  std::vector<std::pair<std::string, const ir::Sourced<std::string>*>> preemptors, preemptees;
  for (const auto& [id, cfg] : c.policy.credentials) {
    if (id.kind != ir::CredKind::Qos) continue;
    for (const auto& f : cfg.qos->flags) {
      if (f.value == "PREEMPTOR") preemptors.emplace_back(id.name, &f);
      if (f.value == "PREEMPTEE") preemptees.emplace_back(id.name, &f);
    }
  }
  auto report = [&](const auto& flagged, std::string_view flag, std::string_view missing, std::string_view what) {
    for (const auto& [qos, f] : flagged)
      sink.report(rules::kPreemptionWithoutPeer, locate(c, f->from.where),
                  fmt::format("QOS {} has {} but no QOS has {}: {}", qos, flag, missing, what));
  };
  if (preemptees.empty()) report(preemptors, "PREEMPTOR", "PREEMPTEE", "its jobs can never preempt a job");
  if (preemptors.empty()) report(preemptees, "PREEMPTEE", "PREEMPTOR", "no job ever preempts its jobs");
}

}  // namespace maui::checker
