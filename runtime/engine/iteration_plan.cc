#include "runtime/engine/iteration_plan.h"

#include "runtime/engine/backfill_policy.h"
#include "runtime/engine/backfill_registry.h"
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
  // SchedulerSettings::from gives only policies the registry implements.
  const iteration::BackfillAlgorithm& backfill = *iteration::backfill_algorithm(s.settings.backfill);
  backfill.run_pass(s, LimitLevel::Soft);
  backfill.run_pass(s, LimitLevel::Hard);
  iteration::finish_result(s);
  return out;
}

}  // namespace maui::runtime
