// BACKFILLPOLICY GREEDY (reference §8.4 of docs/reference/maui-3.3-semantics.md, seed 8.2.2):
// window by window, widest first, the subset of the window's candidates with the largest summed
// BACKFILLMETRIC that fits the window's procs, searched depth-first in priority order over at most
// BACKFILLMAXSCHEDULES partial schedules, started in priority order; where that starts nothing,
// BESTFIT in that window (backfill_by_window.h).
#include <algorithm>
#include <vector>

#include "runtime/engine/backfill_by_window.h"
#include "runtime/engine/job_starts.h"

namespace maui::runtime::iteration {

namespace {

// The best subset of the window's fitting candidates, started in priority order; false when it
// started nothing.
bool start_best_subset(State& s, WindowFill& f, LimitLevel level) {
  std::vector<std::size_t> cand;
  for (std::size_t i : f.jobs)
    if (f.fits_left(s, i)) cand.push_back(i);
  if (cand.empty()) return false;
  std::vector<std::size_t> current, best;
  double best_value = -1;
  std::int64_t explored = 0;
  const std::int64_t budget = std::max<std::int64_t>(s.settings.max_schedules, 1);
  auto search = [&](auto& self, std::size_t from, std::int64_t room, double value) -> void {
    if (++explored > budget) return;
    if (value > best_value) best_value = value, best = current;
    for (std::size_t k = from; k < cand.size() && explored <= budget; ++k) {
      std::int64_t p = s.snap.jobs[cand[k]].procs();
      if (p > room) continue;
      current.push_back(cand[k]);
      self(self, k + 1, room - p, value + backfill_metric(s, cand[k]));
      current.pop_back();
    }
  };
  search(search, 0, f.procs_left, 0.0);
  bool any = false;
  for (std::size_t i : best)
    if (try_start(s, i, level)) {
      f.procs_left -= s.snap.jobs[i].procs();
      any = true;
    }
  return any;
}

class GreedyBackfill final : public BackfillAlgorithm {
 public:
  void run_pass(State& s, LimitLevel level) const override {
    for_each_window(s, level, [&](WindowFill& f) {
      if (!start_best_subset(s, f, level)) start_best_fitting(s, f, level);
    });
  }
};

}  // namespace

const BackfillAlgorithm& greedy_backfill() {
  static const GreedyBackfill policy;
  return policy;
}

}  // namespace maui::runtime::iteration
