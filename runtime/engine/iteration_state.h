// What the steps of one scheduling iteration share (runtime/engine/iteration_plan.h runs them in
// order): the input, the calendar and the reservation table, the per-job marks and lists, the
// limits ledger, what is free now. One struct, passed by reference to each step's functions
// (iteration_bookings.h, placement_now.h, priority_reservation.h, job_starts.h,
// never_runnable.h, priority_scheduling.h, backfill_policy.h, iteration_result.h), so that each
// step's file reads alone and the state it touches is named here once. Internal to the
// iteration: callers use runtime/engine/scheduler.h.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/engine/calendar.h"
#include "runtime/engine/job_facts.h"
#include "runtime/engine/limits.h"
#include "runtime/engine/node_fit.h"
#include "runtime/engine/partitions.h"
#include "runtime/engine/placement_order.h"
#include "runtime/engine/priority.h"
#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "runtime/engine/scheduler_settings.h"

namespace maui::runtime {

// What placement_now.cc knows of one job shape for a start now (too_few_tasks_now): the shape,
// its access and the calendar it was found short for, and what all nodes offer it by run length.
struct NowCapacity {
  std::uint64_t calendar_changes = std::numeric_limits<std::uint64_t>::max();
  Resources per_task;
  std::int64_t cap = 0;
  std::vector<std::uint8_t> may_use;
  bool whole_nodes = false;
  NodeUser user;
  bool built = false;
  std::int64_t at_one = 0;                              // tasks for a 1 s run
  std::vector<std::pair<Seconds, std::int64_t>> falls;  // (duration, tasks lost up to it)
};

// The running jobs as the calendar's base holds them (ResourceCalendar::keep_as_base). A
// workspace carries them from one iteration to the next, so that an iteration books only the
// jobs that started, changed or ended since the last one; each carried job is checked against
// the snapshot (id, times, shape, node names, tasks) before it is kept (iteration_bookings.cc).
struct RunningJob {
  std::string id;
  std::size_t job;  // its index in this iteration's snapshot
  Epoch start, end;
  Resources per_task;
  std::size_t first, count;  // its nodes in RunningLayer::nodes
  bool all_nodes_known;      // else booked again each iteration (and warned about again)
  bool whole_nodes;          // holds its nodes whole (runtime/engine/node_access.h)
  NodeUser user;             // its user, when SINGLEUSER applies
};
struct RunningLayer {
  std::vector<RunningJob> jobs, next;
  std::vector<NodeTasks> nodes, next_nodes;
  std::vector<std::uint8_t> handled;   // per carried job: kept or unbooked already
  std::vector<std::int64_t> free_now;  // procs free now per node, running jobs only
  std::int64_t usable_procs = 0;       // procs of the usable nodes
};

// What an iteration keeps per job and per node. A workspace keeps them from one iteration to
// the next for their memory: clear() empties every one but the running layer, which the next
// iteration checks before it uses it, and the users' numbers (JobFactsMemory).
struct IterationLists {
  RunningLayer running;
  CredentialIndex index;  // emptied by the iteration's PriorityCalculator
  std::vector<JobCredentialIds> ids;
  iteration::JobFactsMemory facts;
  // Per job, what the iteration did with it (iteration::kStarted ...): one byte per job, read by
  // index in every loop over the queue. One array, so that a job's marks share a cache line;
  // bytes, because the bit arithmetic of std::vector<bool> cost 3 % of a simulation.
  std::vector<std::uint8_t> marks;
  std::vector<std::size_t> hard_list, position, all_nodes, free_nodes;
  std::vector<std::int64_t> bypass_diff, free_now;
  std::vector<LimitViolation> scratch;
  std::vector<Offer> offers;                     // a placement's, one placement at a time
  std::vector<OfferRun> offer_runs;              // a placement's offers as runs (take_front_of_runs)
  PlacementScratch placement;                    // take_front's memory
  std::vector<std::size_t> backfill_candidates;  // a backfill pass's
  NowCapacity now_capacity;
  PartitionLayout partitions;                  // the nodes' partitions, unless the caller gives them
  std::vector<std::uint32_t> open_partitions;  // one job's, one job at a time
  std::vector<std::int64_t> partition_procs;   // usable procs per partition
  std::vector<std::size_t> job_nodes;          // State::nodes_for's, one job at a time
  void clear() {
    now_capacity.calendar_changes = std::numeric_limits<std::uint64_t>::max();
    now_capacity.built = false;
    ids.clear(), facts.qos.clear(), marks.clear();
    hard_list.clear(), position.clear(), all_nodes.clear(), free_nodes.clear(), bypass_diff.clear(), free_now.clear();
    scratch.clear(), offers.clear(), offer_runs.clear(), backfill_candidates.clear();
  }
};

namespace iteration {

// What the iteration did with a job (State::marks).
enum JobMark : std::uint8_t {
  kStarted = 1,
  kReserved = 2,
  kNoNodesNow = 4,  // found no nodes now: bookings are only added within an iteration
  kNeverRunnable = 8,
};

// The limits and what counts against them at each level; none when the policy sets no limit
// (a ledger is kilobytes of tables: not built for nothing).
struct IterationLimits {
  IterationLimits(const CredentialDirectory& dir, const ClusterTotals& totals, Epoch now, CredentialIndex* index)
      : throttle(dir, totals, now, index) {}
  Throttle throttle;
  UsageLedger soft, hard;
};

// The placement order's key of a node (runtime/engine/placement_order.h).
using PlacementKey = std::array<std::int64_t, 6>;

struct State {
  // Sets the iteration up: the settings and their warnings, the calendar (back to the base the
  // workspace carried, else anew), the limits, the partitions (iteration_state.cc).
  State(const SchedulerInput& in, IterationResult& out);
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  bool has_started(std::size_t i) const { return marks[i] & kStarted; }
  bool started_or_reserved(std::size_t i) const { return marks[i] & (kStarted | kReserved); }
  // Why job i waits, for SchedulerInput::explain (IterationResult::waiting); the last word counts.
  void explain_wait(std::size_t i, std::string why) { notes[i] = std::move(why); }

