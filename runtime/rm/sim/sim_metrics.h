// What a simulated schedule achieved (docs/reference/traces.md conventions): utilization, wait,
// bounded slowdown (tau = 10 s), makespan, and the share of jobs started by backfill. Also the
// per-job CSV of `mauirun simulate --jobs-out`.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "runtime/engine/model.h"

namespace maui::runtime {

// One finished (or never started) job of a simulation, in the trace's own seconds.
struct JobOutcome {
  std::int64_t number = 0;  // the trace's job number
  Epoch submit = 0;
  std::optional<Epoch> start;  // none: the job never started (never runnable, or the run ended)
  Epoch end = 0;
  std::int64_t procs = 0;
  Seconds requested = 0;
  bool backfilled = false;
  std::int64_t preempted = 0;  // times it was requeued for a PREEMPTOR job (runtime/engine/preemption.h)
  std::string user, group, job_class, qos;
  std::string account;  // not in the jobs CSV, whose columns stay as they are
  std::string reason;   // why it never started, when it did not
};

struct ScheduleMetrics {
  std::int64_t machine_procs = 0;
  std::int64_t jobs = 0;     // jobs in the run
  std::int64_t started = 0;  // of which started
  std::int64_t never_started = 0;
  // sum procs*run / (machine procs * (last end - first submit)); first submit over all jobs,
  // last end over started ones. Every rate is 0 (never NaN) when no job started.
  double utilization = 0;
  double average_wait = 0;  // seconds, over started jobs
  Seconds max_wait = 0;
  // The 95th percentile of the waits by nearest rank: the wait that 95 % of the started jobs
  // did not exceed (the ceil(0.95 n)-th smallest).
  Seconds p95_wait = 0;
  double average_bounded_slowdown = 0;  // max(1, (wait + run) / max(run, 10))
  Seconds makespan = 0;                 // last end - first submit
  double proc_seconds = 0;              // procs * run, summed over the started jobs
  double backfill_share = 0;            // started by backfill / started
  std::int64_t backfilled = 0;
  std::int64_t preemptions = 0;  // requeues for PREEMPTOR jobs, over all jobs
};

ScheduleMetrics compute_metrics(const std::vector<JobOutcome>& jobs, std::int64_t machine_procs);

// compute_metrics one job at a time, for any subset of a run's jobs (runtime/rm/sim/sim_breakdown.h).
class MetricsSum {
 public:
  void add(const JobOutcome& job);
  ScheduleMetrics result(std::int64_t machine_procs) const;

 private:
  ScheduleMetrics m_;
  Epoch first_submit_ = std::numeric_limits<Epoch>::max();
  Epoch last_end_ = std::numeric_limits<Epoch>::min();
  // Sums in doubles: exact for any real trace (below 2^53), and no overflow for the largest
  // jobs a trace may hold (10^9 procs for 10^12 s, schemas/ir.h).
  double total_wait_ = 0, total_slowdown_ = 0;
  std::vector<Seconds> waits_;  // for the percentile
};

// The header `id,submit,start,end,procs,wait,backfilled,user,group,class,qos,reason,preempted`,
// then one row per job in the given order (trace order). Times are the trace's seconds; wait =
// start - submit; backfilled is 1 or 0; preempted counts the job's requeues for PREEMPTOR jobs
// (its start and end are its last run's); a job that never started has empty start, end and
// wait. A text
// field is quoted ("...", inner quotes doubled) only when it holds a comma, quote or line break.
void write_jobs_csv(std::ostream& out, const std::vector<JobOutcome>& jobs);

}  // namespace maui::runtime
