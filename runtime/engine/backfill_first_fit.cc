// BACKFILLPOLICY FIRSTFIT (reference §8.4 of docs/reference/maui-3.3-semantics.md): every candidate
// in priority order that fits now starts. With BACKFILLDEPTH only the candidates that fit some
// backfill window count, at most that many. With chunking (BFCHUNKSIZE, BFCHUNKDURATION after a job
// ended), once a job of at least BFCHUNKSIZE procs stays blocked, smaller jobs are left alone so
// that the freed resources can aggregate for it. The commonest policy: the hot path of EASY
// simulations.
#include <algorithm>
#include <optional>

#include "runtime/engine/backfill_policy.h"
#include "runtime/engine/job_starts.h"
#include "runtime/engine/never_runnable.h"

namespace maui::runtime::iteration {

namespace {

class FirstFitBackfill final : public BackfillAlgorithm {
 public:
  void run_pass(State& s, LimitLevel level) const override {
    const std::vector<std::size_t>& jobs = backfill_candidates(s, level);
    const SchedulerSettings& settings = s.settings;
    const bool chunking = chunking_active(s);
    bool chunk_blocked = false;
    std::optional<BackfillWindows> windows;
    if (settings.backfill_depth > 0) windows = windows_for_anyone(s);
    std::int64_t considered = 0;
    for (std::size_t i : jobs) {
      if (s.free_procs_now() <= 0) break;
      if (windows) {
        if (std::none_of(windows->windows.begin(), windows->windows.end(),
                         [&](const BackfillWindow& w) { return fits_window(s, w, i); }))
          continue;
        if (depth_reached(s, considered++)) break;
      }
      const std::int64_t procs = s.snap.jobs[i].procs();
      if (chunk_blocked && procs < settings.chunk_size) continue;
      if (exceeds_cluster(s, i)) continue;
      if (!try_start(s, i, level) && chunking && procs >= settings.chunk_size) chunk_blocked = true;
    }
  }

 private:
  // BFCHUNKDURATION has not passed since the last job ended.
  static bool chunking_active(const State& s) {
    return s.settings.chunk_size > 0 && s.in.last_completion &&
           s.snap.now < *s.in.last_completion + s.settings.chunk_duration;
  }
};

}  // namespace

const BackfillAlgorithm& first_fit_backfill() {
  static const FirstFitBackfill policy;
  return policy;
}

}  // namespace maui::runtime::iteration
