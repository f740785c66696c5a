// Property b, starvation (docs/rules/check/starvation.md): for each credential the config names,
// and each class x user pair whose class and user both take part in an ACL or a scoped limit,
// does any job exist that can ever start? The job may be of any shape (tasks, walltime), any of
// its other credentials, any QOS its credentials give it (decision 78), on any node in any hour
// of the week. It must fit:
//   - the hard limits of its credentials with nothing else running (own or DEFAULT, scoped
//     limits such as CLASSCFG[c] MAXPROC[USER:u]), SYSTEMMAX*PERJOB or the QOS's OMAXJ*, less
//     what the QOS's flags lift (IGN*PERUSER, IGNSYSMAX*; decision 80),
//     MAX.WCLIMIT, and '^' fairshare caps with no usage (when FSPOLICY turns fairshare on);
//   - one node: its PROCS, a partition in the credentials' PLIST, and every standing reservation
//     holding that node in that hour must admit it.
// Every constraint is labelled with its config line; UNSAT gives the minimal set of lines that
// block the smallest job (one task, one minute). Both answers are replayed through the runtime
// (Throttle, fairshare caps, check_access on each node-hour).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>

#include "checker/prove/job_encoding.h"
#include "checker/prove/occupancy.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "runtime/engine/acl.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/limits.h"

namespace maui::prove {

namespace {

using R = ir::LimitResource;
constexpr ir::Seconds kSmallestWalltime = 60;

// Where a job may sit: a signature (the reservations holding the node) on a node of some
// partition and size, with one node and hour where it happens (for witnesses and replays).
struct Cell {
  std::size_t signature;
  std::string partition;
  std::int64_t procs;
  std::size_t node;
  int hour;
};

std::vector<Cell> cells_of(const World& w, const Occupancy& occ) {
  std::map<std::tuple<std::size_t, std::string, std::int64_t>, Cell> cells;
  for (std::size_t p = 0; p < occ.profiles.size(); ++p)
    for (int h = 0; h < kHours; ++h)
      for (auto n : occ.profile_nodes[p]) {
        const auto& node = w.nodes()[n];
        std::size_t sig = occ.profiles[p][static_cast<std::size_t>(h)];
        cells.try_emplace({sig, node.partition, node.procs}, Cell{sig, node.partition, node.procs, n, h});
      }
  std::vector<Cell> out;
  for (auto& [key, c] : cells) out.push_back(c);
  return out;
}

// A plain or scoped hard limit as a bound on the job's request.
z3::expr request_within(const SymbolicJob& j, R r, std::int64_t limit) {
  z3::context& c = j.tasks.ctx();
  z3::expr l = c.int_val(limit);
  switch (r) {
    case R::Job: return c.int_val(1) <= l;
    case R::Proc:
    case R::PE: return j.tasks <= l;
    case R::PS: return j.tasks * j.walltime <= l;
    case R::WC: return j.walltime <= l;
    case R::Node:
    case R::Mem: return c.bool_val(true);  // the smallest job asks for no node count and no memory
  }
  return c.bool_val(true);
}

class Starvation {
 public:
  explicit Starvation(Context& ctx)
      : ctx_(ctx),
        w_(ctx.world),
        s_(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir),
        job_(declare_job(s_, w_, "job")),
        occ_(occupancy(w_)),
        cells_(cells_of(w_, occ_)),
        cell_(ctx.z3.int_const("job.cell")),
        totals_(w_.totals()),
        throttle_(w_.directory(), totals_, kWeekStart),
        standing_(runtime::FairshareStanding::compute(w_.directory(), runtime::FairshareHistory{}, kWeekStart)) {
    s_.assume(cell_ >= 0 && cell_ < static_cast<int>(cells_.size()));
    assume_qos_access(s_, job_, w_);
    encode_limits();
    encode_system();
    encode_nodes();
  }

  void check(const std::vector<std::pair<ir::CredKind, std::string>>& who, Location where);

