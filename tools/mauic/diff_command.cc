// `mauic diff OLD NEW`: structural and semantic changes (checker/diff/).
#include "checker/diff/diff.h"
#include "checker/pipeline.h"
#include "checker/report.h"
#include "llvm/Support/raw_ostream.h"
#include "tools/mauic/commands.h"

namespace maui::tools {

int diff_command(const DiffOptions& options) {
  auto old_unit = checker::check_file(options.old_file);
  auto new_unit = checker::check_file(options.new_file);
  if (!old_unit->loaded || !new_unit->loaded) {
    checker::render_text(llvm::errs(), old_unit->loaded ? *new_unit : *old_unit, false);
    return kExitUsage;
  }
  diff::DiffResult d = diff::diff_policies(*old_unit, *new_unit);
  switch (options.format) {
    case OutputFormat::Text: llvm::outs() << diff::render_text(d); break;
    case OutputFormat::Json: llvm::outs() << diff::render_json(d); break;
    case OutputFormat::Sarif: llvm::outs() << diff::render_sarif(d, MAUI_VERSION); break;
  }
  llvm::outs().flush();
  return options.fail_on_new_access && d.gains_access() ? kExitFindings : kExitClean;
}

}  // namespace maui::tools
