// showq [-r|-i|-b] [-u USER] [--explain]: the queue as Maui 3.3.1 prints it (tests/maui331/):
// plain, three sections (active jobs, earliest completion first; idle = eligible jobs in
// priority order; blocked jobs by id); -r, -i and -b each Maui's own table of one section.
// --explain: -b gives every reason a job waits, with the config line of a limit (docs/views.md).
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "runtime/engine/limits.h"
#include "runtime/engine/priority.h"
#include "runtime/views/job_facts.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

// The data of the view.
struct QueueRow {
  std::size_t job = 0;
  std::string state;
};
struct QueueView {
  bool active = true, eligible = true, blocked = true;  // the sections asked for
  std::vector<QueueRow> active_rows, eligible_rows, blocked_rows;
  std::int64_t procs_busy = 0, procs_up = 0, nodes_busy = 0, nodes_up = 0;
  std::int64_t jobs = 0;  // of every section, whether shown or not
};

bool node_up(const Node& n) { return n.state != NodeState::Down && n.state != NodeState::Unknown; }

QueueView queue_view(const ViewContext& ctx, const QueueFacts& facts, const ParsedArgs& args) {
  QueueView v;
  if (args.has("-r") || args.has("-i") || args.has("-b"))
    v.active = args.has("-r"), v.eligible = args.has("-i"), v.blocked = args.has("-b");
  const std::string* user = args.option("-u");
  const auto& jobs = ctx.cluster.jobs;
  auto shown = [&](std::size_t j) { return !user || jobs[j].user == *user; };
  std::set<std::string_view> busy_nodes;
  for (std::size_t j : facts.active_by_completion()) {
    if (!shown(j)) continue;
    v.active_rows.push_back({j, maui_state(jobs[j], facts[j])});
    v.procs_busy += jobs[j].procs();
    if (const StartDecision* s = facts[j].start; s && jobs[j].is_queued())
      for (const auto& nt : s->nodes) busy_nodes.insert(ctx.cluster.nodes[nt.node].name);
    else
      for (const auto& n : jobs[j].allocated_nodes) busy_nodes.insert(n);
  }
  for (std::size_t j : facts.queued_by_priority()) {
    if (!shown(j) || facts[j].standing == JobStanding::Active) continue;
    auto& rows = facts[j].standing == JobStanding::Eligible ? v.eligible_rows : v.blocked_rows;
    rows.push_back({j, maui_state(jobs[j], facts[j])});
  }
  for (const auto& n : ctx.cluster.nodes)
    if (node_up(n)) v.procs_up += n.procs, ++v.nodes_up;
  v.nodes_busy = static_cast<std::int64_t>(busy_nodes.size());
  v.jobs = static_cast<std::int64_t>(v.active_rows.size() + v.eligible_rows.size() + v.blocked_rows.size());
  return v;
}

// Maui 3.3.1's showq (tests/maui331/): `     2 Active Jobs` right-aligned in 6, the idle footer
// unpadded (`35 Idle Jobs`, `1 Idle Job ` with the space where the s would be).
std::string count_text(std::int64_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? " " : "s");
}

constexpr std::string_view kRowFormat = "{:<18} {:>8} {:>10} {:>5} {:>11}  {:>19}";

std::vector<QueueRow> by_id(const ViewContext& ctx, std::vector<QueueRow> rows) {
  std::stable_sort(rows.begin(), rows.end(), [&](const QueueRow& a, const QueueRow& b) {
    return id_before(ctx.cluster.jobs[a.job].id, ctx.cluster.jobs[b.job].id);
  });
  return rows;
}

// An active job's expansion factor as Maui's showq -r prints it: (time queued + limit) / limit,
// the queued time ending at its start.
double running_xfactor(const Job& job, Epoch started) {
  return expansion_factor(std::max<Seconds>(started - job.submit_time, 0), job.walltime, 0);
}

std::string first_host(const ViewContext& ctx, const QueueFacts& facts, std::size_t j) {
  const Job& job = ctx.cluster.jobs[j];
  const StartDecision* s = facts[j].start;
  if (s && job.is_queued() && !s->nodes.empty()) return ctx.cluster.nodes[s->nodes.front().node].name;
  if (!job.allocated_nodes.empty()) return job.allocated_nodes.front();
  return "-";
}

std::string qos_letters(const Job& job) { return (job.qos.empty() ? std::string("DEFAULT") : job.qos).substr(0, 2); }

// ----------------------------------------------------------------------------------------------
// Text: plain showq, three sections

