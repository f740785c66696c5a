// The simulation loop (simulator.h): the trace's jobs submitted at their times to the simulated
// RM (simulated_cluster.h), the scheduling cycle run after every second in which something
// happened, and the outcome of every job with the run's metrics.
#include "runtime/rm/sim/simulator.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/engine/explain.h"
#include "runtime/engine/policy_warning.h"

namespace maui::runtime {

namespace {

// Within schemas/ir.h's bounds, which read_swf keeps to and a trace built in code may not.
bool replayable(const TraceJob& t) {
  auto within = [](std::int64_t v, std::int64_t min, std::int64_t max) { return v >= min && v <= max; };
  return within(t.submit, 0, ir::kMaxSeconds) && within(t.run, 0, ir::kMaxSeconds) &&
         within(t.requested, 1, ir::kMaxSeconds) && within(t.procs, 1, ir::kMaxProcs);
}

std::int64_t total_procs(const std::vector<Node>& nodes) {
  std::int64_t procs = 0;
  for (const auto& n : nodes) procs += n.procs;
  return procs;
}

// The simulation loop: users submit the trace's jobs at their times, the simulated RM runs
// them, and the scheduling cycle (runtime/cycle/) decides, as it does in front of Slurm.
class Simulation {
 public:
  Simulation(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
             const SimulationOptions& options)
      : dir_(dir),
        policy_(dir.policy()),
        trace_(trace),
        options_(options),
        cluster_(std::move(nodes), origin_of(trace)),
        cycle_(dir, cycle_options(options, trace), cluster_.state().nodes),
        fairshare_on_(policy_.fairshare.metric.value != ir::FairshareMetric::None),
        cluster_procs_(total_procs(cluster_.state().nodes)) {
    order_.reserve(trace.jobs.size());
    // read_swf refuses a job number seen before, but a trace built in code may repeat one: only
    // the first job of a number is replayed, since the simulated RM knows a job by its number.
    std::vector<std::int64_t> numbers;  // sorted first: a set only when some number repeats
    for (const auto& j : trace.jobs) numbers.push_back(j.number);
    std::sort(numbers.begin(), numbers.end());
    const bool repeats = std::adjacent_find(numbers.begin(), numbers.end()) != numbers.end();
    std::unordered_set<std::int64_t> seen;
    for (std::size_t i = 0; i < trace.jobs.size(); ++i)
      if (replayable(trace.jobs[i]) && (!repeats || seen.insert(trace.jobs[i].number).second)) order_.push_back(i);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return trace.jobs[a].submit < trace.jobs[b].submit; });
    cluster_.reserve_jobs(order_.size());
  }

  SimulationResult run() {
    if (!order_.empty()) cluster_.state().now = cluster_.origin() + trace_.jobs[order_[0]].submit;
    const std::optional<Epoch> stop = options_.stop_at;
    if (stop && *stop < cluster_.state().now) cluster_.state().now = *stop;  // before the first submission
    for (;;) {
      Epoch t = std::min(cycle_.next_wakeup(), cluster_.next_end());
      if (next_submit_ < order_.size()) t = std::min(t, cluster_.origin() + trace_.jobs[order_[next_submit_]].submit);
      if (stop && t > *stop) break;
      if (t == kEndOfTime) break;
      if (stalled(t)) {
        stalled_ = true;
        break;
      }
      // The RM moves to t and ends what ends then; the time up to t is accounted for; then the
      // users submit what they submit at t (the RM reports them at its next wait).
      events_.clear();
      cluster_.wait(t, events_);
      cycle_.advance_to(cluster_, t);
      cycle_.note(events_);
      cluster_.forget_completed();  // charged for their time by advance_to
      for (const auto& e : events_)
        if (e.kind == RmEvent::Kind::Ended) last_change_ = t;
      while (next_submit_ < order_.size() && cluster_.origin() + trace_.jobs[order_[next_submit_]].submit <= t)
        submit(trace_.jobs[order_[next_submit_++]]), last_change_ = t;
      report_progress();
      record_iteration(cycle_.iterate(cluster_));
      if (options_.on_iteration && cycle_.iterations() != observed_)
        observed_ = cycle_.iterations(),
        options_.on_iteration({t - cluster_.origin(), cluster_.origin(), cluster_.state(), cycle_.reservations(),
                               cycle_.fairshare_history()});
    }
    if (stop) stop_at(*stop);
    return collect_result();
  }

