// Where and when each job ran: one row per run, built from the simulator's start and requeue
// events (SimulationOptions::on_run), for `mauirun simulate --runs-out` and for tests that check
// what happened node by node.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/rm/sim/sim_metrics.h"
#include "runtime/rm/sim/simulator.h"

namespace maui::runtime {

struct JobRun {
  std::int64_t job = 0;                                     // the trace's job number
  Epoch start = 0;                                          // trace seconds
  std::optional<Epoch> requeued;                            // none: the run went on to the job's end
  std::vector<std::pair<std::string, std::int64_t>> nodes;  // name, tasks
};

class RunLog {
 public:
  // Records a start as a new run; a requeue ends the job's open run (false: it has none).
  bool record(const RunEvent& e);
  // The job's latest run began at `at`, not when it was recorded (false: it has no run). A live
  // report opens a run when it asks Slurm for the start and learns Slurm's start time later.
  bool move_start(std::int64_t job, Epoch at);
  const std::vector<JobRun>& runs() const { return runs_; }
  // Forgets the runs `drop` says (a live report's window moving on).
  template <class Drop>
  void erase_if(Drop drop) {
    std::erase_if(runs_, drop);
  }

 private:
  std::vector<JobRun> runs_;  // in event order
};

// The header `job,start,end,how,nodes`, then one row per run in the order they started: end is
// the requeue time for a run that was requeued (how = requeued), else the job's end (how =
// ended); nodes lists `name:tasks` separated by spaces. `jobs` are the simulation's outcomes
// (for each job's end).
void write_runs_csv(std::ostream& out, const std::vector<JobRun>& runs, const std::vector<JobOutcome>& jobs);

}  // namespace maui::runtime
