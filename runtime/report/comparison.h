// What a policy change does to a workload: one trace replayed under the old and the new policy
// on the same cluster, compared per credential (who waits more, who waits less) and per job
// (whose start moved most). `mauirun compare` and `mauic diff --simulate` print it; the HTML
// report draws it. Pure: built from two simulation results.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/report/simulation_summary.h"
#include "runtime/rm/sim/sim_breakdown.h"
#include "runtime/rm/sim/simulator.h"

namespace maui::runtime {

// One credential under both policies; a side without the credential's jobs has none (a QOS
// that only one policy gives).
struct CredentialChange {
  std::string name;
  std::optional<GroupMetrics> old_side, new_side;
  // new - old average wait, seconds (a side without jobs counts 0).
  double wait_change() const;
  // Nothing that compare shows differs.
  bool unchanged() const;
};

struct KindChange {
  GroupBy by;
  // Largest change in average wait first (either way), then natural name order.
  std::vector<CredentialChange> credentials;
};

// A job whose start differs between the policies: `index` into both results' jobs (trace order).
struct MovedJob {
  std::size_t index = 0;
  std::optional<Epoch> old_start, new_start;  // trace seconds; none: never started under it
};

struct Comparison {
  std::vector<KindChange> kinds;
  // Jobs that started under one policy only first (by job number), then the largest moves
  // either way, then job number; at most the number asked for.
  std::vector<MovedJob> moved;
  std::int64_t jobs_moved = 0;  // all jobs whose start differs
};

// `old_run` and `new_run` replayed the same trace (their jobs are the same, in the same order).
Comparison compare_runs(const SimulationResult& old_run, std::int64_t old_procs, const SimulationResult& new_run,
                        std::int64_t new_procs, std::span<const GroupBy> kinds, std::size_t moved = 10);

// Everything `mauirun compare` shows: both runs as `mauirun simulate` reports them, and the
// comparison.
struct WhatIf {
  SimulationSummary old_summary, new_summary;
  SimulationResult old_run, new_run;
  std::vector<Breakdown> old_by, new_by;  // --by, as simulate prints them
  Comparison comparison;
};

// Text for a terminal: both sides of every simulate metric and the change, per credential plain
// verdicts (`user u12: average wait 1:10:00 → 3:45:00 (+220 %)`) sorted by the change and a
// table, and the jobs whose start moved most. `limit`: verdicts and table rows per kind (0: all).
std::string comparison_text(const WhatIf& w, std::size_t limit = 20);
// {"version":1,"old":{...simulate's JSON...},"new":{...},"by":{"user":[{"name","old":{...},
//  "new":{...},"change":{...}}]},"moved":[...],"jobs_moved":N}
std::string comparison_json(const WhatIf& w);
// id,submit,procs,user,group,account,class,old_qos,new_qos,old_start,new_start,old_wait,new_wait,moved
std::string comparison_jobs_csv(const WhatIf& w);

}  // namespace maui::runtime
