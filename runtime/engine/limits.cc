#include "runtime/engine/limits.h"

#include <cmath>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

using R = ir::LimitResource;
constexpr std::size_t kJobCreds = 5;  // user group account class QOS: ir::kCredKinds

std::string_view upper_name(R r) {
  static constexpr std::string_view names[] = {"JOB", "NODE", "PE", "PROC", "PS", "WC", "MEM"};
  return names[static_cast<std::size_t>(r)];
}

// A job breaks a limit when it asks for some of the resource and its request on top of the
// usage goes over: a job asking for no nodes is not blocked by MAXNODE, even when others already
// exceed it (docs/semantics.md, Engine).
bool exceeds(double usage, double request, std::int64_t limit) {
  return request > 0 && usage + request > static_cast<double>(limit);
}

std::string amount_text(double x) {
  if (std::fabs(x - std::round(x)) < 1e-9) return fmt::format("{:.0f}", x);
  return fmt::format("{:.2f}", x);
}

}  // namespace

ResourceAmounts job_request(const Job& job, const ClusterTotals& totals) {
  ResourceAmounts a;
  const double procs = static_cast<double>(job.procs());
  a[R::Job] = 1;
  a[R::Node] = static_cast<double>(job.nodes);
  a[R::PE] = processor_equivalents(job, totals);
  a[R::Proc] = procs;
  a[R::PS] = procs * static_cast<double>(job.walltime);
  a[R::WC] = static_cast<double>(job.walltime);
  a[R::Mem] = static_cast<double>(job.memory_mb());
  return a;
}

ResourceAmounts active_usage(const Job& job, Epoch now, const ClusterTotals& totals) {
  ResourceAmounts a = job_request(job, totals);
  const double remaining = static_cast<double>(job.remaining(now));
  if (!job.allocated_nodes.empty()) a[R::Node] = static_cast<double>(job.allocated_nodes.size());
  a[R::PS] = a[R::Proc] * remaining;
  a[R::WC] = remaining;
  return a;
}

std::string limit_name(LimitFamily family, ir::LimitResource r) {
  switch (family) {
    case LimitFamily::Active: return fmt::format("MAX{}", upper_name(r));
    case LimitFamily::Idle: return fmt::format("MAXI{}", upper_name(r));
    case LimitFamily::System:
      if (r == R::Proc) return "SYSTEMMAXPROCPERJOB";
      if (r == R::WC) return "SYSTEMMAXJOBWALLTIME";
      if (r == R::PS) return "SYSTEMMAXPROCSECONDPERJOB";
      return fmt::format("per-job MAX{}", upper_name(r));
  }
  return {};
}

std::string_view to_string(LimitFamily f) {
  switch (f) {
    case LimitFamily::Active: return "active";
    case LimitFamily::Idle: return "idle";
    case LimitFamily::System: return "system";
  }
  return "?";
}
std::string_view to_string(LimitLevel l) { return l == LimitLevel::Soft ? "SOFT" : "HARD"; }
std::string_view to_string(LimitSource s) {
  switch (s) {
    case LimitSource::Own: return "own";
    case LimitSource::Default: return "default";
    case LimitSource::QosOverride: return "qos-override";
    case LimitSource::System: return "system";
  }
  return "?";
}

std::string describe(const LimitViolation& v) {
  if (v.family == LimitFamily::System)
    return fmt::format("violates system {} {} limit of {} per job (request {})", to_string(v.level),
                       limit_name(v.family, v.resource), v.limit, amount_text(v.request));
  std::string who = v.credential.kind == ir::CredKind::System
                        ? std::string("the whole system")
                        : fmt::format("{} {}", ir::to_string(v.credential.kind), v.credential.name);
  if (v.within) who += fmt::format(" in {} {}", ir::to_string(v.within->kind), v.within->name);
  return fmt::format("violates {} {} {} limit of {} for {} (request {}, usage {})", to_string(v.family),
                     to_string(v.level), limit_name(v.family, v.resource), v.limit, who, amount_text(v.request),
                     amount_text(v.usage));
}

