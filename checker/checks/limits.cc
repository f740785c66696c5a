// Throttling limits whose effect in Maui 3.3.1 differs from the manual.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checker/checks/check_util.h"
#include "checker/checks/checks.h"

namespace maui::checker {

void check_default_idle_limit(const Compilation& c, DiagnosticSink& sink) {
  for (ir::CredKind kind : {ir::CredKind::Group, ir::CredKind::Account, ir::CredKind::Class, ir::CredKind::Qos}) {
    const ir::CredentialConfig* def = c.policy.find(kind, "DEFAULT");
    if (!def || def->idle.empty()) continue;
    std::vector<std::string> without;
    for (const auto& [id, cfg] : c.policy.credentials)
      if (id.kind == kind && id.name != "DEFAULT" && cfg.idle.empty()) without.push_back(id.name);
    const ir::Limit* first = nullptr;
    for (const auto& l : def->idle.by_resource())
      if (l && !first) first = &*l;
    sink.report(
        rules::kCompatDefaultIdleLimit, locate(c, first->from.where),
        fmt::format("by the manual {}[DEFAULT] idle limits apply to every {}; Maui 3.3.1 applies "
                    "them only to a {} that has a MAXI* limit of its own{}",
                    ir::family_of(kind), ir::to_string(kind), ir::to_string(kind),
                    without.empty() ? std::string() : fmt::format(" (so not to: {})", fmt::join(without, ", "))));
  }
}

void check_override_scope(const Compilation& c, DiagnosticSink& sink) {
  for (const auto& [id, cfg] : c.policy.credentials) {
    if (id.kind != ir::CredKind::Qos) continue;
    for (std::size_t r = 0; r < ir::kLimitResources; ++r) {
      const auto& l = cfg.qos->override_active.by_resource()[r];
      if (!l) continue;
      auto res = static_cast<ir::LimitResource>(r);
      sink.report(rules::kCompatOverrideScope, locate(c, l->from.where),
                  fmt::format("Maui 3.3.1 uses this override as the {} limit of every credential of a "
                              "{} job (its user, group, account, class and the QOS itself), replacing "
                              "their own limits; the manual's example reads it as superseding the other "
                              "credentials' limits only",
                              ir::to_string(res), id.name));
    }
  }
}

void check_soft_backfill_pass(const Compilation& c, DiagnosticSink& sink) {
  if (c.policy.scheduling.backfill_policy.value == ir::BackfillPolicy::None) return;
  for (const auto& [id, cfg] : c.policy.credentials) {
    for (const auto& l : cfg.active.by_resource()) {
      if (!l || l->soft == l->hard) continue;
      sink.report(rules::kCompatSoftBackfillPass, locate(c, l->from.where),
                  "soft limits: the manual runs a soft-limit backfill pass before the hard one; Maui "
                  "3.3.1 skips the soft pass (an enum clash), so backfill uses only hard limits there");
      return;  // once per config: it is one scheduler-wide behaviour
    }
  }
}

}  // namespace maui::checker
