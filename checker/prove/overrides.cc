// Property a, override-consistency (docs/rules/check/override-consistency.md), for every QOS with
// override limits (OMAX* active, OMAXJ* per job):
//   never-binds   no job can run under the QOS (decision 78: Z3 over every combination of
//                 credentials, with their QLISTs and QDEFs);
//   stricter      the override replaces a credential's limit with a stricter one, so a job is
//                 worse off with the QOS than without it. Z3 finds usage and a request between
//                 the two limits; the runtime's Throttle then must block the job in the QOS (by
//                 the override) and admit the same job in the QOS DEFAULT (as far as that
//                 credential's limit goes);
//   soft-over-hard  an override whose soft value exceeds its hard one. Lowering already
//                 reconciles soft to hard (decision 19, lint rule soft-exceeds-hard), so this can
//                 only show in a hand-made IR; it is checked for completeness.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checker/prove/job_encoding.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "runtime/engine/limits.h"

namespace maui::prove {

namespace {

using R = ir::LimitResource;
using runtime::LimitFamily;

// The QLIST and QDEF lines that name the QOS.
std::vector<Location> naming_lines(const ir::Policy& p, const std::string& qos) {
  std::vector<Location> where;
  for (const auto& [id, c] : p.credentials) {
    if (c.qos_list && std::count(c.qos_list->names.begin(), c.qos_list->names.end(), qos))
      where.push_back(location_of(c.qos_list->from, fmt::format("{}[{}] QLIST", ir::family_of(id.kind), id.name)));
    if (c.qos_default && c.qos_default->value == qos)
      where.push_back(location_of(c.qos_default->from, fmt::format("{}[{}] QDEF", ir::family_of(id.kind), id.name)));
  }
  return where;
}

// Some job may run under the QOS (decision 78: its default, or its access list gives it).
bool obtainable(Context& ctx, const std::string& qos) {
  Session s(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir);
  SymbolicJob j = declare_job(s, ctx.world, "job");
  assume_qos_access(s, j, ctx.world);
  // Unknown (a timeout) counts as obtainable: "never binds" is claimed only when proved.
  return s.check("never-binds-" + qos, {has_credential(j, ctx.world, ir::CredKind::Qos, qos)}).answer != Answer::Unsat;
}

std::string limit_text(std::int64_t v) { return v < 0 ? "unlimited" : std::to_string(v); }

// The credential's limit table an override of this family replaces: MAX* (active) or MAXI* (idle).
const ir::LimitTable& table_of(const ir::CredentialConfig& c, LimitFamily family) {
  return family == LimitFamily::Idle ? c.idle : c.active;
}

// The limit of `kind name` the runtime would use for `r` without any override: own, else DEFAULT.
const ir::Limit* base_limit(const World& w, ir::CredKind kind, const std::string& name, R r, LimitFamily family) {
  const auto* own = w.directory().find(kind, name);
  if (own && table_of(*own, family)[r]) return &*table_of(*own, family)[r];
  const auto* d = w.directory().defaults(kind);
  if (d && table_of(*d, family)[r]) return &*table_of(*d, family)[r];
  return nullptr;
}

struct Scenario {
  std::int64_t usage = 0;    // what the credential already runs (jobs, procs ...)
  std::int64_t request = 0;  // what the new job asks for
};

// u + q > override and u + q <= limit: Z3 over the two lines, u as small as it can be.
std::optional<Scenario> between(Context& ctx, const std::string& query, std::int64_t override_hard,
                                Location override_line, std::int64_t limit_hard, Location limit_line,
                                bool per_job_request) {
  Session s(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir);
  z3::expr u = ctx.z3.int_const("usage"), q = ctx.z3.int_const("request");
  s.assume(u >= 0 && q >= 1);
  if (per_job_request) s.assume(q == 1);  // MAXJOB: every job is one job
  s.track(u + q > ctx.z3.int_val(override_hard), std::move(override_line));
  if (limit_hard >= 0) s.track(u + q <= ctx.z3.int_val(limit_hard), std::move(limit_line));
  for (const auto& prefer : std::vector<std::vector<z3::expr>>{{u == 0}, {}}) {
    if (s.check(query, prefer).answer != Answer::Sat) continue;
    z3::model m = s.model();
    return Scenario{int_value(m, u), int_value(m, q)};
  }
  return std::nullopt;
}

// The job and the running jobs that make `scenario` for credential `kind name`.
struct Replay {
  bool blocked_with_qos = false;
  bool blocked_without = false;
  std::string violation;
};
Replay replay(Context& ctx, ir::CredKind kind, const std::string& name, const std::string& qos, R r, LimitFamily family,
              const Scenario& sc) {
  runtime::ClusterTotals totals = ctx.world.totals();
  runtime::Throttle throttle(ctx.world.directory(), totals, kWeekStart);
  runtime::Job base = plain_job(ctx.world, "witness");
  set_credential(base, kind, name);
  auto size = [&](runtime::Job& j, std::int64_t amount) {
    if (r == R::Job) return;
    if (r == R::WC)
      j.walltime = amount;
    else if (r == R::PS)
      j.walltime = amount, j.tasks = 1;
    else
      j.tasks = amount;
    if (r == R::Node) j.nodes = amount;
  };
  // The usage: jobs already running (active limits) or already admitted to the queue (idle).
  if (family != LimitFamily::System && sc.usage > 0) {
    std::int64_t using_jobs = r == R::Job ? sc.usage : 1;
    for (std::int64_t i = 0; i < using_jobs; ++i) {
      runtime::Job j = base;
      j.id = fmt::format("using{}", i);
      j.qos = "DEFAULT";
      if (r != R::Job) size(j, sc.usage);
      if (family == LimitFamily::Idle) {
        throttle.add_idle(j, runtime::job_request(j, totals));
        continue;
      }
      j.state = runtime::JobState::Running;
      j.start_time = kWeekStart;
      if (r == R::PS || r == R::WC) j.walltime = sc.usage;  // all of it still to run
      throttle.add_running(j);
    }
  }
  runtime::Job job = base;
  size(job, sc.request);
  auto blocked = [&](const std::string& q, std::string* what) {
    job.qos = q;
    std::vector<runtime::LimitViolation> out;
    unsigned families = family == LimitFamily::System ? runtime::Throttle::kSystem
                        : family == LimitFamily::Idle ? runtime::Throttle::kIdle
                                                      : runtime::Throttle::kActive;
    throttle.check(job, runtime::job_request(job, totals), runtime::LimitLevel::Hard, families, out);
    for (const auto& v : out)
      if (v.resource == r &&
          (family == LimitFamily::System || (v.credential.kind == kind && v.credential.name == name))) {
        if (what) *what = runtime::describe(v);
        return true;
      }
    return false;
  };
  Replay rp;
  rp.blocked_with_qos = blocked(qos, &rp.violation);
  rp.blocked_without = blocked("DEFAULT", nullptr);
  return rp;
}

// OMAX<R> / OMAXI<R> replaces the R limit (MAX<R> / MAXI<R>) of the job's user, group, account
// and class (decision 43): stricter when below one of them.
void stricter_limit(Context& ctx, const std::string& qos, LimitFamily family, R r, const ir::Limit& o) {
  const std::string lname = runtime::limit_name(family, r);
  bool violated = false;
  std::vector<std::string> replaced;  // "user steve 30", for the PROVED result
  std::vector<Location> replaced_lines;
  for (ir::CredKind kind : {ir::CredKind::User, ir::CredKind::Group, ir::CredKind::Account, ir::CredKind::Class}) {
    for (const auto& name : ctx.world.names(kind)) {
      const ir::Limit* base = base_limit(ctx.world, kind, name, r, family);
      if (!base) continue;  // no limit to replace: the override does not apply (decision 43)
      if (o.hard < 0 || (base->hard >= 0 && base->hard <= o.hard)) {
        const auto* own = ctx.world.directory().find(kind, name);
        bool from_default = !own || !table_of(*own, family)[r];
        std::string label =
            fmt::format("{} {} {}", ir::to_string(kind), from_default ? "DEFAULT" : name, limit_text(base->hard));
        if (std::find(replaced.begin(), replaced.end(), label) == replaced.end()) {
          replaced.push_back(label);
          replaced_lines.push_back(
              location_of(base->from, fmt::format("{}[{}] {}={}", ir::family_of(kind), from_default ? "DEFAULT" : name,
                                                  lname, limit_text(base->hard))));
        }
        continue;
      }
      bool other = ctx.world.is_other(kind, name);
      Location override_line = location_of(o.from, fmt::format("QOSCFG[{}] O{}={}", qos, lname, o.hard));
      Location limit_line = location_of(
          base->from,
          fmt::format("{}[{}] {}={}", ir::family_of(kind), other ? "DEFAULT" : name, lname, limit_text(base->hard)));
      auto sc = between(ctx, fmt::format("override-{}-{}-{}-{}", qos, lname, ir::to_string(kind), name), o.hard,
                        override_line, base->hard, limit_line, r == R::Job);
      if (!sc) continue;
      Replay rp = replay(ctx, kind, name, qos, r, family, *sc);
      if (!rp.blocked_with_qos || rp.blocked_without) {
        ctx.mismatch(properties::kOverrideConsistency,
                     fmt::format("QOS {} O{} for {} {}: blocked with QOS {}, without {}", qos, lname,
                                 ir::to_string(kind), name, rp.blocked_with_qos, rp.blocked_without));
        continue;
      }
      Result res;
      res.property = properties::kOverrideConsistency.id;
      res.check = "stricter";
      res.subject = fmt::format("QOS {} O{} {} {}", qos, lname, ir::to_string(kind), name);
      res.set_status(Status::Violated);
      res.where = location_of(o.from, "");
      std::string who = other ? fmt::format("any {} without its own {}", ir::to_string(kind), lname)
                              : fmt::format("{} {}", ir::to_string(kind), name);
      res.message = fmt::format(
          "QOS {} is worse off than no QOS for {}: O{}={} replaces {}={}; with {} {} {} a {} job is blocked "
          "that would {} in QOS DEFAULT",
          qos, who, lname, o.hard, lname, limit_text(base->hard), sc->usage, r == R::Job ? "jobs" : "units",
          family == LimitFamily::Idle ? "queued" : "in use", qos,
          family == LimitFamily::Idle ? "be eligible" : "start");
      res.blame = {override_line, limit_line};
      res.witness = llvm::json::Object{{"credential", fmt::format("{} {}", ir::to_string(kind), name)},
                                       {"qos", qos},
                                       {"limit", lname},
                                       {"usage", sc->usage},
                                       {"request", sc->request},
                                       {"with_qos", rp.violation},
                                       {"without_qos", "not blocked by this limit"}};
      ctx.add(std::move(res));
      violated = true;
      break;  // one witness per kind is enough: the others are the same story
    }
  }
  if (violated || replaced.empty()) return;
  Result res;
  res.property = properties::kOverrideConsistency.id;
  res.check = "stricter";
  res.subject = fmt::format("QOS {} O{}", qos, lname);
  res.set_status(Status::Proved);
  res.where = location_of(o.from, "");
  res.message = fmt::format("O{}={} of QOS {} only loosens: it replaces {} of {}", lname, limit_text(o.hard), qos,
                            lname, fmt::join(replaced, ", "));
  res.blame = replaced_lines;
  llvm::json::Array list;
  for (const auto& x : replaced) list.push_back(x);
  res.witness = llvm::json::Object{
      {"qos", qos}, {"limit", lname}, {"override", limit_text(o.hard)}, {"replaces", std::move(list)}};
  ctx.add(std::move(res));
}

// OMAXJ<R> replaces SYSTEMMAX<R>PERJOB: stricter when it is below the system value (or there is none).
void stricter_system(Context& ctx, const std::string& qos, R r, const ir::Limit& o) {
  if (o.hard < 0) return;
  const auto& sys = ctx.policy().system_limits;
  std::optional<std::int64_t> base;
  std::optional<Location> base_line;
  const char* sys_name = r == R::Proc ? "SYSTEMMAXPROCPERJOB"
                         : r == R::WC ? "SYSTEMMAXJOBWALLTIME"
                                      : "SYSTEMMAXPROCSECONDPERJOB";
  if (r == R::Proc && sys.max_procs)
    base = sys.max_procs->value, base_line = location_of(sys.max_procs->from, sys_name);
  if (r == R::WC && sys.max_walltime)
    base = sys.max_walltime->value, base_line = location_of(sys.max_walltime->from, sys_name);
  if (r == R::PS && sys.max_proc_seconds)
    base = sys.max_proc_seconds->value, base_line = location_of(sys.max_proc_seconds->from, sys_name);
  if (base && *base <= o.hard) return;
  std::string lname = runtime::limit_name(LimitFamily::System, r);
  Location override_line = location_of(o.from, fmt::format("QOSCFG[{}] O{}={}", qos, lname, o.hard));
  auto sc = between(ctx, fmt::format("override-{}-{}", qos, lname), o.hard, override_line, base.value_or(-1),
                    base_line.value_or(Location{}), false);
  if (!sc) return;
  Replay rp = replay(ctx, ir::CredKind::User, ctx.world.other(ir::CredKind::User), qos, r, LimitFamily::System, *sc);
  if (!rp.blocked_with_qos || rp.blocked_without) {
    ctx.mismatch(properties::kOverrideConsistency, fmt::format("QOS {} {}: blocked with QOS {}, without {}", qos, lname,
                                                               rp.blocked_with_qos, rp.blocked_without));
    return;
  }
  Result res;
  res.property = properties::kOverrideConsistency.id;
  res.check = "stricter";
  res.subject = fmt::format("QOS {} O{}", qos, lname);
  res.set_status(Status::Violated);
  res.where = location_of(o.from, "");
  res.message = fmt::format("QOS {} is worse off than no QOS: O{}={} per job where other jobs may have {}", qos, lname,
                            o.hard, base ? fmt::format("{} ({})", *base, sys_name) : "any size");
  res.blame = {override_line};
  if (base_line) res.blame.push_back(*base_line);
  res.witness =
      llvm::json::Object{{"qos", qos}, {"limit", lname}, {"request", sc->request}, {"with_qos", rp.violation}};
  ctx.add(std::move(res));
}

}  // namespace

void check_override_consistency(Context& ctx) {
  for (const auto& [id, c] : ctx.policy().credentials) {
    if (id.kind != ir::CredKind::Qos) continue;
    const auto& q = c.qos.get();
    std::vector<std::pair<LimitFamily, const ir::LimitTable*>> tables = {{LimitFamily::Active, &q.override_active},
                                                                         {LimitFamily::Idle, &q.override_idle},
                                                                         {LimitFamily::System, &q.override_system}};
    bool any = false;
    const ir::Limit* first = nullptr;
    for (const auto& [family, table] : tables)
      for (std::size_t r = 0; r < ir::kLimitResources; ++r)
        if (const auto& l = table->by_resource()[r]) {
          any = true;
          if (!first || l->from.where.line < first->from.where.line) first = &*l;
        }
    if (!any) continue;

    Result reach;
    reach.property = properties::kOverrideConsistency.id;
    reach.check = "never-binds";
    reach.subject = fmt::format("QOS {}", id.name);
    reach.where = location_of(first->from, "");
    std::vector<Location> grants = naming_lines(ctx.policy(), id.name);
    if (obtainable(ctx, id.name)) {
      reach.set_status(Status::Proved);
      reach.message = fmt::format("the override limits of QOS {} can bind: {}", id.name,
                                  grants.empty() ? "it is the default QOS" : "a QLIST or QDEF grants it");
      reach.blame = grants;
    } else {
      reach.set_status(Status::Violated);
      reach.message =
          grants.empty()
              ? fmt::format(
                    "the override limits of QOS {} can never bind: no QLIST or QDEF grants QOS {} to any credential",
                    id.name, id.name)
              : fmt::format(
                    "the override limits of QOS {} can never bind: the QLISTs naming it give it to no job "
                    "('&' lists only narrow, a '^' list replaces the others; docs/semantics.md 78)",
                    id.name);
      llvm::json::Array named;
      for (const auto& g : grants) named.push_back(g.message);
      reach.witness = llvm::json::Object{{"qos", id.name}, {"granted_by", std::move(named)}};
      reach.blame = grants;
      for (const auto& [family, table] : tables)
        for (std::size_t r = 0; r < ir::kLimitResources; ++r)
          if (const auto& l = table->by_resource()[r])
            reach.blame.push_back(
                location_of(l->from, fmt::format("O{}", runtime::limit_name(family, static_cast<R>(r)))));
    }
    ctx.add(std::move(reach));

    for (const auto& [family, table] : tables)
      for (std::size_t ri = 0; ri < ir::kLimitResources; ++ri) {
        const auto& l = table->by_resource()[ri];
        if (!l) continue;
        R r = static_cast<R>(ri);
        if (l->soft > l->hard && l->hard > 0) {
          Result res;
          res.property = properties::kOverrideConsistency.id;
          res.check = "soft-over-hard";
          res.subject = fmt::format("QOS {} O{}", id.name, runtime::limit_name(family, r));
          res.set_status(Status::Violated);
          res.where = location_of(l->from, "");
          res.message = fmt::format("override soft limit {} is above its hard limit {}", l->soft, l->hard);
          ctx.add(std::move(res));
        }
        if (family != LimitFamily::System) stricter_limit(ctx, id.name, family, r, *l);
        if (family == LimitFamily::System && (r == R::Proc || r == R::WC || r == R::PS))
          stricter_system(ctx, id.name, r, *l);
      }
  }
}

}  // namespace maui::prove
