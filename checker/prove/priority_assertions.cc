// Property d, the admin's own statements (--assert, docs/rules/check/priority-assertion.md):
// every assertion of the file (assertions.h) is proved with Z3 over symbolic queued jobs whose
// priority is runtime/engine/priority.h's formula term by term, each term a constraint labelled with
// the config line of its weight (or PRIORITY, FSTARGET, QTWEIGHT ...) so that a PROVED
// assertion blames the lines it rests on (a minimal unsat core). A counterexample is turned
// into concrete jobs (and a fairshare history) and replayed through the runtime's
// PriorityCalculator, which must agree before it is reported.
//
// The jobs are the checker's queued jobs (docs/check.md): one proc per task, no memory, swap,
// disk or node count (so NODE / MEM / SWAP / DISK factors are 0, PE = procs), not running
// (USAGE 0, no SPVIOLATION), any QOS; queue time, bypass count, size and walltime range up to
// the horizons of priority_model.h. Fairshare usage is one percentage per credential (Σ over a
// kind ≤ 100), or no usage recorded at all; credentials the config does not name share OTHER's.
#include <fmt/format.h>

#include <cmath>

#include "checker/prove/assertions.h"
#include "checker/prove/job_encoding.h"
#include "checker/prove/priority_model.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "runtime/engine/fairshare.h"

namespace maui::prove {

namespace {

using C = ir::PriorityComponent;
using S = ir::PrioritySubcomponent;
constexpr std::size_t idx(S s) { return static_cast<std::size_t>(s); }
constexpr std::size_t idx(C c) { return static_cast<std::size_t>(c); }

constexpr const Property& kProperty = properties::kPriorityAssertion;

// floor(e) as an Int (z3++ has no wrapper for Z3_mk_real2int).
z3::expr floor_int(const z3::expr& e) {
  Z3_ast r = Z3_mk_real2int(e.ctx(), e);
  e.check_error();
  return z3::expr(e.ctx(), r);
}

// An exact rational for a config or assertion number (6 decimals: FSTARGET 12.5, xfactor 1.5).
z3::expr real_of(z3::context& z, double v) {
  if (v < 0) return -real_of(z, -v);
  return z.real_val(fmt::format("{:.6f}", v).c_str());
}

// One symbolic job and its priority.
struct PriorityJob {
  SymbolicJob job;
  z3::expr queue;                   // effective queue time, seconds
  z3::expr bypass;                  // bypass count
  std::vector<z3::expr> component;  // contributions, ir::PriorityComponent order
  z3::expr sum, priority;           // priority: what the job gets (floored, capped, truncated)
};

// A fairshare usage percentage per credential that has a target, shared by every job.
struct FairshareUsage {
  ir::CredKind kind;
  std::size_t name;  // index into World::names(kind)
  z3::expr percent;
};

class Encoder {
 public:
  Encoder(Context& ctx, Session& s, const PriorityModel& m) : ctx_(ctx), s_(s), m_(m), z_(s.ctx()), fresh_(z_) {
    declare_fairshare();
  }

  PriorityJob declare(const std::string& prefix);
  z3::expr meets(const PriorityJob& j, const Condition& c) const;
  z3::expr matches(const PriorityJob& j, const JobPattern& p) const;
  // The job's share of the total (component percent as runtime/engine/priority.h computes it) op value.
  z3::expr share(const PriorityJob& j, C c, Cmp op, double percent) const;

  const std::vector<FairshareUsage>& usage() const { return usage_; }
  const z3::expr& no_usage_recorded() const { return fresh_; }

 private:
  z3::expr real(double v) const { return real_of(z_, v); }
  Location weight_at(const ir::Provenance& from, std::string message) const {
    Location l = location_of(from, std::move(message));
    if (l.line == 0) l.file = ctx_.main_file();
    return l;
  }
  // `constraint`, blamed on `from` when it comes from a config line (else a background fact).
  void state(const z3::expr& constraint, const ir::Provenance* from, std::string message) {
    if (from && from->where.line)
      s_.track(constraint, location_of(*from, std::move(message)));
    else
      s_.assume(constraint);
  }
  void declare_fairshare();
  z3::expr credential_value(const PriorityJob& j, ir::CredKind k, const std::string& prefix);
  z3::expr fairshare_value(const PriorityJob& j, ir::CredKind k, const std::string& prefix);
  z3::expr xfactor(const PriorityJob& j, const std::string& prefix);
  z3::expr subcomponent_value(PriorityJob& j, S s, const std::string& prefix);
  z3::expr contribution(PriorityJob& j, S s, const std::string& prefix);

