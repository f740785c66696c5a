// What the priority formula (runtime/engine/priority.h) can produce over every job the policy admits:
// the range of each subcomponent's factor and weight, and names for messages. Shared by the
// built-in priority-bounds property and the --assert statements.
//
// Jobs are bounded as docs/check.md says ("What the week, the nodes and the jobs are"): a job
// waits at most 365 days and is bypassed at most 10,000 times; it asks for at most the cluster's
// procs (its nodes: NODECFG or given) and SYSTEMMAXPROCPERJOB, and, with neither, job size is
// unknown (the model then uses 100,000 procs and says so); it runs from a minute to
// SYSTEMMAXJOBWALLTIME, else 365 days. Memory, swap and disk without node totals are unbounded.
#pragma once

#include <array>
#include <limits>
#include <optional>
#include <string>

#include "checker/prove/world.h"
#include "checker/weights.h"
#include "runtime/engine/priority.h"

namespace maui::prove {

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();
inline constexpr ir::Seconds kQueueHorizon = 365LL * 86400;
inline constexpr double kBypassHorizon = 10000;
inline constexpr ir::Seconds kShortestWalltime = 60;  // a job runs a minute at least
inline constexpr double kProcsWithoutNodes = 100000;  // the model's size when the cluster is unknown

// The shapes of the jobs the priority properties range over, and where each bound comes from.
struct JobBounds {
  std::optional<std::int64_t> procs;  // none: neither a node list with sizes nor SYSTEMMAXPROCPERJOB
  std::string procs_from;             // "the 4 nodes of the config", "SYSTEMMAXPROCPERJOB"
  ir::Seconds walltime_min = kShortestWalltime;
  ir::Seconds walltime_max = kQueueHorizon;
  bool walltime_from_config = false;  // SYSTEMMAXJOBWALLTIME (else the 365-day horizon)
  // "at most 64 procs (the 16 nodes of the config), walltime 0:01:00 to 365 days (no
  // SYSTEMMAXJOBWALLTIME), queued at most 365 days"; "any number of procs" without a bound
  std::string text() const;
};
JobBounds job_bounds(const World& w);

struct Range {
  double lo = 0, hi = 0;
};

struct PriorityModel {
  std::array<Range, ir::kPrioritySubcomponents> value;   // the factor
  std::array<Range, ir::kPrioritySubcomponents> weight;  // the weight (QOS QTWEIGHT / XFWEIGHT added)
  JobBounds bounds;
  double procs_max = 0;  // bounds.procs, else kProcsWithoutNodes
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
