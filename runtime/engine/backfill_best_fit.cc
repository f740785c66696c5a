// BACKFILLPOLICY BESTFIT (reference §8.4 of docs/reference/maui-3.3-semantics.md, seed 8.2.2):
// window by window, widest first, the fitting job with the largest BACKFILLMETRIC starts, again and
// again while one fits what is left of the window (backfill_by_window.h).
#include <algorithm>
#include <vector>

#include "runtime/engine/backfill_by_window.h"
#include "runtime/engine/job_starts.h"

namespace maui::runtime::iteration {

namespace {

class BestFitBackfill final : public BackfillAlgorithm {
 public:
  void run_pass(State& s, LimitLevel level) const override {
    for_each_window(s, level, [&](WindowFill& f) { start_best_fitting(s, f, level); });
  }
};

}  // namespace

void start_best_fitting(State& s, WindowFill& f, LimitLevel level) {
  for (;;) {
    std::vector<std::size_t> fitting;
    for (std::size_t i : f.jobs)
      if (f.fits_left(s, i)) fitting.push_back(i);
    std::stable_sort(fitting.begin(), fitting.end(),
                     [&](std::size_t a, std::size_t b) { return backfill_metric(s, a) > backfill_metric(s, b); });
    bool started = false;
    for (std::size_t i : fitting)
      if (try_start(s, i, level)) {
        f.procs_left -= s.snap.jobs[i].procs();
        started = true;
        break;
      }
    if (!started) break;
  }
}

const BackfillAlgorithm& best_fit_backfill() {
  static const BestFitBackfill policy;
  return policy;
}

}  // namespace maui::runtime::iteration