  Context& ctx_;
  Session& s_;
  const PriorityModel& m_;
  z3::context& z_;
  z3::expr fresh_;
  std::vector<FairshareUsage> usage_;
};

void Encoder::declare_fairshare() {
  fresh_ = z_.bool_const("fairshare.no_usage_recorded");
  if (ctx_.policy().fairshare.metric.value == ir::FairshareMetric::None) return;
  for (ir::CredKind k : ir::kCredKinds) {
    z3::expr total = z_.real_val(0);
    const auto& names = ctx_.world.names(k);
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (!ctx_.world.directory().fairshare_target(k, names[i])) continue;
      z3::expr u = z_.real_const(fmt::format("fairshare.{}.{}", ir::to_string(k), names[i]).c_str());
      s_.assume(u >= 0 && u <= 100);
      total = total + u;
      usage_.push_back({k, i, u});
    }
    // Usage is a share of everything delivered: one kind's credentials cannot pass 100%.
    s_.assume(total <= 100);
  }
}

z3::expr Encoder::credential_value(const PriorityJob& j, ir::CredKind k, const std::string& prefix) {
  z3::expr v = z_.real_const(fmt::format("{}.priority.{}", prefix, ir::to_string(k)).c_str());
  const auto& names = ctx_.world.names(k);
  for (std::size_t i = 0; i < names.size(); ++i) {
    auto p = ctx_.world.directory().priority(k, names[i]);
    state(z3::implies(j.job.is[kind_index(k)][i], v == real(static_cast<double>(p.value))), p.from,
          fmt::format("{} {} PRIORITY={}", ir::to_string(k), names[i], p.value));
  }
  return v;
}

z3::expr Encoder::fairshare_value(const PriorityJob& j, ir::CredKind k, const std::string& prefix) {
  z3::expr v = z_.real_const(fmt::format("{}.fairshare.{}", prefix, ir::to_string(k)).c_str());
  const auto& names = ctx_.world.names(k);
  bool percentage = ctx_.policy().fairshare.percentage_mode.value;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const z3::expr& is = j.job.is[kind_index(k)][i];
    auto target = ctx_.world.directory().fairshare_target(k, names[i]);
    const FairshareUsage* u = nullptr;
    for (const auto& x : usage_)
      if (x.kind == k && x.name == i) u = &x;
    if (!target || !u) {
      s_.assume(z3::implies(is, v == 0));
      continue;
    }
    // runtime/engine/fairshare.h fairshare_delta, term by term.
    double t = target->target.value;
    z3::expr distance = percentage ? 1 - u->percent / real(t) : real(t) - u->percent;
    z3::expr delta = distance;
    switch (target->target.mode) {
      case ir::FairshareMode::Floor: delta = z3::max(distance, z_.real_val(0)); break;
      case ir::FairshareMode::Ceiling: delta = z3::min(distance, z_.real_val(0)); break;
      case ir::FairshareMode::Target: break;
      default: delta = z_.real_val(0); break;
    }
    state(z3::implies(is, v == z3::ite(fresh_, z_.real_val(0), delta)), &target->target.from,
          fmt::format("{} {} FSTARGET={}", ir::to_string(k), names[i], t));
  }
  return v;
}

z3::expr Encoder::xfactor(const PriorityJob& j, const std::string& prefix) {
  // (queued + walltime) / max(walltime, XFMINWCLIMIT, 1): the product form keeps it exact.
  z3::expr x = z_.real_const(fmt::format("{}.xfactor", prefix).c_str());
  double floor = std::max<double>(1, static_cast<double>(ctx_.policy().priority.xfactor_min_walltime.value));
  z3::expr denominator = z3::max(z3::to_real(j.job.walltime), real(floor));
  s_.assume(x * denominator == z3::to_real(j.queue + j.job.walltime));
  return x;
}

