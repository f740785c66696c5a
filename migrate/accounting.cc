// The accounting step: Maui's credentials as Slurm's accounting objects. QOSCFG entries become
// QOS; ACCOUNTCFG entries and the ADEF accounts become accounts; USERCFG entries become users,
// each with one association (its ADEF account, else kDefaultAccount): Slurm keeps shares, QOS
// lists, priorities and limits on associations (resource_limits.html), so a user needs one.
// FSTARGET becomes Fairshare shares, QLIST / QDEF the association's QOS list and DefaultQOS,
// and the priorities plan_priority chose are set on each QOS and association. GROUPCFG has no
// Slurm object: a UNIX group is no association.
#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "checker/weights.h"
#include "migrate/steps.h"

namespace maui::migrate {

namespace {

bool fairshare_weighs(const Context& ctx) { return ctx.slurm.priority.weight_fairshare > 0; }

Sources declared(const ir::CredentialConfig& c) { return Sources().add(c.declared.where); }

class AccountingPlanner {
 public:
  explicit AccountingPlanner(Context& ctx) : ctx_(ctx), s_(ctx.slurm), p_(ctx.slurm.priority) {}

  void run() {
    qos();
    accounts_and_users();
    priorities();
    shares();
    qos_access();
    groups();
  }

 private:
  Context& ctx_;
  SlurmObjects& s_;
  SlurmPriority& p_;

  const ir::CredentialConfig* find(ir::CredKind k, const std::string& n) const { return ctx_.policy.find(k, n); }
  // FSWEIGHT x the kind's FS*WEIGHT: what weighs a credential's distance from its FSTARGET.
  std::int64_t fairshare_weight(ir::CredKind k) const {
    const auto& pr = ctx_.policy.priority;
    return pr[ir::PriorityComponent::Fairshare].weight.value * pr[checker::fairshare_subcomponent(k)].weight.value;
  }

  // Every QOS the config names: QOSCFG entries, and the QOS of every QLIST and QDEF.
  void qos() {
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (id.kind == ir::CredKind::Qos) s_.qos_named(Context::qos_of(id.name), declared(c));
      if (c.qos_list)
        for (const auto& n : c.qos_list->names)
          if (n != "ALL") s_.qos_named(Context::qos_of(n), Sources().add(c.qos_list->from));
      if (c.qos_default && !c.qos_default->value.empty())
        s_.qos_named(Context::qos_of(c.qos_default->value), Sources().add(c.qos_default->from));
    }
    // Slurm's default QOS takes the priority Maui gives the DEFAULT QOS.
    if (p_.weight_qos != 0 && !s_.find_qos("normal")) s_.qos_named("normal", {});
  }

