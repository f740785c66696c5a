// The scheduling iteration (runtime/engine/scheduler.h), the resource calendar's backfill windows
// (runtime/engine/calendar.h), reservations as the scheduler sees them (runtime/engine/reservations.h) and the
// trace-driven simulator (runtime/rm/sim/simulator.h), against the manual's 8.2 (backfill) and 7.1.5
// (reservations) and reference §7-9.
//
// Every expected start time below is worked out by hand in the comment next to it. Times are
// epochs; kMonday (tests/schedule_support.h) is Monday 1996-09-23 00:00 UTC, so "Tue 10:00" is
// kMonday + 1 day + 10 h. Job priorities come from queue time only (QUEUETIMEWEIGHT 1,
// JOBPRIOACCRUALPOLICY ALWAYS): an earlier submission ranks first.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/calendar.h"
#include "runtime/engine/iteration_bookings.h"
#include "runtime/engine/placement_order.h"
#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "runtime/rm/sim/simulator.h"
#include "runtime/io/swf.h"
#include "tests/runtime_support.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;
using Strings = std::vector<std::string>;

// FCFS priority (queue time only) and no fairshare; `extra` adds the lines under test.
TestPolicy fcfs(std::string_view extra) {
  return compile_policy(lines({"QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\n",
                               extra}));
}

// ---------------------------------------------------------------------------------------------
// 1. Seed 8.2.1: jobs A, B and C on a 2-processor cluster.
//
// "Job A has a 4 hour wallclock limit and requires 1 processor. It started 1 hour ago and will
// reach its wallclock limit in 3 more hours. Job B is the highest priority idle job and requires
// 2 processors for 1 hour. Job C is the next highest priority job and requires 1 processor for 2
// hours." (The manual then says "in 2 hours"; A's limit is 3 hours away, which is what counts.)

constexpr Epoch kNow = kMonday + 12 * kHour;

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
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\nQOSCFG[nobf] QFLAGS=NOBF\n"
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
  EXPECT_EQ(iterate(preempt, snap).warnings,
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
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
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

// ---------------------------------------------------------------------------------------------
// 2. Seed 8.2.2's backfill windows: 8 nodes, two running jobs and a reservation for job C.
//
// Nodes 0..7, one proc each, now = T. Running job X on nodes 0, 1, 2 until T + 1 h; running job
// Y on node 7 until T + 2 h. Job C's reservation (id 0) holds nodes 0..5 over [T + 1 h, T + 2 h).
// Idle now: nodes 3, 4, 5, 6. Nodes 3, 4, 5 stay free until C's reservation starts (1 h);
// node 6 is never booked. Largest node-time rectangles: 4 nodes x 1 h (Window 1), then 1 node
// with no limit (Window 2); they overlap, widest first.
TEST(BackfillWindows, SeedFigureTwoOverlappingWindows) {
  std::vector<Node> nodes;
  for (int i = 0; i < 8; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  const Epoch t = kNow;
  ResourceCalendar cal(nodes, t);
  const Resources one{1, 0, 0, 0};
  for (std::size_t n : {0, 1, 2}) cal.book(n, {t - kHour, t + kHour, one, kNoReservation, kNoReservation, {}});
  cal.book(7, {t - kHour, t + 2 * kHour, one, kNoReservation, kNoReservation, {}});
  for (std::size_t n = 0; n < 6; ++n) cal.book(n, {t + kHour, t + 2 * kHour, one, 0, kNoReservation, {}});

  const BackfillWindows w = cal.backfill_windows(Viewer{});
  ASSERT_EQ(w.windows.size(), 2u);
  EXPECT_EQ(w.windows[0].duration, kHour);
  EXPECT_EQ(w.windows[0].procs, 4);
  auto nodes_of = [&](const BackfillWindow& win) {
    std::vector<std::size_t> v(w.nodes(win).begin(), w.nodes(win).end());
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(nodes_of(w.windows[0]), (std::vector<std::size_t>{3, 4, 5, 6}));
  EXPECT_EQ(w.windows[1].duration, kEndOfTime - t);
  EXPECT_EQ(w.windows[1].procs, 1);
  EXPECT_EQ(nodes_of(w.windows[1]), (std::vector<std::size_t>{6}));

  // Job C itself may use its reservation: for it all four idle nodes are free for ever.
  Viewer c;
  c.may_use = {true};
  const BackfillWindows wc = cal.backfill_windows(c);
  ASSERT_EQ(wc.windows.size(), 1u);
  EXPECT_EQ(wc.windows[0].duration, kEndOfTime - t);
  EXPECT_EQ(wc.windows[0].procs, 4);
}

// free_tasks_by_duration is free_tasks for every duration at once: on random calendars (nodes
// of 4 procs and 8 GB, bookings of running jobs and of reservations, some the viewer may use),
// the step it returns for d equals free_tasks(now, now + d) for every d up to past the last
// booking.
TEST(ResourceCalendarSteps, FreeTasksByDurationEqualsFreeTasksForEveryDuration) {
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto random_user = [&] {
    return pick(0, 2) == 0 ? NodeUser{} : NodeUser{static_cast<std::uint32_t>(pick(1, 3)), pick(0, 1) == 1};
  };
  for (int round = 0; round < 200; ++round) {
    std::vector<Node> nodes;
    for (int i = 0; i < 3; ++i) {
      nodes.push_back(make_node(lines({"n", std::to_string(i)}), 4));
      nodes.back().memory_mb = 8192;
      nodes.back().max_jobs = pick(0, 3);  // NODECFG MAXJOB, 0: none
    }
    const Epoch t = kNow;
    ResourceCalendar cal(nodes, t);
    if (pick(0, 1)) cal.mark_job_reservation(0);  // a job's reservation: a job on its nodes
    for (int b = pick(0, 6); b > 0; --b) {
      const Epoch start = t + pick(-50, 60), end = start + pick(1, 80);
      const auto reservation = pick(0, 2) == 0 ? kNoReservation : static_cast<ReservationId>(pick(0, 1));
      // Running jobs' bookings, some inside reservation 0; some users' jobs SINGLEUSER.
      const auto inside = reservation == kNoReservation && pick(0, 1) ? ReservationId{0} : kNoReservation;
      cal.book(pick(0, 2), {start, end, Resources{pick(1, 3), pick(0, 4096), 0, 0}, reservation, inside, random_user()});
    }
    Viewer v;
    v.may_use = {pick(0, 1) == 1, false};
    v.user = random_user();
    const Resources per_task{pick(1, 2), pick(0, 1) * 2048, 0, 0};
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      std::vector<std::pair<Seconds, std::int64_t>> steps;
      cal.free_tasks_by_duration(n, t, per_task, v, steps);
      ASSERT_FALSE(steps.empty());
      ASSERT_EQ(steps.front().first, 1);
      std::int64_t least = std::numeric_limits<std::int64_t>::max();  // second by second
      for (Seconds d = 1; d <= 150; ++d) {
        least = std::min(least, tasks_in(cal.free_at(n, t + d - 1, v), per_task));
        auto at = std::upper_bound(steps.begin(), steps.end(), std::pair{d, std::numeric_limits<std::int64_t>::max()});
        ASSERT_EQ(cal.free_tasks(n, t, t + d, per_task, v), least) << "round " << round << " node " << n << " duration " << d;
        ASSERT_EQ(std::prev(at)->second, least) << "round " << round << " node " << n << " duration " << d;
      }
      // How long a task stays free: the first second without one (bookings end by t + 140).
      Seconds free_for = 0;
      while (free_for < 150 && tasks_in(cal.free_at(n, t + free_for, v), per_task) > 0) ++free_for;
      EXPECT_EQ(cal.free_for(n, t, per_task, v), free_for == 150 ? kEndOfTime - t : free_for)
          << "round " << round << " node " << n;
    }
  }
}

// Booking many at once (append, then sort_bookings) leaves every node's bookings as booking
// them one by one does: in start order, bookings that start together in booking order, after
// those already there; empty bookings dropped.
TEST(ResourceCalendarAppend, AppendedThenSortedEqualsBookedOneByOne) {
  std::mt19937 rng(29);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int reordered = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<Node> nodes;
    for (int i = 0; i < 6; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 4));
    ResourceCalendar one_by_one(nodes, kNow), appended(nodes, kNow);
    for (int b = pick(0, 4); b > 0; --b) {  // already there (an administrative reservation)
      const auto n = static_cast<std::size_t>(pick(0, 5));
      const Booking booking{kNow + pick(-5, 5), kNow + pick(0, 20), Resources{1, 0, 0, 0}, 0, kNoReservation, {}};
      one_by_one.book(n, booking);
      appended.book(n, booking);
    }
    for (int b = pick(0, 25); b > 0; --b) {
      const auto n = static_cast<std::size_t>(pick(0, 5));
      // Few distinct starts, so that many bookings start together; ids tell them apart.
      const Booking booking{kNow - pick(0, 3), kNow + pick(-1, 30), Resources{pick(1, 2), 0, 0, 0}, kNoReservation,
                            static_cast<ReservationId>(b), {}};
      one_by_one.book(n, booking);
      appended.append(n, booking);
    }
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const auto a = appended.bookings(n);
      reordered += !std::is_sorted(a.begin(), a.end(), [](const Booking& x, const Booking& y) { return x.start < y.start; });
    }
    appended.sort_bookings();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const auto want = one_by_one.bookings(n), got = appended.bookings(n);
      ASSERT_TRUE(std::equal(want.begin(), want.end(), got.begin(), got.end())) << "round " << round << " node " << n;
    }
  }
  EXPECT_GT(reordered, 100);  // sorting had work to do
}

// The base a scheduler keeps from one iteration to the next: back_to_base() drops exactly what
// was booked after keep_as_base(), and refuses (false) when a booking went in among the base
// ones or the nodes changed; unbook() and book_in_base() change the base itself.
TEST(ResourceCalendarBase, BackToBaseDropsExactlyWhatCameAfter) {
  std::mt19937 rng(31);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto list = [](const ResourceCalendar& c, std::size_t n) {
    const auto b = c.bookings(n);
    return std::vector<Booking>(b.begin(), b.end());
  };
  int kept = 0, refused = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<Node> nodes;
    for (int i = 0; i < 5; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 4));
    ResourceCalendar cal(nodes, kNow);
    EXPECT_FALSE(cal.back_to_base(nodes, kNow));  // nothing kept yet
    for (int b = pick(0, 8); b > 0; --b)
      cal.book(static_cast<std::size_t>(pick(0, 4)),
               {kNow - pick(0, 50), kNow + pick(1, 50), Resources{1, 0, 0, 0}, kNoReservation, kNoReservation, {}});
    cal.keep_as_base();
    std::vector<std::vector<Booking>> base;
    for (std::size_t n = 0; n < nodes.size(); ++n) base.push_back(list(cal, n));
    // Later bookings; now and then one that starts before a base booking on its node.
    bool among_base = false;
    for (int b = pick(0, 6); b > 0; --b) {
      const auto n = static_cast<std::size_t>(pick(0, 4));
      const Epoch start = pick(0, 9) == 0 ? kNow - pick(0, 60) : kNow + pick(0, 40);
      for (const auto& x : base[n]) among_base |= start < x.start;
      cal.book(n, {start, start + pick(1, 30), Resources{1, 0, 0, 0}, 0, kNoReservation, {}});
    }
    ASSERT_EQ(cal.back_to_base(nodes, kNow + 5), !among_base) << "round " << round;
    if (among_base) {
      ++refused;
      continue;
    }
    ++kept;
    EXPECT_EQ(cal.now(), kNow + 5);
    for (std::size_t n = 0; n < nodes.size(); ++n) ASSERT_EQ(list(cal, n), base[n]) << "round " << round;
    // The base changes: one booking leaves, one comes; going back keeps both changes.
    const auto n = static_cast<std::size_t>(pick(0, 4));
    if (!base[n].empty()) {
      const Booking gone = base[n][static_cast<std::size_t>(pick(0, static_cast<int>(base[n].size()) - 1))];
      cal.unbook(n, gone);
      base[n].erase(std::find(base[n].begin(), base[n].end(), gone));
    }
    const Booking added{kNow - pick(0, 50), kNow + pick(1, 50), Resources{2, 0, 0, 0}, kNoReservation, kNoReservation, {}};
    cal.book_in_base(n, added);
    base[n].insert(std::upper_bound(base[n].begin(), base[n].end(), added.start,
                                    [](Epoch t, const Booking& b) { return t < b.start; }),
                   added);
    cal.book(n, {kNow + 100, kNow + 200, Resources{1, 0, 0, 0}, 0, kNoReservation, {}});
    ASSERT_TRUE(cal.back_to_base(nodes, kNow + 6));
    for (std::size_t k = 0; k < nodes.size(); ++k) ASSERT_EQ(list(cal, k), base[k]) << "round " << round;
    // Other nodes: no going back.
    std::vector<Node> changed = nodes;
    switch (round % 4) {
      case 0: changed[static_cast<std::size_t>(pick(0, 4))].procs = 8; break;
      case 1: changed[static_cast<std::size_t>(pick(0, 4))].memory_mb = 1024; break;
      case 2: changed[static_cast<std::size_t>(pick(0, 4))].state = NodeState::Down; break;
      case 3: changed.pop_back(); break;
    }
    EXPECT_FALSE(cal.back_to_base(changed, kNow + 7)) << "round " << round;
    EXPECT_FALSE(cal.back_to_base(nodes, kNow + 7)) << "round " << round;  // until kept again
  }
  EXPECT_GT(kept, 100);
  EXPECT_GT(refused, 15);
}

