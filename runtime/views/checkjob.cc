// checkjob JOBID [-v]: one job in Maui 3.3's checkjob layout (docs/reference/maui-3.3-semantics.md
// §11.2): state, credentials, times, request, reservation, holds, PE and start priority with its
// components, then every reason it is not running ("job cannot run  (...)"), each violated limit
// with the config line that set it. -v adds the whole priority breakdown.
#include <fmt/format.h>

#include "runtime/engine/explain.h"
#include "runtime/views/explanation_json.h"
#include "runtime/views/job_facts.h"
#include "runtime/views/priority_report.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct JobView {
  const Job* job = nullptr;
  std::size_t index = 0;
  std::string state;
  PriorityBreakdown priority;
  std::int64_t start_priority = 0;
  double pe = 0;
  Epoch started = 0;
  Seconds used = 0;              // wall time used so far
  std::vector<NodeTasks> nodes;  // where it runs, or starts now
  const Reservation* reservation = nullptr;
  std::vector<std::string> reasons;
  bool starting = false;
};

JobView job_view(const ViewContext& ctx, const QueueFacts& facts, std::size_t j) {
  const Job& job = ctx.cluster.jobs[j];
  JobView v;
  v.job = &job;
  v.index = j;
  v.state = maui_state(job, facts[j]);
  v.priority = priority_breakdown(ctx, job);
  v.start_priority = job.is_queued() ? facts.priority(j) : job.sched.start_priority.value_or(v.priority.priority);
  v.pe = processor_equivalents(job, ctx.cluster.totals());
  v.starting = facts[j].start && job.is_queued();
  if (v.starting) {
    v.nodes = facts[j].start->nodes;
  } else {
    for (std::size_t k = 0; k < job.allocated_nodes.size(); ++k)
      if (auto n = facts.node(job.allocated_nodes[k]))
        v.nodes.push_back({*n, k < job.allocated_tasks.size() ? job.allocated_tasks[k] : 0});
  }
  v.started = facts.started(j);
  v.used = job.is_active() ? job.elapsed(ctx.cluster.now) : 0;
  v.reservation = facts[j].reservation;
  v.reasons = why_not_running(ctx, job, facts[j]);
  return v;
}

std::string node_list(const ViewContext& ctx, const std::vector<NodeTasks>& nodes) {
  std::string out;
  for (const auto& nt : nodes)
    out += nt.tasks > 0 ? fmt::format("[{}:{}]", ctx.cluster.nodes[nt.node].name, nt.tasks)
                        : fmt::format("[{}]", ctx.cluster.nodes[nt.node].name);
  return out;
}

std::string capitalized(std::string_view s) {
  std::string out(s);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string system_priority_text(const SystemPriority& p) {
  return p.relative ? fmt::format("{:+}", p.value) : fmt::format("{}", p.value);
}

// "CRED 100 + FS 200 + SERV 10": the components that contribute, and what became of their sum.
std::string components_text(const PriorityBreakdown& b) {
  std::vector<std::string> parts;
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c)
    if (b.components[c].contribution != 0)
      parts.push_back(fmt::format("{} {}", ir::to_string(static_cast<ir::PriorityComponent>(c)),
                                  amount_text(b.components[c].contribution)));
  std::string out = parts.empty() ? "no component contributes" : fmt::format("{}", fmt::join(parts, " + "));
  if (b.floored) out += fmt::format("; the sum {} raised to 1: ENABLENEGJOBPRIORITY is FALSE", amount_text(b.sum));
  if (b.capped) out += fmt::format("; the sum {} cut to 1000000000", amount_text(b.sum));
  if (b.system_priority) out += "; then the system priority";
  if (b.rejected_negative) out += "; negative: REJECTNEGPRIOJOBS makes it ineligible";
  return out;
}

