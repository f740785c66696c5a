// A simulated cluster seen the way a live RM shows a cluster: every refresh is a fresh copy of
// the simulator's state, in which the scheduler's own memory of the jobs (Job::sched) and the
// simulator's node hints are blank, as in a snapshot read from Slurm. Driving the scheduling
// cycle through it checks that what the cycle carries between iterations is kept by name, not
// in the snapshot: the schedule must be the simulator's, job for job. The cycle may also be
// stopped and a new one started from the old one's memory (CycleMemory), as after a restart.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/rm/sim/simulated_cluster.h"

namespace maui::runtime::testing {

class LiveView final : public ResourceManager {
 public:
  explicit LiveView(SimulatedCluster& inner) : inner_(inner) {}

  std::string name() const override { return "live view"; }
  RmCapabilities capabilities() const override {
    RmCapabilities c = inner_.capabilities();
    c.live = true;
    return c;
  }
  Epoch wait(Epoch deadline, std::vector<RmEvent>& events) override { return inner_.wait(deadline, events); }
  RmStatus refresh() override {
    fresh_ = inner_.state();
    for (auto& job : fresh_.jobs) {
      job.sched = {};
      job.allocated_node_hint.clear();
    }
    return {};
  }
  ClusterSnapshot& cluster() override { return fresh_; }
  RmStatus start_job(StartRequest&& request) override {
    request.where.clear();  // positions in this view mean nothing to the simulator
    return inner_.start_job(std::move(request));
  }
  RmStatus hold_job(const std::string& id, const std::string& reason) override { return inner_.hold_job(id, reason); }
  RmStatus release_job(const std::string& id) override { return inner_.release_job(id); }
  RmStatus cancel_job(const std::string& id, const std::string& reason) override {
    return inner_.cancel_job(id, reason);
  }
  RmStatus requeue_job(const std::string& id) override { return inner_.requeue_job(id); }
  RmStatus set_priority(const std::string& id, std::int64_t priority) override {
    return inner_.set_priority(id, priority);
  }

 private:
  SimulatedCluster& inner_;
  ClusterSnapshot fresh_;
};

struct LiveReplay {
  std::vector<JobOutcome> outcomes;  // in submission order
  std::int64_t restarts = 0;
};

// Replays `trace` (jobs in submission order, each replayable) through a LiveView, as
// runtime/rm/sim/simulator.cc's loop does through the simulator itself, and stops as it does
// when nothing has happened for `quiet` seconds with nothing running or left to submit. With
// `restart_every` > 0, every that many turns the cycle is replaced by a new one restored from
// its memory.
inline LiveReplay replay_live(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes,
                              const CycleOptions& options, Seconds quiet, int restart_every = 0) {
  SimulatedCluster sim(std::move(nodes), trace.unix_start_time.value_or(0));
  LiveView live(sim);
  auto cycle = std::make_unique<SchedulingCycle>(dir, options);
  std::size_t next = 0;
  std::vector<RmEvent> events;
  LiveReplay out;
  Epoch last_change = 0;
  if (!trace.jobs.empty()) sim.state().now = sim.origin() + trace.jobs[0].submit;
  for (int turn = 1;; ++turn) {
    Epoch t = std::min(cycle->next_wakeup(), sim.next_end());
    if (next < trace.jobs.size()) t = std::min(t, sim.origin() + trace.jobs[next].submit);
    if (t == kEndOfTime) break;
    const bool running =
        std::any_of(sim.state().jobs.begin(), sim.state().jobs.end(), [](const Job& j) { return j.is_active(); });
    if (next == trace.jobs.size() && !running && t - last_change > quiet) break;
    events.clear();
    live.wait(t, events);
    live.refresh();
    cycle->advance_to(live, t);
    cycle->note(events);
    for (const auto& e : events)
      if (e.kind == RmEvent::Kind::Ended) last_change = t;
    sim.forget_completed();
    while (next < trace.jobs.size() && sim.origin() + trace.jobs[next].submit <= t) {
      sim.submit(trace.jobs[next++]);
      sim.state().jobs.back().qos = dir.default_qos(sim.state().jobs.back());
      sim.outcome(sim.state().jobs.back().id).qos = sim.state().jobs.back().qos;
      last_change = t;
    }
    live.refresh();  // the jobs just submitted
    const IterationReport& report = cycle->iterate(live);
    if (!report.result.starts.empty() || !report.result.never_runnable.empty()) last_change = t;
    for (const auto& a : report.applied)
      if (a.kind == AppliedDecision::Kind::Requeue && a.status.ok)
        ++sim.outcome(live.cluster().jobs[a.job].id).preempted;
    if (restart_every > 0 && turn % restart_every == 0) {
      CycleMemory memory = cycle->memory(live.cluster());
      cycle = std::make_unique<SchedulingCycle>(dir, options);
      cycle->restore(std::move(memory));
      ++out.restarts;
    }
  }
  out.outcomes = sim.outcomes();
  return out;
}

}  // namespace maui::runtime::testing
