// Gathers what the HTML report shows of one run (report_data.h): attached to a simulation's
// observers (SimulationOptions::on_run, on_iteration), or fed by the daemon's live report
// (live_report.h) with the same events, it keeps where each job ran, the reservations the
// scheduler held, and samples of the fairshare standing and of the queue's priorities; the time
// series and distributions come from the jobs' outcomes at the end. It only watches: the run is
// the one `mauirun simulate` (or `mauirun serve`) makes.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/report/report_data.h"
#include "runtime/rm/sim/run_log.h"
#include "runtime/rm/sim/simulator.h"

namespace maui::runtime {

struct RecorderOptions {
  std::size_t bins = 2000;                    // points of the utilization and queue series
  std::size_t fairshare_samples = 200;        // fairshare standings over the trace
  std::size_t priority_samples = 24;          // times at which the queue's priorities are kept
  std::size_t priority_rows = 20;             // jobs kept at each of them (the highest)
  std::size_t distribution_credentials = 12;  // per kind, those with the most jobs
};

class ReportRecorder {
 public:
  // `nodes`: the simulated cluster's, in its order (the Gantt's rows).
  ReportRecorder(const ir::Policy& policy, const std::vector<Node>& nodes, const Trace& trace,
                 RecorderOptions options = {});
  // A run with no end known in advance (the daemon): samples every `sample_step` seconds from
  // `first` (the run's seconds). The recorder keeps a reference to `policy` (set_policy changes it).
  ReportRecorder(const ir::Policy& policy, const std::vector<Node>& nodes, Epoch first, Seconds sample_step,
                 RecorderOptions options = {});
  ReportRecorder(const ReportRecorder&) = delete;
  ReportRecorder& operator=(const ReportRecorder&) = delete;

  // Sets the observers (the recorder must outlive the simulation).
  void attach(SimulationOptions& options);
  // The run as the report shows it, from what was observed and the simulation's result.
  ReportSide side(std::string label, std::string config, const SimulationResult& result) const;

  // What attach() passes on: a start or requeue, and an iteration that ran.
  void record_run(const RunEvent& e) { runs_.record(e); }
  void move_run_start(std::int64_t job, Epoch at) { runs_.move_start(job, at); }
  void observe(const IterationView& view);
  // A reloaded policy: the standings and priorities sampled from now on are its.
  void set_policy(const ir::Policy& policy);
  // Drops what ended before `at` (the run's seconds) and the runs of the jobs `gone` (a daemon
  // that runs for months keeps a window, not its whole history).
  void forget_before(Epoch at, const std::unordered_set<std::int64_t>& gone);

 private:
  void keep_reservations(const IterationView& view);
  std::int32_t node_row(const std::string& name);
  void sample(const IterationView& view, bool priorities);
  std::vector<std::pair<std::int32_t, std::int32_t>> ranges(std::vector<std::int32_t> nodes) const;

  std::unique_ptr<CredentialDirectory> dir_;
  RecorderOptions options_;
  std::vector<std::string> node_names_;
  std::unordered_map<std::string, std::int32_t> node_index_;
  RunLog runs_;
  // Standing and administrative reservation instances by (kind, name, start): their end and
  // nodes as last seen (a floating one may move).
  struct Instance {
    Epoch end = 0;
    std::vector<std::int32_t> nodes;
  };
  std::map<std::tuple<int, std::string, Epoch>, Instance> instances_;
  // A job's reservation: when it was first held, and the start and nodes last planned.
  struct Held {
    Epoch first = 0, planned = 0;
    std::vector<std::int32_t> nodes;
  };
  std::map<std::string, Held> held_;
  Epoch origin_ = 0;
  Seconds sample_step_ = 1;
  Epoch next_sample_ = 0;
  std::size_t samples_ = 0;
  std::size_t priority_every_ = 1;  // every this many fairshare samples, a priority sample
  bool priority_due_ = false;
  std::vector<Epoch> fairshare_times_;
  std::map<std::string, FairshareLine> fairshare_;  // by credential
  std::vector<PrioritySample> priorities_;
};

}  // namespace maui::runtime
