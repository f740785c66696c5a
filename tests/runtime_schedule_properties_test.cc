// The iteration's results as a whole (runtime/engine/scheduler.h): properties on random workloads
// replayed through schedule_iteration (no over-allocation, no job in a reservation it may not use,
// the top job never starts after its first reservation, NONE never reorders, whole nodes and
// partitions), the workspace carried between iterations (SchedulerWorkspace), completed jobs in
// the snapshot, the booking horizon, and the snapshot's node lookups.
//
// Shared with the other scheduling-iteration tests: tests/schedule_fixtures.h (FCFS policies,
// kNow) and tests/schedule_support.h (one iteration, lookups in its result). Every expected start
// time below is worked out by hand in the comment next to it.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/iteration_bookings.h"
#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "tests/runtime_support.h"
#include "tests/schedule_fixtures.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;

// ---------------------------------------------------------------------------------------------
// 8. Properties on random workloads (fixed seeds): 16 nodes of 1-4 procs, 200 jobs, replayed
// through schedule_iteration with every allocation kept (tests/schedule_support.h: drive).

// Under the sanitizers (Debug, ~30x slower) fewer seeds keep the binary under a minute.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kSeeds = 4;
#else
constexpr int kSeeds = 20;
#endif
constexpr int kJobs = 200;

struct Workload {
  std::vector<Node> nodes;
  std::vector<TraceJob> jobs;
  std::int64_t procs = 0;
};

// `exact`: every job runs exactly its requested time; otherwise a random share of it (a tenth of
// the jobs exactly, a few 0 s).
Workload random_workload(std::uint64_t seed, bool exact) {
  Rng rng{seed * 7919 + 17};
  Workload w;
  for (int i = 1; i <= 16; ++i) {
    w.nodes.push_back(make_node(numbered("n", i), rng.in(1, 4)));
    w.procs += w.nodes.back().procs;
  }
  Epoch submit = 0;
  for (int i = 1; i <= kJobs; ++i) {
    submit += rng.in(0, 3) == 0 ? 0 : rng.in(1, 400);
    std::int64_t kind = rng.in(0, 19);
    std::int64_t procs = kind < 14 ? rng.in(1, 4) : kind < 19 ? rng.in(5, 12) : rng.in(13, w.procs);
    Seconds requested = rng.in(1, 40) * 3 * kMinute;
    Seconds run = requested;
    if (!exact) {
      std::int64_t r = rng.in(0, 19);
      run = r < 2 ? requested : r == 2 ? 0 : rng.in(1, requested);
    }
    w.jobs.push_back(trace_job(i, submit, run, requested, procs, lines({"u", std::to_string(rng.in(1, 4))})));
  }
  return w;
}

// (a) Sum of tasks (1 proc each) of the jobs on a node at any time <= its procs, from each start
// and end and the allocation the iteration chose.
void expect_no_over_allocation(const Workload& w, const DriveResult& d) {
  std::map<std::string, std::int64_t> procs;
  for (const auto& n : w.nodes) procs[n.name] = n.procs;
  std::map<std::string, std::vector<std::pair<Epoch, std::int64_t>>> deltas;
  for (const auto& j : d.jobs) {
    if (!j.start) continue;
    std::int64_t tasks = 0;
    for (const auto& [node, k] : j.alloc) {
      tasks += k;
      deltas[node].emplace_back(*j.start, k);
      deltas[node].emplace_back(j.end, -k);
    }
    EXPECT_EQ(tasks, j.trace.procs) << "job " << j.trace.number;
  }
  for (auto& [node, list] : deltas) {
    std::sort(list.begin(), list.end());  // at one instant, ends (negative) before starts
    std::int64_t used = 0;
    for (const auto& [t, k] : list) {
      used += k;
      ASSERT_LE(used, procs[node]) << "node " << node << " over-allocated at " << t;
    }
  }
}

// Every job fits the cluster, so every one starts in the end.
void expect_all_started(const DriveResult& d) {
  for (const auto& j : d.jobs) EXPECT_TRUE(j.start.has_value()) << "job " << j.trace.number << " never started";
}

constexpr std::string_view kPolicies[] = {"BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n",
                                          "BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 3\n",
                                          "BACKFILLPOLICY BESTFIT\nRESERVATIONDEPTH 1\n",
                                          "BACKFILLPOLICY GREEDY\nRESERVATIONDEPTH 1\n", "BACKFILLPOLICY NONE\n"};

