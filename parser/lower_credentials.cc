// Lowering of the credential families' attributes (USERCFG GROUPCFG ACCOUNTCFG CLASSCFG QOSCFG
// SYSCFG): priorities, fairshare targets, lists and defaults, flags, and the limits in their
// tables by resource (parser/object_lowerer.h).
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
using schema::ValueType;

namespace {

std::optional<ir::LimitResource> limit_resource(std::string_view r) {
  static constexpr std::pair<std::string_view, ir::LimitResource> names[] = {
      {"JOB", ir::LimitResource::Job},   {"NODE", ir::LimitResource::Node}, {"PE", ir::LimitResource::PE},
      {"PROC", ir::LimitResource::Proc}, {"PS", ir::LimitResource::PS},     {"WC", ir::LimitResource::WC},
      {"MEM", ir::LimitResource::Mem}};
  for (auto [n, v] : names)
    if (n == r) return v;
  return std::nullopt;
}

// How a credential line stores a limit attribute, from its name: MAXJOB and MAXIPROC go to a
// table by resource (JOB, NODE, PE, PROC, PS, WC, MEM; OMAX* to the QOS override tables),
// MAXJOBPERUSER to the per-user limits, MIN* and unknown resources are kept as written.
struct LimitShape {
  enum class Kind : std::uint8_t { Raw, PerUser, Table };
  Kind kind = Kind::Raw;
  ir::LimitResource resource = ir::LimitResource::Job;
  bool time_valued = false;  // a limit in seconds (MAXWC): durations are read too
};
LimitShape limit_shape(const Row& row) {
  using Kind = LimitShape::Kind;
  const std::string_view name = row.name;
  const bool time_valued = row.unit == "seconds";
  // Per-user limits inside a class / QOS: MAXJOBPERUSER, MAXPROCPERUSER, MAXNODEPERUSER.
  if (name.size() > 7 && name.substr(name.size() - 7) == "PERUSER") {
    auto res = limit_resource(name.substr(3, name.size() - 10));
    return res ? LimitShape{Kind::PerUser, *res, time_valued} : LimitShape{Kind::Raw, {}, time_valued};
  }
  std::string_view res_name = name;
  for (std::string_view prefix : {"OMAXJ", "OMAXI", "OMAX", "MAXI", "MAX", "MIN"}) {
    if (res_name.substr(0, prefix.size()) == prefix && limit_resource(res_name.substr(prefix.size()))) {
      res_name.remove_prefix(prefix.size());
      break;
    }
  }
  auto res = limit_resource(res_name);
  if (!res || name.substr(0, 3) == "MIN") return LimitShape{Kind::Raw, {}, time_valued};
  return LimitShape{Kind::Table, *res, time_valued};
}

// The field of a credential that an attribute row sets (Other: kept as written in `other`).
enum class CredentialField : std::uint8_t {
  Limit,
  Priority,
  FairshareTarget,
  QosList,
  PartitionList,
  MaxWalltime,
  DefaultWalltime,
  QosDefault,
  PartitionDefault,
  AccountDefault,
  Flags,
  QosQueuetimeWeight,
  QosXfactorWeight,
  QosQueuetimeTarget,
  QosXfactorTarget,
  NodeAccess,
  Other,
};
CredentialField credential_field(const Row& row) {
  using F = CredentialField;
  if (row.type == ValueType::Limit) return F::Limit;
  static constexpr std::pair<std::string_view, F> kFields[] = {
      {"PRIORITY", F::Priority},
      {"FSTARGET", F::FairshareTarget},
      {"QLIST", F::QosList},
      {"PLIST", F::PartitionList},
      {"MAX.WCLIMIT", F::MaxWalltime},
      {"DEFAULT.WCLIMIT", F::DefaultWalltime},
      {"QDEF", F::QosDefault},
      {"PDEF", F::PartitionDefault},
      {"ADEF", F::AccountDefault},
      {"JOBFLAGS", F::Flags},
      {"FLAGS", F::Flags},
      {"QFLAGS", F::Flags},
      {"QTWEIGHT", F::QosQueuetimeWeight},
      {"XFWEIGHT", F::QosXfactorWeight},
      {"QTTARGET", F::QosQueuetimeTarget},
      {"XFTARGET", F::QosXfactorTarget},
      {"NODEACCESSPOLICY", F::NodeAccess},
  };
  for (const auto& [name, field] : kFields)
    if (name == row.name) return field;
  return F::Other;
}

}  // namespace

