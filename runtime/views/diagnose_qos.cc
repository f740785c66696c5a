// diagnose -q: every QOS with its settings and who may use it (manual 7.3; docs/semantics.md
// 78): the credentials whose QDEF names it, those whose QLIST lists it ('&' AND lists and '^'
// ONLY lists marked), SYSCFG's list, and the jobs that run or wait under it now.
#include <map>
#include <set>

#include <fmt/format.h>

#include "runtime/engine/explain.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct Grant {
  ir::Credential who;
  std::string how;  // "QDEF", "QLIST", "QLIST&", "QLIST^"
  const ir::Provenance* from = nullptr;
};
struct QosRow {
  std::string name;
  const ir::CredentialConfig* config = nullptr;  // its QOSCFG line, else QOSCFG[DEFAULT]'s
  std::int64_t priority = 0;
  std::vector<Grant> grants;
  std::int64_t active = 0, queued = 0;
};

std::string list_mode_marker(ir::ListMode m) {
  switch (m) {
    case ir::ListMode::Or: return "";
    case ir::ListMode::And: return "&";
    case ir::ListMode::Only: return "^";
  }
  return "";
}

std::string who_text(const ir::Credential& c) {
  return c.kind == ir::CredKind::System ? std::string("SYSCFG") : fmt::format("{}:{}", ir::to_string(c.kind), c.name);
}

std::vector<QosRow> qos_rows(const ViewContext& ctx) {
  const ir::Policy& policy = ctx.dir.policy();
  std::map<std::string, QosRow> rows;
  auto row = [&](const std::string& name) -> QosRow& {
    QosRow& r = rows[name];
    r.name = name;
    return r;
  };
  row("DEFAULT");
  for (const auto& [id, cfg] : policy.credentials) {
    if (id.kind == ir::CredKind::Qos) row(id.name);
    if (cfg.qos_default && !cfg.qos_default->value.empty())
      row(cfg.qos_default->value).grants.push_back({id, "QDEF", &cfg.qos_default->from});
    if (cfg.qos_list)
      for (const auto& q : cfg.qos_list->names)
        row(q).grants.push_back(
            {id, fmt::format("QLIST{}", list_mode_marker(cfg.qos_list->mode)), &cfg.qos_list->from});
  }
  for (const auto& job : ctx.cluster.jobs) {
    if (!job.is_active() && !job.is_queued()) continue;
    QosRow& r = row(job.qos.empty() ? ctx.dir.default_qos(job) : job.qos);
    (job.is_active() ? r.active : r.queued) += 1;
  }
  std::vector<QosRow> out;
  for (auto& [name, r] : rows) {
    r.config = policy.find(ir::CredKind::Qos, name);
    if (!r.config) r.config = ctx.dir.defaults(ir::CredKind::Qos);
    r.priority = ctx.dir.priority(ir::CredKind::Qos, name).value;
    out.push_back(std::move(r));
  }
  return out;
}

std::string flags_text(const ir::CredentialConfig* c) {
  if (!c || c->qos->flags.empty()) return "[NONE]";
  std::vector<std::string> names;
  for (const auto& f : c->qos->flags) names.push_back(f.value);
  return fmt::format("{}", fmt::join(names, ","));
}

template <class T>
std::optional<T> setting(const ir::CredentialConfig* c, std::optional<ir::Sourced<T>> ir::QosSettings::*member) {
  if (!c || !(c->qos.get().*member)) return std::nullopt;
  return (c->qos.get().*member)->value;
}

std::string qos_text(const ViewContext& ctx, const std::vector<QosRow>& rows) {
  std::string out = "QOS Status\n\n";
  const ir::NameList* syslist = ctx.dir.system_qos_list();
  const std::string* sysdef = ctx.dir.system_qdef();
  out += fmt::format("System QOS Settings:  QList: {}  Def: {}\n\n",
                     syslist ? fmt::format("{}{}", fmt::join(syslist->names, ","), list_mode_marker(syslist->mode))
                             : std::string("[NONE]"),
                     sysdef ? *sysdef : std::string("DEFAULT"));
  constexpr std::string_view kRow = "{:<14} {:>10} {:>9} {:>11} {:>9} {:>9}  {}\n";
  out += fmt::format(fmt::runtime(kRow), "Name", "Priority", "QTWeight", "QTTarget", "XFWeight", "XFTarget", "QFlags");
  for (const auto& r : rows) {
    out += "\n";
    out += fmt::format(
        fmt::runtime(kRow), r.name, r.priority, setting(r.config, &ir::QosSettings::queuetime_weight).value_or(0),
        maui_duration(setting(r.config, &ir::QosSettings::queuetime_target).value_or(0)),
        setting(r.config, &ir::QosSettings::xfactor_weight).value_or(0),
        fmt::format("{:.2f}", setting(r.config, &ir::QosSettings::xfactor_target).value_or(0.0)), flags_text(r.config));
    std::vector<std::string> defaults, lists;
    for (const auto& g : r.grants)
      (g.how == "QDEF" ? defaults : lists)
          .push_back(g.how == "QDEF" ? who_text(g.who) : fmt::format("{} ({})", who_text(g.who), g.how));
    out +=
        fmt::format("  Default for:  {}\n", defaults.empty() ? "[NONE]" : fmt::format("{}", fmt::join(defaults, " ")));
    out += fmt::format("  Listed by:    {}\n", lists.empty() ? "[NONE]" : fmt::format("{}", fmt::join(lists, " ")));
    out += fmt::format("  Jobs:         {} active, {} queued\n", r.active, r.queued);
  }
  return out;
}

std::string json_of(const ViewContext& ctx, const std::vector<QosRow>& rows) {
  json::Array list;
  for (const auto& r : rows) {
    json::Array grants, flags;
    for (const auto& g : r.grants)
      grants.push_back(json::Object{{"type", std::string(ir::to_string(g.who.kind))},
                                    {"name", g.who.name},
                                    {"by", g.how},
                                    {"set_at", g.from ? where(*g.from) : std::string("built-in default")}});
    if (r.config)
      for (const auto& f : r.config->qos->flags) flags.push_back(f.value);
    list.push_back(
        json::Object{{"name", r.name},
                     {"priority", r.priority},
                     {"qtweight", setting(r.config, &ir::QosSettings::queuetime_weight).value_or(0)},
                     {"qttarget", setting(r.config, &ir::QosSettings::queuetime_target).value_or(0)},
                     {"xfweight", setting(r.config, &ir::QosSettings::xfactor_weight).value_or(0)},
                     {"xftarget", json_number(setting(r.config, &ir::QosSettings::xfactor_target).value_or(0.0))},
                     {"flags", std::move(flags)},
                     {"configured_at", r.config ? json::Value(where(r.config->declared)) : json::Value(nullptr)},
                     {"access", std::move(grants)},
                     {"active_jobs", r.active},
                     {"queued_jobs", r.queued}});
  }
  json::Array syslist;
  if (const ir::NameList* l = ctx.dir.system_qos_list())
    for (const auto& n : l->names) syslist.push_back(n);
  const std::string* sysdef = ctx.dir.system_qdef();
  return json_text(json::Object{{"system_qlist", std::move(syslist)},
                                {"system_qdef", sysdef ? json::Value(*sysdef) : json::Value(nullptr)},
                                {"qos", std::move(list)}});
}

}  // namespace

ViewAnswer diagnose_qos(const ViewInput& in) {
  const auto rows = qos_rows(in.context);
  return answer(in.request.json ? json_of(in.context, rows) : qos_text(in.context, rows));
}

}  // namespace maui::runtime