z3::expr Encoder::subcomponent_value(PriorityJob& j, S s, const std::string& prefix) {
  z3::expr procs = z3::to_real(j.job.tasks);
  switch (s) {
    case S::User: return credential_value(j, ir::CredKind::User, prefix);
    case S::Group: return credential_value(j, ir::CredKind::Group, prefix);
    case S::Account: return credential_value(j, ir::CredKind::Account, prefix);
    case S::Qos: return credential_value(j, ir::CredKind::Qos, prefix);
    case S::Class: return credential_value(j, ir::CredKind::Class, prefix);
    case S::FsUser: return fairshare_value(j, ir::CredKind::User, prefix);
    case S::FsGroup: return fairshare_value(j, ir::CredKind::Group, prefix);
    case S::FsAccount: return fairshare_value(j, ir::CredKind::Account, prefix);
    case S::FsQos: return fairshare_value(j, ir::CredKind::Qos, prefix);
    case S::FsClass: return fairshare_value(j, ir::CredKind::Class, prefix);
    case S::Proc:
    case S::PE: return procs;  // PE with no cluster totals: the procs (runtime/engine/model.h)
    case S::PS: return z3::to_real(j.job.tasks * j.job.walltime);
    case S::Walltime: return z3::to_real(j.job.walltime);
    case S::QueueTime: return z3::to_real(j.queue) / 60;
    case S::XFactor: return xfactor(j, prefix);
    case S::Bypass: return z3::to_real(j.bypass);
    case S::TargetQueueTime:
    case S::TargetXFactor: {
      // (target - current)^-2 with the distance held at 0.0001 (runtime/engine/priority.cc).
      bool queue = s == S::TargetQueueTime;
      z3::expr current = queue ? z3::to_real(j.queue) : xfactor(j, prefix + ".target");
      z3::expr v = z_.real_const(fmt::format("{}.{}", prefix, ir::to_string(s)).c_str());
      const auto& names = ctx_.world.names(ir::CredKind::Qos);
      for (std::size_t i = 0; i < names.size(); ++i) {
        const auto* own = ctx_.world.directory().find(ir::CredKind::Qos, names[i]);
        const auto* fallback = ctx_.world.directory().defaults(ir::CredKind::Qos);
        const z3::expr& is = j.job.is[kind_index(ir::CredKind::Qos)][i];
        double target = 0;
        const ir::Provenance* from = nullptr;
        for (const auto* c : {own, fallback}) {
          if (!c || from) continue;
          if (queue && c->qos->queuetime_target) {
            target = static_cast<double>(c->qos->queuetime_target->value);
            from = &c->qos->queuetime_target->from;
          } else if (!queue && c->qos->xfactor_target) {
            target = c->qos->xfactor_target->value;
            from = &c->qos->xfactor_target->from;
          }
        }
        if (target <= 0) {
          s_.assume(z3::implies(is, v == 0));
          continue;
        }
        z3::expr distance = z3::max(real(target) - current, real(0.0001));
        state(z3::implies(is, v * distance * distance == 1), from,
              fmt::format("QOS {} {}={}", names[i], queue ? "QTTARGET" : "XFTARGET", target));
      }
      return v;
    }
    default: return z_.real_val(0);  // NODE, MEM, SWAP, DISK, SPVIOLATION, USAGE: 0 for these jobs
  }
}

