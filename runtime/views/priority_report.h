// The priority report of `mauirun priority` and `diagnose -p`: every queued job's priority
// breakdown in scheduling order. One function for both, so that they show the same.
#pragma once

#include <vector>

#include "runtime/engine/explain.h"
#include "runtime/engine/priority.h"
#include "runtime/views/view_context.h"

namespace maui::runtime {

// The queued jobs of `snapshot` in scheduling order, each with its breakdown.
std::vector<PriorityRow> priority_rows(const CredentialDirectory& dir, const FairshareStanding& fairshare,
                                       const ClusterSnapshot& snapshot);

// The context's fairshare standing, or an empty one when fairshare is off.
const FairshareStanding& fairshare_of(const ViewContext& context);

// One job's breakdown as the context's iteration computed its priority.
PriorityBreakdown priority_breakdown(const ViewContext& context, const Job& job);

}  // namespace maui::runtime