std::string job_text(const ViewContext& ctx, const JobView& v, bool verbose) {
  const Job& job = *v.job;
  const Epoch now = ctx.cluster.now;
  std::string out = fmt::format("checking job {}\n\n", job.id);
  out += fmt::format("State: {}\n", v.state);
  std::string creds = fmt::format("Creds:  user:{}", job.user);
  if (!job.group.empty()) creds += fmt::format("  group:{}", job.group);
  if (!job.account.empty()) creds += fmt::format("  account:{}", job.account);
  if (!job.job_class.empty()) creds += fmt::format("  class:{}", job.job_class);
  if (!job.qos.empty()) creds += fmt::format("  qos:{}", job.qos);
  out += creds + "\n";
  out += fmt::format("WallTime: {} of {}\n", maui_duration(v.used), maui_duration(job.walltime));
  out += fmt::format("SubmitTime: {}\n", maui_date(job.submit_time, ctx.utc_offset));
  const Epoch queued_until = job.is_active() ? v.started : now;
  out += fmt::format("  (Time Queued  Total: {}  Eligible: {})\n\n",
                     maui_duration(std::max<Seconds>(queued_until - job.submit_time, 0)),
                     maui_duration(v.priority.effective_queue_time));
  if (job.is_active() || v.starting) out += fmt::format("StartTime: {}\n", maui_date(v.started, ctx.utc_offset));
  out += fmt::format("Total Tasks: {}\n\n", job.tasks);
  out += fmt::format("Req[0]  TaskCount: {}  Partition: {}\n", job.tasks,
                     v.nodes.empty() ? std::string("ALL") : ctx.cluster.nodes[v.nodes.front().node].partition);
  out += fmt::format("Procs: {}  Memory >= {}M  Disk >= {}M  Swap >= {}M\n", job.procs_per_task, job.memory_per_task_mb,
                     job.disk_per_task_mb, job.swap_per_task_mb);
  out += fmt::format("NodeCount: {}\n", job.nodes);
  if (!v.nodes.empty()) out += fmt::format("Allocated Nodes:\n{}\n", node_list(ctx, v.nodes));
  out += "\n";
  out += fmt::format("Bypass: {}\n", job.sched.bypass_count);
  if (!job.dependencies.empty()) out += fmt::format("Dependencies: {}\n", fmt::join(job.dependencies, ","));
  if (const Reservation* r = v.reservation) {
    out +=
        fmt::format("Reservation '{}' ({} -> {}  Duration: {})\n", r->name, maui_time_until(r->start, now),
                    maui_time_until(r->end, now), is_endless(r->end) ? "INFINITY" : maui_duration(r->end - r->start));
    if (verbose) out += fmt::format("  on {}\n", node_list(ctx, r->nodes));
  }
  if (!job.holds.empty()) {
    std::vector<std::string> names;
    for (const auto& h : job.holds) names.push_back(capitalized(h));
    out += fmt::format("Holds:    {}\n", fmt::join(names, " "));
  }
  out += fmt::format("PE:  {:.2f}  StartPriority:  {}", v.pe, v.start_priority);
  if (job.sched.system_priority)
    out += fmt::format("  SystemPriority:  {}", system_priority_text(*job.sched.system_priority));
  out += "\n";
  out += fmt::format("Priority:  {}  ({})\n", v.priority.priority, components_text(v.priority));
  if (v.starting)
    out += fmt::format("\nNOTE:  job starts now on {} (this iteration's decision)\n", node_list(ctx, v.nodes));
  if (!v.reasons.empty()) {
    out += "\n";
    for (const auto& r : v.reasons) out += fmt::format("job cannot run  ({})\n", r);
  }
  if (ctx.scheduling_stopped && job.is_queued())
    out += "\nNOTE:  scheduling is stopped (schedctl -s): no job starts until it resumes\n";
  if (verbose) out += fmt::format("\n{}", render_priority_breakdown(ctx.dir.policy(), {v.job, v.priority}));
  return out;
}

json::Value node_tasks_json(const ViewContext& ctx, const std::vector<NodeTasks>& nodes) {
  json::Array out;
  for (const auto& nt : nodes)
    out.push_back(json::Object{{"node", ctx.cluster.nodes[nt.node].name}, {"tasks", nt.tasks}});
  return out;
}