z3::expr Encoder::contribution(PriorityJob& j, S s, const std::string& prefix) {
  const auto& w = ctx_.policy().priority.sub[idx(s)];
  std::string name(weight_name(s));
  z3::expr out = z_.real_const(fmt::format("{}.contribution.{}", prefix, ir::to_string(s)).c_str());
  bool per_qos = s == S::QueueTime || s == S::XFactor;
  if (m_.weight[idx(s)].lo == 0 && m_.weight[idx(s)].hi == 0) {
    // A zero weight: the term is 0 whatever the job, and the weight is why.
    s_.track(out == 0, weight_at(w.weight.from, fmt::format("{}={}", name, w.weight.value)));
    return out;
  }
  z3::expr value = subcomponent_value(j, s, prefix);
  z3::expr capped = value;
  if (w.cap.value > 0) {
    capped = z_.real_const(fmt::format("{}.capped.{}", prefix, ir::to_string(s)).c_str());
    std::string cap_name = name.substr(0, name.size() - 6) + "CAP";  // QUEUETIMEWEIGHT -> QUEUETIMECAP
    state(capped == z3::min(value, real(static_cast<double>(w.cap.value))), &w.cap.from,
          fmt::format("{}={}", cap_name, w.cap.value));
  }
  if (!per_qos) {
    s_.track(out == real(static_cast<double>(w.weight.value)) * capped,
             weight_at(w.weight.from, fmt::format("{}={}", name, w.weight.value)));
    return out;
  }
  // QTWEIGHT / XFWEIGHT of the job's QOS (own, else QOSCFG[DEFAULT]) add to the weight.
  const auto& names = ctx_.world.names(ir::CredKind::Qos);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto* own = ctx_.world.directory().find(ir::CredKind::Qos, names[i]);
    const auto* fallback = ctx_.world.directory().defaults(ir::CredKind::Qos);
    auto member = s == S::QueueTime ? &ir::QosSettings::queuetime_weight : &ir::QosSettings::xfactor_weight;
    const ir::Sourced<std::int64_t>* extra = nullptr;
    if (own && (own->qos.get().*member))
      extra = &*(own->qos.get().*member);
    else if (fallback && (fallback->qos.get().*member))
      extra = &*(fallback->qos.get().*member);
    double weight = static_cast<double>(w.weight.value + (extra ? extra->value : 0));
    z3::expr term = z3::implies(j.job.is[kind_index(ir::CredKind::Qos)][i], out == real(weight) * capped);
    if (extra)
      state(term, &extra->from,
            fmt::format("{}={} + QOS {} {}={}", name, w.weight.value, names[i],
                        s == S::QueueTime ? "QTWEIGHT" : "XFWEIGHT", extra->value));
    else
      s_.track(term, weight_at(w.weight.from, fmt::format("{}={}", name, w.weight.value)));
  }
  return out;
}

PriorityJob Encoder::declare(const std::string& prefix) {
  PriorityJob j{declare_job(s_, ctx_.world, prefix),
                z_.int_const((prefix + ".queued").c_str()),
                z_.int_const((prefix + ".bypass").c_str()),
                {},
                z_.real_val(0),
                z_.int_val(0)};
  s_.assume(j.job.tasks <= z_.int_val(static_cast<std::int64_t>(m_.procs_max)));
  s_.assume(j.job.walltime <= z_.int_val(static_cast<std::int64_t>(m_.walltime_max)));
  s_.assume(j.queue >= 0 && j.queue <= z_.int_val(static_cast<std::int64_t>(kQueueHorizon)));
  s_.assume(j.bypass >= 0 && j.bypass <= z_.int_val(static_cast<std::int64_t>(kBypassHorizon)));
  const auto& w = ctx_.policy().priority;
  for (std::size_t ci = 0; ci < ir::kPriorityComponents; ++ci) {
    C c = static_cast<C>(ci);
    z3::expr out = z_.real_const(fmt::format("{}.component.{}", prefix, ir::to_string(c)).c_str());
    Location at = weight_at(w[c].weight.from, fmt::format("{}={}", weight_name(c), w[c].weight.value));
    if (w[c].weight.value == 0) {
      s_.track(out == 0, at);
    } else {
      auto range = runtime::subcomponents_of(c);
      z3::expr factor = z_.real_val(0);
      for (std::size_t s = range.first; s < range.first + range.count; ++s)
        factor = factor + contribution(j, static_cast<S>(s), prefix);
      if (w[c].cap.value > 0) {
        z3::expr capped = z_.real_const(fmt::format("{}.capped.{}", prefix, ir::to_string(c)).c_str());
        std::string cap_name = std::string(ir::to_string(c)) + "CAP";
        state(capped == z3::min(factor, real(static_cast<double>(w[c].cap.value))), &w[c].cap.from,
              fmt::format("{}={}", cap_name, w[c].cap.value));
        factor = capped;
      }
      s_.track(out == real(static_cast<double>(w[c].weight.value)) * factor, at);
    }
    j.sum = j.sum + out;
    j.component.push_back(out);
  }
  // Floored at 1 unless ENABLENEGJOBPRIORITY, capped at 1e9, truncated toward zero.
  z3::expr p = w.enable_negative.value ? j.sum : z3::max(j.sum, z_.real_val(1));
  p = z3::min(p, real(runtime::kMaxPriority));
  j.priority = z3::ite(p >= 0, floor_int(p), -floor_int(-p));
  return j;
}

