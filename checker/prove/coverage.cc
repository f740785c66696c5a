// Property c, sr-coverage (docs/rules/check/sr-coverage.md), over the 168-hour week:
//   placement        can TASKCOUNT / RESOURCES / TPN / HOSTLIST / NODEFEATURES / PARTITION be met
//                    by the nodes (runtime plan_placement and tasks_that_fit);
//   dead-acl         an ACL no job satisfies (Z3, unsat core over the ACL entries);
//   stack            reservations that hold the same node-hours: the jobs that may use them
//                    (PROVED, with a job the runtime's check_access admits to each) or nobody
//                    (VIOLATED, dead node-hours, with the core);
//   dedicated-overlap  DEDICATED reservations whose node-hours overlap beyond the node's procs;
//   no-node-hours    a credential named in the config that can reach no node in some hours;
// and the coverage table: for every named credential, the nodes a job of that credential can
// reach in each hour when its other credentials are ones no ACL names (OTHER, QOS DEFAULT): the
// access the credential grants by itself.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>

#include "checker/prove/job_encoding.h"
#include "checker/prove/occupancy.h"
#include "checker/prove/properties.h"
#include "checker/prove/smt.h"
#include "runtime/engine/acl.h"

namespace maui::prove {

namespace {

std::string sr_name(const ReservationWeek& r) { return fmt::format("SRCFG[{}]", r.sr->name); }

std::vector<std::string> node_names(const World& w, const std::vector<std::size_t>& nodes) {
  std::vector<std::string> out;
  for (auto n : nodes) out.push_back(w.nodes()[n].name);
  return out;
}

Result base(const ReservationWeek& r, const char* check) {
  Result res;
  res.property = properties::kSrCoverage.id;
  res.check = check;
  res.subject = sr_name(r);
  res.where = location_of(r.sr->declared, "");
  return res;
}

void placement(Context& ctx, const ReservationWeek& r) {
  Result res = base(r, "placement");
  const auto* sr = r.sr;
  if (!r.placement) {
    res.set_status(Status::Violated);
    res.message = fmt::format("{} can never be placed: {}", sr_name(r), fmt::join(r.placement_errors, "; "));
    ctx.add(std::move(res));
    return;
  }
  const auto& p = *r.placement;
  std::vector<std::size_t> taken;
  for (const auto& t : r.taken) taken.push_back(t.first);
  if (p.candidates.empty()) {
    res.set_status(Status::Violated);
    res.message = fmt::format("{} matches no node (HOSTLIST / NODEFEATURES / PARTITION)", sr_name(r));
    for (const auto* attr : {&sr->hosts})
      if (*attr) res.blame.push_back(location_of((*attr)->from, "HOSTLIST"));
    for (const auto& f : sr->node_features) res.blame.push_back(location_of(f.from, "NODEFEATURES=" + f.value));
    if (sr->partition) res.blame.push_back(location_of(sr->partition->from, "PARTITION=" + sr->partition->value));
    ctx.add(std::move(res));
    return;
  }
  if (r.tasks_missing > 0 && r.sizes_unknown) {
    res.set_status(Status::Unknown);
    res.message = fmt::format("{}: whether TASKCOUNT={} fits is unknown: the nodes have no PROCS in NODECFG",
                              sr_name(r), p.task_count);
    ctx.add(std::move(res));
    return;
  }
  if (r.tasks_missing > 0) {
    res.set_status(Status::Violated);
    res.message = fmt::format("{} cannot be met: TASKCOUNT={} but the {} candidate node{} hold only {} such task{}",
                              sr_name(r), p.task_count, p.candidates.size(), p.candidates.size() == 1 ? "" : "s",
                              p.task_count - r.tasks_missing, p.task_count - r.tasks_missing == 1 ? "" : "s");
    if (sr->task_count)
      res.blame.push_back(location_of(sr->task_count->from, fmt::format("TASKCOUNT={}", p.task_count)));
    if (sr->resources) res.blame.push_back(location_of(sr->resources->from, "RESOURCES"));
    if (sr->tasks_per_node) res.blame.push_back(location_of(sr->tasks_per_node->from, "TPN"));
    if (sr->hosts) res.blame.push_back(location_of(sr->hosts->from, "HOSTLIST"));
    for (const auto& f : sr->node_features) res.blame.push_back(location_of(f.from, "NODEFEATURES=" + f.value));
    res.witness = llvm::json::Object{{"tasks_requested", p.task_count},
                                     {"tasks_placed", p.task_count - r.tasks_missing},
                                     {"candidates", nodes_text(node_names(ctx.world, p.candidates))}};
    ctx.add(std::move(res));
    return;
  }
  res.set_status(Status::Proved);
  res.message = fmt::format("{} can be placed on {} ({})", sr_name(r), nodes_text(node_names(ctx.world, taken)),
                            hours_text(r.hours));
  ctx.add(std::move(res));
}

// Z3 over the ACLs of `members` together: a job they all admit, or the core of why none is.
struct StackAnswer {
  CheckOutcome outcome;
  std::optional<runtime::Job> job;
  std::vector<Location> blame;
};
// One session for every ACL question: the job's variables are declared once, each question's
// ACL constraints live in a push / pop scope.
struct AclSolver {
  explicit AclSolver(Context& ctx)
      : s(ctx.z3, ctx.options.timeout_ms, ctx.options.smtlib_dir), job(declare_job(s, ctx.world, "job")) {
    assume_qos_access(s, job, ctx.world);  // a job some reservation admits must be able to exist
  }
  Session s;
  SymbolicJob job;
};

StackAnswer ask_stack(Context& ctx, AclSolver& solver, const std::vector<std::size_t>& members,
                      const std::string& query) {
  Session& s = solver.s;
  const SymbolicJob& j = solver.job;
  const auto& rs = ctx.world.reservations();
  s.push();
  for (auto m : members) track_acl(s, j, ctx.world, *rs[m].sr);
  StackAnswer a;
  a.outcome = s.check(query);
  if (a.outcome.answer == Answer::Unsat) a.blame = s.blame();
  if (a.outcome.answer == Answer::Sat) {
    for (const auto& prefer : witness_preferences(j))
      if (s.check(query, prefer).answer == Answer::Sat) {
        z3::model m = s.model();
        a.job = job_from_model(m, j, ctx.world, "witness");
        break;
      }
  }
  s.pop();
  return a;
}

// The runtime's check_access must admit the job to every reservation of the stack.
bool replay_access(const World& w, const std::vector<std::size_t>& members, const runtime::Job& job) {
  for (auto m : members) {
    runtime::AccessRequest req{&job, job.qos, 0, &w.directory().qos_flags(job.qos)};
    if (!runtime::check_access(w.reservations()[m].sr->acl, req).granted) return false;
  }
  return true;
}

void dead_acl(Context& ctx, AclSolver& solver, std::size_t index) {
  const auto& r = ctx.world.reservations()[index];
  Result res = base(r, "dead-acl");
  StackAnswer a = ask_stack(ctx, solver, {index}, fmt::format("sr-{}-acl", r.sr->name));
  if (a.outcome.answer == Answer::Unknown) {
    res.set_status(Status::Unknown);
    res.message = fmt::format("could not decide whether any job may use {} ({})", sr_name(r), a.outcome.reason);
  } else if (a.outcome.answer == Answer::Unsat) {
    res.set_status(Status::Violated);
    res.message = fmt::format("no job may use {}: its ACL ({}) admits nobody", sr_name(r), acl_text(r.sr->acl));
    res.blame = a.blame;
  } else {
    if (!a.job || !replay_access(ctx.world, {index}, *a.job)) {
      ctx.mismatch(properties::kSrCoverage, fmt::format("{}: check_access refuses the solver's job", sr_name(r)));
      return;
    }
    res.set_status(Status::Proved);
    res.message = fmt::format("{} admits jobs with {}; e.g. {}", sr_name(r), acl_text(r.sr->acl), job_text(*a.job));
    res.witness = llvm::json::Object{{"job", job_json(*a.job)}};
  }
  ctx.add(std::move(res));
}

void stacks(Context& ctx, AclSolver& solver, const Occupancy& occ) {
  const auto& rs = ctx.world.reservations();
  for (std::size_t sig = 1; sig < occ.signatures.size(); ++sig) {
    const auto& members = occ.signatures[sig];
    if (members.size() < 2) continue;
    // Where and when this stack holds.
    std::set<std::size_t> nodes;
    WeekHours hours;
    for (std::size_t p = 0; p < occ.profiles.size(); ++p)
      for (int h = 0; h < kHours; ++h)
        if (occ.profiles[p][static_cast<std::size_t>(h)] == sig) {
          hours.set(static_cast<std::size_t>(h));
          nodes.insert(occ.profile_nodes[p].begin(), occ.profile_nodes[p].end());
        }
    std::vector<std::string> names;
    for (auto m : members) names.push_back(rs[m].sr->name);
    std::string where =
        fmt::format("{} {}", nodes_text(node_names(ctx.world, {nodes.begin(), nodes.end()})), hours_text(hours));
    Result res = base(rs[members.front()], "stack");
    res.subject = fmt::format("stack {}", fmt::join(names, "+"));
    StackAnswer a = ask_stack(ctx, solver, members, fmt::format("sr-stack-{}", fmt::join(names, "-")));
    std::vector<std::string> acls;
    for (auto m : members) acls.push_back(fmt::format("[{}] {}", rs[m].sr->name, acl_text(rs[m].sr->acl)));
    if (a.outcome.answer == Answer::Unknown) {
      res.set_status(Status::Unknown);
      res.message = fmt::format("could not decide who may use {} ({})", where, a.outcome.reason);
    } else if (a.outcome.answer == Answer::Unsat) {
      res.set_status(Status::Violated);
      res.message = fmt::format("dead node-hours: no job may use {}, held by {} together: {}", where,
                                fmt::join(names, " and "), fmt::join(acls, " AND "));
      res.blame = a.blame;
      res.witness = llvm::json::Object{{"nodes", nodes_text(node_names(ctx.world, {nodes.begin(), nodes.end()}))},
                                       {"hours", hours_text(hours)}};
    } else {
      if (!a.job || !replay_access(ctx.world, members, *a.job)) {
        ctx.mismatch(properties::kSrCoverage,
                     fmt::format("stack {}: check_access refuses the solver's job", fmt::join(names, "+")));
        continue;
      }
      res.set_status(Status::Proved);
      res.message = fmt::format("{} is held by {} together: only jobs with {} may use it; e.g. {}", where,
                                fmt::join(names, " and "), fmt::join(acls, " AND "), job_text(*a.job));
      res.witness = llvm::json::Object{{"job", job_json(*a.job)},
                                       {"nodes", nodes_text(node_names(ctx.world, {nodes.begin(), nodes.end()}))},
                                       {"hours", hours_text(hours)}};
    }
    ctx.add(std::move(res));
  }
}

void dedicated_overlaps(Context& ctx) {
  const auto& rs = ctx.world.reservations();
  auto by_node = holdings_by_node(ctx.world);
  std::map<std::pair<std::size_t, std::size_t>, std::pair<std::set<std::size_t>, WeekHours>> pairs;
  for (std::size_t n = 0; n < by_node.size(); ++n) {
    const auto& holds = by_node[n];
    std::int64_t capacity = ctx.world.nodes()[n].procs;
    for (std::size_t a = 0; a < holds.size(); ++a)
      for (std::size_t b = a + 1; b < holds.size(); ++b) {
        const auto& ra = rs[holds[a].reservation];
        const auto& rb = rs[holds[b].reservation];
        if (!ra.dedicated && !rb.dedicated) continue;
        WeekHours both = ra.hours & rb.hours;
        if (both.none()) continue;
        auto procs = [&](const Holding& h) {
          return h.procs < 0 || capacity <= 0 ? std::max<std::int64_t>(capacity, 1) : h.procs;
        };
        if (capacity > 0 && procs(holds[a]) + procs(holds[b]) <= capacity) continue;
        auto key = std::minmax(holds[a].reservation, holds[b].reservation);
        auto& entry = pairs[{key.first, key.second}];
        entry.first.insert(n);
        entry.second |= both;
      }
  }
  for (const auto& [key, where] : pairs) {
    const auto& ra = rs[key.first];
    const auto& rb = rs[key.second];
    Result res = base(ra, "dedicated-overlap");
    res.subject = fmt::format("{}+{}", ra.sr->name, rb.sr->name);
    res.set_status(Status::Violated);
    std::string nodes = nodes_text(node_names(ctx.world, {where.first.begin(), where.first.end()}));
    res.message = fmt::format(
        "{} and {} both need {} {} beyond their capacity, and {} is DEDICATED (ACCESS absent counts as DEDICATED, "
        "decision 18): they cannot both hold",
        sr_name(ra), sr_name(rb), nodes, hours_text(where.second), ra.dedicated ? sr_name(ra) : sr_name(rb));
    for (const auto* r : {&ra, &rb}) {
      if (r->sr->access)
        res.blame.push_back(
            location_of(r->sr->access->from, fmt::format("{} ACCESS={}", sr_name(*r), r->sr->access->value)));
      else
        res.blame.push_back(location_of(r->sr->declared, fmt::format("{} has no ACCESS (DEDICATED)", sr_name(*r))));
      if (r->sr->hosts) res.blame.push_back(location_of(r->sr->hosts->from, fmt::format("{} HOSTLIST", sr_name(*r))));
    }
    res.witness = llvm::json::Object{{"nodes", nodes},
                                     {"hours", hours_text(where.second)},
                                     {"first_hour", hour_label(static_cast<int>(where.second._Find_first()))}};
    ctx.add(std::move(res));
  }
}

// Access of every named credential to every signature: Z3 once per (signature, credential the
// signature's ACLs mention); credentials they do not mention answer as OTHER does.
using AccessTable = std::vector<std::array<std::vector<char>, 5>>;  // [signature][kind][name index]

AccessTable access_table(Context& ctx, const Occupancy& occ) {
  const auto& w = ctx.world;
  AccessTable table(occ.signatures.size());
  Session s(ctx.z3, ctx.options.timeout_ms);
  SymbolicJob j = declare_job(s, w, "job");
  for (std::size_t sig = 0; sig < occ.signatures.size(); ++sig) {
    for (std::size_t k = 0; k < 5; ++k) table[sig][k].assign(w.names(ir::kCredKinds[k]).size(), sig == 0 ? 1 : 2);
    if (sig == 0) continue;
    std::array<std::set<std::string>, 5> mentioned;
    s.solver().push();
    for (auto m : occ.signatures[sig]) {
      const auto& sr = *w.reservations()[m].sr;
      s.solver().add(acl_admits(j, w, sr.acl));  // cheap to add; checked only when not monotone
      for (const auto& e : sr.acl) {
        using K = ir::AclEntry::Kind;
        static const std::map<K, std::size_t> kinds = {
            {K::User, 0}, {K::Group, 1}, {K::Account, 2}, {K::Class, 3}, {K::Qos, 4}};
        if (auto it = kinds.find(e.kind); it != kinds.end()) mentioned[it->second].insert(e.value);
      }
    }
    // With every credential fixed only the job's size is free. Without NOT entries on TIMELIMIT /
    // PROCLIMIT / TASKLIMIT every size condition is an upper bound, so the smallest job (one task,
    // one second) is admitted whenever any job is: the runtime's check_access on it decides, and
    // Z3 is asked only for ACLs with such NOT entries.
    bool monotone = true;
    for (auto m : occ.signatures[sig])
      for (const auto& e : w.reservations()[m].sr->acl)
        monotone &= !(e.negated && (e.kind == ir::AclEntry::Kind::Duration || e.kind == ir::AclEntry::Kind::Procs ||
                                    e.kind == ir::AclEntry::Kind::Tasks));
    for (std::size_t k = 0; k < 5; ++k) {
      ir::CredKind kind = ir::kCredKinds[k];
      // What the credential grants by itself: its other credentials are ones no ACL names.
      auto ask = [&](const std::string& name) {
        if (monotone) {
          runtime::Job job = plain_job(w, "coverage");
          set_credential(job, kind, name);
          job.walltime = 1;
          for (auto m : occ.signatures[sig])
            if (!runtime::check_access(w.reservations()[m].sr->acl,
                                       {&job, job.qos, 0, &w.directory().qos_flags(job.qos)})
                     .granted)
              return 0;
          return 1;
        }
        z3::expr_vector a(ctx.z3);
        for (ir::CredKind other_kind : ir::kCredKinds)
          a.push_back(other_kind == kind ? has_credential(j, w, kind, name)
                                         : has_credential(j, w, other_kind, w.other(other_kind)));
        return s.solver().check(a) == z3::sat ? 1 : 0;
      };
      char other = static_cast<char>(ask(w.other(kind)));
      const auto& names = w.names(kind);
      for (std::size_t i = 0; i < names.size(); ++i)
        table[sig][k][i] = mentioned[k].count(names[i]) ? static_cast<char>(ask(names[i])) : other;
    }
    s.solver().pop();
  }
  return table;
}

// The compact form: the hours in which the credential reaches reserved nodes beyond the ones no
// reservation holds at that hour ("unreserved"), and the hours it reaches nothing.
std::string row_text(const CoverageRow& row, const std::map<std::vector<std::string>, WeekHours>& extra) {
  std::vector<std::pair<std::size_t, std::string>> parts;
  bool otherwise = false;
  for (const auto& [nodes, hours] : extra) {
    if (nodes.empty()) {
      otherwise = true;
      continue;
    }
    parts.push_back({hours._Find_first(), fmt::format("{} on {}", hours_text(hours), nodes_text(nodes))});
  }
  std::sort(parts.begin(), parts.end());
  std::vector<std::string> text;
  for (auto& p : parts) text.push_back(std::move(p.second));
  if (row.nothing.any())
    text.push_back(row.nothing.all() ? "no node at any hour" : fmt::format("no node {}", hours_text(row.nothing)));
  std::string who = fmt::format("{} {}", ir::to_string(row.credential.kind), row.credential.name);
  if (text.empty()) return fmt::format("{}: unreserved nodes only", who);
  return fmt::format("{}: {}{}", who, fmt::join(text, "; "), otherwise ? "; otherwise unreserved nodes only" : "");
}

void coverage_table(Context& ctx, const Occupancy& occ) {
  const auto& w = ctx.world;
  AccessTable table = access_table(ctx, occ);
  for (std::size_t k = 0; k < 5; ++k) {
    ir::CredKind kind = ir::kCredKinds[k];
    const auto& names = w.names(kind);
    for (std::size_t i = 0; i < names.size(); ++i) {
      bool representative = w.is_other(kind, names[i]);
      if (representative && !ctx.options.representative_rows) continue;
      CoverageRow row;
      row.credential = ir::Credential{kind, names[i]};
      row.representative = representative;
      std::map<std::vector<std::size_t>, WeekHours> by_profiles;  // reachable profiles -> hours
      std::map<std::vector<std::size_t>, WeekHours> by_extra;     // reachable reserved profiles -> hours
      for (int h = 0; h < kHours; ++h) {
        std::vector<std::size_t> reach, extra;
        for (std::size_t p = 0; p < occ.profiles.size(); ++p) {
          std::size_t sig = occ.profiles[p][static_cast<std::size_t>(h)];
          if (table[sig][k][i] != 1) continue;
          reach.push_back(p);
          if (sig != 0) extra.push_back(p);
          row.node_hours += static_cast<std::int64_t>(occ.profile_nodes[p].size());
        }
        by_profiles[reach].set(static_cast<std::size_t>(h));
        if (!reach.empty()) by_extra[extra].set(static_cast<std::size_t>(h));
      }
      std::map<std::vector<std::string>, WeekHours> extra_nodes;
      for (const auto& [profiles, hours] : by_extra) {
        std::vector<std::string> nodes;
        for (auto p : profiles)
          for (auto n : occ.profile_nodes[p]) nodes.push_back(w.nodes()[n].name);
        std::sort(nodes.begin(), nodes.end());
        extra_nodes[nodes] |= hours;
      }
      for (const auto& [nodes, hours] : extra_nodes)
        if (!nodes.empty()) row.reserved.push_back({nodes, hours});
      for (const auto& [profiles, hours] : by_profiles) {
        if (profiles.empty()) {
          row.nothing = hours;
          continue;
        }
        std::vector<std::string> nodes;
        for (auto p : profiles)
          for (auto n : occ.profile_nodes[p]) nodes.push_back(w.nodes()[n].name);
        std::sort(nodes.begin(), nodes.end());
        row.reach.push_back({nodes, hours});
      }
      std::sort(row.reach.begin(), row.reach.end(),
                [](const auto& a, const auto& b) { return a.second._Find_first() < b.second._Find_first(); });
      row.text = row_text(row, extra_nodes);
      if (row.nothing.any() && !representative) {
        Result res;
        res.property = properties::kSrCoverage.id;
        res.check = "no-node-hours";
        res.subject = fmt::format("{} {}", ir::to_string(kind), names[i]);
        res.set_status(Status::Violated);
        const auto* config = w.directory().find(kind, names[i]);
        std::set<std::size_t> holders;
        for (int h = 0; h < kHours; ++h)
          if (row.nothing.test(static_cast<std::size_t>(h)))
            for (const auto& prof : occ.profiles)
              for (auto m : occ.signatures[prof[static_cast<std::size_t>(h)]]) holders.insert(m);
        for (auto m : holders) {
          const auto& sr = *w.reservations()[m].sr;
          res.blame.push_back(
              location_of(sr.declared, fmt::format("SRCFG[{}] admits only {}", sr.name, acl_text(sr.acl))));
        }
        res.where = config              ? location_of(config->declared, "")
                    : res.blame.empty() ? Location{ctx.main_file(), 0, 0, 0, ""}
                                        : res.blame.front();
        res.where.message.clear();
        res.message =
            fmt::format("{} {} (with credentials no ACL names otherwise) can reach no node {}", ir::to_string(kind),
                        names[i], row.nothing.all() ? "at any hour" : hours_text(row.nothing));
        res.witness = llvm::json::Object{{"credential", res.subject},
                                         {"hours", hours_text(row.nothing)},
                                         {"first_hour", hour_label(static_cast<int>(row.nothing._Find_first()))}};
        ctx.add(std::move(res));
      }
      ctx.report.coverage.push_back(std::move(row));
    }
  }
}

}  // namespace

void check_reservation_coverage(Context& ctx) {
  const auto& rs = ctx.world.reservations();
  if (rs.empty()) return;
  AclSolver solver(ctx);
  for (std::size_t i = 0; i < rs.size(); ++i) {
    if (ctx.world.node_list_known()) {
      placement(ctx, rs[i]);
    } else {
      Result res = base(rs[i], "placement");
      res.set_status(Status::Unknown);
      res.message = fmt::format("where {} is placed is unknown: {}", sr_name(rs[i]), kNoNodeList);
      ctx.add(std::move(res));
    }
    dead_acl(ctx, solver, i);
  }
  // Stacks, overlaps and who reaches which node are questions about the nodes.
  if (!ctx.world.node_list_known()) return;
  Occupancy occ = occupancy(ctx.world);
  stacks(ctx, solver, occ);
  dedicated_overlaps(ctx);
  coverage_table(ctx, occ);
}

void fill_coverage_table(Context& ctx) {
  if (ctx.world.reservations().empty()) return;
  coverage_table(ctx, occupancy(ctx.world));
}

}  // namespace maui::prove
