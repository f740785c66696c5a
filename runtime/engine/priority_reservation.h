// A blocked job's priority reservation (seed 8.2, reference §8.2; "reference §N" in the engine is
// docs/reference/maui-3.3-semantics.md): the earliest time the job fits, on nodes busy now before
// idle ones, so that the idle nodes stay free for backfill (docs/reference/backfill-notes.md),
// reservation affinity first. Under TIMELIMIT the start is searched again at the edges of the
// reservations it would overlap. Apart from placement now (placement_now.h): a reservation looks
// at the whole calendar and orders nodes the other way round.
#pragma once

#include <cstddef>

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

// Reserves job i at the earliest time it fits; false when it never fits (the job is then judged
// never runnable, or waits for nodes that may return).
bool reserve_earliest(State& s, std::size_t i);

}  // namespace maui::runtime::iteration