std::string active_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = "ACTIVE JOBS--------------------\n";
  out += fmt::format(fmt::runtime(kRowFormat), "JOBNAME", "USERNAME", "STATE", "PROC", "REMAINING", "STARTTIME");
  out += "\n\n";
  for (const auto& row : v.active_rows) {
    const Job& job = jobs[row.job];
    out += fmt::format(fmt::runtime(kRowFormat), job.id, job.user, row.state, job.procs(),
                       maui_duration(facts.remaining(row.job)), maui_date(facts.started(row.job), ctx.utc_offset));
    out += "\n";
  }
  const auto active = static_cast<std::int64_t>(v.active_rows.size());
  out += fmt::format("\n{:<21} {:4} of {:4} Processors Active ({}%)\n",
                     fmt::format("{:6} Active Job{}", active, active == 1 ? "" : "s"), v.procs_busy, v.procs_up,
                     percent_text(static_cast<double>(v.procs_busy), static_cast<double>(v.procs_up)));
  if (v.procs_up != v.nodes_up)
    out += fmt::format("{:<21} {:4} of {:4} Nodes Active      ({}%)\n", "", v.nodes_busy, v.nodes_up,
                       percent_text(static_cast<double>(v.nodes_busy), static_cast<double>(v.nodes_up)));
  return out;
}

std::string idle_text(const ViewContext& ctx, const QueueView& v) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = "IDLE JOBS----------------------\n";
  out += fmt::format(fmt::runtime(kRowFormat), "JOBNAME", "USERNAME", "STATE", "PROC", "WCLIMIT", "QUEUETIME");
  out += "\n\n";
  for (const auto& row : v.eligible_rows) {
    const Job& job = jobs[row.job];
    out += fmt::format(fmt::runtime(kRowFormat), job.id, job.user, row.state, job.procs(), maui_duration(job.walltime),
                       maui_date(job.submit_time, ctx.utc_offset));
    out += "\n";
  }
  out += fmt::format("\n{}\n", count_text(static_cast<std::int64_t>(v.eligible_rows.size()), "Idle Job"));
  return out;
}

// Maui ends the section with its rows: no count of its own (the Total line has it).
std::string blocked_text(const ViewContext& ctx, const QueueView& v) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = "BLOCKED JOBS----------------\n";
  out += fmt::format(fmt::runtime(kRowFormat), "JOBNAME", "USERNAME", "STATE", "PROC", "WCLIMIT", "QUEUETIME");
  out += "\n\n";
  for (const auto& row : by_id(ctx, v.blocked_rows)) {
    const Job& job = jobs[row.job];
    out += fmt::format(fmt::runtime(kRowFormat), job.id, job.user, row.state, job.procs(), maui_duration(job.walltime),
                       maui_date(job.submit_time, ctx.utc_offset));
    out += "\n";
  }
  return out;
}

std::string three_sections_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v) {
  std::string out = active_text(ctx, facts, v) + "\n" + idle_text(ctx, v) + "\n" + blocked_text(ctx, v);
  out += fmt::format("\nTotal Jobs: {}   Active Jobs: {}   Idle Jobs: {}   Blocked Jobs: {}\n", v.jobs,
                     v.active_rows.size(), v.eligible_rows.size(), v.blocked_rows.size());
  return out;
}

// ----------------------------------------------------------------------------------------------
// Text: showq -r, -i, -b, each Maui's own table

// -r: the active jobs; '+' after the name of a job that backfill starts in this iteration (the
// engine keeps no record of how an older job started), Effic ------ for a job that has not run
// a second yet.
std::string running_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v) {
  const auto& jobs = ctx.cluster.jobs;
  constexpr std::string_view kFormat =
      "{:>18}{:1} {:>1} {:>3} {:>6} {:>8} {:>2} {:>9} {:>8} {:>8} {:>5} {:>11}  {:>19}\n";
  std::string out = fmt::format(fmt::runtime(kFormat), "JobName", "", "S", "Par", "Effic", "XFactor", "Q", "User",
                                "Group", "MHost", "Procs", "Remaining", "StartTime");
  out += "\n";
  for (const auto& row : v.active_rows) {
    const Job& job = jobs[row.job];
    const StartDecision* s = facts[row.job].start;
    const Epoch started = facts.started(row.job);
    const std::string host = first_host(ctx, facts, row.job);
    std::string partition = "-";
    if (auto n = facts.node(host)) partition = ctx.cluster.nodes[*n].partition.substr(0, 3);
    out += fmt::format(fmt::runtime(kFormat), job.id, s && s->backfill ? "+" : "", row.state.substr(0, 1), partition,
                       started >= ctx.cluster.now ? "------" : "100.00",
                       fmt::format("{:.1f}", running_xfactor(job, started)), qos_letters(job), job.user,
                       job.group.empty() ? "-" : job.group, host, job.procs(), maui_duration(facts.remaining(row.job)),
                       maui_date(started, ctx.utc_offset));
  }
  out += fmt::format("\n{:3} Jobs {:>7} of {:>5} Processors Active ({}%)\n", v.active_rows.size(), v.procs_busy,
                     v.procs_up, percent_text(static_cast<double>(v.procs_busy), static_cast<double>(v.procs_up)));
  return out;
}