// earliest_start at the base answers as a search on a calendar built afresh with the same
// bookings: through base changes (unbook, book_in_base), bookings beyond the base, going back to
// it at later times, and questions asked again (the answer it remembers) or changed.
TEST(ResourceCalendarBase, EarliestStartAtTheBaseEqualsAFreshSearch) {
  std::mt19937 rng(37);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  // Jobs of users 1 to 3, some SINGLEUSER (NodeUser); the question asked for one of them.
  auto random_user = [&] { return NodeUser{static_cast<std::uint32_t>(pick(1, 3)), pick(0, 2) == 0}; };
  auto asking = [&] {
    Viewer v;
    v.user = random_user();
    return v;
  };
  std::vector<Node> nodes;
  for (int i = 0; i < 6; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 2));
  const std::vector<std::size_t> all{0, 1, 2, 3, 4, 5};
  int asked_again = 0, questions = 0;
  for (int round = 0; round < 200; ++round) {
    ResourceCalendar cal(nodes, kNow);
    Epoch now = kNow;
    auto running = [&] {
      const Epoch start = now - pick(0, 50);
      return Booking{start, now + pick(1, 80), Resources{pick(1, 2), 0, 0, 0}, kNoReservation, kNoReservation, random_user()};
    };
    for (int b = pick(0, 6); b > 0; --b) cal.book(static_cast<std::size_t>(pick(0, 5)), running());
    cal.keep_as_base();
    struct Question {
      std::int64_t tasks;
      Seconds walltime;
      Viewer viewer;
    } q{pick(1, 12), pick(1, 100), asking()};
    for (int step = 0; step < 30; ++step) {
      now += pick(0, 3) == 0 ? 0 : pick(1, 20);
      ASSERT_TRUE(cal.back_to_base(nodes, now)) << "round " << round << " step " << step;
      switch (pick(0, 5)) {
        case 0: {  // a running job ends
          const auto n = static_cast<std::size_t>(pick(0, 5));
          const auto b = cal.bookings(n);
          if (!b.empty()) cal.unbook(n, b[static_cast<std::size_t>(pick(0, static_cast<int>(b.size()) - 1))]);
          break;
        }
        case 1: cal.book_in_base(static_cast<std::size_t>(pick(0, 5)), running()); break;  // one starts
        case 2: q = {pick(1, 12), pick(1, 100), asking()}; break;                           // another question
        case 3: q.viewer = asking(); break;                                   // the same, maybe by another user
        default: break;                                                                     // time passes
      }
      for (int again = pick(1, 2); again > 0; --again) {  // the same question once or twice
        ResourceCalendar fresh(nodes, now);
        for (std::size_t n = 0; n < nodes.size(); ++n)
          for (const auto& b : cal.bookings(n)) fresh.book(n, b);
        const auto want = fresh.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        const auto got = cal.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        ++questions, asked_again += again == 1;
        ASSERT_EQ(got.has_value(), want.has_value()) << "round " << round << " step " << step;
        if (!want) continue;
        ASSERT_EQ(got->start, want->start) << "round " << round << " step " << step;
        ASSERT_EQ(got->offer, want->offer) << "round " << round << " step " << step;
      }
      // A booking beyond the base (a reservation), asked about too, gone at the next step.
      if (pick(0, 1)) {
        cal.book(static_cast<std::size_t>(pick(0, 5)), {now + pick(0, 40), now + pick(41, 90), Resources{2, 0, 0, 0}, 0,
                                                        kNoReservation, {}});
        ResourceCalendar fresh(nodes, now);
        for (std::size_t n = 0; n < nodes.size(); ++n)
          for (const auto& b : cal.bookings(n)) fresh.book(n, b);
        const auto want = fresh.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        const auto got = cal.earliest_start(all, Resources{1, 0, 0, 0}, q.tasks, q.walltime, 0, q.viewer, now);
        ASSERT_EQ(got.has_value(), want.has_value()) << "round " << round << " step " << step;
        if (want) {
          ASSERT_EQ(got->start, want->start) << "round " << round << " step " << step;
        }
      }
    }
  }
  EXPECT_GT(questions, 5000);
  EXPECT_GT(asked_again, 1000);
}

// NODECFG MAXJOB in the calendar: n0 (4 procs, at most 2 jobs) runs two 1-proc jobs, until +50
// and +80; n1 (1 proc, no limit) is busy until +30. One more 1-proc task finds n0's free procs
// only when a job ends: n1 first, at +30; with n1 busy longer, n0 at +50. Another job's
// reservation counts as a job; the asking job's own does not.
TEST(ResourceCalendarJobLimit, AJobWaitsForAJobToEndNotForProcs) {
  std::vector<Node> nodes{make_node("n0", 4), make_node("n1", 1)};
  nodes[0].max_jobs = 2;
  const Epoch t = kNow;
  const Resources one{1, 0, 0, 0};
  auto running = [](Epoch from, Epoch to) { return Booking{from, to, Resources{1, 0, 0, 0}, kNoReservation, kNoReservation, {}}; };
  const std::vector<std::size_t> all{0, 1};
  Viewer v;
  {
    ResourceCalendar cal(nodes, t);
    cal.book(0, running(t - 10, t + 50));
    cal.book(0, running(t - 10, t + 80));
    cal.book(1, running(t - 10, t + 30));
    EXPECT_EQ(cal.free_tasks(0, t, t + 1, one, v), 0);
    EXPECT_EQ(cal.earliest_start(all, one, 1, 10, 0, v, t)->start, t + 30);
    cal.book(1, running(t + 30, t + 100));
    EXPECT_EQ(cal.earliest_start(all, one, 1, 10, 0, v, t)->start, t + 50);
    EXPECT_EQ(cal.free_tasks(0, t + 50, t + 60, one, v), 3);  // one job left: its 3 free procs
  }
  // One job runs on n0 until +50; job reservation 0 holds 1 proc of n0 from +20 to +90. From +20
  // to +50 n0 holds two jobs for anyone but the reserved job itself: a 30 s task fits at +50.
  ResourceCalendar cal(nodes, t);
  cal.mark_job_reservation(0);
  cal.book(0, running(t - 10, t + 50));
  cal.book(0, Booking{t + 20, t + 90, one, 0, kNoReservation, {}});
  cal.book(1, running(t - 10, t + 200));
  EXPECT_EQ(cal.free_tasks(0, t, t + 10, one, v), 3);
  EXPECT_EQ(cal.free_tasks(0, t, t + 30, one, v), 0);
  EXPECT_EQ(cal.earliest_start(all, one, 1, 30, 0, v, t)->start, t + 50);
  Viewer reserved;
  reserved.may_use = {1};
  EXPECT_EQ(cal.free_tasks(0, t, t + 30, one, reserved), 3);
}

// earliest_start asks once per run of neighbouring nodes with the same calendar: on calendars
// where runs of nodes hold the same bookings (and some differ by one booking), its answer must
// be the brute-force one: the first second at which the nodes' offers for the whole walltime add
// up to the job, and every node's offer then (a down node offers nothing, even amid a run). An
// offer marked as on the same calendar as the one before it must be (callers then ask once for
// both).
TEST(ResourceCalendarRuns, EarliestStartEqualsTheBruteForceAnswer) {
  int marked = 0;
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto random_user = [&] {
    return pick(0, 2) == 0 ? NodeUser{} : NodeUser{static_cast<std::uint32_t>(pick(1, 3)), pick(0, 1) == 1};
  };
  for (int round = 0; round < 300; ++round) {
    std::vector<Node> nodes;
    // Identical nodes on some calendars: long runs, which a down node must cut.
    const bool identical = pick(0, 2) == 0;
    for (int i = 0; i < 8; ++i)
      nodes.push_back(make_node(lines({"n", std::to_string(i)}), identical || pick(1, 2) == 1 ? 2 : 4,
                                !identical && pick(0, 1) ? 4096 : 0));
    if (pick(0, 3) == 0) nodes[static_cast<std::size_t>(pick(0, 7))].state = NodeState::Down;
    if (pick(0, 2) == 0)
      for (auto& n : nodes) n.max_jobs = identical ? 2 : pick(0, 3);  // NODECFG MAXJOB, 0: none
    const Epoch t = kNow;
    ResourceCalendar cal(nodes, t);
    if (pick(0, 1)) cal.mark_job_reservation(0);
    // A booking on a run of nodes, like a job's; many of them on some calendars (conservative
    // backfill books a reservation per waiting job), some asking memory as well as procs.
    for (int b = pick(0, 3) == 0 ? pick(6, 20) : pick(0, 5); b > 0; --b) {
      const Epoch start = t + pick(-50, 100), end = start + pick(1, 100);
      const auto reservation = pick(0, 2) == 0 ? static_cast<ReservationId>(0) : kNoReservation;
      const int first = pick(0, 7), last = pick(first, 7);
      const NodeUser user = random_user();  // one job's
      for (int n = first; n <= last; ++n)
        cal.book(static_cast<std::size_t>(n), {start, end, Resources{pick(1, 2) == 1 ? 1 : 2, pick(0, 2) * 1024, 0, 0},
                                               reservation, kNoReservation, user});
    }
    Viewer v;
    v.may_use = {pick(0, 1) == 1};
    v.user = random_user();
    const Resources per_task{pick(1, 2), pick(0, 1) * 1024, 0, 0};
    const std::int64_t tasks = pick(1, 12), cap = pick(0, 2);
    const Seconds w = pick(1, 60);
    std::vector<std::size_t> candidates(nodes.size());
    std::iota(candidates.begin(), candidates.end(), 0);
    auto got = cal.earliest_start(candidates, per_task, tasks, w, cap, v, t);
    std::optional<ResourceCalendar::Opening> want;
    for (Epoch s = t; s <= t + 300 && !want; ++s) {
      ResourceCalendar::Opening o{s, {}, {}};
      std::int64_t total = 0;
      for (std::size_t n : candidates)
        if (const std::int64_t k = tasks_offered(cal.free_tasks(n, s, s + w, per_task, v), cap); k > 0) {
          o.offer.push_back({n, k});
          total += k;
        }
      if (total >= tasks) want = o;
    }
    ASSERT_EQ(got.has_value(), want.has_value()) << "round " << round;
    if (!got) continue;
    EXPECT_EQ(got->start, want->start) << "round " << round;
    EXPECT_EQ(got->offer, want->offer) << "round " << round;
    ASSERT_EQ(got->same_as_previous.size(), got->offer.size()) << "round " << round;
    for (std::size_t k = 0; k < got->offer.size(); ++k) {
      if (!got->same_as_previous[k]) continue;
      ASSERT_GT(k, 0u) << "round " << round;
      EXPECT_TRUE(cal.same_calendar(got->offer[k - 1].node, got->offer[k].node)) << "round " << round << " offer " << k;
      ++marked;
    }
  }
  EXPECT_GT(marked, 30);  // neighbouring nodes with the same bookings are marked
}

// take_front takes what a job takes, in key order: on random offers (few or many distinct
// prefixes, allocation keys increasing along the offers or not, as node order gives them or
// not) it takes the shortest prefix of a full sort that holds the job's tasks, the last offer
// cut to the tasks left.
TEST(PlacementOrder, TakeFrontEqualsTheTakenPrefixOfAFullSort) {
  std::mt19937 rng(5);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int shortened = 0;
  PlacementScratch scratch;  // reused from round to round, as the scheduler does
  for (int round = 0; round < 2000; ++round) {
    const int n = pick(0, 60), prefixes = pick(1, 24);
    const bool increasing = pick(0, 3) != 0;
    std::vector<Offer> offers;
    for (int k = 0; k < n; ++k) {
      const int p = pick(0, prefixes - 1);
      const std::int64_t alloc = increasing ? k : pick(0, 1000) * 100 + k;  // distinct either way
      offers.push_back({{static_cast<std::size_t>(k), pick(1, 3)}, {p % 4, p / 4, pick(0, 1), alloc, 0, k}});
    }
    std::vector<Offer> want = offers;
    std::sort(want.begin(), want.end(), [](const Offer& a, const Offer& b) { return a.key < b.key; });
    const std::int64_t tasks = pick(0, 2 * n + 2);
    std::int64_t left = tasks;
    std::vector<NodeTasks> taken;  // node k is offer k's, so the nodes show the order
    for (std::size_t k = 0; k < want.size() && left > 0; ++k) {
      taken.push_back({want[k].nt.node, std::min(want[k].nt.tasks, left)});
      left -= taken.back().tasks;
    }
    ASSERT_EQ(take_front(offers, tasks, scratch), taken) << "round " << round;
    shortened += taken.size() < want.size();
  }
  EXPECT_GT(shortened, 500);  // most rounds leave offers behind
}

