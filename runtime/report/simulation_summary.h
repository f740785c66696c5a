// The report of a simulator run (`mauirun simulate`; `mauirun compare` and `mauic diff
// --simulate` print one per side): what was replayed on which cluster, what the admin must know
// first, and the JSON of the run's metrics. A report of the simulator, so here beside the other
// run reports rather than in views/, whose client commands depend on the engine alone.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/engine/model.h"
#include "runtime/rm/sim/sim_breakdown.h"
#include "runtime/rm/sim/simulator.h"
#include "schemas/problem.h"

namespace maui::runtime {

// What `mauirun simulate --format json` prints (docs/simulator.md):
// {"version":1,"config","trace","notes":[...],"nodes","procs","jobs_read","trace_problems",
//  "iterations","metrics":{...},"warnings":[{problem}]}, and with breakdowns (--by) "by":{"user":
//  [{"name",... the metrics...,"share"}],...}; notes and warnings are schemas/problem_json.h's.
struct SimulationSummary {
  std::string config, trace;
  std::int64_t nodes = 0, procs = 0, trace_problems = 0;
  // What the admin must know before reading the results, each once (schemas/problem.h): what was
  // assumed about the cluster (notes at the config lines concerned), a trace mostly in error
  // (a warning). "notes" in JSON, the first lines of the text report.
  std::vector<Problem> notes;
};
// The summary of a replay of `trace` on `nodes`: with the cluster's assumptions (simulated_nodes)
// and, for a trace mostly in error, a warning first of all.
SimulationSummary summarize_run(std::string config, std::string trace_name, const Trace& trace,
                                std::span<const Node> nodes, std::vector<Problem> assumptions);
std::string simulation_json(const SimulationSummary& summary, const SimulationResult& result,
                            std::span<const Breakdown> breakdowns = {});

}  // namespace maui::runtime
