// showres [-n] (docs/reference/maui-3.3-semantics.md §11.3) and diagnose -r: the reservations of
// every kind, the running jobs' among them as Maui lists them. showres shows one line per
// reservation (times relative to now, nodes / procs), -n one line per node and reservation;
// diagnose -r each reservation in full, with its access list and where it was configured.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "runtime/engine/acl.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/priority.h"
#include "runtime/views/reservation_facts.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

std::vector<ReservationFacts> shown(const ViewInput& in, const QueueFacts& facts) {
  std::vector<ReservationFacts> all = reservation_facts(in.context, facts);
  if (!in.request.only_user) return all;
  std::vector<ReservationFacts> out;
  for (auto& r : all)
    if (visible_to(r, *in.request.only_user)) out.push_back(std::move(r));
  return out;
}

char state_letter(const ReservationFacts& r) { return r.job_state.empty() ? '-' : r.job_state[0]; }

std::string duration_of(const ReservationFacts& r) {
  return is_endless(r.end) ? "INFINITY" : maui_duration(r.end - r.start);
}

// ----------------------------------------------------------------------------------------------
// showres

// Maui 3.3.1's columns (tests/maui331/A-T1799/showres.txt), its rows by reservation id.
constexpr std::string_view kLine = "{:<18} {:>5} {:1} {:>11} {:>11} {:>11} {:>4}/{:<4} {}\n";

// The name Maui gives: a standing reservation's instance is NAME.N.0 (maint.0.0, maint.1.0 in
// B T88471), the others their own.
std::string maui_name(const ReservationFacts& r) { return r.kind == "standing" ? r.name + ".0" : r.name; }

std::vector<const ReservationFacts*> by_id(const std::vector<ReservationFacts>& rs) {
  std::vector<const ReservationFacts*> out;
  for (const auto& r : rs) out.push_back(&r);
  std::stable_sort(out.begin(), out.end(),
                   [](const ReservationFacts* a, const ReservationFacts* b) { return id_before(a->name, b->name); });
  return out;
}

std::string list_text(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  const Epoch now = ctx.cluster.now;
  std::string out = "Reservations\n\n";
  out +=
      fmt::format(fmt::runtime(kLine), "ReservationID", "Type", "S", "Start", "End", "Duration", "N", "P", "StartTime");
  out += "\n";
  for (const ReservationFacts* r : by_id(rs))
    out += fmt::format(fmt::runtime(kLine), maui_name(*r), r->type, state_letter(*r), maui_time_until(r->start, now),
                       maui_time_until(r->end, now), duration_of(*r), r->nodes.size(), r->procs,
                       maui_date(r->start, ctx.utc_offset));
  out += fmt::format("\n{} reservation{} located\n\n", rs.size(), rs.size() == 1 ? "" : "s");
  return out;
}

json::Object reservation_json(const ViewContext& ctx, const ReservationFacts& r) {
  json::Array nodes;
  for (std::size_t k = 0; k < r.nodes.size(); ++k)
    nodes.push_back(json::Object{
        {"node", ctx.cluster.nodes[r.nodes[k].node].name}, {"tasks", r.nodes[k].tasks}, {"procs", r.procs_on[k]}});
  json::Object o{
      {"name", r.name},
      {"type", r.type},
      {"kind", r.kind},
      {"job_state", r.job_state.empty() ? json::Value(nullptr) : json::Value(r.job_state)},
      {"start", json_time(r.start)},
      {"end", json_time(r.end)},
      {"duration", is_endless(r.end) ? json::Value(nullptr) : json::Value(r.end - r.start)},
      {"nodes", static_cast<std::int64_t>(r.nodes.size())},
      {"procs", r.procs},
      {"node_list", std::move(nodes)},
      {"user", r.job ? json::Value(r.job->user) : json::Value(nullptr)},
      {"acl", r.reservation && r.kind != "job" ? json::Value(acl_text(r.reservation->acl)) : json::Value(nullptr)}};
  if (r.reservation && r.reservation->kind == ReservationKind::Standing) o["standing"] = r.reservation->standing;
  return o;
}

