#include "checker/prove/job_encoding.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

namespace maui::prove {

SymbolicJob declare_job(Session& s, const World& w, const std::string& prefix) {
  z3::context& c = s.ctx();
  SymbolicJob j{{}, c.int_const((prefix + ".tasks").c_str()), c.int_const((prefix + ".walltime").c_str())};
  for (ir::CredKind k : ir::kCredKinds) {
    z3::expr_vector one(c);
    std::vector<z3::expr> literals;
    for (const auto& name : w.names(k)) {
      z3::expr b = c.bool_const(fmt::format("{}.{}={}", prefix, ir::to_string(k), name).c_str());
      one.push_back(b);
      literals.push_back(b);
    }
    s.assume(z3::mk_or(one));
    s.assume(z3::atmost(one, 1));
    j.is.push_back(std::move(literals));
  }
  s.assume(j.tasks >= 1 && j.tasks <= 1'000'000);
  s.assume(j.walltime >= 1 && j.walltime <= c.int_val(static_cast<std::int64_t>(ir::kInfinity)));
  return j;
}

z3::expr has_credential(const SymbolicJob& j, const World& w, ir::CredKind k, const std::string& name) {
  return j.is[kind_index(k)][static_cast<std::size_t>(w.index(k, name))];
}

namespace {
z3::expr names_job(const SymbolicJob& j, const World& w, const ir::AclEntry& e) {
  using K = ir::AclEntry::Kind;
  z3::context& c = j.tasks.ctx();
  switch (e.kind) {
    case K::User: return has_credential(j, w, ir::CredKind::User, e.value);
    case K::Group: return has_credential(j, w, ir::CredKind::Group, e.value);
    case K::Account: return has_credential(j, w, ir::CredKind::Account, e.value);
    case K::Class: return has_credential(j, w, ir::CredKind::Class, e.value);
    case K::Qos: return has_credential(j, w, ir::CredKind::Qos, e.value);
    case K::JobAttr: {  // the QOS flags PREEMPTEE / PREEMPTOR (runtime::check_access)
      z3::expr_vector with(c);
      for (const auto& q : w.names(ir::CredKind::Qos)) {
        const runtime::QosFlags& f = w.directory().qos_flags(q);
        if ((e.value == "PREEMPTEE" && f.preemptee) || (e.value == "PREEMPTOR" && f.preemptor))
          with.push_back(has_credential(j, w, ir::CredKind::Qos, q));
      }
      return z3::mk_or(with);
    }
    case K::Duration: return j.walltime <= c.int_val(static_cast<std::int64_t>(e.number));
    case K::Procs: return j.tasks <= c.int_val(static_cast<std::int64_t>(e.number));
    case K::Tasks: return j.tasks <= c.int_val(static_cast<std::int64_t>(e.number));
  }
  return c.bool_val(false);
}
}  // namespace

z3::expr acl_admits(const SymbolicJob& j, const World& w, std::span<const ir::AclEntry> acl) {
  z3::context& c = j.tasks.ctx();
  if (acl.empty()) return c.bool_val(false);  // a SYSTEM reservation admits nobody
  z3::expr_vector excluded(c), required(c), plain(c);
  for (const auto& e : acl) {
    z3::expr named = names_job(j, w, e);
    if (e.negated) excluded.push_back(named);
    // A required NOT entry is met by not being excluded, which the exclusion already demands.
    if (e.required && !e.negated) required.push_back(named);
    if (!e.required) plain.push_back(e.negated ? !named : named);
  }
  z3::expr admits = !z3::mk_or(excluded) && z3::mk_and(required);
  if (!plain.empty()) admits = admits && z3::mk_or(plain);
  return admits;
}

namespace {
// "The job's credential of this kind is one of the names for which `pred` holds".
template <class Pred>
z3::expr any_name(const SymbolicJob& j, const World& w, ir::CredKind kind, Pred pred) {
  z3::expr_vector names(j.tasks.ctx());
  for (const auto& n : w.names(kind))
    if (pred(n)) names.push_back(has_credential(j, w, kind, n));
  return z3::mk_or(names);
}
}  // namespace

void assume_qos_access(Session& s, const SymbolicJob& j, const World& w) {
  for (const auto& q : w.names(ir::CredKind::Qos))
    s.assume(z3::implies(has_credential(j, w, ir::CredKind::Qos, q), may_use_qos(j, w, q)));
}

z3::expr may_use_qos(const SymbolicJob& j, const World& w, const std::string& qos) {
  using K = ir::CredKind;
  using runtime::CredentialDirectory;
  const auto& dir = w.directory();
  z3::context& c = j.tasks.ctx();
  constexpr std::array<K, 4> kKinds{K::User, K::Group, K::Account, K::Class};
  auto listed = [&](const ir::NameList* l) { return l && std::count(l->names.begin(), l->names.end(), qos) > 0; };
  auto list_is = [&](K k, ir::ListMode mode, bool with_qos) {
    return any_name(j, w, k, [&](const std::string& n) {
      const auto* l = dir.qos_list(k, n);
      return l && l->mode == mode && listed(l) == with_qos;
    });
  };
  // The default QOS: the first QDEF of user, DEFAULT user, ..., class, DEFAULT class, SYSCFG,
  // else DEFAULT; built from the end of that chain.
  z3::expr is_default = c.bool_val(dir.system_qdef() ? *dir.system_qdef() == qos : qos == "DEFAULT");
  for (auto k = kKinds.rbegin(); k != kKinds.rend(); ++k) {
    if (const auto* d = CredentialDirectory::qdef(dir.defaults(*k))) is_default = c.bool_val(*d == qos);
    auto own = [&](const std::string& n) { return CredentialDirectory::qdef(dir.find(*k, n)); };
    z3::expr sets = any_name(j, w, *k, [&](const std::string& n) { return own(n) != nullptr; });
    z3::expr names_it = any_name(j, w, *k, [&](const std::string& n) { return own(n) && *own(n) == qos; });
    is_default = names_it || (!sets && is_default);
  }
  // The access list: SYSCFG's, or'ed, and'ed, and replaced by the first ONLY list.
  z3::expr allowed = c.bool_val(listed(dir.system_qos_list()));
  for (K k : kKinds) allowed = allowed || list_is(k, ir::ListMode::Or, true);
  for (K k : kKinds) allowed = allowed && !list_is(k, ir::ListMode::And, false);
  for (auto k = kKinds.rbegin(); k != kKinds.rend(); ++k)
    allowed = list_is(*k, ir::ListMode::Only, true) || (!list_is(*k, ir::ListMode::Only, false) && allowed);
  return is_default || allowed;
}

namespace {
std::string entry_text(const ir::AclEntry& e) {
  using K = ir::AclEntry::Kind;
  switch (e.kind) {
    case K::Duration: return fmt::format("walltime <= {}", duration_text(e.number));
    case K::Procs: return fmt::format("procs <= {}", e.number);
    case K::Tasks: return fmt::format("tasks <= {}", e.number);
    case K::JobAttr: return fmt::format("job attribute {}", e.value);
    default: return fmt::format("{} {}", ir::to_string(e.kind), e.value);
  }
}
}  // namespace

void track_acl(Session& s, const SymbolicJob& j, const World& w, const ir::StandingReservation& sr) {
  z3::context& c = s.ctx();
  if (sr.acl.empty()) {
    s.track(c.bool_val(false),
            location_of(sr.declared, fmt::format("SRCFG[{}] has no ACL: a SYSTEM reservation", sr.name)));
    return;
  }
  z3::expr_vector plain(c);
  const ir::AclEntry* first_plain = nullptr;
  std::vector<std::string> plain_text;
  for (const auto& e : sr.acl) {
    z3::expr named = names_job(j, w, e);
    if (e.negated)
      s.track(!named, location_of(e.from, fmt::format("SRCFG[{}] excludes {}", sr.name, entry_text(e))));
    else if (e.required)
      s.track(named, location_of(e.from, fmt::format("SRCFG[{}] requires {}", sr.name, entry_text(e))));
    if (!e.required) {
      plain.push_back(e.negated ? !named : named);
      plain_text.push_back(e.negated ? "not " + entry_text(e) : entry_text(e));
      if (!first_plain) first_plain = &e;
    }
  }
  if (first_plain)
    s.track(z3::mk_or(plain), location_of(first_plain->from, fmt::format("SRCFG[{}] admits only {}", sr.name,
                                                                         fmt::join(plain_text, " or "))));
}

std::string acl_text(std::span<const ir::AclEntry> acl) {
  if (acl.empty()) return "nobody";
  std::vector<std::string> parts, plain;
  for (const auto& e : acl) {
    if (e.negated)
      parts.push_back("not " + entry_text(e));
    else if (e.required)
      parts.push_back(entry_text(e));
    if (!e.required) plain.push_back(e.negated ? "not " + entry_text(e) : entry_text(e));
  }
  if (!plain.empty())
    parts.push_back(plain.size() == 1 ? plain.front() : fmt::format("({})", fmt::join(plain, " or ")));
  return fmt::format("{}", fmt::join(parts, " and "));
}

runtime::Job job_from_model(z3::model& m, const SymbolicJob& j, const World& w, const std::string& id) {
  runtime::Job job;
  job.id = id;
  auto name = [&](ir::CredKind k) {
    const auto& literals = j.is[kind_index(k)];
    for (std::size_t i = 0; i < literals.size(); ++i)
      if (m.eval(literals[i], true).is_true()) return w.names(k)[i];
    return w.other(k);
  };
  job.user = name(ir::CredKind::User);
  job.group = name(ir::CredKind::Group);
  job.account = name(ir::CredKind::Account);
  job.job_class = name(ir::CredKind::Class);
  job.qos = name(ir::CredKind::Qos);
  job.tasks = int_value(m, j.tasks);
  job.procs_per_task = 1;
  job.walltime = int_value(m, j.walltime);
  job.submit_time = kWeekStart;
  return job;
}

void set_credential(runtime::Job& job, ir::CredKind kind, const std::string& name) {
  switch (kind) {
    case ir::CredKind::User: job.user = name; break;
    case ir::CredKind::Group: job.group = name; break;
    case ir::CredKind::Account: job.account = name; break;
    case ir::CredKind::Class: job.job_class = name; break;
    case ir::CredKind::Qos: job.qos = name; break;
    case ir::CredKind::System: break;
  }
}

runtime::Job plain_job(const World& w, const std::string& id) {
  runtime::Job job;
  job.id = id;
  for (ir::CredKind k : ir::kCredKinds) set_credential(job, k, w.other(k));
  job.walltime = 3600;
  job.submit_time = kWeekStart;
  return job;
}

std::vector<std::vector<z3::expr>> witness_preferences(const SymbolicJob& j) {
  return {{j.tasks == 1, j.walltime == 3600}, {j.tasks == 1, j.walltime <= 3600}, {j.tasks == 1}, {}};
}

llvm::json::Object job_json(const runtime::Job& job) {
  return llvm::json::Object{
      {"user", job.user}, {"group", job.group}, {"account", job.account}, {"class", job.job_class},
      {"qos", job.qos},   {"tasks", job.tasks}, {"procs", job.procs()},   {"walltime", duration_text(job.walltime)}};
}

std::string job_text(const runtime::Job& job) {
  return fmt::format("user {}, group {}, account {}, class {}, QOS {}, {} task{}, walltime {}", job.user, job.group,
                     job.account, job.job_class, job.qos, job.tasks, job.tasks == 1 ? "" : "s",
                     duration_text(job.walltime));
}

}  // namespace maui::prove