// `a op b` for solver terms (a z3::expr) and for the runtime's numbers (a bool) alike.
template <class A, class B>
auto compare(const A& a, Cmp op, const B& b) -> decltype(a == b) {
  switch (op) {
    case Cmp::Lt: return a < b;
    case Cmp::Le: return a <= b;
    case Cmp::Eq: return a == b;
    case Cmp::Ge: return a >= b;
    case Cmp::Gt: return a > b;
  }
  return a == b;
}

z3::expr Encoder::meets(const PriorityJob& j, const Condition& c) const {
  switch (c.attr) {
    case JobAttr::QueueTime: return compare(z3::to_real(j.queue), c.op, real(c.value));
    case JobAttr::Walltime: return compare(z3::to_real(j.job.walltime), c.op, real(c.value));
    case JobAttr::Procs: return compare(z3::to_real(j.job.tasks), c.op, real(c.value));
    case JobAttr::XFactor: {
      // xfactor op v  <=>  queued + walltime op v x denominator (the denominator is positive).
      double floor = std::max<double>(1, static_cast<double>(ctx_.policy().priority.xfactor_min_walltime.value));
      z3::expr denominator = z3::max(z3::to_real(j.job.walltime), real(floor));
      return compare(z3::to_real(j.queue + j.job.walltime), c.op, real(c.value) * denominator);
    }
  }
  return z_.bool_val(true);
}

z3::expr Encoder::matches(const PriorityJob& j, const JobPattern& p) const {
  z3::expr all = z_.bool_val(true);
  for (const auto& c : p.credentials) all = all && has_credential(j.job, ctx_.world, c.kind, c.name);
  for (const auto& c : p.conditions) all = all && meets(j, c);
  return all;
}

z3::expr Encoder::share(const PriorityJob& j, C c, Cmp op, double percent) const {
  // runtime/engine/priority.cc: |contribution| / Σ|contributions| x 100, and 0 when every one is 0.
  z3::expr magnitude = z_.real_val(0);
  for (const auto& x : j.component) magnitude = magnitude + z3::abs(x);
  z3::expr mine = z3::abs(j.component[idx(c)]);
  return z3::ite(magnitude > 0, compare(mine * 100, op, real(percent) * magnitude),
                 z_.bool_val(compare(0.0, op, percent)));
}

// ---------------------------------------------------------------------------------------------
// Witnesses.

struct Replay {
  std::vector<runtime::Job> jobs;
  std::vector<runtime::PriorityBreakdown> breakdowns;
  llvm::json::Object usage;  // "user steve": "40%"
};

double real_value(z3::model& m, const z3::expr& e) {
  z3::expr v = m.eval(e, true);
  return std::stod(v.get_decimal_string(12));
}

