// Placement now (docs/semantics.md, Placement): the nodes on which a job can start now and run
// its whole walltime, in the order it takes them: best fit in time (the nodes whose free time
// ends soonest after the job keep the longer gaps for the jobs that need them), reservation
// affinity first, NODEALLOCATIONPOLICY last. The hot path of every simulation: every job that
// priority scheduling or backfill tries asks it, so it remembers when a job shape found too few
// tasks (State::now_capacity) and answers the next attempts of that shape without walking the
// nodes. Apart from the decisions that ask it (job_starts.h): it books nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

// Nodes on which job i can start now and run its whole walltime, in placement order; empty when
// it cannot start now.
std::vector<NodeTasks> nodes_for_now(State& s, std::size_t i);

}  // namespace maui::runtime::iteration
