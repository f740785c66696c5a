// Which implementation (runtime/engine/backfill_policy.h) carries out each BACKFILLPOLICY the
// IR may hold. A new policy is a file of its own plus its line here (backfill_registry.cc);
// SchedulerSettings asks the registry which policies the engine implements, and warns of the
// others (FIRSTFIT is used instead).
#pragma once

#include "schemas/ir.h"

namespace maui::runtime::iteration {

class BackfillAlgorithm;

// The implementation of `policy`; null when the engine does not implement it.
const BackfillAlgorithm* backfill_algorithm(ir::BackfillPolicy policy);

}  // namespace maui::runtime::iteration
