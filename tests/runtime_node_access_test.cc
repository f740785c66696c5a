// Node access policies (docs/semantics.md 84): NODEACCESSPOLICY SINGLEJOB, SINGLETASK and
// SINGLEUSER, per class and through the QOS flag DEDICATED.
#include <gtest/gtest.h>

#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

// Jobs ordered by submission; FIRSTAVAILABLE, so that a job that may share takes n1 first.
TestPolicy first_available(std::string_view extra) {
  return compile_policy(
      lines({"QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\nJOBPRIOACCRUALPOLICY ALWAYS\n"
             "NODEALLOCATIONPOLICY FIRSTAVAILABLE\n",
             extra}));
}

std::vector<Node> two_nodes() { return {make_node("n1", 4), make_node("n2", 4)}; }

TEST(NodeAccess, PolicyOfAJob) {
  auto t = compile_policy(
      "NODEACCESSPOLICY SINGLEJOB\nCLASSCFG[DEFAULT] NODEACCESSPOLICY=SINGLETASK\nCLASSCFG[open] "
      "NODEACCESSPOLICY=SHARED\nCLASSCFG[plain] MAXJOB=4\nQOSCFG[ded] QFLAGS=DEDICATED\n");
  EXPECT_EQ(t.dir->node_access("open", "DEFAULT"), NodeAccess::Shared);       // the class's own
  EXPECT_EQ(t.dir->node_access("plain", "DEFAULT"), NodeAccess::SingleTask);  // CLASSCFG[DEFAULT]'s
  EXPECT_EQ(t.dir->node_access("open", "ded"), NodeAccess::SingleJob);        // DEDICATED first
  EXPECT_TRUE(t.dir->has_whole_node_jobs());
  auto g = compile_policy("NODEACCESSPOLICY SINGLEJOB\n");
  EXPECT_EQ(g.dir->node_access("batch", "DEFAULT"), NodeAccess::SingleJob);  // the parameter
  auto s = compile_policy("NODEACCESSPOLICY SINGLEUSER\nCLASSCFG[c] NODEACCESSPOLICY=SHARED\n");
  EXPECT_EQ(s.dir->node_access("batch", "DEFAULT"), NodeAccess::SingleUser);
  EXPECT_FALSE(s.dir->has_whole_node_jobs());  // SINGLEUSER shares nodes, with one user
  EXPECT_TRUE(s.dir->has_single_user_jobs());
  EXPECT_FALSE(g.dir->has_single_user_jobs());
  EXPECT_TRUE(compile_policy("CLASSCFG[c] NODEACCESSPOLICY=SINGLEUSER\n").dir->has_single_user_jobs());
  // A class's value in the wrong case works, as the parameter's does (lint warns: wrong-case).
  auto lc = compile_policy("CLASSCFG[lc] NODEACCESSPOLICY=singletask\n");
  EXPECT_EQ(lc.dir->node_access("lc", "DEFAULT"), NodeAccess::SingleTask);
  EXPECT_TRUE(lc.dir->has_whole_node_jobs());
  // A value that is no policy is not one (invalid-value): the class gets the parameter's.
  auto bogus = compile_policy("NODEACCESSPOLICY SINGLEJOB\nCLASSCFG[b] NODEACCESSPOLICY=Bogus\n");
  EXPECT_EQ(bogus.dir->node_access("b", "DEFAULT"), NodeAccess::SingleJob);
}

// R runs 1 task on n1 until +30 min. A and B wait for 1 task each for 1 h.
ClusterSnapshot one_running(Epoch now) {
  return snapshot_of(now, two_nodes(),
                     {running_on(J("R").walltime(kHour), now - 30 * kMinute, {"n1"}), J("A").submit(now - 2 * kMinute),
                      J("B").submit(now - kMinute)});
}

