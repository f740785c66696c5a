// Reference jobs: a few one-hour jobs, each differing from a job of credentials the config does
// not name in one credential (each QOS, class, user and account the config gives a PRIORITY),
// and a wide one when procs weigh something. Their priority under Maui comes from the engine's
// own priority functions (runtime/engine/priority.h), under Slurm from the migrated multifactor
// formula (SlurmPriority::priority), on submission and after a day in the queue, so that
// MIGRATION.md shows the scaling side by side. No fairshare usage is recorded: Maui then computes
// no fairshare term (reference §4.7: docs/reference/maui-3.3-semantics.md) and Slurm gives every
// association its largest factor, 1.0, the same for every job.
#include <fmt/format.h>

#include "migrate/steps.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/priority.h"

namespace maui::migrate {

namespace {

// The week's start the prover's reference jobs use too (any instant would do: queue time counts).
constexpr runtime::Epoch kNow = 1672531200;
constexpr std::size_t kMostJobs = 14;

struct Reference {
  std::string label;
  std::string user = "~other", account, job_class = "~other", qos;
  std::int64_t procs = 1;
};

}  // namespace

void compare_reference_jobs(Context& ctx) {
  const auto& p = ctx.slurm.priority;
  const std::string fallback_account =
      ctx.slurm.find_account(kDefaultAccount) ? std::string(kDefaultAccount) : std::string("root");
  std::vector<Reference> refs;
  refs.push_back({"a job of credentials the config does not name", "~other", fallback_account, "~other", "", 1});
  auto named_with_priority = [&](ir::CredKind kind) {
    std::vector<std::string> out;
    for (const auto& [id, c] : ctx.policy.credentials)
      if (id.kind == kind && id.name != "DEFAULT" && c.priority) out.push_back(id.name);
    return out;
  };
  for (const auto& q : named_with_priority(ir::CredKind::Qos))
    refs.push_back({fmt::format("QOS {}", q), "~other", fallback_account, "~other", q, 1});
  for (const auto& c : named_with_priority(ir::CredKind::Class))
    refs.push_back({fmt::format("class {}", c), "~other", fallback_account, c, "", 1});
  for (const auto& u : named_with_priority(ir::CredKind::User)) {
    auto it = ctx.slurm.user_account.find(u);
    refs.push_back({fmt::format("user {}", u), u, it == ctx.slurm.user_account.end() ? fallback_account : it->second,
                    "~other", "", 1});
  }
  for (const auto& a : named_with_priority(ir::CredKind::Account))
    refs.push_back({fmt::format("account {}", a), "~other", a, "~other", "", 1});
  if (p.weight_cpu != 0) refs.push_back({"a 16-proc job", "~other", fallback_account, "~other", "", 16});
  if (refs.size() > kMostJobs) refs.resize(kMostJobs);

  runtime::ClusterTotals totals;
  for (const auto& n : ctx.options.cluster) totals.procs += n.procs;
  const runtime::FairshareStanding no_usage;
  const runtime::PriorityCalculator calc(ctx.directory, no_usage, totals, kNow);
  for (const auto& r : refs) {
    runtime::Job job;
    job.id = "reference";
    job.user = r.user;
    job.account = r.account == "root" ? "~other" : r.account;
    job.job_class = r.job_class;
    job.qos = r.qos;
    job.tasks = r.procs;
    job.walltime = 3600;
    // A QOS is taken as asked for (priority is about the function); otherwise the job's default.
    if (job.qos.empty()) job.qos = ctx.directory.job_qos(job);
    ReferenceJob out;
    out.label = r.label;
    out.user = r.user;
    out.account = r.account;
    out.partition = r.job_class == "~other" ? "(another partition)" : ctx.partition_of(r.job_class);
    out.qos = Context::qos_of(job.qos);
    out.procs = r.procs;
    SlurmPriority::Job sj{
        out.qos, r.job_class == "~other" ? std::string("~other") : out.partition, r.account, r.user, r.procs, 0, 1, 0,
        1.0};
    job.submit_time = kNow;
    out.maui_now = calc.evaluate(job).priority;
    out.slurm_now = p.priority(sj);
    job.submit_time = kNow - 86400;
    sj.age = 86400;
    out.maui_day = calc.evaluate(job).priority;
    out.slurm_day = p.priority(sj);
    ctx.out.reference_jobs.push_back(std::move(out));
  }
}

}  // namespace maui::migrate
