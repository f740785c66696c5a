#include "runtime/engine/scheduler_settings.h"

#include <fmt/format.h>

namespace maui::runtime {

SchedulerSettings SchedulerSettings::from(const ir::Policy& policy, std::vector<std::string>& warnings) {
  const auto& s = policy.scheduling;
  SchedulerSettings out;
  switch (s.backfill_policy.value) {
    case ir::BackfillPolicy::None: out.backfill = BackfillPolicy::None; break;
    case ir::BackfillPolicy::FirstFit: out.backfill = BackfillPolicy::FirstFit; break;
    case ir::BackfillPolicy::BestFit: out.backfill = BackfillPolicy::BestFit; break;
    case ir::BackfillPolicy::Greedy: out.backfill = BackfillPolicy::Greedy; break;
    case ir::BackfillPolicy::BestTimeFit:
    case ir::BackfillPolicy::Lazy:
    case ir::BackfillPolicy::Preempt:
      warnings.push_back(fmt::format("BACKFILLPOLICY {} is not implemented by this engine; FIRSTFIT is used",
                                     ir::to_string(s.backfill_policy.value)));
      break;
  }
  out.metric = s.backfill_metric.value;
  out.reservation_policy = s.reservation_policy.value;
  out.threshold = s.reservation_threshold_type.value;
  out.threshold_value = s.reservation_threshold_value.value;

  switch (s.node_allocation_policy.value) {
    case ir::NodeAllocationPolicy::FirstAvailable: out.allocation = NodeAllocation::FirstAvailable; break;
    case ir::NodeAllocationPolicy::LastAvailable: out.allocation = NodeAllocation::LastAvailable; break;
    case ir::NodeAllocationPolicy::MinResource: out.allocation = NodeAllocation::MinResource; break;
    case ir::NodeAllocationPolicy::CpuLoad: out.allocation = NodeAllocation::CpuLoad; break;
    case ir::NodeAllocationPolicy::Priority: out.allocation = NodeAllocation::Priority; break;
    default:
      warnings.push_back(fmt::format("NODEALLOCATIONPOLICY {} is not implemented by this engine; LASTAVAILABLE is used",
                                     ir::to_string(s.node_allocation_policy.value)));
      break;
  }

  out.backfill_depth = s.backfill_depth.value;
  out.max_schedules = s.backfill_max_schedules.value;
  out.chunk_size = s.chunk_size.value;
  out.chunk_duration = s.chunk_duration.value;
  out.poll_interval = s.poll_interval.value;
  return out;
}

}  // namespace maui::runtime
