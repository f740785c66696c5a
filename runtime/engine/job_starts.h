// Starting a job now: the checks every start passes (QOS NOBF, the throttling limits at the
// pass's level, nodes free now: placement_now.h) and what a start records (its bookings, the
// limits' usage, its backfill mark and the bypass counts it causes, StartDecision). Priority
// scheduling and both backfill passes start jobs only through here, and so do the two jobs that
// start before the queue: an operator's runjob (SchedulerInput::run_now) and a preemptor on what
// its preemption freed (SchedulerInput::start_first, runtime/engine/preemption.h).
#pragma once

#include <cstddef>

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

// Whether job i's start now breaks no throttling limit at `level` (else State::scratch holds
// the violations).
bool limits_allow(State& s, std::size_t i, LimitLevel level);

// Starts job i now if it passes every check at `level` and finds nodes; false when it does not
// start (with SchedulerInput::explain, why is noted when it is policy, not resources).
bool try_start(State& s, std::size_t i, LimitLevel level);

// An operator's runjob: job i starts now wherever the calendar has room for it, whatever its
// holds, dependencies and limits (IterationResult::run_now_refusal says why not).
void run_now(State& s, std::size_t i);

// A preemptor starts first on what its preemption freed; it passes no one by that, so it counts
// as no backfill.
void start_preemptor(State& s, std::size_t i);

}  // namespace maui::runtime::iteration
