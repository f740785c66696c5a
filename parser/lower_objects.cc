// Lowering of object lines: USERCFG GROUPCFG ACCOUNTCFG CLASSCFG QOSCFG SYSCFG (credentials),
// SRCFG (standing reservations), NODECFG, RMCFG, and families kept as written (AMCFG ...).
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "parser/lower_context.h"

namespace maui {

using schema::Row;
using schema::Support;
using schema::ValueType;

namespace {

// The characters of an attribute name: what std::isalnum accepts in the C locale, '_' and '.'.
// A table, one lookup per character: this runs on every attribute of every object line.
constexpr std::array<bool, 256> kAttributeNameChar = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                         (c >= '0' && c <= '9') || c == '_' || c == '.';
  return table;
}();
bool attribute_name_char(char c) { return kAttributeNameChar[static_cast<unsigned char>(c)]; }

// `ATTR[INDEX]OP VALUE` inside an object line; false (and `a` unspecified) for a token that is
// not one. Filled in place: an optional<AttributeToken> returned by value was built and copied
// through the stack in pieces the processor could not forward (a stall per attribute).
bool split_attribute(const Token& t, AttributeToken& a) {
  std::string_view s = t.text;
  std::size_t i = 0;
  while (i < s.size() && attribute_name_char(s[i])) ++i;
  if (i == 0) return false;
  a.whole = t;
  a.name = Token{s.substr(0, i)};
  a.index = Token{};
  a.has_index = false;
  if (i < s.size() && s[i] == '[') {
    auto close = s.find(']', i);
    if (close == std::string_view::npos) return false;
    a.index = Token{s.substr(i + 1, close - i - 1)};
    a.has_index = true;
    i = close + 1;
  }
  std::size_t op_begin = i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i >= s.size() || s[i] != '=') return false;
  ++i;
  a.op = Token{s.substr(op_begin, i - op_begin)};
  a.value = Token{s.substr(i)};
  return true;
}

std::string strip_quotes(std::string_view v) {
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
    return std::string(v.substr(1, v.size() - 2));
  return std::string(v);
}

std::optional<ir::LimitResource> limit_resource(std::string_view r) {
  static constexpr std::pair<std::string_view, ir::LimitResource> names[] = {
      {"JOB", ir::LimitResource::Job}, {"NODE", ir::LimitResource::Node},
      {"PE", ir::LimitResource::PE},   {"PROC", ir::LimitResource::Proc},
      {"PS", ir::LimitResource::PS},   {"WC", ir::LimitResource::WC},
      {"MEM", ir::LimitResource::Mem}};
  for (auto [n, v] : names)
    if (n == r) return v;
  return std::nullopt;
}

std::optional<ir::CredKind> cred_kind_of(schema::Object o) {
  switch (o) {
    case schema::kUser: return ir::CredKind::User;
    case schema::kGroup: return ir::CredKind::Group;
    case schema::kAccount: return ir::CredKind::Account;
    case schema::kClass: return ir::CredKind::Class;
    case schema::kQos: return ir::CredKind::Qos;
    case schema::kSys: return ir::CredKind::System;
    default: return std::nullopt;
  }
}

