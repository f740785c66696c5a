// The JSON forms of the engine's explanations (public contracts of `mauirun ... --format json`,
// documented in docs/jobs-json.md): priorities, fairshare state, eligibility. Deterministic:
// the same input gives the same bytes. Views: `diagnose -p` and `-f` print the JSON of
// `mauirun priority` and `fairshare`, on one line; the report of a simulator run is
// runtime/report/simulation_summary.h.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "llvm/Support/JSON.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/model.h"

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

}  // namespace maui::runtime
