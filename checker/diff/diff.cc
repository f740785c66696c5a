#include "checker/diff/diff.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

#include "checker/diff/structural.h"
#include "checker/prove/job_encoding.h"
#include "checker/prove/prove.h"
#include "checker/report.h"
#include "llvm/Support/JSON.h"
#include "runtime/engine/credentials.h"
#include "runtime/engine/fairshare.h"
#include "runtime/engine/limits.h"
#include "runtime/engine/priority.h"

namespace maui::diff {

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::Equivalent: return "equivalent";
    case Verdict::MorePermissive: return "more permissive";
    case Verdict::LessPermissive: return "less permissive";
    case Verdict::Incomparable: return "incomparable";
  }
  return "incomparable";
}

bool DiffResult::gains_access() const {
  for (const auto& c : semantic)
    if (c.verdict == Verdict::MorePermissive || c.verdict == Verdict::Incomparable) return true;
  return false;
}

namespace {

using Access = std::map<std::string, prove::WeekHours>;  // node -> hours reachable

struct Reach {
  std::map<ir::Credential, Access> access;
  std::map<ir::Credential, Access> reserved;  // through reservations that admit it
  std::array<std::string, 5> other;
};

Reach access_of(const Compilation& unit) {
  Reach s;
  prove::World world(unit.policy);
  for (std::size_t k = 0; k < 5; ++k) s.other[k] = world.other(ir::kCredKinds[k]);
  prove::Options o;
  prove::Report r = prove::coverage_only(unit, o);
  if (r.coverage.empty()) {
    // No standing reservation: every credential reaches every node at every hour.
    prove::WeekHours all;
    all.set();
    for (ir::CredKind k : ir::kCredKinds)
      for (const auto& n : world.names(k)) {
        Access a;
        for (const auto& node : world.nodes()) a[node.name] = all;
        s.access[{k, n}] = a;
      }
    return s;
  }
  for (const auto& row : r.coverage) {
    Access a, reserved;
    for (const auto& [nodes, hours] : row.reach)
      for (const auto& n : nodes) a[n] |= hours;
    for (const auto& [nodes, hours] : row.reserved)
      for (const auto& n : nodes) reserved[n] |= hours;
    s.access[row.credential] = a;
    s.reserved[row.credential] = reserved;
  }
  return s;
}

// A credential's entry in `table` (access or reserved), else that of the credentials no config
// names, which it shares.
const Access& access_for(const Reach& s, const std::map<ir::Credential, Access>& table, const ir::Credential& c) {
  auto it = table.find(c);
  if (it != table.end()) return it->second;
  static const Access kNone;
  auto other = table.find(ir::Credential{c.kind, s.other[prove::kind_index(c.kind)]});
  return other != table.end() ? other->second : kNone;
}

std::vector<AccessChange> minus(const Access& a, const Access& b) {
  std::map<std::string, prove::WeekHours> extra;
  for (const auto& [node, hours] : a) {
    prove::WeekHours h = hours;
    if (auto it = b.find(node); it != b.end()) h &= ~it->second;
    if (h.any()) extra[node] = h;
  }
  // Nodes with the same extra hours together.
  std::map<std::string, std::pair<std::vector<std::string>, prove::WeekHours>> grouped;
  for (const auto& [node, hours] : extra) {
    auto& g = grouped[hours.to_string()];
    g.first.push_back(node);
    g.second = hours;
  }
  std::vector<AccessChange> out;
  for (auto& [key, g] : grouped) out.push_back({g.first, g.second});
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.nodes < y.nodes; });
  return out;
}

// The hard active limit the runtime would use (own, else DEFAULT); nullopt = unlimited.
std::optional<std::int64_t> hard_limit(const runtime::CredentialDirectory& dir, const ir::Credential& c,
                                       ir::LimitResource r) {
  const auto* own = dir.find(c.kind, c.name);
  const ir::Limit* l = own && own->active[r] ? &*own->active[r] : nullptr;
  if (!l)
    if (const auto* d = dir.defaults(c.kind); d && d->active[r]) l = &*d->active[r];
  if (!l || l->hard < 0) return std::nullopt;
  return l->hard;
}

