#include "runtime/engine/scheduler_settings.h"

#include <fmt/format.h>

namespace maui::runtime {

SchedulerSettings SchedulerSettings::from(const ir::Policy& policy, std::vector<std::string>& warnings) {
  const auto& s = policy.scheduling;
  SchedulerSettings out;
  const std::string& bf = s.backfill_policy.value;
  if (bf == "NONE") out.backfill = BackfillPolicy::None;
  else if (bf == "BESTFIT") out.backfill = BackfillPolicy::BestFit;
  else if (bf == "GREEDY") out.backfill = BackfillPolicy::Greedy;
  else if (bf == "FIRSTFIT" || bf.empty()) out.backfill = BackfillPolicy::FirstFit;
  else
    warnings.push_back(fmt::format("BACKFILLPOLICY {} is not implemented by this engine; FIRSTFIT is used", bf));

  const std::string& m = s.backfill_metric.value;
  if (m == "NODES") out.metric = BackfillMetric::Nodes;
  else if (m == "PROCSECONDS") out.metric = BackfillMetric::ProcSeconds;
  else if (m == "SECONDS") out.metric = BackfillMetric::Seconds;

  const std::string& r = s.reservation_policy.value;
  if (r == "NEVER") out.reservation_policy = ReservationPolicy::Never;
  else if (r == "HIGHEST") out.reservation_policy = ReservationPolicy::Highest;

  const std::string& th = s.reservation_threshold_type.value;
  if (th == "BYPASS") out.threshold = ReservationThreshold::Bypass;
  else if (th == "QUEUETIME") out.threshold = ReservationThreshold::QueueTime;
  else if (th == "XFACTOR") out.threshold = ReservationThreshold::XFactor;
  out.threshold_value = s.reservation_threshold_value.value;

  const std::string& a = s.node_allocation_policy.value;
  if (a == "FIRSTAVAILABLE") out.allocation = NodeAllocation::FirstAvailable;
  else if (a == "MINRESOURCE") out.allocation = NodeAllocation::MinResource;
  else if (a == "CPULOAD") out.allocation = NodeAllocation::CpuLoad;
  else if (a == "PRIORITY") out.allocation = NodeAllocation::Priority;
  else if (a != "LASTAVAILABLE" && !a.empty())
    warnings.push_back(
        fmt::format("NODEALLOCATIONPOLICY {} is not implemented by this engine; LASTAVAILABLE is used", a));

  out.backfill_depth = s.backfill_depth.value;
  out.max_schedules = s.backfill_max_schedules.value;
  out.chunk_size = s.chunk_size.value;
  out.chunk_duration = s.chunk_duration.value;
  out.poll_interval = s.poll_interval.value;
  return out;
}

}  // namespace maui::runtime