// take_front_of_runs takes what take_front takes of the offers the runs stand for: on random
// runs of consecutive nodes (each run one place, few or many distinct places), with
// FIRSTAVAILABLE keys (the node index) and MINRESOURCE keys (the run's procs and memory, then
// the index), in node order or shuffled.
TEST(PlacementOrder, TakeFrontOfRunsEqualsTakeFrontOfTheirOffers) {
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int cut = 0, multi_run = 0, in_order = 0;
  PlacementScratch scratch;
  for (int round = 0; round < 2000; ++round) {
    const bool min_resource = pick(0, 1);
    const int places = pick(1, 6);
    std::vector<OfferRun> runs;
    std::vector<Offer> offers;
    std::size_t node = static_cast<std::size_t>(pick(0, 3));
    for (int r = pick(0, 12); r > 0; --r) {
      const std::int64_t count = pick(1, 8), tasks = pick(1, 3), procs = pick(1, 3), mem = pick(0, 1) * 1024;
      const int place = pick(0, places - 1);
      auto key = [&](std::size_t n) -> std::array<std::int64_t, 6> {
        const auto i = static_cast<std::int64_t>(n);
        if (min_resource) return {place % 2, place / 2, 0, procs, mem, i};
        return {place % 2, place / 2, 0, i, 0, 0};
      };
      runs.push_back({node, count, tasks, key(node)});
      for (std::int64_t k = 0; k < count; ++k) {
        const std::size_t n = node + static_cast<std::size_t>(k);
        offers.push_back({{n, tasks}, key(n)});
      }
      node += static_cast<std::size_t>(count + pick(0, 2));  // a gap: a node that offers nothing
    }
    const bool shuffled = pick(0, 1);
    if (shuffled) std::shuffle(runs.begin(), runs.end(), rng);
    std::int64_t total = 0;
    for (const auto& o : offers) total += o.nt.tasks;
    const std::int64_t tasks = pick(0, static_cast<int>(total) + 2);
    const auto want = take_front(offers, tasks, scratch);
    ASSERT_EQ(take_front_of_runs(runs, tasks), want) << "round " << round;
    cut += tasks < total;
    multi_run += runs.size() > 3;
    in_order += !shuffled && !min_resource && runs.size() > 3;
  }
  EXPECT_GT(cut, 1000);
  EXPECT_GT(multi_run, 1000);
  EXPECT_GT(in_order, 300);
}

// A run of nodes 3 and 4 grows by node 5 only: not by 7 (a gap), not by 4 again; no run, no growth.
TEST(PlacementOrder, ARunGrowsOnlyByItsNextNode) {
  std::vector<OfferRun> runs;
  EXPECT_FALSE(extends_last_run(runs, 0));
  runs.push_back({3, 2, 1, {}});
  EXPECT_FALSE(extends_last_run(runs, 7));
  EXPECT_FALSE(extends_last_run(runs, 4));
  EXPECT_TRUE(extends_last_run(runs, 5));
  EXPECT_EQ(runs.back().count, 3);
  EXPECT_TRUE(extends_last_run(runs, 6));
  EXPECT_EQ(runs.back().count, 4);
}

// The same picture through the scheduler with BESTFIT. X (3 procs) runs on n0..n2 until T + 1 h,
// Y on n7 until T + 2 h. C (6 procs, 1 h) ranks first: 4 nodes are idle, so it is reserved at
// T + 1 h (X ends; n0..n6 are free then, n7 is not). Its 6 nodes: the 3 busy now (n0..n2)
// before idle ones, then 3 of the idle n3..n6 (LASTAVAILABLE: n6, n5, n4), so n4..n6 stay free
// 1 h and n3 for ever: Window 1 = 4 nodes x 1 h, Window 2 = n3, unlimited. C2 (8 procs) ranks
// second, cannot start and gets no reservation (RESERVATIONDEPTH 1): strict priority order ends
// and E (1 proc, 3 h) then D (4 procs, 1 h) go to backfill. Widest window first: in Window 1 E
// does not fit (3 h > 1 h) and D fits exactly: D starts on n3..n6. Window 2's node is now D's,
// so E does not start. (Traversing the narrow window first would have put E on n3, and D, with
// 3 nodes left, could not start.)
TEST(BackfillWindows, BestfitTraversesTheWidestWindowFirst) {
  TestPolicy p = fcfs("BACKFILLPOLICY BESTFIT\nBACKFILLMETRIC PROCS\nRESERVATIONDEPTH 1\n");
  std::vector<Node> nodes;
  for (int i = 0; i < 8; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  ClusterSnapshot snap = snapshot_of(kNow, nodes,
                                     {running_on(J("X").tasks(3).walltime(2 * kHour), kNow - kHour, {"n0", "n1", "n2"}),
                                      running_on(J("Y").walltime(3 * kHour), kNow - kHour, {"n7"}),
                                      J("C").tasks(6).walltime(kHour).submit(kNow - 30 * kMinute),
                                      J("C2").tasks(8).walltime(kHour).submit(kNow - 25 * kMinute),
                                      J("E").walltime(3 * kHour).submit(kNow - 20 * kMinute),
                                      J("D").tasks(4).walltime(kHour).submit(kNow - 10 * kMinute)});
  IterationResult r = iterate(p, snap);
  const Reservation* c = reservation_named(r, ReservationKind::Job, "C");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->start, kNow + kHour);
  EXPECT_EQ(placed(snap, c->nodes), (Strings{"n0:1", "n1:1", "n2:1", "n4:1", "n5:1", "n6:1"}));
  EXPECT_EQ(started_ids(r, snap), Strings{"D"});
  const StartDecision* d = start_of(r, snap, "D");
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(d->backfill);
  EXPECT_EQ(placed(snap, d->nodes), (Strings{"n3:1", "n4:1", "n5:1", "n6:1"}));
}

// ---------------------------------------------------------------------------------------------
// 3. Reservation stacking (7.1.5 Example 3): access is OR within a reservation and AND across
// overlapping reservations.

constexpr std::string_view kExample3 =
    "SRCFG[interactive] DAYS=MON,TUE,WED,THU,FRI\n"
    "SRCFG[interactive] PERIOD=DAY\n"
    "SRCFG[interactive] STARTTIME=10:00:00 ENDTIME=15:00:00\n"
    "SRCFG[interactive] RESOURCES=PROCS:2,MEM:256\n"
    "SRCFG[interactive] HOSTLIST=node001,node002,node005,node020\n"
    "SRCFG[interactive] TASKCOUNT=6\n"
    "SRCFG[interactive] CLASSLIST=interactive\n"
    "SRCFG[debug]       HOSTLIST=node001,node002,node003,node004\n"
    "SRCFG[debug]       USERLIST=helpdesk\n"
    "SRCFG[debug]       GROUPLIST=operations,sysadmin\n"
    "SRCFG[debug]       PERIOD=INFINITY\n";
// The manual's default ACCESS is DEDICATED ("Otherwise, these other reservations will block
// resource access"; decision 18), so as written the floating `interactive` could not take
// node001/node002, which `debug` holds. The stacking the example describes ("If node001 had both
// of these reservations in place simultaneously") needs both to be SHARED.
constexpr std::string_view kShared = "SRCFG[interactive] ACCESS=SHARED\nSRCFG[debug] ACCESS=SHARED\n";

constexpr Epoch kTuesday = kMonday + kDay;

// "assume that each host is a quad-processor system with 1 GB of memory": a task of 2 procs and
// 256 MB fits twice on a node. R (a job of nobody the reservations admit) runs on node003,
// node004 and node020 for days; node001, node002 and node005 are idle.
ClusterSnapshot example3(Epoch now, Job job) {
  std::vector<Node> nodes;
  for (const char* n : {"node001", "node002", "node003", "node004", "node005", "node020"})
    nodes.push_back(make_node(n, 4, 1024));
  return snapshot_of(now, nodes,
                     {running_on(J("R").user("r").tasks(12).walltime(100 * kHour), now - kHour,
                                 {"node003", "node004", "node020"}),
                      std::move(job)});
}

// Placement of the instances at Tue 10:00: `debug` (host-locked, PROCS -1) takes node001..node004
// whole. `interactive` floats over its HOSTLIST in the order written (equal nodes), taking what
// is free for [10:00, 15:00): SHARED, it may overlay `debug`: node001 2 tasks, node002 2 tasks,
// node005 2 tasks = 6. DEDICATED (the default), node001/node002 are `debug`'s and it may not
// overlay them.
TEST(ReservationStacking, Example3Placement) {
  ClusterSnapshot snap = example3(kTuesday + 10 * kHour, J("probe").submit(kTuesday));
  {
    TestPolicy p = fcfs(lines({kExample3, kShared}));
    IterationResult r = iterate(p, snap);
    const Reservation* debug = reservation_named(r, ReservationKind::Standing, "debug.0");
    const Reservation* inter = reservation_named(r, ReservationKind::Standing, "interactive.0");
    ASSERT_NE(debug, nullptr);
    ASSERT_NE(inter, nullptr);
    EXPECT_EQ(placed(snap, debug->nodes), (Strings{"node001:1", "node002:1", "node003:1", "node004:1"}));
    EXPECT_EQ(placed(snap, inter->nodes), (Strings{"node001:2", "node002:2", "node005:2"}));
    EXPECT_EQ(inter->start, kTuesday + 10 * kHour);
    EXPECT_EQ(inter->end, kTuesday + 15 * kHour);
  }
  {
    TestPolicy p = fcfs(kExample3);
    IterationResult r = iterate(p, snap);
    const Reservation* inter = reservation_named(r, ReservationKind::Standing, "interactive.0");
    ASSERT_NE(inter, nullptr);
    const Strings nodes = node_names_of(snap, inter->nodes);
    EXPECT_TRUE(std::find(nodes.begin(), nodes.end(), "node001") == nodes.end());
    EXPECT_TRUE(std::find(nodes.begin(), nodes.end(), "node002") == nodes.end());
    EXPECT_TRUE(std::find(nodes.begin(), nodes.end(), "node005") != nodes.end());
  }
}

// A floating instance takes free nodes (ReservationTable::add_standing: "floating ones
// (TASKCOUNT) take free nodes"; place_standing: "the placement sees running jobs"; manual
// 7.1.5.2.5: a floating reservation is placed only where "no reservation conflict is detected",
// and a running job holds its nodes until its wallclock limit). In Example 3 with the default
// DEDICATED access, node020 is busy with R for the next 99 hours, so `interactive` gets only
// node005's 2 tasks. And in the smallest case, TASKCOUNT=1 over n1, n2 with n1 busy for 10 h, the
// instance must go to the idle n2.
TEST(ReservationStacking, FloatingInstanceAvoidsBusyNodes) {
  {
    TestPolicy p = fcfs(kExample3);
    ClusterSnapshot snap = example3(kTuesday + 10 * kHour, J("probe").submit(kTuesday));
    IterationResult r = iterate(p, snap);
    const Reservation* inter = reservation_named(r, ReservationKind::Standing, "interactive.0");
    ASSERT_NE(inter, nullptr);
    EXPECT_EQ(placed(snap, inter->nodes), Strings{"node005:2"});
  }
  {
    TestPolicy p = fcfs(
        "SRCFG[f] HOSTLIST=n1,n2\nSRCFG[f] TASKCOUNT=1\nSRCFG[f] PERIOD=INFINITY\nSRCFG[f] USERLIST=alice\n");
    ClusterSnapshot snap = snapshot_of(kNow, {make_node("n1", 1), make_node("n2", 1)},
                                       {running_on(J("R").walltime(10 * kHour), kNow - kHour, {"n1"}),
                                        J("a").user("alice").submit(kNow)});
    IterationResult r = iterate(p, snap);
    const Reservation* f = reservation_named(r, ReservationKind::Standing, "f.0");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(placed(snap, f->nodes), Strings{"n2:1"});
    // ... and alice's job, which may use it, starts there now.
    const StartDecision* a = start_of(r, snap, "a");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(placed(snap, a->nodes), Strings{"n2:1"});
  }
}

struct StackCase {
  std::string user, group, job_class;
  std::int64_t procs;
  bool starts;
  Strings nodes;  // when it starts
};

void check_stack_cases(Epoch now, const std::vector<StackCase>& cases) {
  TestPolicy p = fcfs(lines({kExample3, kShared}));
  for (const auto& k : cases) {
    SCOPED_TRACE(lines({k.user, "/", k.group, "/", k.job_class, " ", std::to_string(k.procs), " procs"}));
    ClusterSnapshot snap = example3(
        now, J("j").user(k.user).group(k.group).job_class(k.job_class).tasks(k.procs).walltime(kHour).submit(now - 60));
    IterationResult r = iterate(p, snap);
    const StartDecision* s = start_of(r, snap, "j");
    EXPECT_EQ(s != nullptr, k.starts);
    if (s && k.starts) {
      EXPECT_EQ(placed(snap, s->nodes), k.nodes);
    }
  }
}

// Tue 10:00, both reservations active. node001/node002: debug AND interactive; node005:
// interactive only; node003/node004/node020: busy. A 12-proc job needs node001, node002 and
// node005 whole, so it starts only if it may use both reservations: class interactive AND (user
// helpdesk OR group operations OR group sysadmin). A 4-proc job of class interactive that debug
// does not admit fits on node005 only.
TEST(ReservationStacking, BusinessHoursNeedBothReservations) {
  const Strings all3{"node001:4", "node002:4", "node005:4"};
  check_stack_cases(kTuesday + 10 * kHour,
                    {{"helpdesk", "g", "interactive", 12, true, all3},
                     {"steve", "operations", "interactive", 12, true, all3},
                     {"steve", "sysadmin", "interactive", 12, true, all3},
                     {"helpdesk", "g", "batch", 12, false, {}},         // not class interactive
                     {"steve", "staff", "interactive", 12, false, {}},  // debug refuses steve/staff
                     {"steve", "staff", "interactive", 4, true, {"node005:4"}},
                     {"helpdesk", "g", "batch", 4, false, {}},
                     {"steve", "staff", "batch", 4, false, {}}});
}

// Tue 20:00: `interactive` has ended (next instance Wed 10:00, after these 1-hour jobs), `debug`
// is PERIOD=INFINITY and still holds node001..node004. node005 is now open to anyone; node001 and
// node002 still only to debug's users, whatever their class.
TEST(ReservationStacking, EveningLeavesOnlyTheInfiniteReservation) {
  check_stack_cases(kTuesday + 20 * kHour,
                    {{"steve", "staff", "batch", 4, true, {"node005:4"}},
                     {"steve", "staff", "batch", 8, false, {}},
                     {"steve", "staff", "interactive", 8, false, {}},
                     {"helpdesk", "g", "batch", 12, true, {"node001:4", "node002:4", "node005:4"}},
                     {"steve", "sysadmin", "batch", 12, true, {"node001:4", "node002:4", "node005:4"}}});
}

