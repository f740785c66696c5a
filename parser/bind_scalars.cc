// Typed settings from scalar lines. A setting that the config does not write gets the table's
// default (schemas/parameter_table.cc) with Derivation::BuiltinDefault, so every value in the
// IR says where it came from.
#include <fmt/format.h>

#include "parser/lower_context.h"
#include "schemas/ir_names.h"

namespace maui {

namespace {

using ir::PriorityComponent;
using ir::PrioritySubcomponent;

class Binder {
 public:
  explicit Binder(LowerContext& ctx) : ctx_(ctx), p_(ctx.policy) {}

  void run() {
    for (unsigned b = 1; b <= ctx_.sources.buffer_count(); ++b) p_.files.push_back(ctx_.sources.display_name(b));
    p_.server_host = text("SERVERHOST");
    priority();
    fairshare();
    scheduling();
    system_limits();
    admins();
    legacy_resource_managers();
    legacy_throttles();
    legacy_qos();
  }

 private:
  LowerContext& ctx_;
  ir::Policy& p_;

  // The first token of the last line that set NAME[INDEX], or the table default.
  struct Raw {
    std::string text;
    ir::Provenance from;
  };
  Raw raw(std::string_view name, std::string_view index = "") {
    std::string key = index.empty() ? std::string(name) : fmt::format("{}[{}]", name, index);
    if (auto it = p_.scalars.find(key); it != p_.scalars.end()) {
      std::string_view v = it->second.value;
      return {std::string(v.substr(0, v.find(' '))), it->second.from};
    }
    const schema::Row* row = schema::find_parameter(name);
    return {row ? std::string(row->default_value) : std::string(), ir::Provenance{}};
  }

  template <class T, class Parse>
  ir::Sourced<T> typed(std::string_view name, Parse parse, T fallback, std::string_view index = "") {
    Raw r = raw(name, index);
    if (!r.text.empty()) {
      if (auto v = parse(r.text).value) return {static_cast<T>(*v), r.from};
    }
    // Not set, or set to a value that did not parse (reported): the table default.
    if (r.from.how != ir::Derivation::BuiltinDefault) {
      const schema::Row* row = schema::find_parameter(name);
      if (row && !row->default_value.empty())
        if (auto v = parse(row->default_value).value) return {static_cast<T>(*v), {}};
    }
    return {fallback, {}};
  }

  ir::Sourced<std::int64_t> integer(std::string_view name, std::string_view index = "") {
    return typed<std::int64_t>(name, values::parse_integer, 0, index);
  }
  ir::Sourced<std::int64_t> weight(std::string_view name) {
    return typed<std::int64_t>(
        name,
        [](std::string_view t) {
          if (!t.empty() && t.back() == '%') t.remove_suffix(1);
          return values::parse_integer(t);
        },
        0);
  }
  ir::Sourced<ir::Seconds> duration(std::string_view name) {
    return typed<ir::Seconds>(name, values::parse_duration, 0);
  }
  ir::Sourced<bool> boolean(std::string_view name) { return typed<bool>(name, values::parse_boolean, false); }
  ir::Sourced<std::string> text(std::string_view name) {
    Raw r = raw(name);
    return {r.text, r.from};
  }
  // One of a policy's values (the manual reads them case-insensitively); a value that names none
  // (reported as invalid-value) gives the table default, as if not written.
  template <class E>
  ir::Sourced<E> choice(std::string_view name) {
    Raw r = raw(name);
    if (auto v = values::parse_choice<E>(r.text)) return {*v, r.from};
    const schema::Row* row = schema::find_parameter(name);
    assert(row && values::parse_choice<E>(row->default_value));  // the table's own default
    return {values::parse_choice<E>(row->default_value).value_or(E{}), {}};
  }