 private:
  // A job that can start must find a node: without the cluster's node list, where the standing
  // reservations are is unknown, so whether it finds one is too. Reports that and returns true.
  bool nodes_unknown(Result& r, const std::string& subject) {
    if (w_.node_list_known() || w_.reservations().empty()) return false;
    r.set_status(Status::Unknown);
    r.message = fmt::format("whether a job of {} can start depends on the nodes the standing reservations hold: {}",
                            subject, kNoNodeList);
    ctx_.add(std::move(r));
    return true;
  }
  void encode_limits();
  void encode_system();
  void encode_nodes();
  bool runtime_starts(const runtime::Job& job, std::string* why) const;
  // "The job's QOS lifts this limit" (QOS flags, decision 80): the QOS names whose flags say so.
  template <class Lifts>
  z3::expr qos_lifts(Lifts lifts) const {
    z3::expr_vector qos(ctx_.z3);
    for (const auto& q : w_.names(ir::CredKind::Qos))
      if (lifts(w_.directory().qos_flags(q))) qos.push_back(has_credential(job_, w_, ir::CredKind::Qos, q));
    return z3::mk_or(qos);
  }
  z3::expr user_exempt(R r) const {
    return qos_lifts([r](const runtime::QosFlags& f) { return f.ignore_user_active[static_cast<std::size_t>(r)]; });
  }

