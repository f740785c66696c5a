// Gathers what the HTML report shows of one simulated run (report_data.h): attached to the
// simulation's observers (SimulationOptions::on_run, on_iteration), it keeps where each job ran,
// the reservations the scheduler held, and samples of the fairshare standing and of the queue's
// priorities; the time series and distributions come from the result at the end. It only
// watches: the run is the one `mauirun simulate` makes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/report/report_data.h"
#include "runtime/rm/sim/run_log.h"
#include "runtime/rm/sim/simulator.h"

namespace maui::runtime {

struct RecorderOptions {
  std::size_t bins = 2000;             // points of the utilization and queue series
  std::size_t fairshare_samples = 200;  // fairshare standings over the trace
  std::size_t priority_samples = 24;    // times at which the queue's priorities are kept
  std::size_t priority_rows = 20;       // jobs kept at each of them (the highest)
  std::size_t distribution_credentials = 12;  // per kind, those with the most jobs
};

class ReportRecorder {
 public:
  // `nodes`: the simulated cluster's, in its order (the Gantt's rows).
  ReportRecorder(const ir::Policy& policy, const std::vector<Node>& nodes, const Trace& trace,
                 RecorderOptions options = {});
  ReportRecorder(const ReportRecorder&) = delete;
  ReportRecorder& operator=(const ReportRecorder&) = delete;

  // Sets the observers (the recorder must outlive the simulation).
  void attach(SimulationOptions& options);
  // The run as the report shows it, from what was observed and the simulation's result.
  ReportSide side(std::string label, std::string config, const SimulationResult& result) const;

 private:
  void observe(const IterationView& view);
  void keep_reservations(const IterationView& view);
  void sample(const IterationView& view, bool priorities);
  std::vector<std::pair<std::int32_t, std::int32_t>> ranges(std::vector<std::int32_t> nodes) const;

  CredentialDirectory dir_;
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
  Epoch first_submit_ = 0;
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
