// Preemption (QOS flags PREEMPTOR and PREEMPTEE, PREEMPTPOLICY REQUEUE; reference §10 of
// docs/reference/maui-3.3-semantics.md; docs/semantics.md 85): a PREEMPTOR job that the iteration
// left waiting may have running PREEMPTEE jobs of lower start priority requeued to make room for
// it. The fewest such jobs that let it start now are chosen, lowest start priority first, and the
// iteration is planned again with them back in the queue and the preemptor started first on what
// they freed: every answer is one of plan_iteration's, never a guess. Built on plan_iteration
// (runtime/engine/iteration_plan.h), the iteration without preemption; schedule_iteration
// (runtime/engine/scheduler.h) composes the two.
#pragma once

#include "runtime/engine/iteration_plan.h"

namespace maui::runtime {

// `planned` is plan_iteration's result for `input`. Returns it unchanged when no blocked
// preemptor can start by preempting; else the iteration planned again, with
// IterationResult::preempted naming the jobs to requeue first.
IterationResult preempt_for_blocked(const SchedulerInput& input, IterationResult planned);

}  // namespace maui::runtime
