#include <algorithm>

#include "llvm/Support/raw_ostream.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/priority.h"
#include "runtime/views/explanation_json.h"
#include "runtime/views/priority_report.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/inputs.h"

namespace maui::tools {

int priority_command(const RunOptions& options) {
  Inputs in;
  if (!load_inputs(options, in)) return kRunInputError;
  const auto& snap = in.snapshot;
  runtime::PriorityCalculator calc(*in.directory, in.fairshare, snap.totals(), snap.now);
  std::vector<runtime::PriorityRow> rows = runtime::priority_rows(*in.directory, in.fairshare, snap);

  const runtime::Job* detail = nullptr;
  if (!options.job.empty()) {
    detail = snap.find_job(options.job);
    if (!detail) {
      llvm::errs() << "mauirun: no job '" << options.job << "' in " << options.jobs << "\n";
      return kRunInputError;
    }
  }
  if (options.format == RunFormat::Json) {
    if (detail && !detail->is_queued()) rows.push_back({detail, calc.evaluate(*detail)});
    llvm::outs() << runtime::priority_json(in.policy(), rows);
  } else {
    llvm::outs() << runtime::render_priority_table(in.policy(), rows);
    if (detail)
      llvm::outs() << "\n" << runtime::render_priority_breakdown(in.policy(), {detail, calc.evaluate(*detail)});
  }
  return in.input_errors ? kRunInputError : kRunOk;
}

}  // namespace maui::tools
