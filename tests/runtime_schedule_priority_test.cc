// Priority scheduling in the iteration (runtime/engine/priority_scheduling.h): the seed's jobs A,
// B and C (8.2.1) with and without backfill, the QOS flags NOBF and NORESERVATION, a job that can
// never run, RESERVATIONTHRESHOLD*, RESERVATIONDEPTH per RESERVATIONQOSLIST group,
// RESERVATIONPOLICY HIGHEST and the priority factors that need the cluster's totals, against the
// manual's 8.2-8.3 and reference §8 (docs/reference/maui-3.3-semantics.md).
//
// Shared with the other scheduling-iteration tests: tests/schedule_fixtures.h (FCFS policies,
// kNow) and tests/schedule_support.h (one iteration, lookups in its result). Every expected start
// time below is worked out by hand in the comment next to it.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "runtime/rm/sim/simulator.h"
#include "tests/runtime_support.h"
#include "tests/schedule_fixtures.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;

// ---------------------------------------------------------------------------------------------
// 1. Seed 8.2.1: jobs A, B and C on a 2-processor cluster.
//
// "Job A has a 4 hour wallclock limit and requires 1 processor. It started 1 hour ago and will
// reach its wallclock limit in 3 more hours. Job B is the highest priority idle job and requires
// 2 processors for 1 hour. Job C is the next highest priority job and requires 1 processor for 2
// hours." (The manual then says "in 2 hours"; A's limit is 3 hours away, which is what counts.)

struct AbcCluster {
  std::vector<Node> nodes;
  Strings a_nodes;
};

std::vector<AbcCluster> abc_clusters() {
  return {{{make_node("n1", 1), make_node("n2", 1)}, {"n1"}}, {{make_node("n1", 2)}, {"n1"}}};
}

ClusterSnapshot abc_snapshot(const AbcCluster& c) {
  return snapshot_of(kNow, c.nodes,
                     {running_on(J("A").walltime(4 * kHour), kNow - kHour, c.a_nodes, {1}),
                      J("B").tasks(2).walltime(kHour).submit(kNow - 10 * kMinute),
                      J("C").walltime(2 * kHour).submit(kNow - 5 * kMinute)});
}

// With backfill: B cannot start (one proc is free), so B is reserved at A's limit, now + 3 h;
// C needs 1 proc for 2 h and ends at now + 2 h <= now + 3 h: it starts now, as a backfill
// (B, of higher priority, waits), and passes B once.
TEST(SeedBackfillOverview, WithBackfillCStartsAndBIsReservedAtAsLimit) {
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
  for (const auto& cluster : abc_clusters()) {
    SCOPED_TRACE(cluster.nodes.size() == 2 ? "two 1-proc nodes" : "one 2-proc node");
    ClusterSnapshot snap = abc_snapshot(cluster);
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(started_ids(r, snap), Strings{"C"});
    const StartDecision* c = start_of(r, snap, "C");
    ASSERT_NE(c, nullptr);
    EXPECT_TRUE(c->backfill);
    // C takes the proc A does not use: n2 of two nodes, the second proc of n1 of one.
    EXPECT_EQ(placed(snap, c->nodes), cluster.nodes.size() == 2 ? Strings{"n2:1"} : Strings{"n1:1"});
    const Reservation* b = reservation_named(r, ReservationKind::Job, "B");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->start, kNow + 3 * kHour);
    EXPECT_EQ(b->end, kNow + 4 * kHour);
    EXPECT_EQ(placed(snap, b->nodes), cluster.nodes.size() == 2 ? (Strings{"n1:1", "n2:1"}) : Strings{"n1:2"});
    EXPECT_EQ(bypassed_times(r, snap, "B"), 1);
    // Why B waits, as `mauirun` and the simulator's reasons say it.
    ASSERT_EQ(r.waiting.size(), 1u);
    EXPECT_EQ(r.waiting[0].reason, lines({"reserved: starts in 03:00:00 (epoch ", std::to_string(kNow + 3 * kHour),
                                          cluster.nodes.size() == 2 ? ") on n1,n2" : ") on n1"}));
  }
}

