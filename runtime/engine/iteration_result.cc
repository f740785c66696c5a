#include "runtime/engine/iteration_result.h"

#include <algorithm>
#include <memory>

#include <fmt/format.h>

namespace maui::runtime::iteration {

void finish_result(State& s) {
  IterationResult& out = s.out;
  out.reservations = std::move(s.table).release();  // the last use of the table
  // Bypass counts: each backfilled start passes every job ahead of it that still waits.
  std::int64_t running = 0;
  for (std::size_t p = 0; p < s.hard_list.size(); ++p) {
    running += s.bypass_diff[p];
    std::size_t i = s.hard_list[p];
    if (running > 0 && !s.has_started(i)) out.bypassed.emplace_back(i, running);
  }
  if (s.in.explain) out.calendar = std::make_shared<const ResourceCalendar>(s.calendar.detached());
  if (s.in.explain)
    for (std::size_t i : s.hard_list)
      if (!s.has_started(i)) {
        auto it = s.notes.find(i);
        out.waiting.push_back({i, it != s.notes.end() ? it->second
                                                      : fmt::format("waiting for resources: needs {} procs for {} s",
                                                                    s.snap.jobs[i].procs(), s.snap.jobs[i].walltime)});
      }
  std::sort(out.warnings.begin(), out.warnings.end());
  out.warnings.erase(std::unique(out.warnings.begin(), out.warnings.end()), out.warnings.end());
}

}  // namespace maui::runtime::iteration