  // Moves the clock to the stop time (nothing happens in between: the loop stops before the
  // next event) and shows the moment to the observer.
  void stop_at(Epoch t) {
    stopped_ = true;
    if (t > cluster_.state().now) {
      events_.clear();
      cluster_.wait(t, events_);
      cycle_.advance_to(cluster_, t);
      cycle_.note(events_);
    }
    if (options_.at_stop) options_.at_stop(cycle_, cluster_);
  }

 private:
  static CycleOptions cycle_options(const SimulationOptions& options, const Trace& trace) {
    CycleOptions c;
    c.admin_reservations.assign(options.admin_reservations.begin(), options.admin_reservations.end());
    c.utc_offset = std::clamp<Seconds>(trace.time_zone.value_or(0), -kMaxTimeZone, kMaxTimeZone);
    c.skip_futile_iterations = options.skip_futile_iterations;
    c.fast_path = options.fast_path;
    return c;
  }

  void submit(const TraceJob& t) {
    cluster_.submit(t);
    Job& job = cluster_.state().jobs.back();
    if (job.qos.empty()) {
      job.qos = dir_.default_qos(job);  // QDEF chain (SWF jobs ask for no QOS)
    } else if (std::string given = dir_.job_qos(job); given != job.qos) {
      // A QOS the job may not use: Maui gives it its default (docs/semantics.md 78).
      auto& r = refused_qos_[job.qos];
      if (r.jobs++ == 0) r.first = job.id;
      job.qos = std::move(given);
    }
    cluster_.outcome(job.id).qos = job.qos;
  }

  // What the iteration's decisions did, in the jobs' outcomes and to the observer.
  void record_iteration(const IterationReport& report) {
    if (!report.ran) return;
    const ClusterSnapshot& state = cluster_.state();
    const Epoch at = state.now - cluster_.origin();
    for (const auto& a : report.applied) {
      const Job& job = state.jobs[a.job];
      JobOutcome& outcome = cluster_.outcome(job.id);
      switch (a.kind) {
        case AppliedDecision::Kind::Requeue:
          if (!a.status.ok) {
            warnings_.insert(unlocated_warning("simulator refused a requeue: " + a.status.error.message));
            break;
          }
          ++outcome.preempted;
          if (options_.on_run) options_.on_run({RunEvent::Kind::Requeue, outcome.number, at, {}, {}});
          break;
        case AppliedDecision::Kind::Start:
          if (!a.status.ok) {
            warnings_.insert(unlocated_warning("simulator refused a start: " + a.status.error.message));
            break;
          }
          if (options_.on_run)
            options_.on_run({RunEvent::Kind::Start, outcome.number, at, job.allocated_nodes, job.allocated_tasks});
          if (a.backfill) outcome.backfilled = true;
          break;
        case AppliedDecision::Kind::Cancel:
        case AppliedDecision::Kind::Hold: break;
      }
    }
    if (!report.result.starts.empty() || !report.result.never_runnable.empty()) last_change_ = state.now;
  }

  // Jobs wait, none runs, none is left to submit, and nothing started for longer than anything
  // that changes with time can take to repeat: standing reservations (a week at most), the
  // fairshare usage the waiting jobs see (gone after FSDEPTH intervals), administrative
  // reservations (gone at their end). Every later iteration would repeat an earlier one: the jobs
  // would wait for ever, and a simulation that jumps from one reservation boundary to the next
  // would never end (docs/simulator.md).
  bool stalled(Epoch t) const {
    if (next_submit_ < order_.size()) return false;
    for (const auto& j : cluster_.state().jobs)
      if (j.is_active()) return false;
    Seconds quiet = 2 * 7 * 86'400;
    if (fairshare_on_) {
      const FairshareClock fc = FairshareClock::from(policy_.fairshare);
      quiet += fc.interval * (fc.depth + 1);
    }
    Epoch settled = last_change_;
    for (const auto& a : options_.admin_reservations)  // one that never ends changes things at its start
      settled = std::max(settled, a.end < kEndOfTime / 2 ? a.end : a.start);
    return t - settled > quiet;
  }

  void report_progress() {
    if (!options_.progress || options_.progress_every <= 0) return;
    const auto submitted = static_cast<std::int64_t>(next_submit_);
    if (submitted / options_.progress_every == last_progress_ / options_.progress_every) return;
    last_progress_ = submitted;
    options_.progress(submitted, static_cast<std::int64_t>(order_.size()), cluster_.state().now - cluster_.origin());
  }