TEST(NodeAccess, SingleJobKeepsEveryNodeToOneJob) {
  const Epoch now = kMonday + 10 * kHour;
  // Shared: A and B join R on n1, the first node with room.
  TestPolicy shared = first_available("");
  ClusterSnapshot snap = one_running(now);
  IterationResult r = iterate(shared, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "A")->nodes), (std::vector<std::string>{"n1:1"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "B")->nodes), (std::vector<std::string>{"n1:1"}));
  // SINGLEJOB: A takes the empty n2; B waits for n1, free when R ends at +30 min.
  TestPolicy single = first_available("NODEACCESSPOLICY SINGLEJOB\n");
  r = iterate(single, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"A"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "A")->nodes), (std::vector<std::string>{"n2:1"}));
  const Reservation* b = reservation_named(r, ReservationKind::Job, "B");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->start, now + 30 * kMinute);
  EXPECT_EQ(placed(snap, b->nodes), (std::vector<std::string>{"n1:1"}));
  EXPECT_TRUE(r.warnings.empty()) << to_text(r.warnings.front());
}

TEST(NodeAccess, AWholeNodeJobAndSharedJobsNeverMeet) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("CLASSCFG[excl] NODEACCESSPOLICY=SINGLEJOB\n");
  // R (shared) runs on n1: X (2 tasks, whole nodes) passes n1 by, and S (shared) then passes
  // X's n2 by and joins R.
  ClusterSnapshot snap =
      snapshot_of(now, two_nodes(),
                  {running_on(J("R").walltime(kHour), now - 30 * kMinute, {"n1"}),
                   J("X").job_class("excl").tasks(2).submit(now - 2 * kMinute), J("S").submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"X", "S"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "X")->nodes), (std::vector<std::string>{"n2:2"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "S")->nodes), (std::vector<std::string>{"n1:1"}));

  // A running whole-node job holds its node whole, iteration after iteration: S cannot join it.
  ClusterSnapshot later = snapshot_of(
      now, {make_node("n1", 4)},
      {running_on(J("X").job_class("excl").walltime(kHour), now - 30 * kMinute, {"n1"}), J("S").submit(now - kMinute)});
  r = iterate(p, later);
  EXPECT_TRUE(r.starts.empty());
  const Reservation* s = reservation_named(r, ReservationKind::Job, "S");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->start, now + 30 * kMinute);
}

TEST(NodeAccess, AWholeNodeReservationKeepsBackfillOffItsNodes) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("QOSCFG[ded] QFLAGS=DEDICATED\n");
  // R1 holds 2 of n1's procs until +1 h, R2 all of n2 until +2 h. X (QOS ded, 1 task) cannot
  // start on a node in use: reserved on n1, whole, from +1 h. S2 (2 procs, 2 h) would fit beside
  // X's one task but not beside a whole-node reservation; S1 (2 procs, 1 h) ends when X starts.
  ClusterSnapshot snap = snapshot_of(
      now, two_nodes(),
      {running_on(J("R1").tasks(2).walltime(2 * kHour), now - kHour, {"n1"}),
       running_on(J("R2").tasks(4).walltime(3 * kHour), now - kHour, {"n2"}),
       J("X").qos("ded").submit(now - 3 * kMinute), J("S2").tasks(2).walltime(2 * kHour).submit(now - 2 * kMinute),
       J("S1").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  const Reservation* x = reservation_named(r, ReservationKind::Job, "X");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->start, now + kHour);
  EXPECT_EQ(placed(snap, x->nodes), (std::vector<std::string>{"n1:1"}));
  EXPECT_TRUE(x->whole_nodes);
  // S2 would fit beside a reservation of X's one task (n1 has 3 procs free from +1 h), not
  // beside a whole node.
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"S1"}));
}

TEST(NodeAccess, SingleTaskPutsOneTaskOnEachNode) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("CLASSCFG[one] NODEACCESSPOLICY=SINGLETASK\n");
  ClusterSnapshot snap = snapshot_of(now, two_nodes(),
                                     {J("T").job_class("one").tasks(2).submit(now - 2 * kMinute),
                                      J("U").job_class("one").tasks(3).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"T"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "T")->nodes), (std::vector<std::string>{"n1:1", "n2:1"}));
  // Three tasks, one per node, on two nodes: never.
  ASSERT_EQ(r.never_runnable.size(), 1u);
  EXPECT_EQ(snap.jobs[r.never_runnable[0].job].id, "U");
}

