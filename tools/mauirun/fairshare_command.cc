#include "llvm/Support/raw_ostream.h"
#include "runtime/engine/explain.h"
#include "runtime/views/explanation_json.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/inputs.h"

namespace maui::tools {

int fairshare_command(const RunOptions& options) {
  Inputs in;
  if (!load_inputs(options, in)) return kRunInputError;
  if (in.policy().fairshare.metric.value == ir::FairshareMetric::None)
    llvm::errs() << "mauirun: note: FSPOLICY is NONE in " << options.config
                 << ": fairshare is off and has no effect on priorities\n";
  if (options.format == RunFormat::Json)
    llvm::outs() << runtime::fairshare_json(in.policy(), in.fairshare);
  else
    llvm::outs() << runtime::render_fairshare(in.policy(), in.fairshare);
  return in.input_errors ? kRunInputError : kRunOk;
}

}  // namespace maui::tools
