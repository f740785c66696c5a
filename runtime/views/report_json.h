// The JSON forms of the engine's explanations (public contracts of `mauirun ... --format json`,
// documented in docs/jobs-json.md): priorities, fairshare state, eligibility. Deterministic:
// the same input gives the same bytes.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "llvm/Support/JSON.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"
#include "runtime/rm/sim/sim_breakdown.h"
#include "runtime/rm/sim/simulator.h"
#include "schemas/problem.h"

namespace maui::runtime {

// {"jobs":[{"id","priority","state","components":{"cred":{...,"subcomponents":{...}}},...}]}
// `indent`: 2 for `mauirun priority`, 0 (one line) for diagnose -p (docs/views.md).
std::string priority_json(const ir::Policy& policy, std::span<const PriorityRow> rows, unsigned indent = 2);
// {"credentials":[{"type","name","usage_percent","target","mode",...}], ...}
std::string fairshare_json(const ir::Policy& policy, const FairshareStanding& standing, unsigned indent = 2);
// A fairshare target's mode as the fairshare JSON and the HTML report name it: "target",
// "floor", "ceiling", or "cap" for either kind of cap.
std::string_view fairshare_mode_name(ir::FairshareMode mode);
// One violated limit: {"family","level","limit","value","request","usage","source","set_at",
// "setting","message","credential","within"}.
llvm::json::Value limit_violation_json(const LimitViolation& v);
// {"eligible":N,"soft_eligible":M,"jobs":[{"id","priority","eligible","soft_eligible","reasons":[...]}]}
std::string eligibility_json(const ClusterSnapshot& snapshot, const EligibilityReport& report);

// What `mauirun simulate --format json` prints (docs/simulator.md):
// {"version":1,"config","trace","notes":[...],"nodes","procs","jobs_read","trace_problems",
//  "iterations","metrics":{...},"warnings":[...]}, and with breakdowns (--by) "by":{"user":
//  [{"name",... the metrics...,"share"}],...}.
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