// The QOS a job of this credential may use, its other credentials being ones neither config
// names (as the reservation access above: what the credential grants by itself).
std::set<std::string> usable_qos(const prove::World& w, const ir::Credential& c, const std::set<std::string>& qos) {
  std::set<std::string> out;
  if (c.kind == ir::CredKind::Qos) return out;
  runtime::Job job = prove::plain_job(w, "diff");
  prove::set_credential(job, c.kind, c.name);
  for (const auto& q : qos)
    if (w.directory().may_use_qos(job, q)) out.insert(q);
  return out;
}

// The partitions (of `universe`) that a credential's PLIST lets its jobs use.
std::set<std::string> usable_partitions(const runtime::CredentialDirectory& dir, const ir::Credential& c,
                                        const std::set<std::string>& universe) {
  const ir::NameList* plist = dir.partition_list(c.kind, c.name);
  if (!plist) return universe;
  std::set<std::string> out;
  for (const auto& p : universe)
    if (std::find(plist->names.begin(), plist->names.end(), p) != plist->names.end()) out.insert(p);
  return out;
}

// Every partition either config knows: its nodes' (DEFAULT for a node without one) and its PLISTs'.
std::set<std::string> partitions_of(const ir::Policy& a, const ir::Policy& b) {
  std::set<std::string> out{"DEFAULT"};
  for (const ir::Policy* p : {&a, &b}) {
    for (const auto& [name, n] : p->nodes)
      if (n.partition) out.insert(n.partition->value);
    for (const auto& [id, c] : p->credentials)
      if (c.partition_list)
        for (const auto& n : c.partition_list->names)
          if (n != "ALL") out.insert(n);
  }
  return out;
}

