// BACKFILLPOLICY NONE: no backfill pass starts anything; strict priority order holds (priority
// scheduling also makes no priority reservation under NONE, runtime/engine/priority_scheduling.h).
#include "runtime/engine/backfill_policy.h"

namespace maui::runtime::iteration {

namespace {

class NoBackfill final : public BackfillAlgorithm {
 public:
  void run_pass(State&, LimitLevel) const override {}
};

}  // namespace

const BackfillAlgorithm& no_backfill() {
  static const NoBackfill policy;
  return policy;
}

}  // namespace maui::runtime::iteration
