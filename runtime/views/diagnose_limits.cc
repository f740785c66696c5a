// diagnose -l: every throttling limit in force (manual 6.2) with what counts against it now:
// for each credential of the queue and of the config, its active (MAX*) and idle (MAXI*) limits
// after the DEFAULT fallback with the usage of its running jobs, resp. of its eligible queued
// jobs; the multi-dimensional limits per member; SYSCFG's limits on all jobs together; the QOS
// override limits and the system per-job limits (which count no usage: they apply per job).
#include <map>
#include <set>

#include <fmt/format.h>

#include "runtime/engine/explain.h"
#include "runtime/engine/limits.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct LimitRow {
  ir::Credential who;  // kind System: SYSCFG or the system per-job limits
  std::string member;  // a multi-dimensional limit's member ("user:steve"), else ""
  std::string limit;   // MAXJOB, MAXIPROC, MAXPROC[USER], OMAXNODE, SYSTEMMAXPROCPERJOB ...
  std::int64_t soft = 0, hard = 0;
  std::optional<double> usage;  // none: the limit applies per job
  std::string set_at;           // USERCFG[john] at t.cfg:3
  std::string note;
};

using Key = std::pair<ir::CredKind, std::string>;
using Usage = std::map<Key, ResourceAmounts>;

std::string qos_of(const ViewContext& ctx, const Job& job) {
  return job.qos.empty() ? ctx.dir.default_qos(job) : job.qos;
}
std::string credential_of(const ViewContext& ctx, const Job& job, ir::CredKind kind) {
  return kind == ir::CredKind::Qos ? qos_of(ctx, job) : job.credential(kind);
}

std::string set_at(const ir::CredentialConfig* config, const ir::Provenance* from, std::string_view fallback_family,
                   std::string_view fallback_name) {
  const std::string object = config ? fmt::format("{}[{}]", ir::family_of(config->id.kind), config->id.name)
                                    : fmt::format("{}[{}]", fallback_family, fallback_name);
  return from ? fmt::format("{} at {}", object, where(*from)) : object;
}

std::vector<LimitRow> limit_rows(const ViewContext& ctx) {
  const ClusterSnapshot& snap = ctx.cluster;
  const ClusterTotals totals = snap.totals();
  const LimitBook& book = ctx.dir.limit_book();
  Usage active, idle;
  ResourceAmounts system_active;
  // Multi-dimensional usage: (owner kind, owner name, member kind) -> member name -> amounts.
  std::map<std::tuple<ir::CredKind, std::string, ir::CredKind>, std::map<std::string, ResourceAmounts>> scoped;
  std::set<Key> credentials;
  std::vector<std::uint8_t> eligible(snap.jobs.size(), 0);
  for (const auto& e : ctx.iteration.queue.eligibility.jobs)
    if (e.eligible && e.index < eligible.size()) eligible[e.index] = 1;
  for (std::size_t j = 0; j < snap.jobs.size(); ++j) {
    const Job& job = snap.jobs[j];
    if (!job.is_active() && !job.is_queued()) continue;
    for (auto kind : ir::kCredKinds) {
      const std::string name = credential_of(ctx, job, kind);
      if (name.empty()) continue;
      credentials.insert({kind, name});
      if (job.is_active())
        active[{kind, name}] += active_usage(job, snap.now, totals);
      else if (eligible[j])
        idle[{kind, name}] += job_request(job, totals);
      if (job.is_active())
        for (auto member : ir::kCredKinds) {
          const std::string m = credential_of(ctx, job, member);
          if (member != kind && !m.empty() &&
              book.scoped_pair(static_cast<std::size_t>(kind), static_cast<std::size_t>(member)))
            scoped[{kind, name, member}][m] += active_usage(job, snap.now, totals);
        }
    }
    if (job.is_active()) system_active += active_usage(job, snap.now, totals);
  }
  for (const auto& [id, cfg] : ctx.dir.policy().credentials)
    if (id.kind != ir::CredKind::System && id.name != "DEFAULT") credentials.insert({id.kind, id.name});

  std::vector<LimitRow> rows;
  auto plain = [&](const ir::Credential& who, const LimitBook::Rules& rules, const Usage* active_usage_of,
                   const Usage* idle_usage_of, const ResourceAmounts* system) {
    for (const auto& p : rules.plain) {
      LimitRow row{
          who,          "",  limit_name(p.idle ? LimitFamily::Idle : LimitFamily::Active, p.resource), p.limit.soft,
          p.limit.hard, 0.0, set_at(p.limit.config, p.limit.from, ir::family_of(who.kind), who.name),  ""};
      const ResourceAmounts* used = system;
      if (!system) {
        const Usage* table = p.idle ? idle_usage_of : active_usage_of;
        auto it = table->find({who.kind, who.name});
        used = it == table->end() ? nullptr : &it->second;
      }
      row.usage = used ? (*used)[p.resource] : 0.0;
      if (p.limit.source == LimitSource::Default) row.note = "from DEFAULT";
      rows.push_back(std::move(row));
    }
  };
  for (const auto& [kind, name] : credentials) {
    const ir::Credential who{kind, name};
    const LimitBook::Rules& rules = book.of(kind, name);
    plain(who, rules, &active, &idle, nullptr);
    for (const auto& s : rules.scoped) {
      const std::string scope =
          fmt::format("{}{}", ir::to_string(s.limit->scope),
                      s.limit->scope_name ? fmt::format(":{}", *s.limit->scope_name) : std::string());
      std::string base = limit_name(s.limit->idle ? LimitFamily::Idle : LimitFamily::Active, s.limit->resource);
      const std::string limit = fmt::format("{}[{}]", base, scope);
      const std::string where_set = set_at(s.config, &s.limit->limit.from, ir::family_of(kind), name);
      const auto it = scoped.find({kind, name, s.limit->scope});
      bool any = false;
      if (it != scoped.end() && !s.limit->idle)
        for (const auto& [member, used] : it->second) {
          if (s.limit->scope_name && member != *s.limit->scope_name) continue;
          rows.push_back({who, fmt::format("{}:{}", ir::to_string(s.limit->scope), member), limit, s.limit->limit.soft,
                          s.limit->limit.hard, used[s.limit->resource], where_set, ""});
          any = true;
        }
      if (!any) rows.push_back({who, "", limit, s.limit->limit.soft, s.limit->limit.hard, 0.0, where_set, ""});
    }
    if (kind == ir::CredKind::Qos)
      if (const ir::CredentialConfig* q = ctx.dir.policy().find(ir::CredKind::Qos, name)) {
        auto overrides = [&](const ir::LimitTable& table, std::string_view prefix) {
          for (std::size_t r = 0; r < ir::kLimitResources; ++r)
            if (const auto& l = table.by_resource()[r]; l && l->hard != 0) {
              const auto res = static_cast<ir::LimitResource>(r);
              const std::string replaced = limit_name(LimitFamily::Active, res).substr(3);
              rows.push_back({who, "", fmt::format("{}{}", prefix, replaced), l->soft, l->hard, std::nullopt,
                              set_at(q, &l->from, "QOSCFG", name),
                              fmt::format("replaces that limit of every credential of its jobs")});
            }
        };
        overrides(q->qos->override_active, "OMAX");
        overrides(q->qos->override_idle, "OMAXI");
        overrides(q->qos->override_system, "OMAXJ");
      }
  }
  plain(ir::Credential{ir::CredKind::System, "SYSCFG"}, book.system(), nullptr, nullptr, &system_active);
  for (std::size_t r = 0; r < ir::kLimitResources; ++r)
    if (const auto& l = book.per_job(r))
      rows.push_back({ir::Credential{ir::CredKind::System, ""}, "",
                      limit_name(LimitFamily::System, static_cast<ir::LimitResource>(r)), l->soft, l->hard,
                      std::nullopt, l->from ? fmt::format("at {}", where(*l->from)) : std::string("built-in default"),
                      "per job"});
  return rows;
}

