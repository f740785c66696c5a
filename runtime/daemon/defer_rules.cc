#include "runtime/daemon/defer_rules.h"

#include <algorithm>

#include <fmt/format.h>

namespace maui::runtime {

DeferOutcome failed_start(SchedulerJobState& m, const DaemonSettings& s, Epoch at,
                          std::string_view no_fault_of_the_job) {
  if (!no_fault_of_the_job.empty())
    return {DeferOutcome::Kind::NotCounted,
            fmt::format("not counted toward DEFERSTARTCOUNT ({} of {} so far): no fault of the job: {}",
                        m.failed_starts, s.defer_start_count, no_fault_of_the_job)};
  if (++m.failed_starts < s.defer_start_count)
    return {DeferOutcome::Kind::Counted, fmt::format("failed start {} of {} before a defer (DEFERSTARTCOUNT)",
                                                     m.failed_starts, s.defer_start_count)};
  m.failed_starts = 0;
  if (++m.defers >= s.defer_count) {
    if (std::find(m.holds.begin(), m.holds.end(), "batch") == m.holds.end()) m.holds.push_back("batch");
    m.hold_set_by["batch"] = "mauirun (DEFERCOUNT)";
    m.deferred_until.reset();
    return {DeferOutcome::Kind::BatchHold,
            fmt::format("batch hold: deferred {} times (DEFERCOUNT {})", m.defers, s.defer_count)};
  }
  m.deferred_until = at + s.defer_time;
  return {DeferOutcome::Kind::Deferred, fmt::format("deferred for {} s (DEFERTIME), defer {} of {} (DEFERCOUNT)",
                                                    s.defer_time, m.defers, s.defer_count)};
}

}  // namespace maui::runtime
