// Replaying one trace under a policy, and two such replays put side by side: the runs that
// `mauirun compare`, `mauirun report` and `mauic diff --simulate` show. No I/O: the tools read
// the configs and the trace and print what comes out.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/report/comparison.h"
#include "runtime/rm/sim/simulator.h"

namespace maui::runtime {

struct PolicyRun {
  SimulationSummary summary;
  SimulationResult result;
  std::vector<Node> nodes;
};

// `policy` (compiled from `config`) replays `trace` on `cluster` (simulated_nodes; its
// assumptions become the summary's notes), as `mauirun simulate` does; the observers of `options`
// see the run.
PolicyRun replay(const ir::Policy& policy, const std::string& config, const Trace& trace, const std::string& trace_name,
                 SimulatedNodes cluster, const SimulationOptions& options);

// The two runs compared: per credential of each kind in `by` (their simulate tables too), and
// the `moved` jobs whose start moved most.
WhatIf what_if(PolicyRun old_run, PolicyRun new_run, std::span<const GroupBy> by, std::size_t moved = 10);

}  // namespace maui::runtime
