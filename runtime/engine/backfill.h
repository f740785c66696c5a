// A step of the scheduling iteration (runtime/engine/iteration_plan.h): backfill (reference §8.4,
// seed 8.2.2; "reference §N" in the engine is docs/reference/maui-3.3-semantics.md), a SOFT pass
// then a HARD pass over the jobs priority scheduling left waiting, with BACKFILLPOLICY FIRSTFIT,
// BESTFIT or GREEDY over the backfill windows; NONE does not backfill. Jobs start only through
// try_start (runtime/engine/job_starts.h), which checks each start against the job's own access,
// limits and nodes.
#pragma once

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

// One backfill pass over the jobs eligible at `level` that neither started nor were reserved.
void backfill(State& s, LimitLevel level);

}  // namespace maui::runtime::iteration
