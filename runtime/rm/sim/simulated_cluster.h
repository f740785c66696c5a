// The simulated resource manager: the RM interface (runtime/rm/rm.h) on a virtual clock, over
// the nodes of simulated_nodes.h and the jobs users submit from a trace (or a snapshot's jobs, for
// `mauirun schedule`). Apart from the simulation loop (simulator.h) because it is what the
// scheduling cycle talks to, exactly as it talks to Slurm's adapter, and tests drive it alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/engine/calendar.h"
#include "runtime/engine/model.h"
#include "runtime/io/swf.h"
#include "runtime/rm/rm.h"
#include "runtime/rm/sim/sim_metrics.h"

namespace maui::runtime {

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
  void reserve_jobs(std::size_t jobs);
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
  Job* job_at(std::size_t position);                                    // null: completed and gone from the snapshot
  Job* find_job(const std::string& id);
  void drop_completed();  // completed jobs leave the snapshot
  // Adds (sign 1) or returns (sign -1) what a running job takes on its nodes.
  void charge_nodes(const Job& job, std::int64_t sign);

  ClusterSnapshot state_;
  Epoch origin_;
  std::vector<JobOutcome> outcomes_;                       // by trace position
  std::unordered_map<std::string, std::size_t> position_;  // job id -> outcome position
  std::vector<Seconds> run_;                               // by outcome position: how long it runs
  // The outcome position of each job in state_.jobs: increasing, as jobs enter at the end and
  // leave in place, so a job is found by binary search and nothing is renumbered when one leaves.
  std::vector<std::size_t> submitted_;
  std::vector<std::pair<Epoch, std::size_t>> ends_;  // min-heap of (end, outcome position)
  std::size_t completed_ = 0;                        // completed jobs still in state_.jobs
  std::size_t unreported_ = 0;                       // submissions the next wait reports
  bool next_end_checked_ = false;                    // ends_'s front is a live end
  std::vector<Resources> in_use_;                    // by node: what running jobs take
};

// A trace job's outcome before it runs: its number, request and credentials. The simulated RM
// fills in the rest as it runs the job; a job the simulation does not replay keeps only these.
JobOutcome outcome_of(const TraceJob& job);

}  // namespace maui::runtime
