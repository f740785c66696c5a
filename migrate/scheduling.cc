// The scheduling step: backfill (manual 8.2) onto Slurm's sched/backfill and its
// SchedulerParameters, preemption (QOS PREEMPTOR / PREEMPTEE, PREEMPTPOLICY) onto preempt/qos,
// JOBMAXOVERRUN onto OverTimeLimit, the fairshare windows (FSINTERVAL x FSDEPTH, FSDECAY) onto
// PriorityDecayHalfLife, the QOS flags Slurm has, and AccountingStorageEnforce, without which
// Slurm enforces none of the limits and QOS of sacctmgr.sh (measured: a MaxJobsPerUser of 2 was
// not enforced without it, and not after `scontrol reconfigure` either: it needs a restart).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "migrate/steps.h"
#include "runtime/engine/qos_flags.h"

namespace maui::migrate {

namespace {

// bf_window's largest value (slurm.conf(5): minutes, at most 43200 = 30 days).
constexpr std::int64_t kMaxBackfillWindow = 43200;

class SchedulingPlanner {
 public:
  explicit SchedulingPlanner(Context& ctx) : ctx_(ctx), s_(ctx.slurm), sched_(ctx.policy.scheduling) {}

  void run() {
    backfill();
    poll_interval();
    node_allocation();
    preemption();
    qos_flags();
    overrun();
    fairshare_windows();
    defer();
    enforcement();
    if (!parameters_.empty())
      s_.set_conf("SchedulerParameters", fmt::format("{}", fmt::join(parameters_, ",")), parameter_from_);
  }

 private:
  Context& ctx_;
  SlurmObjects& s_;
  const ir::SchedulingPolicy& sched_;
  std::vector<std::string> parameters_;
  Sources parameter_from_;

  void parameter(std::string text, const Sources& from) {
    parameters_.push_back(std::move(text));
    parameter_from_.add(from);
  }

  // The longest wall-clock limit any job may ask for, in seconds (0: none is set).
  ir::Seconds longest_walltime() const {
    ir::Seconds longest = 0;
    for (const auto& [id, c] : ctx_.policy.credentials)
      if (c.max_walltime && c.max_walltime->value < ir::kInfinity) longest = std::max(longest, c.max_walltime->value);
    if (const auto& w = ctx_.policy.system_limits.max_walltime; w && w->value < ir::kInfinity)
      longest = std::max(longest, w->value);
    return longest;
  }

