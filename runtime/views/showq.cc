// showq [-r|-i|-b] [-u USER]: the queue in Maui 3.3's three sections
// (docs/reference/maui-3.3-semantics.md §11.1): active jobs (earliest completion first), idle jobs
// (eligible, in priority order) and blocked jobs, with Maui's footers. -r, -i and -b show one
// section each in its long form.
#include <set>

#include <fmt/format.h>

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

std::string plural(std::int64_t n, std::string_view word) {
  return fmt::format("{:6} {}{}", n, word, n == 1 ? "" : "s");
}

constexpr std::string_view kRowFormat = "{:<18} {:>8} {:>10} {:>5} {:>11}  {:>19}";

// ----------------------------------------------------------------------------------------------
// Text

std::string active_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v, bool extended) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = "ACTIVE JOBS--------------------\n";
  constexpr std::string_view kLong = "{:<18} {:>1} {:>8} {:>8} {:>8} {:>8} {:>12} {:>5} {:>11}  {:>19}";
  if (extended)
    out += fmt::format(fmt::runtime(kLong), "JOBNAME", "S", "PAR", "QOS", "USERNAME", "GROUP", "MHOST", "PROC",
                       "REMAINING", "STARTTIME");
  else
    out += fmt::format(fmt::runtime(kRowFormat), "JOBNAME", "USERNAME", "STATE", "PROC", "REMAINING", "STARTTIME");
  out += "\n\n";
  for (const auto& row : v.active_rows) {
    const Job& job = jobs[row.job];
    const std::string remaining = maui_duration(facts.remaining(row.job));
    const std::string start = maui_date(facts.started(row.job), ctx.utc_offset);
    if (extended) {
      std::string host = "-", partition = "-";
      const StartDecision* s = facts[row.job].start;
      if (s && job.is_queued() && !s->nodes.empty())
        host = ctx.cluster.nodes[s->nodes.front().node].name;
      else if (!job.allocated_nodes.empty())
        host = job.allocated_nodes.front();
      if (auto n = facts.node(host)) partition = ctx.cluster.nodes[*n].partition;
      out += fmt::format(fmt::runtime(kLong), job.id, row.state.substr(0, 1), partition, job.qos, job.user,
                         job.group.empty() ? "-" : job.group, host, job.procs(), remaining, start);
    } else {
      out += fmt::format(fmt::runtime(kRowFormat), job.id, job.user, row.state, job.procs(), remaining, start);
    }
    out += "\n";
  }
  out += fmt::format("\n{:<21} {:4} of {:4} Processors Active ({}%)\n",
                     plural(static_cast<std::int64_t>(v.active_rows.size()), "Active Job"), v.procs_busy, v.procs_up,
                     percent_text(static_cast<double>(v.procs_busy), static_cast<double>(v.procs_up)));
  if (v.procs_up != v.nodes_up)
    out += fmt::format("{:<21} {:4} of {:4} Nodes Active      ({}%)\n", "", v.nodes_busy, v.nodes_up,
                       percent_text(static_cast<double>(v.nodes_busy), static_cast<double>(v.nodes_up)));
  return out;
}

std::string idle_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v, bool extended) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = "IDLE JOBS----------------------\n";
  // The long form marks a job that holds a priority reservation with '*' after its name.
  constexpr std::string_view kLong = "{:<19} {:>10} {:>8} {:>8} {:>8} {:>8} {:>5} {:>11} {:>8}  {:>19}";
  if (extended)
    out += fmt::format(fmt::runtime(kLong), "JOBNAME", "PRIORITY", "XFACTOR", "QOS", "USERNAME", "GROUP", "PROC",
                       "WCLIMIT", "CLASS", "QUEUETIME");
  else
    out += fmt::format(fmt::runtime(kRowFormat), "JOBNAME", "USERNAME", "STATE", "PROC", "WCLIMIT", "QUEUETIME");
  out += "\n\n";
  for (const auto& row : v.eligible_rows) {
    const Job& job = jobs[row.job];
    const std::string submitted = maui_date(job.submit_time, ctx.utc_offset);
    if (extended) {
      const double xfactor = expansion_factor(std::max<Seconds>(ctx.cluster.now - job.submit_time, 0), job.walltime, 0);
      out +=
          fmt::format(fmt::runtime(kLong), job.id + (facts[row.job].reservation ? "*" : ""), facts.priority(row.job),
                      fmt::format("{:.1f}", xfactor), job.qos, job.user, job.group.empty() ? "-" : job.group,
                      job.procs(), maui_duration(job.walltime), job.job_class.empty() ? "-" : job.job_class, submitted);
    } else {
      out += fmt::format(fmt::runtime(kRowFormat), job.id, job.user, row.state, job.procs(),
                         maui_duration(job.walltime), submitted);
    }
    out += "\n";
  }
  out += fmt::format("\n{}\n", plural(static_cast<std::int64_t>(v.eligible_rows.size()), "Idle Job"));
  return out;
}

std::string blocked_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v, bool extended) {
  const auto& jobs = ctx.cluster.jobs;
  std::string out = "BLOCKED JOBS----------------\n";
  out += fmt::format(fmt::runtime(kRowFormat), "JOBNAME", "USERNAME", "STATE", "PROC", "WCLIMIT", "QUEUETIME");
  out += extended ? "  REASON\n\n" : "\n\n";
  for (const auto& row : v.blocked_rows) {
    const Job& job = jobs[row.job];
    out += fmt::format(fmt::runtime(kRowFormat), job.id, job.user, row.state, job.procs(), maui_duration(job.walltime),
                       maui_date(job.submit_time, ctx.utc_offset));
    if (extended) out += fmt::format("  {}", fmt::join(why_not_running(ctx, job, facts[row.job]), "; "));
    out += "\n";
  }
  out += fmt::format("\n{}\n", plural(static_cast<std::int64_t>(v.blocked_rows.size()), "Blocked Job"));
  return out;
}

std::string queue_text(const ViewContext& ctx, const QueueFacts& facts, const QueueView& v) {
  const bool one_section = !(v.active && v.eligible && v.blocked);
  std::string out;
  if (v.active) out += active_text(ctx, facts, v, one_section);
  if (v.eligible) out += fmt::format("{}{}", out.empty() ? "" : "\n", idle_text(ctx, facts, v, one_section));
  if (v.blocked) out += fmt::format("{}{}", out.empty() ? "" : "\n", blocked_text(ctx, facts, v, one_section));
  out += fmt::format("\nTotal Jobs: {}   Active Jobs: {}   Idle Jobs: {}   Blocked Jobs: {}\n", v.jobs,
                     v.active_rows.size(), v.eligible_rows.size(), v.blocked_rows.size());
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
  static const ArgSpec spec{{"-r", "-i", "-b"}, {{"-u", "USER"}}, ""};
  return spec;
}

ViewAnswer showq(const ViewInput& in) {
  const int sections = in.args.has("-r") + in.args.has("-i") + in.args.has("-b");
  if (sections > 1) return refuse(ViewStatus::Usage, "showq: -r, -i and -b each show one section: give one of them");
  const QueueFacts facts(in.context);
  const QueueView v = queue_view(in.context, facts, in.args);
  return answer(in.request.json ? json_of(in.context, facts, v) : queue_text(in.context, facts, v));
}

}  // namespace maui::runtime