// ---------------------------------------------------------------------------------------------
// 4. DAYS / STARTTIME / ENDTIME instances across midnight and week boundaries, and DEPTH, as
// the scheduler sees them: a SYSTEM-like reservation (USERLIST=nobody) on every node on
// business days 09:00-17:00.

constexpr Epoch kFriday = kMonday + 4 * kDay;
constexpr Epoch kNextMonday = kMonday + 7 * kDay;

std::string business_hours(std::string_view depth) {
  return lines({"SRCFG[sys] HOSTLIST=n1,n2\nSRCFG[sys] USERLIST=nobody\nSRCFG[sys] DAYS=MON,TUE,WED,THU,FRI\n"
                "SRCFG[sys] STARTTIME=9:00:00 ENDTIME=17:00:00\n",
                depth});
}

ClusterSnapshot two_nodes(Epoch now, Job job) {
  return snapshot_of(now, {make_node("n1", 1), make_node("n2", 1)}, {std::move(job)});
}

// A 2 h job submitted Friday 16:30 would run into the instance until 17:00: it waits, reserved
// at Friday 17:00, and starts in the iteration at 17:00. Submitted at 18:00 it starts at once.
TEST(StandingInstances, FridayEvening) {
  TestPolicy p = fcfs(business_hours(""));
  {
    ClusterSnapshot snap = two_nodes(kFriday + 16 * kHour + 30 * kMinute,
                                     J("j").walltime(2 * kHour).submit(kFriday + 16 * kHour + 30 * kMinute));
    IterationResult r = iterate(p, snap);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, kFriday + 17 * kHour);
  }
  {
    ClusterSnapshot snap = two_nodes(kFriday + 17 * kHour, J("j").walltime(2 * kHour).submit(kFriday + 16 * kHour));
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(started_ids(r, snap), Strings{"j"});
  }
  {
    ClusterSnapshot snap = two_nodes(kFriday + 18 * kHour, J("j").walltime(2 * kHour).submit(kFriday + 18 * kHour));
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(started_ids(r, snap), Strings{"j"});
  }
}

// A 70 h job submitted Friday 17:00 ends Monday 15:00: it would overlap Monday's 09:00-17:00.
// The longest gap between instances is the weekend's (Fri 17:00 - Mon 09:00 = 64 h), so with
// every instance booked it could never run. What the engine books is DEPTH days, counted from
// today (days not in DAYS included: reference §7.4, standing_reservations.h):
//   DEPTH 2 (default) on Friday 17:00: Friday (ended at 17:00) and Saturday (not in DAYS): no
//     instance is booked, Monday's does not exist yet, and the job starts at once. (Maui behaves
//     the same: the manual's DEPTH discussion is exactly this problem.)
//   DEPTH 4 on Friday 17:00: Fri (ended), Sat, Sun, Mon: Monday's [09:00, 17:00) is booked, so
//     the job waits; the first 70 h clear of booked instances start Monday 17:00 (Tuesday's is
//     not booked yet).
//   DEPTH 4 on Monday 17:00: Mon (ended), Tue, Wed, Thu are booked: the reservation moves on to
//     Thursday 17:00 (Friday's is not booked): the job keeps waiting and never runs.
TEST(StandingInstances, SeventyHourJobAndDepth) {
  {
    TestPolicy p = fcfs(business_hours(""));
    ClusterSnapshot snap = two_nodes(kFriday + 17 * kHour, J("long").walltime(70 * kHour).submit(kFriday + 17 * kHour));
    IterationResult r = iterate(p, snap);
    for (const auto& res : r.reservations) EXPECT_NE(res.kind, ReservationKind::Standing) << res.name;
    EXPECT_EQ(started_ids(r, snap), Strings{"long"});
  }
  TestPolicy p = fcfs(business_hours("SRCFG[sys] DEPTH=4\n"));
  {
    ClusterSnapshot snap = two_nodes(kFriday + 17 * kHour, J("long").walltime(70 * kHour).submit(kFriday + 17 * kHour));
    IterationResult r = iterate(p, snap);
    const Reservation* monday = reservation_named(r, ReservationKind::Standing, "sys.3");
    ASSERT_NE(monday, nullptr);
    EXPECT_EQ(monday->start, kNextMonday + 9 * kHour);
    EXPECT_EQ(monday->end, kNextMonday + 17 * kHour);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "long");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, kNextMonday + 17 * kHour);
  }
  {
    ClusterSnapshot snap =
        two_nodes(kNextMonday + 17 * kHour, J("long").walltime(70 * kHour).submit(kFriday + 17 * kHour));
    IterationResult r = iterate(p, snap);
    Strings names;
    for (const auto& res : r.reservations)
      if (res.kind == ReservationKind::Standing) names.push_back(res.name);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (Strings{"sys.1", "sys.2", "sys.3"}));  // Tue, Wed, Thu
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "long");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, kNextMonday + 3 * kDay + 17 * kHour);
  }
}

// A window across midnight and across the Saturday -> Sunday wrap of the weekdays: DAYS=SAT
// 20:00-06:00 is Saturday 20:00 to Sunday 06:00.
//   Sat 19:00: a 1 h job ends at 20:00 and starts; a 2 h job would overlap: reserved at Sun 06:00.
//   Sun 01:00: Saturday's instance is still running (seen as the previous period's, `.prev`);
//   a 2 h job waits until Sun 06:00. Sun 06:00: it starts.
TEST(StandingInstances, NightAcrossMidnightAndTheWeekWrap) {
  TestPolicy p = fcfs(
      "SRCFG[night] HOSTLIST=n1,n2\nSRCFG[night] USERLIST=nobody\nSRCFG[night] DAYS=SAT\n"
      "SRCFG[night] STARTTIME=20:00:00 ENDTIME=06:00:00\n");
  const Epoch saturday = kMonday - 2 * kDay, sunday = kMonday - kDay;
  {
    ClusterSnapshot snap = two_nodes(saturday + 19 * kHour, J("short").walltime(kHour).submit(saturday));
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(started_ids(r, snap), Strings{"short"});
    const Reservation* night = reservation_named(r, ReservationKind::Standing, "night.0");
    ASSERT_NE(night, nullptr);
    EXPECT_EQ(night->start, saturday + 20 * kHour);
    EXPECT_EQ(night->end, sunday + 6 * kHour);
  }
  {
    ClusterSnapshot snap = two_nodes(saturday + 19 * kHour, J("j").walltime(2 * kHour).submit(saturday));
    IterationResult r = iterate(p, snap);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, sunday + 6 * kHour);
  }
  {
    ClusterSnapshot snap = two_nodes(sunday + kHour, J("j").walltime(2 * kHour).submit(sunday + kHour));
    IterationResult r = iterate(p, snap);
    const Reservation* prev = reservation_named(r, ReservationKind::Standing, "night.prev");
    ASSERT_NE(prev, nullptr);
    EXPECT_EQ(prev->end, sunday + 6 * kHour);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, sunday + 6 * kHour);
  }
  {
    ClusterSnapshot snap = two_nodes(sunday + 6 * kHour, J("j").walltime(2 * kHour).submit(sunday + kHour));
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(started_ids(r, snap), Strings{"j"});
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Example 4: TIMELIMIT=1:00:00* with QOSLIST and ACCOUNTLIST on a weekly reservation
// (Monday 08:00 - Friday 17:00) of the 32 largememory nodes. ACCCOUNTLIST (the manual's typo) is
// spelled ACCOUNTLIST and the QOS list is comma-separated, as in the reservation tests.

// "lm07", "node12": a prefix and a two-digit number.
std::string numbered(std::string_view prefix, int i) {
  std::string n = std::to_string(i);
  if (n.size() < 2) n.insert(0, "0");
  return lines({prefix, n});
}


// 32 one-proc largememory nodes lm01..lm32 (the reservation takes them all: PROCS -1, one task a
// node) and two plain nodes p01, p02. With `plain_busy`, R runs on p01 and p02 for 5 days.
ClusterSnapshot example4(Epoch now, bool plain_busy, Job job) {
  std::vector<Node> nodes;
  for (int i = 1; i <= 32; ++i) nodes.push_back(node_with(numbered("lm", i), 1, {"largememory"}));
  nodes.push_back(make_node("p01", 1));
  nodes.push_back(make_node("p02", 1));
  std::vector<Job> jobs;
  if (plain_busy)
    jobs.push_back(running_on(J("R").user("r").account("projectX").tasks(2).walltime(5 * kDay), now - kHour,
                              {"p01", "p02"}));
  jobs.push_back(std::move(job));
  return snapshot_of(now, std::move(nodes), std::move(jobs));
}

bool all_start_with(const Strings& nodes, std::string_view prefix) {
  return !nodes.empty() &&
         std::all_of(nodes.begin(), nodes.end(), [&](const std::string& n) { return n.starts_with(prefix); });
}

struct Example4Case {
  std::string qos, account;
  Seconds walltime;
  std::string where;  // "lm": on reserved nodes; "p": on the plain nodes; "": does not start
};

void check_example4(Epoch now, bool plain_busy, const std::vector<Example4Case>& cases) {
  TestPolicy p = fcfs(kExample4);
  for (const auto& k : cases) {
    SCOPED_TRACE(lines({"QOS ", k.qos, ", account ", k.account, ", ", std::to_string(k.walltime), " s"}));
    ClusterSnapshot snap =
        example4(now, plain_busy, J("j").qos(k.qos).account(k.account).walltime(k.walltime).submit(now));
    IterationResult r = iterate(p, snap);
    const StartDecision* s = start_of(r, snap, "j");
    if (k.where.empty()) {
      EXPECT_EQ(s, nullptr);
    } else {
      ASSERT_NE(s, nullptr);
      EXPECT_TRUE(all_start_with(node_names_of(snap, s->nodes), k.where)) << node_names_of(snap, s->nodes).front();
    }
  }
}

// Tue 10:00, the plain nodes idle. Access needs overlap <= 1 h AND (QOS high/low/special OR an
// account other than projectX/projectY, decision 27); a projectX job is excluded whatever its
// QOS ("a QOS 3 job requesting account 'projectX' will be denied"). Jobs that may use the
// reservation go to it first (positive affinity), except QOS special (negative affinity:
// "use the reservation only when no other resources are available").
TEST(ReservationTimelimit, Example4TuesdayWithFreePlainNodes) {
  check_example4(kTuesday + 10 * kHour, false,
                 {{"high", "projectZ", 30 * kMinute, "lm"},
                  {"high", "projectZ", 2 * kHour, "p"},      // overlap 2 h > 1 h
                  {"normal", "projectX", 30 * kMinute, "p"},  // !projectX
                  {"high", "projectX", 30 * kMinute, "p"},    // !projectX wins over QOS high
                  {"normal", "projectZ", 30 * kMinute, "lm"},
                  {"special", "projectZ", 30 * kMinute, "p"}});
}

// The same with p01 and p02 busy: who may not use the reservation waits; QOS special takes the
// reserved nodes now that nothing else is free.
TEST(ReservationTimelimit, Example4TuesdayWithBusyPlainNodes) {
  check_example4(kTuesday + 10 * kHour, true,
                 {{"high", "projectZ", 30 * kMinute, "lm"},
                  {"high", "projectZ", 2 * kHour, ""},
                  {"normal", "projectX", 30 * kMinute, ""},
                  {"special", "projectZ", 30 * kMinute, "lm"}});
}

// "a four hour job that starts on Monday at 5:00 AM or a 12 hour job which starts on Friday at
// 4:00 PM also satisfy this constraint": what counts is the overlap with the instance (Monday
// 08:00 - 09:00; Friday 16:00 - 17:00: one hour each). One hour more is refused.
TEST(ReservationTimelimit, Example4OverlapAtTheEdges) {
  check_example4(kMonday + 5 * kHour, true,
                 {{"high", "projectZ", 4 * kHour, "lm"}, {"high", "projectZ", 5 * kHour, ""}});
  check_example4(kFriday + 16 * kHour, true, {{"high", "projectZ", 12 * kHour, "lm"}});
  check_example4(kFriday + 15 * kHour, true, {{"high", "projectZ", 12 * kHour, ""}});
}

// A reservation for a blocked job must be placed at the earliest time the job may start. On
// Tuesday 10:00 with p01/p02 busy until Sunday 09:00, a 2 h QOS high job may use the reserved
// lm nodes as soon as its overlap with the instance is at most 1 h: starting Friday 16:00 (it
// overlaps 16:00 - 17:00), as the manual's 12-hour-job-on-Friday sentence says. Expected: its
// reservation starts Friday 16:00 (8.2.1: Maui "can also determine the earliest the needed
// resources will become available").
TEST(ReservationTimelimit, BlockedJobIsReservedAtTheFirstAdmittedOverlap) {
  TestPolicy p = fcfs(kExample4);
  const Epoch now = kTuesday + 10 * kHour;
  ClusterSnapshot snap = example4(now, true, J("j").qos("high").account("projectZ").walltime(2 * kHour).submit(now));
  IterationResult r = iterate(p, snap);
  EXPECT_TRUE(r.starts.empty());
  const Reservation* j = reservation_named(r, ReservationKind::Job, "j");
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->start, kFriday + 16 * kHour);
}

// ---------------------------------------------------------------------------------------------
// 6. Example 5 (jupiter/saturn): negative affinity means "last resort".