  void priority() {
    struct Component {
      PriorityComponent c;
      std::string_view weight, cap;
    };
    static constexpr Component components[] = {
        {PriorityComponent::Cred, "CREDWEIGHT", "CREDCAP"},
        {PriorityComponent::Fairshare, "FSWEIGHT", "FSCAP"},
        {PriorityComponent::Resource, "RESWEIGHT", "RESCAP"},
        {PriorityComponent::Service, "SERVICEWEIGHT", "SERVICECAP"},
        {PriorityComponent::Target, "TARGETWEIGHT", "TARGETCAP"},
        {PriorityComponent::Usage, "USAGEWEIGHT", "USAGECAP"},
    };
    for (const auto& c : components) {
      auto& slot = p_.priority.component[static_cast<std::size_t>(c.c)];
      slot.weight = weight(c.weight);
      slot.cap = integer(schema::find_parameter(c.cap) ? c.cap : "SERVICEWCAP");
    }
    struct Sub {
      PrioritySubcomponent s;
      std::string_view weight, cap;
    };
    static constexpr Sub subs[] = {
        {PrioritySubcomponent::User, "USERWEIGHT", "USERCAP"},
        {PrioritySubcomponent::Group, "GROUPWEIGHT", "GROUPCAP"},
        {PrioritySubcomponent::Account, "ACCOUNTWEIGHT", "ACCOUNTCAP"},
        {PrioritySubcomponent::Qos, "QOSWEIGHT", "QOSCAP"},
        {PrioritySubcomponent::Class, "CLASSWEIGHT", "CLASSCAP"},
        {PrioritySubcomponent::FsUser, "FSUSERWEIGHT", "FSUSERCAP"},
        {PrioritySubcomponent::FsGroup, "FSGROUPWEIGHT", "FSGROUPCAP"},
        {PrioritySubcomponent::FsAccount, "FSACCOUNTWEIGHT", "FSACCOUNTCAP"},
        {PrioritySubcomponent::FsQos, "FSQOSWEIGHT", "FSQOSCAP"},
        {PrioritySubcomponent::FsClass, "FSCLASSWEIGHT", "FSCLASSCAP"},
        {PrioritySubcomponent::Node, "NODEWEIGHT", "NODECAP"},
        {PrioritySubcomponent::Proc, "PROCWEIGHT", "PROCCAP"},
        {PrioritySubcomponent::Mem, "MEMWEIGHT", "MEMCAP"},
        {PrioritySubcomponent::Swap, "SWAPWEIGHT", "SWAPCAP"},
        {PrioritySubcomponent::Disk, "DISKWEIGHT", "DISKCAP"},
        {PrioritySubcomponent::PS, "PSWEIGHT", "PSCAP"},
        {PrioritySubcomponent::PE, "PEWEIGHT", "PECAP"},
        {PrioritySubcomponent::Walltime, "WALLTIMEWEIGHT", "WALLTIMECAP"},
        {PrioritySubcomponent::QueueTime, "QUEUETIMEWEIGHT", "QUEUETIMECAP"},
        {PrioritySubcomponent::XFactor, "XFACTORWEIGHT", "XFACTORCAP"},
        {PrioritySubcomponent::SPViolation, "SPVIOLATIONWEIGHT", "SPVIOLATIONCAP"},
        {PrioritySubcomponent::Bypass, "BYPASSWEIGHT", "BYPASSCAP"},
        {PrioritySubcomponent::TargetQueueTime, "TARGETQUEUETIMEWEIGHT", "TARGETQUEUETIMECAP"},
        {PrioritySubcomponent::TargetXFactor, "TARGETXFACTORWEIGHT", "TARGETXFACTORCAP"},
        {PrioritySubcomponent::Consumed, "CONSUMEDWEIGHT", "CONSUMEDCAP"},
        {PrioritySubcomponent::Remaining, "REMAININGWEIGHT", "REMAININGCAP"},
        {PrioritySubcomponent::Percent, "PERCENTWEIGHT", "PERCENTCAP"},
        {PrioritySubcomponent::ExecutionTime, "USAGEEXECUTIONTIMEWEIGHT", "USAGEEXECUTIONTIMECAP"},
    };
    for (const auto& s : subs) {
      auto& slot = p_.priority.sub[static_cast<std::size_t>(s.s)];
      slot.weight = weight(s.weight);
      slot.cap = integer(s.cap);
    }
    p_.priority.xfactor_min_walltime = duration("XFMINWCLIMIT");
    p_.priority.accrual_policy = choice<ir::AccrualPolicy>("JOBPRIOACCRUALPOLICY");
    p_.priority.enable_negative = boolean("ENABLENEGJOBPRIORITY");
    p_.priority.reject_negative = boolean("REJECTNEGPRIOJOBS");
    p_.priority.use_system_queue_time = boolean("USESYSTEMQUEUETIME");
  }