IterationResult iterate_in(SchedulerWorkspace& workspace, const TestPolicy& p, const ClusterSnapshot& snap) {
  SchedulerInput in;
  in.dir = p.dir.get();
  in.snapshot = &snap;
  in.workspace = &workspace;
  return schedule_iteration(in);
}

// What one iteration remembers for the next (or for the next job) never mixes up a whole-node
// job and a shared one that ask the same otherwise.
TEST(NodeAccess, RememberedAnswersKnowWholeNodesFromShared) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("CLASSCFG[excl] NODEACCESSPOLICY=SINGLEJOB\n");
  // n1: R1 (2 procs) until +3 h, R3 (2 procs) until +1 h; n2: R2 (4 procs) until +2 h. Five
  // 1-proc tasks fit from +2 h when they may share (n1's 2 and n2's 4), from +3 h on whole nodes.
  auto with = [&](Job waiting) {
    return snapshot_of(now, two_nodes(),
                       {running_on(J("R1").tasks(2).walltime(4 * kHour), now - kHour, {"n1"}),
                        running_on(J("R3").tasks(2).walltime(2 * kHour), now - kHour, {"n1"}),
                        running_on(J("R2").tasks(4).walltime(3 * kHour), now - kHour, {"n2"}), std::move(waiting)});
  };
  SchedulerWorkspace workspace;
  ClusterSnapshot first = with(J("E").job_class("excl").tasks(5).submit(now - kMinute));
  IterationResult r = iterate_in(workspace, p, first);
  ASSERT_NE(reservation_named(r, ReservationKind::Job, "E"), nullptr);
  EXPECT_EQ(reservation_named(r, ReservationKind::Job, "E")->start, now + 3 * kHour);
  // The next iteration, at the same base, asks the same for a shared job.
  ClusterSnapshot second = with(J("S").tasks(5).submit(now - kMinute));
  r = iterate_in(workspace, p, second);
  ASSERT_NE(reservation_named(r, ReservationKind::Job, "S"), nullptr);
  EXPECT_EQ(reservation_named(r, ReservationKind::Job, "S")->start, now + 2 * kHour);

  // Within one iteration: E1 is reserved (on n2 from +2 h), E2 and E3 find no whole node now,
  // and the shared S, of the same shape, still finds n1's free procs (1 h, before R1 ends).
  TestPolicy q = first_available("CLASSCFG[excl] NODEACCESSPOLICY=SINGLEJOB\nRESERVATIONDEPTH 1\n");
  ClusterSnapshot snap = snapshot_of(
      now, two_nodes(),
      {running_on(J("R1").tasks(2).walltime(4 * kHour), now - kHour, {"n1"}),
       running_on(J("R2").tasks(4).walltime(3 * kHour), now - kHour, {"n2"}),
       J("E1").job_class("excl").submit(now - 4 * kMinute), J("E2").job_class("excl").submit(now - 3 * kMinute),
       J("E3").job_class("excl").submit(now - 2 * kMinute), J("S").submit(now - kMinute)});
  r = iterate(q, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"S"}));
}

TEST(NodeAccess, ARunningJobThatNoLongerTakesWholeNodesIsBookedAgain) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("CLASSCFG[excl] NODEACCESSPOLICY=SINGLEJOB\n");
  auto with = [&](std::string job_class) {
    return snapshot_of(now, {make_node("n1", 4)},
                       {running_on(J("R").job_class(std::move(job_class)).walltime(kHour), now - 30 * kMinute, {"n1"}),
                        J("S").submit(now - kMinute)});
  };
  SchedulerWorkspace workspace;
  ClusterSnapshot whole = with("excl");
  EXPECT_TRUE(iterate_in(workspace, p, whole).starts.empty());
  // The RM moved R to a shared class (same id, node, times): S may join it now.
  ClusterSnapshot shared = with("batch");
  IterationResult r = iterate_in(workspace, p, shared);
  EXPECT_EQ(started_ids(r, shared), (std::vector<std::string>{"S"}));
}

