// Preemption (docs/semantics.md 85): a waiting PREEMPTOR job has running PREEMPTEE jobs of
// lower start priority requeued, the fewest that let it start, and starts on what they freed.

#include <gtest/gtest.h>

#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

constexpr std::string_view kQos =
    "QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\nCREDWEIGHT 1\nQOSWEIGHT 1\n"
    "QOSCFG[hi] PRIORITY=1000 QFLAGS=PREEMPTOR\nQOSCFG[lo] QFLAGS=PREEMPTEE\n";

std::vector<Node> two_nodes() { return {make_node("n1", 2), make_node("n2", 2)}; }

Job low(std::string id, Epoch started, std::string node, std::optional<std::int64_t> start_priority) {
  Job j = running_on(J(std::move(id)).qos("lo").tasks(2).walltime(4 * kHour), started, {std::move(node)});
  j.sched.start_priority = start_priority;
  return j;
}

std::vector<std::pair<std::string, std::string>> preemptions(const IterationResult& r, const ClusterSnapshot& snap) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& p : r.preempted) out.emplace_back(snap.jobs[p.job].id, snap.jobs[p.by].id);
  return out;
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

// L1 runs on n1 since 1 h ago, L2 on n2 since 30 min ago, both QOS lo. H (QOS hi, priority
// about 1001) waits for 2 procs: none is free.
TEST(Preemption, TheFewestLowestLatestJobsGo) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = compile_policy(kQos);
  auto with = [&](std::optional<std::int64_t> l1, std::optional<std::int64_t> l2, std::int64_t tasks = 2) {
    return snapshot_of(now, two_nodes(),
                       {low("L1", now - kHour, "n1", l1), low("L2", now - 30 * kMinute, "n2", l2),
                        J("H").qos("hi").tasks(tasks).submit(now - kMinute)});
  };
  // The same start priority: the later started L2 goes (less work lost); H takes n2.
  ClusterSnapshot snap = with(5, 5);
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(preemptions(r, snap), (Pairs{{"L2", "H"}}));
  ASSERT_NE(start_of(r, snap, "H"), nullptr);
  EXPECT_EQ(placed(snap, start_of(r, snap, "H")->nodes), (std::vector<std::string>{"n2:2"}));
  EXPECT_FALSE(start_of(r, snap, "H")->backfill);
  EXPECT_EQ(start_of(r, snap, "L2"), nullptr);  // back in the queue, nothing free for it
  // The lower start priority goes first; an unknown one counts as lowest.
  snap = with(3, 5);
  EXPECT_EQ(preemptions(iterate(p, snap), snap), (Pairs{{"L1", "H"}}));
  snap = with(5, std::nullopt);
  EXPECT_EQ(preemptions(iterate(p, snap), snap), (Pairs{{"L2", "H"}}));
  // Three tasks need both.
  snap = with(5, 5, 3);
  r = iterate(p, snap);
  EXPECT_EQ(preemptions(r, snap), (Pairs{{"L2", "H"}, {"L1", "H"}}));
  ASSERT_NE(start_of(r, snap, "H"), nullptr);
  // A job that started with a priority as high as H's stays, and H waits.
  snap = with(5000, 5000);
  r = iterate(p, snap);
  EXPECT_TRUE(r.preempted.empty());
  EXPECT_EQ(start_of(r, snap, "H"), nullptr);
  EXPECT_NE(reservation_named(r, ReservationKind::Job, "H"), nullptr);
}

TEST(Preemption, OnlyPreempteesGoAndOnlyForPreemptors) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = compile_policy(lines({kQos, "QOSCFG[mid] PRIORITY=1000\n"}));
  ClusterSnapshot snap = snapshot_of(
      now, two_nodes(),
      {low("L1", now - kHour, "n1", 5), running_on(J("N").tasks(2).walltime(4 * kHour), now - kHour, {"n2"}),
       J("M").qos("mid").tasks(2).submit(now - 2 * kMinute), J("H").qos("hi").tasks(4).submit(now - kMinute)});
  // M (no PREEMPTOR) waits; H needs both nodes, but N (QOS DEFAULT) is no preemptee.
  IterationResult r = iterate(p, snap);
  EXPECT_TRUE(r.preempted.empty());
  EXPECT_TRUE(r.starts.empty());
}