  void fairshare() {
    Raw r = raw("FSPOLICY");
    std::string_view v = r.text;
    bool percent = !v.empty() && v.back() == '%';
    if (percent) v.remove_suffix(1);
    if (v.size() > 2 && v.front() == '[' && v.back() == ']') v = v.substr(1, v.size() - 2);
    const schema::Row& row = *schema::find_parameter("FSPOLICY");
    if (auto meant = enum_for_boolean(row, v)) v = *meant;
    auto metric = ir::FairshareMetric::None;
    bool known = v.empty();
    for (auto allowed : schema::allowed_values(row))
      if (llvm::StringRef(allowed).equals_insensitive(v)) {  // a mis-cased value: the manual's reading
        metric = ir::parse_fairshare_metric(allowed).value_or(ir::FairshareMetric::None);
        known = true;
      }
    ir::Provenance from = known ? r.from : ir::Provenance{};
    p_.fairshare.metric = {metric, from};
    p_.fairshare.percentage_mode = {known && percent, from};
    p_.fairshare.interval = duration("FSINTERVAL");
    p_.fairshare.depth = integer("FSDEPTH");
    p_.fairshare.decay = typed<double>("FSDECAY", values::parse_double, 1.0);
  }

  void scheduling() {
    auto& s = p_.scheduling;
    s.backfill_policy = choice<ir::BackfillPolicy>("BACKFILLPOLICY");
    const Raw backfill = raw("BACKFILLPOLICY");
    if (auto meant = enum_for_boolean(*schema::find_parameter("BACKFILLPOLICY"), backfill.text))
      if (auto policy = values::parse_choice<ir::BackfillPolicy>(*meant)) s.backfill_policy = {*policy, backfill.from};
    s.backfill_depth = integer("BACKFILLDEPTH");
    s.backfill_metric = choice<ir::BackfillMetric>("BACKFILLMETRIC");
    s.backfill_max_schedules = integer("BACKFILLMAXSCHEDULES");
    s.chunk_size = integer("BFCHUNKSIZE");
    s.chunk_duration = duration("BFCHUNKDURATION");
    s.reservation_policy = choice<ir::ReservationPolicy>("RESERVATIONPOLICY");
    s.reservation_threshold_type = choice<ir::ReservationThreshold>("RESERVATIONTHRESHOLDTYPE");
    s.reservation_threshold_value = integer("RESERVATIONTHRESHOLDVALUE");
    s.reservation_retry_time = duration("RESERVATIONRETRYTIME");
    s.node_allocation_policy = choice<ir::NodeAllocationPolicy>("NODEALLOCATIONPOLICY");
    s.node_access_policy = choice<ir::NodeAccessPolicy>("NODEACCESSPOLICY");
    s.poll_interval = duration("RMPOLLINTERVAL");

    // RESERVATIONDEPTH[n] / RESERVATIONQOSLIST[n] (the rows indexed by reservation group); no
    // index = group 0, which always exists.
    s.reservation_groups[0].depth = integer("RESERVATIONDEPTH");
    for (const auto& [key, setting] : p_.scalars) {
      const schema::Row* row = schema::find_parameter(setting.name);
      if (row == nullptr || !(row->flags & schema::kPerReservationGroup)) continue;
      std::int64_t group = 0;
      if (!setting.index.empty()) {
        auto g = values::parse_integer(setting.index);
        if (!g.value || !g.issues.empty() || *g.value < 0) {
          if (auto it = ctx_.scalar_statements.find(key); it != ctx_.scalar_statements.end())
            ctx_.report(rules::kInvalidValue, it->second->index.text,
                        fmt::format("the index of {}[{}] must be a reservation group number ≥ 0; "
                                    "this line is ignored",
                                    setting.name, setting.index));
          continue;
        }
        group = *g.value;
      }
      auto& entry = s.reservation_groups[group];
      if (setting.name == "RESERVATIONDEPTH") {
        if (auto d = values::parse_integer(setting.value).value) entry.depth = {*d, setting.from};
      } else {
        std::vector<std::string> qos;
        for (auto q : values::Pieces(setting.value, " \t")) qos.emplace_back(q);
        if (qos.size() == 1 && (qos[0] == "[ALL]" || qos[0] == "ALL"))
          entry.qos.reset();
        else
          entry.qos = ir::Sourced<std::vector<std::string>>{qos, setting.from};
      }
    }
  }

