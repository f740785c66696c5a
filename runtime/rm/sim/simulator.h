// The trace-driven simulator: the default resource manager. It replays an SWF trace on a
// virtual clock and runs the scheduling iteration (runtime/engine/scheduler.h) after every second in
// which something happened, all events of that second applied first (submissions, job ends,
// reservation boundaries). Fully deterministic: the same policy, trace and nodes give the same
// schedule, job by job.
//
// Conventions (docs/simulator.md, shared/traces/README.md): a job runs min(run time, requested
// time); SWF user / group / queue become u<N> / g<N> / class q<N>; times in the outcome are the
// trace's own seconds; fairshare usage accrues as jobs run (FSPOLICY); queue time accrues by
// JOBPRIOACCRUALPOLICY.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "runtime/engine/reservations.h"
#include "runtime/rm/rm.h"
#include "runtime/rm/sim/sim_metrics.h"
#include "runtime/io/swf.h"
#include "schemas/problem.h"

namespace maui::runtime {

// The nodes of a simulated cluster (docs/simulator.md, "The cluster"): the config's NODECFG nodes
// (each named node, with its procs, memory, features, partition and MAXJOB, NODECFG[DEFAULT]
// filling what a node leaves out), or, when count > 0, `count` identical nodes node001 ... in
// their place. A node whose procs neither it nor NODECFG[DEFAULT] states (RESOURCES=PROCS:n) has
// procs_per_node procs, 1 when that is not given (what Maui assumes of a node its resource
// manager reports none for).
struct NodeSource {
  std::int64_t count = 0;           // --nodes N; 0: the config's nodes
  std::int64_t procs_per_node = 0;  // --procs-per-node P; 0: not given
};
struct SimulatedNodes {
  std::vector<Node> nodes;
  // What was assumed about the cluster and why, each said once and located at the config line it
  // concerns (severity note): procs given to nodes that state none, the config's nodes replaced
  // by --nodes, a --procs-per-node no node needs. Empty when the config and the command line
  // say everything.
  std::vector<Problem> assumptions;
  std::string error;  // why there is no node at all
};
SimulatedNodes simulated_nodes(const ir::Policy& policy, const NodeSource& source);

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
class SimulatedCluster;

// The simulation stopped at a moment (SimulationOptions::stop_at): its cluster and scheduling
// cycle as they are then, to look at (`mauirun simulate --stop-at SECOND --show VIEW`).
using StopObserver = std::function<void(SchedulingCycle& cycle, SimulatedCluster& cluster)>;

struct SimulationOptions {
  std::span<const AdminReservation> admin_reservations;
  Progress progress;               // may be empty
  std::int64_t progress_every = 0;  // call progress every this many finished jobs (0 = never)
  // An iteration in which no waiting job fits in the free procs starts nothing and is skipped
  // (fairshare and queue-time accrual still follow it). false runs every one: slower, and the
  // same schedule, which a test checks.
  bool skip_futile_iterations = true;
  RunObserver on_run;  // may be empty: told of every start and requeue, in order
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
  std::vector<std::string> warnings;  // sorted, each once
};

// The simulated cluster as a resource manager: what the scheduler sees and what it may ask.
// Like a real RM it refuses a start it cannot carry out: an unknown node, a task count other
// than the job's, or more than a node has free (procs, memory, swap, disk, over the jobs it
// runs). A scheduler that over-allocates is then seen at once ("simulator refused a start").
// Its snapshot is its own state, kept between iterations; its nodes never change.
class SimulatedCluster final : public ResourceManager {
 public:
  SimulatedCluster(std::vector<Node> nodes, Epoch origin);
  // The cluster a snapshot shows (mauirun schedule), its times the snapshot's own (origin 0):
  // its nodes, and its jobs as they are. A running, starting or suspended job holds what it runs
  // on (the tasks on each node as listed, else spread as the engine spreads them) and a running
  // one ends at its end_time, else when its walltime is up; completed jobs stay completed.
  explicit SimulatedCluster(ClusterSnapshot snapshot);

  std::string name() const override { return "simulator"; }
  RmCapabilities capabilities() const override;
  // Moves the clock to min(deadline, the next job end) and reports the jobs submitted since the
  // last wait and those that end by then.
  Epoch wait(Epoch deadline, std::vector<RmEvent>& events) override;
  RmStatus refresh() override { return {}; }
  ClusterSnapshot& cluster() override { return state_; }
  RmStatus start_job(StartRequest&& request) override;
  // The same, the lists as a test writes them.
  RmStatus start_job(const std::string& id, std::vector<std::string> nodes, std::vector<std::int64_t> tasks);
  RmStatus hold_job(const std::string& id, const std::string& reason) override;
  RmStatus release_job(const std::string& id) override;
  RmStatus cancel_job(const std::string& id, const std::string& reason) override;
  RmStatus requeue_job(const std::string& id) override;
  RmStatus set_priority(const std::string& id, std::int64_t priority) override;

  // The simulation's own controls.
  ClusterSnapshot& state() { return state_; }
  const ClusterSnapshot& state() const { return state_; }
  Epoch origin() const { return origin_; }  // epoch of trace second 0
  // A user submits a trace job (its submit time is the trace's); the next wait reports it.
  void submit(const TraceJob& job);
  // Room for this many submissions, so that the per-job tables do not grow one by one.
  void expect(std::size_t jobs);
  // When the next running job ends (kEndOfTime: none runs).
  Epoch next_end();
  // Ends every job whose run is over by now; returns how many ended (Ended events for them when
  // `events` is given). Completed jobs stay in the snapshot, state Completed with their end
  // time, until forget_completed() (the cycle charges a job's usage up to its end first).
  std::size_t finish_due(std::vector<RmEvent>* events = nullptr);
  // Completed jobs leave the snapshot, once they are half of it.
  void forget_completed();
  std::vector<JobOutcome>& outcomes() { return outcomes_; }  // in submission order
  JobOutcome& outcome(const std::string& id);

 private:
  std::optional<std::size_t> position_of(const std::string& id) const;  // in outcomes_
  Job* job_at(std::size_t position);  // null: completed and gone from the snapshot
  Job* find(const std::string& id);
  void drop_completed();  // completed jobs leave the snapshot
  // Adds (sign 1) or returns (sign -1) what a running job takes on its nodes.
  void charge(const Job& job, std::int64_t sign);

  ClusterSnapshot state_;
  Epoch origin_;
  std::vector<JobOutcome> outcomes_;                       // by trace position
  std::unordered_map<std::string, std::size_t> position_;  // job id -> outcome position
  std::vector<Seconds> run_;                               // by outcome position: how long it runs
  // The outcome position of each job in state_.jobs: increasing, as jobs enter at the end and
  // leave in place, so a job is found by binary search and nothing is renumbered when one leaves.
  std::vector<std::size_t> submitted_;
  std::vector<std::pair<Epoch, std::size_t>> ends_;       // min-heap of (end, outcome position)
  std::size_t completed_ = 0;                              // completed jobs still in state_.jobs
  std::size_t unreported_ = 0;                             // submissions the next wait reports
  bool next_end_checked_ = false;                          // ends_'s front is a live end
  std::vector<Resources> in_use_;                          // by node: what running jobs take
};

// A job with a time or processor count beyond schemas/ir.h's bounds (which read_swf refuses,
// but a trace built in code may hold) is not replayed: its outcome says so.
SimulationResult simulate(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
                          const SimulationOptions& options = {});

}  // namespace maui::runtime