TEST(NodeAccess, TheSimulatorCarriesWholeNodeJobsAcrossIterations) {
  // Two 4-proc nodes, SINGLEJOB: four 1-proc jobs run two at a time, each alone on a node.
  TestPolicy p = first_available("NODEACCESSPOLICY SINGLEJOB\n");
  const Trace trace = trace_of({trace_job(1, 0, kHour, kHour, 1), trace_job(2, 0, kHour, kHour, 1),
                                trace_job(3, 0, kHour, kHour, 1), trace_job(4, 0, kHour, kHour, 1)});
  SimulationResult r = simulate(*p.dir, trace, two_nodes());
  ASSERT_EQ(r.jobs.size(), 4u);
  EXPECT_EQ(r.jobs[0].start, Epoch{0});
  EXPECT_EQ(r.jobs[1].start, Epoch{0});
  EXPECT_EQ(r.jobs[2].start, Epoch{kHour});
  EXPECT_EQ(r.jobs[3].start, Epoch{kHour});
}

TEST(NodeAccess, SingleUserSharesNodesWithItsOwnUserOnly) {
  const Epoch now = kMonday + 10 * kHour;
  // R (alice) runs on n1. Shared, A, B and C all join it; SINGLEUSER, alice's A and C join
  // her R and bob's B takes the empty n2.
  ClusterSnapshot snap =
      snapshot_of(now, two_nodes(),
                  {running_on(J("R").user("alice").walltime(kHour), now - 30 * kMinute, {"n1"}),
                   J("A").user("alice").submit(now - 3 * kMinute), J("B").user("bob").submit(now - 2 * kMinute),
                   J("C").user("alice").submit(now - kMinute)});
  IterationResult r = iterate(first_available(""), snap);
  for (const char* id : {"A", "B", "C"})
    EXPECT_EQ(placed(snap, start_of(r, snap, id)->nodes), (std::vector<std::string>{"n1:1"})) << id;
  r = iterate(first_available("NODEACCESSPOLICY SINGLEUSER\n"), snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "A")->nodes), (std::vector<std::string>{"n1:1"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "B")->nodes), (std::vector<std::string>{"n2:1"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "C")->nodes), (std::vector<std::string>{"n1:1"}));
  EXPECT_TRUE(r.warnings.empty()) << to_text(r.warnings.front());
}

TEST(NodeAccess, ANodeASingleUserJobHoldsTakesNoOtherUsersJobs) {
  const Epoch now = kMonday + 10 * kHour;
  // R (alice, class own: SINGLEUSER) runs on n1 until +30 min; bob's R2 fills n2 until +1 h.
  // carol's S, a shared job, may not join alice's node: reserved on n1 from +30 min. alice's T,
  // shared too, joins her own R at once (beside S's reservation, which leaves n1 3 procs).
  TestPolicy p = first_available("CLASSCFG[own] NODEACCESSPOLICY=SINGLEUSER\n");
  ClusterSnapshot snap =
      snapshot_of(now, two_nodes(),
                  {running_on(J("R").user("alice").job_class("own").walltime(kHour), now - 30 * kMinute, {"n1"}),
                   running_on(J("R2").user("bob").tasks(4).walltime(2 * kHour), now - kHour, {"n2"}),
                   J("S").user("carol").submit(now - 2 * kMinute), J("T").user("alice").submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"T"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "T")->nodes), (std::vector<std::string>{"n1:1"}));
  const Reservation* s = reservation_named(r, ReservationKind::Job, "S");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->start, now + 30 * kMinute);
  EXPECT_EQ(placed(snap, s->nodes), (std::vector<std::string>{"n1:1"}));
}

