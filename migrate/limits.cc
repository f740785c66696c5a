// The limits step: Maui's throttling limits (manual 6.2) as Slurm's resource limits
// (resource_limits.html). A user's MAX* becomes a limit of its association (MaxJobs, and for
// the resources GrpTRES: the association of one user in one account counts only that user); an
// account's the Grp* limits of the account's association; a QOS's the QOS's Grp* limits and
// MaxJobsPerUser / MaxTRESPerUser for MAX*[USER]; a class's the limits of a partition QOS
// (PartitionName=... QOS=part_<name>). USERCFG[DEFAULT] MAXJOB is root's MaxJobs, which Slurm
// applies to every association below that sets none (measured: sacctmgr shows it inherited).
// MAXPS (proc-seconds of the active jobs' remaining time) is GrpTRESRunMins=cpu in minutes.
//
// Slurm has one value per limit: a soft limit is lost (the hard one is kept); idle-job limits,
// per-group limits and outstanding wall-clock (MAXWC) have no equivalent.
#include <fmt/format.h>

#include "migrate/steps.h"

namespace maui::migrate {

namespace {

using R = ir::LimitResource;

// Where a limit of a resource goes on one kind of Slurm object.
struct Target {
  const char* key = nullptr;  // nullptr: not expressible there
  const char* tres = "";
};

// A total of the credential (an account, a QOS, a partition QOS; a user's own association).
Target total_of(R r, bool user_association) {
  switch (r) {
    case R::Job: return {user_association ? "MaxJobs" : "GrpJobs", ""};
    case R::Proc: return {"GrpTRES", "cpu"};
    case R::Node: return {"GrpTRES", "node"};
    case R::Mem: return {"GrpTRES", "mem"};
    case R::PS: return {"GrpTRESRunMins", "cpu"};
    default: return {};
  }
}
// Per user, on a QOS or a partition QOS.
Target per_user_of(R r) {
  switch (r) {
    case R::Job: return {"MaxJobsPerUser", ""};
    case R::Proc: return {"MaxTRESPerUser", "cpu"};
    case R::Node: return {"MaxTRESPerUser", "node"};
    case R::Mem: return {"MaxTRESPerUser", "mem"};
    default: return {};
  }
}
// Per job, on a QOS (the OMAXJ* system overrides).
Target per_job_of(R r) {
  switch (r) {
    case R::Proc: return {"MaxTRES", "cpu"};
    case R::Node: return {"MaxTRES", "node"};
    case R::Mem: return {"MaxTRES", "mem"};
    case R::WC: return {"MaxWall", ""};
    default: return {};
  }
}

std::string nearest_for(R r) {
  switch (r) {
    case R::WC: return "Slurm counts no outstanding wall-clock time; nearest: MaxWall per job";
    case R::PE: return "Slurm has no processor equivalents; nearest: GrpTRES=cpu";
    default: return "no Slurm limit of this resource here";
  }
}

// The Slurm value of a limit: the hard one (-1 clears a limit in sacctmgr, as unlimited); MAXPS
// counts proc-seconds, GrpTRESRunMins CPU-minutes (rounded up); memory in MB on both sides.
std::string value_of(const ir::Limit& l, R r) {
  if (l.hard < 0) return "-1";
  if (r == R::PS) return std::to_string((l.hard + 59) / 60);
  if (r == R::WC) return slurm_minutes(l.hard);
  return std::to_string(l.hard);
}

class LimitPlanner {
 public:
  explicit LimitPlanner(Context& ctx) : ctx_(ctx), s_(ctx.slurm) {}

  void run() {
    for (const auto& [id, c] : ctx_.policy.credentials) credential(c);
    system_limits();
  }

 private:
  Context& ctx_;
  SlurmObjects& s_;

