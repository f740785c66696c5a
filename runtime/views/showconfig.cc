// showconfig: the configuration in effect, each value with where it came from (file:line from
// the policy's provenance, or "default"). First every scalar parameter: those the config sets,
// as written (one line per index), and every other Maui 3.3.1 parameter with a built-in default;
// then the objects (USERCFG ... QOSCFG, SYSCFG, SRCFG, NODECFG), one line per attribute the
// engine reads.
#include <map>

#include <fmt/format.h>

#include "runtime/engine/acl.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/limits.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"
#include "schemas/schema.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct Setting {
  std::string name;   // RESERVATIONDEPTH[1], USERCFG[john] MAXJOB
  std::string value;  // as written
  std::string from;   // "site.cfg:12" or "default"
  bool object = false;
};

std::string origin(const ir::Provenance& p) { return p.where.line == 0 ? std::string("default") : where(p); }

std::vector<Setting> parameter_settings(const ir::Policy& policy) {
  std::vector<Setting> out;
  std::map<std::string, std::vector<const ir::ScalarSetting*>> set;
  for (const auto& [key, s] : policy.scalars) set[s.name].push_back(&s);
  for (const auto& row : schema::all_rows()) {
    if (row.kind != schema::RowKind::Parameter) continue;
    if (set.count(std::string(row.name))) continue;
    if (row.support != schema::Support::Engine && row.support != schema::Support::Accepted) continue;
    if (row.default_value.empty()) continue;
    out.push_back({std::string(row.name), std::string(row.default_value), "default"});
  }
  for (const auto& [name, list] : set)
    for (const ir::ScalarSetting* s : list)
      out.push_back({s->index.empty() ? s->name : fmt::format("{}[{}]", s->name, s->index), s->value, origin(s->from)});
  std::sort(out.begin(), out.end(), [](const Setting& a, const Setting& b) { return a.name < b.name; });
  return out;
}

std::string limit_value(const ir::Limit& l) {
  auto v = [](std::int64_t x) { return x < 0 ? std::string("-1") : std::to_string(x); };
  return l.soft != 0 && l.soft != l.hard ? fmt::format("{},{}", v(l.soft), v(l.hard)) : v(l.hard);
}

std::string name_list_text(const ir::NameList& l) {
  const std::string marker = l.mode == ir::ListMode::And ? "&" : l.mode == ir::ListMode::Only ? "^" : "";
  return marker + fmt::format("{}", fmt::join(l.names, ","));
}

void add_limit_settings(std::vector<Setting>& out, const std::string& object, const ir::LimitTable& table,
                        std::string_view prefix) {
  for (std::size_t r = 0; r < ir::kLimitResources; ++r)
    if (const auto& l = table.by_resource()[r])
      out.push_back({fmt::format("{} {}{}", object, prefix,
                                 limit_name(LimitFamily::Active, static_cast<ir::LimitResource>(r)).substr(3)),
                     limit_value(*l), origin(l->from), true});
}

template <class T, class Show>
void optional_setting(std::vector<Setting>& out, const std::string& object, std::string_view attribute,
                      const std::optional<ir::Sourced<T>>& v, Show show) {
  if (v) out.push_back({fmt::format("{} {}", object, attribute), show(v->value), origin(v->from), true});
}

std::string as_written(const std::string& s) { return s; }
std::string number_text(std::int64_t x) { return std::to_string(x); }

void add_credential_settings(std::vector<Setting>& out, const ir::CredentialConfig& c) {
  const std::string object = fmt::format("{}[{}]", ir::family_of(c.id.kind), c.id.name);
  const std::size_t first = out.size();
  optional_setting(out, object, "PRIORITY", c.priority, number_text);
  if (c.fairshare_target)
    out.push_back({object + " FSTARGET", target_text(*c.fairshare_target), origin(c.fairshare_target->from), true});
  add_limit_settings(out, object, c.active, "MAX");
  add_limit_settings(out, object, c.idle, "MAXI");
  for (const auto& s : c.scoped)
    out.push_back(
        {fmt::format("{} {}[{}{}]", object, limit_name(s.idle ? LimitFamily::Idle : LimitFamily::Active, s.resource),
                     ir::to_string(s.scope), s.scope_name ? fmt::format(":{}", *s.scope_name) : std::string()),
         limit_value(s.limit), origin(s.limit.from), true});
  if (c.qos_list) out.push_back({object + " QLIST", name_list_text(*c.qos_list), origin(c.qos_list->from), true});
  optional_setting(out, object, "QDEF", c.qos_default, as_written);
  if (c.partition_list)
    out.push_back({object + " PLIST", name_list_text(*c.partition_list), origin(c.partition_list->from), true});
  optional_setting(out, object, "PDEF", c.partition_default, as_written);
  optional_setting(out, object, "ADEF", c.account_default, as_written);
  optional_setting(out, object, "MAX.WCLIMIT", c.max_walltime, maui_duration);
  optional_setting(out, object, "DEFAULT.WCLIMIT", c.default_walltime, maui_duration);
  for (const auto& f : c.job_flags) out.push_back({object + " JOBFLAGS", f.value, origin(f.from), true});
  optional_setting(out, object, "QTWEIGHT", c.qos->queuetime_weight, number_text);
  optional_setting(out, object, "QTTARGET", c.qos->queuetime_target, maui_duration);
  optional_setting(out, object, "XFWEIGHT", c.qos->xfactor_weight, number_text);
  optional_setting(out, object, "XFTARGET", c.qos->xfactor_target, [](double x) { return amount_text(x); });
  for (const auto& f : c.qos->flags) out.push_back({object + " QFLAGS", f.value, origin(f.from), true});
  add_limit_settings(out, object, c.qos->override_active, "OMAX");
  add_limit_settings(out, object, c.qos->override_idle, "OMAXI");
  add_limit_settings(out, object, c.qos->override_system, "OMAXJ");
  for (const auto& [name, raw] : c.other)
    out.push_back({fmt::format("{} {}", object, name), raw.value, origin(raw.from), true});
  if (out.size() == first) out.push_back({object, "", origin(c.declared), true});  // named, sets nothing
}