std::string who_text(const LimitRow& r) {
  if (r.who.kind == ir::CredKind::System) return r.who.name.empty() ? "system" : r.who.name;
  return fmt::format("{} {}", ir::to_string(r.who.kind), r.who.name);
}

std::string value_text(std::int64_t v) { return v < 0 ? std::string("UNLIMITED") : std::to_string(v); }
// A limit written without a soft value has its hard one as soft (manual 6.2.4).
std::int64_t soft_of(const LimitRow& r) { return r.soft != 0 ? r.soft : r.hard; }

std::string limit_text(const std::vector<LimitRow>& rows) {
  std::string out = "Limits and Usage\n\n";
  constexpr std::string_view kRow = "{:<24} {:<24} {:>10} {:>10} {:>12}  {}\n";
  out += fmt::format(fmt::runtime(kRow), "CREDENTIAL", "LIMIT", "SOFT", "HARD", "USAGE", "SET AT");
  out += "\n";
  for (const auto& r : rows) {
    std::string who = who_text(r);
    if (!r.member.empty()) who += fmt::format(" {}", r.member);
    std::string where = r.set_at;
    if (!r.note.empty()) where += fmt::format(" ({})", r.note);
    out += fmt::format(fmt::runtime(kRow), who, r.limit, value_text(soft_of(r)), value_text(r.hard),
                       r.usage ? amount_text(*r.usage) : std::string("-"), where);
  }
  if (rows.empty()) out += "no throttling limit is set\n";
  return out;
}

std::string json_of(const ViewContext& ctx, const std::vector<LimitRow>& rows) {
  json::Array list;
  for (const auto& r : rows)
    list.push_back(json::Object{
        {"type", r.who.kind == ir::CredKind::System ? std::string("system") : std::string(ir::to_string(r.who.kind))},
        {"name", r.who.name},
        {"member", r.member.empty() ? json::Value(nullptr) : json::Value(r.member)},
        {"limit", r.limit},
        {"soft", soft_of(r)},
        {"hard", r.hard},
        {"usage", r.usage ? json_number(*r.usage) : json::Value(nullptr)},
        {"set_at", r.set_at},
        {"note", r.note}});
  return json_text(json::Object{{"now", ctx.cluster.now}, {"limits", std::move(list)}});
}

}  // namespace

ViewAnswer diagnose_limits(const ViewInput& in) {
  const auto rows = limit_rows(in.context);
  return answer(in.request.json ? json_of(in.context, rows) : limit_text(rows));
}

}  // namespace maui::runtime