  // Sets a limit on `e` and classifies the setting; `target.key` null: not expressible.
  void apply(AccountingEntity* e, Target target, const ir::Limit& l, R r, std::string what, std::string extra = {}) {
    if (!target.key || !e) {
      ctx_.ledger.classify(l.from, Status::NotExpressible, extra.empty() ? nearest_for(r) : extra);
      return;
    }
    const std::string v = value_of(l, r);
    e->set(target.key, target.tres, v, Sources().add(l.from));
    std::string note = fmt::format("{} {}{}{}", what, target.key, target.tres[0] ? "=" : "", target.tres);
    if (r == R::PS) note += " (proc-seconds / 60, rounded up: Slurm counts CPU-minutes of the remaining time)";
    if (!extra.empty()) note += fmt::format("; {}", extra);
    Status st = Status::Mapped;
    if (l.soft != l.hard && l.soft != 0) {
      st = Status::Approximated;
      note += fmt::format("; the soft limit {} is lost: every Slurm limit is one hard value", l.soft);
    }
    ctx_.ledger.classify(l.from, st, note);
  }

  AccountingEntity* user_association(const std::string& user) {
    for (auto& u : s_.users)
      if (u.name == user) return &u;
    return nullptr;
  }

  AccountingEntity& root_account() { return s_.account_named("root", {}); }

  // The partition QOS of a class, made on first use.
  AccountingEntity& partition_qos(const ir::CredentialConfig& c) {
    const std::string part = ctx_.partition_of(c.id.name);
    auto& q = s_.qos_named(fmt::format("part_{}", part), Sources().add(c.declared.where));
    s_.partition_named(part, Sources().add(c.declared.where)).set("QOS", q.name, Sources().add(c.declared.where));
    return q;
  }

  void credential(const ir::CredentialConfig& c) {
    const auto kind = c.id.kind;
    const bool is_default = c.id.name == "DEFAULT";
    for (std::size_t i = 0; i < ir::kLimitResources; ++i) {
      const auto r = static_cast<R>(i);
      if (const auto& l = c.active[r]) active(c, r, *l, is_default);
      if (const auto& l = c.idle[r])
        ctx_.ledger.classify(l->from, Status::NotExpressible,
                             "Slurm has no limit on eligible (idle) jobs; nearest: MaxJobsAccrue / GrpJobsAccrue (the "
                             "extra jobs stay eligible but stop accruing age priority) or MaxSubmitJobs (refused at "
                             "submission)");
      if (kind == ir::CredKind::Qos) {
        const auto& q = c.qos.get();
        AccountingEntity* e = &s_.qos_named(Context::qos_of(c.id.name), {});
        if (const auto& l = q.override_active[r])
          apply(e, per_user_of(r), *l, r, "the QOS's",
                "a QOS limit replaces the association's for the QOS's jobs, close to Maui's override; Slurm's is per "
                "user, Maui's replaces every credential's limit");
        if (const auto& l = q.override_system[r]) apply(e, per_job_of(r), *l, r, "the QOS's per-job");
        if (const auto& l = q.override_idle[r])
          ctx_.ledger.classify(l->from, Status::NotExpressible, "Slurm has no limit on eligible (idle) jobs");
      }
    }
    for (const auto& sl : c.scoped) scoped(c, sl);
    if (c.max_walltime) walltime(c, *c.max_walltime);
    if (c.default_walltime && kind != ir::CredKind::Class)
      ctx_.ledger.classify(c.default_walltime->from, Status::NotExpressible,
                           "Slurm has a default time limit per partition only (DefaultTime)");
    if (c.node_access && kind != ir::CredKind::Class)
      ctx_.ledger.classify(c.node_access->from, Status::NotExpressible, "Slurm sets node sharing per partition");
    (void)is_default;
  }

