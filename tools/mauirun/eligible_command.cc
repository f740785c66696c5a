#include "llvm/Support/raw_ostream.h"
#include "runtime/engine/eligibility.h"
#include "runtime/engine/explain.h"
#include "runtime/views/explanation_json.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/inputs.h"

namespace maui::tools {

int eligible_command(const RunOptions& options) {
  Inputs in;
  if (!load_inputs(options, in)) return kRunInputError;
  auto q = runtime::evaluate_queue(*in.directory, in.fairshare, in.snapshot);
  if (options.format == RunFormat::Json)
    llvm::outs() << runtime::eligibility_json(in.snapshot, q.eligibility);
  else
    llvm::outs() << runtime::render_eligibility(in.snapshot, q.eligibility);
  if (in.input_errors) return kRunInputError;
  return q.eligibility.eligible == q.eligibility.jobs.size() ? kRunOk : kRunFindings;
}

}  // namespace maui::tools