  void system_limits() {
    auto optional_int = [&](std::string_view name) -> std::optional<ir::Sourced<std::int64_t>> {
      if (!p_.scalars.count(std::string(name))) return std::nullopt;
      return integer(name);
    };
    p_.system_limits.max_procs = optional_int("SYSTEMMAXPROCPERJOB");
    p_.system_limits.max_proc_seconds = optional_int("SYSTEMMAXPROCSECONDPERJOB");
    if (p_.scalars.count("SYSTEMMAXJOBWALLTIME")) p_.system_limits.max_walltime = duration("SYSTEMMAXJOBWALLTIME");
  }

  void admins() {
    auto list = [&](std::string_view name) -> std::optional<ir::Sourced<std::vector<std::string>>> {
      auto it = p_.scalars.find(std::string(name));
      if (it == p_.scalars.end()) return std::nullopt;
      std::vector<std::string> names;
      for (auto n : values::Pieces(it->second.value, " \t,")) names.emplace_back(n);
      return ir::Sourced<std::vector<std::string>>{names, it->second.from};
    };
    p_.admins.levels[0] = list("ADMIN1");
    if (!p_.admins.levels[0]) p_.admins.levels[0] = list("ADMINS");
    p_.admins.levels[1] = list("ADMIN2");
    p_.admins.levels[2] = list("ADMIN3");
    p_.admins.levels[3] = list("ADMIN4");
    p_.admins.hosts = list("ADMINHOSTS");
  }

  // Maui 3.0 throttles: MAXJOBPERUSERCOUNT 4 (hard), SMAXJOBPERUSERCOUNT 2 (soft),
  // MAXJOBQUEUEDPERUSERCOUNT (idle jobs) set the DEFAULT user / group / account limits; a
  // *CFG[DEFAULT] line of the same limit wins (Maui reads them first), ...POLICY OFF clears them.
  void legacy_throttles() {
    struct Resource {
      std::string_view word;
      ir::LimitResource resource;
      bool idle;
    };
    static constexpr Resource resources[] = {
        {"JOBQUEUED", ir::LimitResource::Job, true},  {"JOB", ir::LimitResource::Job, false},
        {"PROCSECOND", ir::LimitResource::PS, false}, {"PROC", ir::LimitResource::Proc, false},
        {"NODE", ir::LimitResource::Node, false},     {"PE", ir::LimitResource::PE, false}};
    static constexpr std::pair<std::string_view, ir::CredKind> kinds[] = {
        {"USER", ir::CredKind::User}, {"GROUP", ir::CredKind::Group}, {"ACCOUNT", ir::CredKind::Account}};
    for (const auto& [key, setting] : p_.scalars) {
      std::string_view name = setting.name;
      bool soft = name.starts_with("SMAX");
      if (!name.starts_with(soft ? "SMAX" : "MAX") || !name.ends_with("COUNT")) continue;
      name.remove_prefix(soft ? 4 : 3);
      name.remove_suffix(5);
      for (const auto& r : resources) {
        if (!name.starts_with(r.word) || !name.substr(r.word.size()).starts_with("PER")) continue;
        std::string_view who = name.substr(r.word.size() + 3);
        for (const auto& [word, kind] : kinds) {
          if (who != word) continue;
          auto v = values::parse_integer(setting.value.substr(0, setting.value.find(' '))).value;
          if (!v) break;
          auto& cred = p_.credentials[ir::Credential{kind, "DEFAULT"}];
          if (cred.id.name.empty()) {
            cred.id = ir::Credential{kind, "DEFAULT"};
            cred.declared = setting.from;
          }
          auto& slot = (r.idle ? cred.idle : cred.active)[r.resource];
          if (slot && slot->from.how != ir::Derivation::Legacy) break;  // *CFG[DEFAULT] wins
          ir::Limit l = slot.value_or(ir::Limit{0, 0, setting.from});
          (soft ? l.soft : l.hard) = *v;
          if (!soft && l.soft == 0) l.soft = *v;
          l.from = setting.from;
          l.from.how = ir::Derivation::Legacy;
          slot = l;
          break;
        }
        break;
      }
    }
  }