  void active(const ir::CredentialConfig& c, R r, const ir::Limit& l, bool is_default) {
    const std::string& name = c.id.name;
    switch (c.id.kind) {
      case ir::CredKind::User:
        if (is_default) {
          if (r == R::Job) {
            apply(&root_account(), {"MaxJobs", ""}, l, r, "root's",
                  "Slurm applies it to every user association that sets none");
            return;
          }
          // A total per user: on each user association made here (an account's GrpTRES would be the account's total).
          bool any = false;
          for (auto& u : s_.users) {
            const auto* own = ctx_.policy.find(ir::CredKind::User, u.name);
            if (own && own->active[r]) continue;
            apply(&u, total_of(r, true), l, r, "each user association's",
                  "given to the users this migration adds; a user added later needs it on its association");
            any = true;
          }
          if (!any)
            ctx_.ledger.classify(l.from, Status::NotExpressible,
                                 "a per-user total for users the config does not name: Slurm has none (nearest: "
                                 "MaxTRESPerUser on a QOS, which then wins over every user's own limit)");
          return;
        }
        apply(user_association(name), total_of(r, true), l, r, "the user association's");
        return;
      case ir::CredKind::Account:
        if (is_default) {
          for (auto& a : s_.accounts) {
            const auto* own = ctx_.policy.find(ir::CredKind::Account, a.name);
            if (a.name == "root" || (own && own->active[r])) continue;
            apply(&a, total_of(r, false), l, r, "each account association's",
                  "given to the accounts this migration adds");
          }
          if (s_.accounts.empty()) ctx_.ledger.classify(l.from, Status::NotExpressible, "no account to carry it");
          return;
        }
        apply(&s_.account_named(name, {}), total_of(r, false), l, r, "the account association's");
        return;
      case ir::CredKind::Qos:
        apply(&s_.qos_named(Context::qos_of(name), {}), total_of(r, false), l, r, "the QOS's",
              is_default ? "QOSCFG[DEFAULT]: set on Slurm's default QOS normal only" : "");
        return;
      case ir::CredKind::Class:
        if (is_default) {
          ctx_.ledger.classify(l.from, Status::NotExpressible,
                               "CLASSCFG[DEFAULT] limits: set the same on each partition's QOS (part_<name>)");
          return;
        }
        apply(&partition_qos(c), total_of(r, false), l, r, "the partition QOS's");
        return;
      case ir::CredKind::Group:
        ctx_.ledger.classify(l.from, Status::NotExpressible,
                             "Slurm's limits hang on associations and QOS, not on UNIX groups; nearest: an account per "
                             "group with Grp* limits");
        return;
      case ir::CredKind::System:
        apply(&root_account(), total_of(r, false), l, r, "root's (the whole cluster's)");
        return;
    }
  }

  // MAX*[USER] (every user), MAX*[USER:name] (one user), MAX*[GROUP|ACCOUNT|CLASS|QOS...].
  void scoped(const ir::CredentialConfig& c, const ir::ScopedLimit& sl) {
    if (sl.idle) {
      ctx_.ledger.classify(sl.limit.from, Status::NotExpressible, "Slurm has no limit on eligible (idle) jobs");
      return;
    }
    if (sl.scope != ir::CredKind::User) {
      ctx_.ledger.classify(
          sl.limit.from, Status::NotExpressible,
          fmt::format("Slurm has no per-{} limit inside a {}", ir::to_string(sl.scope), ir::to_string(c.id.kind)));
      return;
    }
    if (sl.scope_name) {
      ctx_.ledger.classify(sl.limit.from, Status::NotExpressible,
                           fmt::format("a limit of user {} inside one {}: nearest: that user's association limit",
                                       *sl.scope_name, ir::to_string(c.id.kind)));
      return;
    }
    switch (c.id.kind) {
      case ir::CredKind::Class:
        if (c.id.name == "DEFAULT") break;
        apply(&partition_qos(c), per_user_of(sl.resource), sl.limit, sl.resource, "the partition QOS's",
              "a partition QOS limit comes first in Slurm's order: it wins over the user's own association limit");
        return;
      case ir::CredKind::Qos:
        apply(&s_.qos_named(Context::qos_of(c.id.name), {}), per_user_of(sl.resource), sl.limit, sl.resource,
              "the QOS's");
        return;
      case ir::CredKind::Account:
        if (sl.resource == R::Job && c.id.name != "DEFAULT") {
          apply(&s_.account_named(c.id.name, {}), {"MaxJobs", ""}, sl.limit, sl.resource, "the account association's",
                "Slurm applies an account's MaxJobs to each of its users");
          return;
        }
        break;
      case ir::CredKind::System:
        if (sl.resource == R::Job) {
          apply(&root_account(), {"MaxJobs", ""}, sl.limit, sl.resource, "root's",
                "Slurm applies it to every user association that sets none");
          return;
        }
        break;
      default: break;
    }
    ctx_.ledger.classify(sl.limit.from, Status::NotExpressible,
                         fmt::format("no per-user Slurm limit of this resource for a {}", ir::to_string(c.id.kind)));
  }

