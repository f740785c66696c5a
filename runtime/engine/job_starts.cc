#include "runtime/engine/job_starts.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "runtime/engine/iteration_bookings.h"
#include "runtime/engine/placement_now.h"

namespace maui::runtime::iteration {

namespace {

// Job i's priority, which preemption compares later (Job::start_priority); 0 when no QOS
// preempts: nothing reads it then.
std::int64_t start_priority(const State& s, std::size_t i) {
  if (!s.in.dir->has_preemptors()) return 0;
  for (const auto& e : s.out.queue.eligibility.jobs)
    if (e.index == i) return e.priority;
  return 0;
}

// A start now would pass a higher-priority job that still waits: a backfill.
// A job that can never run is cancelled, not waited for: it passes nobody.
bool would_backfill(State& s, std::size_t i) {
  while (s.first_waiting < s.hard_list.size() && (s.marks[s.hard_list[s.first_waiting]] & (kStarted | kNeverRunnable)))
    ++s.first_waiting;
  return s.first_waiting < s.position[i];
}

// Books job i on `nodes` from now and records the start.
void start_on(State& s, std::size_t i, std::vector<NodeTasks> nodes, LimitLevel level) {
  const Job& job = s.snap.jobs[i];
  book_job(s, i, nodes, s.snap.now, s.snap.now + std::max<Seconds>(job.walltime, 1));
  s.use_gres(i, nodes);
  s.free_total.reset();
  if (s.limits) {
    const ResourceAmounts request = job_request(job, s.totals);
    s.limits->throttle.add(s.limits->soft, s.ids[i], request, false);
    s.limits->throttle.add(s.limits->hard, s.ids[i], request, false);
  }
  const std::size_t pos = s.position[i];
  const bool backfilled = !s.preempting && would_backfill(s, i);
  s.marks[i] |= kStarted;
  if (backfilled) s.bypass_diff[0] += 1, s.bypass_diff[pos] -= 1;
  s.out.starts.push_back({i, std::move(nodes), backfilled, level, start_priority(s, i)});
}

}  // namespace

bool limits_allow(State& s, std::size_t i, LimitLevel level) {
  s.scratch.clear();
  if (!s.limits) return true;
  const ResourceAmounts request = job_request(s.snap.jobs[i], s.totals);
  return s.limits->throttle.check(level == LimitLevel::Soft ? s.limits->soft : s.limits->hard, s.ids[i], request, level,
                                  Throttle::kActive, s.scratch) == 0;
}

bool try_start(State& s, std::size_t i, LimitLevel level) {
  if (s.started_or_reserved(i)) return false;
  if (const QosFlags* f = s.facts.scheduling_flags(i); f && f->no_backfill && !s.preempting && would_backfill(s, i)) {
    if (s.in.explain) s.explain_wait(i, "waits for the jobs ahead of it: its QOS has NOBF");
    return false;
  }
  if (!limits_allow(s, i, level)) {
    if (s.in.explain) s.explain_wait(i, "violates " + describe(s.scratch.front()));
    return false;
  }
  // Within an iteration bookings are only added, so a job that found no nodes once finds
  // none later either (the HARD backfill pass retries every job of the SOFT pass).
  if (s.marks[i] & kNoNodesNow) return false;
  std::vector<NodeTasks> nodes = nodes_for_now(s, i);
  if (nodes.empty()) {
    s.marks[i] |= kNoNodesNow;
    return false;
  }
  start_on(s, i, std::move(nodes), level);
  return true;
}

// Reservations the job may not use still keep their nodes, and whatever jobs ahead of it wait.
void run_now(State& s, std::size_t i) {
  const Job& job = s.snap.jobs[i];
  if (!job.is_queued()) {
    s.out.run_now_refusal = fmt::format("job {} is {}, not waiting", job.id, to_string(job.state));
    return;
  }
  std::vector<NodeTasks> nodes = nodes_for_now(s, i);
  if (nodes.empty()) {
    s.out.run_now_refusal = fmt::format(
        "job {} cannot start now: no set of free nodes it may use holds {} task(s) "
        "of {} proc(s) for {} s",
        job.id, job.tasks, job.procs_per_task, job.walltime);
    return;
  }
  start_on(s, i, std::move(nodes), LimitLevel::Hard);
}

void start_preemptor(State& s, std::size_t i) {
  const auto& jobs = s.out.queue.eligibility.jobs;
  auto e = std::find_if(jobs.begin(), jobs.end(), [&](const auto& x) { return x.index == i; });
  if (e == jobs.end() || !e->soft_eligible) return;
  s.preempting = true;
  try_start(s, i, LimitLevel::Soft);
  s.preempting = false;
}

}  // namespace maui::runtime::iteration
