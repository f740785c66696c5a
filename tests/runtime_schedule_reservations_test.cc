// Reservations as the iteration sees them (runtime/engine/reservations.h,
// runtime/engine/priority_reservation.h): stacking (7.1.5 Example 3), standing instances across
// midnight and the week, TIMELIMIT (Example 4), affinity and OWNERPREEMPT (Example 5),
// administrative reservations (setres) and the accounting of a job partly inside a reservation,
// against the manual's 7.1.5 and reference §7 (docs/reference/maui-3.3-semantics.md).
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

#include "runtime/engine/reservations.h"
#include "runtime/engine/scheduler.h"
#include "tests/runtime_support.h"
#include "tests/schedule_fixtures.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;

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
  return snapshot_of(
      now, nodes,
      {running_on(J("R").user("r").tasks(12).walltime(100 * kHour), now - kHour, {"node003", "node004", "node020"}),
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
    TestPolicy p =
        fcfs("SRCFG[f] HOSTLIST=n1,n2\nSRCFG[f] TASKCOUNT=1\nSRCFG[f] PERIOD=INFINITY\nSRCFG[f] USERLIST=alice\n");
    ClusterSnapshot snap =
        snapshot_of(kNow, {make_node("n1", 1), make_node("n2", 1)},
                    {running_on(J("R").walltime(10 * kHour), kNow - kHour, {"n1"}), J("a").user("alice").submit(kNow)});
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
  return lines(
      {"SRCFG[sys] HOSTLIST=n1,n2\nSRCFG[sys] USERLIST=nobody\nSRCFG[sys] DAYS=MON,TUE,WED,THU,FRI\n"
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

// 32 one-proc largememory nodes lm01..lm32 (the reservation takes them all: PROCS -1, one task a
// node) and two plain nodes p01, p02. With `plain_busy`, R runs on p01 and p02 for 5 days.
ClusterSnapshot example4(Epoch now, bool plain_busy, Job job) {
  std::vector<Node> nodes;
  for (int i = 1; i <= 32; ++i) nodes.push_back(node_with(numbered("lm", i), 1, {"largememory"}));
  nodes.push_back(make_node("p01", 1));
  nodes.push_back(make_node("p02", 1));
  std::vector<Job> jobs;
  if (plain_busy)
    jobs.push_back(
        running_on(J("R").user("r").account("projectX").tasks(2).walltime(5 * kDay), now - kHour, {"p01", "p02"}));
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
                  {"high", "projectZ", 2 * kHour, "p"},       // overlap 2 h > 1 h
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
    jobs.push_back(
        running_on(J("R").account("mars").tasks(3).walltime(10 * kHour), kNow - kHour, {"node10", "node11", "node12"}));
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
    return snapshot_of(kNow, std::move(nodes),
                       {running_on(J("S1").account("saturn").tasks(s1_tasks).walltime(10 * kHour), kNow - 2 * kHour,
                                   std::move(s1_nodes)),
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
                           [](const Problem& w) { return w.message.find("OWNER") != std::string::npos; }));
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
// Accounting (beyond the numbered cases): a running job partly inside a reservation.

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
      ClusterSnapshot snap =
          snapshot_of(kNow, {make_node("n1", 4), make_node("n2", 4)},
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

}  // namespace
}  // namespace maui::runtime