// ---- credentials ---------------------------------------------------------------------------
void ObjectLowerer::credential(const AttributeToken& a, const Row& row) {
  using F = CredentialField;
  const ir::CredKind kind = *cred_kind_;
  ir::CredentialConfig& c = *cred_;
  std::string_view v = a.value.text;
  const F field = derived<credential_field>(row);
  // The attributes on most credential lines (limits, and rows of type integer, fairshare target,
  // credential list and duration) get check_value's checks while they are parsed, not a second
  // parse.
  switch (field) {
    case F::Limit: limit(c, a, row); return;
    case F::Priority: set(c.priority, ctx_.checked_integer(row, v, false), a); return;
    case F::FairshareTarget: {
      auto t = ctx_.checked(row, values::parse_fairshare_target(v), v);
      if (!t) return;
      t->from = ctx_.provenance(a.whole.text);
      c.fairshare_target = std::move(t);
      return;
    }
    case F::QosList:
    case F::PartitionList: {
      auto list = ctx_.checked(row, values::parse_name_list(v), v);
      if (!list) return;
      list->from = ctx_.provenance(a.whole.text);
      (field == F::QosList ? c.qos_list : c.partition_list) = std::move(list);
      return;
    }
    case F::MaxWalltime:
    case F::DefaultWalltime:
      set(field == F::MaxWalltime ? c.max_walltime : c.default_walltime, ctx_.checked_duration(row, v), a);
      return;
    default: break;
  }
  if (!ctx_.check_value(row, v, false)) return;
  const bool qos = kind == ir::CredKind::Qos;
  switch (field) {
    case F::QosDefault:
    case F::PartitionDefault:
    case F::AccountDefault: {
      std::string value(v);
      while (!value.empty() && (value.back() == '&' || value.back() == '^')) value.pop_back();
      (field == F::QosDefault         ? c.qos_default
       : field == F::PartitionDefault ? c.partition_default
                                      : c.account_default) = sourced(std::move(value), a);
      return;
    }
    case F::Flags: flags(c, a, row); return;
    case F::NodeAccess:
      if (auto access = values::parse_choice<ir::NodeAccessPolicy>(v)) c.node_access = sourced(*access, a);
      return;
    case F::QosQueuetimeWeight:
      if (qos) return set(c.qos->queuetime_weight, values::parse_integer(v).value, a);
      break;
    case F::QosXfactorWeight:
      if (qos) return set(c.qos->xfactor_weight, values::parse_integer(v).value, a);
      break;
    case F::QosQueuetimeTarget:
      if (qos) return set(c.qos->queuetime_target, values::parse_duration(v).value, a);
      break;
    case F::QosXfactorTarget:
      if (qos) return set(c.qos->xfactor_target, values::parse_double(v).value, a);
      break;
    default: break;
  }
  keep_raw(c.other, a, row);
}

// How Maui 3.3.1's handling of an IGN* QOS flag differs from the manual's (reference §2.6).
std::optional<std::string> ObjectLowerer::ign_flag_difference(std::string_view f) {
  const bool user = f == "IGNJOBPERUSER" || f == "IGNPROCPERUSER" || f == "IGNNODEPERUSER" || f == "IGNPSPERUSER" ||
                    f == "IGNJOBQUEUEDPERUSER" || f == "IGNUSER" || f == "IGNALL";
  const bool time = f == "IGNSYSMAXTIME" || f == "IGNSYSTEM" || f == "IGNALL";
  std::string out;
  if (user)
    out = fmt::format(
        "lifts the limits {} names for every credential of the job (group, account, class and "
        "QOS too), not only for its user{}",
        f, f == "IGNNODEPERUSER" ? ", and lifts MAXPROC with MAXNODE" : "");
  if (time)
    out += fmt::format("{}does not act on {}", out.empty() ? "" : ", and ",
                       f == "IGNSYSMAXTIME" ? std::string(f) : fmt::format("the IGNSYSMAXTIME part of {}", f));
  if (out.empty()) return std::nullopt;
  return out;
}