std::vector<std::string> set_minus(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// A reference job's priorities under one policy: one task of one hour, submitted at the week's
// start (kWeekStart) and a day before it, none of the fairshare usage recorded its own (others
// used the cluster: with no usage at all Maui computes no fairshare,
// docs/reference/maui-3.3-semantics.md §4.7, and turning fairshare on would change nothing here). A credential's target
// then counts in full.
class ReferenceJobs {
 public:
  explicit ReferenceJobs(const prove::World& w)
      : w_(w),
        history_(others_used_the_cluster(w)),
        standing_(runtime::FairshareStanding::compute(w.directory(), history_, kNow)),
        calc_(w.directory(), standing_, w.totals(), kNow) {}

  // The job of credentials no config names, with `c` set (none: that job itself). A QOS is
  // taken as asked for: priority is about the function, as in priority assertions.
  ReferencePriority of(const std::optional<ir::Credential>& c) const {
    return priorities(c, [](const runtime::PriorityBreakdown& b) { return b.priority; });
  }
  // What `c`'s own settings add to the unnamed job's priority sums (before the floor at 1 and the
  // 1e9 cap, which would hide it), rounded to whole points.
  ReferencePriority advantage(const ir::Credential& c) const {
    // Clamped far beyond the 1e9 cap so that the difference below cannot overflow.
    auto sum = [](const runtime::PriorityBreakdown& b) {
      return static_cast<std::int64_t>(std::llround(std::clamp(b.sum, -1e15, 1e15)));
    };
    ReferencePriority own = priorities(c, sum), base = priorities(std::nullopt, sum);
    return {own.now - base.now, own.day - base.day};
  }

 private:
  template <class Value>
  ReferencePriority priorities(const std::optional<ir::Credential>& c, Value value) const {
    runtime::Job job = prove::plain_job(w_, "reference");
    if (c) prove::set_credential(job, c->kind, c->name);
    if (!c || c->kind != ir::CredKind::Qos) job.qos = w_.directory().job_qos(job);
    ReferencePriority p;
    job.submit_time = kNow;
    p.now = value(calc_.evaluate(job));
    job.submit_time = kNow - 86400;
    p.day = value(calc_.evaluate(job));
    return p;
  }

  static runtime::FairshareHistory others_used_the_cluster(const prove::World& w) {
    runtime::FairshareHistory history;
    const auto clock = runtime::FairshareClock::from(w.policy().fairshare);
    auto& window = history.window(runtime::window_start(kNow, clock.interval));
    // A user no config can name ('~' is no name character): the usage of everyone else.
    window.usage[ir::Credential{ir::CredKind::User, "~others"}] = 3600;
    window.total = 3600;
    return history;
  }

  static constexpr runtime::Epoch kNow = prove::kWeekStart;
  const prove::World& w_;
  runtime::FairshareHistory history_;
  runtime::FairshareStanding standing_;
  runtime::PriorityCalculator calc_;
};

std::string who(const ir::Credential& c, const std::array<std::string, 5>& other) {
  if (c.name == other[prove::kind_index(c.kind)]) return fmt::format("any other {}", ir::to_string(c.kind));
  return fmt::format("{} {}", ir::to_string(c.kind), c.name);
}

// One change of one credential: '+' a gain, '-' a loss, '~' a limit; `what` without the name.
struct PlanLine {
  ir::Credential who;
  char sign;
  std::string what;
};

// The plan lines, a change that every kind's unnamed credentials share (so every job whose
// credentials the configs do not name) told once for everyone, with the named credentials
// that do not share it as exceptions: "- everyone but group biolab loses node01–node04 ...".
std::vector<std::string> fold_everyone(const std::vector<PlanLine>& plan, const std::set<ir::Credential>& all,
                                       const std::array<std::string, 5>& old_other,
                                       const std::array<std::string, 5>& new_other) {
  auto unnamed = [&](const ir::Credential& c) {
    const std::size_t k = prove::kind_index(c.kind);
    return c.name == old_other[k] || c.name == new_other[k];
  };
  std::map<std::pair<char, std::string>, std::set<ir::Credential>> sharing;
  for (const auto& l : plan) sharing[{l.sign, l.what}].insert(l.who);
  std::vector<std::string> out;
  std::set<std::pair<char, std::string>> told;
  // Gains first, then losses, then limits, each in credential order.
  std::vector<PlanLine> ordered = plan;
  std::stable_sort(ordered.begin(), ordered.end(), [](const PlanLine& x, const PlanLine& y) {
    auto rank = [](char sign) { return sign == '+' ? 0 : sign == '-' ? 1 : 2; };
    return rank(x.sign) < rank(y.sign);
  });
  for (const auto& l : ordered) {
    const auto key = std::make_pair(l.sign, l.what);
    const auto& who_share = sharing[key];
    std::set<ir::CredKind> kinds;
    for (const auto& c : who_share)
      if (unnamed(c)) kinds.insert(c.kind);
    if (kinds.size() < ir::kCredKinds.size()) {
      out.push_back(fmt::format("{} {} {}", l.sign, who(l.who, new_other), l.what));
      continue;
    }
    if (!told.insert(key).second) continue;
    std::vector<std::string> exceptions;
    for (const auto& c : all)
      if (!unnamed(c) && !who_share.count(c)) exceptions.push_back(who(c, new_other));
    std::string everyone = exceptions.empty() ? "everyone"
                           : exceptions.size() <= 3
                               ? fmt::format("everyone but {}", fmt::join(exceptions, ", "))
                               : fmt::format("everyone but {} named credentials", exceptions.size());
    out.push_back(fmt::format("{} {} {}", l.sign, everyone, l.what));
  }
  return out;
}

}  // namespace

