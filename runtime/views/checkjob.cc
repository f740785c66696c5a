// checkjob JOBID [-v] [--explain]: one job as Maui 3.3.1's checkjob -v prints it
// (tests/maui331/): state, credentials, times, the request with Maui's lines for what the engine
// does not track, allocated nodes four a line, reservation, PE and start priority, and why it
// does not run in Maui's words. --explain adds ours: the priority's components, every reason
// with the config line of a limit, and the whole priority breakdown. A completed job is gone.
#include <algorithm>

#include <fmt/format.h>

#include "runtime/engine/explain.h"
#include "runtime/engine/limits.h"
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
  std::int64_t shown_priority = 0;  // checkjob's StartPriority as Maui prints it
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
  v.shown_priority = v.start_priority;
  if (job.is_active()) {
    // Maui 3.3.1's StartPriority of a running job is its priority now, its queue time counted
    // from submission to now (A T1799, job 2: 200 + 26.8 minutes + 10 x (1609 + 1800) / 1800 =
    // 245, where it started at 210); the scheduler's start priority stays in the JSON.
    Job queued = job;
    queued.state = JobState::Idle;
    queued.start_time.reset();
    queued.sched.queue_time_accrued.reset();
    v.shown_priority = priority_breakdown(ctx, queued).priority;
  }
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

// Procs free now: of the nodes that take work, less what the active jobs (and this iteration's
// starts) hold. Maui's "insufficient idle procs available: 0 < 4".
std::int64_t idle_procs(const ViewContext& ctx, const QueueFacts& facts) {
  std::int64_t free = 0;
  for (const auto& n : ctx.cluster.nodes)
    if (takes_new_work(n)) free += n.procs;
  for (std::size_t j : facts.active_by_completion()) free -= ctx.cluster.jobs[j].procs();
  return std::max<std::int64_t>(free, 0);
}

// Why the job does not run, in Maui 3.3.1's words where they are known (A T1799, A T2500, B
// T88471): a limit "cannot select job 14 for partition DEFAULT (job 14 violates ... (R: 1, U: 2)\n)",
// too few free procs "job cannot run in partition DEFAULT (insufficient idle procs available:
// 0 < 4)"; else ours, "job cannot run  (...)".
std::string maui_reasons(const ViewContext& ctx, const QueueFacts& facts, const JobView& v) {
  const Job& job = *v.job;
  const JobFacts& f = facts[v.index];
  const std::string partition = "DEFAULT";
  if (const JobEligibility* e = f.eligibility;
      e && e->holds.empty() && e->waiting_for.empty() && !e->violations.empty()) {
    const LimitViolation& l = e->violations.front();
    if (l.family != LimitFamily::System && l.credential.kind != ir::CredKind::System && !l.within)
      return fmt::format(
          "cannot select job {} for partition {} (job {} violates {} {} {} limit of {} for {} {}  (R: {}, "
          "U: {})\n)\n",
          job.id, partition, job.id, to_string(l.family), to_string(l.level), limit_name(l.family, l.resource), l.limit,
          ir::to_string(l.credential.kind), l.credential.name, amount_text(l.request), amount_text(l.usage));
  }
  if (f.standing == JobStanding::Eligible && !v.reservation) {
    const std::int64_t free = idle_procs(ctx, facts);
    if (free < job.procs())
      return fmt::format("job cannot run in partition {} (insufficient idle procs available: {} < {})\n", partition,
                         free, job.procs());
  }
  std::string out;
  for (const auto& r : v.reasons) out += fmt::format("job cannot run  ({})\n", r);
  return out;
}

// "[node008:1][node007:1][node006:1][node005:1]", four a line as Maui.
std::string allocated_nodes_text(const ViewContext& ctx, const std::vector<NodeTasks>& nodes) {
  std::string out;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const auto& nt = nodes[k];
    out += fmt::format("[{}:{}]", ctx.cluster.nodes[nt.node].name, std::max<std::int64_t>(nt.tasks, 1));
    if (k % 4 == 3 || k + 1 == nodes.size()) out += "\n";
  }
  return out;
}

