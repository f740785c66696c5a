// Reservation access (runtime/engine/acl.h) and standing reservation instances and placement
// (runtime/engine/standing_reservations.h) against the manual's section 7.1.5: the ACL rules with
// Example 3 (OR of lists), Example 4 (required TIMELIMIT, NOT entries, negative affinity) and
// Example 5 (jupiter/saturn affinity); Example 1's business hours rolled day by day, Example 4's
// weekly window; HOSTLIST names, ranges and regular expressions, NODEFEATURES, PARTITION, and the
// flags this engine refuses.
//
// Fixed clock: 1996-09-23 was a Monday, and epoch 843436800 is 1996-09-23 00:00 UTC
// (`date -u -d @843436800`). Every expected instance below is that Monday plus hours by hand.
#include <algorithm>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/acl.h"
#include "runtime/engine/standing_reservations.h"
#include "tests/runtime_support.h"

namespace maui::runtime {

void PrintTo(const ReservationInstance& i, std::ostream* os) {
  *os << "[" << i.start << ", " << i.end << ") depth " << i.depth;
}

namespace {

using namespace testing;
using Affinity = ir::AclEntry::Affinity;
using I = ReservationInstance;

constexpr Seconds kHour = 3600;
constexpr Seconds kDay = 86'400;
constexpr Epoch kMonday = 843'436'800;           // Mon 1996-09-23 00:00 UTC
constexpr Epoch kSunday = kMonday - kDay;        // Sun 1996-09-22
constexpr Epoch kSaturday = kMonday - 2 * kDay;  // Sat 1996-09-21
constexpr Epoch kWednesday = kMonday + 2 * kDay;

// The standing reservation `name` compiled from config text (a copy: it outlives the policy).
ir::StandingReservation reservation(std::string_view text, const std::string& name) {
  TestPolicy t = compile_policy(text);
  auto it = t.policy().standing_reservations.find(name);
  if (it == t.policy().standing_reservations.end()) {
    ADD_FAILURE() << "no SRCFG[" << name << "]";
    return {};
  }
  return it->second;
}

AccessDecision access(const ir::StandingReservation& sr, const Job& job, Seconds overlap = 0) {
  AccessRequest r;
  r.job = &job;
  r.overlap = overlap;
  return check_access(sr.acl, r);
}

// ---------------------------------------------------------------------------------------------
// Access control lists

// 7.1.5.3: "A default reservation, with no ACL ... blocks access to all jobs".
TEST(ReservationAcl, EmptyAclAdmitsNobody) {
  auto sr = reservation("SRCFG[maint] HOSTLIST=node01 PERIOD=INFINITY\n", "maint");
  Job job = J("1").user("root").qos("high");
  auto d = access(sr, job);
  EXPECT_FALSE(d.granted);
  EXPECT_EQ(d.decided_by, nullptr);
}

// Example 3, SRCFG[debug]: "jobs submitted by either user helpdesk or any member of the groups
// operations or sysadmin can use the reserved resources" (OR across and within lists).
TEST(ReservationAcl, ListsAreOredWithinAReservation) {
  auto sr = reservation(
      "SRCFG[debug] HOSTLIST=node001,node002,node003,node004\n"
      "SRCFG[debug] USERLIST=helpdesk\n"
      "SRCFG[debug] GROUPLIST=operations,sysadmin\n"
      "SRCFG[debug] PERIOD=INFINITY\n",
      "debug");
  Job helpdesk = J("1").user("helpdesk"), sysadmin = J("2").group("sysadmin"),
      operations = J("3").user("steve").group("operations"), other = J("4").user("steve").group("staff");
  EXPECT_TRUE(access(sr, helpdesk).granted);
  EXPECT_TRUE(access(sr, sysadmin).granted);
  EXPECT_TRUE(access(sr, operations).granted);
  auto d = access(sr, other);
  EXPECT_FALSE(d.granted);
  EXPECT_EQ(d.decided_by, nullptr);  // nothing matched
  EXPECT_EQ(access(sr, operations).decided_by->value, "operations");
}

// "jobs must not only meet the TIMELIMIT access constraint but must also meet one or more of
// the other access constraints": the required TIMELIMIT is an AND.
TEST(ReservationAcl, RequiredTimelimitIsAndedWithTheOtherLists) {
  auto sr = reservation(kExample4, "special");
  Job short_high = J("1").qos("high").account("projectZ").walltime(30 * 60);
  Job long_high = J("2").qos("high").account("projectZ").walltime(2 * kHour);
  EXPECT_TRUE(access(sr, short_high).granted);
  // Overlap unknown: the 2-hour walltime is the overlap, over the 1-hour limit.
  auto d = access(sr, long_high);
  EXPECT_FALSE(d.granted);
  ASSERT_NE(d.decided_by, nullptr);
  EXPECT_EQ(d.decided_by->kind, ir::AclEntry::Kind::Duration);
  EXPECT_TRUE(d.decided_by->required);
  // "a four hour job that starts on Monday at 5:00 AM ... also satisfies this constraint": what
  // counts is the overlap with the reservation, here exactly one hour, then one second more.
  EXPECT_TRUE(access(sr, long_high, kHour).granted);
  EXPECT_FALSE(access(sr, long_high, kHour + 1).granted);
}

// "the submitter of the job has an account which satisfies the !projectX and !projectY
// criteria": by decision 27 a NOT entry takes part in the OR, so an account-projectZ job of a
// QOS not listed is admitted (Maui 3.3.1 would refuse it: compat-acl-not-entries). "a QOS 3 job
// requesting account 'projectX' will be denied ... even though the job QOS matches".
TEST(ReservationAcl, NotEntriesSatisfyTheOrAndDeny) {
  auto sr = reservation(kExample4, "special");
  Job z_normal = J("1").qos("normal").account("projectZ").walltime(30 * 60);
  Job x_normal = J("2").qos("normal").account("projectX").walltime(30 * 60);
  Job x_high = J("3").qos("high").account("projectX").walltime(30 * 60);
  Job no_account = J("4").qos("normal").walltime(30 * 60);
  auto z = access(sr, z_normal);
  EXPECT_TRUE(z.granted);
  ASSERT_NE(z.decided_by, nullptr);
  EXPECT_EQ(z.decided_by->value, "projectY");  // the last NOT entry: nothing named the job
  for (const Job* denied : {&x_normal, &x_high}) {
    auto d = access(sr, *denied);
    EXPECT_FALSE(d.granted) << denied->id;
    ASSERT_NE(d.decided_by, nullptr);
    EXPECT_EQ(d.decided_by->value, "projectX");
    EXPECT_TRUE(d.decided_by->negated);
  }
  EXPECT_TRUE(access(sr, no_account).granted);  // no account is not projectX
}

// "QOS 'special' should be granted access to this reservation but should be assigned negative
// affinity". The account NOT entries admit the job too, but they name nothing about it, so the
// QOS entry's affinity stands.
TEST(ReservationAcl, NegativeAffinityOfTheMatchingQos) {
  auto sr = reservation(kExample4, "special");
  Job special = J("1").qos("special").account("projectZ").walltime(30 * 60);
  Job high = J("2").qos("high").account("projectZ").walltime(30 * 60);
  auto d = access(sr, special);
  EXPECT_TRUE(d.granted);
  EXPECT_EQ(d.affinity, Affinity::Negative);
  EXPECT_EQ(d.decided_by->value, "special");
  EXPECT_EQ(access(sr, high).affinity, Affinity::Positive);
}

// 7.1.5.2.4: "if a !<X> value ... appears in an ACL line, that ACL is satisfied by any object
// not explicitly listed by a NOT entry". A list of NOT entries alone admits everyone else.
TEST(ReservationAcl, PureNotListAdmitsEveryoneElse) {
  auto sr = reservation("SRCFG[open] HOSTLIST=node01 USERLIST=!mallory,!eve\n", "open");
  Job alice = J("1").user("alice"), eve = J("2").user("eve");
  auto a = access(sr, alice);
  EXPECT_TRUE(a.granted);
  EXPECT_EQ(a.affinity, Affinity::Positive);
  EXPECT_FALSE(access(sr, eve).granted);
}

// Example 5: jupiter's own jobs use the reservation first, saturn's only as a last resort.
TEST(ReservationAcl, Example5JupiterAndSaturn) {
  auto sr = reservation(
      "ACCTCFG[jupiter] PRIORITY=10000\n"
      "SRCFG[jupiter] HOSTLIST=node0[1-9]\n"
      "SRCFG[jupiter] PERIOD=INFINITY\n"
      "SRCFG[jupiter] ACCOUNTLIST=jupiter,saturn-\n"
      "SRCFG[jupiter] OWNER=ACCOUNT:jupiter\n",
      "jupiter");
  Job jupiter = J("1").account("jupiter"), saturn = J("2").account("saturn"), mars = J("3").account("mars");
  auto j = access(sr, jupiter), s = access(sr, saturn);
  EXPECT_TRUE(j.granted);
  EXPECT_EQ(j.affinity, Affinity::Positive);
  EXPECT_TRUE(s.granted);
  EXPECT_EQ(s.affinity, Affinity::Negative);
  EXPECT_FALSE(access(sr, mars).granted);
}

// 7.1.5.2.4: "neutral affinity can also be specified using the '=' character, i.e.,
// 'QOSLIST[0] normal= high debug= low-'" (written with commas, see kExample4).
TEST(ReservationAcl, NeutralAffinity) {
  auto sr = reservation("SRCFG[q] HOSTLIST=node01 QOSLIST=normal=,high,debug=,low-\n", "q");
  auto affinity = [&](std::string qos) {
    Job job = J("1").qos(std::move(qos));
    auto d = access(sr, job);
    EXPECT_TRUE(d.granted);
    return d.affinity;
  };
  EXPECT_EQ(affinity("normal"), Affinity::Neutral);
  EXPECT_EQ(affinity("high"), Affinity::Positive);
  EXPECT_EQ(affinity("debug"), Affinity::Neutral);
  EXPECT_EQ(affinity("low"), Affinity::Negative);
}

// "Affinity status is granted on a per access object basis": with several matching entries the
// last one in entry order (the order of the config lines) wins.
TEST(ReservationAcl, LastMatchingEntryGivesTheAffinity) {
  Job john = J("1").user("john").group("staff");
  auto user_first = reservation("SRCFG[a] HOSTLIST=node01 USERLIST=john-\nSRCFG[a] GROUPLIST=staff=\n", "a");
  auto group_first = reservation("SRCFG[a] HOSTLIST=node01 GROUPLIST=staff=\nSRCFG[a] USERLIST=john-\n", "a");
  EXPECT_EQ(access(user_first, john).affinity, Affinity::Neutral);
  EXPECT_EQ(access(group_first, john).affinity, Affinity::Negative);
  EXPECT_EQ(access(group_first, john).decided_by->value, "john");
}

// PROCLIMIT and TASKLIMIT admit jobs up to the number (<=), like TIMELIMIT.
TEST(ReservationAcl, ProcAndTaskLimits) {
  auto procs = reservation("SRCFG[p] HOSTLIST=node01 PROCLIMIT=4\n", "p");
  Job four = J("1").tasks(2).procs_per_task(2), five = J("2").tasks(5);
  EXPECT_TRUE(access(procs, four).granted);
  EXPECT_FALSE(access(procs, five).granted);

  auto tasks = reservation("SRCFG[t] HOSTLIST=node01 TASKLIMIT=2\n", "t");
  Job two = J("3").tasks(2).procs_per_task(8), three = J("4").tasks(3);
  EXPECT_TRUE(access(tasks, two).granted);
  EXPECT_FALSE(access(tasks, three).granted);

  // Required: john's jobs of at most 8 procs.
  auto both = reservation("SRCFG[b] HOSTLIST=node01 PROCLIMIT=8* USERLIST=john\n", "b");
  Job small = J("5").user("john").tasks(4), big = J("6").user("john").tasks(16), bob = J("7").user("bob").tasks(4);
  EXPECT_TRUE(access(both, small).granted);
  auto d = access(both, big);
  EXPECT_FALSE(d.granted);
  EXPECT_EQ(d.decided_by->kind, ir::AclEntry::Kind::Procs);
  EXPECT_FALSE(access(both, bob).granted);
}

// A plain TIMELIMIT (no '*') is one more way in: "overlap <= 1h OR any other list".
TEST(ReservationAcl, PlainTimelimitIsOred) {
  auto sr = reservation("SRCFG[s] HOSTLIST=node01 TIMELIMIT=1:00:00 USERLIST=john\n", "s");
  Job short_bob = J("1").user("bob").walltime(30 * 60), long_bob = J("2").user("bob").walltime(2 * kHour),
      long_john = J("3").user("john").walltime(2 * kHour);
  EXPECT_TRUE(access(sr, short_bob).granted);
  EXPECT_FALSE(access(sr, long_bob).granted);
  EXPECT_TRUE(access(sr, long_john).granted);
}

// A job's attributes are its QOS's PREEMPTEE and PREEMPTOR flags (docs/semantics.md 87): the
// seed's "JOBATTRLIST=PREEMPTEE (Preemptible jobs can access the resources reserved within this
// reservation)". A job without them is neither admitted by the entry nor excluded by its NOT.
TEST(ReservationAcl, JobAttributesAreTheQosFlags) {
  const auto preemptible = reservation("SRCFG[a] HOSTLIST=node01 JOBATTRLIST=PREEMPTEE\n", "a");
  const auto not_preemptible = reservation("SRCFG[a] HOSTLIST=node01 JOBATTRLIST=!PREEMPTEE\n", "a");
  const auto preemptors = reservation("SRCFG[a] HOSTLIST=node01 JOBATTRLIST=PREEMPTOR\n", "a");
  Job job = J("1");
  EXPECT_FALSE(access(preemptible, job).granted);
  EXPECT_TRUE(access(not_preemptible, job).granted);
  QosFlags low;
  low.preemptee = true;
  AccessRequest r{&job, "low", 0, &low};
  EXPECT_TRUE(check_access(preemptible.acl, r).granted);
  EXPECT_FALSE(check_access(not_preemptible.acl, r).granted);
  EXPECT_FALSE(check_access(preemptors.acl, r).granted);
  QosFlags none;
  r.qos_flags = &none;
  EXPECT_FALSE(check_access(preemptible.acl, r).granted);
}

// ---------------------------------------------------------------------------------------------
// Instances

std::vector<I> at(std::string_view text, const std::string& name, Epoch now, Seconds utc_offset = 0) {
  ReservationClock clock;
  clock.utc_offset = utc_offset;
  return instances(reservation(text, name), now, clock);
}

constexpr std::string_view kBusinessHours =  // Example 1
    "SRCFG[interactive] TASKCOUNT=6 RESOURCES=PROCS:1,MEM:512\n"
    "SRCFG[interactive] PERIOD=DAY DAYS=MON,TUE,WED,THU,FRI\n"
    "SRCFG[interactive] STARTTIME=9:00:00 ENDTIME=17:00:00\n"
    "SRCFG[interactive] CLASSLIST=interactive\n";

std::string with_depth(std::string_view text, int depth) {
  return lines({text, "SRCFG[interactive] DEPTH=", std::to_string(depth), "\n"});
}

// Saturday noon, DEPTH 3 = Saturday, Sunday, Monday: the first instance is Monday 09:00-17:00.
// With the default DEPTH 2 (Saturday, Sunday) nothing is reserved yet: DEPTH counts days, not
// instances.
TEST(ReservationInstances, BusinessHoursFromASaturday) {
  Epoch now = kSaturday + 12 * kHour;
  EXPECT_EQ(at(with_depth(kBusinessHours, 3), "interactive", now),
            (std::vector<I>{{kMonday + 9 * kHour, kMonday + 17 * kHour, 2}}));
  EXPECT_TRUE(at(kBusinessHours, "interactive", now).empty());
}

// DEPTH counts the periods from the current day on, the current one included (the manual's
// "DEPTH=7: today, and the next 6 days"). From Wednesday 18:00 DEPTH 3 covers Wednesday,
// Thursday and Friday; Wednesday's instance ended at 17:00 and is dropped, so two remain.
// Saturday and Monday are beyond the depth. At Wednesday noon the current instance is returned
// whole (09:00, not clipped to noon).
TEST(ReservationInstances, DepthRollsFromTheCurrentDay) {
  Epoch thursday = kWednesday + kDay, friday = kWednesday + 2 * kDay;
  auto text = with_depth(kBusinessHours, 3);
  EXPECT_EQ(
      at(text, "interactive", kWednesday + 18 * kHour),
      (std::vector<I>{{thursday + 9 * kHour, thursday + 17 * kHour, 1}, {friday + 9 * kHour, friday + 17 * kHour, 2}}));
  EXPECT_EQ(at(text, "interactive", kWednesday + 12 * kHour),
            (std::vector<I>{{kWednesday + 9 * kHour, kWednesday + 17 * kHour, 0},
                            {thursday + 9 * kHour, thursday + 17 * kHour, 1},
                            {friday + 9 * kHour, friday + 17 * kHour, 2}}));
}

// ENDTIME before STARTTIME: the engine runs the window across midnight (lint warns
// sr-start-after-end, since Maui 3.3.1 creates nothing). At Tuesday 02:00 Monday night's
// instance is still running: it is returned with depth -1, outside DEPTH.
TEST(ReservationInstances, WindowAcrossMidnight) {
  Epoch tuesday = kMonday + kDay, wednesday = kMonday + 2 * kDay, thursday = kMonday + 3 * kDay;
  auto got = at("SRCFG[night] HOSTLIST=node01 STARTTIME=20:00:00 ENDTIME=06:00:00\n", "night", tuesday + 2 * kHour);
  EXPECT_EQ(got, (std::vector<I>{{kMonday + 20 * kHour, tuesday + 6 * kHour, -1},
                                 {tuesday + 20 * kHour, wednesday + 6 * kHour, 0},
                                 {wednesday + 20 * kHour, thursday + 6 * kHour, 1}}));
  // No ENDTIME: the window ends at midnight.
  EXPECT_EQ(at("SRCFG[late] HOSTLIST=node01 STARTTIME=22:00:00 DEPTH=1\n", "late", kMonday),
            (std::vector<I>{{kMonday + 22 * kHour, kMonday + kDay, 0}}));
}

// Saturday -> Sunday -> Monday: weekday 6 wraps to 0 (a new week) and DAYS still applies.
TEST(ReservationInstances, DaysAcrossAWeekBoundary) {
  auto got = at("SRCFG[w] HOSTLIST=node01 DAYS=SAT,SUN,MON STARTTIME=9:00:00 ENDTIME=17:00:00 DEPTH=4\n", "w",
                kSaturday + 12 * kHour);
  EXPECT_EQ(got, (std::vector<I>{{kSaturday + 9 * kHour, kSaturday + 17 * kHour, 0},
                                 {kSunday + 9 * kHour, kSunday + 17 * kHour, 1},
                                 {kMonday + 9 * kHour, kMonday + 17 * kHour, 2}}));  // Tuesday: not in DAYS
}

// Example 4: "the reservation starts on Monday at 8:00 AM and runs until Friday at 5:00 PM",
// STARTTIME/ENDTIME read as week offsets (decision 26). From Wednesday 1996-09-25 noon the weeks
// start on Sunday 1996-09-22; instance 0 is Mon 09-23 08:00 .. Fri 09-27 17:00 (843465600 ..
// 843843600), instance 1 a week later (844070400 .. 844448400). DAYS does not apply to WEEK.
TEST(ReservationInstances, WeeklyExample4) {
  const std::vector<I> expected{{843'465'600, 843'843'600, 0}, {844'070'400, 844'448'400, 1}};
  Epoch now = kWednesday + 12 * kHour;
  EXPECT_EQ(at(kExample4, "special", now), expected);
  EXPECT_EQ(at(lines({kExample4, "SRCFG[special] DAYS=SAT\n"}), "special", now), expected);
  // WSTARTTIME/WENDTIME (Maui 3.2's spelling) take precedence: Tuesday 00:00 .. Friday 17:00.
  EXPECT_EQ(at(lines({kExample4, "SRCFG[special] WSTARTTIME=2:00:00:00\n"}), "special", now).front(),
            (I{kMonday + kDay, 843'843'600, 0}));
  // Friday 18:00 .. Monday 06:00 crosses into the next week: seen on Sunday, last week's
  // instance is current (depth -1).
  auto weekend = at("SRCFG[wk] HOSTLIST=node01 PERIOD=WEEK WSTARTTIME=5:18:00:00 WENDTIME=1:06:00:00\n", "wk",
                    kSunday + 12 * kHour);
  Epoch last_sunday = kSunday - 7 * kDay;
  ASSERT_EQ(weekend.size(), 3u);
  EXPECT_EQ(weekend.front(), (I{last_sunday + 5 * kDay + 18 * kHour, kMonday + 6 * kHour, -1}));
}

// PERIOD=INFINITY: one instance from now, 100 years long.
TEST(ReservationInstances, Infinity) {
  auto got = at("SRCFG[debug] HOSTLIST=node01 PERIOD=INFINITY DEPTH=5\n", "debug", kMonday + 123);
  EXPECT_EQ(got, (std::vector<I>{{kMonday + 123, kMonday + 123 + 36'525 * kDay, 0}}));
}

// Days and times are local: utc_offset -5 h. At Monday 03:00 UTC it is Sunday 22:00 local, so
// the current day is Sunday (not in DAYS) and the next is Monday, whose 09:00-17:00 local is
// 14:00-22:00 UTC. UTC +10 h: Sunday 20:00 UTC is Monday 06:00 local; Monday 09:00 local is
// Sunday 23:00 UTC.
TEST(ReservationInstances, UtcOffsetShiftsTheDays) {
  EXPECT_EQ(at(kBusinessHours, "interactive", kMonday + 3 * kHour, -5 * kHour),
            (std::vector<I>{{kMonday + 14 * kHour, kMonday + 22 * kHour, 1}}));
  EXPECT_EQ(at(kBusinessHours, "interactive", kMonday + 3 * kHour),
            (std::vector<I>{{kMonday + 9 * kHour, kMonday + 17 * kHour, 0},
                            {kMonday + kDay + 9 * kHour, kMonday + kDay + 17 * kHour, 1}}));
  EXPECT_EQ(at(with_depth(kBusinessHours, 1), "interactive", kSunday + 20 * kHour, 10 * kHour),
            (std::vector<I>{{kSunday + 23 * kHour, kMonday + 7 * kHour, 0}}));
}

// ---------------------------------------------------------------------------------------------
// Placement

std::vector<Node> cluster() {
  std::vector<Node> nodes;
  for (const char* name : {"node03", "node01", "node05", "node02", "node04", "node013"})
    nodes.push_back(make_node(name, 4, 1024));
  return nodes;
}

PlacementResult place(std::string_view text, const std::string& name, const std::vector<Node>& nodes) {
  return plan_placement(reservation(text, name), nodes);
}

// HOSTLIST=node[01-04] without TASKCOUNT: exactly those hosts, in the order written (snapshot
// indices 1, 3, 0, 4), one whole-node task each (PROCS -1), DEDICATED by default.
TEST(ReservationPlacement, HostRangeIsHostLocked) {
  auto nodes = cluster();
  auto r = place("SRCFG[h] HOSTLIST=node[01-04]\n", "h", nodes);
  EXPECT_TRUE(r.errors.empty());
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(r.placement->candidates, (std::vector<std::size_t>{1, 3, 0, 4}));
  EXPECT_TRUE(r.placement->host_locked);
  EXPECT_TRUE(r.placement->dedicated);
  EXPECT_EQ(r.placement->per_task.procs, -1);
  EXPECT_EQ(r.placement->task_count, 0);
  auto shared = place("SRCFG[h] HOSTLIST=node03,node01 ACCESS=SHARED\n", "h", nodes);
  EXPECT_EQ(shared.placement->candidates, (std::vector<std::size_t>{0, 1}));
  EXPECT_FALSE(shared.placement->dedicated);
}

// A regular expression must match the whole name: node0(1|3) takes node01 and node03 but not
// node013; candidates come in snapshot order.
TEST(ReservationPlacement, HostRegex) {
  auto nodes = cluster();
  auto r = place("SRCFG[r] HOSTLIST=node0(1|3) TASKCOUNT=2\n", "r", nodes);
  EXPECT_TRUE(r.errors.empty());
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(r.placement->candidates, (std::vector<std::size_t>{0, 1}));
  EXPECT_FALSE(r.placement->host_locked);
}

// A pattern that makes a backtracking matcher take exponential time on a long name (std::regex
// did not finish (a*)*(a*)*b against 28 characters in a minute) is matched by walking state sets:
// this test ends at once or never.
TEST(ReservationPlacement, HostRegexIsMatchedWithoutBacktracking) {
  const std::vector<Node> nodes = {make_node(std::string(60, 'a'), 4, 1024), make_node("aab", 4, 1024)};
  auto r = place("SRCFG[r] HOSTLIST=(a*)*(a*)*b ACCESS=SHARED\n", "r", nodes);
  EXPECT_TRUE(r.errors.empty());
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(r.placement->candidates, (std::vector<std::size_t>{1}));
}

// A regular expression that does not compile (the compiler rejects it, so the IR is built by
// hand) leaves no placement and says why.
TEST(ReservationPlacement, BadRegexIsAnError) {
  ir::StandingReservation sr;
  sr.name = "bad";
  sr.hosts = ir::Sourced<ir::HostExpression>{{ir::HostExpression::Kind::Regex, {}, "node(1"}, {}};
  auto r = plan_placement(sr, cluster());
  EXPECT_FALSE(r.placement);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].message.rfind("SRCFG[bad] HOSTLIST=node(1: the regular expression does not compile: ", 0), 0u)
      << to_text(r.errors[0]);
}

// Unknown hosts are named; the others stay candidates.
TEST(ReservationPlacement, UnknownHostsAreNamed) {
  auto r = place("SRCFG[u] HOSTLIST=node01,node99,nodeXX\n", "u", cluster());
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(r.placement->candidates, (std::vector<std::size_t>{1}));
  EXPECT_EQ(messages(r.errors),
            (std::vector<std::string>{
                "SRCFG[u] HOSTLIST: no node named node99, nodeXX in the cluster; the other hosts are used"}));
}

// A HOSTLIST none of whose hosts is in the cluster (the config's own nodes replaced by --nodes)
// says that the reservation reserves nothing, not that other hosts are used.
TEST(ReservationPlacement, NoKnownHostReservesNothing) {
  auto r = place("SRCFG[u] HOSTLIST=node98,node99\n", "u", cluster());
  ASSERT_TRUE(r.placement);
  EXPECT_TRUE(r.placement->candidates.empty());
  EXPECT_EQ(messages(r.errors),
            (std::vector<std::string>{"SRCFG[u] HOSTLIST: no node named node98, node99 in the cluster; "
                                      "it names no node of the cluster and reserves nothing"}));
}

// The scheduler finds HOSTLIST names through the snapshot's node index, which outlives an
// iteration; it places every kind of host list as an index built for the call does, also after
// the snapshot's nodes were renamed and reordered under an index filled before.
TEST(ReservationPlacement, SnapshotNodeIndexPlacesAsAFreshIndex) {
  ClusterSnapshot snap;
  snap.nodes = cluster();
  const std::vector<std::pair<std::string, std::string>> lists{
      {"SRCFG[a] HOSTLIST=node[01-04]\n", "a"},
      {"SRCFG[b] HOSTLIST=node05,node01,node05,node013\n", "b"},  // a name listed twice
      {"SRCFG[c] HOSTLIST=node01,node99,nodeXX TASKCOUNT=2\n", "c"},
      {"SRCFG[d] HOSTLIST=ALL TASKCOUNT=3\n", "d"},
  };
  std::int64_t compared = 0;
  for (int round = 0; round < 2; ++round) {
    if (round == 1) {  // the index holds the old positions now
      std::reverse(snap.nodes.begin(), snap.nodes.end());
      snap.nodes[2].name = "node99";
    }
    for (const auto& [text, name] : lists) {
      const ir::StandingReservation sr = reservation(text, name);
      const PlacementResult fresh = plan_placement(sr, snap.nodes);
      const PlacementResult indexed =
          plan_placement(sr, snap.nodes, [&](std::string_view n) { return snap.find_node(n); });
      SCOPED_TRACE(text + " round " + std::to_string(round));
      EXPECT_EQ(indexed.errors, fresh.errors);
      ASSERT_EQ(indexed.placement.has_value(), fresh.placement.has_value());
      if (fresh.placement) {
        EXPECT_EQ(indexed.placement->candidates, fresh.placement->candidates);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 8);
}

// The placements kept between iterations (StandingPlans) are those planned afresh, as the
// nodes keep or change what a placement reads of them: the same nodes (kept), a feature, a
// partition, a name, the order, one node more. A HOSTLIST naming nodes that do not exist (the
// config's own names under --nodes) keeps its warning in every round.
TEST(ReservationPlacement, KeptPlansAreFreshPlans) {
  TestPolicy t = compile_policy(
      "SRCFG[a] HOSTLIST=node[01-04]\n"
      "SRCFG[b] HOSTLIST=node0(1|3) TASKCOUNT=2\n"
      "SRCFG[c] NODEFEATURES=largememory TASKCOUNT=2\n"
      "SRCFG[d] PARTITION=OLD TASKCOUNT=1\n"
      "SRCFG[e] HOSTLIST=node98,node01\n");
  ClusterSnapshot snap;
  snap.nodes = cluster();
  StandingPlans kept;
  const std::vector<std::string> rounds{"same", "same", "feature", "partition", "name", "order", "added"};
  for (const std::string& change : rounds) {
    if (change == "feature") snap.nodes[2].features = {"largememory"};
    if (change == "partition") snap.nodes[4].partition = "OLD";
    if (change == "name") snap.nodes[0].name = "node98";
    if (change == "order") std::reverse(snap.nodes.begin(), snap.nodes.end());
    if (change == "added") snap.nodes.push_back(make_node("node06", 4, 1024));
    const std::vector<PlacementResult>& plans =
        kept.plan(t.policy(), snap.nodes, [&](std::string_view n) { return snap.find_node(n); });
    ASSERT_EQ(plans.size(), t.policy().standing_reservations.size());
    std::size_t k = 0;
    for (const auto& [name, sr] : t.policy().standing_reservations) {
      SCOPED_TRACE(name + " after " + change);
      const PlacementResult fresh = plan_placement(sr, snap.nodes);
      EXPECT_EQ(plans[k].errors, fresh.errors);
      ASSERT_EQ(plans[k].placement.has_value(), fresh.placement.has_value());
      if (fresh.placement) {
        EXPECT_EQ(plans[k].placement->candidates, fresh.placement->candidates);
      }
      if (name == "e" && change != "name" && change != "order" && change != "added") {
        EXPECT_EQ(messages(plans[k].errors).size(), 1u);
      }
      ++k;
    }
  }
  // The changes reached the placements: c found its feature, d its partition, e node98.
  const auto& last = kept.plan(t.policy(), snap.nodes, [&](std::string_view n) { return snap.find_node(n); });
  EXPECT_EQ(last[2].placement->candidates.size(), 1u);
  EXPECT_EQ(last[3].placement->candidates.size(), 1u);
  EXPECT_EQ(last[4].placement->candidates.size(), 2u);
  EXPECT_TRUE(last[4].errors.empty());
}

// Example 4's NODEFEATURES=largememory with TASKCOUNT=32 and no HOSTLIST: every node that has
// the feature, floating. PARTITION narrows to one partition unless it is ALL.
TEST(ReservationPlacement, FeaturesAndPartition) {
  auto nodes = cluster();
  nodes[2].features = {"largememory", "fddi"};
  nodes[4].features = {"largememory"};
  nodes[4].partition = "OLD";
  auto r = place(kExample4, "special", nodes);
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(r.placement->candidates, (std::vector<std::size_t>{2, 4}));
  EXPECT_EQ(r.placement->task_count, 32);
  EXPECT_FALSE(r.placement->host_locked);
  EXPECT_EQ(place("SRCFG[p] TASKCOUNT=1 PARTITION=OLD\n", "p", nodes).placement->candidates,
            (std::vector<std::size_t>{4}));
  EXPECT_EQ(place("SRCFG[p] TASKCOUNT=1 PARTITION=ALL\n", "p", nodes).placement->candidates.size(), 6u);
  EXPECT_EQ(place("SRCFG[p] TASKCOUNT=1 NODEFEATURES=largememory,fddi\n", "p", nodes).placement->candidates,
            (std::vector<std::size_t>{2}));
}

// "To create a reservation, a taskcount and/or a hostlist must be specified."
TEST(ReservationPlacement, NeitherHostlistNorTaskcount) {
  auto r = place("SRCFG[none] USERLIST=john PERIOD=INFINITY\n", "none", cluster());
  EXPECT_FALSE(r.placement);
  EXPECT_EQ(messages(r.errors), (std::vector<std::string>{"SRCFG[none] has neither HOSTLIST nor TASKCOUNT > 0: Maui "
                                                          "creates no instance of such a reservation"}));
}

// Example 2's task description, TPN, and the flags: DEDICATEDRESOURCE makes a SHARED
// reservation dedicated; BYNAME and PREEMPTEE are refused with the reason, OWNERPREEMPT without an
// OWNER too; TRIGGER too.
TEST(ReservationPlacement, TasksFlagsAndTriggers) {
  auto r = place(
      "SRCFG[i] HOSTLIST=node01,node02 RESOURCES=PROCS:2,MEM:256 TASKCOUNT=6 TPN=2 ACCESS=SHARED\n"
      "SRCFG[i] FLAGS=BYNAME,PREEMPTEE,DEDICATEDRESOURCE,OWNERPREEMPT\n"
      "SRCFG[i] TRIGGER=start+5:00:00:exec@/usr/local/domail.pl\n",
      "i", cluster());
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(r.placement->per_task, (ir::TaskResources{2, 256, 0, 0}));
  EXPECT_EQ(r.placement->task_count, 6);
  EXPECT_EQ(r.placement->tasks_per_node, 2);
  EXPECT_TRUE(r.placement->dedicated);
  EXPECT_EQ(messages(r.errors),
            (std::vector<std::string>{
                "SRCFG[i] FLAGS=BYNAME: ignored: jobs here cannot ask for a reservation by name (SWF traces and "
                "JOBS.json carry no such request), so the ACL alone decides who may use it",
                "SRCFG[i] FLAGS=PREEMPTEE: ignored: preemptible reservations are not implemented by this engine "
                "(only QOS PREEMPTOR jobs preempt, and only running jobs)",
                "SRCFG[i] FLAGS=OWNERPREEMPT: ignored: the reservation has no OWNER whose jobs could preempt",
                "SRCFG[i] TRIGGER=start+5:00:00:exec@/usr/local/domail.pl: ignored: triggers are Moab "
                "actions this engine does not run"}));
}

// Attributes about who pays and who owns are reported as having no effect on placement.
TEST(ReservationPlacement, ChargeAccountAndOwnerAreReportedIgnored) {
  auto r = place("SRCFG[c] TASKCOUNT=1 CHARGEACCOUNT=physics OWNER=USER:alice\n", "c", cluster());
  ASSERT_TRUE(r.placement);
  EXPECT_EQ(messages(r.errors), (std::vector<std::string>{
                                    "SRCFG[c] CHARGEACCOUNT=physics: ignored: this engine has no allocation manager to "
                                    "charge idle reserved cycles to",
                                    "SRCFG[c] OWNER: ignored: ownership only matters to OWNERPREEMPT, which this "
                                    "reservation does not set"}));
}

// Flags the engine takes as they are (IGNSTATE is not in the compiler's flag table, so the IR
// is edited by hand) and an unknown one.
TEST(ReservationPlacement, AcceptedAndUnknownFlags) {
  auto sr = reservation("SRCFG[f] TASKCOUNT=1 FLAGS=STANDINGRES,SPACEFLEX,TIMEFLEX\n", "f");
  EXPECT_TRUE(plan_placement(sr, cluster()).errors.empty());
  sr.flags.push_back({"IGNSTATE", {}});
  sr.flags.push_back({"WHATEVER", {}});
  EXPECT_EQ(messages(plan_placement(sr, cluster()).errors),
            (std::vector<std::string>{"SRCFG[f] FLAGS=WHATEVER: not a standing reservation flag; ignored"}));
}

// Example 2: "assume that each host is a quad-processor system with 1 GB of memory. In such a
// case, the scheduler could allocate up to two tasks per host"; 8-processor 1 GB hosts take 4.
TEST(ReservationPlacement, TasksThatFit) {
  ir::TaskResources task{2, 256, 0, 0};
  EXPECT_EQ(tasks_that_fit(task, make_node("quad", 4, 1024)), 2);
  EXPECT_EQ(tasks_that_fit(task, make_node("oct", 8, 1024)), 4);
  EXPECT_EQ(tasks_that_fit(task, make_node("small", 8, 300)), 1);
  ir::TaskResources whole;  // PROCS=-1: the whole node, one task
  EXPECT_EQ(tasks_that_fit(whole, make_node("n", 16, 0)), 1);
  EXPECT_EQ(tasks_that_fit(whole, make_node("n", 0, 0)), 0);
  whole.mem_mb = 512;
  EXPECT_EQ(tasks_that_fit(whole, make_node("n", 16, 256)), 0);
  EXPECT_EQ(tasks_that_fit(ir::TaskResources{0, 0, 0, 0}, make_node("n", 16, 256)), 0);
}

}  // namespace
}  // namespace maui::runtime