void add_standing_reservation_settings(std::vector<Setting>& out, const ir::StandingReservation& sr) {
  const std::string object = fmt::format("SRCFG[{}]", sr.name);
  out.push_back({object, "", origin(sr.declared), true});
  if (!sr.acl.empty()) out.push_back({object + " ACL", acl_text(sr.acl), origin(sr.acl.front().from), true});
  optional_setting(out, object, "ACCESS", sr.access, as_written);
  optional_setting(out, object, "STARTTIME", sr.start_time, maui_duration);
  optional_setting(out, object, "ENDTIME", sr.end_time, maui_duration);
  optional_setting(out, object, "WSTARTTIME", sr.week_start, maui_duration);
  optional_setting(out, object, "WENDTIME", sr.week_end, maui_duration);
  optional_setting(out, object, "TASKCOUNT", sr.task_count, number_text);
  optional_setting(out, object, "PARTITION", sr.partition, as_written);
  if (sr.hosts) {
    const auto& h = sr.hosts->value;
    out.push_back({object + " HOSTLIST",
                   h.kind == ir::HostExpression::Kind::Regex ? h.regex : fmt::format("{}", fmt::join(h.names, ",")),
                   origin(sr.hosts->from), true});
  }
  for (const auto& f : sr.flags) out.push_back({object + " FLAGS", f.value, origin(f.from), true});
  out.push_back({object + " PERIOD", std::string(ir::to_string(sr.period.value)), origin(sr.period.from), true});
  out.push_back({object + " DEPTH", std::to_string(sr.depth.value), origin(sr.depth.from), true});
  for (const auto& [name, raw] : sr.other)
    out.push_back({fmt::format("{} {}", object, name), raw.value, origin(raw.from), true});
}

void add_node_settings(std::vector<Setting>& out, const ir::NodeConfig& n) {
  const std::string object = fmt::format("NODECFG[{}]", n.name);
  const std::size_t first = out.size();
  optional_setting(out, object, "PROCS", n.procs, number_text);
  optional_setting(out, object, "CFGMEM", n.mem_mb, number_text);
  optional_setting(out, object, "CFGSWAP", n.swap_mb, number_text);
  optional_setting(out, object, "CFGDISK", n.disk_mb, number_text);
  for (const auto& f : n.features) out.push_back({object + " FEATURES", f.value, origin(f.from), true});
  optional_setting(out, object, "PARTITION", n.partition, as_written);
  optional_setting(out, object, "PRIORITY", n.priority, number_text);
  optional_setting(out, object, "MAXJOB", n.max_jobs, number_text);
  for (const auto& [name, raw] : n.other)
    out.push_back({fmt::format("{} {}", object, name), raw.value, origin(raw.from), true});
  if (out.size() == first) out.push_back({object, "", origin(n.declared), true});
}

std::vector<Setting> settings_in_effect(const ir::Policy& policy) {
  std::vector<Setting> out = parameter_settings(policy);
  for (const auto& [id, c] : policy.credentials) add_credential_settings(out, c);
  for (const auto& [name, sr] : policy.standing_reservations) add_standing_reservation_settings(out, sr);
  for (const auto& [name, n] : policy.nodes) add_node_settings(out, n);
  return out;
}

std::string settings_text(const std::vector<Setting>& settings) {
  std::size_t width = 24;
  for (const auto& s : settings) width = std::max(width, s.name.size() + 1);
  std::string out = "# the configuration in effect: each value and where it was set (file:line, or default)\n\n";
  bool objects = false;
  for (const auto& s : settings) {
    if (s.object && !objects) {
      out += "\n# objects\n\n";
      objects = true;
    }
    const std::string value = s.value.empty() ? "" : s.value + "  ";
    out += fmt::format("{:<{}} {}# {}\n", s.name, width, value, s.from);
  }
  return out;
}

std::string json_of(const std::vector<Setting>& settings) {
  json::Array params, objects;
  for (const auto& s : settings)
    (s.object ? objects : params)
        .push_back(json::Object{
            {"name", s.name}, {"value", json::isUTF8(s.value) ? s.value : json::fixUTF8(s.value)}, {"from", s.from}});
  return json_text(json::Object{{"parameters", std::move(params)}, {"objects", std::move(objects)}});
}

}  // namespace

const ArgSpec& showconfig_args() {
  static const ArgSpec spec{{}, {}, ""};
  return spec;
}

ViewAnswer showconfig(const ViewInput& in) {
  const auto settings = settings_in_effect(in.context.dir.policy());
  return answer(in.request.json ? json_of(settings) : settings_text(settings));
}

}  // namespace maui::runtime