  // Maui 3.0 per-QOS scalars: QOSPRIORITY[q], QOSQTWEIGHT[q], QOSXFWEIGHT[q], QOSTARGETXF[q],
  // QOSTARGETQT[q], QOSFLAGS[q]; a QOSCFG[q] attribute of the same meaning wins.
  void legacy_qos() {
    for (const auto& [key, setting] : p_.scalars) {
      if (setting.index.empty() || !setting.name.starts_with("QOS")) continue;
      std::string_view name = setting.name;
      if (name != "QOSPRIORITY" && name != "QOSQTWEIGHT" && name != "QOSXFWEIGHT" && name != "QOSTARGETXF" &&
          name != "QOSTARGETQT" && name != "QOSFLAGS")
        continue;
      auto& q = p_.credentials[ir::Credential{ir::CredKind::Qos, setting.index}];
      if (q.id.name.empty()) {
        q.id = ir::Credential{ir::CredKind::Qos, setting.index};
        q.declared = setting.from;
      }
      ir::Provenance from = setting.from;
      from.how = ir::Derivation::Legacy;
      std::string first = setting.value.substr(0, setting.value.find(' '));
      auto integer_value = values::parse_integer(first).value;
      if (name == "QOSPRIORITY" && !q.priority && integer_value)
        q.priority = ir::Sourced<std::int64_t>{*integer_value, from};
      if (name == "QOSQTWEIGHT" && !q.qos->queuetime_weight && integer_value)
        q.qos->queuetime_weight = ir::Sourced<std::int64_t>{*integer_value, from};
      if (name == "QOSXFWEIGHT" && !q.qos->xfactor_weight && integer_value)
        q.qos->xfactor_weight = ir::Sourced<std::int64_t>{*integer_value, from};
      if (name == "QOSTARGETXF" && !q.qos->xfactor_target)
        if (auto d = values::parse_double(first).value) q.qos->xfactor_target = ir::Sourced<double>{*d, from};
      if (name == "QOSTARGETQT" && !q.qos->queuetime_target)
        if (auto d = values::parse_duration(first).value) q.qos->queuetime_target = ir::Sourced<ir::Seconds>{*d, from};
      if (name == "QOSFLAGS" && q.qos->flags.empty())
        for (auto f : values::Pieces(setting.value, " \t,:|")) q.qos->flags.push_back({std::string(f), from});
    }
  }

  // Maui 3.2's RMTYPE[0] / RMHOST[0] / RMPORT[0] / RMTIMEOUT[0] describe resource manager "0".
  void legacy_resource_managers() {
    for (const auto& [key, setting] : p_.scalars) {
      bool type = setting.name == "RMTYPE", host = setting.name == "RMHOST";
      bool port = setting.name == "RMPORT", timeout = setting.name == "RMTIMEOUT";
      if (!(type || host || port || timeout)) continue;
      std::string id = setting.index.empty() ? "0" : setting.index;
      auto& rm = p_.resource_managers[id];
      if (rm.name.empty()) {
        rm.name = id;
        rm.declared = setting.from;
      }
      std::string first = setting.value.substr(0, setting.value.find(' '));
      ir::Provenance from = setting.from;
      from.how = ir::Derivation::Legacy;
      if (type) rm.type = ir::Sourced<std::string>{first, from};
      if (host) rm.host = ir::Sourced<std::string>{first, from};
      if (port)
        if (auto v = values::parse_integer(first).value) rm.port = ir::Sourced<std::int64_t>{*v, from};
      if (timeout)
        if (auto v = values::parse_duration(first).value) rm.timeout = ir::Sourced<ir::Seconds>{*v, from};
    }
  }
};

}  // namespace

void bind_scalars(LowerContext& ctx) { Binder(ctx).run(); }

}  // namespace maui
