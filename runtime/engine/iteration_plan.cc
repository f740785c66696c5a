#include "runtime/engine/iteration_plan.h"

#include "runtime/engine/backfill.h"
#include "runtime/engine/iteration_bookings.h"
#include "runtime/engine/iteration_result.h"
#include "runtime/engine/iteration_state.h"
#include "runtime/engine/priority_scheduling.h"

namespace maui::runtime {

IterationResult plan_iteration(const SchedulerInput& input) {
  IterationResult out;
  iteration::State s(input, out);
  iteration::evaluate_queue(s);
  iteration::book_reservations(s);
  iteration::schedule_by_priority(s);
  if (s.settings.backfill != BackfillPolicy::None) {
    iteration::backfill(s, LimitLevel::Soft);
    iteration::backfill(s, LimitLevel::Hard);
  }
  iteration::finish_result(s);
  return out;
}

}  // namespace maui::runtime
