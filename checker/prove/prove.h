// `mauic check`: every property of the policy, proved with Z3 over symbolic jobs and the
// 168-hour week, each witness replayed through the runtime's evaluators (runtime/engine/limits.h,
// acl.h, priority.h, standing_reservations.h) before it is reported.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "checker/prove/result.h"
#include "checker/prove/world.h"
#include "parser/lower.h"

namespace maui::prove {

struct Options {
  unsigned timeout_ms = 10000;       // per solver query; 0 = none
  std::string smtlib_dir;            // --print-smtlib: write every query there
  std::string assertions_file;       // --assert: admin statements about priority (docs/check.md)
  bool representative_rows = false;  // coverage rows for OTHER too (diff)
  std::string cluster_name;          // where the nodes given to check_policy come from ("cluster.json")
};

// One row of the coverage table: where a credential can run over the week.
struct CoverageRow {
  ir::Credential credential;
  bool representative = false;  // OTHER: every credential of the kind the config does not name
  std::int64_t node_hours = 0;  // per week
  // Distinct node sets reachable and the hours each is the reachable set.
  std::vector<std::pair<std::vector<std::string>, WeekHours>> reach;
  WeekHours nothing;  // hours with no reachable node
  // The reserved nodes it reaches (held by a reservation that admits it) and when: its
  // guaranteed access, a subset of `reach`.
  std::vector<std::pair<std::vector<std::string>, WeekHours>> reserved;
  std::string text;  // "class interactive: Mon–Fri 10:00–15:00 on node001–node002; otherwise general nodes only"
};

struct Timing {
  std::string property;
  double milliseconds = 0;
};

struct Report {
  std::vector<Result> results;
  std::vector<CoverageRow> coverage;
  std::vector<Timing> timings;
  std::vector<std::string> internal_errors;
  std::vector<std::string> input_errors;    // e.g. the assertions file does not parse (located)
  std::vector<std::string> input_warnings;  // e.g. an assertion names a user the config does not
};

// Runs every property on a compiled config (which must be loaded). `cluster`: the cluster's
// nodes (--cluster JOBS.json, a live resource manager), the only ones the properties then use;
// empty: the config's NODECFG nodes, and without those the properties that need nodes are
// UNKNOWN.
Report check_policy(const Compilation& unit, const Options& options, std::span<const runtime::Node> cluster = {});
// Registers the --assert file with the unit's sources, so that results on its lines are shown
// with the line and a caret like config lines. Does nothing when there is none or it is unreadable.
void attach_assertions(Compilation& unit, const Options& options);
// Only the reservation coverage (property c) with its table, OTHER rows included: `mauic diff`.
Report coverage_only(const Compilation& unit, const Options& options);

}  // namespace maui::prove
