// What the priority formula (runtime/engine/priority.h) can produce over every job the policy admits:
// the range of each subcomponent's factor and weight, and names for messages. Shared by the
// built-in priority-bounds property and the --assert statements.
//
// Factors that grow with time are bounded by a horizon (docs/check.md): a job waits at most
// 365 days, is bypassed at most 10,000 times; job size is bounded by the cluster's NODECFG
// totals, else SYSTEMMAXPROCPERJOB, else 100,000 procs; walltime by SYSTEMMAXJOBWALLTIME,
// else 365 days. Memory, swap and disk without NODECFG totals are unbounded.
#pragma once

#include <array>
#include <limits>
#include <string>

#include "checker/prove/world.h"
#include "checker/weights.h"
#include "runtime/engine/priority.h"

namespace maui::prove {

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();
inline constexpr ir::Seconds kQueueHorizon = 365LL * 86400;
inline constexpr double kBypassHorizon = 10000;

struct Range {
  double lo = 0, hi = 0;
};

struct PriorityModel {
  std::array<Range, ir::kPrioritySubcomponents> value;   // the factor
  std::array<Range, ir::kPrioritySubcomponents> weight;  // the weight (QOS QTWEIGHT / XFWEIGHT added)
  double procs_max = 0;
  ir::Seconds walltime_max = 0;
};
PriorityModel priority_model(const World& w);

// weight x min(value, cap) over the ranges (cap 0 = none).
Range contribution(Range weight, Range value, std::int64_t cap);
// A component's contribution range: weight x min(sum of its subcomponents, cap).
Range component_range(const PriorityModel& m, const ir::PriorityWeights& w, ir::PriorityComponent c);

using checker::weight_name;
std::string number_text(double v);  // "1e+09", "525600", "+inf"

}  // namespace maui::prove
