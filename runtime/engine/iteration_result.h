// The last step of the scheduling iteration (runtime/engine/iteration_plan.h): what the steps
// decided becomes the IterationResult. The reservations leave the table; each backfilled start
// counts as a bypass of every job ahead of it that still waits; with SchedulerInput::explain,
// why each eligible job that did not start waits, and the calendar for the admin commands;
// the warnings sorted, each once.
#pragma once

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

// The state's last use: its reservation table is moved out.
void finish_result(State& s);

}  // namespace maui::runtime::iteration