// (a) and (b). Two administrative reservations over [T, T + 3 h), T = the 50th job's submission:
// SYSTEM (empty ACL) on n01..n04, USERLIST=u1 on n05..n08. No job's planned run [start, start +
// requested) may overlap the first on its nodes, and only u1's may overlap the second.
TEST(ScheduleProperties, NoOverAllocationAndNoJobInAReservationItCannotUse) {
  std::int64_t overlapping_u1 = 0, started = 0;
  for (std::string_view policy : kPolicies) {
    TestPolicy p = fcfs(policy);
    for (int seed = 1; seed <= kSeeds; ++seed) {
      SCOPED_TRACE(lines({policy, "seed ", std::to_string(seed)}));
      Workload w = random_workload(seed, false);
      const Epoch t0 = w.jobs[49].submit, t1 = t0 + 3 * kHour;
      const std::vector<AdminReservation> admin{
          {"system", t0, t1, {"n01", "n02", "n03", "n04"}, {}, ""},
          {"u1only", t0, t1, {"n05", "n06", "n07", "n08"}, {user_entry("u1")}, ""}};
      DriveResult d = drive(p, w.nodes, w.jobs, admin);
      expect_no_over_allocation(w, d);
      expect_all_started(d);
      for (const auto& j : d.jobs) {
        if (!j.start) continue;
        ++started;
        const bool overlaps = *j.start<t1&& * j.start + j.trace.requested> t0;
        if (!overlaps) continue;
        for (const auto& [node, k] : j.alloc) {
          EXPECT_FALSE(node <= "n04") << "job " << j.trace.number << " runs in the SYSTEM reservation on " << node;
          if (node >= "n05" && node <= "n08") {
            EXPECT_EQ(j.trace.user, "u1") << "job " << j.trace.number << " runs in u1's reservation on " << node;
            ++overlapping_u1;
          }
        }
      }
    }
  }
  EXPECT_EQ(started, static_cast<std::int64_t>(std::size(kPolicies)) * kSeeds * kJobs);
  // u1's jobs did use their reservation: the check is not vacuous.
  EXPECT_GT(overlapping_u1, 20 * kSeeds) << overlapping_u1;
}

// An iteration run in a workspace another iteration used decides exactly as a fresh one
// (drive() runs each iteration both ways and compares): on random workloads with
// administrative reservations, for every backfill policy, the workspace reused all along.
TEST(SchedulerWorkspace, ReusedMemoryNeverChangesADecision) {
  std::int64_t iterations = 0;
  SchedulerWorkspace workspace;
  for (std::string_view policy : kPolicies) {
    TestPolicy p = fcfs(policy);
    for (int seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(lines({policy, "seed ", std::to_string(seed)}));
      Workload w = random_workload(3000 + seed, false);
      const Epoch t0 = w.jobs[20].submit, t1 = t0 + 3 * kHour;
      const std::vector<AdminReservation> admin{{"system", t0, t1, {"n01", "n02"}, {}, ""},
                                                {"u1only", t0, t1, {"n05", "n06"}, {user_entry("u1")}, ""}};
      const DriveResult d = drive(p, w.nodes, w.jobs, admin, {.workspace = &workspace});
      iterations += d.iterations;
      expect_all_started(d);
    }
  }
  EXPECT_GT(iterations, 500) << iterations;
}

// A workspace carries the running jobs' bookings from one iteration to the next (the calendar's
// base) and books only what changed. On random workloads without administrative reservations,
// for every backfill policy, each iteration decides as a fresh one (drive() compares them), and
// running jobs were carried (the check is not vacuous).
TEST(SchedulerWorkspace, CarriedRunningJobsDecideAsAFreshIteration) {
  SchedulerWorkspace workspace;
  std::int64_t iterations = 0;
  for (std::string_view policy : kPolicies) {
    TestPolicy p = fcfs(policy);
    for (int seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(lines({policy, "seed ", std::to_string(seed)}));
      const Workload w = random_workload(5000 + seed, false);
      const DriveResult d = drive(p, w.nodes, w.jobs, {}, {.workspace = &workspace});
      iterations += d.iterations;
      expect_all_started(d);
    }
  }
  EXPECT_GT(iterations, 500) << iterations;
  EXPECT_GT(workspace.running_jobs_carried, 5 * iterations) << workspace.running_jobs_carried;
}

