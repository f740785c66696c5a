// Settings whose built-in defaults differ between the manual and Maui 3.3.1, and required ones.
#include <fmt/format.h>

#include "checker/checks/check_util.h"
#include "checker/checks/checks.h"
#include "checker/weights.h"

namespace maui::checker {

void check_missing_serverhost(const Compilation& c, DiagnosticSink& sink) {
  if (c.sources.buffer_count() == 0 || c.policy.is_template) return;  // rendered later
  const Statement* misread = nullptr;
  for (const Statement& s : c.syntax.statements) {
    if (s.kind != Statement::Kind::Parameter || s.values.empty()) continue;
    if (s.name.text == "SERVERHOST" && !s.indented) return;
    if (llvm::StringRef(s.name.text.data(), s.name.text.size()).equals_insensitive("SERVERHOST")) misread = &s;
  }
  if (misread) {
    sink.report(rules::kMissingServerhost, misread->name.range(),
                "Maui 3.3.1 does not read this SERVERHOST line (it must be spelt in upper case and "
                "start in column 1) and refuses to start without one");
    return;
  }
  sink.report_file(rules::kMissingServerhost, c.sources.display_name(1),
                   "SERVERHOST is not set: Maui refuses to start without it (\"parameter "
                   "'SERVERHOST' must be specified\")");
}

void check_component_weight_defaults(const Compilation& c, DiagnosticSink& sink) {
  using C = ir::PriorityComponent;
  // The components whose weight defaults to 0 by the manual and to 1 in Maui 3.3.1.
  const auto& w = c.policy.priority;
  for (C component : {C::Fairshare, C::Resource, C::Target, C::Usage}) {
    if (written(w[component].weight.from)) continue;
    for (auto s : subcomponents(component)) {
      const auto& sub = w[s];
      if (!written(sub.weight.from) || sub.weight.value == 0) continue;
      sink.report(
          rules::kCompatComponentWeightDefault, locate(c, sub.weight.from.where),
          fmt::format("{} is not set: by the manual it defaults to {} and this {} weight has "
                      "no effect; Maui 3.3.1 defaults it to 1 and applies it; set {} explicitly",
                      weight_name(component), w[component].weight.value, ir::to_string(s), weight_name(component)));
      break;
    }
  }
}

void check_fairshare_window_defaults(const Compilation& c, DiagnosticSink& sink) {
  const auto& fs = c.policy.fairshare;
  if (fs.metric.value == ir::FairshareMetric::None || !written(fs.metric.from)) return;
  if (!written(fs.depth.from) || !written(fs.interval.from))
    sink.report(rules::kCompatFairshareWindowDefaults, locate(c, fs.metric.from.where),
                fmt::format("fairshare is on but {} not set: the manual's defaults are FSDEPTH 7 and "
                            "FSINTERVAL 24:00:00, Maui 3.3.1 uses 8 windows of 12:00:00; set both",
                            !written(fs.depth.from) && !written(fs.interval.from) ? "FSDEPTH and FSINTERVAL are"
                            : !written(fs.depth.from)                             ? "FSDEPTH is"
                                                                                  : "FSINTERVAL is"));
}

void check_xfactor_min_walltime_default(const Compilation& c, DiagnosticSink& sink) {
  const auto& w = c.policy.priority;
  const auto& xf = w[ir::PrioritySubcomponent::XFactor].weight;
  if (!written(xf.from) || xf.value == 0 || written(w.xfactor_min_walltime.from)) return;
  sink.report(rules::kCompatXfminwclimitDefault, locate(c, xf.from.where),
              "XFMINWCLIMIT is not set: by the manual short jobs get no floor, Maui 3.3.1 floors the "
              "expansion factor's denominator at 120 seconds; set XFMINWCLIMIT explicitly");
}

void check_reject_negative_default(const Compilation& c, DiagnosticSink& sink) {
  const auto& w = c.policy.priority;
  if (!w.enable_negative.value || written(w.reject_negative.from)) return;
  sink.report(rules::kCompatRejectNegativeDefault, locate(c, w.enable_negative.from.where),
              "ENABLENEGJOBPRIORITY is on but REJECTNEGPRIOJOBS is not set: by the manual jobs with a "
              "negative priority are then never started, Maui 3.3.1 (default FALSE) runs them last; "
              "set REJECTNEGPRIOJOBS explicitly");
}

}  // namespace maui::checker
