#include "runtime/engine/scheduler_settings.h"

#include <fmt/format.h>

#include "runtime/engine/backfill_registry.h"
#include "runtime/engine/policy_warning.h"

namespace maui::runtime {

SchedulerSettings SchedulerSettings::from(const ir::Policy& policy, std::vector<Problem>& warnings) {
  const auto& s = policy.scheduling;
  SchedulerSettings out;
  // The policies the engine implements are those with an algorithm (runtime/engine/backfill_registry.h).
  if (iteration::backfill_algorithm(s.backfill_policy.value))
    out.backfill = s.backfill_policy.value;
  else
    warnings.push_back(warning_at(s.backfill_policy.from,
                                  fmt::format("BACKFILLPOLICY {} is not implemented by this engine; FIRSTFIT is used",
                                              ir::to_string(s.backfill_policy.value))));
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
      warnings.push_back(
          warning_at(s.node_allocation_policy.from,
                     fmt::format("NODEALLOCATIONPOLICY {} is not implemented by this engine; LASTAVAILABLE is used",
                                 ir::to_string(s.node_allocation_policy.value))));
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
