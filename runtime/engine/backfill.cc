#include "runtime/engine/backfill.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "runtime/engine/job_starts.h"
#include "runtime/engine/never_runnable.h"

namespace maui::runtime::iteration {

namespace {

const std::vector<std::size_t>& backfill_candidates(State& s, LimitLevel level) {
  std::vector<std::size_t>& list = s.lists.backfill_candidates;
  list.clear();
  for (const auto& e : s.out.queue.eligibility.jobs) {
    if (!(level == LimitLevel::Soft ? e.soft_eligible : e.eligible)) continue;
    if (s.started_or_reserved(e.index)) continue;
    list.push_back(e.index);
  }
  return list;
}

// Backfill windows as seen by a job that may use every standing and administrative
// reservation: the most any job could find (each start is checked with the job's own access).
BackfillWindows windows_for_anyone(const State& s) {
  Viewer anyone;
  anyone.may_use.resize(s.table.all().size());
  for (const auto& r : s.table.all()) anyone.may_use[r.id] = r.kind != ReservationKind::Job;
  return s.calendar.backfill_windows(anyone);
}

bool fits_window(const State& s, const BackfillWindow& w, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  return job.procs() <= w.procs && job.walltime <= w.duration;
}

// BACKFILLDEPTH: at most this many of the jobs that fit a window are considered (0 = all).
bool depth_reached(const State& s, std::int64_t considered) {
  return s.settings.backfill_depth > 0 && considered >= s.settings.backfill_depth;
}

bool chunking_active(const State& s) {
  return s.settings.chunk_size > 0 && s.in.last_completion &&
         s.snap.now < *s.in.last_completion + s.settings.chunk_duration;
}

// FIRSTFIT: every job in priority order that fits now starts. With chunking, once a job of
// at least BFCHUNKSIZE procs stays blocked, smaller jobs are left alone so that the freed
// resources can aggregate for it.
void first_fit(State& s, const std::vector<std::size_t>& jobs, LimitLevel level) {
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

double backfill_metric(const State& s, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  switch (s.settings.metric) {
    case BackfillMetric::Procs: return static_cast<double>(job.procs());
    case BackfillMetric::ProcSeconds: return static_cast<double>(job.procs()) * static_cast<double>(job.walltime);
    case BackfillMetric::Seconds: return static_cast<double>(job.walltime);
    case BackfillMetric::Nodes: return static_cast<double>(job.nodes > 0 ? job.nodes : job.tasks);
  }
  return 0;
}

// GREEDY: the subset of the window's candidates with the largest summed metric that fits the
// window's procs, searched depth-first in priority order over at most BACKFILLMAXSCHEDULES
// partial schedules; then started in priority order. False when it started nothing.
template <class Fits>
bool greedy_window(State& s, const std::vector<std::size_t>& jobs, LimitLevel level, Fits fits,
                   std::int64_t& procs_left) {
  std::vector<std::size_t> cand;
  for (std::size_t i : jobs)
    if (fits(i)) cand.push_back(i);
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
  search(search, 0, procs_left, 0.0);
  bool any = false;
  for (std::size_t i : best)
    if (try_start(s, i, level)) {
      procs_left -= s.snap.jobs[i].procs();
      any = true;
    }
  return any;
}

// BESTFIT and GREEDY work window by window, widest first (seed 8.2.2).
void by_window(State& s, const std::vector<std::size_t>& all_jobs, LimitLevel level, bool greedy) {
  const BackfillWindows windows = windows_for_anyone(s);
  for (const auto& w : windows.windows) {
    // The window's candidates, BACKFILLDEPTH at most, in priority order.
    std::vector<std::size_t> jobs;
    for (std::size_t i : all_jobs)
      if (!s.has_started(i) && fits_window(s, w, i) && !depth_reached(s, static_cast<std::int64_t>(jobs.size())))
        jobs.push_back(i);
    std::int64_t procs_left = w.procs;
    auto fits_left = [&](std::size_t i) {
      const Job& job = s.snap.jobs[i];
      return !s.has_started(i) && job.procs() <= procs_left && job.walltime <= w.duration;
    };
    if (greedy && greedy_window(s, jobs, level, fits_left, procs_left)) continue;
    // BESTFIT: repeatedly start the fitting job with the largest metric (earlier in priority
    // order on ties).
    for (;;) {
      std::vector<std::size_t> fitting;
      for (std::size_t i : jobs)
        if (fits_left(i)) fitting.push_back(i);
      std::stable_sort(fitting.begin(), fitting.end(),
                       [&](std::size_t a, std::size_t b) { return backfill_metric(s, a) > backfill_metric(s, b); });
      bool started = false;
      for (std::size_t i : fitting)
        if (try_start(s, i, level)) {
          procs_left -= s.snap.jobs[i].procs();
          started = true;
          break;
        }
      if (!started) break;
    }
  }
}

}  // namespace

void backfill(State& s, LimitLevel level) {
  const std::vector<std::size_t>& jobs = backfill_candidates(s, level);
  switch (s.settings.backfill) {
    case BackfillPolicy::FirstFit: first_fit(s, jobs, level); break;
    case BackfillPolicy::BestFit: by_window(s, jobs, level, false); break;
    case BackfillPolicy::Greedy: by_window(s, jobs, level, true); break;
    case BackfillPolicy::None: break;
  }
}

}  // namespace maui::runtime::iteration