// A running job the snapshot changes in place (other nodes, other tasks, a longer walltime, an
// unknown node) or a node that goes down is booked as the snapshot says, not as it was carried:
// after each change, an iteration in the workspace decides and warns as a fresh one.
TEST(SchedulerWorkspace, ChangedRunningJobsAreBookedAsTheSnapshotSays) {
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 2\n");
  std::vector<Node> nodes;
  for (int i = 1; i <= 6; ++i) nodes.push_back(make_node(lines({"n0", std::to_string(i)}), 2));
  ClusterSnapshot snap = snapshot_of(
      kMonday, nodes,
      {running_on(J("r1").tasks(2).walltime(2 * kHour), kMonday - kHour, {"n01"}),
       running_on(J("r2").tasks(4).walltime(3 * kHour), kMonday - kHour, {"n02", "n03"}),
       running_on(J("r3").tasks(2).walltime(4 * kHour), kMonday - kHour, {"n04"}),
       J("q1").tasks(10).walltime(kHour).submit(kMonday - 50), J("q2").tasks(8).walltime(kHour).submit(kMonday - 40),
       J("q3").tasks(2).walltime(30 * kMinute).submit(kMonday - 30),
       J("q4").tasks(3).walltime(2 * kHour).submit(kMonday - 20)});
  SchedulerWorkspace workspace;
  auto both_ways = [&](std::string_view change) {
    SCOPED_TRACE(change);
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &snap;
    const IterationResult fresh = schedule_iteration(in);
    in.workspace = &workspace;
    const IterationResult carried = schedule_iteration(in);
    expect_same_decisions(fresh, snap, carried, snap);
    EXPECT_EQ(carried.warnings, fresh.warnings);
  };
  both_ways("first");
  const std::int64_t carried_before = workspace.running_jobs_carried;
  both_ways("nothing changed");
  EXPECT_EQ(workspace.running_jobs_carried - carried_before, 3);  // every running job was carried
  snap.now += 60;
  snap.jobs[0].allocated_nodes = {"n05"};  // r1 restarted elsewhere
  both_ways("r1 on n05");
  snap.jobs[1].allocated_tasks = {3, 1};  // r2's tasks now uneven
  both_ways("r2 uneven");
  snap.jobs[2].walltime = 6 * kHour;  // r3 runs longer
  both_ways("r3 longer");
  snap.nodes[5].state = NodeState::Down;  // n06 down
  both_ways("n06 down");
  snap.jobs[0].allocated_nodes = {"zz"};  // r1 on a node the cluster does not have
  both_ways("r1 on zz");
  snap.jobs[1].state = JobState::Completed;  // r2 ended
  both_ways("r2 ended");
  snap.now = kMonday + 5 * kHour;  // r3 is past its walltime: booked up to now + poll interval
  both_ways("r3 overdue");
}

// The simulator keeps completed jobs in its snapshot until they are half of it: every iteration
// decides the same with them as without them (drive() runs each both ways), with a limit (which
// numbers and counts credentials) and a floating standing reservation (booked as far ahead as the
// longest job that has not completed), on random workloads.
TEST(SchedulerSnapshot, CompletedJobsChangeNoDecision) {
  std::int64_t with_completed = 0, standing = 0;
  for (std::string_view policy : {kPolicies[0], kPolicies[2], kPolicies[4]}) {
    TestPolicy p = fcfs(lines({policy,
                               "USERCFG[DEFAULT] MAXJOB=3\n"
                               "SRCFG[evening] PERIOD=DAY STARTTIME=02:00:00 ENDTIME=05:00:00\n"
                               "SRCFG[evening] TASKCOUNT=4 USERLIST=u1\n"}));
    for (int seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(lines({policy, "seed ", std::to_string(seed)}));
      Workload w = random_workload(4000 + seed, false);
      const DriveResult d = drive(p, w.nodes, w.jobs, {}, {.without_completed = true});
      with_completed += d.with_completed;
      standing += d.standing_instances;
      EXPECT_TRUE(std::none_of(d.warnings.begin(), d.warnings.end(), [](const Problem& w) {
        return w.message.find("evening") != std::string::npos;
      })) << to_text(d.warnings.front());
    }
  }
  EXPECT_GT(with_completed, 300) << with_completed;
  EXPECT_GT(standing, 1000) << standing;  // the standing reservation was booked: the check is not vacuous
}