const ResourceAmounts* UsageLedger::find(bool idle, ir::CredKind kind, std::uint32_t id) const {
  const auto& v = by_credential_[idle][static_cast<std::size_t>(kind)];
  return id < v.size() ? &v[id] : nullptr;
}

void UsageLedger::size_for(const CredentialIndex& index) {
  for (auto& by_kind : by_credential_)
    for (std::size_t k = 0; k < by_kind.size(); ++k)
      by_kind[k].resize(std::max(by_kind[k].size(), index.size(static_cast<ir::CredKind>(k))));
}

ResourceAmounts& UsageLedger::at(bool idle, ir::CredKind kind, std::uint32_t id) {
  auto& v = by_credential_[idle][static_cast<std::size_t>(kind)];
  if (v.size() <= id) v.resize(id + 1);
  return v[id];
}

namespace {
std::uint64_t pair_key(std::uint32_t owner, std::uint32_t member) {
  return ((static_cast<std::uint64_t>(owner) << 32) | member) + 1;
}
std::size_t pair_slot(std::uint64_t key, std::size_t mask) {
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}
}  // namespace

const ResourceAmounts* UsageLedger::PairTable::find(std::uint64_t key) const {
  if (keys.empty()) return nullptr;
  const std::size_t mask = keys.size() - 1;
  for (std::size_t i = pair_slot(key, mask); keys[i] != 0; i = (i + 1) & mask)
    if (keys[i] == key) return &values[i];
  return nullptr;
}

ResourceAmounts& UsageLedger::PairTable::at(std::uint64_t key) {
  if ((used + 1) * 2 > keys.size()) {
    std::vector<std::uint64_t> old_keys(keys.empty() ? 64 : keys.size() * 2, 0);
    std::vector<ResourceAmounts> old_values(old_keys.size());
    old_keys.swap(keys);
    old_values.swap(values);
    const std::size_t mask = keys.size() - 1;
    for (std::size_t j = 0; j < old_keys.size(); ++j) {
      if (old_keys[j] == 0) continue;
      std::size_t i = pair_slot(old_keys[j], mask);
      while (keys[i] != 0) i = (i + 1) & mask;
      keys[i] = old_keys[j];
      values[i] = old_values[j];
    }
  }
  const std::size_t mask = keys.size() - 1;
  std::size_t i = pair_slot(key, mask);
  for (; keys[i] != 0; i = (i + 1) & mask)
    if (keys[i] == key) return values[i];
  keys[i] = key;
  ++used;
  return values[i];
}

const ResourceAmounts* UsageLedger::find_scoped(bool idle, ir::CredKind owner_kind, std::uint32_t owner,
                                                ir::CredKind member_kind, std::uint32_t member) const {
  return scoped_[idle][static_cast<std::size_t>(owner_kind)][static_cast<std::size_t>(member_kind)].find(
      pair_key(owner, member));
}

ResourceAmounts& UsageLedger::scoped(bool idle, ir::CredKind owner_kind, std::uint32_t owner, ir::CredKind member_kind,
                                     std::uint32_t member) {
  return scoped_[idle][static_cast<std::size_t>(owner_kind)][static_cast<std::size_t>(member_kind)].at(
      pair_key(owner, member));
}

LimitBook::LimitBook(const CredentialDirectory& dir) {
  const ir::Policy& p = dir.policy();
  for (const auto& [id, config] : p.credentials) {
    if (id.kind == ir::CredKind::System) {
      // SYSCFG limits count every job in the system (manual 6.2.1: "or on a system-wide basis").
      if (!system_.own) resolve(system_, dir, id.kind, &config);
      continue;
    }
    const auto k = static_cast<std::size_t>(id.kind);
    resolve(own_[k][id.name], dir, id.kind, &config);
    for (const auto& l : config.scoped)
      if (l.scope != ir::CredKind::System && l.scope != id.kind)
        scoped_pairs_[k][static_cast<std::size_t>(l.scope)] = true;
  }
  for (std::size_t k = 0; k < defaults_.size(); ++k) resolve(defaults_[k], dir, static_cast<ir::CredKind>(k), nullptr);
  auto per_job = [&](R r, const std::optional<ir::Sourced<std::int64_t>>& v) {
    if (v && v->value != 0)
      per_job_[static_cast<std::size_t>(r)] = Resolved{v->value, v->value, LimitSource::System, nullptr, &v->from};
  };
  per_job(R::Proc, p.system_limits.max_procs);
  per_job(R::WC, p.system_limits.max_walltime);
  per_job(R::PS, p.system_limits.max_proc_seconds);
}