// QOS flags (docs/semantics.md 80) on the same cluster. NOBF: C may start only in priority
// order, so it waits behind B. NORESERVATION: B gets no reservation, so a C of 5 hours (which
// B's reservation at now + 3 h would stop) backfills; with an ordinary QOS it waits.
TEST(SeedBackfillOverview, QosFlagsNobfAndNoreservation) {
  TestPolicy p = fcfs(
      "BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\nQOSCFG[nobf] QFLAGS=NOBF\n"
      "QOSCFG[nores] QFLAGS=NORESERVATION\nQOSCFG[plain] PRIORITY=0\n");
  const AbcCluster cluster = abc_clusters().front();
  ClusterSnapshot snap = abc_snapshot(cluster);
  snap.jobs[2].qos = "nobf";
  IterationResult r = iterate(p, snap);
  EXPECT_TRUE(started_ids(r, snap).empty());
  EXPECT_NE(reservation_named(r, ReservationKind::Job, "B"), nullptr);
  // In priority order a NOBF job starts as any other: here B, once A is gone.
  snap = abc_snapshot(cluster);
  snap.jobs.erase(snap.jobs.begin());
  snap.jobs[0].qos = "nobf";
  r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), Strings{"B"});

  snap = abc_snapshot(cluster);
  snap.jobs[2].walltime = 5 * kHour;
  snap.jobs[1].qos = "plain";
  r = iterate(p, snap);
  EXPECT_TRUE(started_ids(r, snap).empty());
  snap.jobs[1].qos = "nores";
  r = iterate(p, snap);
  EXPECT_EQ(reservation_named(r, ReservationKind::Job, "B"), nullptr);
  EXPECT_EQ(started_ids(r, snap), Strings{"C"});
  EXPECT_TRUE(r.warnings.empty());
  // A flag the engine does not implement is reported, not silently dropped.
  TestPolicy preempt = fcfs("QOSCFG[hi] QFLAGS=PREEMPTSPV,NOBF\n");
  EXPECT_EQ(messages(iterate(preempt, snap).warnings),
            Strings{"QOSCFG[hi] QFLAGS=PREEMPTSPV: ignored: soft-policy violators do not become preemptible in this "
                    "engine (PREEMPTEE does)"});
}