std::string json_of(const ViewContext& ctx, const JobView& v, const JobEligibility* e) {
  const Job& job = *v.job;
  json::Array holds, reasons, violations, soft;
  for (const auto& h : job.holds) holds.push_back(json::Object{{"type", h}, {"set_by", hold_origin(ctx, job, h)}});
  for (const auto& r : v.reasons) reasons.push_back(r);
  if (e) {
    for (const auto& x : e->violations) violations.push_back(limit_violation_json(x));
    for (const auto& x : e->soft_violations) soft.push_back(limit_violation_json(x));
  }
  json::Object components;
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
    const auto& cs = v.priority.components[c];
    if (cs.weight == 0 && cs.contribution == 0) continue;
    std::string name(ir::to_string(static_cast<ir::PriorityComponent>(c)));
    for (char& ch : name) ch = static_cast<char>(ch - 'A' + 'a');
    components[name] =
        json::Object{{"contribution", json_number(cs.contribution)}, {"percent", json_number(cs.percent)}};
  }
  json::Value reservation = nullptr;
  if (const Reservation* r = v.reservation)
    reservation = json::Object{{"name", r->name},
                               {"start", json_time(r->start)},
                               {"end", json_time(r->end)},
                               {"nodes", node_tasks_json(ctx, r->nodes)}};
  json::Value system = nullptr;
  if (const auto& sp = job.sched.system_priority)
    system = json::Object{{"value", sp->value}, {"relative", sp->relative}};
  const Epoch queued_until = job.is_active() ? v.started : ctx.cluster.now;
  return json_text(
      json::Object{{"id", job.id},
                   {"state", v.state},
                   {"user", job.user},
                   {"group", job.group},
                   {"account", job.account},
                   {"class", job.job_class},
                   {"qos", job.qos},
                   {"tasks", job.tasks},
                   {"procs", job.procs()},
                   {"nodes_requested", job.nodes},
                   {"walltime", job.walltime},
                   {"submit", job.submit_time},
                   {"start", job.is_active() || v.starting ? json::Value(v.started) : json::Value(nullptr)},
                   {"used", v.used},
                   {"queued", std::max<Seconds>(queued_until - job.submit_time, 0)},
                   {"eligible_time", v.priority.effective_queue_time},
                   {"priority", v.priority.priority},
                   {"start_priority", v.start_priority},
                   {"system_priority", std::move(system)},
                   {"components", std::move(components)},
                   {"pe", json_number(v.pe)},
                   {"bypass", job.sched.bypass_count},
                   {"allocated_nodes", node_tasks_json(ctx, v.nodes)},
                   {"starting_now", v.starting},
                   {"reservation", std::move(reservation)},
                   {"holds", std::move(holds)},
                   {"violations", std::move(violations)},
                   {"soft_violations", std::move(soft)},
                   {"reasons", std::move(reasons)}});
}

}  // namespace

const ArgSpec& checkjob_args() {
  static const ArgSpec spec{{"-v"}, {}, "JOBID"};
  return spec;
}

ViewAnswer checkjob(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  const std::string& id = *in.args.positional;
  const Job* job = ctx.cluster.find_job(id);
  // A completed job is gone for Maui 3.3.1 as one never submitted: `ERROR:  cannot locate job
  // '33'` (its second line; the first, `ERROR:    'checkjob' failed`, says no more).
  if (!job || job->state == JobState::Completed)
    return refuse(ViewStatus::NotFound, fmt::format("ERROR:  cannot locate job '{}'", id));
  if (in.request.only_user && job->user != *in.request.only_user)
    return refuse(ViewStatus::PermissionDenied, fmt::format("checkjob: job {} belongs to {}", id, job->user));
  const QueueFacts facts(ctx);
  const auto index = static_cast<std::size_t>(job - ctx.cluster.jobs.data());
  const JobView v = job_view(ctx, facts, index);
  return answer(in.request.json ? json_of(ctx, v, facts[index].eligibility) : job_text(ctx, v, in.args.has("-v")));
}

}  // namespace maui::runtime
