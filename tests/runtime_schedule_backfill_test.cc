// The backfill policies (runtime/engine/backfill_policy.h): the backfill windows of the seed's
// figure (8.2.2), FIRSTFIT, BESTFIT and GREEDY on one picture, BACKFILLMETRIC, BACKFILLDEPTH,
// the SOFT and HARD passes, bypass counts and chunking (BFCHUNKSIZE, BFCHUNKDURATION), against the
// manual's 8.2 and reference §8.4 (docs/reference/maui-3.3-semantics.md).
//
// Shared with the other scheduling-iteration tests: tests/schedule_fixtures.h (FCFS policies,
// kNow) and tests/schedule_support.h (one iteration, lookups in its result). Every expected start
// time below is worked out by hand in the comment next to it.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/calendar.h"
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
      {"FIRSTFIT", {"J3", "Ja", "Jb"}, {"J3"}},     {"BESTFIT", {"J3", "Ja", "Jb"}, {"J3"}},
      {"GREEDY", {"J3", "Ja", "Jb"}, {"Ja", "Jb"}}, {"FIRSTFIT", {"Ja", "J3", "Jb"}, {"Ja", "Jb"}},
      {"BESTFIT", {"Ja", "J3", "Jb"}, {"J3"}},      {"GREEDY", {"Ja", "J3", "Jb"}, {"Ja", "Jb"}}};
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
    ClusterSnapshot snap = backfill_picture(
        {J("J3").tasks(3).walltime(kHour), J("J2").tasks(2).walltime(3 * kHour), J("J1").walltime(2 * kHour)});
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
  ClusterSnapshot snap =
      snapshot_of(kNow, nodes,
                  {running_on(J("R").user("u").walltime(10 * kHour), kNow - kHour, {"n1"}),
                   J("u2").user("u").submit(kNow - 30 * kMinute), J("u3").user("u").submit(kNow - 25 * kMinute),
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
  ClusterSnapshot snap = backfill_picture(
      {J("J3").tasks(3).walltime(kHour), J("Ja").tasks(2).walltime(kHour), J("Jb").tasks(2).walltime(kHour)});
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
  ClusterSnapshot snap =
      snapshot_of(kNow, nodes,
                  {J("A").tasks(2).submit(kNow - 3 * kMinute), J("B").tasks(2).submit(kNow - 2 * kMinute),
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
  for (auto [policy, expected] :
       {std::pair<std::string_view, Strings>{"FIRSTFIT", {}}, {"BESTFIT", {"S"}}, {"GREEDY", {"S"}}}) {
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
  const Trace trace =
      trace_of({trace_job(1, 0, 100, 100, 2), trace_job(2, 0, 10000, 10000, 2), trace_job(3, 1, 1000, 1000, 4),
                trace_job(4, 2, 1000, 1000, 3), trace_job(5, 3, 50, 50, 1)});
  std::vector<Node> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(make_node(lines({"n", std::to_string(i)}), 1));
  SimulationResult r = simulate(*p.dir, trace, nodes);
  ASSERT_EQ(r.jobs.size(), 5u);
  EXPECT_EQ(r.jobs[2].start, Epoch{10000});
  ASSERT_TRUE(r.jobs[4].start.has_value());
  EXPECT_GE(*r.jobs[4].start, 700);
  EXPECT_LE(*r.jobs[4].start, 760);
}

}  // namespace
}  // namespace maui::runtime