DiffResult diff_policies(const Compilation& old_unit, const Compilation& new_unit) {
  DiffResult d;
  d.structural = structural_changes(old_unit.policy, new_unit.policy);
  Reach a = access_of(old_unit), b = access_of(new_unit);
  runtime::CredentialDirectory old_dir(old_unit.policy), new_dir(new_unit.policy);
  prove::World old_world(old_unit.policy), new_world(new_unit.policy);
  std::set<ir::Credential> all;
  std::set<std::string> qos;
  const std::set<std::string> partitions = partitions_of(old_unit.policy, new_unit.policy);
  for (const auto* w : {&old_world, &new_world}) {
    for (ir::CredKind k : ir::kCredKinds)
      for (const auto& n : w->names(k)) all.insert({k, n});
    for (const auto& q : w->names(ir::CredKind::Qos)) qos.insert(q);
  }
  std::vector<PlanLine> plan;
  for (const auto& c : all) {
    // OTHER of one side is the same population as OTHER of the other; skip names that are
    // merely the other side's representative spelling.
    CredentialChange ch;
    ch.credential = c;
    ch.gained = minus(access_for(b, b.access, c), access_for(a, a.access, c));
    ch.lost = minus(access_for(a, a.access, c), access_for(b, b.access, c));
    ch.reserved_gained = minus(access_for(b, b.reserved, c), access_for(a, a.reserved, c));
    ch.reserved_lost = minus(access_for(a, a.reserved, c), access_for(b, b.reserved, c));
    auto old_qos = usable_qos(old_world, c, qos), new_qos = usable_qos(new_world, c, qos);
    ch.qos_gained = set_minus(new_qos, old_qos);
    ch.qos_lost = set_minus(old_qos, new_qos);
    auto old_parts = usable_partitions(old_dir, c, partitions), new_parts = usable_partitions(new_dir, c, partitions);
    ch.partitions_gained = set_minus(new_parts, old_parts);
    ch.partitions_lost = set_minus(old_parts, new_parts);
    for (std::size_t ri = 0; ri < ir::kLimitResources; ++ri) {
      auto r = static_cast<ir::LimitResource>(ri);
      auto o = hard_limit(old_dir, c, r), n = hard_limit(new_dir, c, r);
      if (o == n) continue;
      bool looser = !n || (o && *n > *o);
      ch.limits.push_back({runtime::limit_name(runtime::LimitFamily::Active, r), o ? std::to_string(*o) : "unlimited",
                           n ? std::to_string(*n) : "unlimited", looser});
    }
    bool gains = !ch.gained.empty() || !ch.reserved_gained.empty() || !ch.qos_gained.empty() ||
                 !ch.partitions_gained.empty(),
         losses = !ch.lost.empty() || !ch.reserved_lost.empty() || !ch.qos_lost.empty() || !ch.partitions_lost.empty();
    for (const auto& l : ch.limits) (l.looser ? gains : losses) = true;
    if (!gains && !losses) continue;
    ch.verdict = gains && losses ? Verdict::Incomparable : gains ? Verdict::MorePermissive : Verdict::LessPermissive;
    auto line = [&](char sign, std::string what) { plan.push_back({c, sign, std::move(what)}); };
    for (const auto& g : ch.reserved_gained)
      line('+', fmt::format("gains reserved {} {}", prove::nodes_text(g.nodes), prove::hours_text(g.hours)));
    for (const auto& g : ch.gained)
      line('+', fmt::format("gains {} {}", prove::nodes_text(g.nodes), prove::hours_text(g.hours)));
    for (const auto& l : ch.reserved_lost)
      line('-', fmt::format("loses reserved {} {}", prove::nodes_text(l.nodes), prove::hours_text(l.hours)));
    for (const auto& l : ch.lost)
      line('-', fmt::format("loses {} {}", prove::nodes_text(l.nodes), prove::hours_text(l.hours)));
    if (!ch.qos_gained.empty()) line('+', fmt::format("gains QOS {}", fmt::join(ch.qos_gained, ", ")));
    if (!ch.qos_lost.empty()) line('-', fmt::format("loses QOS {}", fmt::join(ch.qos_lost, ", ")));
    if (!ch.partitions_gained.empty())
      line('+', fmt::format("gains partition {}", fmt::join(ch.partitions_gained, ", ")));
    if (!ch.partitions_lost.empty()) line('-', fmt::format("loses partition {}", fmt::join(ch.partitions_lost, ", ")));
    for (const auto& l : ch.limits) line('~', fmt::format("{} {} → {}", l.limit, l.old_value, l.new_value));
    d.semantic.push_back(std::move(ch));
  }
  d.summary = fold_everyone(plan, all, a.other, b.other);
  const ReferenceJobs old_jobs(old_world), new_jobs(new_world);
  if (auto o = old_jobs.of(std::nullopt), n = new_jobs.of(std::nullopt); o != n) {
    d.priority.push_back({std::nullopt, o, n,
                          fmt::format("~ any job's priority {} → {} on submission, {} → {} after a day queued", o.now,
                                      n.now, o.day, n.day)});
  }
  for (const auto& c : all) {
    if (c.name == b.other[prove::kind_index(c.kind)] || c.name == a.other[prove::kind_index(c.kind)]) continue;
    auto o = old_jobs.advantage(c), n = new_jobs.advantage(c);
    if (o == n) continue;
    std::string text = fmt::format("~ {}'s advantage over any other {} {:+} → {:+}", who(c, b.other),
                                   ir::to_string(c.kind), o.now, n.now);
    if (o.day - o.now != n.day - n.now) text += fmt::format(" (after a day queued {:+} → {:+})", o.day, n.day);
    // Who goes first among otherwise equal jobs, when that changes.
    auto side = [](std::int64_t advantage) { return advantage > 0 ? 1 : advantage < 0 ? -1 : 0; };
    if (side(o.now) != side(n.now))
      text += fmt::format(" (its jobs now go {} any other {}'s)",
                          side(n.now) > 0   ? "before"
                          : side(n.now) < 0 ? "after"
                                            : "level with",
                          ir::to_string(c.kind));
    d.priority.push_back({c, o, n, std::move(text)});
  }
  return d;
}