// -i: the eligible jobs in priority order, '*' after the name of the job that holds a priority
// reservation; the backlog is their procs x limits, and its hours are over the procs that are up.
std::string eligible_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v) {
  const auto& jobs = ctx.cluster.jobs;
  constexpr std::string_view kFormat = "{:>18}{:1}{:>11} {:>8} {:>2} {:>9} {:>8} {:>6} {:>11} {:>9}  {:>19}\n";
  std::string out = fmt::format(fmt::runtime(kFormat), "JobName", "", "Priority", "XFactor", "Q", "User", "Group",
                                "Procs", "WCLimit", "Class", "SystemQueueTime");
  out += "\n";
  double proc_seconds = 0;
  for (const auto& row : v.eligible_rows) {
    const Job& job = jobs[row.job];
    const double xfactor = expansion_factor(std::max<Seconds>(ctx.cluster.now - job.submit_time, 0), job.walltime, 0);
    // Q: every recorded Maui row of a job of the default QOS says '-'.
    const std::string q = job.qos.empty() || job.qos == "DEFAULT" ? "-" : qos_letters(job);
    out += fmt::format(fmt::runtime(kFormat), job.id, facts[row.job].reservation ? "*" : "", facts.priority(row.job),
                       fmt::format("{:.1f}", xfactor), q, job.user, job.group.empty() ? "-" : job.group, job.procs(),
                       maui_duration(job.walltime), job.job_class.empty() ? "-" : job.job_class,
                       maui_date(job.submit_time, ctx.utc_offset));
    proc_seconds += static_cast<double>(job.procs()) * static_cast<double>(job.walltime);
  }
  const double proc_hours = proc_seconds / 3600.0;
  out += fmt::format("\nJobs: {}  Total Backlog:  {:.2f} ProcHours  ({:.2f} Hours)\n", v.eligible_rows.size(),
                     proc_hours, v.procs_up > 0 ? proc_hours / static_cast<double>(v.procs_up) : 0.0);
  return out;
}

// Maui's words for the first reason a blocked job waits: a violated limit as
// "violates active HARD MAXJOB limit of 2 for user u1  (R: 1, U: 2)"; other reasons in ours.
std::string maui_reason(const ViewContext& ctx, const Job& job, const JobFacts& f) {
  if (const JobEligibility* e = f.eligibility;
      e && e->holds.empty() && e->waiting_for.empty() && !e->violations.empty()) {
    const LimitViolation& l = e->violations.front();
    if (l.family != LimitFamily::System && l.credential.kind != ir::CredKind::System && !l.within)
      return fmt::format("violates {} {} {} limit of {} for {} {}  (R: {}, U: {})", to_string(l.family),
                         to_string(l.level), limit_name(l.family, l.resource), l.limit,
                         ir::to_string(l.credential.kind), l.credential.name, amount_text(l.request),
                         amount_text(l.usage));
  }
  const auto reasons = why_not_running(ctx, job, f);
  return reasons.empty() ? std::string() : reasons.front();
}

// -b: the blocked jobs by id. --explain gives every reason, with the config line of a limit.
std::string blocked_table_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v, bool explain) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = fmt::format("{:>18} {:>9} {:>20}\n\n", "JobName", "User", "Reason");
  for (const auto& row : by_id(ctx, v.blocked_rows)) {
    const Job& job = jobs[row.job];
    const std::string reason = explain ? fmt::format("{}", fmt::join(why_not_running(ctx, job, facts[row.job]), "; "))
                                       : maui_reason(ctx, job, facts[row.job]);
    out += fmt::format("{:>18} {:>9} {}\n", job.id, job.user, reason);
  }
  return out;
}