// Standing reservations are booked as far ahead as the jobs still there need: twice the longest
// walltime of a job not completed, plus a day. A completed job's walltime does not count.
TEST(SchedulerSnapshot, BookingHorizonIgnoresCompletedJobs) {
  Job done = J("1").walltime(10 * kDay);
  done.state = JobState::Completed;
  const ClusterSnapshot snap =
      snapshot_of(kMonday, {make_node("n01", 1)},
                  {done, J("2").walltime(kHour), running_on(J("3").walltime(2 * kHour), kMonday, {"n01"})});
  EXPECT_EQ(booking_horizon(snap), kMonday + 2 * 2 * kHour + kDay);
}

// (c) With exact run times and at least one reservation, the top job (the highest-priority job
// holding a reservation) starts no later than the reservation it got when it first became the
// top job: reservations are kept stable (conservative for that job), whatever is backfilled.
TEST(ScheduleProperties, TopJobNeverStartsAfterItsFirstReservation) {
  std::int64_t checked = 0, backfilled = 0;
  for (std::string_view policy : {kPolicies[0], kPolicies[1], kPolicies[2], kPolicies[3]}) {
    TestPolicy p = fcfs(policy);
    for (int seed = 1; seed <= kSeeds; ++seed) {
      SCOPED_TRACE(lines({policy, "seed ", std::to_string(seed)}));
      Workload w = random_workload(1000 + seed, true);
      DriveResult d = drive(p, w.nodes, w.jobs);
      expect_no_over_allocation(w, d);
      expect_all_started(d);
      for (const auto& j : d.jobs) {
        backfilled += j.backfilled;
        if (!j.first_top_reservation || !j.start) continue;
        ++checked;
        EXPECT_LE(*j.start, *j.first_top_reservation) << "job " << j.trace.number;
      }
    }
  }
  EXPECT_GT(checked, 50 * kSeeds) << checked;
  EXPECT_GT(backfilled, 50 * kSeeds) << backfilled;
}

// (d) BACKFILLPOLICY NONE never reorders: priority is queue time only, so start times follow
// submission order (and the job number within a second).
TEST(ScheduleProperties, NoBackfillNeverReorders) {
  TestPolicy p = fcfs("BACKFILLPOLICY NONE\n");
  for (int seed = 1; seed <= kSeeds; ++seed) {
    SCOPED_TRACE(lines({"seed ", std::to_string(seed)}));
    Workload w = random_workload(2000 + seed, false);
    DriveResult d = drive(p, w.nodes, w.jobs);
    expect_all_started(d);
    Epoch last = 0;
    for (const auto& j : d.jobs) {  // submission order (stable: job number within a second)
      ASSERT_TRUE(j.start.has_value());
      EXPECT_GE(*j.start, last) << "job " << j.trace.number << " started before a job submitted earlier";
      EXPECT_FALSE(j.backfilled);
      last = *j.start;
    }
  }
}