TEST(NodeAccess, ASingleUserReservationKeepsOtherUsersOffItsNodesForItsTime) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("CLASSCFG[own] NODEACCESSPOLICY=SINGLEUSER\n");
  // alice's R1 holds 2 of n1's procs until +1 h, bob's R2 all of n2 until +2 h. bob's X
  // (SINGLEUSER) may not join alice on n1: reserved there from +1 h. A 2-proc, 2-hour job that
  // waits behind X would run into X's time on n1: carol's C2 may not, bob's own B2 may. carol's
  // C1 (2 procs, 1 h) ends when X starts.
  auto with = [&](std::vector<Job> waiting) {
    std::vector<Job> jobs{running_on(J("R1").user("alice").tasks(2).walltime(2 * kHour), now - kHour, {"n1"}),
                          running_on(J("R2").user("bob").tasks(4).walltime(3 * kHour), now - kHour, {"n2"}),
                          J("X").user("bob").job_class("own").submit(now - 4 * kMinute)};
    jobs.insert(jobs.end(), waiting.begin(), waiting.end());
    return snapshot_of(now, two_nodes(), std::move(jobs));
  };
  ClusterSnapshot snap = with({J("C2").user("carol").tasks(2).walltime(2 * kHour).submit(now - 3 * kMinute),
                               J("C1").user("carol").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  const Reservation* x = reservation_named(r, ReservationKind::Job, "X");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->start, now + kHour);
  EXPECT_EQ(placed(snap, x->nodes), (std::vector<std::string>{"n1:1"}));
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"C1"}));
  ClusterSnapshot own = with({J("B2").user("bob").tasks(2).walltime(2 * kHour).submit(now - 3 * kMinute)});
  r = iterate(p, own);
  EXPECT_EQ(started_ids(r, own), (std::vector<std::string>{"B2"}));
}

// What one job's question leaves behind (the nodes found short for a shape, the running jobs'
// bookings carried to the next iteration) never answers for another user.
TEST(NodeAccess, RememberedAnswersKnowOneUserFromAnother) {
  const Epoch now = kMonday + 10 * kHour;
  // No reservations: carol's C and C2 find no node now (n1 runs alice's R1, n2 is full), and
  // alice's A, of the same shape, backfills beside her own R1 on n1.
  TestPolicy p = first_available("CLASSCFG[own] NODEACCESSPOLICY=SINGLEUSER\nRESERVATIONDEPTH 0\n");
  ClusterSnapshot snap =
      snapshot_of(now, two_nodes(),
                  {running_on(J("R1").user("alice").tasks(2).walltime(4 * kHour), now - kHour, {"n1"}),
                   running_on(J("R2").user("bob").tasks(4).walltime(3 * kHour), now - kHour, {"n2"}),
                   J("C").user("carol").job_class("own").tasks(2).submit(now - 3 * kMinute),
                   J("C2").user("carol").job_class("own").tasks(2).submit(now - 2 * kMinute),
                   J("A").user("alice").job_class("own").tasks(2).submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"A"}));
  EXPECT_EQ(placed(snap, start_of(r, snap, "A")->nodes), (std::vector<std::string>{"n1:2"}));

  // alice's R holds n1 for her while it is SINGLEUSER; moved to a shared class by the RM (same
  // id, node, times), it lets carol's S join it at the next iteration.
  TestPolicy q = first_available("CLASSCFG[own] NODEACCESSPOLICY=SINGLEUSER\n");
  auto with = [&](std::string job_class) {
    return snapshot_of(
        now, {make_node("n1", 4)},
        {running_on(J("R").user("alice").job_class(std::move(job_class)).walltime(kHour), now - 30 * kMinute, {"n1"}),
         J("S").user("carol").submit(now - kMinute)});
  };
  SchedulerWorkspace workspace;
  ClusterSnapshot held = with("own");
  EXPECT_TRUE(iterate_in(workspace, q, held).starts.empty());
  ClusterSnapshot shared = with("batch");
  r = iterate_in(workspace, q, shared);
  EXPECT_EQ(started_ids(r, shared), (std::vector<std::string>{"S"}));
}

