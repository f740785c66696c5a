// One scheduling iteration without preemption (seed 8.2, reference §8; "reference §N" in the
// engine is docs/reference/maui-3.3-semantics.md): the steps in order, each in a file of its own,
// over the state they share (iteration_state.h).
//
//   1. Prioritise the queue and select the eligible jobs (evaluate_queue, iteration_state.h).
//   2. Book administrative reservations, the running jobs and standing reservations in the
//      calendar (iteration_bookings.h).
//   3. Priority scheduling over the SOFT list (priority_scheduling.h).
//   4. Backfill: a SOFT pass then a HARD pass with the BACKFILLPOLICY's algorithm
//      (backfill_policy.h, backfill_registry.h).
//   5. The result (iteration_result.h).
//
// The lower layer of schedule_iteration (runtime/engine/scheduler.h): preemption
// (runtime/engine/preemption.h) asks it what-ifs, and schedule_iteration composes the two, so
// that the iteration never calls preemption and preemption never calls schedule_iteration.
#pragma once

#include "runtime/engine/scheduler.h"

namespace maui::runtime {

// What schedule_iteration(input) decides before preemption: IterationResult::preempted stays
// empty, and a blocked preemptor waits.
IterationResult plan_iteration(const SchedulerInput& input);

}  // namespace maui::runtime