std::optional<ir::CredKind> scope_kind(std::string_view s) {
  if (s == "USER") return ir::CredKind::User;
  if (s == "GROUP") return ir::CredKind::Group;
  if (s == "ACCOUNT" || s == "ACCT") return ir::CredKind::Account;
  if (s == "CLASS") return ir::CredKind::Class;
  if (s == "QOS") return ir::CredKind::Qos;
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
    return res ? LimitShape{Kind::PerUser, *res, time_valued}
               : LimitShape{Kind::Raw, {}, time_valued};
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
  Limit, Priority, FairshareTarget, QosList, PartitionList, MaxWalltime, DefaultWalltime,
  QosDefault, PartitionDefault, AccountDefault, Flags, QosQueuetimeWeight, QosXfactorWeight,
  QosQueuetimeTarget, QosXfactorTarget, NodeAccess, Other,
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

// The field of a standing reservation or a node that an attribute row sets (Other: kept as
// written in `other`), derived once per row instead of comparing names per value.
enum class ObjectField : std::uint8_t {
  Access, ChargeAccount, Days, Depth, StartTime, EndTime, WeekStart, WeekEnd, Flags, HostList,
  NodeFeatures, Owner, Partition, Period, Priority, Resources, TaskCount, TasksPerNode, Trigger,
  Procs, Memory, Swap, Disk, Features, Speed, MaxJobs, MaxJobsPerUser, MaxLoad, PriorityFunction, Other,
};
ObjectField object_field(const Row& row) {
  using F = ObjectField;
  const bool node = (row.objects & schema::kNode) != 0;
  const bool sres = (row.objects & schema::kSres) != 0;
  static constexpr std::pair<std::string_view, F> kReservationFields[] = {
      {"ACCESS", F::Access},       {"CHARGEACCOUNT", F::ChargeAccount}, {"DAYS", F::Days},
      {"DEPTH", F::Depth},         {"STARTTIME", F::StartTime},         {"ENDTIME", F::EndTime},
      {"WSTARTTIME", F::WeekStart}, {"WENDTIME", F::WeekEnd},           {"FLAGS", F::Flags},
      {"HOSTLIST", F::HostList},   {"NODEFEATURES", F::NodeFeatures},   {"OWNER", F::Owner},
      {"PARTITION", F::Partition}, {"PERIOD", F::Period},               {"PRIORITY", F::Priority},
      {"RESOURCES", F::Resources}, {"TASKCOUNT", F::TaskCount},         {"TPN", F::TasksPerNode},
      {"TRIGGER", F::Trigger}};
  static constexpr std::pair<std::string_view, F> kNodeFields[] = {
      {"PROCS", F::Procs},           {"CFGMEM", F::Memory},     {"CFGSWAP", F::Swap},
      {"CFGDISK", F::Disk},          {"RESOURCES", F::Resources}, {"FEATURES", F::Features},
      {"PARTITION", F::Partition},   {"SPEED", F::Speed},       {"PRIORITY", F::Priority},
      {"MAXJOB", F::MaxJobs},        {"MAXJOBPERUSER", F::MaxJobsPerUser}, {"MAXLOAD", F::MaxLoad},
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
      {"USERLIST", K::User},      {"GROUPLIST", K::Group},  {"ACCOUNTLIST", K::Account},
      {"CLASSLIST", K::Class},    {"QOSLIST", K::Qos},
      {"JOBATTRLIST", K::JobAttr}, {"TIMELIMIT", K::Duration}, {"MAXTIME", K::Duration},
      {"PROCLIMIT", K::Procs},    {"TASKLIMIT", K::Tasks}};
  for (const auto& [name, kind] : kKinds)
    if (name == row.name) return kind;
  return std::nullopt;
}

class ObjectLowerer {
 public:
  ObjectLowerer(LowerContext& ctx, const Statement& s, const Row& family, schema::Object object)
      : ctx_(ctx), s_(s), family_(family), object_(object), cred_kind_(cred_kind_of(object)) {}

  void run() {
    if (family_.support == Support::Misspelling) {
      ctx_.report(rules::kKnownMisspelling, s_.name.text,
                  fmt::format("'{}' is not a Maui family (did you mean '{}'?): Maui 3.3.1 ignores "
                              "this line", family_.name, family_.canonical));
      return;  // the manual's own ACCTCFG example: still not a family Maui reads
    }
    if (family_.support == Support::MoabOnly)
      ctx_.report(rules::kMoabOnly, s_.name.text,
                  fmt::format("{} is a Moab family; Maui 3.3.1 ignores this line", family_.name));
    if (!s_.has_index && object_ != schema::kSys) {
      ctx_.report(rules::kMissingObjectId, s_.name.text,
                  fmt::format("{} needs an object name in brackets ({}[name]); Maui ignores this line",
                              family_.name, family_.name));
      return;
    }
    if (s_.has_index && ctx_.templated(s_.index.text)) return;  // `SRCFG[<%= key %>]`: unknown object
    id_ = s_.has_index ? s_.index.text : std::string_view("base");
    if (s_.has_index && s_.index.text.empty()) {
      ctx_.report(rules::kMissingObjectId, s_.name.text,
                  fmt::format("{}[] has an empty object name; Maui ignores this line", family_.name));
      return;
    }
    declare();
    AttributeToken attr;  // each token's, filled in by split_attribute
    for (std::size_t i = 0; i < s_.values.size(); ++i) {
      const Token& t = s_.values[i];
      if (!split_attribute(t, attr)) {
        if (!ctx_.templated(t.text)) stray(t, i);  // a placeholder may render as ATTR=VALUE
        continue;
      }
      last_acl_ = nullptr;
      attribute(attr);
    }
  }

 private:
  LowerContext& ctx_;
  const Statement& s_;
  const Row& family_;
  schema::Object object_;
  std::optional<ir::CredKind> cred_kind_;  // of a credential family's lines
  std::string_view id_;  // in the source (or "base"): copied only into a new object
  const Row* last_acl_ = nullptr;  // SRCFG: the ACL attribute that a blank-separated item follows
  // The object of this line, looked up once by declare() (std::map entries do not move).
  ir::CredentialConfig* cred_ = nullptr;
  ir::StandingReservation* sres_ = nullptr;
  ir::NodeConfig* node_ = nullptr;
  ir::ResourceManager* rm_ = nullptr;

  // Finds or creates the object; a new one is declared by this line (most lines add to an
  // object declared earlier, so the provenance is made only when needed).
  void declare() {
    ir::Policy& p = ctx_.policy;
    if (auto kind = cred_kind_) {
      auto& c = ctx_.credential(*kind, id_);
      cred_ = &c;
      if (c.id.name.empty()) {
        c.id = ir::Credential{*kind, std::string(id_)};
        c.declared = ctx_.provenance(s_.whole.text);
      }
    } else if (object_ == schema::kSres) {
      auto& r = ctx_.standing_reservation(id_);
      sres_ = &r;
      if (r.name.empty()) {
        r.name = id_;
        r.declared = ctx_.provenance(s_.whole.text);
        r.depth.value = 2;
        r.period.value = ir::ReservationPeriod::Day;
      }
    } else if (object_ == schema::kNode) {
      auto& n = ctx_.node(id_);
      node_ = &n;
      if (n.name.empty()) {
        n.name = id_;
        n.declared = ctx_.provenance(s_.whole.text);
      }
    } else if (object_ == schema::kRm) {
      auto& r = p.resource_managers.try_emplace(p.resource_managers.end(), std::string(id_))->second;
      rm_ = &r;
      if (r.name.empty()) {
        r.name = id_;
        r.declared = ctx_.provenance(s_.whole.text);
      }
    }
  }

  // A token without '=': Maui ignores it.
  void stray(const Token& t, std::size_t position) {
    if (object_ == schema::kSres && last_acl_) {
      ctx_.report(rules::kSrBlankSeparatedList, t.text,
                  fmt::format("'{}' is separated from the {} list by a blank: Maui keeps only the "
                              "items before the blank; separate list items with ','",
                              t.text, last_acl_->name));
      return;
    }
    if (object_ == schema::kRm && position == 0) {
      ctx_.report(rules::kMissingAttributeName, t.text,
                  fmt::format("'{}' has no ATTRIBUTE= in front: Maui ignores it; did you mean "
                              "'TYPE={}'?", t.text, t.text));
      return;
    }
    ctx_.report(rules::kMissingAttributeName, t.text,
                fmt::format("'{}' is not ATTRIBUTE=VALUE: Maui ignores it", t.text));
  }

  const Row* resolve(const AttributeToken& a) {
    std::string_view name = a.name.text;
    if (const Row* row = ctx_.attribute_row(name, object_)) return row;
    if (const Row* row = schema::find_attribute_ignoring_case(name, object_)) {
      ctx_.report(rules::kWrongCase, name,
                  fmt::format("'{}' is spelt '{}': Maui 3.3.1 matches attribute names "
                              "case-sensitively and ignores it", name, row->name));
      return row;
    }
    if (const Row* qos_only = schema::find_attribute(name, schema::kQos);
        qos_only && (qos_only->flags & (schema::kOverride | schema::kSystemLimit))) {
      ctx_.report(rules::kOverrideOnNonQos, name,
                  fmt::format("override limit {} only works on QOSCFG lines: Maui ignores it on {}",
                              name, family_.name));
      return nullptr;
    }
    auto suggestions = schema::suggest_attributes(name, object_);
    ctx_.report(rules::kUnknownAttribute, name,
                fmt::format("unknown {} attribute '{}': Maui ignores it{}", family_.name, name,
                            suggestions.empty() ? std::string()
                                                : fmt::format("; did you mean '{}'?", suggestions.front())));
    return nullptr;
  }

  void attribute(const AttributeToken& a) {
    const Row* row = resolve(a);
    if (!row) return;
    std::string_view name = a.name.text;
    if (row->support == Support::ManualName && row->name != "FLAGS")
      ctx_.report(rules::kCompatManualName, name,
                  fmt::format("'{}' is the manual's name for '{}': this engine applies it, but Maui "
                              "3.3.1 ignores it; write '{}'", name, row->canonical, row->canonical));
    if (row->support == Support::Misspelling) {
      ctx_.report(rules::kKnownMisspelling, name,
                  fmt::format("'{}' is a misspelling of '{}': Maui ignores this attribute", name,
                              row->canonical));
      return;
    }
    if (row->support == Support::MoabOnly && family_.support != Support::MoabOnly)
      ctx_.report(rules::kMoabOnly, name,
                  fmt::format("'{}' is a Moab attribute; Maui 3.3.1 ignores it", row->name));
    if (row->support == Support::Ignored)
      ctx_.report(rules::kIgnoredByMaui, name,
                  fmt::format("Maui 3.3.1 accepts '{}' but ignores it{}", row->name,
                              row->maui331.empty() ? std::string() : fmt::format(": {}", row->maui331)));
    if (a.op.text.size() != 1)  // "+=" or "-=" (split_attribute's operators all end in '=')
      ctx_.report(rules::kCompatAppendOperator, a.op.text,
                  fmt::format("Maui 3.3.1 treats '{}' as '=': the value replaces the old one", a.op.text));
    std::string_view value = a.value.text;
    if (value.empty()) {
      if (row->type != ValueType::CredList)
        ctx_.report(rules::kMissingValue, a.whole.text,
                    fmt::format("'{}=' has no value: Maui ignores it", row->name));
      return;
    }
    if (ctx_.templated(value)) return;
    if (cred_kind_) {
      credential(a, *row);  // checks the values itself
      return;
    }
    // Reservations and nodes check the values they store as they parse them (once: a large
    // site has a line per node), and the others with check_value.
    if (object_ == schema::kSres) return reservation(a, *row);
    if (object_ == schema::kNode) return node(a, *row);
    if (row->type != ValueType::AclList && row->type != ValueType::Limit &&
        !ctx_.check_value(*row, value, false))
      return;
    if (object_ == schema::kRm) resource_manager(a, *row);
    else keep_raw(ctx_.policy.other_objects[fmt::format("{}[{}]", family_.name, id_)], a, *row);
  }

  void keep_raw(std::map<std::string, ir::RawSetting>& into, const AttributeToken& a, const Row& row) {
    std::string key(row.name);
    if (a.has_index) key += fmt::format("[{}]", a.index.text);
    into[key] = ir::RawSetting{(row.flags & schema::kSecret) ? "<redacted>" : std::string(a.value.text),
                               ctx_.provenance(a.whole.text)};
  }

  template <class T>
  ir::Sourced<T> sourced(T v, const AttributeToken& a) {
    return ir::Sourced<T>{std::move(v), ctx_.provenance(a.whole.text)};
  }
  // Sets a field from a parse result; a value that did not parse (already reported) is skipped.
  template <class T, class U>
  void set(std::optional<ir::Sourced<T>>& field, std::optional<U> v, const AttributeToken& a) {
    if (v) field = sourced(static_cast<T>(*v), a);
  }
  template <class T, class U>
  void set(ir::Sourced<T>& field, std::optional<U> v, const AttributeToken& a) {
    if (v) field = sourced(static_cast<T>(*v), a);
  }

  // ---- credentials ---------------------------------------------------------------------------
  void credential(const AttributeToken& a, const Row& row) {
    using F = CredentialField;
    const ir::CredKind kind = *cred_kind_;
    ir::CredentialConfig& c = *cred_;
    std::string_view v = a.value.text;
    const F field = derived<credential_field>(row);
    // The attributes on most credential lines (limits, and rows of type integer, fairshare target,
    // credential list and duration) get check_value's checks while they are parsed, not a second
    // parse.
    switch (field) {
      case F::Limit:
        limit(c, a, row);
        return;
      case F::Priority:
        set(c.priority, ctx_.checked_integer(row, v, false), a);
        return;
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
        set(field == F::MaxWalltime ? c.max_walltime : c.default_walltime,
            ctx_.checked_duration(row, v), a);
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
  static std::optional<std::string> ign_flag_difference(std::string_view f) {
    const bool user = f == "IGNJOBPERUSER" || f == "IGNPROCPERUSER" || f == "IGNNODEPERUSER" || f == "IGNPSPERUSER" ||
                      f == "IGNJOBQUEUEDPERUSER" || f == "IGNUSER" || f == "IGNALL";
    const bool time = f == "IGNSYSMAXTIME" || f == "IGNSYSTEM" || f == "IGNALL";
    std::string out;
    if (user)
      out = fmt::format("lifts the limits {} names for every credential of the job (group, account, class and "
                        "QOS too), not only for its user{}",
                        f, f == "IGNNODEPERUSER" ? ", and lifts MAXPROC with MAXNODE" : "");
    if (time)
      out += fmt::format("{}does not act on {}", out.empty() ? "" : ", and ",
                         f == "IGNSYSMAXTIME" ? std::string(f) : fmt::format("the IGNSYSMAXTIME part of {}", f));
    if (out.empty()) return std::nullopt;
    return out;
  }

  void flags(ir::CredentialConfig& c, const AttributeToken& a, const Row& row) {
    bool qos = c.id.kind == ir::CredKind::Qos;
    if (row.name == "FLAGS")
      ctx_.report(rules::kCompatFlagsAttribute, a.name.text,
                  fmt::format("Maui 3.3.1 ignores FLAGS= on {} lines; it reads {}=", family_.name,
                              qos ? "QFLAGS" : "JOBFLAGS"));
    auto& into = qos && row.name != "JOBFLAGS" ? c.qos->flags : c.job_flags;
    into.clear();  // a later FLAGS= replaces the list, as Maui re-reads flags from scratch
    auto allowed = schema::allowed_values(row);
    for (auto f : values::Pieces(a.value.text, ",:| ")) {
      if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), f) == allowed.end()) continue;
      if (qos && (f == "NORESERVATION" || f == "RESTARTPREEMPT"))
        ctx_.report(rules::kCompatQosFlag, f,
                    fmt::format("Maui 3.3.1 cannot set the QOS flag {} (its flag parser rejects "
                                "it) although the manual documents it", f));
      // On a FLAGS= line 3.3.1 reads no flag at all (compat-flags-attribute says so).
      if (qos && row.name != "FLAGS")
        if (auto differs = ign_flag_difference(f))
          ctx_.report(rules::kCompatQosFlag, f,
                      fmt::format("Maui 3.3.1 {}; mauirun does what the manual says (docs/semantics.md 80)", *differs));
      into.push_back(ir::Sourced<std::string>{std::string(f), ctx_.provenance(a.whole.text)});
    }
  }

  void limit(ir::CredentialConfig& c, const AttributeToken& a, const Row& row) {
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
                  fmt::format("override limit {} only works on QOSCFG lines: Maui ignores it on {}",
                              name, family_.name));
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
                    : idle                              ? c.qos->override_idle
                                                        : c.qos->override_active;
      table[res] = std::move(l);
    } else {
      (idle ? c.idle : c.active)[res] = std::move(l);
    }
  }

  void check_soft_hard(ir::Limit& l, const AttributeToken& a, bool idle) {
    if (l.hard == 0 && l.soft != 0) {
      ctx_.report(rules::kSoftExceedsHard, a.value.text,
                  fmt::format("'{}' sets no hard limit: Maui 3.3.1 uses a soft limit only when the "
                              "hard limit is set, so this limit has no effect there; by the manual "
                              "the hard limit is {}", a.value.text, l.soft));
      l.hard = l.soft;
    } else if (l.hard > 0 && (l.soft > l.hard || l.soft == -1)) {
      ctx_.report(rules::kSoftExceedsHard, a.value.text,
                  fmt::format("soft limit {} is less strict than hard limit {}: the manual then sets "
                              "the soft limit to the hard one; Maui 3.3.1 keeps both as written",
                              l.soft == -1 ? std::string("-1 (unlimited)") : fmt::format("{}", l.soft),
                              l.hard));
      l.soft = l.hard;
    }
    if (idle && l.soft != l.hard) {
      ctx_.report(rules::kCompatIdleSoftLimit, a.value.text,
                  fmt::format("the manual says idle limits have a single hard limit and ignores the "
                              "soft value {}; Maui 3.3.1 applies it in its soft pass", l.soft));
      l.soft = l.hard;
    }
  }

  void scoped(ir::CredentialConfig& c, const AttributeToken& a, const Row& row,
              ir::LimitResource res, bool idle, const ir::Limit& l) {
    std::string_view index = a.index.text;
    auto colon = index.find(':');
    auto kind = scope_kind(index.substr(0, colon));
    if (!kind) {
      ctx_.report(rules::kInvalidValue, a.index.text,
                  fmt::format("expected USER, GROUP, ACCOUNT, CLASS or QOS[:name] in {}[...], found '{}'",
                              row.name, index));
      return;
    }
    std::optional<std::string> scope_name;
    if (colon != std::string_view::npos) scope_name = std::string(index.substr(colon + 1));
    bool job_or_proc = res == ir::LimitResource::Job || res == ir::LimitResource::Proc;
    std::string what;
    if (!job_or_proc) {
      what = fmt::format("Maui 3.3.1 drops the index of {}[{}] and applies it as a plain {} limit "
                         "of the whole {} {}", row.name, index, row.name, ir::to_string(c.id.kind), id_);
    } else if (*kind == ir::CredKind::User && (scope_name || res == ir::LimitResource::Proc)) {
      what = fmt::format("Maui 3.3.1 silently ignores {}[{}]", row.name, index);
    } else if (*kind == ir::CredKind::User && c.id.kind != ir::CredKind::Class) {
      what = fmt::format("Maui 3.3.1 enforces {}[USER] only on classes; here it is tracked, not enforced",
                         row.name);
    } else if (*kind == ir::CredKind::Class || *kind == ir::CredKind::Qos) {
      what = scope_name ? fmt::format("Maui 3.3.1 stores {}[{}] but never enforces it", row.name, index)
                        : fmt::format("Maui 3.3.1 silently ignores {}[{}]", row.name, index);
    } else if (*kind != ir::CredKind::User) {
      what = fmt::format("Maui 3.3.1 stores {}[{}] but never enforces it (only class x user limits "
                         "are enforced)", row.name, index);
    }
    if (!what.empty())
      ctx_.report(rules::kCompatMultidimLimit, a.name.text,
                  what + "; the compiled policy keeps it as the manual describes");
    c.scoped.push_back(ir::ScopedLimit{res, idle, *kind, scope_name, l});
  }

  // ---- standing reservations -------------------------------------------------------------
  void reservation(const AttributeToken& a, const Row& row) {
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
        auto p = v == "WEEK" ? ir::ReservationPeriod::Week
                 : v == "INFINITY" ? ir::ReservationPeriod::Infinity : ir::ReservationPeriod::Day;
        r.period = sv(p);
        return;
      }
      case ObjectField::Trigger: r.trigger = sv(strip_quotes(v)); return;
      default: keep_raw(r.other, a, row); return;
    }
  }

  // ---- nodes ---------------------------------------------------------------------------------
  void node(const AttributeToken& a, const Row& row) {
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
  void resource_manager(const AttributeToken& a, const Row& row) {
    ir::ResourceManager& r = *rm_;
    std::string_view name = row.name;
    std::string_view v = a.value.text;
    auto sv = [&](auto value) { return sourced(value, a); };
    if (name == "TYPE") r.type = sv(std::string(v));
    else if (name == "HOST") r.host = sv(std::string(v));
    else if (name == "PORT") set(r.port, values::parse_integer(v).value, a);
    else if (name == "TIMEOUT") set(r.timeout, values::parse_duration(v).value, a);
    else keep_raw(r.other, a, row);
  }
};

}  // namespace

void lower_object(LowerContext& ctx, const Statement& s, const Row& family, schema::Object object) {
  ObjectLowerer(ctx, s, family, object).run();
}

}  // namespace maui