TEST(Preemption, EveryWaitingPreemptorIsServedInPriorityOrder) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = compile_policy(kQos);
  ClusterSnapshot snap = snapshot_of(
      now, two_nodes(),
      {low("L1", now - kHour, "n1", 5), low("L2", now - 30 * kMinute, "n2", 5),
       J("H1").qos("hi").tasks(2).submit(now - 2 * kMinute), J("H2").qos("hi").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(preemptions(r, snap), (Pairs{{"L2", "H1"}, {"L1", "H2"}}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "H1")->nodes), (std::vector<std::string>{"n2:2"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "H2")->nodes), (std::vector<std::string>{"n1:2"}));
  EXPECT_GT(start_of(r, snap, "H1")->priority, 1000);  // kept for the job's start priority
}

// H wants both its tasks on one node. Victims by latest start: V1 (n1), V2 (n2), V3 (n2), V4
// (n1), one proc each. Two procs are enough by count, but V1 and V2 free one on each node; all
// four do it, and so do the first three, the shortest such run of the order: V4 stays.
TEST(Preemption, TheShortestRunOfVictimsThatLetsItStart) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = compile_policy(kQos);
  auto one = [&](std::string id, Seconds ago, std::string node) {
    Job j = running_on(J(std::move(id)).qos("lo").walltime(4 * kHour), now - ago, {std::move(node)});
    j.sched.start_priority = 5;
    return j;
  };
  ClusterSnapshot snap =
      snapshot_of(now, two_nodes(),
                  {one("V4", 4 * kMinute, "n1"), one("V3", 3 * kMinute, "n2"), one("V2", 2 * kMinute, "n2"),
                   one("V1", kMinute, "n1"), J("H").qos("hi").tasks(2).nodes(1).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(preemptions(r, snap), (Pairs{{"V1", "H"}, {"V2", "H"}, {"V3", "H"}}));
  ASSERT_NE(start_of(r, snap, "H"), nullptr);
  EXPECT_EQ(placed(snap, start_of(r, snap, "H")->nodes), (std::vector<std::string>{"n2:2"}));
}

// Job 1 (QOS lo, both 1-proc nodes, 1 h) runs from 0; job 2 (QOS hi, 1 proc, 30 min) comes at
// 600 s and requeues it; job 1 starts again when job 2 ends, at 2,400 s, and runs its full hour.
TEST(Preemption, TheSimulatorRequeuesAndRunsThePreemptedJobAgain) {
  TestPolicy p = compile_policy(lines({kQos, "USERCFG[DEFAULT] QDEF=lo\nUSERCFG[u2] QDEF=hi\n"}));
  const Trace trace =
      trace_of({trace_job(1, 0, kHour, kHour, 2, "u1"), trace_job(2, 600, 30 * kMinute, kHour, 1, "u2")});
  const auto [r, runs] = simulate_with_runs(*p.dir, trace, {make_node("n1", 1), make_node("n2", 1)});
  ASSERT_EQ(r.jobs.size(), 2u);
  // Where each ran: job 1 on both nodes until 2 requeued it at 600, then again from 2400.
  EXPECT_EQ(runs,
            "job,start,end,how,nodes\n1,0,600,requeued,n2:1 n1:1\n2,600,2400,ended,n2:1\n"
            "1,2400,6000,ended,n2:1 n1:1\n");
  EXPECT_EQ(r.jobs[1].start, Epoch{600});
  EXPECT_EQ(r.jobs[1].end, Epoch{2400});
  EXPECT_EQ(r.jobs[0].start, Epoch{2400});
  EXPECT_EQ(r.jobs[0].end, Epoch{2400 + kHour});
  EXPECT_EQ(r.jobs[0].preempted, 1);
  EXPECT_EQ(r.jobs[1].preempted, 0);
  EXPECT_EQ(r.metrics.preemptions, 1);
  EXPECT_TRUE(r.warnings.empty()) << to_text(r.warnings.front());
}

// The simulator keeps the priority each job started with. One 1-proc node: B (QOS plain) runs
// for 3 h from 0; A (QOS lo) waits behind it from 1 s and starts at 3 h with about 180 minutes of
// queue time as its priority; H (QOS hi, priority 100 here) comes 10 minutes later and does not
// outrank that: it waits for A to end.
TEST(Preemption, AJobThatStartedWithAHigherPriorityStays) {
  TestPolicy p = compile_policy(
      "QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\nCREDWEIGHT 1\nQOSWEIGHT 1\n"
      "QOSCFG[hi] PRIORITY=100 QFLAGS=PREEMPTOR\nQOSCFG[lo] QFLAGS=PREEMPTEE\n"
      "USERCFG[u1] QDEF=lo\nUSERCFG[u2] QDEF=hi\nUSERCFG[u3] QDEF=plain\n");
  const Trace trace = trace_of({trace_job(1, 0, 3 * kHour, 3 * kHour, 1, "u3"), trace_job(2, 1, kHour, kHour, 1, "u1"),
                                trace_job(3, 3 * kHour + 600, kHour, kHour, 1, "u2")});
  SimulationResult r = simulate(*p.dir, trace, {make_node("n1", 1)});
  ASSERT_EQ(r.jobs.size(), 3u);
  EXPECT_EQ(r.jobs[1].start, Epoch{3 * kHour});
  EXPECT_EQ(r.jobs[1].preempted, 0);
  EXPECT_EQ(r.jobs[2].start, Epoch{4 * kHour});
  EXPECT_EQ(r.metrics.preemptions, 0);
}

// A job is requeued at most once per iteration, and only if the RM runs it. Nodes n1 and n2 lie
// in a reservation owned by u2 (OWNERPREEMPT). B (QOS both: PREEMPTOR and PREEMPTEE, priority
// about 500) runs on n1 since it started with priority 1, L (QOS lo) on n2 with 2. H1 (QOS hi)
// requeues B and takes n1; B, waiting again, requeues L and takes n2; then u2's H2, an owner,
// finds the other jobs in its reservation: H1 and B, both started by this iteration, and L,
// requeued already. It gets none of them and waits.
TEST(Preemption, AJobIsRequeuedOnceAndOnlyWhileItRuns) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = compile_policy(
      lines({kQos, "QOSCFG[both] PRIORITY=500 QFLAGS=PREEMPTOR,PREEMPTEE\n",
             "SRCFG[own] HOSTLIST=n1,n2 PERIOD=INFINITY USERLIST=u1,u2 OWNER=USER:u2 FLAGS=OWNERPREEMPT\n"}));
  Job b = running_on(J("B").user("u1").qos("both").tasks(2).walltime(4 * kHour), now - kHour, {"n1"});
  b.sched.start_priority = 1;
  Job l = running_on(J("L").user("u1").qos("lo").tasks(2).walltime(4 * kHour), now - kHour, {"n2"});
  l.sched.start_priority = 2;
  ClusterSnapshot snap = snapshot_of(now, two_nodes(),
                                     {b, l, J("H1").user("u1").qos("hi").tasks(2).submit(now - 2 * kMinute),
                                      J("H2").user("u2").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(preemptions(r, snap), (Pairs{{"B", "H1"}, {"L", "B"}}));
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"H1", "B"}));
  EXPECT_EQ(start_of(r, snap, "H2"), nullptr);
}

// "SRCFG[test] JOBATTRLIST=PREEMPTEE (Preemptible jobs can access the resources reserved within
// this reservation)": the jobs of a PREEMPTEE QOS have the attribute (docs/semantics.md 87).
TEST(Preemption, PreemptibleJobsUseAJobAttributeReservation) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = compile_policy(lines({kQos, "SRCFG[scavenge] HOSTLIST=n1 PERIOD=INFINITY JOBATTRLIST=PREEMPTEE\n"}));
  ClusterSnapshot snap =
      snapshot_of(now, {make_node("n1", 2)},
                  {J("plain").tasks(2).submit(now - 2 * kMinute), J("low").qos("lo").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"low"}));
  EXPECT_TRUE(r.warnings.empty()) << to_text(r.warnings.front());
}

}  // namespace
}  // namespace maui::runtime::testing