std::string render_text(const DiffResult& d) {
  std::string out;
  if (d.summary.empty() && d.priority.empty() && d.structural.empty()) return "no changes\n";
  for (const auto& s : d.summary) out += s + "\n";
  for (const auto& p : d.priority) out += p.text + "\n";
  if (!d.semantic.empty()) out += "\n";
  // One line per verdict, naming its credentials.
  for (Verdict v : {Verdict::MorePermissive, Verdict::LessPermissive, Verdict::Incomparable}) {
    std::vector<std::string> names;
    for (const auto& c : d.semantic)
      if (c.verdict == v) names.push_back(fmt::format("{} {}", ir::to_string(c.credential.kind), c.credential.name));
    if (!names.empty()) out += fmt::format("{}: {}\n", to_string(v), fmt::join(names, ", "));
  }
  if (!d.structural.empty()) out += "\nstructural changes:\n";
  for (const auto& s : d.structural) {
    auto loc = [](const diff::Side& x) { return x.line ? fmt::format("{}:{}", x.file, x.line) : x.file; };
    if (s.old_side.value.empty())
      out += fmt::format("  + {} = {}  ({})\n", s.path, s.new_side.value, loc(s.new_side));
    else if (s.new_side.value.empty())
      out += fmt::format("  - {} = {}  ({})\n", s.path, s.old_side.value, loc(s.old_side));
    else
      out += fmt::format("  ~ {}: {} → {}  ({} → {})\n", s.path, s.old_side.value, s.new_side.value, loc(s.old_side),
                         loc(s.new_side));
  }
  return out;
}

namespace {
llvm::json::Value side_json(const diff::Side& s) {
  if (s.value.empty()) return nullptr;
  return llvm::json::Object{{"value", s.value}, {"file", s.file}, {"line", static_cast<std::int64_t>(s.line)}};
}
llvm::json::Array strings_json(const std::vector<std::string>& list) {
  llvm::json::Array out;
  for (const auto& s : list) out.push_back(s);
  return out;
}
llvm::json::Array changes_json(const std::vector<AccessChange>& list) {
  llvm::json::Array out;
  for (const auto& a : list) {
    out.push_back(llvm::json::Object{{"nodes", strings_json(a.nodes)}, {"hours", prove::hours_text(a.hours)}});
  }
  return out;
}
}  // namespace