void ObjectLowerer::flags(ir::CredentialConfig& c, const AttributeToken& a, const Row& row) {
  bool qos = c.id.kind == ir::CredKind::Qos;
  if (row.name == "FLAGS")
    ctx_.report(
        rules::kCompatFlagsAttribute, a.name.text,
        fmt::format("Maui 3.3.1 ignores FLAGS= on {} lines; it reads {}=", family_.name, qos ? "QFLAGS" : "JOBFLAGS"));
  auto& into = qos && row.name != "JOBFLAGS" ? c.qos->flags : c.job_flags;
  into.clear();  // a later FLAGS= replaces the list, as Maui re-reads flags from scratch
  auto allowed = schema::allowed_values(row);
  for (auto f : values::Pieces(a.value.text, ",:| ")) {
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), f) == allowed.end()) continue;
    if (qos && (f == "NORESERVATION" || f == "RESTARTPREEMPT"))
      ctx_.report(rules::kCompatQosFlag, f,
                  fmt::format("Maui 3.3.1 cannot set the QOS flag {} (its flag parser rejects "
                              "it) although the manual documents it",
                              f));
    // On a FLAGS= line 3.3.1 reads no flag at all (compat-flags-attribute says so).
    if (qos && row.name != "FLAGS")
      if (auto differs = ign_flag_difference(f))
        ctx_.report(rules::kCompatQosFlag, f,
                    fmt::format("Maui 3.3.1 {}; mauirun does what the manual says (docs/semantics.md 80)", *differs));
    into.push_back(ir::Sourced<std::string>{std::string(f), ctx_.provenance(a.whole.text)});
  }
}

void ObjectLowerer::limit(ir::CredentialConfig& c, const AttributeToken& a, const Row& row) {
  std::string_view name = row.name;
  bool is_qos = c.id.kind == ir::CredKind::Qos;
  const LimitShape& shape = derived<limit_shape>(row);
  auto parsed = values::parse_limit(a.value.text, shape.time_valued);
  ctx_.report_issues(parsed.issues, a.value.text);
  if (!parsed.value) return;
  ir::Limit l = std::move(*parsed.value);
  l.from = ctx_.provenance(a.whole.text);

  if (shape.kind == LimitShape::Kind::Raw) return keep_raw(c.other, a, row);
  const ir::LimitResource res = shape.resource;
  if (shape.kind == LimitShape::Kind::PerUser) {
    if (c.id.kind == ir::CredKind::Qos)
      ctx_.report(rules::kCompatMultidimLimit, a.name.text,
                  fmt::format("Maui 3.3.1 tracks {} on a QOS but never enforces it", name));
    c.scoped.push_back(ir::ScopedLimit{res, false, ir::CredKind::User, std::nullopt, l});
    return;
  }
  bool override_limit = row.flags & (schema::kOverride | schema::kSystemLimit);
  bool idle = row.flags & schema::kIdleLimit;

  if (override_limit && !is_qos) {
    ctx_.report(rules::kOverrideOnNonQos, a.name.text,
                fmt::format("override limit {} only works on QOSCFG lines: Maui ignores it on {}", name, family_.name));
    return;
  }
  if (res == ir::LimitResource::Mem && !override_limit)
    ctx_.report(rules::kCompatMaxmemNotEnforced, a.name.text,
                fmt::format("Maui 3.3.1 stores {} but never enforces it", name));
  check_soft_hard(l, a, idle);

  if (a.has_index) {
    scoped(c, a, row, res, idle, l);
    return;
  }
  if (override_limit) {
    auto& table = (row.flags & schema::kSystemLimit) ? c.qos->override_system
                  : idle                             ? c.qos->override_idle
                                                     : c.qos->override_active;
    table[res] = std::move(l);
  } else {
    (idle ? c.idle : c.active)[res] = std::move(l);
  }
}