  void backfill() {
    const auto& policy = sched_.backfill_policy;
    Sources from = Sources().add(policy.from, "BACKFILLPOLICY FIRSTFIT");
    if (policy.value == ir::BackfillPolicy::None) {
      s_.set_conf("SchedulerType", "sched/builtin", from, "no backfill: jobs start in priority order only");
      ctx_.ledger.classify(policy.from, Status::Mapped,
                           "sched/builtin starts jobs in priority order, without backfill");
      return;
    }
    s_.set_conf("SchedulerType", "sched/backfill", from, "Slurm's backfill (a slurmctld restart)");
    const bool exact = policy.value == ir::BackfillPolicy::FirstFit;
    ctx_.ledger.classify(policy.from, exact ? Status::Mapped : Status::Approximated,
                         exact ? "sched/backfill tries lower-priority jobs in priority order, as FIRSTFIT"
                               : fmt::format("Slurm has one backfill algorithm (priority order, as FIRSTFIT); no {}",
                                             ir::to_string(policy.value)));
    const auto& depth = sched_.backfill_depth;
    if (depth.from.where.line > 0) {
      if (depth.value > 0) {
        parameter(fmt::format("bf_max_job_test={}", depth.value), Sources().add(depth.from));
        ctx_.ledger.classify(depth.from, Status::Mapped, "bf_max_job_test: how many jobs backfill looks at");
      } else {
        ctx_.ledger.classify(depth.from, Status::Approximated,
                             "0 (every job): Slurm's bf_max_job_test has no 'all'; its default, 500, is kept");
      }
    }
    for (const auto& [index, group] : sched_.reservation_groups) {
      ctx_.ledger.classify(group.depth.from, Status::Approximated,
                           "Slurm's backfill plans a start for every job it tests (up to bf_max_job_test) and keeps "
                           "lower-priority jobs from delaying it, as a RESERVATIONDEPTH that large; with a small "
                           "RESERVATIONDEPTH Maui backfills past more of the queue");
      if (group.qos)
        ctx_.ledger.classify(group.qos->from, Status::NotExpressible, "Slurm has no reservation depth per QOS");
    }
    const auto& rp = sched_.reservation_policy;
    ctx_.ledger.classify(rp.from,
                         rp.value == ir::ReservationPolicy::Never ? Status::NotExpressible : Status::Approximated,
                         rp.value == ir::ReservationPolicy::Never
                             ? "Slurm's backfill always protects the planned starts of the jobs it tests; nearest: "
                               "the QOS flag NoReserve"
                             : "Slurm plans the starts again at every backfill cycle (bf_interval)");
    for (const auto* p : {&sched_.reservation_threshold_type.from, &sched_.reservation_retry_time.from})
      ctx_.ledger.classify(*p, Status::NotExpressible, "no Slurm counterpart for reservation thresholds or retries");
    ctx_.ledger.classify(sched_.reservation_threshold_value.from, Status::NotExpressible,
                         "no Slurm counterpart for reservation thresholds");
    ctx_.ledger.classify(sched_.backfill_metric.from, Status::NotExpressible,
                         "Slurm's backfill fills by priority, not by a metric");
    ctx_.ledger.classify(sched_.backfill_max_schedules.from, Status::NotExpressible,
                         "nearest: bf_max_job_start (jobs started per backfill cycle)");
    ctx_.ledger.classify(sched_.chunk_size.from, Status::NotExpressible, "Slurm has no backfill chunking");
    ctx_.ledger.classify(sched_.chunk_duration.from, Status::NotExpressible, "Slurm has no backfill chunking");
    // Maui plans as far ahead as a job needs; Slurm's backfill only within bf_window (1 day by
    // default): the window covers the longest wall-clock limit the config allows.
    if (const ir::Seconds longest = longest_walltime(); longest > 86400) {
      const std::int64_t minutes = std::min<std::int64_t>(kMaxBackfillWindow, (longest + 59) / 60);
      Sources from;
      for (const auto& [id, c] : ctx_.policy.credentials)
        if (c.max_walltime && c.max_walltime->value == longest) from.add(c.max_walltime->from);
      if (const auto& w = ctx_.policy.system_limits.max_walltime; w && w->value == longest) from.add(w->from);
      parameter(fmt::format("bf_window={}", minutes), from);
      // Slurm's advice: a resolution that keeps the window's slots near the default's 1,440.
      parameter(fmt::format("bf_resolution={}", std::max<std::int64_t>(60, (minutes + 1439) / 1440 * 60)), from);
      ctx_.out.assumptions.push_back(fmt::format(
          "bf_window={} (minutes): Slurm's backfill plans only that far ahead; it covers the longest wall-clock limit "
          "the config allows{}.",
          minutes, minutes == kMaxBackfillWindow ? " up to Slurm's maximum of 30 days" : ""));
    }
  }

  void poll_interval() {
    const auto& p = sched_.poll_interval;
    if (p.from.where.line == 0) return;
    const ir::Seconds v = std::max<ir::Seconds>(1, p.value);
    parameter(fmt::format("bf_interval={}", v), Sources().add(p.from));
    ctx_.ledger.classify(p.from, Status::Approximated,
                         "Slurm schedules at job submission and end and every sched_interval (60 s); its backfill "
                         "runs every bf_interval, set to the poll interval");
  }

  void node_allocation() {
    const auto& a = sched_.node_allocation_policy;
    if (a.from.where.line == 0) return;
    std::string note;
    Status st = Status::Approximated;
    switch (a.value) {
      case ir::NodeAllocationPolicy::MinResource:
      case ir::NodeAllocationPolicy::FirstSet:
        note = "select/cons_tres picks the nodes that fit best (the least free resources), close to MINRESOURCE";
        break;
      case ir::NodeAllocationPolicy::CpuLoad:
        note = "nearest: LLN=YES on the partitions (least loaded nodes first)";
        break;
      case ir::NodeAllocationPolicy::Priority:
        note = "nearest: node Weight= (lower weights first) from NODECFG PRIORITY; PRIORITYF has no equivalent";
        st = Status::NotExpressible;
        break;
      default:
        note =
            "nearest: node Weight= on the NodeName lines (Slurm allocates the lowest weights first, then by best fit)";
        st = Status::NotExpressible;
        break;
    }
    ctx_.ledger.classify(a.from, st, note);
  }

