#include "runtime/engine/backfill_registry.h"

#include "runtime/engine/backfill_policy.h"

namespace maui::runtime::iteration {

const BackfillAlgorithm* backfill_algorithm(ir::BackfillPolicy policy) {
  switch (policy) {
    case ir::BackfillPolicy::FirstFit: return &first_fit_backfill();
    case ir::BackfillPolicy::BestFit: return &best_fit_backfill();
    case ir::BackfillPolicy::Greedy: return &greedy_backfill();
    case ir::BackfillPolicy::None: return &no_backfill();
    case ir::BackfillPolicy::BestTimeFit:
    case ir::BackfillPolicy::Lazy:
    case ir::BackfillPolicy::Preempt: return nullptr;
  }
  return nullptr;
}

}  // namespace maui::runtime::iteration