const LimitBook::Rules& LimitBook::of(ir::CredKind kind, std::string_view name) const {
  const auto k = static_cast<std::size_t>(kind);
  const auto it = own_[k].find(name);
  return it != own_[k].end() ? it->second : defaults_[k];
}

// `own`: the credential's line (null: the config never names it); the kind's DEFAULT fills in
// what the line leaves unset.
void LimitBook::resolve(Rules& rules, const CredentialDirectory& dir, ir::CredKind kind,
                        const ir::CredentialConfig* own) const {
  const ir::CredentialConfig* fallback = kind == ir::CredKind::System ? nullptr : dir.defaults(kind);
  if (fallback == own) fallback = nullptr;
  rules.own = own;
  if (kind == ir::CredKind::Qos) {
    const QosFlags& f = dir.qos_flags(own ? std::string_view(own->id.name) : "DEFAULT");
    if (f.any_limit_exemption()) rules.exemptions = &f;  // null: checking limits looks no further
  }
  auto fill = [&](bool idle, const ir::LimitTable ir::CredentialConfig::*member) {
    for (std::size_t r = 0; r < ir::kLimitResources; ++r) {
      // A limit is "set" when its hard value is non-zero: -1 (unlimited) is set and stops the
      // fallback to DEFAULT; 0 is unset.
      if (own) {
        const auto& l = (own->*member).by_resource()[r];
        if (l && l->hard != 0) {
          rules.plain.push_back({idle, static_cast<R>(r), Resolved{l->soft, l->hard, LimitSource::Own, own, &l->from}});
          continue;
        }
      }
      if (fallback) {
        const auto& l = (fallback->*member).by_resource()[r];
        if (l && l->hard != 0)
          rules.plain.push_back(
              {idle, static_cast<R>(r), Resolved{l->soft, l->hard, LimitSource::Default, fallback, &l->from}});
      }
    }
  };
  fill(false, &ir::CredentialConfig::active);
  fill(true, &ir::CredentialConfig::idle);
  if (kind == ir::CredKind::System) return;
  if (own)
    for (const auto& l : own->scoped) rules.scoped.push_back({&l, own, false});
  if (fallback)
    for (const auto& l : fallback->scoped) {
      bool shadowed = false;
      if (own)
        for (const auto& o : own->scoped)
          shadowed |=
              o.resource == l.resource && o.idle == l.idle && o.scope == l.scope && o.scope_name == l.scope_name;
      if (!shadowed) rules.scoped.push_back({&l, fallback, true});
    }
}

Throttle::Throttle(const CredentialDirectory& dir, ClusterTotals totals, Epoch now, CredentialIndex* index)
    : dir_(dir), totals_(totals), now_(now), book_(dir.limit_book()) {
  if (!index) {
    own_index_ = std::make_unique<CredentialIndex>();
    index = own_index_.get();
  }
  index_ = index;
}

const Throttle::Rules& Throttle::rules(ir::CredKind kind, std::uint32_t id) const {
  auto& v = rules_[static_cast<std::size_t>(kind)];
  if (v.size() <= id) v.resize(index_->size(kind), nullptr);
  const Rules*& r = v[id];
  if (!r) r = &book_.of(kind, index_->name(kind, id));
  return *r;
}