  void accounts_and_users() {
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (id.kind == ir::CredKind::Account && id.name != "DEFAULT") s_.account_named(id.name, declared(c));
      if (c.account_default && !c.account_default->value.empty())
        s_.account_named(c.account_default->value, Sources().add(c.account_default->from));
    }
    const auto* default_user = find(ir::CredKind::User, "DEFAULT");
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (id.kind != ir::CredKind::User || id.name == "DEFAULT") continue;
      const ir::CredentialConfig* adef_from = c.account_default                               ? &c
                                              : default_user && default_user->account_default ? default_user
                                                                                              : nullptr;
      std::string account(kDefaultAccount);
      Sources from = declared(c);
      if (adef_from) {
        account = adef_from->account_default->value;
        from.add(adef_from->account_default->from);
        ctx_.ledger.classify(adef_from->account_default->from, Status::Mapped,
                             "the user's association is in this account, its DefaultAccount");
      } else {
        s_.account_named(account, {});
      }
      s_.user_account[id.name] = account;
      auto& u = s_.user_named(id.name, account, from);
      if (adef_from) u.set("DefaultAccount", {}, account, Sources().add(adef_from->account_default->from));
    }
    if (default_user && default_user->account_default)
      ctx_.ledger.classify(default_user->account_default->from, Status::Approximated,
                           "the users this migration adds get it; a user added later names its account itself");
  }

  // The priorities plan_priority worked out: QOS Priority, and the association Priority as the
  // user's term plus the account's, all shifted by the smallest so that none is negative.
  void priorities() {
    if (p_.weight_qos != 0)
      for (auto& q : s_.qos) {
        auto it = p_.qos_priority.find(q.name);
        const std::int64_t v = it != p_.qos_priority.end() ? it->second : p_.other_qos_priority;
        // Slurm's normal is Maui's DEFAULT QOS, unless the config has a QOS of that name.
        const bool own = ctx_.policy.find(ir::CredKind::Qos, q.name) != nullptr;
        const auto r = ctx_.directory.priority(ir::CredKind::Qos, q.name == "normal" && !own ? "DEFAULT" : q.name);
        Sources from;
        if (r.from) from.add(*r.from);
        q.set("Priority", {}, std::to_string(v), from);
      }
    if (p_.weight_assoc == 0) return;
    auto user_term = [&](const std::string& u) {
      auto it = p_.user_term.find(u);
      return it == p_.user_term.end() ? p_.other_user_term : it->second;
    };
    auto account_term = [&](const std::string& a) {
      auto it = p_.account_term.find(a);
      return it == p_.account_term.end() ? p_.other_account_term : it->second;
    };
    std::int64_t lowest = 0;
    for (const auto& a : s_.accounts) lowest = std::min(lowest, p_.other_user_term + account_term(a.name));
    for (const auto& u : s_.users) lowest = std::min(lowest, user_term(u.name) + account_term(u.account));
    const std::int64_t shift = -lowest;
    if (shift != 0)
      ctx_.out.assumptions.push_back(fmt::format(
          "Association priorities are shifted up by {} (Slurm's are not negative); an association this migration does "
          "not make (root's, or one added later) keeps Priority 0 or its account's.",
          shift));
    auto source = [&](ir::CredKind k, const std::string& n) {
      Sources s;
      if (const auto r = ctx_.directory.priority(k, n); r.from) s.add(*r.from);
      return s;
    };
    for (auto& a : s_.accounts) {
      const std::int64_t v = p_.other_user_term + account_term(a.name) + shift;
      p_.account_priority[a.name] = v;
      a.set("Priority", {}, std::to_string(v),
            source(ir::CredKind::Account, a.name).add(source(ir::CredKind::User, "\x01")));
    }
    for (auto& u : s_.users) {
      const std::int64_t v = user_term(u.name) + account_term(u.account) + shift;
      p_.assoc_priority[{u.account, u.name}] = v;
      u.set("Priority", {}, std::to_string(v),
            source(ir::CredKind::User, u.name).add(source(ir::CredKind::Account, u.account)));
    }
  }

  // FSTARGET (percent of the delivered cycles) -> Fairshare (shares relative to the siblings in
  // the association tree). Whole numbers: fractional targets are scaled by 10 until whole.
  void shares() {
    std::vector<std::pair<const ir::CredentialConfig*, AccountingEntity*>> targets;
    for (auto& a : s_.accounts)
      if (const auto* c = find(ir::CredKind::Account, a.name)) targets.push_back({c, &a});
    for (auto& u : s_.users)
      if (const auto* c = find(ir::CredKind::User, u.name)) targets.push_back({c, &u});
    int scale = 1;
    for (const auto& [c, e] : targets)
      if (c->fairshare_target)
        while (scale < 1000 &&
               std::fabs(c->fairshare_target->value * scale - std::round(c->fairshare_target->value * scale)) > 1e-9)
          scale *= 10;
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (!c.fairshare_target) continue;
      const auto& t = *c.fairshare_target;
      if (id.kind == ir::CredKind::Group || id.kind == ir::CredKind::Class || id.kind == ir::CredKind::Qos ||
          id.kind == ir::CredKind::System) {
        const bool weighs = id.kind != ir::CredKind::System && fairshare_weight(id.kind) != 0;
        ctx_.ledger.classify(
            t.from, weighs ? Status::NotExpressible : Status::NotNeeded,
            weighs ? fmt::format("Slurm's fairshare is per association: no {} fairshare; nearest: an "
                                 "account per {} with these shares",
                                 ir::to_string(id.kind), ir::to_string(id.kind))
                   : fmt::format("the {} fairshare weighs nothing in this config", ir::to_string(id.kind)));
        continue;
      }
      if (!fairshare_weighs(ctx_)) {
        ctx_.ledger.classify(t.from, Status::NotNeeded,
                             "fairshare weighs nothing in this config (FSWEIGHT x FSUSERWEIGHT / FSACCOUNTWEIGHT is 0, "
                             "or FSPOLICY NONE)");
        continue;
      }
      if (id.name == "DEFAULT" && (id.kind == ir::CredKind::User ? s_.users.empty() : s_.accounts.empty())) {
        ctx_.ledger.classify(t.from, Status::Approximated,
                             fmt::format("no {} of the config to give these shares to: one added later gets Slurm's "
                                         "default of 1 share unless given Fairshare={}",
                                         ir::to_string(id.kind), t.value));
        continue;
      }
      switch (t.mode) {
        case ir::FairshareMode::CapAbsolute:
        case ir::FairshareMode::CapRelative:
          ctx_.ledger.classify(t.from, Status::NotExpressible,
                               "a fairshare cap blocks jobs past it; nearest: GrpTRESMins on the association (hard, "
                               "in CPU-minutes, decays with PriorityDecayHalfLife, and running jobs are killed when "
                               "it is reached)");
          continue;
        case ir::FairshareMode::Floor:
        case ir::FairshareMode::Ceiling:
          ctx_.ledger.classify(t.from, Status::NotExpressible,
                               fmt::format("Slurm has no fairshare {}: the value becomes plain shares",
                                           t.mode == ir::FairshareMode::Floor ? "floor ('+')" : "ceiling ('-')"));
          break;
        case ir::FairshareMode::Target:
          ctx_.ledger.classify(t.from, Status::Approximated,
                               "a percent target of the cycles delivered becomes relative shares among the "
                               "association's siblings (Fair Tree)");
          break;
      }
    }
    if (!fairshare_weighs(ctx_)) return;
    const std::string scaled = scale > 1 ? fmt::format(" (x{} for whole shares)", scale) : "";
    auto set = [&](AccountingEntity& e, const ir::CredentialConfig* own, const ir::CredentialConfig* fallback) {
      const ir::CredentialConfig* c = own && own->fairshare_target             ? own
                                      : fallback && fallback->fairshare_target ? fallback
                                                                               : nullptr;
      if (!c) return;
      const auto& t = *c->fairshare_target;
      if (t.mode == ir::FairshareMode::CapAbsolute || t.mode == ir::FairshareMode::CapRelative) return;
      const auto shares = static_cast<std::int64_t>(std::llround(std::max(1.0, t.value * scale)));
      e.set("Fairshare", {}, std::to_string(shares), Sources().add(t.from),
            fmt::format("FSTARGET {:g}{}", t.value, scaled));
    };
    const auto* du = find(ir::CredKind::User, "DEFAULT");
    const auto* da = find(ir::CredKind::Account, "DEFAULT");
    for (auto& a : s_.accounts) set(a, find(ir::CredKind::Account, a.name), da);
    for (auto& u : s_.users) set(u, find(ir::CredKind::User, u.name), du);
    ctx_.out.assumptions.push_back(
        "Fairshare: a user or account without FSTARGET keeps Slurm's default of 1 share (Maui gives it no fairshare "
        "term at all).");
  }

  // QLIST / QDEF: Maui lets a job use a QOS that any of its credentials' QLISTs names; Slurm one
  // that its association's QOS list holds. A user's list is the union of its own (else
  // USERCFG[DEFAULT]'s), its account's (else ACCOUNTCFG[DEFAULT]'s) and SYSCFG's, with the
  // default QOS; an account's the same without a user.
  void qos_access() {
    const auto* sys = ctx_.directory.system_qos_list();
    auto list_of = [&](ir::CredKind k, const std::string& n) { return ctx_.directory.qos_list(k, n); };
    auto qdef_of = [&](ir::CredKind k, const std::string& n) -> const ir::CredentialConfig* {
      const auto* own = find(k, n);
      if (own && own->qos_default) return own;
      const auto* d = find(k, "DEFAULT");
      return d && d->qos_default ? d : nullptr;
    };
    auto fill = [&](AccountingEntity& e, const std::vector<const ir::NameList*>& lists,
                    const ir::CredentialConfig* qdef) {
      std::set<std::string> names;
      Sources from;
      bool all = false, modes = false;
      for (const auto* l : lists) {
        if (!l) continue;
        from.add(l->from);
        modes |= l->mode != ir::ListMode::Or;
        for (const auto& n : l->names) {
          if (n == "ALL")
            all = true;
          else
            names.insert(Context::qos_of(n));
        }
      }
      std::string def;
      if (qdef) {
        def = Context::qos_of(qdef->qos_default->value);
        from.add(qdef->qos_default->from);
      }
      if (names.empty() && def.empty()) return;
      if (all)
        for (const auto& q : s_.qos) names.insert(q.name);
      names.insert(def.empty() ? "normal" : def);
      names.insert("normal");
      e.set("QOS", {}, fmt::format("{}", fmt::join(names, ",")), from);
      if (!def.empty()) e.set("DefaultQOS", {}, def, Sources().add(qdef->qos_default->from));
      (void)modes;
    };
    for (auto& u : s_.users)
      fill(u, {list_of(ir::CredKind::User, u.name), list_of(ir::CredKind::Account, u.account), sys},
           qdef_of(ir::CredKind::User, u.name) ? qdef_of(ir::CredKind::User, u.name)
                                               : qdef_of(ir::CredKind::Account, u.account));
    for (auto& a : s_.accounts)
      fill(a, {list_of(ir::CredKind::User, "\x01"), list_of(ir::CredKind::Account, a.name), sys},
           qdef_of(ir::CredKind::Account, a.name));
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (c.qos_list) {
        const bool marked = c.qos_list->mode != ir::ListMode::Or;
        Status st = Status::Approximated;
        std::string note =
            "Slurm lets a job ask for a QOS of its association's QOS list and rejects any other at "
            "submission (Maui runs it under its default QOS instead)";
        if (id.kind == ir::CredKind::Group) {
          st = Status::NotExpressible;
          note = "Slurm has no per-group QOS list; nearest: the QOS list of an account per group";
        } else if (id.kind == ir::CredKind::Class) {
          st = Status::Approximated;
          note =
              "the partition's AllowQos: Slurm allows only these QOS in the partition (Maui adds them to what the "
              "job's other credentials allow)";
        } else if (marked) {
          note += "; the '&' / '^' list marker has no Slurm equivalent";
        }
        ctx_.ledger.classify(c.qos_list->from, st, note);
      }
      if (c.qos_default) {
        Status st = id.kind == ir::CredKind::User || id.kind == ir::CredKind::Account ? Status::Mapped
                    : id.kind == ir::CredKind::System                                 ? Status::Approximated
                                                                                      : Status::NotExpressible;
        std::string note =
            st == Status::Mapped ? "the association's DefaultQOS"
            : st == Status::Approximated
                ? "given to the associations this migration makes (Slurm's cluster DefaultQOS needs the cluster's name)"
                : fmt::format("Slurm has no default QOS per {}", ir::to_string(id.kind));
        ctx_.ledger.classify(c.qos_default->from, st, note);
      }
    }
  }

  void groups() {
    for (const auto& [id, c] : ctx_.policy.credentials)
      if (id.kind == ir::CredKind::Group && c.partition_list)
        ctx_.ledger.classify(c.partition_list->from, Status::NotExpressible, "Slurm has no per-group partition list");
    for (const auto& [id, c] : ctx_.policy.credentials) {
      if (c.partition_list)
        ctx_.ledger.classify(c.partition_list->from, Status::NotExpressible,
                             "a Maui partition is a set of nodes (NODECFG PARTITION), not a Slurm partition (a queue: "
                             "a Maui class); nearest: node features and --constraint");
      if (c.partition_default)
        ctx_.ledger.classify(c.partition_default->from, Status::NotExpressible,
                             "a Maui partition is a set of nodes, not a Slurm partition; nearest: node features");
      for (const auto& f : c.job_flags) {
        const bool preempt = id.kind == ir::CredKind::Class && (f.value == "PREEMPTEE" || f.value == "PREEMPTOR");
        ctx_.ledger.classify(f.from, Status::NotExpressible,
                             preempt ? "nearest: PreemptType=preempt/partition_prio, the partitions' PriorityTier "
                                       "saying which may preempt which"
                                     : "no Slurm job flags per credential");
      }
    }
  }
};

}  // namespace

void plan_accounting(Context& ctx) { AccountingPlanner(ctx).run(); }

}  // namespace maui::migrate