std::string list_json(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  json::Array list;
  for (const auto& r : rs) list.push_back(reservation_json(ctx, r));
  return json_text(json::Object{{"now", ctx.cluster.now}, {"reservations", std::move(list)}});
}

// -n: one line per node and reservation, by node name.
struct NodeLine {
  const ReservationFacts* r;
  std::int64_t tasks;
};
std::map<std::string, std::vector<NodeLine>> by_node(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  std::map<std::string, std::vector<NodeLine>> out;
  for (const auto& r : rs)
    for (const auto& nt : r.nodes) out[ctx.cluster.nodes[nt.node].name].push_back({&r, nt.tasks});
  return out;  // each node's lines keep the list's order: start, then name
}

// Maui 3.3.1's columns (tests/maui331/A-T1799/showres-n.txt): right-aligned, N/A for the state
// of a reservation of no job; its footer counts the lines (a node with two reservations twice).
constexpr std::string_view kNodeLine = "{:>20} {:>10} {:>18} {:>10} {:>4} {:>11} {:>11}  {:>19}\n";

std::string nodes_text(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  const Epoch now = ctx.cluster.now;
  std::string out = fmt::format("reservations on {}\n\n", maui_date(now, ctx.utc_offset));
  out += fmt::format(fmt::runtime(kNodeLine), "NodeName", "Type", "ReservationID", "JobState", "Task", "Start",
                     "Duration", "StartTime");
  out += "\n";
  std::size_t lines_out = 0;
  for (const auto& [node, lines] : by_node(ctx, rs))
    for (const auto& l : lines) {
      out += fmt::format(fmt::runtime(kNodeLine), node, l.r->type, maui_name(*l.r),
                         l.r->job_state.empty() ? "N/A" : l.r->job_state, l.tasks, maui_time_until(l.r->start, now),
                         duration_of(*l.r), maui_date(l.r->start, ctx.utc_offset));
      ++lines_out;
    }
  out += fmt::format("{} node{} reserved\n", lines_out, lines_out == 1 ? "" : "s");
  return out;
}

std::string nodes_json(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  json::Array nodes;
  for (const auto& [node, lines] : by_node(ctx, rs)) {
    json::Array list;
    for (const auto& l : lines)
      list.push_back(
          json::Object{{"name", l.r->name},
                       {"type", l.r->type},
                       {"kind", l.r->kind},
                       {"job_state", l.r->job_state.empty() ? json::Value(nullptr) : json::Value(l.r->job_state)},
                       {"tasks", l.tasks},
                       {"start", json_time(l.r->start)},
                       {"end", json_time(l.r->end)}});
    nodes.push_back(json::Object{{"node", node}, {"reservations", std::move(list)}});
  }
  return json_text(json::Object{{"now", ctx.cluster.now}, {"nodes", std::move(nodes)}});
}

// ----------------------------------------------------------------------------------------------
// diagnose -r

// Who may use it, in words.
std::string access_text(const ViewContext& ctx, const ReservationFacts& r) {
  if (r.kind == "running") return fmt::format("job {} runs there (user {})", r.name, r.job ? r.job->user : "");
  if (r.kind == "job") return fmt::format("job {} only (user {})", r.name, r.job ? r.job->user : "");
  const std::string acl = acl_text(r.reservation->acl);
  (void)ctx;
  return r.reservation->acl.empty() ? acl + " (no job may use it)" : acl;
}

std::string where_set(const ViewContext& ctx, const ReservationFacts& r) {
  if (r.kind == "standing") {
    const auto& srs = ctx.dir.policy().standing_reservations;
    auto it = srs.find(r.reservation->standing);
    return it == srs.end() ? fmt::format("SRCFG[{}]", r.reservation->standing)
                           : fmt::format("SRCFG[{}] at {}", it->first, where(it->second.declared));
  }
  if (r.kind == "admin") return "setres (an administrative reservation)";
  if (r.kind == "job") return "the scheduler: a priority reservation (RESERVATIONDEPTH)";
  return "the running job";
}

// Maui 3.3.1's diagnose -r (tests/maui331/: A T1799 line for line, B T88471 for a standing
// reservation): one row per reservation, standing instances first, then by id (Maui's own table
// order, which later slots reuse, is not reproduced), its flags, access and attributes indented.
constexpr std::string_view kDiagnoseRow = "{:<26} {:>4} {:>3} {:>11} {:>11} {:>12} {:>4} {:>4} {:>4}\n";