TEST(NodeAccess, TheSimulatorKeepsEachUsersNodes) {
  // Two 4-proc nodes, SINGLEUSER: u1's jobs 1 and 3 share n1, u2's job 2 takes n2, u3's job 4
  // waits until a node is free of other users (+1 h); u2's job 5, submitted at 60 s, joins job 2
  // on n2 (a later iteration, the running jobs carried).
  TestPolicy p = first_available("NODEACCESSPOLICY SINGLEUSER\n");
  const Trace trace = trace_of({trace_job(1, 0, kHour, kHour, 1, "u1"), trace_job(2, 0, kHour, kHour, 1, "u2"),
                                trace_job(3, 0, kHour, kHour, 1, "u1"), trace_job(4, 0, kHour, kHour, 1, "u3"),
                                trace_job(5, 60, kHour, kHour, 1, "u2")});
  const auto [r, runs] = simulate_with_runs(*p.dir, trace, two_nodes());
  ASSERT_EQ(r.jobs.size(), 5u);
  EXPECT_EQ(runs,
            "job,start,end,how,nodes\n1,0,3600,ended,n1:1\n2,0,3600,ended,n2:1\n3,0,3600,ended,n1:1\n"
            "5,60,3660,ended,n2:1\n4,3600,7200,ended,n1:1\n");
}

// NODECFG MAXJOB (docs/semantics.md 90): a node runs at most that many jobs at once, whatever
// procs it has left; its running jobs and other jobs' reservations count.
Node limited(std::string name, std::int64_t procs, std::int64_t max_jobs) {
  Node n = make_node(std::move(name), procs);
  n.max_jobs = max_jobs;
  return n;
}

TEST(NodeJobLimit, ANodeRunningItsMostJobsTakesNoOther) {
  const Epoch now = kMonday + 10 * kHour;
  // n1 (8 procs, MAXJOB 2) runs R1 until +1 h and R2 until +2 h; n2 (1 proc) runs R3. X (1 task)
  // waits for R1's end though n1 has 6 procs free; without the limit it starts there now.
  auto cluster = [&](std::int64_t max_jobs) {
    return snapshot_of(now, {limited("n1", 8, max_jobs), make_node("n2", 1)},
                       {running_on(J("R1").walltime(2 * kHour), now - kHour, {"n1"}),
                        running_on(J("R2").walltime(3 * kHour), now - kHour, {"n1"}),
                        running_on(J("R3").walltime(4 * kHour), now - kHour, {"n2"}), J("X").submit(now - kMinute)});
  };
  ClusterSnapshot snap = cluster(2);
  IterationResult r = iterate(first_available(""), snap);
  EXPECT_TRUE(r.starts.empty());
  const Reservation* x = reservation_named(r, ReservationKind::Job, "X");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->start, now + kHour);
  EXPECT_EQ(placed(snap, x->nodes), (std::vector<std::string>{"n1:1"}));
  ClusterSnapshot open = cluster(0);
  r = iterate(first_available(""), open);
  EXPECT_EQ(started_ids(r, open), (std::vector<std::string>{"X"}));
}

TEST(NodeJobLimit, AJobsReservationCountsOnItsNode) {
  const Epoch now = kMonday + 10 * kHour;
  // One 8-proc node, MAXJOB 2, RESERVATIONDEPTH 2. R1 (6 procs) runs until +1 h; X1 (4 procs)
  // and X2 (3 procs) are reserved from +1 h. S (1 proc, 3 h) fits beside R1 now, but from +1 h
  // it would be a third job beside X1 and X2; S2 (1 proc, 1 h) ends when they start. Without
  // the limit both fit (8 procs from +1 h).
  auto cluster = [&](std::int64_t max_jobs) {
    return snapshot_of(now, {limited("n1", 8, max_jobs)},
                       {running_on(J("R1").tasks(6).walltime(2 * kHour), now - kHour, {"n1"}),
                        J("X1").tasks(4).walltime(2 * kHour).submit(now - 4 * kMinute),
                        J("X2").tasks(3).walltime(2 * kHour).submit(now - 3 * kMinute),
                        J("S").walltime(3 * kHour).submit(now - 2 * kMinute), J("S2").submit(now - kMinute)});
  };
  TestPolicy p = first_available("RESERVATIONDEPTH 2\n");
  ClusterSnapshot snap = cluster(2);
  IterationResult r = iterate(p, snap);
  for (const char* id : {"X1", "X2"}) {
    const Reservation* x = reservation_named(r, ReservationKind::Job, id);
    ASSERT_NE(x, nullptr) << id;
    EXPECT_EQ(x->start, now + kHour) << id;
  }
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"S2"}));
  ClusterSnapshot open = cluster(0);
  r = iterate(p, open);
  EXPECT_EQ(started_ids(r, open), (std::vector<std::string>{"S", "S2"}));
}