// Whole nodes and partitions on random workloads (docs/semantics.md 83, 84): with
// NODEACCESSPOLICY SINGLEJOB, or with u1's jobs in a DEDICATED QOS among shared ones, a whole-node
// job never shares a node with another job; with two partitions (n01-n08 A, n09-n16 B) no job
// spans both, and a job never starts only when it is larger than both. Nodes are never
// over-allocated either way.
TEST(ScheduleProperties, WholeNodesAreNeverSharedAndJobsStayInOnePartition) {
  struct Case {
    std::string_view policy;
    bool all_whole, u1_whole, partitioned;
  };
  const Case cases[] = {{"NODEACCESSPOLICY SINGLEJOB\n", true, true, false},
                        {"QOSCFG[ded] QFLAGS=DEDICATED\nUSERCFG[u1] QDEF=ded\n", false, true, false},
                        {"", false, false, true}};
  std::int64_t pairs_checked = 0, partition_refusals = 0;
  for (const auto& c : cases) {
    TestPolicy p = fcfs(c.policy);
    for (int seed = 1; seed <= kSeeds; ++seed) {
      SCOPED_TRACE(lines({c.policy, c.partitioned ? "partitioned " : "", "seed ", std::to_string(seed)}));
      Workload w = random_workload(3000 + seed, false);
      std::map<std::string, std::string> partition_of;
      std::map<std::string, std::int64_t> partition_procs;
      for (std::size_t n = 0; n < w.nodes.size(); ++n) {
        if (c.partitioned) w.nodes[n].partition = n < 8 ? "A" : "B";
        partition_of[w.nodes[n].name] = w.nodes[n].partition;
        partition_procs[w.nodes[n].partition] += w.nodes[n].procs;
      }
      std::int64_t largest = 0;
      for (const auto& [name, procs] : partition_procs) largest = std::max(largest, procs);
      DriveResult d = drive(p, w.nodes, w.jobs);
      expect_no_over_allocation(w, d);
      struct Run {
        Epoch start, end;
        bool whole;
        std::int64_t job;
      };
      std::map<std::string, std::vector<Run>> runs_on;
      for (const auto& j : d.jobs) {
        if (!j.start) {
          EXPECT_GT(j.trace.procs, largest) << "job " << j.trace.number << " never started";
          partition_refusals += 1;
          continue;
        }
        std::set<std::string> partitions;
        const bool whole = c.all_whole || (c.u1_whole && j.trace.user == "u1");
        for (const auto& [node, tasks] : j.alloc) {
          partitions.insert(partition_of[node]);
          runs_on[node].push_back({*j.start, j.end, whole, j.trace.number});
        }
        EXPECT_EQ(partitions.size(), 1u) << "job " << j.trace.number << " spans partitions";
      }
      for (const auto& [node, runs] : runs_on)
        for (std::size_t a = 0; a < runs.size(); ++a)
          for (std::size_t b = a + 1; b < runs.size(); ++b) {
            if (!runs[a].whole && !runs[b].whole) continue;
            ++pairs_checked;
            const bool overlap = runs[a].start < runs[b].end && runs[b].start < runs[a].end;
            ASSERT_FALSE(overlap) << "jobs " << runs[a].job << " and " << runs[b].job << " share " << node;
          }
    }
  }
  // Not vacuous: many pairs with a whole-node job were compared, and some jobs were too large
  // for a partition.
  EXPECT_GT(pairs_checked, 1000 * kSeeds) << pairs_checked;
  EXPECT_GT(partition_refusals, 0);
}

// A running job remembers where its nodes were found; the hint must never outlive the nodes:
// reordered, renamed or removed nodes are found again or reported missing.
TEST(ClusterSnapshot, AllocatedNodeHintsAreCheckedNotTrusted) {
  ClusterSnapshot snap;
  for (const char* name : {"a", "b", "c"}) {
    Node n;
    n.name = name;
    n.procs = 1;
    snap.nodes.push_back(n);
  }
  Job job;
  job.allocated_nodes = {"c", "a"};
  EXPECT_EQ(snap.allocated_node(job, 0), std::optional<std::size_t>(2));
  EXPECT_EQ(snap.allocated_node(job, 1), std::optional<std::size_t>(0));
  std::reverse(snap.nodes.begin(), snap.nodes.end());  // c, b, a
  EXPECT_EQ(snap.allocated_node(job, 0), std::optional<std::size_t>(0));
  EXPECT_EQ(snap.allocated_node(job, 1), std::optional<std::size_t>(2));
  snap.nodes.pop_back();  // a is gone
  EXPECT_EQ(snap.allocated_node(job, 1), std::nullopt);
  snap.nodes[0].name = "z";  // c renamed where the hint points
  EXPECT_EQ(snap.allocated_node(job, 0), std::nullopt);
  job.allocated_nodes = {"b"};  // another allocation: the hints follow it
  EXPECT_EQ(snap.allocated_node(job, 0), std::optional<std::size_t>(1));
}

// same_name, which checks the hints, agrees with string equality for every length it compares
// word-wise and beyond, whichever single byte differs (first, middle, last, or in the overlap
// of its two words).
TEST(ClusterSnapshot, SameNameAgreesWithStringEquality) {
  int compared = 0;
  for (std::size_t n = 0; n <= 24; ++n) {
    const std::string a = [&] {
      std::string s;
      for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('a' + i % 26);
      return s;
    }();
    EXPECT_TRUE(same_name(a, a)) << n;
    EXPECT_FALSE(same_name(a, a + "x")) << n;
    EXPECT_FALSE(same_name(a + "x", a)) << n;
    for (std::size_t i = 0; i < n; ++i) {
      std::string b = a;
      b[i] = 'Z';
      EXPECT_FALSE(same_name(a, b)) << "length " << n << ", byte " << i;
      EXPECT_EQ(same_name(a, b), a == b);
      ++compared;
    }
  }
  EXPECT_EQ(compared, 300);  // every byte of every length 1..24
}

}  // namespace
}  // namespace maui::runtime