  // Whether running jobs leave a task of this shape room on node n now (nodes without are not
  // asked further: reservations only take more).
  bool room_now(std::size_t n, const Resources& per_task) const {
    return free_now[n] >= per_task.procs && free_now[n] > 0;
  }
  // Whether nodes with the same calendar, one after the other, can be placed as a run
  // (take_front_of_runs): their allocation keys grow with the index.
  bool orders_by_runs() const {
    return settings.allocation == NodeAllocation::FirstAvailable || settings.allocation == NodeAllocation::MinResource;
  }
  // A node a job may take, with its place in the placement order (runtime/engine/placement_order.h):
  // reservation affinity first, then what the caller ranks by, then NODEALLOCATIONPOLICY.
  PlacementKey placement_key(std::size_t node, int affinity, std::int64_t first, std::int64_t second) const {
    const auto alloc = settings.allocation_key(snap.nodes, free_now, node);
    return {affinity, first, second, alloc[0], alloc[1], alloc[2]};
  }
  // The partitions open to job i, in the order it tries them (runtime/engine/partitions.h).
  const std::vector<std::uint32_t>& open_partitions(std::size_t i) {
    partitions->open_to(*in.dir, snap.jobs[i], lists.open_partitions);
    return lists.open_partitions;
  }
  // Whether job i may run on some nodes only (runtime/engine/node_fit.h): some node runs only
  // some classes, or the job asks for features, generic resources or a reservation of the RM.
  // Else every question below is skipped.
  bool confined(std::size_t i) const {
    const Job& job = snap.jobs[i];
    return nodes_confine_classes || !job.features.empty() || !job.gres_per_node.empty() || !job.reservation.empty();
  }
  // Whether job i may run on node n at all (its class and features).
  bool admits(std::size_t n, std::size_t i) const { return !confined(i) || runs_on(snap.jobs[i], snap.nodes[n]); }
  // The same for a start now: also the generic resources the jobs running there (and those
  // started this iteration) leave free.
  bool admits_now(std::size_t n, std::size_t i) const {
    if (!admits(n, i)) return false;
    if (gres_used.empty()) return true;
    const auto& node_gres = snap.nodes[n].gres;
    for (const auto& [name, count] : snap.jobs[i].gres_per_node) {
      const auto used = gres_used[n].find(name);
      const auto total = node_gres.find(name);
      if (count > 0 && used != gres_used[n].end() &&
          (total == node_gres.end() ? 0 : total->second) - used->second < count)
        return false;
    }
    return true;
  }
  // Books job i's generic resources on its nodes (a start of this iteration, or a running job).
  void use_gres(std::size_t i, std::span<const std::string> node_names);
  void use_gres(std::size_t i, std::span<const NodeTasks> nodes);
  // The nodes of `nodes` job i may run on: `nodes` itself when the job is not confined, else a
  // filtered copy, valid until the next call.
  std::span<const std::size_t> nodes_for(std::size_t i, std::span<const std::size_t> nodes) {
    if (!confined(i)) return nodes;
    lists.job_nodes.clear();
    for (std::size_t n : nodes)
      if (runs_on(snap.jobs[i], snap.nodes[n])) lists.job_nodes.push_back(n);
    return lists.job_nodes;
  }
  // The procs of node n that a job could ever get: the usable ones, or all of a node that may
  // come back (SchedulerInput::nodes_may_return).
  std::int64_t capacity_for_ever(std::size_t n) const {
    return in.nodes_may_return ? snap.nodes[n].procs : calendar.usable_procs(n);
  }
  // The procs free now (computed once until the next start).
  std::int64_t free_procs_now() {
    if (!free_total)
      free_total = std::accumulate(
          free_nodes.begin(), free_nodes.end(), std::int64_t{0},
          [&](std::int64_t sum, std::size_t n) { return sum + std::max<std::int64_t>(free_now[n], 0); });
    return *free_total;
  }
  std::span<const NodeTasks> nodes_of(const RunningJob& r) const {
    return std::span(layer.nodes).subspan(r.first, r.count);
  }

