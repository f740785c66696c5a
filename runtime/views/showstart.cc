// showstart JOBID: when the job starts and why that time. A running job started; one the
// iteration starts now starts now; a job with a priority reservation starts at it; any other
// queued job at the earliest time the calendar has room for it as things are booked now (later
// decisions may give that room to another job), with every reason it waits.
#include <fmt/format.h>

#include "runtime/views/calendar_questions.h"
#include "runtime/views/job_facts.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct StartView {
  const Job* job = nullptr;
  // running: it runs; starting: this iteration starts it; reservation: its priority
  // reservation; calendar: the earliest room in the calendar; never: no room ever.
  std::string basis;
  std::optional<Epoch> start;
  std::string partition;
  std::vector<NodeTasks> nodes;
  std::vector<std::string> reasons;  // why it is not running
};

StartView start_view(const ViewContext& ctx, const QueueFacts& facts, std::size_t j) {
  const Job& job = ctx.cluster.jobs[j];
  StartView v;
  v.job = &job;
  const JobFacts& f = facts[j];
  v.reasons = why_not_running(ctx, job, f);
  auto partition_of = [&](const std::vector<NodeTasks>& nodes) {
    return nodes.empty() ? std::string() : ctx.cluster.nodes[nodes.front().node].partition;
  };
  if (f.standing == JobStanding::Active) {
    v.basis = f.start && job.is_queued() ? "starting" : "running";
    v.start = facts.started(j);
    if (f.start && job.is_queued()) {
      v.nodes = f.start->nodes;
    } else {
      for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k)
        if (auto n = facts.node(job.allocated_nodes[k]))
          v.nodes.push_back({*n, k < job.allocated_tasks.size() ? job.allocated_tasks[k] : 0});
    }
    v.partition = partition_of(v.nodes);
  } else if (f.reservation) {
    v.basis = "reservation";
    v.start = f.reservation->start;
    v.nodes = f.reservation->nodes;
    v.partition = partition_of(v.nodes);
  } else if (auto e = earliest_start(ctx, job, j)) {
    v.basis = "calendar";
    v.start = e->start;
    v.nodes = std::move(e->nodes);
    v.partition = e->partition;
  } else {
    v.basis = ctx.iteration.calendar ? "never" : "unknown";
  }
  return v;
}

std::string basis_text(const StartView& v) {
  if (v.basis == "running") return "it is running";
  if (v.basis == "starting") return "this iteration starts it now";
  if (v.basis == "reservation") return "its priority reservation holds the nodes from then";
  if (v.basis == "calendar")
    return "it holds no reservation: the earliest time the nodes it may use are free for its whole walltime, as "
           "booked now (a later decision may give them to another job first)";
  if (v.basis == "never") return "no set of nodes it may use can ever hold it";
  return "unknown: the iteration kept no calendar";
}

std::string node_list(const ViewContext& ctx, const std::vector<NodeTasks>& nodes) {
  std::string out;
  for (const auto& nt : nodes)
    out += nt.tasks > 0 ? fmt::format("{}{}:{}", out.empty() ? "" : " ", ctx.cluster.nodes[nt.node].name, nt.tasks)
                        : fmt::format("{}{}", out.empty() ? "" : " ", ctx.cluster.nodes[nt.node].name);
  return out;
}

std::string start_text(const ViewContext& ctx, const StartView& v) {
  const Job& job = *v.job;
  const Epoch now = ctx.cluster.now;
  std::string out = fmt::format("job {} requires {} proc{} for {}\n\n", job.id, job.procs(),
                                job.procs() == 1 ? "" : "s", maui_duration(job.walltime));
  if (v.start) {
    const Epoch end = *v.start + job.walltime;
    if (v.basis == "running") {
      out += fmt::format("Started                {:>11} on {}\n", maui_duration(*v.start - now),
                         maui_date(*v.start, ctx.utc_offset));
      out += fmt::format("Latest completion in   {:>11} on {}\n", maui_duration(end - now),
                         maui_date(end, ctx.utc_offset));
    } else {
      out += fmt::format("Earliest start in      {:>11} on {}\n", maui_duration(*v.start - now),
                         maui_date(*v.start, ctx.utc_offset));
      out += fmt::format("Earliest completion in {:>11} on {}\n", maui_duration(end - now),
                         maui_date(end, ctx.utc_offset));
    }
    if (!v.partition.empty()) out += fmt::format("Best Partition: {}\n", v.partition);
    if (!v.nodes.empty()) out += fmt::format("Nodes: {}\n", node_list(ctx, v.nodes));
  } else {
    out += "Earliest start: unknown\n";
  }
  out += fmt::format("\nWhy: {}\n", basis_text(v));
  if (v.basis != "running" && v.basis != "starting")
    for (const auto& r : v.reasons) out += fmt::format("job cannot run now  ({})\n", r);
  return out;
}

std::string json_of(const ViewContext& ctx, const StartView& v) {
  const Job& job = *v.job;
  json::Array nodes, reasons;
  for (const auto& nt : v.nodes)
    nodes.push_back(json::Object{{"node", ctx.cluster.nodes[nt.node].name}, {"tasks", nt.tasks}});
  for (const auto& r : v.reasons) reasons.push_back(r);
  return json_text(json::Object{{"id", job.id},
                                {"procs", job.procs()},
                                {"walltime", job.walltime},
                                {"basis", v.basis},
                                {"start", v.start ? json::Value(*v.start) : json::Value(nullptr)},
                                {"end", v.start ? json::Value(*v.start + job.walltime) : json::Value(nullptr)},
                                {"start_in", v.start ? json::Value(*v.start - ctx.cluster.now) : json::Value(nullptr)},
                                {"partition", v.partition.empty() ? json::Value(nullptr) : json::Value(v.partition)},
                                {"nodes", std::move(nodes)},
                                {"why", basis_text(v)},
                                {"reasons", std::move(reasons)}});
}

}  // namespace

const ArgSpec& showstart_args() {
  static const ArgSpec spec{{}, {}, "JOBID"};
  return spec;
}

ViewAnswer showstart(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  const std::string& id = *in.args.positional;
  const Job* job = ctx.cluster.find_job(id);
  if (!job) return refuse(ViewStatus::NotFound, fmt::format("showstart: no job '{}'", id));
  if (job->state == JobState::Completed)
    return refuse(ViewStatus::NotFound, fmt::format("showstart: job {} has completed", id));
  const QueueFacts facts(ctx);
  const StartView v = start_view(ctx, facts, static_cast<std::size_t>(job - ctx.cluster.jobs.data()));
  return answer(in.request.json ? json_of(ctx, v) : start_text(ctx, v));
}

}  // namespace maui::runtime