void ObjectLowerer::check_soft_hard(ir::Limit& l, const AttributeToken& a, bool idle) {
  if (l.hard == 0 && l.soft != 0) {
    ctx_.report(rules::kSoftExceedsHard, a.value.text,
                fmt::format("'{}' sets no hard limit: Maui 3.3.1 uses a soft limit only when the "
                            "hard limit is set, so this limit has no effect there; by the manual "
                            "the hard limit is {}",
                            a.value.text, l.soft));
    l.hard = l.soft;
  } else if (l.hard > 0 && (l.soft > l.hard || l.soft == -1)) {
    ctx_.report(rules::kSoftExceedsHard, a.value.text,
                fmt::format("soft limit {} is less strict than hard limit {}: the manual then sets "
                            "the soft limit to the hard one; Maui 3.3.1 keeps both as written",
                            l.soft == -1 ? std::string("-1 (unlimited)") : fmt::format("{}", l.soft), l.hard));
    l.soft = l.hard;
  }
  if (idle && l.soft != l.hard) {
    ctx_.report(rules::kCompatIdleSoftLimit, a.value.text,
                fmt::format("the manual says idle limits have a single hard limit and ignores the "
                            "soft value {}; Maui 3.3.1 applies it in its soft pass",
                            l.soft));
    l.soft = l.hard;
  }
}

void ObjectLowerer::scoped(ir::CredentialConfig& c, const AttributeToken& a, const Row& row, ir::LimitResource res,
                           bool idle, const ir::Limit& l) {
  std::string_view index = a.index.text;
  auto colon = index.find(':');
  auto kind = scope_kind(index.substr(0, colon));
  if (!kind) {
    ctx_.report(
        rules::kInvalidValue, a.index.text,
        fmt::format("expected USER, GROUP, ACCOUNT, CLASS or QOS[:name] in {}[...], found '{}'", row.name, index));
    return;
  }
  std::optional<std::string> scope_name;
  if (colon != std::string_view::npos) scope_name = std::string(index.substr(colon + 1));
  bool job_or_proc = res == ir::LimitResource::Job || res == ir::LimitResource::Proc;
  std::string what;
  if (!job_or_proc) {
    what = fmt::format(
        "Maui 3.3.1 drops the index of {}[{}] and applies it as a plain {} limit "
        "of the whole {} {}",
        row.name, index, row.name, ir::to_string(c.id.kind), id_);
  } else if (*kind == ir::CredKind::User && (scope_name || res == ir::LimitResource::Proc)) {
    what = fmt::format("Maui 3.3.1 silently ignores {}[{}]", row.name, index);
  } else if (*kind == ir::CredKind::User && c.id.kind != ir::CredKind::Class) {
    what = fmt::format("Maui 3.3.1 enforces {}[USER] only on classes; here it is tracked, not enforced", row.name);
  } else if (*kind == ir::CredKind::Class || *kind == ir::CredKind::Qos) {
    what = scope_name ? fmt::format("Maui 3.3.1 stores {}[{}] but never enforces it", row.name, index)
                      : fmt::format("Maui 3.3.1 silently ignores {}[{}]", row.name, index);
  } else if (*kind != ir::CredKind::User) {
    what = fmt::format(
        "Maui 3.3.1 stores {}[{}] but never enforces it (only class x user limits "
        "are enforced)",
        row.name, index);
  }
  if (!what.empty())
    ctx_.report(rules::kCompatMultidimLimit, a.name.text,
                what + "; the compiled policy keeps it as the manual describes");
  c.scoped.push_back(ir::ScopedLimit{res, idle, *kind, scope_name, l});
}

}  // namespace maui::lowering