  static inline const FairshareStanding no_fairshare{};

  const SchedulerInput& in;
  const ClusterSnapshot& snap;
  const ir::Policy& policy;
  IterationResult& out;
  SchedulerSettings settings;
  ClusterTotals totals;
  ResourceCalendar own_calendar;  // without a workspace
  ResourceCalendar& calendar;
  ReservationTable table;
  IterationLists own_lists;  // without a workspace
  IterationLists& lists;
  PriorityCalculator calc;
  JobFacts facts;
  std::optional<IterationLimits> limits;
  std::vector<JobCredentialIds>& ids = lists.ids;
  std::vector<std::uint8_t>& marks = lists.marks;
  std::vector<std::size_t>& hard_list = lists.hard_list;  // HARD-eligible jobs in priority order
  std::vector<std::size_t>& position = lists.position;    // job index -> position in hard_list
  std::size_t first_waiting = 0;                          // in hard_list: no job before it still waits (job_starts.cc)
  std::vector<std::int64_t>& bypass_diff = lists.bypass_diff;  // bypass counts, as differences by position
  std::vector<std::int64_t>& free_now = lists.free_now;        // procs free now per node, running jobs only
  std::vector<std::size_t>& free_nodes = lists.free_nodes;     // nodes free now (book_reservations)
  std::optional<std::int64_t> free_total;                      // free_procs_now(), until a start
  std::int64_t usable_procs = 0;                               // procs of the usable nodes (book_reservations)
  std::int64_t configured_procs = 0;                           // procs of every node (SchedulerInput::nodes_may_return)
  bool nodes_out_now = false;                                  // nodes that may return take no work now
  std::unordered_map<std::size_t, std::string> notes;          // explain_wait's
  std::vector<LimitViolation>& scratch = lists.scratch;        // the violations limits_allow found
  RunningLayer& layer = lists.running;
  bool keeps_base = false;  // the running jobs stay the calendar's base for the next iteration
  bool carried = false;     // the calendar went back to the base the last iteration left
  // What jobs running inside a reservation are charged to it so far, per node (book_job).
  std::map<std::pair<std::size_t, ReservationId>, Resources> charged;
  std::vector<std::size_t>& all_nodes = lists.all_nodes;
  NowCapacity& now_capacity = lists.now_capacity;
  bool any_shared_reservation = false;  // some standing or administrative reservation is booked
  bool partitioned = false;             // jobs are confined to partitions (runtime/engine/partitions.h)
  bool nodes_confine_classes = false;   // some node runs only some classes (runtime/engine/node_fit.h)
  // Per node, the generic resources running and started jobs use; empty when no job asks any.
  std::vector<std::map<std::string, std::int64_t>> gres_used;
  bool preempting = false;                      // starting SchedulerInput::start_first
  const PartitionLayout* partitions = nullptr;  // when partitioned
};

// Prioritises the queue and selects the eligible jobs (the HARD and SOFT lists,
// runtime/engine/eligibility.h) into out.queue; numbers the jobs' credentials and positions.
void evaluate_queue(State& s);

}  // namespace iteration
}  // namespace maui::runtime
