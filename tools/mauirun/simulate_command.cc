// mauirun simulate: the policy on a replayed trace, SWF or Slurm accounting (runtime/rm/sim/simulator.h).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <span>

#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#include "runtime/engine/admin_reservations.h"
#include "runtime/io/swf.h"
#include "runtime/report/simulation_summary.h"
#include "runtime/rm/sim/run_log.h"
#include "runtime/rm/sim/simulator.h"
#include "runtime/views/view.h"
#include "runtime/views/view_snapshot.h"
#include "tools/mauirun/book_reservations.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/shown_views.h"
#include "tools/replay_inputs.h"

namespace maui::tools {

namespace {

std::string clock_text(double seconds) {
  auto s = static_cast<std::int64_t>(seconds + 0.5);
  return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

std::string duration_text(double seconds) { return fmt::format("{:.0f} s ({})", seconds, clock_text(seconds)); }

// Writes a CSV file; false (and said on stderr) when it cannot be written whole.
template <class Write>
bool write_csv(const std::string& path, Write write) {
  errno = 0;
  std::ofstream csv(path, std::ios::binary);
  if (csv) write(csv);
  csv.close();  // what is still buffered may not fit either
  if (csv) return true;
  llvm::errs() << "mauirun: cannot write '" << path << "'" << (errno ? ": " : "") << (errno ? std::strerror(errno) : "")
               << "\n";
  return false;
}

// One table per --by: a row per credential, its jobs' metrics and its share of the proc-hours.
void print_breakdown(const runtime::Breakdown& b) {
  auto shown = [](const std::string& name) { return name.empty() ? std::string("(none)") : name; };
  std::size_t width = 10;  // the names' column
  for (const auto& g : b.groups) width = std::max(width, shown(g.name).size());
  auto& out = llvm::outs();
  out << fmt::format("  {:<{}} {:>7} {:>7} {:>7} {:>10} {:>10} {:>9} {:>9} {:>12} {:>8}\n",
                     fmt::format("by {}", to_string(b.by)), width + 2, "jobs", "started", "never", "avg wait",
                     "max wait", "slowdown", "backfill", "proc-hours", "share");
  for (const auto& g : b.groups) {
    const auto& m = g.metrics;
    out << fmt::format("    {:<{}} {:>7} {:>7} {:>7} {:>10} {:>10} {:>9.2f} {:>7.1f} % {:>12.1f} {:>6.1f} %\n",
                       shown(g.name), width, m.jobs, m.started, m.never_started, clock_text(m.average_wait),
                       clock_text(static_cast<double>(m.max_wait)), m.average_bounded_slowdown, m.backfill_share * 100,
                       m.proc_seconds / 3600, g.share * 100);
  }
}

void print_text(const SimulateOptions& o, const runtime::SimulationSummary& summary, const runtime::SimulationResult& r,
                std::span<const runtime::AdminReservation> admin, runtime::Epoch origin,
                std::span<const runtime::Breakdown> breakdowns) {
  const auto& m = r.metrics;
  auto& out = llvm::outs();
  out << fmt::format("mauirun simulate: {} on {}\n", summary.config, summary.trace);
  for (const auto& note : summary.notes) out << "  " << to_text(note) << "\n";
  out << fmt::format("  cluster                   {} nodes, {} procs\n", summary.nodes, summary.procs);
  out << fmt::format("  jobs                      {} read, {} started, {} never started{}\n", m.jobs, m.started,
                     m.never_started,
                     summary.trace_problems ? fmt::format(", {} trace lines skipped", summary.trace_problems) : "");
  out << fmt::format("  utilization               {:.2f} %\n", m.utilization * 100);
  out << fmt::format("  average wait              {}\n", duration_text(m.average_wait));
  out << fmt::format("  95th percentile wait      {}\n", duration_text(static_cast<double>(m.p95_wait)));
  out << fmt::format("  maximum wait              {}\n", duration_text(static_cast<double>(m.max_wait)));
  out << fmt::format("  average bounded slowdown  {:.2f} (tau = 10 s)\n", m.average_bounded_slowdown);
  out << fmt::format("  makespan                  {}\n", duration_text(static_cast<double>(m.makespan)));
  out << fmt::format("  started by backfill       {} ({:.2f} %)\n", m.backfilled, m.backfill_share * 100);
  if (m.preemptions > 0)
    out << fmt::format("  preemptions               {} (running jobs requeued for PREEMPTOR jobs)\n", m.preemptions);
  out << fmt::format("  scheduling iterations     {}{}\n", r.iterations,
                     r.fast_path_iterations ? fmt::format(" ({} on the EASY fast path)", r.fast_path_iterations) : "");
  for (const auto& a : admin)
    out << fmt::format("  reservation {:<15} {} s - {} s on {} host(s), {}\n", a.name, a.start - origin, a.end - origin,
                       a.hosts.size(), runtime::describe_access(a));
  for (const auto& b : breakdowns) print_breakdown(b);
  for (const auto& w : r.warnings) out << "  " << to_text(w) << "\n";
  if (!o.jobs_out.empty()) out << "  per-job schedule          " << o.jobs_out << "\n";
  if (!o.runs_out.empty()) out << "  where each job ran        " << o.runs_out << "\n";
}

}  // namespace

int simulate_command(const SimulateOptions& o) {
  auto config = load_run_config(o.config, "mauirun");
  if (!config) return kRunInputError;

  runtime::TraceReadOptions read;
  read.limit_jobs = o.limit_jobs;
  auto loaded = load_workload(o.trace, read, "mauirun");
  if (!loaded) return kRunInputError;
  const runtime::Trace& trace = *loaded;

  auto cluster = runtime::simulated_nodes(config->policy, runtime::NodeSource{o.nodes, o.procs_per_node});
  if (cluster.nodes.empty()) {
    llvm::errs() << "mauirun: " << cluster.error->message << "\n";
    return kRunInputError;
  }
  std::vector<runtime::Node>& nodes = cluster.nodes;

  // Administrative reservations, in the trace's seconds on the command line.
  const runtime::Epoch origin = trace.unix_start_time.value_or(0);
  const auto admin = book_reservations(o.reservations, nodes, origin);
  if (!admin) return kRunInputError;

  runtime::CredentialDirectory dir(config->policy);
  std::vector<runtime::ViewRequest> views;
  for (const auto& text : o.show) views.push_back(view_request(text, o.format == RunFormat::Json));
  if (!views_usable(dir, views, "mauirun simulate")) return kRunInputError;

  runtime::SimulationOptions options;
  options.admin_reservations = *admin;
  options.fast_path = o.fast_path;
  ProgressBar bar(o.progress, "mauirun simulate");
  report_progress_to(bar, options, trace.jobs.size());
  runtime::RunLog runs;
  if (!o.runs_out.empty()) options.on_run = [&](const runtime::RunEvent& e) { runs.record(e); };
  std::unique_ptr<runtime::ViewSnapshot> look;
  if (o.stop_at) {
    options.stop_at = origin + *o.stop_at;
    options.at_stop = [&](runtime::SchedulingCycle& cycle, runtime::SimulatedCluster& cluster) {
      look = runtime::look(cycle, dir, cluster.state());
    };
  }
  runtime::SimulationResult result = runtime::simulate(dir, trace, nodes, options);
  bar.finish();

  runtime::SimulationSummary summary =
      runtime::summarize_run(o.config, o.trace, trace, nodes, std::move(cluster.assumptions));
  if (!o.jobs_out.empty() &&
      !write_csv(o.jobs_out, [&](std::ostream& csv) { runtime::write_jobs_csv(csv, result.jobs); }))
    return kRunInputError;
  if (!o.runs_out.empty() &&
      !write_csv(o.runs_out, [&](std::ostream& csv) { runtime::write_runs_csv(csv, runs.runs(), result.jobs); }))
    return kRunInputError;
  if (look) return print_views(*look, views);  // the views at the stop time, not the summary
  std::vector<runtime::Breakdown> breakdowns;
  for (auto by : o.by) breakdowns.push_back({by, runtime::metrics_by(result.jobs, by, summary.procs)});
  if (o.format == RunFormat::Json)
    llvm::outs() << runtime::simulation_json(summary, result, breakdowns);
  else
    print_text(o, summary, result, *admin, origin, breakdowns);
  return kRunOk;  // skipped lines and never-started jobs are results, reported above
}

}  // namespace maui::tools
