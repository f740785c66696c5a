#include "runtime/engine/scheduler.h"

#include <utility>

#include "runtime/engine/iteration_plan.h"
#include "runtime/engine/preemption.h"

namespace maui::runtime {

IterationResult schedule_iteration(const SchedulerInput& input) {
  IterationResult planned = plan_iteration(input);
  // A preemptor started first (SchedulerInput::start_first) is preemption's own what-if.
  if (input.dir->has_preemptors() && !input.start_first) return preempt_for_blocked(input, std::move(planned));
  return planned;
}

}  // namespace maui::runtime
