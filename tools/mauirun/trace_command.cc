// mauirun trace convert: a trace (a Slurm accounting export above all) written as SWF, for
// other simulators (runtime/io/swf_writer.h).
#include <sstream>

#include "runtime/io/swf_writer.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/output_file.h"
#include "tools/replay_inputs.h"

namespace maui::tools {

int convert_command(const std::string& trace_path, const std::string& output) {
  auto trace = load_workload(trace_path, {}, "mauirun");
  if (!trace) return kRunInputError;
  std::ostringstream swf;
  runtime::write_swf(swf, *trace, trace_path);
  return write_output_file(output, swf.str()) ? kRunOk : kRunInputError;
}

}  // namespace maui::tools