  Context& ctx_;
  const World& w_;
  Session s_;
  SymbolicJob job_;
  Occupancy occ_;
  std::vector<Cell> cells_;
  z3::expr cell_;
  // The runtime's evaluators for replays, built once (nothing runs: no usage, no history).
  runtime::ClusterTotals totals_;
  mutable runtime::Throttle throttle_;
  runtime::FairshareStanding standing_;
};

void Starvation::encode_limits() {
  auto& dir = w_.directory();
  for (ir::CredKind kind : ir::kCredKinds) {
    for (const auto& name : w_.names(kind)) {
      const auto* own = dir.find(kind, name);
      const auto* fallback = dir.defaults(kind);
      z3::expr is = has_credential(job_, w_, kind, name);
      std::string label_name = own ? name : "DEFAULT";
      for (std::size_t ri = 0; ri < ir::kLimitResources; ++ri) {
        R r = static_cast<R>(ri);
        const ir::Limit* l = own && own->active[r]             ? &*own->active[r]
                             : fallback && fallback->active[r] ? &*fallback->active[r]
                                                               : nullptr;
        if (!l || l->hard < 0) continue;
        std::string lname = runtime::limit_name(runtime::LimitFamily::Active, r);
        z3::expr applies = kind == ir::CredKind::User ? is && !user_exempt(r) : is;
        s_.track(z3::implies(applies, request_within(job_, r, l->hard)),
                 location_of(l->from, fmt::format("{}[{}] {}={}", ir::family_of(kind), label_name, lname, l->hard)));
      }
      const auto* wc = own && own->max_walltime             ? &*own->max_walltime
                       : fallback && fallback->max_walltime ? &*fallback->max_walltime
                                                            : nullptr;
      if (wc)
        s_.track(z3::implies(is, job_.walltime <= ctx_.z3.int_val(static_cast<std::int64_t>(wc->value))),
                 location_of(wc->from, fmt::format("{}[{}] MAX.WCLIMIT={}", ir::family_of(kind), label_name,
                                                   duration_text(wc->value))));
      // Caps act only while fairshare is on (FSPOLICY set), as in runtime fairshare_cap_violations.
      bool fairshare_on = ctx_.policy().fairshare.metric.value != ir::FairshareMetric::None;
      if (auto t = dir.fairshare_target(kind, name);
          fairshare_on && t && t->target.mode == ir::FairshareMode::CapAbsolute) {
        // Usage starts at 0, so the request alone must stay within the cap.
        z3::expr cap = ctx_.z3.real_val(fmt::format("{}", t->target.value).c_str());
        s_.track(z3::implies(is, z3::to_real(job_.tasks * job_.walltime) <= cap),
                 location_of(t->target.from, fmt::format("{}[{}] FSTARGET={}^ (proc-seconds)", ir::family_of(kind),
                                                         t->source.from_default ? "DEFAULT" : name, t->target.value)));
      }
      if (!own) continue;
      for (const auto& sl : own->scoped) {
        if (sl.idle || sl.limit.hard < 0) continue;
        z3::expr scope = sl.scope_name ? has_credential(job_, w_, sl.scope, *sl.scope_name) : ctx_.z3.bool_val(true);
        // A per-user limit (or one of the user's own) is lifted by the QOS's IGN*PERUSER flags.
        if (kind == ir::CredKind::User || sl.scope == ir::CredKind::User) scope = scope && !user_exempt(sl.resource);
        s_.track(z3::implies(is && scope, request_within(job_, sl.resource, sl.limit.hard)),
                 location_of(sl.limit.from, fmt::format("{}[{}] {}[{}{}]={}", ir::family_of(kind), name,
                                                        runtime::limit_name(runtime::LimitFamily::Active, sl.resource),
                                                        ir::to_string(sl.scope),
                                                        sl.scope_name ? ":" + *sl.scope_name : "", sl.limit.hard)));
      }
    }
  }
  // Partitions: a credential's PLIST confines the job to those partitions (the runtime's rule,
  // CredentialDirectory::partition_list).
  for (ir::CredKind kind : ir::kCredKinds)
    for (const auto& name : w_.names(kind)) {
      const ir::NameList* plist = dir.partition_list(kind, name);
      if (!plist) continue;
      const auto* own = dir.find(kind, name);
      const bool owns = own && own->partition_list && plist == &*own->partition_list;
      z3::expr_vector allowed(ctx_.z3);
      for (std::size_t c = 0; c < cells_.size(); ++c)
        if (std::count(plist->names.begin(), plist->names.end(), cells_[c].partition))
          allowed.push_back(cell_ == static_cast<int>(c));
      s_.track(z3::implies(has_credential(job_, w_, kind, name), z3::mk_or(allowed)),
               location_of(plist->from, fmt::format("{}[{}] PLIST={}", ir::family_of(kind), owns ? name : "DEFAULT",
                                                    fmt::join(plist->names, ","))));
    }
}

void Starvation::encode_system() {
  const auto& sys = ctx_.policy().system_limits;
  struct PerJob {
    R r;
    const std::optional<ir::Sourced<std::int64_t>>* value;
    const char* name;
  };
  const PerJob per_job[] = {{R::Proc, &sys.max_procs, "SYSTEMMAXPROCPERJOB"},
                            {R::WC, &sys.max_walltime, "SYSTEMMAXJOBWALLTIME"},
                            {R::PS, &sys.max_proc_seconds, "SYSTEMMAXPROCSECONDPERJOB"}};
  for (const auto& pj : per_job) {
    // A QOS's OMAXJ<R> replaces the system value for its jobs (decision 44).
    z3::expr_vector overridden(ctx_.z3);
    for (const auto& q : w_.names(ir::CredKind::Qos)) {
      const auto* qc = w_.directory().find(ir::CredKind::Qos, q);
      if (!qc || !qc->qos->override_system[pj.r]) continue;
      const auto& o = *qc->qos->override_system[pj.r];
      z3::expr is = has_credential(job_, w_, ir::CredKind::Qos, q);
      overridden.push_back(is);
      if (o.hard >= 0)
        s_.track(z3::implies(is, request_within(job_, pj.r, o.hard)),
                 location_of(o.from, fmt::format("QOSCFG[{}] O{}={}", q,
                                                 runtime::limit_name(runtime::LimitFamily::System, pj.r), o.hard)));
    }
    // IGNSYSMAX* flags lift the system value too (decision 80).
    overridden.push_back(
        qos_lifts([&pj](const runtime::QosFlags& f) { return f.ignore_system[static_cast<std::size_t>(pj.r)]; }));
    if (*pj.value && (*pj.value)->value > 0)
      s_.track(z3::implies(!z3::mk_or(overridden), request_within(job_, pj.r, (*pj.value)->value)),
               location_of((*pj.value)->from, fmt::format("{}={}", pj.name, (*pj.value)->value)));
  }
}

void Starvation::encode_nodes() {
  const auto& rs = w_.reservations();
  for (std::size_t c = 0; c < cells_.size(); ++c) {
    const Cell& cell = cells_[c];
    z3::expr here = cell_ == static_cast<int>(c);
    if (cell.procs > 0)
      s_.assume(z3::implies(here, job_.tasks <= ctx_.z3.int_val(cell.procs)));  // one node: the job's tasks fit
    for (auto m : occ_.signatures[cell.signature]) {
      const auto& sr = *rs[m].sr;
      s_.track(
          z3::implies(here, acl_admits(job_, w_, sr.acl)),
          location_of(sr.declared, fmt::format("SRCFG[{}] holds {} {} for {} only", sr.name, w_.nodes()[cell.node].name,
                                               hours_text(rs[m].hours), acl_text(sr.acl))));
    }
  }
}

// The runtime's answer for a concrete job: no hard limit broken with nothing running, no
// fairshare cap reached, and a node-hour whose holders all admit it in a partition it may use.
bool Starvation::runtime_starts(const runtime::Job& job, std::string* why) const {
  if (!w_.directory().may_use_qos(job, job.qos)) {
    if (why) *why = fmt::format("no QLIST or QDEF of its credentials gives it QOS {}", job.qos);
    return false;
  }
  std::vector<runtime::LimitViolation> out;
  runtime::Job copy = job;
  throttle_.check(copy, runtime::job_request(copy, totals_), runtime::LimitLevel::Hard,
                  runtime::Throttle::kActive | runtime::Throttle::kSystem, out);
  if (!out.empty()) {
    if (why) *why = runtime::describe(out.front());
    return false;
  }
  if (!runtime::fairshare_cap_violations(w_.directory(), standing_, job, totals_).empty()) {
    if (why) *why = "a fairshare cap";
    return false;
  }
  const auto& rs = w_.reservations();
  for (const auto& cell : cells_) {
    if (cell.procs > 0 && job.tasks > cell.procs) continue;
    if (!w_.directory().may_use_partition(job, cell.partition)) continue;
    bool admitted = true;
    for (auto m : occ_.signatures[cell.signature]) {
      runtime::AccessRequest req{&job, job.qos, 0, &w_.directory().qos_flags(job.qos)};
      admitted &= runtime::check_access(rs[m].sr->acl, req).granted;
    }
    if (admitted) {
      if (why) *why = fmt::format("{} at {}", w_.nodes()[cell.node].name, hour_label(cell.hour));
      return true;
    }
  }
  if (why) *why = "no node-hour admits it";
  return false;
}

void Starvation::check(const std::vector<std::pair<ir::CredKind, std::string>>& who, Location where) {
  std::vector<z3::expr> fixed;
  std::vector<std::string> names;
  for (const auto& [k, n] : who) {
    fixed.push_back(has_credential(job_, w_, k, n));
    names.push_back(fmt::format("{} {}", ir::to_string(k), n));
  }
  std::string subject = fmt::format("{}", fmt::join(names, " x "));
  Result r;
  r.property = properties::kStarvation.id;
  r.check = who.size() > 1 ? "class-user" : "credential";
  r.subject = subject;
  r.where = std::move(where);
  // A concrete job the runtime starts proves existence without a search: try the plain one-task,
  // one-hour job with credentials no ACL names first; Z3 searches only when it does not start.
  {
    runtime::Job guess = plain_job(w_, "witness");
    for (const auto& [k, n] : who) set_credential(guess, k, n);
    // Its default QOS, which it may always use (decision 78), unless the question is about a QOS.
    if (std::none_of(who.begin(), who.end(), [](const auto& c) { return c.first == ir::CredKind::Qos; }))
      guess.qos = w_.directory().default_qos(guess);
    std::string why;
    if (runtime_starts(guess, &why)) {
      if (nodes_unknown(r, subject)) return;
      r.set_status(Status::Proved);
      r.message = fmt::format("a job of {} can start: e.g. {} on {}", subject, job_text(guess), why);
      r.witness = llvm::json::Object{{"job", job_json(guess)}, {"runtime", why}};
      ctx_.add(std::move(r));
      return;
    }
  }
  CheckOutcome o = s_.check("starvation-" + subject, fixed);
  if (o.answer == Answer::Unknown) {
    r.set_status(Status::Unknown);
    r.message = fmt::format("could not decide whether a job of {} can ever start ({})", subject, o.reason);
    ctx_.add(std::move(r));
    return;
  }
  if (o.answer == Answer::Unsat) {
    r.blame = s_.blame();
    runtime::Job smallest = plain_job(w_, "smallest");
    for (const auto& [k, n] : who) set_credential(smallest, k, n);
    smallest.walltime = kSmallestWalltime;
    std::string why;
    if (runtime_starts(smallest, &why)) {
      ctx_.mismatch(properties::kStarvation,
                    fmt::format("{}: the runtime starts {} ({})", subject, job_text(smallest), why));
      return;
    }
    r.set_status(Status::Violated);
    r.message = fmt::format("no job of {} can ever start: even the smallest job ({}) is blocked ({})", subject,
                            job_text(smallest), why);
    r.witness = llvm::json::Object{{"job", job_json(smallest)}, {"runtime", why}};
    ctx_.add(std::move(r));
    return;
  }
  // A witness of the preferred shape when there is one (one task, one hour), else any.
  std::optional<runtime::Job> job;
  std::size_t cell = 0;
  auto prefer = witness_preferences(job_).front();
  prefer.insert(prefer.end(), fixed.begin(), fixed.end());
  if (s_.check("starvation-" + subject, prefer).answer != Answer::Sat) s_.check("starvation-" + subject, fixed);
  {
    z3::model m = s_.model();
    job = job_from_model(m, job_, w_, "witness");
    cell = static_cast<std::size_t>(int_value(m, cell_));
  }
  std::string why;
  if (!job || !runtime_starts(*job, &why)) {
    ctx_.mismatch(properties::kStarvation,
                  fmt::format("{}: the runtime does not start the solver's job ({})", subject, why));
    return;
  }
  if (nodes_unknown(r, subject)) return;
  r.set_status(Status::Proved);
  r.message = fmt::format("a job of {} can start: e.g. {} on {} at {}", subject, job_text(*job),
                          w_.nodes()[cells_[cell].node].name, hour_label(cells_[cell].hour));
  r.witness = llvm::json::Object{{"job", job_json(*job)}, {"runtime", why}};
  ctx_.add(std::move(r));
}

// Class x user pairs worth asking: both take part in an ACL or a scoped limit (otherwise the
// pair meets only constraints of one of them, all upper bounds that the smallest job meets
// whenever each alone can start).
std::set<std::pair<std::string, std::string>> interesting_pairs(const World& w) {
  std::set<std::string> users, classes;
  for (const auto& r : w.reservations())
    for (const auto& e : r.sr->acl) {
      if (e.kind == ir::AclEntry::Kind::User) users.insert(e.value);
      if (e.kind == ir::AclEntry::Kind::Class) classes.insert(e.value);
    }
  for (const auto& [id, c] : w.policy().credentials)
    for (const auto& sl : c.scoped)
      if (id.kind == ir::CredKind::Class && sl.scope == ir::CredKind::User) {
        classes.insert(id.name);
        if (sl.scope_name) users.insert(*sl.scope_name);
      }
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& c : classes)
    for (const auto& u : users)
      if (c != "DEFAULT" && u != "DEFAULT") pairs.insert({c, u});
  return pairs;
}

}  // namespace

void check_starvation(Context& ctx) {
  Starvation st(ctx);
  const auto& w = ctx.world;
  auto where_of = [&](ir::CredKind k, const std::string& n) {
    if (const auto* c = w.directory().find(k, n)) return location_of(c->declared, "");
    return Location{ctx.main_file(), 0, 0, 0, ""};
  };
  for (ir::CredKind kind : ir::kCredKinds)
    for (const auto& name : w.names(kind))
      if (!w.is_other(kind, name)) st.check({{kind, name}}, where_of(kind, name));
  for (const auto& [c, u] : interesting_pairs(w))
    if (w.index(ir::CredKind::Class, c) >= 0)
      st.check({{ir::CredKind::Class, c}, {ir::CredKind::User, u}}, where_of(ir::CredKind::Class, c));
}

}  // namespace maui::prove