  // Why each job that still waits never started, as one last explained iteration sees it.
  void explain_the_waiting() {
    const auto& jobs = cluster_.state().jobs;
    if (stopped_ || std::none_of(jobs.begin(), jobs.end(), [](const Job& j) { return j.is_queued(); })) return;
    const IterationResult result = cycle_.explain(cluster_.state());
    auto set = [&](std::size_t job, std::string why) {
      if (!jobs[job].is_queued()) return;
      cluster_.outcome(jobs[job].id).reason =
          (stalled_ ? "never started: nothing ran or changed for longer than the policy takes to repeat; "
                    : "still waiting when the trace ended: ") +
          why;
    };
    for (const auto& e : result.queue.eligibility.jobs)
      if (!e.eligible) {
        std::string why;
        for (const auto& o : obstacles(e)) why += why.empty() ? o : "; " + o;
        set(e.index, why);
      }
    for (const auto& w : result.waiting) set(w.job, w.reason);
  }

  // read_swf refuses times and processor counts beyond schemas/ir.h's bounds; a trace built
  // another way may hold them. Such a job is not replayed (its outcome says why) and such an
  // origin is not used: the clock would overflow.
  static Epoch origin_of(const Trace& trace) {
    const Epoch origin = trace.unix_start_time.value_or(0);
    return origin >= -ir::kMaxSeconds && origin <= ir::kMaxSeconds ? origin : 0;
  }

  SimulationResult collect_result() {
    explain_the_waiting();
    SimulationResult r;
    // Outcomes are in submission order; the result lists jobs in trace order.
    std::vector<JobOutcome>& by_submission = cluster_.outcomes();
    // An archive trace is in submission order already: its outcomes are taken as they are, not
    // moved into a second table of them (megabytes of memory touched for nothing).
    bool in_order = by_submission.size() == trace_.jobs.size();
    for (std::size_t k = 0; in_order && k < order_.size(); ++k) in_order = order_[k] == k;
    if (in_order) {
      r.jobs = std::move(by_submission);
    } else {
      r.jobs.resize(trace_.jobs.size());
      for (std::size_t k = 0; k < by_submission.size(); ++k) r.jobs[order_[k]] = std::move(by_submission[k]);
    }
    std::vector<std::uint8_t> replayed(trace_.jobs.size(), 0);
    for (std::size_t i : order_) replayed[i] = 1;
    for (std::size_t i = 0; i < trace_.jobs.size(); ++i)
      if (!replayed[i]) {
        r.jobs[i] = outcome_of(trace_.jobs[i]);
        r.jobs[i].reason = replayable(trace_.jobs[i])
                               ? fmt::format("not replayed: job {} appears earlier in the trace", trace_.jobs[i].number)
                               : "not replayed: a time or processor count beyond the simulator's bounds";
      }
    for (auto& o : r.jobs)
      if (!o.start && o.reason.empty())
        o.reason =
            stopped_ ? "not started by the stop time" : "still waiting when the trace ended (no event could start it)";
    r.metrics = compute_metrics(r.jobs, cluster_procs_);
    r.iterations = cycle_.iterations();
    r.fast_path_iterations = cycle_.fast_path_iterations();
    std::set<Problem> warnings = warnings_;
    warnings.insert(cycle_.warnings().begin(), cycle_.warnings().end());
    for (const auto& [qos, r] : refused_qos_)
      warnings.insert(unlocated_warning(
          fmt::format("{} job(s) asked for QOS {}, which no QLIST or QDEF of their credentials gives them "
                      "(the first: job {}); they ran under their default QOS (docs/semantics.md 78)",
                      r.jobs, qos, r.first)));
    r.warnings.assign(warnings.begin(), warnings.end());
    return r;
  }

  const CredentialDirectory& dir_;
  const ir::Policy& policy_;
  const Trace& trace_;
  const SimulationOptions& options_;
  SimulatedCluster cluster_;
  SchedulingCycle cycle_;
  const bool fairshare_on_;
  const std::int64_t cluster_procs_;  // the simulated nodes never change
  std::vector<std::size_t> order_;    // trace positions by submission time
  std::size_t next_submit_ = 0;
  std::vector<RmEvent> events_;  // of the last wait
  std::int64_t last_progress_ = 0;
  Epoch last_change_ = 0;  // the last submission, start, end or removal
  bool stalled_ = false;
  bool stopped_ = false;        // at SimulationOptions::stop_at
  std::set<Problem> warnings_;  // the simulated RM's refusals (no config line)
  struct Refused {
    std::int64_t jobs = 0;
    std::string first;
  };
  std::map<std::string, Refused> refused_qos_;  // by the QOS asked for
  std::int64_t observed_ = 0;                   // iterations the observer was told of
};

}  // namespace

SimulationResult simulate(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
                          const SimulationOptions& options) {
  return Simulation(dir, trace, std::move(nodes), options).run();
}

}  // namespace maui::runtime
