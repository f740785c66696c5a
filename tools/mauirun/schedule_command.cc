// mauirun schedule: one scheduling iteration on a JOBS.json snapshot, exactly as the simulator
// runs one (runtime/rm/sim/snapshot_iteration.h).
#include <ctime>

#include "llvm/Support/raw_ostream.h"
#include "runtime/report/schedule_report.h"
#include "runtime/rm/sim/snapshot_iteration.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/inputs.h"

namespace maui::tools {

int schedule_command(const RunOptions& options) {
  Inputs in;
  if (!load_inputs(options, in)) return kRunInputError;
  // The site's time zone at the snapshot's time, as `mauirun serve` takes it from the machine:
  // STARTTIME=9:00:00 is 09:00 on the wall clock.
  runtime::SnapshotIterationOptions o;
  const std::time_t at = static_cast<std::time_t>(in.snapshot.now);
  std::tm local{};
  if (localtime_r(&at, &local)) o.utc_offset = local.tm_gmtoff;
  const runtime::SnapshotIteration it = runtime::iterate_snapshot(*in.directory, std::move(in.snapshot), o);
  llvm::outs() << (options.format == RunFormat::Json ? runtime::schedule_json(it) : runtime::schedule_text(it));
  return kRunOk;
}

}  // namespace maui::tools