// A running job inside a reservation is booked in two parts (the one charged to the reservation
// and the rest): it is still one job. n1 (8 procs, MAXJOB 2) is a standing reservation for user
// u; R runs in it, and u's X joins it as the second job.
TEST(NodeJobLimit, AJobInsideAReservationIsOneJob) {
  const Epoch now = kMonday + 10 * kHour;
  TestPolicy p = first_available("SRCFG[mine] HOSTLIST=n1 PERIOD=INFINITY USERLIST=u\n");
  ClusterSnapshot snap =
      snapshot_of(now, {limited("n1", 8, 2)},
                  {running_on(J("R").walltime(2 * kHour), now - kHour, {"n1"}), J("X").submit(now - kMinute)});
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(started_ids(r, snap), (std::vector<std::string>{"X"}));
}

// The carried calendar (SchedulerWorkspace) follows a node's limit as the RM reports it.
TEST(NodeJobLimit, AChangedLimitIsSeenAtTheNextIteration) {
  const Epoch now = kMonday + 10 * kHour;
  auto cluster = [&](std::int64_t max_jobs) {
    return snapshot_of(now, {limited("n1", 8, max_jobs)},
                       {running_on(J("R").walltime(2 * kHour), now - kHour, {"n1"}), J("X").submit(now - kMinute)});
  };
  TestPolicy p = first_available("");
  SchedulerWorkspace workspace;
  ClusterSnapshot one = cluster(1);
  EXPECT_TRUE(iterate_in(workspace, p, one).starts.empty());
  ClusterSnapshot two = cluster(2);
  IterationResult r = iterate_in(workspace, p, two);
  EXPECT_EQ(started_ids(r, two), (std::vector<std::string>{"X"}));
}

TEST(NodeJobLimit, TheSimulatorTakesTheLimitFromNodecfg) {
  // NODECFG[DEFAULT] MAXJOB=1 holds for n1; n2's own MAXJOB=2 replaces it. Four 1-proc jobs at
  // 0: job 1 on n1, jobs 2 and 3 on n2, job 4 when they end.
  TestPolicy p = first_available(
      "NODECFG[DEFAULT] MAXJOB=1\nNODECFG[n1] RESOURCES=PROCS:4\nNODECFG[n2] RESOURCES=PROCS:4 MAXJOB=2\n");
  SimulatedNodes cluster = simulated_nodes(p.policy(), NodeSource{});
  std::vector<Node>& nodes = cluster.nodes;
  ASSERT_EQ(nodes.size(), 2u) << message_of(cluster.error);
  EXPECT_EQ(nodes[0].max_jobs, 1);
  EXPECT_EQ(nodes[1].max_jobs, 2);
  const Trace trace = trace_of({trace_job(1, 0, kHour, kHour, 1), trace_job(2, 0, kHour, kHour, 1),
                                trace_job(3, 0, kHour, kHour, 1), trace_job(4, 0, kHour, kHour, 1)});
  const auto [r, runs] = simulate_with_runs(*p.dir, trace, nodes);
  EXPECT_EQ(runs,
            "job,start,end,how,nodes\n1,0,3600,ended,n1:1\n2,0,3600,ended,n2:1\n3,0,3600,ended,n2:1\n"
            "4,3600,7200,ended,n1:1\n");
  EXPECT_TRUE(r.warnings.empty()) << to_text(r.warnings.front());
}

}  // namespace
}  // namespace maui::runtime::testing
