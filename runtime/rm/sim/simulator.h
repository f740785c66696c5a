// The trace-driven simulator: the default resource manager. It replays an SWF trace on a
// virtual clock and runs the scheduling iteration (runtime/engine/scheduler.h) after every second in
// which something happened, all events of that second applied first (submissions, job ends,
// reservation boundaries). Fully deterministic: the same policy, trace and nodes give the same
// schedule, job by job.
//
// Conventions (docs/simulator.md, docs/reference/traces.md): a job runs min(run time, requested
// time); SWF user / group / queue become u<N> / g<N> / class q<N>; times in the outcome are the
// trace's own seconds; fairshare usage accrues as jobs run (FSPOLICY); queue time accrues by
// JOBPRIOACCRUALPOLICY.
//
// Three files, one job each: the cluster's nodes from NODECFG (simulated_nodes.h), the simulated
// RM on its virtual clock (simulated_cluster.h), and this one, the simulation loop that submits
// the trace's jobs to that RM and lets the scheduling cycle decide. A replay needs all three, so
// this header brings in the other two.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "runtime/engine/reservations.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/sim_metrics.h"
#include "runtime/rm/sim/simulated_cluster.h"
#include "runtime/rm/sim/simulated_nodes.h"
#include "schemas/problem.h"

namespace maui::runtime {

// How the simulation reports progress on long runs (jobs finished so far, of all).
using Progress = std::function<void(std::int64_t done, std::int64_t total, Epoch trace_time)>;

// A run of a job as the simulated RM carried it out: a start (its nodes and the tasks on each) or
// a requeue (it stops there). Times are the trace's seconds.
struct RunEvent {
  enum class Kind { Start, Requeue } kind = Kind::Start;
  std::int64_t job = 0;  // the trace's job number
  Epoch at = 0;
  std::span<const std::string> nodes;  // a start's
  std::span<const std::int64_t> tasks;
};
using RunObserver = std::function<void(const RunEvent&)>;

// What the scheduler saw and kept after an iteration that ran, for an observer that draws the
// run over time (runtime/report/): the cluster as the iteration left it, the reservations it
// holds (standing, administrative and job reservations), and the fairshare windows. `at` is in
// the trace's seconds; the cluster's clock and the reservations are epochs (origin + trace
// seconds). Read only: the observer cannot change the run.
struct IterationView {
  Epoch at = 0;
  Epoch origin = 0;
  const ClusterSnapshot& cluster;
  const std::vector<Reservation>& reservations;
  const FairshareHistory& fairshare;
};
using IterationObserver = std::function<void(const IterationView&)>;

class SchedulingCycle;  // runtime/cycle/scheduling_cycle.h

// The simulation stopped at a moment (SimulationOptions::stop_at): its cluster and scheduling
// cycle as they are then, to look at (`mauirun simulate --stop-at SECOND --show VIEW`).
using StopObserver = std::function<void(SchedulingCycle& cycle, SimulatedCluster& cluster)>;

struct SimulationOptions {
  std::span<const AdminReservation> admin_reservations;
  Progress progress;                // may be empty
  std::int64_t progress_every = 0;  // call progress every this many finished jobs (0 = never)
  // An iteration in which no waiting job fits in the free procs starts nothing and is skipped
  // (fairshare and queue-time accrual still follow it). false runs every one: slower, and the
  // same schedule, which a test checks.
  bool skip_futile_iterations = true;
  RunObserver on_run;              // may be empty: told of every start and requeue, in order
  IterationObserver on_iteration;  // may be empty: told after every iteration that ran
  // EASY on identical one-proc nodes runs without the resource calendar where it applies
  // (runtime/engine/easy_fast_path.h). false runs the general iteration throughout: slower, and the
  // same schedule, which tests check.
  bool fast_path = true;
  // Stop at this time (epoch seconds) instead of running to the end: everything that happens
  // up to and including this second is done (its events, then its iteration), the clock moves
  // to it, and `at_stop` sees the cluster and the cycle. Jobs not started by then are reported
  // as waiting at the stop time. None: run to the end.
  std::optional<Epoch> stop_at;
  StopObserver at_stop;  // may be empty
};

struct SimulationResult {
  std::vector<JobOutcome> jobs;  // in trace order
  ScheduleMetrics metrics;
  std::int64_t iterations = 0;
  std::int64_t fast_path_iterations = 0;  // of them, those the EASY fast path decided
  std::vector<Problem> warnings;          // sorted, each once; at the config line they concern
};

// A job with a time or processor count beyond schemas/ir.h's bounds (which read_swf refuses,
// but a trace built in code may hold) is not replayed: its outcome says so.
SimulationResult simulate(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
                          const SimulationOptions& options = {});

}  // namespace maui::runtime