  // QOS PREEMPTOR / PREEMPTEE: a PREEMPTOR QOS may preempt every PREEMPTEE QOS (Preempt=).
  void preemption() {
    std::vector<std::string> preemptors, preemptees;
    Sources from;
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (id.kind != ir::CredKind::Qos) continue;
      const auto f = runtime::read_qos_flags(c);
      for (const auto& flag : c.qos->flags)
        if (flag.value == "PREEMPTOR" || flag.value == "PREEMPTEE") from.add(flag.from);
      if (f.preemptor) preemptors.push_back(Context::qos_of(id.name));
      if (f.preemptee) preemptees.push_back(Context::qos_of(id.name));
    }
    auto it = ctx_.policy.scalars.find("PREEMPTPOLICY");
    const std::string policy = it == ctx_.policy.scalars.end() ? "REQUEUE" : it->second.value;
    if (preemptors.empty() || preemptees.empty()) {
      if (it != ctx_.policy.scalars.end())
        ctx_.ledger.classify(it->second.from, Status::NotNeeded,
                             "no QOS is both PREEMPTOR and preemptible: nothing to preempt");
      for (const auto& where : from.lines())
        ctx_.ledger.classify(where, Status::NotNeeded, "preemption needs both a PREEMPTOR and a PREEMPTEE QOS");
      return;
    }
    Sources all = from;
    if (it != ctx_.policy.scalars.end()) all.add(it->second.from);
    s_.set_conf("PreemptType", "preempt/qos", from, "QOS PREEMPTOR / PREEMPTEE: Slurm's QOS preemption");
    std::string mode = "REQUEUE";
    Status st = Status::Mapped;
    std::string note = "PreemptMode=REQUEUE: the preempted job goes back to the queue (it must be requeueable)";
    if (policy == "SUSPEND") {
      mode = "SUSPEND,GANG";
      note = "PreemptMode=SUSPEND,GANG";
    } else if (policy == "CHECKPOINT") {
      st = Status::NotExpressible;
      note = "Slurm 22.05 has no checkpoint plugins (removed); nearest: REQUEUE";
    } else if (policy == "CANCEL" || policy == "KILL") {
      mode = "CANCEL";
      note = "PreemptMode=CANCEL";
    } else if (policy != "REQUEUE") {
      st = Status::Approximated;
      note = fmt::format("{}: nearest: PreemptMode=REQUEUE", policy);
    }
    s_.set_conf("PreemptMode", mode, all);
    if (it != ctx_.policy.scalars.end()) ctx_.ledger.classify(it->second.from, st, note);
    std::sort(preemptees.begin(), preemptees.end());
    for (const auto& q : preemptors) {
      std::vector<std::string> targets;
      for (const auto& e : preemptees)
        if (e != q) targets.push_back(e);
      if (targets.empty()) continue;
      s_.qos_named(q, {}).set("Preempt", {}, fmt::format("{}", fmt::join(targets, ",")), from);
    }
    ctx_.classify(from, Status::Mapped, "a PREEMPTOR QOS may preempt (Preempt=) every PREEMPTEE QOS");
  }

  void qos_flags() {
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (id.kind != ir::CredKind::Qos) continue;
      for (const auto& flag : c.qos->flags) {
        const std::string& f = flag.value;
        if (f == "PREEMPTOR" || f == "PREEMPTEE") continue;
        if (f == "NORESERVATION") {
          s_.qos_named(Context::qos_of(id.name), {}).set("Flags", {}, "NoReserve", Sources().add(flag.from));
          ctx_.ledger.classify(flag.from, Status::Mapped,
                               "QOS Flags=NoReserve: its jobs reserve nothing in backfill's plan");
        } else if (f == "DEDICATED") {
          ctx_.ledger.classify(flag.from, Status::NotExpressible,
                               "Slurm takes whole nodes per partition (OverSubscribe=EXCLUSIVE) or per job "
                               "(--exclusive), not per QOS");
        } else if (f.rfind("IGN", 0) == 0) {
          ctx_.ledger.classify(flag.from, Status::NotExpressible,
                               "Slurm has no limit exemptions; nearest: the QOS's own limits, which replace the "
                               "association's for its jobs (resource_limits.html, the order of the limits)");
        } else {
          ctx_.ledger.classify(flag.from, Status::NotExpressible, fmt::format("no Slurm QOS flag for {}", f));
        }
      }
    }
  }

