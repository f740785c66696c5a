// Jobs that can never run (IterationResult::never_runnable): a job that asks for more than the
// cluster, or than every partition open to it, has would wait for ever; it is cancelled rather
// than waited for, so that it blocks nobody behind it and passes nobody (it counts as no
// backfill). Apart from the decisions: priority scheduling and backfill both judge a job here
// before they try it, and a reservation that finds no opening marks it here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/engine/iteration_state.h"

namespace maui::runtime {

// Why a job wider than the cluster is cancelled (IterationResult::never_runnable).
std::string wider_than_cluster(std::int64_t procs, std::int64_t usable_procs);

namespace iteration {

// Whether job i asks for more procs than the cluster (or the largest partition open to it) has;
// if so it is marked never runnable.
bool exceeds_cluster(State& s, std::size_t i);

// Marks job i never runnable, for the reason given (once).
void mark_never_runnable(State& s, std::size_t i, std::string why);

}  // namespace iteration
}  // namespace maui::runtime