// A job that can never run is removed, not waited for: it passes nobody. On 2 procs, W (3 procs,
// first in priority) can never run; the NOBF job N and the plain job P behind it start in
// priority order, neither as a backfill.
TEST(SeedBackfillOverview, AJobThatCanNeverRunIsNotWaitedFor) {
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\nQOSCFG[nobf] QFLAGS=NOBF\n");
  const Epoch now = kMonday + 10 * kHour;
  ClusterSnapshot snap = snapshot_of(now, {make_node("n1", 1), make_node("n2", 1)},
                                     {J("W").tasks(3).submit(now - 3 * kMinute),
                                      J("N").qos("nobf").submit(now - 2 * kMinute), J("P").submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  ASSERT_EQ(r.never_runnable.size(), 1u);
  EXPECT_EQ(snap.jobs[r.never_runnable[0].job].id, "W");
  EXPECT_EQ(started_ids(r, snap), (Strings{"N", "P"}));
  for (const auto& s : r.starts) EXPECT_FALSE(s.backfill) << snap.jobs[s.job].id;
}

// RESERVATIONTHRESHOLDTYPE / VALUE (reference §8.2, docs/semantics.md 88): only a job whose
// bypass count, queue time or expansion factor exceeds the value gets a priority reservation.
// B (2 procs for 1 h) has waited 10 minutes: queue time 600 s, XFACTOR (600 + 3600) / 3600 =
// 1.17. Without a reservation strict order ends at B, so a 5-hour C starts past it.
TEST(SeedBackfillOverview, ReservationThresholds) {
  const AbcCluster cluster = abc_clusters().front();
  auto reserved = [&](std::string_view threshold, std::int64_t bypassed) {
    TestPolicy p = fcfs(lines({"BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n", threshold}));
    ClusterSnapshot snap = abc_snapshot(cluster);
    snap.jobs[1].sched.bypass_count = bypassed;
    snap.jobs[2].walltime = 5 * kHour;
    IterationResult r = iterate(p, snap);
    const bool has = reservation_named(r, ReservationKind::Job, "B") != nullptr;
    EXPECT_EQ(started_ids(r, snap), has ? Strings{} : Strings{"C"}) << threshold;
    EXPECT_TRUE(r.warnings.empty()) << to_text(r.warnings.front());
    return has;
  };
  EXPECT_TRUE(reserved("", 0));
  EXPECT_FALSE(reserved("RESERVATIONTHRESHOLDTYPE BYPASS\nRESERVATIONTHRESHOLDVALUE 0\n", 0));
  EXPECT_TRUE(reserved("RESERVATIONTHRESHOLDTYPE BYPASS\nRESERVATIONTHRESHOLDVALUE 0\n", 1));
  EXPECT_FALSE(reserved("RESERVATIONTHRESHOLDTYPE QUEUETIME\nRESERVATIONTHRESHOLDVALUE 600\n", 0));
  EXPECT_TRUE(reserved("RESERVATIONTHRESHOLDTYPE QUEUETIME\nRESERVATIONTHRESHOLDVALUE 599\n", 0));
  EXPECT_TRUE(reserved("RESERVATIONTHRESHOLDTYPE XFACTOR\nRESERVATIONTHRESHOLDVALUE 1\n", 0));
  EXPECT_FALSE(reserved("RESERVATIONTHRESHOLDTYPE XFACTOR\nRESERVATIONTHRESHOLDVALUE 2\n", 0));
  // XFMINWCLIMIT 2:00:00 floors the walltime: (600 + 3600) / 7200 = 0.58, not over 1.
  EXPECT_FALSE(reserved("RESERVATIONTHRESHOLDTYPE XFACTOR\nRESERVATIONTHRESHOLDVALUE 1\nXFMINWCLIMIT 2:00:00\n", 0));
}

// Without backfill (BACKFILLPOLICY NONE): strict priority order; B waits, so C waits behind it.
// NONE also makes no priority reservation (reference §8.3).
TEST(SeedBackfillOverview, WithoutBackfillCWaits) {
  TestPolicy p = fcfs("BACKFILLPOLICY NONE\nRESERVATIONDEPTH 1\n");
  for (const auto& cluster : abc_clusters()) {
    SCOPED_TRACE(cluster.nodes.size() == 2 ? "two 1-proc nodes" : "one 2-proc node");
    ClusterSnapshot snap = abc_snapshot(cluster);
    IterationResult r = iterate(p, snap);
    EXPECT_TRUE(r.starts.empty());
    EXPECT_EQ(reservation_named(r, ReservationKind::Job, "B"), nullptr);
    EXPECT_TRUE(r.bypassed.empty());
  }
}

// The story as a simulation. Trace seconds: A (1 proc, limit 4 h) is submitted at 0 and starts
// at once; it really runs 2 h, so it ends at 7200. B (2 procs, 1 h, run 1 h) and C (1 proc,
// 2 h, run 2 h) are submitted at 3600 ("now"); B ranks first (same submission second, lower
// job number).
//   With backfill: at 3600 C starts (ends 3600 + 7200 = 10800), B is reserved at 14400. At 7200
//   A ends, but C holds a proc until 10800: B's reservation slides to 10800 and B starts at
//   10800 = hour 3 ("At time 3, job B starts"), ending at 14400.
//   Without backfill: at 3600 nothing starts. At 7200 A ends and B starts = hour 2 ("job B
//   would have been able to run 2 hours earlier"); it ends at 10800 and C starts then.
TEST(SeedBackfillOverview, SimulatedStory) {
  const Trace trace = trace_of({trace_job(1, 0, 2 * kHour, 4 * kHour, 1), trace_job(2, kHour, kHour, kHour, 2),
                                trace_job(3, kHour, 2 * kHour, 2 * kHour, 1)});
  struct Case {
    std::string_view policy;
    Epoch b_start, c_start;
    bool c_backfilled;
  };
  for (const Case& k : {Case{"BACKFILLPOLICY FIRSTFIT\n", 3 * kHour, kHour, true},
                        Case{"BACKFILLPOLICY NONE\n", 2 * kHour, 3 * kHour, false}}) {
    TestPolicy p = fcfs(lines({"RESERVATIONDEPTH 1\n", k.policy}));
    for (const auto& cluster : abc_clusters()) {
      SCOPED_TRACE(lines({k.policy, cluster.nodes.size() == 2 ? "two 1-proc nodes" : "one 2-proc node"}));
      SimulationResult r = simulate(*p.dir, trace, cluster.nodes);
      ASSERT_EQ(r.jobs.size(), 3u);
      EXPECT_EQ(r.jobs[0].start, Epoch{0});
      EXPECT_EQ(r.jobs[0].end, 2 * kHour);
      EXPECT_EQ(r.jobs[1].start, k.b_start);
      EXPECT_EQ(r.jobs[1].end, k.b_start + kHour);
      EXPECT_EQ(r.jobs[2].start, k.c_start);
      EXPECT_EQ(r.jobs[2].end, k.c_start + 2 * kHour);
      EXPECT_EQ(r.jobs[2].backfilled, k.c_backfilled);
      EXPECT_FALSE(r.jobs[1].backfilled);
    }
  }
}

// RESERVATIONDEPTH per RESERVATIONQOSLIST group (8.2.3: "This depth can be distributed across
// job QOS levels"): group 0 = QOS high, depth 1; group 1 = every other QOS ([ALL]), depth 1.
// Two 1-proc nodes busy with R until now + 4 h; A (normal), B (high), C (normal), 2 procs 1 h
// each, in this priority order. A takes group 1's reservation at now + 4 h; B takes group 0's
// after it, now + 5 h; C finds group 1 used and gets none. With one group of depth 1, only A.
TEST(ReservationDepth, QosGroupsHaveTheirOwnDepth) {
  auto run = [](std::string_view config) {
    TestPolicy p = fcfs(config);
    ClusterSnapshot snap = snapshot_of(kNow, {make_node("n1", 1), make_node("n2", 1)},
                                       {running_on(J("R").tasks(2).walltime(5 * kHour), kNow - kHour, {"n1", "n2"}),
                                        J("A").qos("normal").tasks(2).submit(kNow - 30 * kMinute),
                                        J("B").qos("high").tasks(2).submit(kNow - 20 * kMinute),
                                        J("C").qos("normal").tasks(2).submit(kNow - 10 * kMinute)});
    IterationResult r = iterate(p, snap);
    std::map<std::string, Epoch> out;
    for (const auto& res : r.reservations)
      if (res.kind == ReservationKind::Job) out[res.name] = res.start;
    return out;
  };
  const std::map<std::string, Epoch> groups{{"A", kNow + 4 * kHour}, {"B", kNow + 5 * kHour}};
  EXPECT_EQ(run("QOSCFG[high] PRIORITY=1\nQOSCFG[normal] PRIORITY=1\n"
                "RESERVATIONDEPTH[0] 1\nRESERVATIONQOSLIST[0] high\n"
                "RESERVATIONDEPTH[1] 1\nRESERVATIONQOSLIST[1] [ALL]\n"),
            groups);
  EXPECT_EQ(run("QOSCFG[high] PRIORITY=1\nQOSCFG[normal] PRIORITY=1\nRESERVATIONDEPTH 1\n"),
            (std::map<std::string, Epoch>{{"A", kNow + 4 * kHour}}));
  // RESERVATIONDEPTH 2 in one group: A and B.
  EXPECT_EQ(run("QOSCFG[high] PRIORITY=1\nQOSCFG[normal] PRIORITY=1\nRESERVATIONDEPTH 2\n"), groups);
}

// RESERVATIONPOLICY (reference §8.2). Two 1-proc nodes, both busy until +2 h (R1) and +4 h (R2).
// A (2 procs, 1 h) held the reservation in the last iteration; B (2 procs, 1 h) now outranks it
// (QOS priority). RESERVATIONDEPTH 1: under CURRENTHIGHEST only B, the top job, is reserved
// (at +4 h, when both nodes are free); under HIGHEST A keeps a reservation, re-made first (+4 h
// to +5 h), and B, the new top job, gets the depth's one reservation after it (+5 h).
TEST(ReservationPolicy, HighestKeepsReservationsWhateverTheDepth) {
  const Epoch now = kMonday + 10 * kHour;
  auto snap_with = [&] {
    return snapshot_of(now, {make_node("n1", 1), make_node("n2", 1)},
                       {running_on(J("R1").walltime(3 * kHour), now - kHour, {"n1"}),
                        running_on(J("R2").walltime(5 * kHour), now - kHour, {"n2"}),
                        J("A").tasks(2).submit(now - 2 * kHour), J("B").tasks(2).qos("hi").submit(now - kMinute)});
  };
  Reservation held;
  held.kind = ReservationKind::Job;
  held.name = "A";
  const std::vector<Reservation> previous{held};
  for (std::string_view policy : {"CURRENTHIGHEST", "HIGHEST"}) {
    SCOPED_TRACE(policy);
    TestPolicy p = fcfs(lines({"QOSWEIGHT 1\nCREDWEIGHT 1\nQOSCFG[hi] PRIORITY=10000\nRESERVATIONDEPTH 1\n",
                               "RESERVATIONPOLICY ", policy, "\n"}));
    ClusterSnapshot snap = snap_with();
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &snap;
    in.previous_reservations = previous;
    IterationResult r = schedule_iteration(in);
    EXPECT_TRUE(r.starts.empty());
    EXPECT_TRUE(r.warnings.empty());
    const Reservation* a = reservation_named(r, ReservationKind::Job, "A");
    const Reservation* b = reservation_named(r, ReservationKind::Job, "B");
    ASSERT_NE(b, nullptr);
    if (policy == "CURRENTHIGHEST") {
      EXPECT_EQ(a, nullptr);
      EXPECT_EQ(b->start, now + 4 * kHour);
    } else {
      ASSERT_NE(a, nullptr);
      EXPECT_EQ(a->start, now + 4 * kHour);
      EXPECT_EQ(b->start, now + 5 * kHour);
    }
  }
}

// The PE priority factor weighs a job's request against the cluster's totals: the iteration
// sums them for ranking even when no limit is configured. n1 has 3,000 MB, n2 1,000 MB: "big"
// asks 1 proc and 3,000 MB, 1.5 processor equivalents (3/4 of the memory of 2 procs); "small"
// asks 1 proc, PE 1. With PEWEIGHT 100, big ranks 150 + 5 (minutes queued), small 100 + 10:
// big first, although it came later.
TEST(PriorityInTheIteration, ProcessorEquivalentsUseTheClusterTotals) {
  TestPolicy p = fcfs("RESWEIGHT 1\nPEWEIGHT 100\nBACKFILLPOLICY FIRSTFIT\n");
  Job big = J("big").submit(kNow - 5 * kMinute);
  big.memory_per_task_mb = 3000;
  ClusterSnapshot snap = snapshot_of(kNow, {make_node("n1", 1, 3000), make_node("n2", 1, 1000)},
                                     {J("small").submit(kNow - 10 * kMinute), big});
  IterationResult r = iterate(p, snap);
  ASSERT_EQ(r.queue.ranked.size(), 2U);
  EXPECT_EQ(snap.jobs[r.queue.ranked[0].index].id, "big");
  EXPECT_EQ(r.queue.ranked[0].priority, 155);
  EXPECT_EQ(r.queue.ranked[1].priority, 110);
}

}  // namespace
}  // namespace maui::runtime
