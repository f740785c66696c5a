// Standing reservations (SRCFG, manual 7.1.5, reference §7.3-7.4): when each instance exists, and
// which nodes and per-node resources it may take. The calendar (runtime/engine/calendar.h) books them.
//
// Times: the simulator and the engine run on epoch seconds; days, weeks and times of day are
// counted in UTC offset by `ReservationClock::utc_offset` (the trace's or the site's time zone),
// so that STARTTIME=9:00:00 means 09:00 local time.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <llvm/ADT/STLFunctionalExtras.h>

#include "runtime/engine/model.h"
#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

struct ReservationClock {
  Seconds utc_offset = 0;  // local time = epoch + utc_offset
};

// One instance: [start, end) in epoch seconds; depth 0 = the current period (today, this week),
// d = the d-th period after it. Depth -1 is the previous period's instance when it crosses into
// the current one and has not ended (a 20:00-06:00 window seen at 02:00); it is extra, not
// counted in DEPTH.
struct ReservationInstance {
  Epoch start = 0;
  Epoch end = 0;
  int depth = 0;
  bool operator==(const ReservationInstance&) const = default;
};

// The instances of `sr` that end after `now`: PERIOD DAY one per day whose weekday is in DAYS
// (STARTTIME..ENDTIME, ENDTIME 0 = midnight; ENDTIME <= STARTTIME crosses midnight), PERIOD WEEK
// one per week (WSTARTTIME..WENDTIME, or STARTTIME..ENDTIME given as week offsets),
// PERIOD INFINITY one from `now` on; DEPTH periods ahead counting the current one.
// Sorted by start.
// Details: DAY periods are local days (midnight = epoch + utc_offset on a day boundary; a fixed
// offset, no daylight saving) and DEPTH counts days, the ones not in DAYS included; DAYS absent
// = every day; WSTARTTIME/WENDTIME are not read for DAY. WEEK periods start on Sunday 00:00
// local; DAYS is not read for WEEK; an end of 0 is the end of the week. DEPTH is clamped to
// 1..1000. The current instance is returned whole (not clipped to `now`): the calendar clips.
// INFINITY lasts 100 years from `now` (overflow-safe; Maui's 2037 "infinity" is too near).
// Instances that ended (end <= now) are dropped.
std::vector<ReservationInstance> instances(const ir::StandingReservation& sr, Epoch now, const ReservationClock& clock);

// FLAGS=OWNERPREEMPT with an OWNER: the owner's jobs may requeue the other jobs running in the
// reservation (runtime/engine/preemption.h).
bool owner_preempts(const ir::StandingReservation& sr);

// A TASKCOUNT reservation floats: each iteration places it anew, keeping the nodes its instance
// had in the iteration before where it can, so where it lies depends on every iteration run.
bool floats(const ir::StandingReservation& sr);

// The nodes an instance may use and what it takes of each.
struct StandingPlacement {
  // Candidate nodes (indices into the snapshot's nodes) in preference order: HOSTLIST
  // (names and expanded ranges in the order written; or a POSIX extended regular expression
  // matched against the whole name, in snapshot order; `ALL` or absent = every node in
  // snapshot order), then filtered by NODEFEATURES (all listed features) and PARTITION (ALL or
  // absent = any). HOSTLIST constrains: a TASKCOUNT larger than the hosts can hold is not
  // completed outside the list. Node state is not looked at.
  std::vector<std::size_t> candidates;
  ir::TaskResources per_task;  // RESOURCES (procs -1 = every proc of the node)
  // TASKCOUNT; 0 = as many tasks as fit on the candidates (a host-locked reservation).
  std::int64_t task_count = 0;
  std::int64_t tasks_per_node = 0;  // TPN: at least this many tasks on each node used (0 = any)
  bool host_locked = false;         // HOSTLIST without TASKCOUNT: exactly the listed hosts
  // ACCESS=DEDICATED (also when ACCESS is absent: docs/semantics.md decision 18) or
  // FLAGS=DEDICATEDRESOURCE: shares no node-time with other reservations.
  bool dedicated = false;
};

// Messages name the SR and the attribute (`SRCFG[x] HOSTLIST=...: ...`). Without a placement
// (nullopt): an SR with neither HOSTLIST nor TASKCOUNT > 0 (Maui instantiates none) and a
// HOSTLIST regular expression that does not compile. With a placement (the message is a
// warning): HOSTLIST names no node of the snapshot (the others are kept), a regular expression
// matching no node, a FLAGS value this engine refuses or does not know (the reservation is
// placed as if the flag were absent), a TRIGGER (not run). Each is a warning at the line of the
// attribute it names (the SRCFG's first line for one about the reservation as a whole).
struct PlacementResult {
  std::optional<StandingPlacement> placement;
  std::vector<Problem> errors;
};
PlacementResult plan_placement(const ir::StandingReservation& sr, std::span<const Node> nodes);
// The same, finding HOSTLIST names with `find` (the scheduler passes ClusterSnapshot::find_node,
// whose index outlives the iteration: indexing every node at each iteration was a tenth of a
// simulation with standing reservations).
using FindNode = llvm::function_ref<std::optional<std::size_t>(std::string_view)>;
PlacementResult plan_placement(const ir::StandingReservation& sr, std::span<const Node> nodes, FindNode find);

// The placements of a policy's standing reservations, kept between iterations while the nodes'
// names, features and partitions, all a placement reads of them, stay those they were planned
// on: HOSTLIST resolved at each iteration cost a rebuild of the snapshot's node table for each
// listed name that is not a node (on 2,000 nodes, nine tenths of a simulation).
class StandingPlans {
 public:
  // One PlacementResult per standing reservation of `policy`, in its order.
  const std::vector<PlacementResult>& plan(const ir::Policy& policy, std::span<const Node> nodes, FindNode find);

 private:
  bool planned_on(const ir::Policy& policy, std::span<const Node> nodes) const;

  const ir::Policy* policy_ = nullptr;
  std::vector<Node> nodes_;  // as planned on: name, features and partition only
  std::vector<PlacementResult> plans_;
};

// Tasks of `per_task` that fit on a node with the given free resources (procs -1 = the node).
std::int64_t tasks_that_fit(const ir::TaskResources& per_task, const Node& node);

}  // namespace maui::runtime
