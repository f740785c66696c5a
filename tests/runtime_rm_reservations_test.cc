// The resource manager's own reservations (Slurm's `scontrol create reservation`; ClusterSnapshot::
// rm_reservations, docs/slurm.md "Slurm reservations"): a job that asked for one by name runs only
// on its nodes and uses them; every other job is kept off them for their window, unless the
// reservation is magnetic and its ACL admits the job. Each expected start is worked out in the
// comment beside it; the cluster is two 1-proc nodes, n1 and n2.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "tests/runtime_support.h"
#include "tests/schedule_fixtures.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;
using Strings = std::vector<std::string>;

AdminReservation slurm_reservation(std::string name, Epoch start, Epoch end, Strings hosts,
                                   std::vector<ir::AclEntry> acl = {}, bool magnetic = false) {
  AdminReservation r{std::move(name), start, end, std::move(hosts), std::move(acl), "slurm"};
  r.rm = true;
  r.magnetic = magnetic;
  return r;
}

ClusterSnapshot two_nodes_with(std::vector<AdminReservation> reservations, std::vector<Job> jobs) {
  ClusterSnapshot snap = snapshot_of(kNow, {make_node("n1", 1), make_node("n2", 1)}, std::move(jobs));
  snap.rm_reservations = std::move(reservations);
  mark_rm_reservations(snap);
  return snap;
}

Job asking(J j, std::string reservation) {
  j.job.reservation = std::move(reservation);
  return j.job;
}

// n1 is Slurm's "maint" for 10 h, open to alice. Even alice's job, not asking for it, is kept off
// n1 (Slurm starts a job in a reservation only when it asks): a 1-proc job goes to n2, a 2-proc
// job waits for the end of maint (reserved at now + 10 h). The job that asks runs on n1 at once.
TEST(RmReservation, OnlyTheJobsThatAskedUseIt) {
  TestPolicy p = fcfs("");
  const auto maint = slurm_reservation("maint", kNow, kNow + 10 * kHour, {"n1"}, {user_entry("alice")});
  {
    ClusterSnapshot snap = two_nodes_with({maint}, {J("one").user("alice").submit(kNow).job});
    IterationResult r = iterate(p, snap);
    const StartDecision* s = start_of(r, snap, "one");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(placed(snap, s->nodes), Strings{"n2:1"});
  }
  {
    ClusterSnapshot snap = two_nodes_with({maint}, {J("wide").user("alice").tasks(2).submit(kNow).job});
    IterationResult r = iterate(p, snap);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "wide");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, kNow + 10 * kHour);
  }
  {
    ClusterSnapshot snap = two_nodes_with({maint}, {asking(J("in").user("alice").submit(kNow), "maint")});
    IterationResult r = iterate(p, snap);
    const StartDecision* s = start_of(r, snap, "in");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(placed(snap, s->nodes), Strings{"n1:1"});
  }
}

// A job asking for maint (on n1) never goes to n2, though n2 is free and n1 is not: a 1-proc
// job runs on n1 from now + 1 h on, so nothing starts now. A job asking for a reservation the
// snapshot does not have runs nowhere.
TEST(RmReservation, AJobThatAskedRunsOnlyOnItsNodes) {
  TestPolicy p = fcfs("");
  const auto maint = slurm_reservation("maint", kNow, kNow + 10 * kHour, {"n1"});
  ClusterSnapshot snap =
      two_nodes_with({maint}, {J("r").running(kNow).walltime(kHour).job, asking(J("in").submit(kNow), "maint"),
                               asking(J("lost").submit(kNow), "gone")});
  snap.jobs[0].allocated_nodes = {"n1"};
  snap.jobs[0].reservation = "maint";
  IterationResult r = iterate(p, snap);
  EXPECT_EQ(start_of(r, snap, "in"), nullptr);
  EXPECT_EQ(start_of(r, snap, "lost"), nullptr);
}

// A future window [now + 2 h, now + 4 h) on n1: a 3 h job not asking for it cannot use n1 (it
// would run into the window) and goes to n2; a 1 h job fits before the window on n1 (best fit in
// time keeps n2, free for ever, for longer jobs: the same as an administrative reservation).
TEST(RmReservation, AFutureWindowKeepsLongJobsOff) {
  TestPolicy p = fcfs("");
  const auto later = slurm_reservation("later", kNow + 2 * kHour, kNow + 4 * kHour, {"n1"});
  for (auto [walltime, node] : {std::pair{3 * kHour, "n2:1"}, {kHour, "n1:1"}}) {
    SCOPED_TRACE(walltime);
    ClusterSnapshot snap = two_nodes_with({later}, {J("j").walltime(walltime).submit(kNow).job});
    IterationResult r = iterate(p, snap);
    const StartDecision* s = start_of(r, snap, "j");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(placed(snap, s->nodes), Strings{node});
  }
}

// Flags=MAGNETIC: a job its ACL admits uses it without asking. Alice's 2-proc job starts on n1
// and n2; bob's waits for the end of the window, now + 10 h.
TEST(RmReservation, MagneticAdmitsByItsAcl) {
  TestPolicy p = fcfs("");
  const auto open = slurm_reservation("open", kNow, kNow + 10 * kHour, {"n1"}, {user_entry("alice")}, true);
  {
    ClusterSnapshot snap = two_nodes_with({open}, {J("a").user("alice").tasks(2).submit(kNow).job});
    IterationResult r = iterate(p, snap);
    const StartDecision* s = start_of(r, snap, "a");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(placed(snap, s->nodes), (Strings{"n1:1", "n2:1"}));
  }
  {
    ClusterSnapshot snap = two_nodes_with({open}, {J("b").user("bob").tasks(2).submit(kNow).job});
    IterationResult r = iterate(p, snap);
    EXPECT_TRUE(r.starts.empty());
    const Reservation* j = reservation_named(r, ReservationKind::Job, "b");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->start, kNow + 10 * kHour);
  }
}

// mark_rm_reservations: each node lists the reservations holding it, once each; a host that is no
// node is skipped; a second marking replaces the first.
TEST(RmReservation, NodesKnowTheReservationsHoldingThem) {
  ClusterSnapshot snap = two_nodes_with({slurm_reservation("a", kNow, kNow + kHour, {"n1", "n1", "n9"}),
                                         slurm_reservation("b", kNow, kNow + kHour, {"n1", "n2"})},
                                        {});
  EXPECT_EQ(snap.nodes[0].rm_reservations, (Strings{"a", "b"}));
  EXPECT_EQ(snap.nodes[1].rm_reservations, Strings{"b"});
  snap.rm_reservations.pop_back();
  mark_rm_reservations(snap);
  EXPECT_EQ(snap.nodes[0].rm_reservations, Strings{"a"});
  EXPECT_TRUE(snap.nodes[1].rm_reservations.empty());
}

}  // namespace
}  // namespace maui::runtime
