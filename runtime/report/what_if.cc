#include "runtime/report/what_if.h"

#include "runtime/engine/credentials.h"

namespace maui::runtime {

PolicyRun replay(const ir::Policy& policy, const std::string& config, const Trace& trace, const std::string& trace_name,
                 SimulatedNodes cluster, const SimulationOptions& options) {
  PolicyRun run;
  run.nodes = std::move(cluster.nodes);
  const CredentialDirectory dir(policy);
  run.result = simulate(dir, trace, run.nodes, options);
  run.summary = summarize_run(config, trace_name, trace, run.nodes, std::move(cluster.assumptions));
  return run;
}

WhatIf what_if(PolicyRun old_run, PolicyRun new_run, std::span<const GroupBy> by, std::size_t moved) {
  WhatIf w;
  w.old_summary = std::move(old_run.summary);
  w.new_summary = std::move(new_run.summary);
  w.old_run = std::move(old_run.result);
  w.new_run = std::move(new_run.result);
  for (GroupBy kind : by) {
    w.old_by.push_back({kind, metrics_by(w.old_run.jobs, kind, w.old_summary.procs)});
    w.new_by.push_back({kind, metrics_by(w.new_run.jobs, kind, w.new_summary.procs)});
  }
  w.comparison = compare_runs(w.old_run, w.old_summary.procs, w.new_run, w.new_summary.procs, by, moved);
  return w;
}

}  // namespace maui::runtime
