// mauirun compare: one trace under the old and the new policy on the same cluster, and who
// waits more and who less (runtime/report/comparison.h); --html draws both runs side by side.
#include <memory>

#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#include "runtime/report/report_html.h"
#include "runtime/report/report_recorder.h"
#include "runtime/report/what_if.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/output_file.h"
#include "tools/mauirun/policy_coverage.h"
#include "tools/replay_inputs.h"

namespace maui::tools {

int compare_command(const CompareOptions& o) {
  auto old_config = load_run_config(o.old_config, "mauirun");
  auto new_config = load_run_config(o.new_config, "mauirun");
  if (!old_config || !new_config) return kRunInputError;
  auto trace = load_workload(o.trace, {}, "mauirun");
  if (!trace) return kRunInputError;

  // Each side on the same --nodes, or on its own NODECFG nodes (what `mauirun simulate` does).
  struct Side {
    const Compilation& config;
    const std::string& path;
    std::vector<runtime::Node> nodes;
    std::unique_ptr<runtime::ReportRecorder> recorder;
  };
  Side sides[2] = {{*old_config, o.old_config, {}, nullptr}, {*new_config, o.new_config, {}, nullptr}};
  runtime::PolicyRun runs[2];
  for (int k = 0; k < 2; ++k) {
    Side& side = sides[k];
    auto cluster = runtime::simulated_nodes(side.config.policy, {o.nodes, o.procs_per_node});
    if (cluster.nodes.empty()) {
      llvm::errs() << "mauirun: " << side.path << ": " << cluster.error->message << "\n";
      return kRunInputError;
    }
    for (const auto& a : cluster.assumptions) llvm::errs() << to_text(a) << "\n";
    side.nodes = cluster.nodes;  // the recorder's
    runtime::SimulationOptions options;
    ProgressBar bar(o.progress, k == 0 ? "mauirun compare (old)" : "mauirun compare (new)");
    report_progress_to(bar, options, trace->jobs.size());
    if (!o.html.empty()) {
      side.recorder = std::make_unique<runtime::ReportRecorder>(side.config.policy, side.nodes, *trace);
      side.recorder->attach(options);
    }
    runs[k] = runtime::replay(side.config.policy, side.path, *trace, o.trace, std::move(cluster), options);
  }
  runtime::WhatIf w = runtime::what_if(std::move(runs[0]), std::move(runs[1]), o.by);

  if (!o.jobs_out.empty() && !write_output_file(o.jobs_out, runtime::comparison_jobs_csv(w))) return kRunInputError;
  if (!o.html.empty()) {
    runtime::ReportData data;
    data.title = fmt::format("{} → {} on {}", o.old_config, o.new_config, o.trace);
    data.trace = o.trace;
    data.origin = trace->unix_start_time.value_or(0);
    data.utc_offset = trace->time_zone.value_or(0);
    data.sides.push_back(sides[0].recorder->side("old: " + o.old_config, o.old_config, w.old_run));
    data.sides.push_back(sides[1].recorder->side("new: " + o.new_config, o.new_config, w.new_run));
    add_coverage(*old_config, data.sides[0]);
    add_coverage(*new_config, data.sides[1]);
    if (!write_output_file(o.html, runtime::render_report_html(data))) return kRunInputError;
  }
  if (o.format == RunFormat::Json)
    llvm::outs() << runtime::comparison_json(w);
  else
    llvm::outs() << runtime::comparison_text(w);
  return kRunOk;
}

}  // namespace maui::tools
