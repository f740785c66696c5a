#include "runtime/report/simulation_summary.h"

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "runtime/views/view_text.h"
#include "schemas/problem_json.h"

namespace maui::runtime {

namespace json = llvm::json;

namespace {

json::Object metrics_json(const ScheduleMetrics& m) {
  return json::Object{{"jobs", m.jobs},
                      {"started", m.started},
                      {"never_started", m.never_started},
                      {"utilization", json_number(m.utilization)},
                      {"average_wait", json_number(m.average_wait)},
                      {"max_wait", m.max_wait},
                      {"p95_wait", m.p95_wait},
                      {"average_bounded_slowdown", json_number(m.average_bounded_slowdown)},
                      {"makespan", m.makespan},
                      {"proc_seconds", json_number(m.proc_seconds)},
                      {"backfilled", m.backfilled},
                      {"backfill_share", json_number(m.backfill_share)},
                      {"preemptions", m.preemptions}};
}

}  // namespace

SimulationSummary summarize_run(std::string config, std::string trace_name, const Trace& trace,
                                std::span<const Node> nodes, std::vector<Problem> assumptions) {
  SimulationSummary summary{std::move(config),
                            std::move(trace_name),
                            static_cast<std::int64_t>(nodes.size()),
                            0,
                            static_cast<std::int64_t>(trace.problems.size()),
                            std::move(assumptions)};
  for (const Node& n : nodes) summary.procs += n.procs;
  if (mostly_in_error(trace))
    summary.notes.push_back(
        {summary.trace, 0, 0, Severity::Warning,
         fmt::format("most of the trace is not jobs: {} of its lines are in error (the first at {}), {} {} read: "
                     "the results below are {} only; is it the trace you meant?",
                     trace.problems.size(), where(trace.problems.front()), trace.jobs.size(),
                     trace.jobs.size() == 1 ? "job" : "jobs", trace.jobs.size() == 1 ? "that job's" : "those jobs'")});
  return summary;
}

std::string simulation_json(const SimulationSummary& summary, const SimulationResult& result,
                            std::span<const Breakdown> breakdowns) {
  json::Array warnings;
  for (const Problem& w : result.warnings) warnings.push_back(to_json(w));
  json::Array notes;
  for (const Problem& p : summary.notes) notes.push_back(to_json(p));
  json::Object out{{"version", 1},
                   {"config", summary.config},
                   {"trace", summary.trace},
                   {"notes", std::move(notes)},
                   {"nodes", summary.nodes},
                   {"procs", summary.procs},
                   {"jobs_read", static_cast<std::int64_t>(result.jobs.size())},
                   {"trace_problems", summary.trace_problems},
                   {"iterations", result.iterations},
                   {"fast_path_iterations", result.fast_path_iterations},
                   {"metrics", metrics_json(result.metrics)},
                   {"warnings", std::move(warnings)}};
  if (!breakdowns.empty()) {
    json::Object by;
    for (const Breakdown& b : breakdowns) {
      json::Array groups;
      for (const GroupMetrics& g : b.groups) {
        json::Object entry = metrics_json(g.metrics);
        entry["name"] = json::isUTF8(g.name) ? g.name : json::fixUTF8(g.name);
        entry["share"] = json_number(g.share);
        groups.push_back(std::move(entry));
      }
      by[std::string(to_string(b.by))] = std::move(groups);
    }
    out["by"] = std::move(by);
  }
  return json_text(std::move(out), 2);
}

}  // namespace maui::runtime
