// What BESTFIT and GREEDY share (seed 8.2.2): they work window by window, widest first, over the
// backfill windows as anyone sees them, each window's candidates being the jobs that fit it
// (BACKFILLDEPTH at most, in priority order); within a window, BESTFIT repeatedly starts the
// fitting job of the largest BACKFILLMETRIC, which is also what GREEDY falls back on when its best
// subset started nothing. Apart from the two policies' files so that each says only what it adds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/engine/backfill_policy.h"

namespace maui::runtime::iteration {

// One window's candidates and what is left of its procs as jobs start in it.
struct WindowFill {
  const BackfillWindow& window;
  std::vector<std::size_t> jobs;  // the window's candidates, in priority order
  std::int64_t procs_left = 0;
  // Whether job i has not started and still fits what is left of the window.
  bool fits_left(const State& s, std::size_t i) const {
    const Job& job = s.snap.jobs[i];
    return !s.has_started(i) && job.procs() <= procs_left && job.walltime <= window.duration;
  }
};

// Calls fill(WindowFill&) for every backfill window, widest first.
template <class Fill>
void for_each_window(State& s, LimitLevel level, Fill fill) {
  const std::vector<std::size_t>& all_jobs = backfill_candidates(s, level);
  const BackfillWindows windows = windows_for_anyone(s);
  for (const auto& w : windows.windows) {
    WindowFill f{w, {}, w.procs};
    for (std::size_t i : all_jobs)
      if (!s.has_started(i) && fits_window(s, w, i) && !depth_reached(s, static_cast<std::int64_t>(f.jobs.size())))
        f.jobs.push_back(i);
    fill(f);
  }
}

// BESTFIT in one window: repeatedly starts the fitting job with the largest metric (earlier in
// priority order on ties) until none starts (backfill_best_fit.cc).
void start_best_fitting(State& s, WindowFill& f, LimitLevel level);

}  // namespace maui::runtime::iteration
