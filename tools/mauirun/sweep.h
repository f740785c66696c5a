// mauirun sweep's parts that touch the outside world (runtime/sweep/ is the pure rest): the
// candidates compiled and checked, each replayed on a thread, and the Slurm job array that
// replays them on the site's cluster instead (sweep_array.cc).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parser/lower.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/sim_breakdown.h"
#include "runtime/sweep/sweep_ranking.h"
#include "tools/mauirun/commands.h"

namespace maui::tools {

// The sweep's candidates, each compiled: BASE with its settings appended.
struct SweepPlan {
  std::string base_text;
  std::vector<runtime::Candidate> candidates;
  std::vector<std::unique_ptr<Compilation>> configs;  // configs[k] is candidates[k]'s
  std::unique_ptr<Compilation> base;
};

// Null when a --vary is malformed, BASE cannot be read or has errors, or a candidate's setting is
// one Maui would not take (an unknown parameter or attribute, a value it ignores): all of it said
// on standard error, each candidate's problem at its line.
std::unique_ptr<SweepPlan> plan_sweep(const SweepOptions& o);

// simulate's JSON for one config on the trace (--format json --by o.by): what the array's
// tasks print. An error instead when the config gives no cluster.
runtime::SweepRun replay(const Compilation& config, const std::string& config_name, const runtime::Trace& trace,
                         const std::string& trace_name, const SweepOptions& o);

// The ranking as --format asks, and the HTML report when --html names one; kRunInputError when
// an output cannot be written, kRunFindings when a candidate failed, else kRunOk.
int print_sweep(const runtime::SweepRanking& ranking, const SweepOptions& o);

// A whole file's text; nullopt when it cannot be read.
std::optional<std::string> read_text(const std::string& path);

// --slurm-array DIR: the candidates' configs, the manifest and the scripts written there.
int write_sweep_array(const SweepPlan& plan, const SweepOptions& o);
// --merge DIR: the array's results ranked as the local sweep ranks them.
int merge_sweep(const SweepOptions& o);

}  // namespace maui::tools
