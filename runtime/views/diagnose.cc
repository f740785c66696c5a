// diagnose -p | -f | -q | -r | -j | -l. -f is the report of `mauirun fairshare` (the same
// function, the same bytes); -j lists the jobs with problems. -p (Maui's table; with --explain
// the report of `mauirun priority`), -q, -r and -l have files of their own.
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

ViewAnswer fairshare(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  const ir::Policy& policy = ctx.dir.policy();
  return answer(in.request.json ? fairshare_json(policy, fairshare_of(ctx), 0)
                                : render_fairshare(policy, fairshare_of(ctx)));
}

// ----------------------------------------------------------------------------------------------
// -j: jobs with problems

struct JobProblems {
  std::size_t job = 0;
  std::string state;
  std::vector<std::string> problems;
};

std::vector<JobProblems> job_problems(const ViewContext& ctx, const QueueFacts& facts) {
  std::vector<JobProblems> out;
  const Epoch now = ctx.cluster.now;
  auto add = [&](std::size_t j, std::vector<std::string> problems) {
    if (!problems.empty()) out.push_back({j, maui_state(ctx.cluster.jobs[j], facts[j]), std::move(problems)});
  };
  for (std::size_t j : facts.active_by_completion()) {
    const Job& job = ctx.cluster.jobs[j];
    if (facts[j].start && job.is_queued()) continue;
    std::vector<std::string> p;
    if (job.elapsed(now) > job.walltime)
      p.push_back(fmt::format("running {} past its wallclock limit of {}",
                              maui_duration(job.elapsed(now) - job.walltime), maui_duration(job.walltime)));
    if (job.allocated_nodes.empty()) p.push_back("runs on no node the resource manager names");
    for (const auto& n : job.allocated_nodes)
      if (!facts.node(n)) p.push_back(fmt::format("runs on {}, which is not a node of the cluster", n));
    if (job.soft_policy_violation) p.push_back("runs over a soft active limit (SPVIOLATION)");
    add(j, std::move(p));
  }
  for (std::size_t j : facts.queued_by_priority())
    if (facts[j].standing == JobStanding::Blocked) add(j, why_not_running(ctx, ctx.cluster.jobs[j], facts[j]));
  return out;
}

ViewAnswer jobs(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  const QueueFacts facts(ctx);
  const auto problems = job_problems(ctx, facts);
  if (in.request.json) {
    json::Array list;
    for (const auto& p : problems) {
      json::Array items;
      for (const auto& s : p.problems) items.push_back(s);
      list.push_back(json::Object{{"id", ctx.cluster.jobs[p.job].id},
                                  {"user", ctx.cluster.jobs[p.job].user},
                                  {"state", p.state},
                                  {"problems", std::move(items)}});
    }
    return answer(json_text(json::Object{{"now", ctx.cluster.now}, {"jobs", std::move(list)}}));
  }
  std::string out = "Diagnosing Jobs\n\n";
  out += fmt::format("{:<18} {:>8} {:>10}  {}\n\n", "JOBNAME", "USERNAME", "STATE", "PROBLEM");
  for (const auto& p : problems) {
    const Job& job = ctx.cluster.jobs[p.job];
    for (std::size_t k = 0; k < p.problems.size(); ++k)
      out += k == 0 ? fmt::format("{:<18} {:>8} {:>10}  {}\n", job.id, job.user, p.state, p.problems[k])
                    : fmt::format("{:<18} {:>8} {:>10}  {}\n", "", "", "", p.problems[k]);
  }
  out += fmt::format("\n{} job{} with problems\n", problems.size(), problems.size() == 1 ? "" : "s");
  return answer(std::move(out));
}

}  // namespace

const ArgSpec& diagnose_args() {
  static const ArgSpec spec{{"-p", "-f", "-q", "-r", "-j", "-l", "--explain"}, {}, ""};
  return spec;
}

ViewAnswer diagnose(const ViewInput& in) {
  const int asked = in.args.has("-p") + in.args.has("-f") + in.args.has("-q") + in.args.has("-r") + in.args.has("-j") +
                    in.args.has("-l");
  if (asked != 1)
    return refuse(ViewStatus::Usage, fmt::format("diagnose: expected one of -p, -f, -q, -r, -j, -l ({})",
                                                 asked == 0 ? "got none" : "got several"));
  if (in.args.has("-p")) return diagnose_priority(in);
  if (in.args.has("-f")) return fairshare(in);
  if (in.args.has("-q")) return diagnose_qos(in);
  if (in.args.has("-r")) return diagnose_reservations(in);
  if (in.args.has("-j")) return jobs(in);
  return diagnose_limits(in);
}

}  // namespace maui::runtime