Replay replay(Context& ctx, z3::model& m, const Encoder& enc, const std::vector<PriorityJob>& sym,
              const std::vector<JobPattern>& patterns) {
  Replay r;
  const World& w = ctx.world;
  for (std::size_t i = 0; i < sym.size(); ++i) {
    runtime::Job job = job_from_model(m, sym[i].job, w, sym.size() == 1 ? "witness" : i == 0 ? "higher" : "lower");
    // A name the config does not know is OTHER in the model; the witness keeps the admin's name.
    if (i < patterns.size())
      for (const auto& c : patterns[i].credentials)
        if (w.index(c.kind, c.name) == w.index(c.kind, w.other(c.kind))) set_credential(job, c.kind, c.name);
    job.submit_time = kWeekStart - int_value(m, sym[i].queue);
    job.sched.bypass_count = int_value(m, sym[i].bypass);
    r.jobs.push_back(std::move(job));
  }
  runtime::FairshareHistory history;
  bool recorded = !enc.usage().empty() && !m.eval(enc.no_usage_recorded(), true).is_true();
  if (recorded) {
    auto clock = runtime::FairshareClock::from(ctx.policy().fairshare);
    auto& window = history.window(runtime::window_start(kWeekStart, clock.interval));
    window.total = 100;  // usage then reads directly as percent
    for (const auto& u : enc.usage()) {
      double percent = real_value(m, u.percent);
      const std::string& name = w.names(u.kind)[u.name];
      window.usage[ir::Credential{u.kind, name}] = percent;
      // The jobs' own names for OTHER (an unknown name the admin wrote) get OTHER's usage.
      for (const auto& job : r.jobs)
        if (w.index(u.kind, job.credential(u.kind)) == static_cast<int>(u.name))
          window.usage[ir::Credential{u.kind, job.credential(u.kind)}] = percent;
    }
    // Only the witness jobs' own credentials: the other usages do not change their priorities.
    for (const auto& [who, percent] : window.usage)
      if (std::any_of(r.jobs.begin(), r.jobs.end(),
                      [&](const runtime::Job& j) { return j.credential(who.kind) == who.name; }))
        r.usage[fmt::format("{} {}", ir::to_string(who.kind), who.name)] = fmt::format("{}%", number_text(percent));
  }
  runtime::FairshareStanding standing = runtime::FairshareStanding::compute(w.directory(), history, kWeekStart);
  runtime::PriorityCalculator calc(w.directory(), standing, runtime::ClusterTotals{}, kWeekStart);
  for (const auto& job : r.jobs) r.breakdowns.push_back(calc.evaluate(job));
  return r;
}

bool runtime_meets(const runtime::Job& job, const runtime::PriorityBreakdown& b, const Condition& c) {
  switch (c.attr) {
    case JobAttr::QueueTime: return compare(static_cast<double>(b.effective_queue_time), c.op, c.value);
    case JobAttr::Walltime: return compare(static_cast<double>(job.walltime), c.op, c.value);
    case JobAttr::Procs: return compare(static_cast<double>(job.procs()), c.op, c.value);
    case JobAttr::XFactor: return compare(b.xfactor, c.op, c.value);
  }
  return false;
}

// The runtime's verdict on the counterexample: true when it breaks the assertion too.
bool runtime_breaks(const Assertion& a, const Replay& r) {
  for (std::size_t i = 0; i < r.jobs.size(); ++i) {
    for (const auto& c : a.when)
      if (!runtime_meets(r.jobs[i], r.breakdowns[i], c)) return false;
    if (i < a.jobs.size())
      for (const auto& c : a.jobs[i].conditions)
        if (!runtime_meets(r.jobs[i], r.breakdowns[i], c)) return false;
  }
  const auto& b = r.breakdowns.front();
  switch (a.kind) {
    case AssertionKind::Outranks: {
      auto hi = b.priority, lo = r.breakdowns[1].priority;
      return a.or_equal ? hi < lo : hi <= lo;
    }
    case AssertionKind::Share: return !compare(b[a.component].percent, a.op, a.value);
    case AssertionKind::Bound:
      return !compare(a.of_component ? b[a.component].contribution : static_cast<double>(b.priority), a.op, a.value);
  }
  return false;
}

llvm::json::Object witness_job(const runtime::Job& job, const runtime::PriorityBreakdown& b) {
  llvm::json::Object o = job_json(job);
  o["queued"] = duration_text(b.effective_queue_time);
  if (job.sched.bypass_count) o["bypassed"] = job.sched.bypass_count;
  o["priority"] = b.priority;
  llvm::json::Object components;
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c)
    if (b.components[c].contribution != 0)
      components[std::string(ir::to_string(static_cast<C>(c)))] = number_text(b.components[c].contribution);
  o["components"] = std::move(components);
  return o;
}

std::string job_summary(const runtime::Job& job, const runtime::PriorityBreakdown& b) {
  return fmt::format("{}, queued {}", job_text(job), duration_text(b.effective_queue_time));
}