std::string queue_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v, bool explain) {
  std::string out;
  if (v.active && v.eligible && v.blocked)
    out = three_sections_text(ctx, facts, v);
  else if (v.active)
    out = running_text(ctx, facts, v);
  else if (v.eligible)
    out = eligible_text(ctx, facts, v);
  else
    out = blocked_table_text(ctx, facts, v, explain);
  if (ctx.scheduling_stopped) out += "\nscheduling is stopped (schedctl -s): no job starts until it resumes\n";
  return out;
}

// ----------------------------------------------------------------------------------------------
// JSON (docs/views.md)

json::Value nodes_json(const ViewContext& ctx, const Job& job, const JobFacts& f) {
  json::Array nodes;
  if (f.start && job.is_queued())
    for (const auto& nt : f.start->nodes) nodes.push_back(ctx.cluster.nodes[nt.node].name);
  else
    for (const auto& n : job.allocated_nodes) nodes.push_back(n);
  return nodes;
}

// What every row of every section says of its job.
json::Object job_json(const Job& job, const QueueRow& row) {
  return json::Object{{"id", job.id},   {"user", job.user},   {"group", job.group},   {"class", job.job_class},
                      {"qos", job.qos}, {"state", row.state}, {"procs", job.procs()}, {"walltime", job.walltime}};
}

std::string json_of(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v) {
  const auto& jobs = ctx.cluster.jobs;
  const Epoch now = ctx.cluster.now;
  json::Object out{{"now", now}};
  if (v.active) {
    json::Array rows;
    rows.reserve(v.active_rows.size());  // a json::Value is copied, not moved, when an Array grows
    for (const auto& row : v.active_rows) {
      json::Object o = job_json(jobs[row.job], row);
      o["remaining"] = facts.remaining(row.job);
      o["start"] = facts.started(row.job);
      o["nodes"] = nodes_json(ctx, jobs[row.job], facts[row.job]);
      rows.push_back(std::move(o));
    }
    out["active"] = std::move(rows);
  }
  if (v.eligible) {
    json::Array rows;
    rows.reserve(v.eligible_rows.size());
    for (const auto& row : v.eligible_rows) {
      const Job& job = jobs[row.job];
      const Reservation* r = facts[row.job].reservation;
      json::Object o = job_json(job, row);
      o["submit"] = job.submit_time;
      o["queued"] = std::max<Seconds>(now - job.submit_time, 0);
      o["priority"] = facts.priority(row.job);
      o["reservation"] = r ? json::Value(json::Object{{"start", json_time(r->start)}, {"end", json_time(r->end)}})
                           : json::Value(nullptr);
      rows.push_back(std::move(o));
    }
    out["eligible"] = std::move(rows);
  }
  if (v.blocked) {
    json::Array rows;
    rows.reserve(v.blocked_rows.size());
    for (const auto& row : v.blocked_rows) {
      const Job& job = jobs[row.job];
      json::Array reasons;
      for (auto& r : why_not_running(ctx, job, facts[row.job])) reasons.push_back(std::move(r));
      json::Object o = job_json(job, row);
      o["submit"] = job.submit_time;
      o["priority"] = facts.priority(row.job);
      o["reason"] = reasons.empty() ? json::Value("") : reasons.front();
      o["reasons"] = std::move(reasons);
      rows.push_back(std::move(o));
    }
    out["blocked"] = std::move(rows);
  }
  out["summary"] = json::Object{{"jobs", v.jobs},
                                {"active_jobs", static_cast<std::int64_t>(v.active_rows.size())},
                                {"eligible_jobs", static_cast<std::int64_t>(v.eligible_rows.size())},
                                {"blocked_jobs", static_cast<std::int64_t>(v.blocked_rows.size())},
                                {"procs_busy", v.procs_busy},
                                {"procs_up", v.procs_up},
                                {"nodes_busy", v.nodes_busy},
                                {"nodes_up", v.nodes_up},
                                {"scheduling_stopped", ctx.scheduling_stopped}};
  return json_text(std::move(out));
}

}  // namespace

const ArgSpec& showq_args() {
  static const ArgSpec spec{{"-r", "-i", "-b", "--explain"}, {{"-u", "USER"}}, ""};
  return spec;
}

ViewAnswer showq(const ViewInput& in) {
  const int sections = in.args.has("-r") + in.args.has("-i") + in.args.has("-b");
  if (sections > 1) return refuse(ViewStatus::Usage, "showq: -r, -i and -b each show one section: give one of them");
  const QueueFacts facts(in.context);
  const QueueView v = queue_view(in.context, facts, in.args);
  return answer(in.request.json ? json_of(in.context, facts, v)
                                : queue_text(in.context, facts, v, in.args.has("--explain")));
}

}  // namespace maui::runtime
