// A step of the scheduling iteration (runtime/engine/iteration_plan.h): priority scheduling over
// the SOFT list (reference §8.3; "reference §N" in the engine is
// docs/reference/maui-3.3-semantics.md). First the jobs that start before the queue (an
// operator's runjob, a preemptor on what its preemption freed), then under RESERVATIONPOLICY
// HIGHEST the jobs that held a reservation; then jobs start in priority order while they fit, a
// job that cannot start gets a priority reservation while its RESERVATIONQOSLIST group has
// RESERVATIONDEPTH left (and it passes RESERVATIONTHRESHOLD*), and when none is left strict
// priority order ends: only backfill (backfill_policy.h) starts jobs after it.
#pragma once

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

void schedule_by_priority(State& s);

}  // namespace maui::runtime::iteration