constexpr std::string_view kExample5 =
    "ACCTCFG[jupiter] PRIORITY=10000\n"
    "SRCFG[jupiter] HOSTLIST=node0[1-9]\n"
    "SRCFG[jupiter] PERIOD=INFINITY\n"
    "SRCFG[jupiter] ACCOUNTLIST=jupiter,saturn-\n"
    "SRCFG[jupiter] OWNER=ACCOUNT:jupiter\n"
    "SRCFG[jupiter] FLAGS=OWNERPREEMPT\n"
    "SRCFG[jupiter] PERIOD=INFINITY\n";

// node01..node09 reserved, node10..node12 not; with `unreserved_busy`, R runs on node10..node12.
ClusterSnapshot example5(bool unreserved_busy, Job job) {
  std::vector<Node> nodes;
  for (int i = 1; i <= 12; ++i) nodes.push_back(make_node(numbered("node", i), 1));
  std::vector<Job> jobs;
  if (unreserved_busy)
    jobs.push_back(running_on(J("R").account("mars").tasks(3).walltime(10 * kHour), kNow - kHour,
                              {"node10", "node11", "node12"}));
  jobs.push_back(std::move(job));
  return snapshot_of(kNow, std::move(nodes), std::move(jobs));
}

// How many of the job's nodes are reserved (node01..node09) and unreserved (node10..node12);
// nullopt: it did not start.
std::optional<std::pair<int, int>> example5_start(const TestPolicy& p, bool unreserved_busy, std::string account,
                                                  std::int64_t procs) {
  ClusterSnapshot snap = example5(unreserved_busy, J("j").account(std::move(account)).tasks(procs).submit(kNow));
  IterationResult r = iterate(p, snap);
  const StartDecision* s = start_of(r, snap, "j");
  if (!s) return std::nullopt;
  std::pair<int, int> split{0, 0};
  for (const auto& n : node_names_of(snap, s->nodes)) (n < "node10" ? split.first : split.second) += 1;
  return split;
}

TEST(ReservationAffinity, Example5SaturnIsPlacedOnReservedNodesLast) {
  TestPolicy p = fcfs(kExample5);
  using Split = std::optional<std::pair<int, int>>;
  // saturn (negative affinity): the free unreserved nodes first, the reserved ones only for what
  // does not fit there, or when the unreserved ones are busy.
  EXPECT_EQ(example5_start(p, false, "saturn", 1), (Split{{0, 1}}));
  EXPECT_EQ(example5_start(p, false, "saturn", 3), (Split{{0, 3}}));
  EXPECT_EQ(example5_start(p, false, "saturn", 5), (Split{{2, 3}}));
  EXPECT_EQ(example5_start(p, true, "saturn", 1), (Split{{1, 0}}));
  // jupiter (positive affinity): the reserved nodes first.
  EXPECT_EQ(example5_start(p, false, "jupiter", 1), (Split{{1, 0}}));
  EXPECT_EQ(example5_start(p, false, "jupiter", 9), (Split{{9, 0}}));
  EXPECT_EQ(example5_start(p, false, "jupiter", 10), (Split{{9, 1}}));
  // Any other account: the unreserved nodes only.
  EXPECT_EQ(example5_start(p, false, "mars", 3), (Split{{0, 3}}));
  EXPECT_EQ(example5_start(p, false, "mars", 4), Split{});
  EXPECT_EQ(example5_start(p, true, "mars", 1), Split{});
}

// FLAGS=OWNERPREEMPT: "the jupiter project chooses to share resources with the saturn project
// but only when it does not currently need them". S1 (saturn, node01-05, since 2 h) and S2
// (saturn, node06-09, since 1 h) fill the reservation, R (mars, since 10 min) the other nodes. A jupiter job of
// 4 procs has the later S2 requeued and takes its nodes (docs/semantics.md 86); a mars job, or
// a jupiter job when saturn runs outside the reservation, preempts nothing.
TEST(ReservationAffinity, Example5OwnerPreemptsInItsReservation) {
  TestPolicy p = fcfs(kExample5);
  auto with = [&](Job waiting, std::vector<std::string> s1_nodes) {
    std::vector<std::string> s2_nodes{"node06", "node07", "node08", "node09"};
    const auto s1_tasks = static_cast<std::int64_t>(s1_nodes.size());
    std::vector<Node> nodes;
    for (int i = 1; i <= 12; ++i) nodes.push_back(make_node(numbered("node", i), 1));
    return snapshot_of(
        kNow, std::move(nodes),
        {running_on(J("S1").account("saturn").tasks(s1_tasks).walltime(10 * kHour),
                    kNow - 2 * kHour, std::move(s1_nodes)),
         running_on(J("S2").account("saturn").tasks(4).walltime(10 * kHour), kNow - kHour, s2_nodes),
         running_on(J("R").account("mars").tasks(3).walltime(10 * kHour), kNow - 10 * kMinute,
                    {"node10", "node11", "node12"}),
         std::move(waiting)});
  };
  const std::vector<std::string> reserved{"node01", "node02", "node03", "node04", "node05"};
  ClusterSnapshot snap = with(J("j").account("jupiter").tasks(4).submit(kNow), reserved);
  IterationResult r = iterate(p, snap);
  ASSERT_EQ(r.preempted.size(), 1u);
  EXPECT_EQ(snap.jobs[r.preempted[0].job].id, "S2");
  ASSERT_NE(start_of(r, snap, "j"), nullptr);
  EXPECT_EQ(node_names_of(snap, start_of(r, snap, "j")->nodes),
            (std::vector<std::string>{"node06", "node07", "node08", "node09"}));
  EXPECT_TRUE(std::none_of(r.warnings.begin(), r.warnings.end(),
                           [](const std::string& w) { return w.find("OWNER") != std::string::npos; }));
  // A jupiter job in the reservation is the owner's: it stays, and S1 goes.
  snap = with(J("j").account("jupiter").tasks(4).submit(kNow), reserved);
  snap.jobs[1].account = "jupiter";  // S2, the later started
  r = iterate(p, snap);
  ASSERT_EQ(r.preempted.size(), 1u);
  EXPECT_EQ(snap.jobs[r.preempted[0].job].id, "S1");
  // Not the owner: nothing is preempted.
  snap = with(J("j").account("mars").tasks(4).submit(kNow), reserved);
  EXPECT_TRUE(iterate(p, snap).preempted.empty());
  // S1 on node01-02 only: node03-05 are free, and a jupiter job of 7 procs needs them and S2's
  // four. S2 alone goes (the later started), and the job starts on node03-09.
  snap = with(J("j").account("jupiter").tasks(7).submit(kNow), {"node01", "node02"});
  r = iterate(p, snap);
  ASSERT_EQ(r.preempted.size(), 1u);
  EXPECT_EQ(snap.jobs[r.preempted[0].job].id, "S2");
  ASSERT_NE(start_of(r, snap, "j"), nullptr);
  EXPECT_EQ(start_of(r, snap, "j")->nodes.size(), 7u);
}

// ---------------------------------------------------------------------------------------------
// 7. Administrative reservations (setres): an empty ACL is a SYSTEM reservation ("blocks access
// to all jobs"); a USERLIST admits that user.

TEST(AdminReservation, EmptyAclBlocksEveryJobOnItsHosts) {
  TestPolicy p = fcfs("");
  const std::vector<AdminReservation> maint{{"maint", kNow, kNow + 10 * kHour, {"n1"}, {}, ""}};
  // Two 1-proc nodes, n1 reserved for 10 h. A 2-proc job cannot start; its reservation is at the
  // end of the maintenance, now + 10 h. A 1-proc job runs on n2.
  {
    ClusterSnapshot snap = two_nodes(kNow, J("wide").user("alice").tasks(2).submit(kNow));
    IterationResult r = iterate(p, snap, maint);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "wide");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, kNow + 10 * kHour);
    ASSERT_NE(reservation_named(r, ReservationKind::Admin, "maint"), nullptr);
  }
  {
    ClusterSnapshot snap = two_nodes(kNow, J("one").user("root").submit(kNow));
    IterationResult r = iterate(p, snap, maint);
    const StartDecision* s = start_of(r, snap, "one");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(placed(snap, s->nodes), Strings{"n2:1"});
  }
}

TEST(AdminReservation, UserListAdmitsThatUser) {
  TestPolicy p = fcfs("");
  const std::vector<AdminReservation> maint{{"maint", kNow, kNow + 10 * kHour, {"n1"}, {user_entry("alice")}, ""}};
  {
    ClusterSnapshot snap = two_nodes(kNow, J("wide").user("alice").tasks(2).submit(kNow));
    IterationResult r = iterate(p, snap, maint);
    const StartDecision* s = start_of(r, snap, "wide");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(placed(snap, s->nodes), (Strings{"n1:1", "n2:1"}));
  }
  {
    ClusterSnapshot snap = two_nodes(kNow, J("wide").user("bob").tasks(2).submit(kNow));
    IterationResult r = iterate(p, snap, maint);
    EXPECT_TRUE(r.starts.empty());
  }
}

