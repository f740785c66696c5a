// Helpers of the scheduling-iteration tests (tests/runtime_schedule_*_test.cc): one iteration on a
// hand-built snapshot, lookups in its result, running jobs placed on named nodes, and a small
// driver that replays trace jobs through schedule_iteration on a SimulatedCluster while keeping
// what the simulator does not report (each start's nodes, each job's first reservation).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/calendar.h"
#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/run_log.h"
#include "runtime/rm/sim/simulator.h"
#include "tests/runtime_support.h"

namespace maui::runtime::testing {

inline constexpr Seconds kMinute = 60;
inline constexpr Seconds kHour = 3600;
inline constexpr Seconds kDay = 86'400;
// 1996-09-23 00:00 UTC was a Monday (`date -u -d @843436800`).
inline constexpr Epoch kMonday = 843'436'800;

// A running job on the given nodes (tasks per node; empty = spread evenly).
inline Job running_on(J j, Epoch started, std::vector<std::string> nodes, std::vector<std::int64_t> tasks = {}) {
  Job job = j.running(started);
  job.allocated_nodes = std::move(nodes);
  job.allocated_tasks = std::move(tasks);
  return job;
}

inline ClusterSnapshot snapshot_of(Epoch now, std::vector<Node> nodes, std::vector<Job> jobs) {
  ClusterSnapshot s;
  s.now = now;
  s.nodes = std::move(nodes);
  s.jobs = std::move(jobs);
  return s;
}

inline Node node_with(std::string name, std::int64_t procs, std::vector<std::string> features,
                      std::int64_t mem_mb = 0) {
  Node n = make_node(std::move(name), procs, mem_mb);
  n.features = std::move(features);
  return n;
}

inline IterationResult iterate(const TestPolicy& p, const ClusterSnapshot& snap,
                               std::span<const AdminReservation> admin = {},
                               std::optional<Epoch> last_completion = std::nullopt) {
  SchedulerInput in;
  in.dir = p.dir.get();
  in.snapshot = &snap;
  in.admin_reservations = admin;
  in.last_completion = last_completion;
  in.explain = true;
  return schedule_iteration(in);
}

inline std::size_t job_index(const ClusterSnapshot& snap, std::string_view id) {
  for (std::size_t i = 0; i < snap.jobs.size(); ++i)
    if (snap.jobs[i].id == id) return i;
  ADD_FAILURE() << "no job " << id;
  return snap.jobs.size();
}

inline const StartDecision* start_of(const IterationResult& r, const ClusterSnapshot& snap, std::string_view id) {
  const std::size_t i = job_index(snap, id);
  for (const auto& s : r.starts)
    if (s.job == i) return &s;
  return nullptr;
}

// Ids of the started jobs, in the order the iteration started them.
inline std::vector<std::string> started_ids(const IterationResult& r, const ClusterSnapshot& snap) {
  std::vector<std::string> out;
  for (const auto& s : r.starts) out.push_back(snap.jobs[s.job].id);
  return out;
}

// "node:tasks" of a start or reservation, sorted by node name.
inline std::vector<std::string> placed(const ClusterSnapshot& snap, const std::vector<NodeTasks>& nodes) {
  std::vector<std::string> out;
  for (const auto& nt : nodes) out.push_back(lines({snap.nodes[nt.node].name, ":", std::to_string(nt.tasks)}));
  std::sort(out.begin(), out.end());
  return out;
}

// Names only, sorted.
inline std::vector<std::string> node_names_of(const ClusterSnapshot& snap, const std::vector<NodeTasks>& nodes) {
  std::vector<std::string> out;
  for (const auto& nt : nodes) out.push_back(snap.nodes[nt.node].name);
  std::sort(out.begin(), out.end());
  return out;
}

inline const Reservation* reservation_named(const IterationResult& r, ReservationKind kind, std::string_view name) {
  for (const auto& res : r.reservations)
    if (res.kind == kind && res.name == name) return &res;
  return nullptr;
}

inline std::int64_t bypassed_times(const IterationResult& r, const ClusterSnapshot& snap, std::string_view id) {
  const std::size_t i = job_index(snap, id);
  for (const auto& [job, times] : r.bypassed)
    if (job == i) return times;
  return 0;
}

// Random workloads and policies: splitmix64, the same numbers on every platform (std::
// distributions are not specified).
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::int64_t in(std::int64_t lo, std::int64_t hi) {  // [lo, hi]
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

// An ACL entry admitting one user (administrative reservations).
inline ir::AclEntry user_entry(std::string name) {
  ir::AclEntry e;
  e.kind = ir::AclEntry::Kind::User;
  e.value = std::move(name);
  return e;
}

inline TraceJob trace_job(std::int64_t number, Epoch submit, Seconds run, Seconds requested, std::int64_t procs,
                          std::string user = "u1") {
  TraceJob t;
  t.number = number;
  t.submit = submit;
  t.run = run;
  t.requested = requested;
  t.procs = procs;
  t.user = std::move(user);
  t.group = "g1";
  t.job_class = "batch";
  return t;
}

inline Trace trace_of(std::vector<TraceJob> jobs) {
  Trace t;
  t.jobs = std::move(jobs);
  return t;
}

// A simulation and where each job ran: the `--runs-out` CSV text (runtime/rm/sim/run_log.h). Every
// start and requeue must be one the log can record.
struct SimulatedRuns {
  SimulationResult result;
  std::string runs_csv;
};
inline SimulatedRuns simulate_with_runs(const CredentialDirectory& dir, const Trace& trace, std::vector<Node> nodes) {
  RunLog log;
  SimulationOptions options;
  options.on_run = [&](const RunEvent& e) { EXPECT_TRUE(log.record(e)); };
  SimulatedRuns out{simulate(dir, trace, std::move(nodes), options), {}};
  std::ostringstream csv;
  write_runs_csv(csv, log.runs(), out.result.jobs);
  out.runs_csv = csv.str();
  return out;
}

// ---------------------------------------------------------------------------------------------
// A replay that keeps every allocation: the simulator's loop (runtime/rm/sim/simulator.cc) without
// fairshare or queue-time accrual (policies here use JOBPRIOACCRUALPOLICY ALWAYS and no
// fairshare): events are submissions, job ends and the previous iteration's reservation
// boundaries while jobs wait; all events of a second are applied before one iteration.

struct DrivenJob {
  TraceJob trace;
  std::optional<Epoch> start;
  Epoch end = 0;                                            // start + run
  std::vector<std::pair<std::string, std::int64_t>> alloc;  // node name, tasks
  bool backfilled = false;
  bool never_runnable = false;
  // The start of the job's reservation in the first iteration in which it was the top reserved
  // job (the highest-priority job holding a job reservation).
  std::optional<Epoch> first_top_reservation;
};

struct DriveResult {
  std::vector<DrivenJob> jobs;  // in submission order
  std::int64_t iterations = 0;
  std::int64_t with_completed = 0;      // iterations whose snapshot held completed jobs
  std::int64_t standing_instances = 0;  // standing reservation instances, summed over iterations
  std::vector<Problem> warnings;
};

// The same decisions: starts and reservations, jobs compared by id (a and b may index different
// snapshots).
inline void expect_same_decisions(const IterationResult& a, const ClusterSnapshot& sa, const IterationResult& b,
                                  const ClusterSnapshot& sb) {
  EXPECT_EQ(b.starts.size(), a.starts.size()) << "at " << sa.now;
  for (std::size_t k = 0; k < std::min(a.starts.size(), b.starts.size()); ++k) {
    EXPECT_EQ(sb.jobs[b.starts[k].job].id, sa.jobs[a.starts[k].job].id) << "at " << sa.now;
    EXPECT_EQ(b.starts[k].nodes, a.starts[k].nodes) << "at " << sa.now;
    EXPECT_EQ(b.starts[k].backfill, a.starts[k].backfill) << "at " << sa.now;
  }
  EXPECT_EQ(b.reservations.size(), a.reservations.size()) << "at " << sa.now;
  for (std::size_t k = 0; k < std::min(a.reservations.size(), b.reservations.size()); ++k) {
    EXPECT_EQ(b.reservations[k].name, a.reservations[k].name) << "at " << sa.now;
    EXPECT_EQ(b.reservations[k].start, a.reservations[k].start) << "at " << sa.now;
    EXPECT_EQ(b.reservations[k].nodes, a.reservations[k].nodes) << "at " << sa.now;
  }
}

// Checks drive() makes of every iteration besides running it.
struct DriveChecks {
  // Run it again in this workspace: it must decide the same (SchedulerWorkspace carries memory
  // and the running jobs' bookings, which the next iteration checks against its snapshot).
  SchedulerWorkspace* workspace = nullptr;
  // Run it again on the snapshot without its completed jobs (the simulator keeps them for a
  // while): it must decide the same.
  bool without_completed = false;
};

inline DriveResult drive(const TestPolicy& p, std::vector<Node> nodes, std::vector<TraceJob> trace,
                         std::span<const AdminReservation> admin = {}, DriveChecks checks = {}) {
  DriveResult out;
  std::stable_sort(trace.begin(), trace.end(),
                   [](const TraceJob& a, const TraceJob& b) { return a.submit < b.submit; });
  std::unordered_map<std::string, std::size_t> pos;
  for (const auto& t : trace) {
    pos[std::to_string(t.number)] = out.jobs.size();
    out.jobs.push_back({t, std::nullopt, 0, {}, false, false, std::nullopt});
  }
  SimulatedCluster cluster(std::move(nodes), 0);
  ClusterSnapshot& state = cluster.state();
  std::vector<Reservation> previous;
  std::optional<Epoch> last_completion;
  std::size_t next = 0;
  if (!trace.empty()) state.now = trace.front().submit;
  auto waiting = [&] {
    return std::any_of(state.jobs.begin(), state.jobs.end(), [](const Job& j) { return j.is_queued(); });
  };
  for (std::int64_t guard = 0;; ++guard) {
    if (guard > 10'000'000) {
      ADD_FAILURE() << "the replay does not end";
      break;
    }
    Epoch t = cluster.next_end();
    if (next < trace.size()) t = std::min(t, trace[next].submit);
    if (waiting())
      for (const auto& r : previous) {
        if (r.start > state.now) t = std::min(t, r.start);
        if (r.end > state.now && r.end < kEndOfTime / 2) t = std::min(t, r.end);
      }
    if (t == kEndOfTime) break;
    state.now = std::max(state.now, t);
    if (cluster.finish_due() > 0) last_completion = state.now;
    while (next < trace.size() && trace[next].submit <= state.now) cluster.submit(trace[next++]);
    if (!waiting()) continue;
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &state;
    in.admin_reservations = admin;
    in.previous_reservations = previous;
    in.last_completion = last_completion;
    IterationResult r = schedule_iteration(in);
    if (checks.workspace) {
      SchedulerInput reuse = in;
      reuse.workspace = checks.workspace;
      expect_same_decisions(r, state, schedule_iteration(reuse), state);
    }
    if (checks.without_completed) {
      ClusterSnapshot live = state;
      std::erase_if(live.jobs, [](const Job& j) { return j.state == JobState::Completed; });
      out.with_completed += live.jobs.size() < state.jobs.size();
      SchedulerInput alive = in;
      alive.snapshot = &live;
      expect_same_decisions(r, state, schedule_iteration(alive), live);
    }
    ++out.iterations;
    for (const auto& res : r.reservations) out.standing_instances += res.kind == ReservationKind::Standing;
    for (const auto& res : r.reservations)
      if (res.kind == ReservationKind::Job) {
        DrivenJob& d = out.jobs[pos.at(res.name)];
        if (!d.first_top_reservation) d.first_top_reservation = res.start;
        break;
      }
    for (const auto& s : r.starts) {
      std::vector<std::string> names;
      std::vector<std::int64_t> tasks;
      DrivenJob& d = out.jobs[pos.at(state.jobs[s.job].id)];
      for (const auto& nt : s.nodes) {
        names.push_back(state.nodes[nt.node].name);
        tasks.push_back(nt.tasks);
        d.alloc.emplace_back(state.nodes[nt.node].name, nt.tasks);
      }
      RmStatus st = cluster.start_job(state.jobs[s.job].id, names, tasks);
      EXPECT_TRUE(st.ok) << st.error.message;
      d.start = state.now;
      d.end = state.now + d.trace.run;
      d.backfilled = s.backfill;
    }
    for (const auto& n : r.never_runnable) {
      out.jobs[pos.at(state.jobs[n.job].id)].never_runnable = true;
      (void)cluster.cancel_job(state.jobs[n.job].id, n.reason);
    }
    for (auto& w : r.warnings) out.warnings.push_back(std::move(w));
    previous = std::move(r.reservations);
  }
  std::sort(out.warnings.begin(), out.warnings.end());
  out.warnings.erase(std::unique(out.warnings.begin(), out.warnings.end()), out.warnings.end());
  return out;
}

}  // namespace maui::runtime::testing