// The weights behind the witness's priorities: every component and subcomponent that
// contributes something to one of the jobs.
std::vector<Location> witness_blame(const Context& ctx, const Replay& r) {
  const auto& w = ctx.policy().priority;
  std::vector<Location> out;
  auto add = [&](const ir::Provenance& from, std::string message) {
    Location l = location_of(from, std::move(message));
    if (l.line == 0) l.file = ctx.main_file();
    out.push_back(std::move(l));
  };
  for (const auto& b : r.breakdowns) {
    for (std::size_t c = 0; c < ir::kPriorityComponents; ++c) {
      if (b.components[c].contribution == 0) continue;
      add(w.component[c].weight.from,
          fmt::format("{}={}", weight_name(static_cast<C>(c)), w.component[c].weight.value));
      auto range = runtime::subcomponents_of(static_cast<C>(c));
      for (std::size_t s = range.first; s < range.first + range.count; ++s)
        if (b.subcomponents[s].contribution != 0)
          add(w.sub[s].weight.from, fmt::format("{}={}", weight_name(static_cast<S>(s)), w.sub[s].weight.value));
    }
  }
  return out;
}

std::string statement(const Assertion& a) {
  // "outranks: job(qos=hiprio) > ..." without the leading `assert`.
  std::string t = a.text;
  return t.rfind("assert", 0) == 0 ? t.substr(t.find_first_not_of(" \t", 6)) : t;
}

std::string violation_text(const Assertion& a, const Replay& r) {
  const auto& b = r.breakdowns.front();
  switch (a.kind) {
    case AssertionKind::Outranks:
      return fmt::format("{} has priority {}, not {} that of {} ({})", job_summary(r.jobs[0], b), b.priority,
                         a.or_equal ? "at least" : "above", job_summary(r.jobs[1], r.breakdowns[1]),
                         r.breakdowns[1].priority);
    case AssertionKind::Share:
      return fmt::format("the {} component is {:.2f}% of the total for {}", ir::to_string(a.component),
                         b[a.component].percent, job_summary(r.jobs[0], b));
    case AssertionKind::Bound:
      if (a.of_component)
        return fmt::format("the {} component is {} for {}", ir::to_string(a.component),
                           number_text(b[a.component].contribution), job_summary(r.jobs[0], b));
      return fmt::format("the priority is {} for {}", b.priority, job_summary(r.jobs[0], b));
  }
  return {};
}

// Preferred witnesses, tried in order: small one-hour jobs, whole minutes of queue time, no
// bypasses, whole fairshare percentages; then fewer wishes.
std::vector<std::vector<z3::expr>> preferences(const std::vector<PriorityJob>& sym, const Encoder& enc) {
  std::vector<z3::expr> tidy, shape;
  for (const auto& j : sym) {
    tidy.push_back(j.queue % 60 == 0);
    tidy.push_back(j.bypass == 0);
    shape.push_back(j.job.tasks == 1);
    shape.push_back(j.job.walltime == 3600);
  }
  for (const auto& u : enc.usage()) tidy.push_back(z3::is_int(u.percent));
  std::vector<z3::expr> both = tidy;
  both.insert(both.end(), shape.begin(), shape.end());
  return {both, tidy, {}};
}

void warn_unknown_names(Context& ctx, const std::string& path, const Assertion& a) {
  for (const auto& job : a.jobs)
    for (const auto& c : job.credentials) {
      const auto& names = ctx.world.names(c.kind);
      if (std::find(names.begin(), names.end(), c.name) != names.end() && !ctx.world.is_other(c.kind, c.name)) continue;
      ctx.report.input_warnings.push_back(fmt::format(
          "{}:{}:{}: warning: {} '{}' is not named in the config: it has the settings of every {} the config does "
          "not name [assert-unknown-name]",
          path, a.line, c.column, ir::to_string(c.kind), c.name, ir::to_string(c.kind)));
    }
}

