// Explanations as text: the priority table (like `diagnose -p` / `sprio`), one job's priority
// breakdown, the fairshare state (like `diagnose -f` / `sshare`), and every reason a job is not
// eligible. Pure functions from engine results to strings; the CLI prints them and the JSON
// renderers (runtime/views/explanation_json.h) use the same reason texts.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "runtime/engine/eligibility.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/limits.h"
#include "runtime/engine/model.h"
#include "runtime/engine/priority.h"

namespace maui::runtime {

// "t.cfg:3", or "built-in default".
std::string where(const ir::Provenance& p);
// Where a violated limit was set: "USERCFG[DEFAULT] MAXJOB=2,8 at t.cfg:2",
// "QOSCFG[hiprio] OMAXNODE at t.cfg:5", "SYSTEMMAXPROCPERJOB at t.cfg:1".
std::string limit_origin(const LimitViolation& v);
// "violates fairshare cap 1000^ of user john (usage 900, request 101 proc-seconds)"
std::string describe(const FairshareCapViolation& v);
// Every reason a queued job is not eligible, one sentence each, in a fixed order: state, holds,
// dependencies, negative priority, fairshare caps, limits (with where each limit was set).
std::vector<std::string> obstacles(const JobEligibility& e);

struct PriorityRow {
  const Job* job;
  PriorityBreakdown breakdown;
};
// The table of `diagnose -p`: a Weights line, one line per job with each component's percent
// of the priority and its subcomponents' unweighted values, and the Percent Contribution line.
// Only components and subcomponents with a non-zero weight are shown.
std::string render_priority_table(const ir::Policy& policy, std::span<const PriorityRow> rows);
// Everything about one job's priority: each component and subcomponent with its value, weight,
// cap, contribution and percent of the total.
std::string render_priority_breakdown(const ir::Policy& policy, const PriorityRow& row);

// The fairshare state of `diagnose -f`: settings, per-window totals and weights, and per
// credential the decayed usage %, the target with its marker and the usage in each window.
std::string render_fairshare(const ir::Policy& policy, const FairshareStanding& standing);
// "50.00", "10.00+", "25.00-", "1000.00^", "50.00%"
std::string target_text(const ir::FairshareTarget& t);

// Eligible jobs (soft / hard) and, for each blocked job, every reason.
std::string render_eligibility(const ClusterSnapshot& snapshot, const EligibilityReport& report);

}  // namespace maui::runtime