// Maui 3.3.1's checkjob -v (tests/maui331/A-T1799/checkjob-*-v.txt), line for line where the
// engine has the value, Maui's text for an unset one where it has none (network, opsys, IWD).
// --explain adds ours: the priority's components, every reason in our words, the breakdown.
std::string job_text(const ViewContext& ctx, const QueueFacts& facts, const JobView& v, bool explain) {
  const Job& job = *v.job;
  const Epoch now = ctx.cluster.now;
  std::string out = fmt::format("\n\nchecking job {}\n\n", job.id);
  out += fmt::format("State: {}\n", v.state);
  std::string creds = fmt::format("Creds:  user:{}", job.user);
  if (!job.group.empty()) creds += fmt::format("  group:{}", job.group);
  if (!job.account.empty()) creds += fmt::format("  account:{}", job.account);
  if (!job.job_class.empty()) creds += fmt::format("  class:{}", job.job_class);
  creds += fmt::format("  qos:{}", job.qos.empty() ? ctx.dir.default_qos(job) : job.qos);
  out += creds + "\n";
  // Recorded WallTime: Maui's simulator knows the trace's run time; a scheduler knows the limit.
  out += fmt::format("WallTime: {} of {}  (Recorded WallTime: {})\n", maui_duration(v.used),
                     maui_duration(job.walltime), maui_duration(job.walltime));
  out += fmt::format("SubmitTime: {}\n", maui_date(job.submit_time, ctx.utc_offset));
  const Epoch queued_until = job.is_active() ? v.started : now;
  out += fmt::format("  (Time Queued  Total: {}  Eligible: {})\n\n",
                     maui_duration(std::max<Seconds>(queued_until - job.submit_time, 0)),
                     maui_duration(job.is_active() ? 0 : v.priority.effective_queue_time));
  const bool active = job.is_active() || v.starting;
  if (active) out += fmt::format("StartTime: {}\n", maui_date(v.started, ctx.utc_offset));
  out += fmt::format("Total Tasks: {}\n\n", job.tasks);
  out += fmt::format("Req[0]  TaskCount: {}  Partition: {}\n", job.tasks,
                     v.nodes.empty() ? std::string("ALL") : ctx.cluster.nodes[v.nodes.front().node].partition);
  out +=
      fmt::format("Network: [NONE]  Memory >= {}  Disk >= {}  Swap {}\n", job.memory_per_task_mb, job.disk_per_task_mb,
                  job.swap_per_task_mb > 0 ? fmt::format(">= {}", job.swap_per_task_mb) : std::string("NC 0"));
  out += "Opsys: [NONE]  Arch: [NONE]  Features: [NONE]\n";
  out += "Exec:  ''  ExecSize: 0  ImageSize: 0\n";
  out += fmt::format("Dedicated Resources Per Task: PROCS: {}\n", job.procs_per_task);
  if (active) {
    // No utilization is measured: what is dedicated is counted as used, as Maui's simulator does.
    const double per_task = static_cast<double>(job.procs_per_task);
    out += fmt::format("Utilized Resources Per Task:  PROCS: {:.2f}\n", per_task);
    out += fmt::format("Avg Util Resources Per Task:  PROCS: {:.2f}\n", per_task);
    out += fmt::format("Max Util Resources Per Task:  PROCS: {:.2f}\n", per_task);
    out += fmt::format("Average Utilized Procs: {:.2f}\n", static_cast<double>(job.procs()));
  }
  out += "NodeAccess: SHARED\n";
  out += fmt::format("NodeCount: {}\n", active ? static_cast<std::int64_t>(v.nodes.size()) : job.nodes);
  if (!v.nodes.empty()) {
    out += "Allocated Nodes:\n" + allocated_nodes_text(ctx, v.nodes) + "\n";
    std::vector<std::string> tasks;
    for (const auto& nt : v.nodes)
      for (std::int64_t t = 0; t < std::max<std::int64_t>(nt.tasks, 1); ++t)
        tasks.push_back(ctx.cluster.nodes[nt.node].name);
    out += fmt::format("Task Distribution: {}\n", fmt::join(tasks, ","));
  }
  out += "\n\n";
  out += "IWD: [NONE]  Executable:  [NONE]\n";
  out += fmt::format("Bypass: {}  StartCount: {}\n", job.sched.bypass_count, active ? 1 : 0);
  out += "PartitionMask: [ALL]\n";
  if (!job.dependencies.empty()) out += fmt::format("Dependencies: {}\n", fmt::join(job.dependencies, ","));
  // A job over a limit: Maui restarts its queue time (docs/semantics.md) and says when.
  if (job.is_queued() && facts[v.index].standing == JobStanding::Blocked)
    out += fmt::format("SystemQueueTime: {}\n\n", maui_date(now, ctx.utc_offset));
  if (const Reservation* r = v.reservation) {
    out +=
        fmt::format("Reservation '{}' ({} -> {}  Duration: {})\n", r->name, maui_time_until(r->start, now),
                    maui_time_until(r->end, now), is_endless(r->end) ? "INFINITY" : maui_duration(r->end - r->start));
    if (explain) out += fmt::format("  on {}\n", node_list(ctx, r->nodes));
  }
  if (!job.holds.empty()) {
    std::vector<std::string> names;
    for (const auto& h : job.holds) names.push_back(capitalized(h));
    out += fmt::format("Holds:    {}\n", fmt::join(names, " "));
  }
  if (active && !v.reservation)  // Maui lists a running job's own nodes as its reservation
    out += fmt::format("Reservation '{}' ({} -> {}  Duration: {})\n", job.id, maui_duration(v.started - now),
                       maui_duration(v.started + job.walltime - now), maui_duration(job.walltime));
  out += fmt::format("PE:  {:.2f}  StartPriority:  {}", v.pe, v.shown_priority);
  if (job.sched.system_priority)
    out += fmt::format("  SystemPriority:  {}", system_priority_text(*job.sched.system_priority));
  out += "\n";
  if (explain) out += fmt::format("Priority:  {}  ({})\n", v.priority.priority, components_text(v.priority));
  if (v.starting)
    out += fmt::format("NOTE:  job starts now on {} (this iteration's decision)\n", node_list(ctx, v.nodes));
  if (explain) {
    if (!v.reasons.empty()) out += "\n";
    for (const auto& r : v.reasons) out += fmt::format("job cannot run  ({})\n", r);
  } else if (job.is_queued()) {
    out += maui_reasons(ctx, facts, v);
  }
  if (ctx.scheduling_stopped && job.is_queued())
    out += "NOTE:  scheduling is stopped (schedctl -s): no job starts until it resumes\n";
  // Maui ends a queued job's answer with two blank lines, an active one's with one.
  out += job.is_queued() ? "\n\n" : "\n";
  if (explain) out += render_priority_breakdown(ctx.dir.policy(), {v.job, v.priority});
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
  static const ArgSpec spec{{"-v", "--explain"}, {}, "JOBID"};
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
  return answer(in.request.json ? json_of(ctx, v, facts[index].eligibility)
                                : job_text(ctx, facts, v, in.args.has("--explain")));
}

}  // namespace maui::runtime
