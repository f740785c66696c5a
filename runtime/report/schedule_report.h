// What `mauirun schedule` prints (README, docs/jobs-json.md): one iteration on a snapshot
// (runtime/rm/sim/snapshot_iteration.h), its starts (nodes and tasks, by priority or by
// backfill), its job reservations, the jobs it found never runnable, the running jobs it
// preempted, and its warnings. Deterministic: in the order the iteration decided them. A report
// of the simulator's iteration, so here with the other run reports: the client commands' views
// depend on the engine alone.
#pragma once

#include <string>

#include "runtime/rm/sim/snapshot_iteration.h"

namespace maui::runtime {

// starts (N)
//   ID  priority|backfill  node:tasks ...
// reservations (N)
//   ID  START (in HH:MM:SS) until END  node:tasks ...
// never runnable (N)
//   ID  reason
// and, when there are any, "preempted (N)" (ID  by ID) and "warning: ..." lines.
std::string schedule_text(const SnapshotIteration& iteration);

// {"version":1,"now","starts":[{"job","backfill","nodes":[{"name","tasks"}]}],
//  "reservations":[{"job","start","end","nodes":[...]}],"never_runnable":[{"job","reason"}],
//  "preempted":[{"job","by"}],"warnings":[{problem}]}, keys sorted; each warning the object of
//  schemas/problem_json.h.
std::string schedule_json(const SnapshotIteration& iteration);

}  // namespace maui::runtime