// DAYS: ALL as Maui for every day (B T88471); a subset as the names (Maui's form not recorded).
std::string days_text(const ir::StandingReservation& sr) {
  if (!sr.days || sr.days->value == 0x7f) return "ALL";
  static constexpr std::string_view kNames[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  std::vector<std::string_view> days;
  for (int d = 0; d < 7; ++d)
    if (sr.days->value & (1u << d)) days.push_back(kNames[d]);
  return fmt::format("{}", fmt::join(days, ","));
}

std::string maui_detail(const ViewContext& ctx, const QueueFacts& facts, const ReservationFacts& r) {
  std::string out;
  if (r.job) {
    const Job& job = *r.job;
    const bool priority_reservation = r.kind == "job";
    if (priority_reservation) out += "    Flags: PREEMPTEE\n";
    out += fmt::format("    ACL: JOB=={}= \n", job.id);
    out += fmt::format("    CL:  JOB=={} USER=={} GROUP=={} CLASS=={} QOS=={} DURATION=={} PROC=={} \n", job.id,
                       job.user, job.group.empty() ? "-" : job.group, job.job_class.empty() ? "-" : job.job_class,
                       job.qos.empty() ? ctx.dir.default_qos(job) : job.qos, maui_duration(job.walltime), job.procs());
    if (priority_reservation)
      out += fmt::format("    Attributes (Priority={})\n",
                         facts.priority(static_cast<std::size_t>(r.job - ctx.cluster.jobs.data())));
    return out;
  }
  if (r.kind == "standing") {
    out += "    Flags: STANDINGRES\n";
    if (r.reservation->acl.empty())
      out += fmt::format("    ACL: RES=={}= \n    CL:  RES=={} \n", r.name, r.name);
    else
      out += fmt::format("    ACL: {}\n", acl_text(r.reservation->acl));
    const auto& srs = ctx.dir.policy().standing_reservations;
    const auto sr = srs.find(r.reservation->standing);
    const bool per_task = sr != srs.end() && sr->second.resources && sr->second.resources->value.procs >= 0;
    out += per_task ? fmt::format("    Task Resources: PROCS: {}\n", sr->second.resources->value.procs)
                    : std::string("    Task Resources: PROCS: [ALL]\n");
    std::vector<std::string> hosts;
    for (const auto& nt : r.nodes) hosts.push_back(ctx.cluster.nodes[nt.node].name);
    out += fmt::format("    Attributes (HostList='{}')\n", fmt::join(hosts, " "));
    if (sr != srs.end()) {
      const auto& c = sr->second;
      out += fmt::format("    SRAttributes (TaskCount: {}  StartTime: {}  EndTime: {}  Days: {})\n",
                         c.task_count ? c.task_count->value : 0, maui_duration(c.start_time ? c.start_time->value : 0),
                         maui_duration(c.end_time ? c.end_time->value : 0), days_text(c));
    }
    return out;
  }
  return fmt::format("    ACL: {}\n", acl_text(r.reservation->acl));
}

std::string maui_diagnose_text(const ViewContext& ctx, const QueueFacts& facts,
                               const std::vector<ReservationFacts>& rs) {
  const Epoch now = ctx.cluster.now;
  std::string out = "Diagnosing Reservations\n";
  out += fmt::format(fmt::runtime(kDiagnoseRow), "ResID", "Type", "Par", "StartTime", "EndTime", "Duration", "Node",
                     "Task", "Proc");
  out += fmt::format(fmt::runtime(kDiagnoseRow), "-----", "----", "---", "---------", "-------", "--------", "----",
                     "----", "----");
  std::vector<const ReservationFacts*> order = by_id(rs);
  std::stable_partition(order.begin(), order.end(), [](const ReservationFacts* r) { return r->kind == "standing"; });
  std::int64_t active_procs = 0;
  for (const ReservationFacts* r : order) {
    std::int64_t tasks = 0;
    for (const auto& nt : r->nodes) tasks += std::max<std::int64_t>(nt.tasks, 1);
    const std::string partition =
        r->nodes.empty() ? std::string("DEF") : ctx.cluster.nodes[r->nodes.front().node].partition.substr(0, 3);
    out += fmt::format(fmt::runtime(kDiagnoseRow), maui_name(*r), r->type, partition, maui_time_until(r->start, now),
                       maui_time_until(r->end, now), duration_of(*r), r->nodes.size(), tasks, r->procs);
    out += maui_detail(ctx, facts, *r);
    if (r->kind == "running") active_procs += r->procs;
  }
  out += fmt::format("\nActive Reserved Processors: {}\n\n", active_procs);
  return out;
}

std::string diagnose_text(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  const Epoch now = ctx.cluster.now;
  std::string out = "Diagnosing Reservations\n";
  for (const auto& r : rs) {
    out += fmt::format("\nReservation '{}' ({}{})  {} node{}, {} proc{}\n", r.name, r.type,
                       r.job_state.empty() ? std::string() : fmt::format(" {}", r.job_state), r.nodes.size(),
                       r.nodes.size() == 1 ? "" : "s", r.procs, r.procs == 1 ? "" : "s");
    out += fmt::format(
        "  Start: {} ({})  End: {}  Duration: {}\n", maui_time_until(r.start, now), maui_date(r.start, ctx.utc_offset),
        is_endless(r.end) ? std::string("INFINITY")
                          : fmt::format("{} ({})", maui_time_until(r.end, now), maui_date(r.end, ctx.utc_offset)),
        duration_of(r));
    std::string nodes;
    for (const auto& nt : r.nodes) nodes += fmt::format(" {}:{}", ctx.cluster.nodes[nt.node].name, nt.tasks);
    out += fmt::format("  Nodes:{}\n", nodes.empty() ? " [NONE]" : nodes);
    out += fmt::format("  ACL:   {}\n", access_text(ctx, r));
    if (r.reservation && r.kind != "job" && r.reservation->dedicated) out += "  Flags: DEDICATED\n";
    out += fmt::format("  Set by {}\n", where_set(ctx, r));
  }
  out += fmt::format("\n{} reservation{} located\n", rs.size(), rs.size() == 1 ? "" : "s");
  return out;
}

std::string diagnose_json(const ViewContext& ctx, const std::vector<ReservationFacts>& rs) {
  json::Array list;
  for (const auto& r : rs) {
    json::Object o = reservation_json(ctx, r);
    json::Array entries;
    if (r.reservation && r.kind != "job")
      for (const auto& e : r.reservation->acl)
        entries.push_back(json::Object{{"kind", std::string(ir::to_string(e.kind))},
                                       {"value", e.value},
                                       {"negated", e.negated},
                                       {"required", e.required},
                                       {"affinity", std::string(ir::to_string(e.affinity))}});
    o["acl_entries"] = std::move(entries);
    o["access"] = access_text(ctx, r);
    o["dedicated"] = r.reservation && r.kind != "job" && r.reservation->dedicated;
    o["set_by"] = where_set(ctx, r);
    list.push_back(std::move(o));
  }
  return json_text(json::Object{{"now", ctx.cluster.now}, {"reservations", std::move(list)}});
}

}  // namespace

const ArgSpec& showres_args() {
  static const ArgSpec spec{{"-n"}, {}, ""};
  return spec;
}

ViewAnswer showres(const ViewInput& in) {
  const QueueFacts facts(in.context);
  const auto rs = shown(in, facts);
  if (in.args.has("-n")) return answer(in.request.json ? nodes_json(in.context, rs) : nodes_text(in.context, rs));
  return answer(in.request.json ? list_json(in.context, rs) : list_text(in.context, rs));
}

// --explain: ours, each reservation in full with where it was set.
ViewAnswer diagnose_reservations(const ViewInput& in) {
  const QueueFacts facts(in.context);
  const auto rs = shown(in, facts);
  if (in.request.json) return answer(diagnose_json(in.context, rs));
  return answer(in.args.has("--explain") ? diagnose_text(in.context, rs) : maui_diagnose_text(in.context, facts, rs));
}

}  // namespace maui::runtime