void Throttle::add(UsageLedger& ledger, const JobCredentialIds& ids, const ResourceAmounts& amount, bool idle) const {
  if (!dir_.has_limits()) return;  // nothing would ever read the count
  for (std::size_t k = 0; k < kJobCreds; ++k)
    if (ids.by_kind[k] != JobCredentialIds::kNone)
      ledger.at(idle, static_cast<ir::CredKind>(k), ids.by_kind[k]) += amount;
  ledger.system(idle) += amount;
  for (std::size_t o = 0; o < kJobCreds; ++o)
    for (std::size_t m = 0; m < kJobCreds; ++m) {
      if (!book_.scoped_pair(o, m) || ids.by_kind[o] == JobCredentialIds::kNone ||
          ids.by_kind[m] == JobCredentialIds::kNone)
        continue;
      ledger.scoped(idle, static_cast<ir::CredKind>(o), ids.by_kind[o], static_cast<ir::CredKind>(m), ids.by_kind[m]) +=
          amount;
    }
}

std::size_t Throttle::check(const UsageLedger& ledger, const JobCredentialIds& ids, const ResourceAmounts& request,
                            LimitLevel level, unsigned families, std::vector<LimitViolation>& out) const {
  if (!dir_.has_limits()) return 0;
  const std::size_t before = out.size();
  const bool soft = level == LimitLevel::Soft;
  // Override limits come from the job's own QOS line (manual 6.2.2).
  const std::uint32_t qos_id = ids[ir::CredKind::Qos];
  const Rules* qos_rules = qos_id == JobCredentialIds::kNone ? nullptr : &rules(ir::CredKind::Qos, qos_id);
  const ir::CredentialConfig* qos = qos_rules ? qos_rules->own : nullptr;
  // The exemptions of the QOS's flags (IGN*PERUSER, IGNSYSMAX*; docs/semantics.md 80).
  const QosFlags* exempt = qos_rules ? qos_rules->exemptions : nullptr;
  auto user_exempt = [&](bool idle, R r) {
    return exempt && (idle ? exempt->ignore_user_idle : exempt->ignore_user_active)[static_cast<std::size_t>(r)];
  };

  // The QOS's OMAX<R> supersedes the R limit that another credential of the job has; a
  // credential without an R limit stays without one (docs/semantics.md, Engine).
  struct Effective {
    std::int64_t value;
    LimitSource source;
    const ir::Credential* source_credential;
    const ir::Provenance* from;
  };
  auto effective = [&](std::int64_t s, std::int64_t h, LimitSource src, const ir::CredentialConfig* config,
                       const ir::Provenance* from, bool overridable, bool idle, R r) -> std::optional<Effective> {
    if (h == -1) return std::nullopt;  // explicitly unlimited
    if (overridable && qos) {
      const auto& o = (idle ? qos->qos->override_idle : qos->qos->override_active)[r];
      if (o && o->hard != 0) {
        if (o->hard == -1) return std::nullopt;
        return Effective{soft ? o->soft : o->hard, LimitSource::QosOverride, &qos->id, &o->from};
      }
    }
    return Effective{soft ? s : h, src, config ? &config->id : nullptr, from};
  };
  auto report = [&](LimitFamily family, R r, const Effective& e, double usage, ir::Credential who,
                    std::optional<ir::Credential> within, bool scope_named) {
    LimitViolation v;
    v.family = family;
    v.level = level;
    v.resource = r;
    v.limit = e.value;
    v.request = request[r];
    v.usage = usage;
    v.credential = std::move(who);
    v.within = std::move(within);
    v.scope_named = scope_named;
    v.source = e.source;
    if (e.source_credential) v.source_credential = *e.source_credential;
    v.from = e.from;
    out.push_back(std::move(v));
  };
  auto plain = [&](const Rules& rules, ir::CredKind kind, std::uint32_t id, bool overridable) {
    for (const LimitBook::PlainRule& rule : rules.plain) {
      if (!(families & (rule.idle ? kIdle : kActive))) continue;
      const R r = rule.resource;
      if (kind == ir::CredKind::User && user_exempt(rule.idle, r)) continue;
      const ResourceAmounts* used =
          kind == ir::CredKind::System ? &ledger.system(rule.idle) : ledger.find(rule.idle, kind, id);
      const double usage = used ? (*used)[r] : 0.0;
      const LimitBook::Resolved& base = rule.limit;
      auto e = effective(base.soft, base.hard, base.source, base.config, base.from, overridable, rule.idle, r);
      if (!e || e->value <= 0 || !exceeds(usage, request[r], e->value)) continue;
      ir::Credential who{kind, kind == ir::CredKind::System ? std::string() : index_->name(kind, id)};
      report(rule.idle ? LimitFamily::Idle : LimitFamily::Active, r, *e, usage, std::move(who), std::nullopt, false);
    }
  };

  for (std::size_t k = 0; k < kJobCreds; ++k) {
    const std::uint32_t id = ids.by_kind[k];
    if (id == JobCredentialIds::kNone) continue;
    auto kind = static_cast<ir::CredKind>(k);
    const Rules& r = rules(kind, id);
    if (!r.any()) continue;
    const bool overridable = kind != ir::CredKind::Qos;
    plain(r, kind, id, overridable);
    // Multi-dimensional limits configured on this credential: per member credential inside it.
    for (const auto& rule : r.scoped) {
      const ir::ScopedLimit& l = *rule.limit;
      if (!(families & (l.idle ? kIdle : kActive))) continue;
      const std::uint32_t member = ids[l.scope];
      if (member == JobCredentialIds::kNone) continue;
      // A per-user limit inside another credential (MAXPROCPERUSER), or one of the user's own.
      if ((kind == ir::CredKind::User || l.scope == ir::CredKind::User) && user_exempt(l.idle, l.resource)) continue;
      const std::string& member_name = index_->name(l.scope, member);
      if (l.scope_name && *l.scope_name != member_name) continue;
      auto e = effective(l.limit.soft, l.limit.hard, rule.from_default ? LimitSource::Default : LimitSource::Own,
                         rule.config, &l.limit.from, overridable, l.idle, l.resource);
      if (!e || e->value <= 0) continue;
      const ResourceAmounts* used = ledger.find_scoped(l.idle, kind, id, l.scope, member);
      double u = used ? (*used)[l.resource] : 0.0;
      if (exceeds(u, request[l.resource], e->value))
        report(l.idle ? LimitFamily::Idle : LimitFamily::Active, l.resource, *e, u,
               ir::Credential{l.scope, member_name}, ir::Credential{kind, index_->name(kind, id)},
               l.scope_name.has_value());
    }
  }
  if (book_.system().any()) plain(book_.system(), ir::CredKind::System, 0, false);

  if (families & kSystem) {
    for (std::size_t i = 0; i < ir::kLimitResources; ++i) {
      auto r = static_cast<R>(i);
      std::optional<Effective> e;
      const auto* o = qos ? &qos->qos->override_system[r] : nullptr;
      // OMAXJ<R> is the per-job limit of the QOS's jobs, with or without a system value.
      if (o && *o && (*o)->hard != 0) {
        if ((*o)->hard == -1) continue;
        e = Effective{soft ? (*o)->soft : (*o)->hard, LimitSource::QosOverride, &qos->id, &(*o)->from};
      } else if (const auto& per_job = book_.per_job(i); per_job && !(exempt && exempt->ignore_system[i])) {
        e = Effective{per_job->hard, LimitSource::System, nullptr, per_job->from};
      }
      if (!e || e->value <= 0) continue;
      if (request[r] > static_cast<double>(e->value))
        report(LimitFamily::System, r, *e, 0, ir::Credential{ir::CredKind::System, ""}, std::nullopt, false);
    }
  }
  return out.size() - before;
}

UsageLedger& Throttle::own_ledger() {
  if (!ledger_) ledger_ = std::make_unique<UsageLedger>();
  return *ledger_;
}
void Throttle::add_running(const Job& job) { add(own_ledger(), intern(job), active_usage(job, now_, totals_), false); }
void Throttle::add_idle(const Job& job, const ResourceAmounts& request) {
  add(own_ledger(), intern(job), request, true);
}
void Throttle::add_active(const Job& job, const ResourceAmounts& request) {
  add(own_ledger(), intern(job), request, false);
}
std::size_t Throttle::check(const Job& job, const ResourceAmounts& request, LimitLevel level, unsigned families,
                            std::vector<LimitViolation>& out) {
  return check(own_ledger(), intern(job), request, level, families, out);
}

}  // namespace maui::runtime
