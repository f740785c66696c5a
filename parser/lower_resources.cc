// Lowering of the attributes of standing reservations (SRCFG), nodes (NODECFG) and resource
// managers (RMCFG) (parser/object_lowerer.h).
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "parser/object_lowerer.h"

namespace maui::lowering {

using schema::Row;

namespace {

// The field of a standing reservation or a node that an attribute row sets (Other: kept as
// written in `other`), derived once per row instead of comparing names per value.
enum class ObjectField : std::uint8_t {
  Access,
  ChargeAccount,
  Days,
  Depth,
  StartTime,
  EndTime,
  WeekStart,
  WeekEnd,
  Flags,
  HostList,
  NodeFeatures,
  Owner,
  Partition,
  Period,
  Priority,
  Resources,
  TaskCount,
  TasksPerNode,
  Trigger,
  Procs,
  Memory,
  Swap,
  Disk,
  Features,
  Speed,
  MaxJobs,
  MaxJobsPerUser,
  MaxLoad,
  PriorityFunction,
  Other,
};
ObjectField object_field(const Row& row) {
  using F = ObjectField;
  const bool node = (row.objects & schema::kNode) != 0;
  const bool sres = (row.objects & schema::kSres) != 0;
  static constexpr std::pair<std::string_view, F> kReservationFields[] = {{"ACCESS", F::Access},
                                                                          {"CHARGEACCOUNT", F::ChargeAccount},
                                                                          {"DAYS", F::Days},
                                                                          {"DEPTH", F::Depth},
                                                                          {"STARTTIME", F::StartTime},
                                                                          {"ENDTIME", F::EndTime},
                                                                          {"WSTARTTIME", F::WeekStart},
                                                                          {"WENDTIME", F::WeekEnd},
                                                                          {"FLAGS", F::Flags},
                                                                          {"HOSTLIST", F::HostList},
                                                                          {"NODEFEATURES", F::NodeFeatures},
                                                                          {"OWNER", F::Owner},
                                                                          {"PARTITION", F::Partition},
                                                                          {"PERIOD", F::Period},
                                                                          {"PRIORITY", F::Priority},
                                                                          {"RESOURCES", F::Resources},
                                                                          {"TASKCOUNT", F::TaskCount},
                                                                          {"TPN", F::TasksPerNode},
                                                                          {"TRIGGER", F::Trigger}};
  static constexpr std::pair<std::string_view, F> kNodeFields[] = {{"PROCS", F::Procs},
                                                                   {"CFGMEM", F::Memory},
                                                                   {"CFGSWAP", F::Swap},
                                                                   {"CFGDISK", F::Disk},
                                                                   {"RESOURCES", F::Resources},
                                                                   {"FEATURES", F::Features},
                                                                   {"PARTITION", F::Partition},
                                                                   {"SPEED", F::Speed},
                                                                   {"PRIORITY", F::Priority},
                                                                   {"MAXJOB", F::MaxJobs},
                                                                   {"MAXJOBPERUSER", F::MaxJobsPerUser},
                                                                   {"MAXLOAD", F::MaxLoad},
                                                                   {"PRIORITYF", F::PriorityFunction}};
  // A row of both families (TRIGGER) has a reservation's field; node() keeps it as written.
  if (sres)
    for (const auto& [name, field] : kReservationFields)
      if (name == row.name) return field;
  if (node)
    for (const auto& [name, field] : kNodeFields)
      if (name == row.name) return field;
  return F::Other;
}
// The access-list kind of an ACL attribute of SRCFG.
std::optional<ir::AclEntry::Kind> acl_kind(const Row& row) {
  using K = ir::AclEntry::Kind;
  static constexpr std::pair<std::string_view, K> kKinds[] = {
      {"USERLIST", K::User},   {"GROUPLIST", K::Group},     {"ACCOUNTLIST", K::Account}, {"CLASSLIST", K::Class},
      {"QOSLIST", K::Qos},     {"JOBATTRLIST", K::JobAttr}, {"TIMELIMIT", K::Duration},  {"MAXTIME", K::Duration},
      {"PROCLIMIT", K::Procs}, {"TASKLIMIT", K::Tasks}};
  for (const auto& [name, kind] : kKinds)
    if (name == row.name) return kind;
  return std::nullopt;
}

}  // namespace

// ---- standing reservations -------------------------------------------------------------
void ObjectLowerer::reservation(const AttributeToken& a, const Row& row) {
  ir::StandingReservation& r = *sres_;
  std::string_view v = a.value.text;
  const ObjectField field = derived<object_field>(row);
  if (const auto acl = derived<acl_kind>(row)) {
    const ir::AclEntry::Kind kind = *acl;
    auto parsed = values::parse_acl(v, kind);
    ctx_.report_issues(parsed.issues, v);
    if (!parsed.value) return;
    // A later line replaces the list of this kind.
    std::erase_if(r.acl, [kind](const ir::AclEntry& e) { return e.kind == kind; });
    for (auto& e : *parsed.value) {
      e.from = ctx_.provenance(a.whole.text);
      r.acl.push_back(std::move(e));
    }
    last_acl_ = &row;
    return;
  }
  // The values stored typed are checked as they are parsed; the others by check_value.
  switch (field) {
    case ObjectField::Days: return set(r.days, ctx_.checked(row, values::parse_days(v), v), a);
    case ObjectField::Depth: return set(r.depth, ctx_.checked_integer(row, v, false), a);
    case ObjectField::StartTime: return set(r.start_time, ctx_.checked_duration(row, v), a);
    case ObjectField::EndTime: return set(r.end_time, ctx_.checked_duration(row, v), a);
    case ObjectField::WeekStart: return set(r.week_start, ctx_.checked_duration(row, v), a);
    case ObjectField::WeekEnd: return set(r.week_end, ctx_.checked_duration(row, v), a);
    case ObjectField::HostList: return set(r.hosts, ctx_.checked(row, values::parse_hostlist(v), v), a);
    case ObjectField::Priority: return set(r.priority, ctx_.checked_integer(row, v, false), a);
    case ObjectField::Resources: return set(r.resources, ctx_.checked(row, values::parse_resources(v), v), a);
    case ObjectField::TaskCount: return set(r.task_count, ctx_.checked_integer(row, v, false), a);
    case ObjectField::TasksPerNode: return set(r.tasks_per_node, ctx_.checked_integer(row, v, false), a);
    default: break;
  }
  if (!ctx_.check_value(row, v, false)) return;
  auto sv = [&](auto value) { return sourced(value, a); };
  switch (field) {
    case ObjectField::Access: r.access = sv(std::string(v)); return;
    case ObjectField::ChargeAccount: r.charge_account = sv(std::string(v)); return;
    case ObjectField::Flags:
      r.flags.clear();
      for (auto f : values::Pieces(v, ",:| ")) r.flags.push_back(sv(std::string(f)));
      return;
    case ObjectField::NodeFeatures:
      r.node_features.clear();
      for (auto f : values::Pieces(v, ",:| ")) r.node_features.push_back(sv(std::string(f)));
      return;
    case ObjectField::Owner: {
      auto colon = v.find(':');
      auto kind = colon == std::string_view::npos ? std::nullopt : scope_kind(v.substr(0, colon));
      if (!kind) {
        ctx_.report(rules::kInvalidValue, v,
                    fmt::format("expected OWNER=<USER|GROUP|ACCOUNT|CLASS|QOS>:<name>, found '{}'", v));
        return;
      }
      r.owner = sv(ir::Credential{*kind, std::string(v.substr(colon + 1))});
      return;
    }
    case ObjectField::Partition: r.partition = sv(std::string(v)); return;
    case ObjectField::Period: {
      auto p = v == "WEEK"       ? ir::ReservationPeriod::Week
               : v == "INFINITY" ? ir::ReservationPeriod::Infinity
                                 : ir::ReservationPeriod::Day;
      r.period = sv(p);
      return;
    }
    case ObjectField::Trigger: r.trigger = sv(strip_quotes(v)); return;
    default: keep_raw(r.other, a, row); return;
  }
}

// ---- nodes ---------------------------------------------------------------------------------
void ObjectLowerer::node(const AttributeToken& a, const Row& row) {
  ir::NodeConfig& n = *node_;
  std::string_view v = a.value.text;
  auto sv = [&](auto value) { return sourced(value, a); };
  // The values stored typed are checked as they are parsed; the others by check_value.
  switch (derived<object_field>(row)) {
    case ObjectField::Procs: return set(n.procs, ctx_.checked_integer(row, v, false), a);
    case ObjectField::Memory: return set(n.mem_mb, ctx_.checked_integer(row, v, false), a);
    case ObjectField::Swap: return set(n.swap_mb, ctx_.checked_integer(row, v, false), a);
    case ObjectField::Disk: return set(n.disk_mb, ctx_.checked_integer(row, v, false), a);
    case ObjectField::Resources: {
      auto parsed = ctx_.checked(row, values::parse_resources(v), v);
      if (!parsed) return;
      auto t = *parsed;
      if (t.procs >= 0) n.procs = sv(t.procs);
      if (t.mem_mb) n.mem_mb = sv(t.mem_mb);
      if (t.swap_mb) n.swap_mb = sv(t.swap_mb);
      if (t.disk_mb) n.disk_mb = sv(t.disk_mb);
      return;
    }
    case ObjectField::Speed: return set(n.speed, ctx_.checked_double(row, v), a);
    case ObjectField::Priority: return set(n.priority, ctx_.checked_integer(row, v, false), a);
    case ObjectField::MaxJobs: return set(n.max_jobs, ctx_.checked_integer(row, v, false), a);
    case ObjectField::MaxJobsPerUser: return set(n.max_jobs_per_user, ctx_.checked_integer(row, v, false), a);
    case ObjectField::MaxLoad: return set(n.max_load, ctx_.checked_double(row, v), a);
    default: break;
  }
  if (!ctx_.check_value(row, v, false)) return;
  switch (derived<object_field>(row)) {
    case ObjectField::Features:
      n.features.clear();  // `+=` is plain assignment in Maui 3.3.1 (the manual documents only =)
      for (auto f : values::Pieces(v, ",: \t")) n.features.push_back(sv(std::string(f)));
      return;
    case ObjectField::Partition: n.partition = sv(std::string(v)); return;
    case ObjectField::PriorityFunction: n.priority_function = sv(strip_quotes(v)); return;
    default: keep_raw(n.other, a, row); return;
  }
}

// ---- resource managers ---------------------------------------------------------------------
void ObjectLowerer::resource_manager(const AttributeToken& a, const Row& row) {
  ir::ResourceManager& r = *rm_;
  std::string_view name = row.name;
  std::string_view v = a.value.text;
  auto sv = [&](auto value) { return sourced(value, a); };
  if (name == "TYPE")
    r.type = sv(std::string(v));
  else if (name == "HOST")
    r.host = sv(std::string(v));
  else if (name == "PORT")
    set(r.port, values::parse_integer(v).value, a);
  else if (name == "TIMEOUT")
    set(r.timeout, values::parse_duration(v).value, a);
  else
    keep_raw(r.other, a, row);
}

}  // namespace maui::lowering
