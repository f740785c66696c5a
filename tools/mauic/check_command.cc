// `mauic check FILE`: the Z3 properties of checker/prove/ on one config.
#include <fmt/format.h>

#include <cstdint>
#include <vector>

#include "checker/pipeline.h"
#include "checker/prove/prove.h"
#include "checker/prove/render.h"
#include "checker/report.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "tools/mauic/cluster_file.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

int check_command(const CheckOptions& options) {
  auto unit = checker::check_file(options.file);
  if (!unit->loaded) {
    checker::render_text(llvm::errs(), *unit, use_color(options.color, false));
    return kExitUsage;
  }
  if (!options.smtlib_dir.empty()) {
    if (auto ec = llvm::sys::fs::create_directories(options.smtlib_dir)) {
      llvm::errs() << fmt::format("mauic: cannot create '{}': {}\n", options.smtlib_dir, ec.message());
      return kExitUsage;
    }
  }
  prove::Baseline baseline;
  if (!options.baseline.empty()) {
    baseline = prove::read_baseline(options.baseline);
    if (!baseline.error.empty()) {
      llvm::errs() << "mauic: " << baseline.error << "\n";
      return kExitUsage;
    }
  }
  std::vector<runtime::Node> cluster;
  if (!options.cluster.empty() && !load_cluster(options.cluster, cluster)) return kExitUsage;
  prove::Options po;
  po.timeout_ms = options.timeout_ms;
  po.smtlib_dir = options.smtlib_dir;
  po.assertions_file = options.assertions_file;
  po.cluster_name = options.cluster;
  prove::Report report = prove::check_policy(*unit, po, cluster);
  prove::attach_assertions(*unit, po);  // results on assertion lines get their line and caret
  prove::apply_suppressions(*unit, report);
  if (!options.baseline.empty()) prove::apply_baseline(baseline, report);

  switch (options.format) {
    case OutputFormat::Text: prove::render_text(llvm::outs(), *unit, report, use_color(options.color, true)); break;
    case OutputFormat::Json: llvm::outs() << prove::render_json(report); break;
    case OutputFormat::Sarif: llvm::outs() << prove::render_sarif(report, MAUI_VERSION); break;
  }
  llvm::outs().flush();
  for (const auto& w : report.input_warnings) llvm::errs() << w << "\n";
  // Bad assertion lines are reported after the results of the good ones, and still fail the run.
  for (const auto& e : report.input_errors) llvm::errs() << e << "\n";
  for (const auto& e : report.internal_errors) llvm::errs() << "mauic: internal error: " << e << "\n";
  if (!report.internal_errors.empty() || !report.input_errors.empty()) return kExitUsage;

  bool violated = false, unknown = false;
  for (const auto& r : report.results) {
    if (r.status == prove::Status::Unknown) unknown = true;
    if (r.status != prove::Status::Violated) continue;
    switch (options.fail_on) {
      case CheckFailOn::Error: violated |= r.severity == Severity::Error; break;
      case CheckFailOn::Warning: violated |= r.severity != Severity::Note; break;
      case CheckFailOn::Unknown: violated = true; break;
    }
  }
  if (violated) return kExitFindings;
  if (unknown && options.fail_on == CheckFailOn::Unknown) return kExitUnknown;
  return kExitClean;
}

}  // namespace maui::tools
