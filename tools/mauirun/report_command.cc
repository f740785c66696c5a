// mauirun report: one run of the policy on a trace as a self-contained HTML file
// (runtime/report/report_html.h).
#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#include "runtime/report/report_html.h"
#include "runtime/report/report_recorder.h"
#include "runtime/report/what_if.h"
#include "tools/mauirun/book_reservations.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/output_file.h"
#include "tools/mauirun/policy_coverage.h"
#include "tools/replay_inputs.h"

namespace maui::tools {

int report_command(const ReportOptions& o) {
  auto config = load_run_config(o.config, "mauirun");
  if (!config) return kRunInputError;
  auto trace = load_workload(o.trace, {}, "mauirun");
  if (!trace) return kRunInputError;
  auto cluster = runtime::simulated_nodes(config->policy, {o.nodes, o.procs_per_node});
  if (cluster.nodes.empty()) {
    llvm::errs() << "mauirun: " << cluster.error->message << "\n";
    return kRunInputError;
  }
  for (const auto& a : cluster.assumptions) llvm::errs() << to_text(a) << "\n";
  std::vector<runtime::Node>& nodes = cluster.nodes;
  const runtime::Epoch origin = trace->unix_start_time.value_or(0);
  const auto admin = book_reservations(o.reservations, nodes, origin);
  if (!admin) return kRunInputError;

  runtime::ReportRecorder recorder(config->policy, nodes, *trace);
  runtime::SimulationOptions options;
  options.admin_reservations = *admin;
  recorder.attach(options);
  ProgressBar bar(o.progress, "mauirun report");
  report_progress_to(bar, options, trace->jobs.size());
  const runtime::PolicyRun run = runtime::replay(config->policy, o.config, *trace, o.trace, cluster,
                                                 options);  // a copy: the recorder keeps `nodes`
  bar.finish();

  runtime::ReportData data;
  data.title = fmt::format("{} on {}", o.config, o.trace);
  data.trace = o.trace;
  data.origin = origin;
  data.utc_offset = trace->time_zone.value_or(0);
  data.sides.push_back(recorder.side(o.config, o.config, run.result));
  add_coverage(*config, data.sides.back());
  const std::string html = runtime::render_report_html(data);
  if (!write_output_file(o.output, html)) return kRunInputError;
  llvm::outs() << fmt::format("mauirun report: {} ({} jobs, {:.1f} MB)\n", o.output, run.result.jobs.size(),
                              static_cast<double>(html.size()) / 1e6);
  return kRunOk;
}

}  // namespace maui::tools