std::string render_json(const DiffResult& d) {
  llvm::json::Array structural, semantic, summary;
  for (const auto& s : d.structural)
    structural.push_back(
        llvm::json::Object{{"path", s.path}, {"old", side_json(s.old_side)}, {"new", side_json(s.new_side)}});
  for (const auto& c : d.semantic) {
    llvm::json::Array limits;
    for (const auto& l : c.limits)
      limits.push_back(llvm::json::Object{{"limit", l.limit},
                                          {"old", l.old_value},
                                          {"new", l.new_value},
                                          {"direction", l.looser ? "more permissive" : "less permissive"}});
    semantic.push_back(
        llvm::json::Object{{"credential", fmt::format("{} {}", ir::to_string(c.credential.kind), c.credential.name)},
                           {"verdict", std::string(to_string(c.verdict))},
                           {"gained", changes_json(c.gained)},
                           {"lost", changes_json(c.lost)},
                           {"reserved_gained", changes_json(c.reserved_gained)},
                           {"reserved_lost", changes_json(c.reserved_lost)},
                           {"qos_gained", strings_json(c.qos_gained)},
                           {"qos_lost", strings_json(c.qos_lost)},
                           {"partitions_gained", strings_json(c.partitions_gained)},
                           {"partitions_lost", strings_json(c.partitions_lost)},
                           {"limits", std::move(limits)}});
  }
  for (const auto& s : d.summary) summary.push_back(s);
  llvm::json::Array priority;
  for (const auto& p : d.priority) {
    auto values = [](const ReferencePriority& r) {
      return llvm::json::Object{{"submission", r.now}, {"day_queued", r.day}};
    };
    summary.push_back(p.text);
    priority.push_back(llvm::json::Object{
        {"credential",
         p.credential ? llvm::json::Value(fmt::format("{} {}", ir::to_string(p.credential->kind), p.credential->name))
                      : llvm::json::Value(nullptr)},
        {"old", values(p.old_value)},
        {"new", values(p.new_value)}});
  }
  llvm::json::Object doc{{"version", 1},
                         {"structural", std::move(structural)},
                         {"semantic", std::move(semantic)},
                         {"summary", std::move(summary)},
                         {"priority", std::move(priority)},
                         {"gains_access", d.gains_access()}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(doc))) << "\n";
  return out;
}

namespace {
// The SARIF rules of `mauic diff`, named once: each id with its level.
struct DiffRule {
  const char* id;
  const char* level;
};
constexpr DiffRule kAccessGained{"access-gained", "warning"}, kAccessLost{"access-lost", "note"},
    kConfigChange{"config-change", "note"}, kLimitChanged{"limit-changed", "note"},
    kPriorityChanged{"priority-changed", "note"};
constexpr DiffRule kDiffRules[] = {kAccessGained, kAccessLost, kConfigChange, kLimitChanged, kPriorityChanged};
}  // namespace

std::string render_sarif(const DiffResult& d, std::string_view tool_version) {
  llvm::json::Array results;
  for (const auto& s : d.structural) {
    const diff::Side& at = s.new_side.value.empty() ? s.old_side : s.new_side;
    llvm::json::Object physical{{"artifactLocation", llvm::json::Object{{"uri", checker::repo_relative(at.file)}}}};
    if (at.line) physical["region"] = llvm::json::Object{{"startLine", at.line}};
    results.push_back(llvm::json::Object{
        {"ruleId", kConfigChange.id},
        {"level", kConfigChange.level},
        {"message", llvm::json::Object{{"text", fmt::format("{}: {} → {}", s.path,
                                                            s.old_side.value.empty() ? "(none)" : s.old_side.value,
                                                            s.new_side.value.empty() ? "(none)" : s.new_side.value)}}},
        {"locations", llvm::json::Array{llvm::json::Object{{"physicalLocation", std::move(physical)}}}}});
  }
  for (const auto& line : d.summary) {
    const DiffRule& rule = line[0] == '+' ? kAccessGained : line[0] == '-' ? kAccessLost : kLimitChanged;
    results.push_back(llvm::json::Object{
        {"ruleId", rule.id}, {"level", rule.level}, {"message", llvm::json::Object{{"text", line}}}});
  }
  for (const auto& p : d.priority)
    results.push_back(llvm::json::Object{{"ruleId", kPriorityChanged.id},
                                         {"level", kPriorityChanged.level},
                                         {"message", llvm::json::Object{{"text", p.text}}}});
  llvm::json::Array rules;
  for (const DiffRule& rule : kDiffRules) rules.push_back(llvm::json::Object{{"id", rule.id}, {"name", rule.id}});
  llvm::json::Object driver{
      {"name", "mauic diff"}, {"version", std::string(tool_version)}, {"rules", std::move(rules)}};
  llvm::json::Object sarif{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{llvm::json::Object{{"tool", llvm::json::Object{{"driver", std::move(driver)}}},
                                                    {"results", std::move(results)}}}}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(sarif))) << "\n";
  return out;
}

}  // namespace maui::diff