  void walltime(const ir::CredentialConfig& c, const ir::Sourced<ir::Seconds>& w) {
    const std::string v = slurm_minutes(w.value);
    switch (c.id.kind) {
      case ir::CredKind::User:
        if (c.id.name == "DEFAULT") {
          root_account().set("MaxWall", {}, v, Sources().add(w.from));
          ctx_.ledger.classify(w.from, Status::Mapped, "root's MaxWall, inherited by every association that sets none");
        } else if (auto* u = user_association(c.id.name)) {
          u->set("MaxWall", {}, v, Sources().add(w.from));
          ctx_.ledger.classify(w.from, Status::Mapped, "the user's association MaxWall");
        }
        return;
      case ir::CredKind::Account:
        if (c.id.name != "DEFAULT") {
          s_.account_named(c.id.name, {}).set("MaxWall", {}, v, Sources().add(w.from));
          ctx_.ledger.classify(w.from, Status::Mapped, "the account's MaxWall, inherited by its users");
          return;
        }
        break;
      case ir::CredKind::Qos:
        s_.qos_named(Context::qos_of(c.id.name), {}).set("MaxWall", {}, v, Sources().add(w.from));
        ctx_.ledger.classify(w.from, Status::Mapped, "the QOS's MaxWall");
        return;
      case ir::CredKind::Class: return;  // the partition's MaxTime (partitions.cc)
      default: break;
    }
    ctx_.ledger.classify(w.from, Status::NotExpressible,
                         fmt::format("no per-{} wall-clock limit in Slurm", ir::to_string(c.id.kind)));
  }

  // SYSTEMMAXPROCPERJOB, SYSTEMMAXJOBWALLTIME, SYSTEMMAXPROCSECONDPERJOB: per-job limits of
  // root's association, which every association below inherits.
  void system_limits() {
    const auto& sl = ctx_.policy.system_limits;
    if (sl.max_procs) {
      root_account().set("MaxTRES", "cpu", std::to_string(sl.max_procs->value), Sources().add(sl.max_procs->from));
      ctx_.ledger.classify(sl.max_procs->from, Status::Mapped,
                           "root's MaxTRES=cpu (per job), inherited by every association");
    }
    if (sl.max_walltime) {
      root_account().set("MaxWall", {}, slurm_minutes(sl.max_walltime->value), Sources().add(sl.max_walltime->from));
      ctx_.ledger.classify(sl.max_walltime->from, Status::Mapped,
                           "root's MaxWall (per job), inherited by every association");
    }
    if (sl.max_proc_seconds) {
      root_account().set("MaxTRESMins", "cpu", std::to_string((sl.max_proc_seconds->value + 59) / 60),
                         Sources().add(sl.max_proc_seconds->from));
      ctx_.ledger.classify(sl.max_proc_seconds->from, Status::Mapped,
                           "root's MaxTRESMins=cpu (CPU-minutes per job: proc-seconds / 60, rounded up)");
    }
  }
};

}  // namespace

void plan_limits(Context& ctx) { LimitPlanner(ctx).run(); }

}  // namespace maui::migrate
