// A step of the scheduling iteration (runtime/engine/iteration_plan.h): backfill (reference §8.4,
// seed 8.2.2; "reference §N" in the engine is docs/reference/maui-3.3-semantics.md), a SOFT pass
// then a HARD pass over the jobs priority scheduling left waiting. Each BACKFILLPOLICY is one
// implementation of BackfillAlgorithm, in a file of its own (backfill_first_fit.cc,
// backfill_best_fit.cc, backfill_greedy.cc, backfill_none.cc; the registry that picks one is
// backfill_registry.h). This header is what they share: the interface and the questions every
// policy asks (the pass's candidates, the backfill windows, BACKFILLDEPTH, BACKFILLMETRIC).
// Jobs start only through try_start (runtime/engine/job_starts.h), which checks each start
// against the job's own access, limits and nodes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/engine/iteration_state.h"

namespace maui::runtime::iteration {

class BackfillAlgorithm {
 public:
  virtual ~BackfillAlgorithm() = default;
  // One backfill pass: starts what the policy starts of the jobs eligible at `level` that
  // neither started nor were reserved.
  virtual void run_pass(State& s, LimitLevel level) const = 0;
};

// The implementations, one file each.
const BackfillAlgorithm& first_fit_backfill();  // FIRSTFIT (backfill_first_fit.cc)
const BackfillAlgorithm& best_fit_backfill();   // BESTFIT (backfill_best_fit.cc)
const BackfillAlgorithm& greedy_backfill();     // GREEDY (backfill_greedy.cc)
const BackfillAlgorithm& no_backfill();         // NONE (backfill_none.cc)

// The pass's candidates: the jobs eligible at `level` (SOFT or HARD list) that neither started
// nor were reserved, in priority order.
const std::vector<std::size_t>& backfill_candidates(State& s, LimitLevel level);

// Backfill windows as seen by a job that may use every standing and administrative
// reservation: the most any job could find (each start is checked with the job's own access).
BackfillWindows windows_for_anyone(const State& s);

// Whether job i fits window w: its procs and its walltime.
inline bool fits_window(const State& s, const BackfillWindow& w, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  return job.procs() <= w.procs && job.walltime <= w.duration;
}

// BACKFILLDEPTH: at most this many of the jobs that fit a window are considered (0 = all).
inline bool depth_reached(const State& s, std::int64_t considered) {
  return s.settings.backfill_depth > 0 && considered >= s.settings.backfill_depth;
}

// Job i's BACKFILLMETRIC, by which BESTFIT and GREEDY prefer jobs (the larger first).
double backfill_metric(const State& s, std::size_t i);

}  // namespace maui::runtime::iteration
