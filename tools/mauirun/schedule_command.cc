// mauirun schedule: one scheduling iteration on a JOBS.json snapshot, exactly as the simulator
// runs one (runtime/rm/sim/snapshot_iteration.h); with --show, Maui's client commands on the
// snapshot instead, as `mauirun serve --dry-run` answers them after a turn on it.
#include <ctime>

#include "llvm/Support/raw_ostream.h"
#include "runtime/report/schedule_report.h"
#include "runtime/rm/sim/snapshot_iteration.h"
#include "tools/mauirun/commands.h"
#include "tools/mauirun/inputs.h"
#include "tools/mauirun/shown_views.h"

namespace maui::tools {

int schedule_command(const RunOptions& options) {
  Inputs in;
  if (!load_inputs(options, in)) return kRunInputError;
  std::vector<runtime::ViewRequest> views;
  for (const auto& text : options.show) views.push_back(view_request(text, options.format == RunFormat::Json));
  if (!views_usable(*in.directory, views, "mauirun schedule")) return kRunInputError;
  // The site's time zone at the snapshot's time, as `mauirun serve` takes it from the machine:
  // STARTTIME=9:00:00 is 09:00 on the wall clock.
  runtime::SnapshotIterationOptions o;
  const std::time_t at = static_cast<std::time_t>(in.snapshot.now);
  std::tm local{};
  if (localtime_r(&at, &local)) o.utc_offset = local.tm_gmtoff;
  o.dry_run = !views.empty();
  runtime::SnapshotIteration it = runtime::iterate_snapshot(*in.directory, std::move(in.snapshot), o);
  if (!views.empty()) {
    // What serve publishes after a turn (runtime/daemon/publisher.h): the snapshot, the turn's
    // result with the reservations it booked, the fairshare standing it used.
    runtime::ViewSnapshot look;
    look.dir = in.directory.get();
    look.cluster = std::move(it.cluster);
    look.iteration = std::move(it.report.result);
    look.iteration.reservations = std::move(it.reservations);
    look.fairshare = std::move(it.fairshare);
    look.utc_offset = o.utc_offset;
    return print_views(look, views);
  }
  llvm::outs() << (options.format == RunFormat::Json ? runtime::schedule_json(it) : runtime::schedule_text(it));
  return kRunOk;
}

}  // namespace maui::tools
