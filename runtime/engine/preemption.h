// Preemption (QOS flags PREEMPTOR and PREEMPTEE, PREEMPTPOLICY REQUEUE; reference §10;
// docs/semantics.md 85): a PREEMPTOR job that the iteration left waiting may have running
// PREEMPTEE jobs of lower start priority requeued to make room for it. The fewest such jobs
// that let it start now are chosen, lowest start priority first, and the iteration is decided
// again with them back in the queue and the preemptor started first on what they freed: every
// answer is one of schedule_iteration's, never a guess.
#pragma once

#include "runtime/engine/scheduler.h"

namespace maui::runtime {

// `decided` is schedule_iteration's result for `input`. Returns it unchanged when no blocked
// preemptor can start by preempting; else the iteration decided again, with
// IterationResult::preempted naming the jobs to requeue first.
IterationResult preempt_for_blocked(const SchedulerInput& input, IterationResult decided);

}  // namespace maui::runtime