void prove_one(Context& ctx, const PriorityModel& m, const std::string& path, const Assertion& a) {
  Result res;
  res.property = kProperty.id;
  res.check = std::string(to_string(a.kind));
  res.subject = statement(a);
  res.where = Location{path, a.line, a.column, 0, ""};

  Session s(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir);
  Encoder enc(ctx, s, m);
  std::vector<PriorityJob> sym;
  std::size_t count = a.kind == AssertionKind::Outranks ? 2 : 1;
  for (std::size_t i = 0; i < count; ++i) sym.push_back(enc.declare(count == 1 ? "job" : i == 0 ? "higher" : "lower"));
  for (std::size_t i = 0; i < sym.size(); ++i) {
    if (i < a.jobs.size()) s.assume(enc.matches(sym[i], a.jobs[i]));
    for (const auto& c : a.when) s.assume(enc.meets(sym[i], c));
  }
  z3::expr broken = ctx.z3.bool_val(false);
  switch (a.kind) {
    case AssertionKind::Outranks:
      broken = a.or_equal ? sym[0].priority < sym[1].priority : sym[0].priority <= sym[1].priority;
      break;
    case AssertionKind::Share: broken = !enc.share(sym[0], a.component, a.op, a.value); break;
    case AssertionKind::Bound: {
      z3::expr q = a.of_component ? sym[0].component[idx(a.component)] : z3::to_real(sym[0].priority);
      broken = !compare(q, a.op, real_of(ctx.z3, a.value));
      break;
    }
  }
  std::string query = fmt::format("{}-line{}", kProperty.id, a.line);

  CheckOutcome any = s.check(query + "-premises");
  if (any.answer == Answer::Unsat) {
    res.set_status(Status::Proved);
    res.message = fmt::format("{} holds vacuously: no job meets its conditions", res.subject);
    ctx.add(std::move(res));
    return;
  }
  CheckOutcome o = s.check(query, {broken});
  if (o.answer == Answer::Unsat) {
    res.set_status(Status::Proved);
    res.message = fmt::format("{} holds for every {}", res.subject, count == 2 ? "pair of jobs" : "job");
    res.blame = s.blame();
    ctx.add(std::move(res));
    return;
  }
  if (o.answer == Answer::Unknown || any.answer == Answer::Unknown) {
    res.set_status(Status::Unknown);
    res.message = fmt::format("could not decide {} ({})", res.subject, o.reason.empty() ? any.reason : o.reason);
    ctx.add(std::move(res));
    return;
  }
  // A counterexample: the tidiest model the solver finds, confirmed by the runtime.
  for (const auto& wish : preferences(sym, enc)) {
    std::vector<z3::expr> extra{broken};
    extra.insert(extra.end(), wish.begin(), wish.end());
    if (s.check(query + "-witness", extra).answer != Answer::Sat) continue;
    z3::model model = s.model();
    Replay r = replay(ctx, model, enc, sym, a.jobs);
    if (!runtime_breaks(a, r)) continue;
    res.set_status(Status::Violated);
    res.message = fmt::format("{} fails: {}", res.subject, violation_text(a, r));
    if (count == 2)
      res.witness = llvm::json::Object{{"higher", witness_job(r.jobs[0], r.breakdowns[0])},
                                       {"lower", witness_job(r.jobs[1], r.breakdowns[1])}};
    else
      res.witness = llvm::json::Object{{"job", witness_job(r.jobs[0], r.breakdowns[0])}};
    if (a.kind == AssertionKind::Share)
      res.witness["percent"] = fmt::format("{:.2f}", r.breakdowns[0][a.component].percent);
    if (!r.usage.empty()) res.witness["fairshare_usage"] = std::move(r.usage);
    res.blame = witness_blame(ctx, r);
    ctx.add(std::move(res));
    return;
  }
  ctx.mismatch(kProperty, fmt::format("{}:{}: no counterexample to '{}' is confirmed by the PriorityCalculator", path,
                                      a.line, res.subject));
}

}  // namespace

void check_priority_assertions(Context& ctx) {
  if (ctx.options.assertions_file.empty()) return;
  AssertionFile file = read_assertions(ctx.options.assertions_file);
  for (auto& e : file.errors) ctx.report.input_errors.push_back(std::move(e));
  PriorityModel m = priority_model(ctx.world);
  for (const auto& a : file.assertions) {
    warn_unknown_names(ctx, file.path, a);
    prove_one(ctx, m, file.path, a);
  }
}

}  // namespace maui::prove