  void overrun() {
    auto it = ctx_.policy.scalars.find("JOBMAXOVERRUN");
    Sources from;
    std::string value = "10";  // Maui 3.3.1's code default: 600 s
    if (it != ctx_.policy.scalars.end()) {
      from.add(it->second.from);
      const std::string& v = it->second.value;
      if (v == "-1" || v == "INFINITY") {
        value = "UNLIMITED";
      } else {
        // [[[DD:]HH:]MM:]SS, as Maui writes durations.
        ir::Seconds total = 0, part = 0;
        for (char ch : v + ":") {
          if (ch == ':') {
            total = total * 60 + part;
            part = 0;
          } else if (std::isdigit(static_cast<unsigned char>(ch))) {
            part = part * 10 + (ch - '0');
          }
        }
        value = slurm_minutes(total);
      }
      ctx_.ledger.classify(it->second.from, Status::Mapped,
                           "OverTimeLimit (minutes past the time limit before Slurm kills the job)");
    } else {
      from.add(ir::Provenance{}, "JOBMAXOVERRUN 00:10:00");
    }
    s_.set_conf("OverTimeLimit", value, from);
  }

  // Maui: FSDEPTH windows of FSINTERVAL, window k weighted FSDECAY^k, older usage forgotten.
  // Slurm: usage decays continuously with PriorityDecayHalfLife. A decay d < 1 per interval I is
  // a half-life of I x ln 0.5 / ln d; with no decay (1.0) the box of D windows is matched by the
  // half-life with the same mean age of the usage counted (I x D / 2 = h / ln 2).
  void fairshare_windows() {
    const auto& fs = ctx_.policy.fairshare;
    Sources from = Sources()
                       .add(fs.interval.from, "FSINTERVAL 24:00:00")
                       .add(fs.depth.from, "FSDEPTH 7")
                       .add(fs.decay.from, "FSDECAY 1.0");
    if (s_.priority.weight_fairshare == 0) {
      for (const auto* p : {&fs.interval.from, &fs.depth.from, &fs.decay.from, &fs.metric.from})
        ctx_.ledger.classify(*p, Status::NotNeeded, "fairshare weighs nothing in this config");
      return;
    }
    const double interval = static_cast<double>(fs.interval.value > 0 ? fs.interval.value : 86400);
    const double depth = static_cast<double>(std::clamp<std::int64_t>(fs.depth.value, 1, 24));
    const double decay = fs.decay.value > 0 && fs.decay.value <= 1 ? fs.decay.value : 1.0;
    const double half_life =
        decay < 1.0 ? interval * std::log(0.5) / std::log(decay) : interval * depth * std::log(2.0) / 2;
    const auto seconds = std::max<ir::Seconds>(60, static_cast<ir::Seconds>(std::llround(half_life / 60)) * 60);
    s_.set_conf("PriorityDecayHalfLife", slurm_duration(seconds), from,
                fmt::format("{} windows of {} s{}: a half-life of {}", fs.depth.value, fs.interval.value,
                            decay < 1.0 ? fmt::format(" decaying by {:g}", decay) : std::string(" without decay"),
                            slurm_duration(seconds)));
    ctx_.classify(from, Status::Approximated,
                  "Slurm decays usage continuously (PriorityDecayHalfLife) and has no cut-off after FSDEPTH windows");
    switch (fs.metric.value) {
      case ir::FairshareMetric::DedicatedPS:
        ctx_.ledger.classify(fs.metric.from, Status::Mapped,
                             "Slurm's usage is the CPU-seconds allocated (billing = CPUs)");
        break;
      case ir::FairshareMetric::DedicatedPES:
        ctx_.ledger.classify(fs.metric.from, Status::Approximated,
                             "Slurm bills allocated CPUs; nearest to processor equivalents: TRESBillingWeights with "
                             "PriorityFlags=MAX_TRES");
        break;
      case ir::FairshareMetric::UtilizedPS:
        ctx_.ledger.classify(fs.metric.from, Status::Approximated,
                             "Slurm counts allocated CPU-seconds, not utilized ones");
        break;
      case ir::FairshareMetric::None: break;
    }
    if (fs.percentage_mode.value)
      ctx_.ledger.classify(fs.percentage_mode.from, Status::Approximated,
                           "Slurm has one fairshare formula (Fair Tree)");
  }

  void defer() {
    for (const char* name : {"DEFERTIME", "DEFERCOUNT", "DEFERSTARTCOUNT"})
      if (auto it = ctx_.policy.scalars.find(name); it != ctx_.policy.scalars.end())
        ctx_.ledger.classify(it->second.from, Status::NotExpressible,
                             "Slurm does not defer jobs: a job that cannot start stays PENDING with a reason");
  }

  void enforcement() {
    s_.set_conf("AccountingStorageEnforce", "associations,limits,qos", {},
                "Slurm enforces the limits, QOS and associations of sacctmgr.sh only with this (a slurmctld restart; "
                "`scontrol reconfigure` shows it but does not enforce it)");
  }
};

}  // namespace

void plan_scheduling(Context& ctx) { SchedulingPlanner(ctx).run(); }

}  // namespace maui::migrate