// A future window [now + 2 h, now + 4 h) on n1: a job may use n1 only if it ends by now + 2 h.
//   1 proc, 3 h: n1 is not free for 3 h: n2.
//   1 proc, 1 h: both nodes can hold it; best fit in time takes n1 (free 2 h) and keeps n2 (free
//     for ever) for longer jobs.
//   2 procs, 1 h: ends at now + 1 h: starts on both.
//   2 procs, 3 h: reserved after the window, at now + 4 h.
TEST(AdminReservation, FutureWindow) {
  TestPolicy p = fcfs("");
  const std::vector<AdminReservation> maint{{"maint", kNow + 2 * kHour, kNow + 4 * kHour, {"n1"}, {}, ""}};
  struct Case {
    std::int64_t procs;
    Seconds walltime;
    Strings nodes;  // empty: does not start
    Epoch reserved_at;
  };
  for (const Case& k : {Case{1, 3 * kHour, {"n2:1"}, 0}, Case{1, kHour, {"n1:1"}, 0},
                        Case{2, kHour, {"n1:1", "n2:1"}, 0}, Case{2, 3 * kHour, {}, kNow + 4 * kHour}}) {
    SCOPED_TRACE(lines({std::to_string(k.procs), " procs, ", std::to_string(k.walltime), " s"}));
    ClusterSnapshot snap = two_nodes(kNow, J("j").tasks(k.procs).walltime(k.walltime).submit(kNow));
    IterationResult r = iterate(p, snap, maint);
    const StartDecision* s = start_of(r, snap, "j");
    if (k.nodes.empty()) {
      EXPECT_EQ(s, nullptr);
      const Reservation* j = reservation_named(r, ReservationKind::Job, "j");
      ASSERT_NE(j, nullptr);
      EXPECT_EQ(j->start, k.reserved_at);
    } else {
      ASSERT_NE(s, nullptr);
      EXPECT_EQ(placed(snap, s->nodes), k.nodes);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Accounting and shape (beyond the numbered cases): a running job partly inside a reservation,
// and a job that asks for a node count.

// SRCFG[part] TASKCOUNT=1 RESOURCES=PROCS:1 on n1 (4 procs) holds 1 proc for alice. Alice's job
// runs with 3 procs on n1: the reserved proc and 2 of the 3 unreserved ones, so 1 proc of n1 is
// free (and not reserved). n2 (4 procs) runs R on 2 procs: 2 free. Bob (who may not use `part`)
// asks for 3 procs: the only placement is n1:1 + n2:2, whatever the node order
// (FIRSTAVAILABLE tries n1 first). A 4-proc job of bob's does not fit at all.
TEST(ReservationAccounting, JobPartlyInsideAReservationKeepsItsOtherProcs) {
  for (std::string_view allocation : {"FIRSTAVAILABLE", "LASTAVAILABLE"}) {
    SCOPED_TRACE(allocation);
    TestPolicy p = fcfs(lines({"NODEALLOCATIONPOLICY ", allocation,
                               "\nSRCFG[part] HOSTLIST=n1\nSRCFG[part] TASKCOUNT=1\nSRCFG[part] RESOURCES=PROCS:1\n"
                               "SRCFG[part] PERIOD=INFINITY\nSRCFG[part] USERLIST=alice\n"}));
    for (auto [procs, nodes] : {std::pair<std::int64_t, Strings>{3, {"n1:1", "n2:2"}}, {4, {}}}) {
      SCOPED_TRACE(procs);
      ClusterSnapshot snap = snapshot_of(
          kNow, {make_node("n1", 4), make_node("n2", 4)},
          {running_on(J("A").user("alice").tasks(3).walltime(10 * kHour), kNow - kHour, {"n1"}),
           running_on(J("R").tasks(2).walltime(10 * kHour), kNow - kHour, {"n2"}),
           J("b").user("bob").tasks(procs).submit(kNow)});
      IterationResult r = iterate(p, snap);
      const Reservation* part = reservation_named(r, ReservationKind::Standing, "part.0");
      ASSERT_NE(part, nullptr);
      EXPECT_EQ(placed(snap, part->nodes), Strings{"n1:1"});
      const StartDecision* b = start_of(r, snap, "b");
      EXPECT_EQ(b ? placed(snap, b->nodes) : Strings{}, nodes);
    }
  }
}

// NODEALLOCATIONPOLICY on three idle nodes n1 (8 procs), n2 (2), n3 (4): every node stays free
// for ever, so best fit in time ties and the policy decides a 1-proc job's node: the first
// (n1), the last (n3), or the one with the fewest resources (n2).
TEST(JobShape, NodeAllocationPolicyPicksTheNode) {
  for (auto [allocation, node] : {std::pair<std::string_view, std::string_view>{"FIRSTAVAILABLE", "n1:1"},
                                  {"LASTAVAILABLE", "n3:1"},
                                  {"MINRESOURCE", "n2:1"}}) {
    SCOPED_TRACE(allocation);
    TestPolicy p = fcfs(lines({"NODEALLOCATIONPOLICY ", allocation, "\n"}));
    ClusterSnapshot snap = snapshot_of(kNow, {make_node("n1", 8), make_node("n2", 2), make_node("n3", 4)},
                                       {J("j").submit(kNow)});
    IterationResult r = iterate(p, snap);
    const StartDecision* j = start_of(r, snap, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(placed(snap, j->nodes), Strings{std::string(node)});
  }
}

// On identical idle nodes (one run of the same calendar) a 2-task job takes the first two nodes,
// or the last two with LASTAVAILABLE, whatever the runs the placement forms.
TEST(JobShape, IdenticalNodesAreTakenInAllocationOrder) {
  for (auto [allocation, nodes] : {std::pair<std::string_view, Strings>{"FIRSTAVAILABLE", {"n1:1", "n2:1"}},
                                   {"LASTAVAILABLE", {"n3:1", "n4:1"}},
                                   {"MINRESOURCE", {"n1:1", "n2:1"}},
                                   {"CPULOAD", {"n1:1", "n2:1"}}}) {
    SCOPED_TRACE(allocation);
    TestPolicy p = fcfs(lines({"NODEALLOCATIONPOLICY ", allocation, "\n"}));
    ClusterSnapshot snap = snapshot_of(
        kNow, {make_node("n1", 1), make_node("n2", 1), make_node("n3", 1), make_node("n4", 1)},
        {J("j").tasks(2).submit(kNow)});
    IterationResult r = iterate(p, snap);
    const StartDecision* j = start_of(r, snap, "j");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(placed(snap, j->nodes), nodes);
  }
}

// TASKS=4 NODES=2: two nodes with two tasks each (docs/jobs-json.md: `nodes` is the requested
// node count). n1 has 3 free procs, n2 4, n3 1: the job fits as n1:2 + n2:2; n3's single proc
// cannot hold two tasks and must not be used.
TEST(JobShape, NodeCountIsHonoured) {
  TestPolicy p = fcfs("");
  ClusterSnapshot snap = snapshot_of(kNow, {make_node("n1", 4), make_node("n2", 4), make_node("n3", 4)},
                                     {running_on(J("R1").walltime(10 * kHour), kNow - kHour, {"n1"}),
                                      running_on(J("R3").tasks(3).walltime(10 * kHour), kNow - kHour, {"n3"}),
                                      J("j").tasks(4).nodes(2).submit(kNow)});
  IterationResult r = iterate(p, snap);
  const StartDecision* s = start_of(r, snap, "j");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(placed(snap, s->nodes), (Strings{"n1:2", "n2:2"}));
}

// ---------------------------------------------------------------------------------------------
// 10-12. The backfill algorithms, bypass counts and chunking on one picture.
//
// 8 one-proc nodes; R runs on n0..n3 until now + 9 h. H (8 procs, 1 h) ranks first: it is
// reserved at now + 9 h on all 8 nodes. H2 (8 procs) ranks second, cannot start and finds no
// reservation left (RESERVATIONDEPTH 1): strict priority order ends and every later job can only
// be backfilled. One backfill window: n4..n7, 4 procs, 9 h.

ClusterSnapshot backfill_picture(std::vector<Job> candidates, std::int64_t h2_procs = 8) {
  std::vector<Node> nodes;
  for (int i = 0; i < 8; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  std::vector<Job> jobs{running_on(J("R").tasks(4).walltime(10 * kHour), kNow - kHour, {"n0", "n1", "n2", "n3"}),
                        J("H").tasks(8).walltime(kHour).submit(kNow - 50 * kMinute),
                        J("H2").tasks(h2_procs).walltime(kHour).submit(kNow - 49 * kMinute)};
  // Candidates rank in the order given (submitted a minute apart).
  Epoch submit = kNow - 40 * kMinute;
  for (auto& c : candidates) {
    c.submit_time = submit;
    submit += kMinute;
    jobs.push_back(std::move(c));
  }
  return snapshot_of(kNow, std::move(nodes), std::move(jobs));
}

Strings sorted_starts(const IterationResult& r, const ClusterSnapshot& snap) {
  Strings ids = started_ids(r, snap);
  std::sort(ids.begin(), ids.end());
  return ids;
}

// Candidates of 3, 2 and 2 procs (1 h each) for the 4-proc window.
//   J3, Ja, Jb: FIRSTFIT starts J3 (then 1 proc is left); BESTFIT (PROCS) starts the biggest
//     that fits, J3; GREEDY the subset with the largest total, Ja + Jb = 4 > 3.
//   Ja, J3, Jb: FIRSTFIT starts Ja, J3 does not fit the 2 left, Jb does; BESTFIT still J3;
//     GREEDY Ja + Jb.
TEST(BackfillPolicies, BestfitTakesTheBiggestGreedyTheBestSubset) {
  struct Case {
    std::string_view policy;
    Strings order, expected;
  };
  const std::vector<Case> cases{
      {"FIRSTFIT", {"J3", "Ja", "Jb"}, {"J3"}}, {"BESTFIT", {"J3", "Ja", "Jb"}, {"J3"}},
      {"GREEDY", {"J3", "Ja", "Jb"}, {"Ja", "Jb"}}, {"FIRSTFIT", {"Ja", "J3", "Jb"}, {"Ja", "Jb"}},
      {"BESTFIT", {"Ja", "J3", "Jb"}, {"J3"}},       {"GREEDY", {"Ja", "J3", "Jb"}, {"Ja", "Jb"}}};
  for (const auto& k : cases) {
    SCOPED_TRACE(lines({k.policy, " ", k.order[0], ",", k.order[1], ",", k.order[2]}));
    TestPolicy p = fcfs(lines({"BACKFILLPOLICY ", k.policy, "\nBACKFILLMETRIC PROCS\nRESERVATIONDEPTH 1\n"}));
    std::vector<Job> cands;
    for (const auto& id : k.order) cands.push_back(J(id).tasks(id == "J3" ? 3 : 2).walltime(kHour));
    ClusterSnapshot snap = backfill_picture(cands);
    IterationResult r = iterate(p, snap);
    const Reservation* h = reservation_named(r, ReservationKind::Job, "H");
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->start, kNow + 9 * kHour);
    EXPECT_EQ(sorted_starts(r, snap), k.expected);
    for (const auto& s : r.starts) EXPECT_TRUE(s.backfill);
  }
}

// BACKFILLMETRIC picks what "biggest" means for BESTFIT. Candidates J3 (3 procs, 1 h), J2 (2
// procs, 3 h), J1 (1 proc, 2 h). PROCS: J3, then J1 in the proc left. SECONDS: the longest
// first, J2, then J1 (2 h; J3 does not fit the 2 procs left). PROCSECONDS: J2 (6 proc-h) over
// J3 (3) and J1 (2): J2, then J1.
TEST(BackfillPolicies, BestfitMetric) {
  for (auto [metric, expected] : {std::pair<std::string_view, Strings>{"PROCS", {"J1", "J3"}},
                                  {"SECONDS", {"J1", "J2"}},
                                  {"PROCSECONDS", {"J1", "J2"}}}) {
    SCOPED_TRACE(metric);
    TestPolicy p = fcfs(lines({"BACKFILLPOLICY BESTFIT\nRESERVATIONDEPTH 1\nBACKFILLMETRIC ", metric, "\n"}));
    ClusterSnapshot snap = backfill_picture({J("J3").tasks(3).walltime(kHour), J("J2").tasks(2).walltime(3 * kHour),
                                             J("J1").walltime(2 * kHour)});
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(sorted_starts(r, snap), expected);
  }
}

// Backfill windows are the idle nodes "eligible for backfill"; nodes of a standing reservation
// are eligible for the jobs it admits. SRCFG[lab] reserves n1..n4 for alice for ever. Alice's R
// runs on n1, n2 until now + 9 h; H (4 procs) is reserved at now + 9 h; H2 (4 procs) is blocked
// and ends strict priority order; S (1 proc, 1 h) can only be backfilled, on n3 or n4, which
// only jobs of alice's may use. Every backfill policy must start it.
TEST(BackfillPolicies, WindowsIncludeReservedNodesTheJobMayUse) {
  for (std::string_view policy : {"FIRSTFIT", "BESTFIT", "GREEDY"}) {
    SCOPED_TRACE(policy);
    TestPolicy p = fcfs(lines({"BACKFILLPOLICY ", policy,
                               "\nRESERVATIONDEPTH 1\nSRCFG[lab] HOSTLIST=n1,n2,n3,n4\nSRCFG[lab] PERIOD=INFINITY\n"
                               "SRCFG[lab] USERLIST=alice\n"}));
    std::vector<Node> nodes;
    for (int i = 1; i <= 4; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
    ClusterSnapshot snap =
        snapshot_of(kNow, nodes,
                    {running_on(J("R").user("alice").tasks(2).walltime(10 * kHour), kNow - kHour, {"n1", "n2"}),
                     J("H").user("alice").tasks(4).walltime(kHour).submit(kNow - 30 * kMinute),
                     J("H2").user("alice").tasks(4).walltime(kHour).submit(kNow - 20 * kMinute),
                     J("S").user("alice").walltime(kHour).submit(kNow - 10 * kMinute)});
    IterationResult r = iterate(p, snap);
    const Reservation* h = reservation_named(r, ReservationKind::Job, "H");
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->start, kNow + 9 * kHour);
    EXPECT_EQ(started_ids(r, snap), Strings{"S"});
  }
}

// BACKFILLDEPTH: "Maximum number of candidate jobs considered per backfill window" (parameter
// table); the candidates of a window are the jobs that fit it (reference §8.4: "procs <= window
// procs and walltime <= window duration ... truncated to BACKFILLDEPTH entries"). H2 (8 procs)
// and J5 (5 procs) do not fit the 4-proc window, so with BACKFILLDEPTH 1 the window's one
// candidate is S (1 proc, 1 h), which starts.
TEST(BackfillPolicies, BackfillDepthCountsTheWindowsCandidates) {
  for (std::string_view policy : {"FIRSTFIT", "BESTFIT"}) {
    SCOPED_TRACE(policy);
    TestPolicy p = fcfs(lines({"BACKFILLPOLICY ", policy, "\nRESERVATIONDEPTH 1\nBACKFILLDEPTH 1\n"}));
    ClusterSnapshot snap = backfill_picture({J("J5").tasks(5).walltime(kHour), J("S").walltime(kHour)});
    IterationResult r = iterate(p, snap);
    EXPECT_EQ(started_ids(r, snap), Strings{"S"});
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

// The two backfill passes (8.2.2): "On the first pass, only those jobs which meet the
// constraints of the 'soft' fairness throttling policies are considered ... The second pass
// expands this list ... to include those which meet the 'hard'". USERCFG[DEFAULT] MAXJOB=1,2:
// user u runs one job; his next job breaks the soft limit (1) but not the hard one (2): it does
// not start in priority order, starts in the HARD pass. Bob's job, under both, starts at the
// SOFT level. A third job of u's would break the hard limit too and waits.
TEST(BackfillPasses, SoftThenHard) {
  TestPolicy p = fcfs("USERCFG[DEFAULT] MAXJOB=1,2\nBACKFILLPOLICY FIRSTFIT\n");
  std::vector<Node> nodes;
  for (int i = 1; i <= 4; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  ClusterSnapshot snap = snapshot_of(kNow, nodes,
                                     {running_on(J("R").user("u").walltime(10 * kHour), kNow - kHour, {"n1"}),
                                      J("u2").user("u").submit(kNow - 30 * kMinute),
                                      J("u3").user("u").submit(kNow - 25 * kMinute),
                                      J("b").user("bob").submit(kNow - 20 * kMinute)});
  IterationResult r = iterate(p, snap);
  Strings ids = started_ids(r, snap);
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (Strings{"b", "u2"}));
  const StartDecision* u2 = start_of(r, snap, "u2");
  const StartDecision* b = start_of(r, snap, "b");
  ASSERT_NE(u2, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(u2->pass, LimitLevel::Hard);
  EXPECT_EQ(b->pass, LimitLevel::Soft);
}

// 11. "Every backfilled start increments the Bypass count of all idle jobs ahead of it"
// (reference §8.4). GREEDY starts Ja and Jb (order J3, Ja, Jb): Ja passes H, H2 and J3; Jb
// passes H, H2 and J3 (Ja has started). So H, H2 and J3 are bypassed twice, the started jobs
// not at all.
TEST(BypassCount, EachBackfilledStartPassesEveryWaitingJobAhead) {
  TestPolicy p = fcfs("BACKFILLPOLICY GREEDY\nRESERVATIONDEPTH 1\n");
  ClusterSnapshot snap =
      backfill_picture({J("J3").tasks(3).walltime(kHour), J("Ja").tasks(2).walltime(kHour),
                        J("Jb").tasks(2).walltime(kHour)});
  IterationResult r = iterate(p, snap);
  ASSERT_EQ(sorted_starts(r, snap), (Strings{"Ja", "Jb"}));
  EXPECT_EQ(bypassed_times(r, snap, "H"), 2);
  EXPECT_EQ(bypassed_times(r, snap, "H2"), 2);
  EXPECT_EQ(bypassed_times(r, snap, "J3"), 2);
  EXPECT_EQ(r.bypassed.size(), 3u);
}

// A job that starts in priority order with nobody waiting ahead is no backfill and passes
// nobody: on an idle 4-node cluster A (2 procs) and B (2 procs) start, C (2 procs) waits and
// gets the reservation.
TEST(BypassCount, StartsInPriorityOrderBypassNobody) {
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
  std::vector<Node> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  ClusterSnapshot snap = snapshot_of(kNow, nodes,
                                     {J("A").tasks(2).submit(kNow - 3 * kMinute),
                                      J("B").tasks(2).submit(kNow - 2 * kMinute),
                                      J("C").tasks(2).submit(kNow - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (Strings{"A", "B"}));
  for (const auto& s : r.starts) EXPECT_FALSE(s.backfill);
  EXPECT_TRUE(r.bypassed.empty());
  const Reservation* c = reservation_named(r, ReservationKind::Job, "C");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->start, kNow + kHour);
}

// 12. Chunking (8.2.3): "When resources are freed, they are made available only to jobs of a
// certain size (BFCHUNKSIZE) or larger ... until ... the BFCHUNKDURATION threshold time is
// expired"; "only activated when a job of size BFCHUNKSIZE or larger is blocked in backfill".
// Candidates: H2 (6 procs) is blocked, then S (1 proc, 1 h) and J4 (4 procs, 1 h); 4 procs free.
//   Last completion 5 min ago, BFCHUNKDURATION 10 min, BFCHUNKSIZE 4: H2 (6 >= 4) is blocked, so
//     S (1 < 4) is left alone and J4 (4 >= 4) takes the 4 procs.
//   Last completion 11 min ago, or none: no chunking: S starts, J4 finds 3 procs only.
//   BFCHUNKSIZE 7: the blocked H2 (6) is below the chunk size: no chunking, S starts.
TEST(BackfillChunking, SmallJobsWaitForTheChunkDuration) {
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\nBFCHUNKSIZE 4\nBFCHUNKDURATION 00:10:00\n");
  ClusterSnapshot snap = backfill_picture({J("S").walltime(kHour), J("J4").tasks(4).walltime(kHour)}, 6);
  EXPECT_EQ(sorted_starts(iterate(p, snap, {}, kNow - 5 * kMinute), snap), Strings{"J4"});
  EXPECT_EQ(sorted_starts(iterate(p, snap, {}, kNow - 11 * kMinute), snap), Strings{"S"});
  EXPECT_EQ(sorted_starts(iterate(p, snap, {}, std::nullopt), snap), Strings{"S"});
  TestPolicy big = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\nBFCHUNKSIZE 7\nBFCHUNKDURATION 00:10:00\n");
  EXPECT_EQ(sorted_starts(iterate(big, snap, {}, kNow - 5 * kMinute), snap), Strings{"S"});
}

// "backfill chunking is only enabled in conjunction with the FIRSTFIT backfill policy": with
// S alone behind the blocked H2 (6 procs), FIRSTFIT within the chunk time starts nothing;
// BESTFIT and GREEDY start S.
TEST(BackfillChunking, OnlyFirstfitChunks) {
  ClusterSnapshot snap = backfill_picture({J("S").walltime(kHour)}, 6);
  for (auto [policy, expected] : {std::pair<std::string_view, Strings>{"FIRSTFIT", {}},
                                  {"BESTFIT", {"S"}},
                                  {"GREEDY", {"S"}}}) {
    SCOPED_TRACE(policy);
    TestPolicy p =
        fcfs(lines({"BACKFILLPOLICY ", policy, "\nRESERVATIONDEPTH 1\nBFCHUNKSIZE 4\nBFCHUNKDURATION 600\n"}));
    EXPECT_EQ(sorted_starts(iterate(p, snap, {}, kNow - 5 * kMinute), snap), expected);
  }
}

// Chunking in the simulator. 4 one-proc nodes; BFCHUNKSIZE 3, BFCHUNKDURATION 600 s.
//   t=0: job 1 (2 procs, runs 100 s) and job 2 (2 procs, 10000 s) start.
//   t=1: job 3 (4 procs, 1000 s) cannot start: reserved at 10000 (job 2's end).
//   t=2: job 4 (3 procs, 1000 s): cannot start, no reservation left.
//   t=3: job 5 (1 proc, 50 s): nothing is free.
//   t=100: job 1 ends (last completion 100): 2 procs free. Job 4 (3 >= 3) is blocked in backfill,
//     so chunking keeps job 5 (1 < 3) out until 100 + 600 = 700.
//   t=700: the chunk time has expired: job 5 fits (2 free procs, ends at 750 < 10000) and must
//     be backfilled then. Maui iterates at least every RMPOLLINTERVAL (60 s), so at the latest by
//     the first poll after 700; the simulator, which iterates only when something happens, must
//     count the end of a chunk period as something.
TEST(BackfillChunking, SimulatorRunsAnIterationWhenTheChunkExpires) {
  TestPolicy p = fcfs("BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\nBFCHUNKSIZE 3\nBFCHUNKDURATION 600\n");
  const Trace trace = trace_of({trace_job(1, 0, 100, 100, 2), trace_job(2, 0, 10000, 10000, 2),
                                trace_job(3, 1, 1000, 1000, 4), trace_job(4, 2, 1000, 1000, 3),
                                trace_job(5, 3, 50, 50, 1)});
  std::vector<Node> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  SimulationResult r = simulate(*p.dir, trace, nodes);
  ASSERT_EQ(r.jobs.size(), 5u);
  EXPECT_EQ(r.jobs[2].start, Epoch{10000});
  ASSERT_TRUE(r.jobs[4].start.has_value());
  EXPECT_GE(*r.jobs[4].start, 700);
  EXPECT_LE(*r.jobs[4].start, 760);
}

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
                                          "BACKFILLPOLICY GREEDY\nRESERVATIONDEPTH 1\n",
                                          "BACKFILLPOLICY NONE\n"};

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
      const std::vector<AdminReservation> admin{{"system", t0, t1, {"n01", "n02", "n03", "n04"}, {}, ""},
                                                {"u1only", t0, t1, {"n05", "n06", "n07", "n08"}, {user_entry("u1")}, ""}};
      DriveResult d = drive(p, w.nodes, w.jobs, admin);
      expect_no_over_allocation(w, d);
      expect_all_started(d);
      for (const auto& j : d.jobs) {
        if (!j.start) continue;
        ++started;
        const bool overlaps = *j.start < t1 && *j.start + j.trace.requested > t0;
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
    TestPolicy p = fcfs(lines({policy, "USERCFG[DEFAULT] MAXJOB=3\n"
                                       "SRCFG[evening] PERIOD=DAY STARTTIME=02:00:00 ENDTIME=05:00:00\n"
                                       "SRCFG[evening] TASKCOUNT=4 USERLIST=u1\n"}));
    for (int seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(lines({policy, "seed ", std::to_string(seed)}));
      Workload w = random_workload(4000 + seed, false);
      const DriveResult d = drive(p, w.nodes, w.jobs, {}, {.without_completed = true});
      with_completed += d.with_completed;
      standing += d.standing_instances;
      EXPECT_TRUE(std::none_of(d.warnings.begin(), d.warnings.end(),
                               [](const std::string& m) { return m.find("evening") != std::string::npos; }))
          << d.warnings.front();
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
      snapshot_of(kMonday, {make_node("n01", 1)}, {done, J("2").walltime(kHour), running_on(J("3").walltime(2 * kHour), kMonday, {"n01"})});
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

// ---------------------------------------------------------------------------------------------
// 9. EASY: FIRSTFIT with RESERVATIONDEPTH 1 and FCFS priority on identical one-proc nodes is
// textbook EASY (shared/reference/backfill-notes.md). The textbook algorithm, written here from
// the description and nothing else: processors are counted, nodes do not exist.

std::vector<std::optional<Epoch>> textbook_easy(const std::vector<TraceJob>& jobs, std::int64_t total) {
  std::vector<std::size_t> order(jobs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return jobs[a].submit != jobs[b].submit ? jobs[a].submit < jobs[b].submit : jobs[a].number < jobs[b].number;
  });
  struct Running {
    std::size_t job;
    Epoch requested_end, end;
  };
  std::vector<std::optional<Epoch>> start(jobs.size());
  std::vector<Running> running;
  std::vector<std::size_t> queue;  // FCFS
  std::int64_t free = total;
  std::size_t next = 0;
  auto begin = [&](std::size_t j, Epoch t) {
    start[j] = t;
    free -= jobs[j].procs;
    running.push_back({j, t + jobs[j].requested, t + jobs[j].run});
  };
  for (;;) {
    Epoch t = kEndOfTime;
    if (next < order.size()) t = jobs[order[next]].submit;
    for (const auto& r : running) t = std::min(t, r.end);
    if (t == kEndOfTime) break;
    // Every event of second t before one pass: ends, then submissions. (A job of run time 0
    // started in the pass ends at t: the loop comes back to t for another pass.)
    for (const auto& r : running)
      if (r.end <= t) free += jobs[r.job].procs;
    std::erase_if(running, [&](const Running& r) { return r.end <= t; });
    for (; next < order.size() && jobs[order[next]].submit <= t; ++next)
      if (jobs[order[next]].procs <= total) queue.push_back(order[next]);
    // Start in FCFS order while the jobs fit.
    std::size_t k = 0;
    while (k < queue.size() && jobs[queue[k]].procs <= free) begin(queue[k++], t);
    queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(k));
    if (queue.empty()) continue;
    // The head's shadow time: the first requested end at which enough processors are free.
    const std::int64_t need = jobs[queue.front()].procs;
    std::vector<Running> by_end = running;
    std::sort(by_end.begin(), by_end.end(),
              [](const Running& a, const Running& b) { return a.requested_end < b.requested_end; });
    std::int64_t avail = free;
    Epoch shadow = t;
    for (const auto& r : by_end) {
      if (avail >= need) break;
      avail += jobs[r.job].procs;
      shadow = r.requested_end;
    }
    std::int64_t at_shadow = free;
    for (const auto& r : running)
      if (r.requested_end <= shadow) at_shadow += jobs[r.job].procs;
    std::int64_t extra = at_shadow - need;
    // Backfill in FCFS order.
    std::vector<std::size_t> still;
    still.push_back(queue.front());
    for (std::size_t i = 1; i < queue.size(); ++i) {
      const TraceJob& j = jobs[queue[i]];
      if (j.procs <= free && t + j.requested <= shadow) {
        begin(queue[i], t);
      } else if (j.procs <= free && j.procs <= extra) {
        begin(queue[i], t);
        extra -= j.procs;
      } else {
        still.push_back(queue[i]);
      }
    }
    queue = std::move(still);
  }
  return start;
}

// The textbook algorithm itself, and the simulator, on a hand-worked case (10 procs):
//   t=0: A (6 procs, req 100, runs 50) and B (4 procs, req 300) start; 0 free.
//   t=10: C (8 procs, req 10) is the head. Shadow: A's requested end 100 frees 6 (< 8), B's 300
//     4 more (10 >= 8): shadow 300, extra 10 - 8 = 2.
//   t=20: D (2 procs, req 1000): 0 free, waits.
//   t=50: A ends: 6 free; E (1 proc, req 100) arrives. C still does not fit; shadow 300, extra
//     6 + 4 - 8 = 2. D ends at 1050 > 300 but uses no more than the extra 2: starts, extra 0,
//     4 free. E ends at 150 <= 300: starts, 3 free.
//   t=150: E ends (4 free): C does not fit; nothing else waits.
//   t=300: B ends: 8 free: C starts.
TEST(TextbookEasy, HandWorkedCase) {
  std::vector<TraceJob> jobs{trace_job(1, 0, 50, 100, 6),   trace_job(2, 0, 300, 300, 4),
                             trace_job(3, 10, 10, 10, 8),   trace_job(4, 20, 1000, 1000, 2),
                             trace_job(5, 50, 100, 100, 1)};
  const std::vector<std::optional<Epoch>> expected{0, 0, 300, 50, 50};
  EXPECT_EQ(textbook_easy(jobs, 10), expected);
  auto unit = checker::check_file(MAUI_SOURCE_DIR "/examples/easy.cfg");
  ASSERT_NE(unit, nullptr);
  CredentialDirectory dir(unit->policy);
  std::vector<Node> nodes;
  for (int i = 0; i < 10; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  SimulationResult sim = simulate(dir, trace_of(jobs), nodes);
  ASSERT_EQ(sim.jobs.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(sim.jobs[i].start, expected[i]) << "job " << i + 1;
  EXPECT_TRUE(sim.jobs[3].backfilled);
  EXPECT_TRUE(sim.jobs[4].backfilled);
}

// The KTH SP2 trace on 100 one-proc nodes with examples/easy.cfg: every start time must be the
// textbook's. The whole trace (28,475 usable jobs) in an optimised build; its first 3,000 jobs
// under the sanitizers, where the whole trace takes minutes.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kEasyJobs = 3000;
#else
constexpr int kEasyJobs = 0;  // all
#endif

// The general engine and the EASY fast path (runtime/engine/easy_fast_path.h), which the simulator uses
// for this policy, each against the textbook; with examples/easy.cfg and with EASY as a new admin
// writes it, the defaults left as they are (examples/easy-defaults.cfg: JOBPRIOACCRUALPOLICY
// QUEUEPOLICY, LASTAVAILABLE).
class TextbookEasyOnKth : public ::testing::TestWithParam<std::tuple<const char*, bool>> {};

TEST_P(TextbookEasyOnKth, SimulatorMatches) {
  const auto [config, fast_path] = GetParam();
  auto unit = checker::check_file(std::string(MAUI_SOURCE_DIR "/examples/") + config);
  ASSERT_NE(unit, nullptr);
  for (const auto& d : unit->diagnostics.diagnostics()) ASSERT_NE(d.severity, Severity::Error) << d.message;
  CredentialDirectory dir(unit->policy);
  TraceReadOptions opt;
  opt.limit_jobs = kEasyJobs;
  TraceReadResult read = read_swf(MAUI_SOURCE_DIR "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz", opt);
  ASSERT_EQ(read.error, "");
  ASSERT_EQ(read.trace.jobs.size(), static_cast<std::size_t>(kEasyJobs > 0 ? kEasyJobs : 28475));
  SimulatedNodes cluster = simulated_nodes(unit->policy, {100, 1});
  ASSERT_EQ(cluster.error, "");
  std::vector<Node>& nodes = cluster.nodes;
  SimulationOptions options;
  options.fast_path = fast_path;
  SimulationResult sim = simulate(dir, read.trace, nodes, options);
  EXPECT_EQ(sim.fast_path_iterations, fast_path ? sim.iterations : 0);
  const auto easy = textbook_easy(read.trace.jobs, 100);
  ASSERT_EQ(sim.jobs.size(), easy.size());
  std::int64_t mismatches = 0, backfilled = 0;
  for (std::size_t i = 0; i < easy.size(); ++i) {
    backfilled += sim.jobs[i].backfilled;
    if (sim.jobs[i].start == easy[i]) continue;
    if (++mismatches <= 5)
      ADD_FAILURE() << "job " << read.trace.jobs[i].number << " (submit " << read.trace.jobs[i].submit << ", "
                    << read.trace.jobs[i].procs << " procs, req " << read.trace.jobs[i].requested
                    << "): simulator starts it at "
                    << (sim.jobs[i].start ? std::to_string(*sim.jobs[i].start) : "never")
                    << ", textbook EASY at " << (easy[i] ? std::to_string(*easy[i]) : "never");
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(backfilled, 100);  // the comparison exercises backfill, not only FCFS
}
INSTANTIATE_TEST_SUITE_P(Engines, TextbookEasyOnKth,
                         ::testing::Combine(::testing::Values("easy.cfg", "easy-defaults.cfg"),
                                            ::testing::Values(false, true)),
                         [](const auto& info) {
                           const std::string config = std::get<0>(info.param);
                           return std::string(config == "easy.cfg" ? "Easy" : "EasyDefaults") +
                                  (std::get<1>(info.param) ? "FastPath" : "GeneralEngine");
                         });

// A trace built in code may repeat a job number (read_swf refuses it): the later job is not
// replayed, says why, and the simulation ends (it looped for ever before: the RM started the
// later job when the scheduler chose the earlier one).
TEST(Simulator, ARepeatedJobNumberIsNotReplayed) {
  TestPolicy p = compile_policy("QUEUETIMEWEIGHT 1\nBACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
  const Trace trace = trace_of({trace_job(5, 0, 100, 100, 1), trace_job(6, 10, 50, 50, 1), trace_job(5, 20, 30, 30, 1)});
  const SimulationResult r = simulate(*p.dir, trace, {make_node("n1", 1)});
  ASSERT_EQ(r.jobs.size(), 3u);
  EXPECT_EQ(r.jobs[0].start, 0);
  EXPECT_EQ(r.jobs[1].start, 100);
  EXPECT_EQ(r.jobs[2].start, std::nullopt);
  EXPECT_EQ(r.jobs[2].reason, "not replayed: job 5 appears earlier in the trace");
  EXPECT_EQ(r.metrics.jobs, 3);
}

// Fairshare accrues as jobs run in the simulation. One 1-proc node; u1's job 1 runs 0-3600 s,
// then u1's job 2 (submitted at 100 s) and u2's job 3 (at 200 s) wait for the node. Priority is
// the user's fairshare only (FSTARGET 50 each): at 3600 s u1 has had all the usage (100 %,
// 50 - 100 = -50) and u2 none (50 - 0 = +50), so job 3 starts at 3600 s and job 2 at 3700 s.
// Without the fairshare weight the earlier job 2 goes first.
TEST(Simulator, FairshareAccruesAsJobsRun) {
  const std::string common =
      "QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nJOBPRIOACCRUALPOLICY ALWAYS\nRMPOLLINTERVAL 00:00:30\n"
      "FSPOLICY DEDICATEDPS\nFSINTERVAL 24:00:00\nFSDEPTH 7\nFSUSERWEIGHT 1\nUSERCFG[DEFAULT] FSTARGET=50\n";
  Trace trace;
  auto job = [](std::int64_t number, Epoch submit, Seconds run, const char* user) {
    TraceJob t;
    t.number = number;
    t.submit = submit;
    t.run = t.requested = run;
    t.procs = 1;
    t.user = user;
    t.group = "g";
    return t;
  };
  trace.jobs = {job(1, 0, 3600, "u1"), job(2, 100, 100, "u1"), job(3, 200, 100, "u2")};
  for (const auto& [weights, second, third] :
       {std::tuple{"SERVICEWEIGHT 0\nFSWEIGHT 1000\n", 3700, 3600}, std::tuple{"FSWEIGHT 0\n", 3600, 3700}}) {
    SCOPED_TRACE(weights);
    TestPolicy p = compile_policy(common + weights);
    const SimulationResult r = simulate(*p.dir, trace, {make_node("n1", 1)});
    ASSERT_EQ(r.jobs.size(), 3u);
    EXPECT_EQ(r.jobs[0].start, std::optional<Epoch>(0));
    EXPECT_EQ(r.jobs[1].start, std::optional<Epoch>(second));
    EXPECT_EQ(r.jobs[2].start, std::optional<Epoch>(third));
  }
}

// The simulator skips iterations in which no waiting job fits in the free procs. That must
// change nothing: on the site example (fairshare, QUEUEPOLICY accrual, limits, a standing
// reservation) every job starts and ends as when every iteration runs.
TEST(Simulator, SkippingFutileIterationsChangesNothing) {
  auto unit = checker::check_file(MAUI_SOURCE_DIR "/examples/site.cfg");
  ASSERT_NE(unit, nullptr);
  CredentialDirectory dir(unit->policy);
  TraceReadOptions opt;
  opt.limit_jobs = kEasyJobs > 0 ? 1500 : 5000;
  TraceReadResult read = read_swf(MAUI_SOURCE_DIR "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz", opt);
  ASSERT_EQ(read.error, "");
  SimulatedNodes cluster = simulated_nodes(unit->policy, {0, 1});
  ASSERT_EQ(cluster.error, "");
  std::vector<Node>& nodes = cluster.nodes;
  SimulationOptions every;
  every.skip_futile_iterations = false;
  const SimulationResult skipping = simulate(dir, read.trace, nodes);
  const SimulationResult all = simulate(dir, read.trace, nodes, every);
  EXPECT_LT(skipping.iterations, all.iterations);  // something was skipped
  ASSERT_EQ(skipping.jobs.size(), all.jobs.size());
  std::int64_t started = 0;
  for (std::size_t i = 0; i < all.jobs.size(); ++i) {
    const JobOutcome &a = skipping.jobs[i], &b = all.jobs[i];
    started += b.start.has_value();
    EXPECT_TRUE(a.start == b.start && a.end == b.end && a.backfilled == b.backfilled && a.reason == b.reason)
        << "job " << b.number << ": start " << a.start.value_or(-1) << " vs " << b.start.value_or(-1);
  }
  EXPECT_GT(started, opt.limit_jobs / 2);
}

// Under RESERVATIONPOLICY HIGHEST a job keeps the reservation an iteration gave it, and its
// start comes first when the time arrives: an iteration that starts nothing still counts, so
// none is skipped. Two 1-proc nodes: A runs on both from 0 to 3600. Y (2 procs) comes at 100 and
// is reserved at 3600; Z (2 procs, QOS hi: higher priority, NORESERVATION) comes at 200. At 3600
// Y starts on its reservation and Z waits for it. Skipping the iterations at 100 and 200
// (nothing is free then) would have lost Y's reservation, and Z would have started first.
TEST(Simulator, HighestKeepsAReservationFromAnIterationThatStartedNothing) {
  TestPolicy p = fcfs("RESERVATIONPOLICY HIGHEST\nRESERVATIONDEPTH 1\nQOSWEIGHT 1\nCREDWEIGHT 1\n"
                      "QOSCFG[hi] PRIORITY=1000 QFLAGS=NORESERVATION\nUSERCFG[u2] QDEF=hi\n");
  const Trace trace = trace_of({trace_job(1, 0, kHour, kHour, 2), trace_job(2, 100, kHour, kHour, 2),
                                trace_job(3, 200, kHour, kHour, 2, "u2")});
  const std::vector<Node> nodes{make_node("n1", 1), make_node("n2", 1)};
  SimulationOptions every;
  every.skip_futile_iterations = false;
  for (const SimulationResult& r : {simulate(*p.dir, trace, nodes), simulate(*p.dir, trace, nodes, every)}) {
    ASSERT_EQ(r.jobs.size(), 3u);
    EXPECT_EQ(r.jobs[1].start, Epoch{kHour});
    EXPECT_EQ(r.jobs[2].start, Epoch{2 * kHour});
  }
}

// A job removed as never runnable counted against its user's idle-job limit in the iteration
// that removed it: the jobs it held back get another iteration at once. Two partitions of one
// 1-proc node, u1 may have one idle job (MAXIJOB=1). W (2 procs: wider than either partition)
// and V (1 proc) of u1 come at 0: the first iteration removes W and holds V back, the next, in
// the same second, starts V. Likewise when W comes while every node is busy: the iteration then
// is not skipped, since W is wider than every partition open to it: V, coming later, is not
// held back by it when the nodes free up at 3600, nor does it lose queue time to it meanwhile.
TEST(Simulator, AJobRemovedAsNeverRunnableHoldsNobodyBack) {
  TestPolicy p = fcfs("USERCFG[DEFAULT] MAXIJOB=1\n");
  Node a = make_node("n1", 1), b = make_node("n2", 1);
  a.partition = "A", b.partition = "B";
  SimulationOptions every;
  every.skip_futile_iterations = false;
  const Trace together = trace_of({trace_job(1, 0, kHour, kHour, 2), trace_job(2, 0, kHour, kHour, 1)});
  const Trace busy = trace_of({trace_job(1, 0, kHour, kHour, 1, "u2"), trace_job(2, 0, kHour, kHour, 1, "u2"),
                               trace_job(3, 100, kHour, kHour, 2), trace_job(4, 200, kHour, kHour, 1)});
  for (const SimulationOptions& o : {SimulationOptions{}, every}) {
    SimulationResult r = simulate(*p.dir, together, {a, b}, o);
    ASSERT_EQ(r.jobs.size(), 2u);
    EXPECT_EQ(r.jobs[0].start, std::nullopt);
    EXPECT_EQ(r.jobs[1].start, Epoch{0}) << r.jobs[1].reason;
    r = simulate(*p.dir, busy, {a, b}, o);
    ASSERT_EQ(r.jobs.size(), 4u);
    EXPECT_EQ(r.jobs[2].start, std::nullopt);
    EXPECT_EQ(r.jobs[3].start, Epoch{kHour}) << r.jobs[3].reason;
  }
  // Queue time accrues only under the idle-job limits (QUEUEPOLICY), so W must go when it
  // comes, not at the next iteration that could start something: both nodes are busy until
  // 3600 and one stays so until 7200. W and V (u1) come at 100, U (u2) at 150. V accrues from
  // 100, U from 150: V ranks first at 3600 and takes the free node; U waits until 7200.
  TestPolicy accrual = compile_policy("QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\n"
                                      "JOBPRIOACCRUALPOLICY QUEUEPOLICY\nUSERCFG[DEFAULT] MAXIJOB=1\n");
  const Trace late = trace_of({trace_job(1, 0, kHour, kHour, 1, "u3"), trace_job(2, 0, 2 * kHour, 2 * kHour, 1, "u4"),
                               trace_job(3, 100, kHour, kHour, 2), trace_job(4, 100, kHour, kHour, 1),
                               trace_job(5, 150, kHour, kHour, 1, "u2")});
  for (const SimulationOptions& o : {SimulationOptions{}, every}) {
    SimulationResult r = simulate(*accrual.dir, late, {a, b}, o);
    ASSERT_EQ(r.jobs.size(), 5u);
    EXPECT_EQ(r.jobs[3].start, Epoch{kHour});
    EXPECT_EQ(r.jobs[4].start, Epoch{2 * kHour});
  }
}

// A job no iteration can ever start (over SYSTEMMAXJOBWALLTIME) under a daily standing
// reservation: once nothing runs and nothing is left to submit, the simulator used to jump from
// one reservation boundary to the next for ever. It stops once nothing changed for longer than
// the policy takes to repeat (two weeks here, with no fairshare), and says why the job never ran.
TEST(Simulator, StopsWhenNothingCanEverStart) {
  TestPolicy p = fcfs("SYSTEMMAXJOBWALLTIME 1:00:00\n"
                      "SRCFG[day] PERIOD=DAY STARTTIME=08:00:00 ENDTIME=17:00:00 HOSTLIST=n1 USERLIST=u1\n");
  const Trace trace = trace_of({trace_job(1, 0, kHour, kHour, 1), trace_job(2, 60, 2 * kHour, 2 * kHour, 1)});
  SimulationResult r = simulate(*p.dir, trace, {make_node("n1", 1), make_node("n2", 1)});
  ASSERT_EQ(r.jobs.size(), 2u);
  EXPECT_EQ(r.jobs[0].end, Epoch{kHour});
  EXPECT_FALSE(r.jobs[1].start.has_value());
  EXPECT_EQ(r.jobs[1].reason,
            "never started: nothing ran or changed for longer than the policy takes to repeat; violates system HARD "
            "SYSTEMMAXJOBWALLTIME limit of 3600 per job (request 7200) [SYSTEMMAXJOBWALLTIME at t.cfg:6]");
  // Daily boundaries for two weeks and a day at most: about 30 iterations, not millions.
  EXPECT_LT(r.iterations, 100);
  EXPECT_GT(r.iterations, 20);
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
