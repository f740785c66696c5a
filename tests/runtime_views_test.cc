// The client commands' views (runtime/views/view.h) on small snapshots worked out by hand: the
// manual's 6.2.2 example (the blocked job shows the limit it violates, with its config line, in
// showq -b and checkjob), holds and who set them, showbf honouring a reservation's ACL, usage
// errors of every command, only_user, Maui's dates and durations, and diagnose -p / -f equal to
// the reports of `mauirun priority` / `mauirun fairshare`.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "llvm/Support/JSON.h"
#include "runtime/engine/explain.h"
#include "runtime/rm/sim/simulator.h"
#include "runtime/views/explanation_json.h"
#include "runtime/views/priority_report.h"
#include "runtime/views/view.h"
#include "runtime/views/view_args.h"
#include "runtime/views/view_snapshot.h"
#include "runtime/views/view_text.h"
#include "tests/runtime_support.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

namespace json = llvm::json;

constexpr Epoch kNow = kMonday + 12 * kHour;  // Mon Sep 23 12:00:00 1996 UTC

// A snapshot, the explained iteration on it, and views of them.
struct Look {
  TestPolicy policy;
  ClusterSnapshot snap;
  std::vector<AdminReservation> admin;
  IterationResult result;
  Look(std::string_view config, ClusterSnapshot s, std::vector<AdminReservation> a = {})
      : policy(compile_policy(config)), snap(std::move(s)), admin(std::move(a)) {
    result = iterate(policy, snap, admin);
  }
  ViewContext context() const { return ViewContext{*policy.dir, snap, result, admin, nullptr}; }
  ViewAnswer view(std::string command, std::vector<std::string> args = {}, bool as_json = false,
                  std::optional<std::string> only_user = std::nullopt) const {
    ViewRequest r{std::move(command), std::move(args), as_json, std::move(only_user)};
    return render_view(context(), r);
  }
  std::string text(std::string command, std::vector<std::string> args = {}) const {
    ViewAnswer a = view(std::move(command), std::move(args));
    EXPECT_EQ(a.status, ViewStatus::Ok) << a.err;
    return a.out;
  }
  json::Value json_of(std::string command, std::vector<std::string> args = {}) const {
    ViewAnswer a = view(std::move(command), std::move(args), true);
    EXPECT_EQ(a.status, ViewStatus::Ok) << a.err;
    auto parsed = json::parse(a.out);
    if (!parsed) {
      ADD_FAILURE() << "not JSON: " << a.out;
      return nullptr;
    }
    return std::move(*parsed);
  }
};

std::vector<Node> one_proc_nodes(int n) {
  std::vector<Node> out;
  for (int i = 1; i <= n; ++i) out.push_back(make_node(fmt::format("n{:02}", i), 1));
  return out;
}

// ----------------------------------------------------------------------------------------------
// Seed 6.2.2: "assume a job was now submitted with the credentials, user steve, group staff, class
// batch, and QOS hiprio. This job will be allowed to start so long as running it does not lead to
// any of the following conditions: ... total active jobs associated with user steve does not
// exceed 2". Steve runs two jobs (of another group, class and QOS): his hiprio job is blocked by
// USERCFG[steve] MAXJOB=2, line 2 of t.cfg (compile_policy puts SERVERHOST on line 1); none of
// the other four conditions is near its limit (group staff 0 of 5 jobs, class batch 0 of 64
// nodes under the override, QOS hiprio 0 of 3 jobs, user steve 2 + 1 of 64 nodes).
constexpr std::string_view kOverrideExample =
    "USERCFG[steve]    MAXJOB=2 MAXNODE=30\n"
    "GROUPCFG[staff]   MAXJOB=5\n"
    "CLASSCFG[DEFAULT] MAXNODE=16\n"
    "CLASSCFG[batch]   MAXNODE=32\n"
    "QOSCFG[hiprio]    MAXJOB=3 OMAXNODE=64\n";

Look override_example() {
  return Look(
      kOverrideExample,
      snapshot_of(
          kNow, one_proc_nodes(40),
          {running_on(J("s1").user("steve").group("other").job_class("other").qos("low"), kNow - kHour, {"n01"}),
           running_on(J("s2").user("steve").group("other").job_class("other").qos("low"), kNow - kHour, {"n02"}),
           J("cand").user("steve").group("staff").job_class("batch").qos("hiprio").nodes(1).submit(kNow - 60)}));
}

constexpr std::string_view kSteveReason =
    "violates active HARD MAXJOB limit of 2 for user steve (request 1, usage 2) [USERCFG[steve] MAXJOB at t.cfg:2]";

TEST(SeedOverrideExample, ShowqBlockedShowsTheLimitAndItsLine) {
  Look l = override_example();
  // Maui 3.3.1's showq -b (tests/maui331/, B T88471): name and user right-aligned in 18 and 9,
  // Maui's reason with its request and usage, no footer. --explain: our reasons, with the line.
  EXPECT_EQ(
      l.text("showq", {"-b"}),
      lines({"           JobName      User               Reason\n", "\n",
             "              cand     steve violates active HARD MAXJOB limit of 2 for user steve  (R: 1, U: 2)\n"}));
  EXPECT_EQ(l.text("showq", {"-b", "--explain"}), lines({"           JobName      User               Reason\n", "\n",
                                                         "              cand     steve ", kSteveReason, "\n"}));
  json::Value v = l.json_of("showq", {"-b"});
  const json::Array* blocked = v.getAsObject()->getArray("blocked");
  ASSERT_TRUE(blocked && blocked->size() == 1);
  const json::Object* job = (*blocked)[0].getAsObject();
  EXPECT_EQ(*job->getString("id"), "cand");
  EXPECT_EQ(*job->getString("user"), "steve");
  EXPECT_EQ(*job->getString("state"), "Idle");
  EXPECT_EQ(job->getString("reason")->str(), kSteveReason);
  EXPECT_EQ(v.getAsObject()->getArray("active"), nullptr);  // -b: the blocked section only
}

TEST(SeedOverrideExample, ShowqCountsTheActiveProcs) {
  Look l = override_example();
  // Two 1-proc jobs on 40 one-proc nodes: 2 of 40 procs (5.00 %), and as many nodes (no line).
  // Maui 3.3.1's footers: the idle count unpadded, none under the blocked jobs.
  EXPECT_EQ(l.text("showq"), lines({"ACTIVE JOBS--------------------\n",
                                    "JOBNAME            USERNAME      STATE  PROC   REMAINING            STARTTIME\n",
                                    "\n",
                                    "s1                    steve    Running     1    00:00:00  Mon Sep 23 11:00:00\n",
                                    "s2                    steve    Running     1    00:00:00  Mon Sep 23 11:00:00\n",
                                    "\n",
                                    "     2 Active Jobs       2 of   40 Processors Active (5.00%)\n",
                                    "\n",
                                    "IDLE JOBS----------------------\n",
                                    "JOBNAME            USERNAME      STATE  PROC     WCLIMIT            QUEUETIME\n",
                                    "\n",
                                    "\n",
                                    "0 Idle Jobs\n",
                                    "\n",
                                    "BLOCKED JOBS----------------\n",
                                    "JOBNAME            USERNAME      STATE  PROC     WCLIMIT            QUEUETIME\n",
                                    "\n",
                                    "cand                  steve       Idle     1     1:00:00  Mon Sep 23 11:59:00\n",
                                    "\n",
                                    "Total Jobs: 3   Active Jobs: 2   Idle Jobs: 0   Blocked Jobs: 1\n"}));
}

// showq -r as Maui 3.3.1 prints it (tests/maui331/A-T1799/showq-r.txt's columns; A T1800's
// `------` for a job that started in this second). r2 started now after 30 minutes queued, for
// 30 minutes: XFactor (1800 + 1800) / 1800 = 2.0, 00:30:00 left; r1 queued 10 minutes, runs
// 10 of its 60: (600 + 3600) / 3600 = 1.17 -> 1.2, 00:50:00 left, so it is listed second.
TEST(Views, ShowqRunningAsMaui) {
  Look l("", snapshot_of(
                 kNow, one_proc_nodes(2),
                 {running_on(J("r1").user("ann").group("g1").walltime(kHour).submit(kNow - 1200), kNow - 600, {"n01"}),
                  running_on(J("r2").user("bob").group("g2").walltime(1800).submit(kNow - 1800), kNow, {"n02"})}));
  EXPECT_EQ(l.text("showq", {"-r"}),
            lines({"           JobName  S Par  Effic  XFactor  Q      User    Group    MHost Procs   Remaining     "
                   "       StartTime\n",
                   "\n",
                   "                r2  R DEF ------      2.0 DE       bob       g2      n02     1    00:30:00  Mon "
                   "Sep 23 12:00:00\n",
                   "                r1  R DEF 100.00      1.2 DE       ann       g1      n01     1    00:50:00  Mon "
                   "Sep 23 11:50:00\n",
                   "\n", "  2 Jobs       2 of     2 Processors Active (100.00%)\n"}));
}

TEST(SeedOverrideExample, CheckjobSaysEverything) {
  Look l = override_example();
  // Queued 60 s; JOBPRIOACCRUALPOLICY QUEUEPOLICY with no record accrues since submission:
  // eligible 60 s too. Priority: the default QUEUETIMEWEIGHT 1 x 1 minute (SERVWEIGHT 1) = 1.
  // PE: 1 proc of 40 = 1.00.
  // Maui 3.3.1's checkjob -v of a job over a limit (A T2500 checkjob 14): its lines for what the
  // engine does not track, SystemQueueTime now, `cannot select job ... (R: 1, U: 2)\n)`.
  EXPECT_EQ(l.text("checkjob", {"cand"}),
            lines({"\n\nchecking job cand\n\n",
                   "State: Idle\n",
                   "Creds:  user:steve  group:staff  class:batch  qos:hiprio\n",
                   "WallTime: 00:00:00 of 1:00:00  (Recorded WallTime: 1:00:00)\n",
                   "SubmitTime: Mon Sep 23 11:59:00\n",
                   "  (Time Queued  Total: 00:01:00  Eligible: 00:01:00)\n\n",
                   "Total Tasks: 1\n\n",
                   "Req[0]  TaskCount: 1  Partition: ALL\n",
                   "Network: [NONE]  Memory >= 0  Disk >= 0  Swap NC 0\n",
                   "Opsys: [NONE]  Arch: [NONE]  Features: [NONE]\n",
                   "Exec:  ''  ExecSize: 0  ImageSize: 0\n",
                   "Dedicated Resources Per Task: PROCS: 1\n",
                   "NodeAccess: SHARED\n",
                   "NodeCount: 1\n\n\n",
                   "IWD: [NONE]  Executable:  [NONE]\n",
                   "Bypass: 0  StartCount: 0\n",
                   "PartitionMask: [ALL]\n",
                   "SystemQueueTime: Mon Sep 23 12:00:00\n\n",
                   "PE:  1.00  StartPriority:  1\n",
                   "cannot select job cand for partition DEFAULT (job cand violates active HARD MAXJOB limit of 2 for "
                   "user steve  (R: 1, U: 2)\n)\n\n\n"}));
  // --explain: ours too, the priority's components and the reason with the config line.
  const std::string explained = l.text("checkjob", {"cand", "--explain"});
  EXPECT_NE(explained.find("PE:  1.00  StartPriority:  1\nPriority:  1  (SERV 1)\n\njob cannot run  (" +
                           std::string(kSteveReason) + ")\n"),
            std::string::npos)
      << explained;
  json::Value v = l.json_of("checkjob", {"cand"});
  const json::Object* o = v.getAsObject();
  const json::Array* violations = o->getArray("violations");
  ASSERT_TRUE(violations && violations->size() == 1);
  const json::Object* x = (*violations)[0].getAsObject();
  EXPECT_EQ(*x->getString("limit"), "MAXJOB");
  EXPECT_EQ(*x->getInteger("value"), 2);
  EXPECT_EQ(*x->getString("set_at"), "t.cfg:2");
  EXPECT_EQ(*x->getString("setting"), "USERCFG[steve] MAXJOB at t.cfg:2");
  EXPECT_EQ(*o->getInteger("priority"), 1);
  EXPECT_EQ(*o->getObject("components")->getObject("serv")->getInteger("contribution"), 1);
}

TEST(SeedOverrideExample, DiagnoseLimitsShowsUsageAgainstEachLimit) {
  Look l = override_example();
  const std::string out = l.text("diagnose", {"-l"});
  // Steve's two running jobs against his MAXJOB 2; his MAXNODE counts their two nodes.
  EXPECT_NE(out.find("user steve               MAXJOB                            2          2            2  "
                     "USERCFG[steve] at t.cfg:2\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("user steve               MAXNODE                          30         30            2"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("qos hiprio               OMAXNODE                         64         64            -  "
                     "QOSCFG[hiprio] at t.cfg:6 (replaces that limit of every credential of its jobs)"),
            std::string::npos)
      << out;
  // Class other has no limit of its own: CLASSCFG[DEFAULT]'s MAXNODE 16, with its two nodes.
  EXPECT_NE(out.find("class other              MAXNODE                          16         16            2  "
                     "CLASSCFG[DEFAULT] at t.cfg:4 (from DEFAULT)"),
            std::string::npos)
      << out;
}

// ----------------------------------------------------------------------------------------------
// Holds, who set them, and the state Maui names after them.

TEST(Views, HoldsSayWhoSetThem) {
  Job user_hold = J("h1").user("ann").hold("user").submit(kNow - 100);
  Job sethold = J("h2").user("ann").hold("system").submit(kNow - 90);
  sethold.sched.holds = {"system"};
  Job deferred = J("h3").user("ann").hold("defer").submit(kNow - 80);
  deferred.sched.failed_starts = 1;
  deferred.sched.deferred_until = kNow + 30 * kMinute;
  Look l("", snapshot_of(kNow, one_proc_nodes(2), {user_hold, sethold, deferred}));
  const std::string out = l.text("showq", {"-b"});
  EXPECT_NE(out.find("                h1       ann has a user hold "
                     "(set in the resource manager, by its owner or an operator)\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("                h2       ann has a system hold "
                     "(set through the scheduler by an operator (sethold))\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("                h3       ann has a defer hold "
                     "(set by the scheduler after 1 failed start, until Mon Sep 23 12:30:00 (DEFERTIME))\n"),
            std::string::npos)
      << out;
  // The state Maui names after the holds is in plain showq's blocked section.
  const std::string plain = l.text("showq");
  EXPECT_NE(plain.find("h1                      ann   UserHold     1     1:00:00  Mon Sep 23 11:58:20\n"),
            std::string::npos)
      << plain;
  EXPECT_NE(plain.find("h3                      ann   Deferred     1     1:00:00  Mon Sep 23 11:58:40\n"),
            std::string::npos)
      << plain;
  EXPECT_NE(l.text("checkjob", {"h2"}).find("Holds:    System\n"), std::string::npos);
}

TEST(Views, SystemPriorityIsShown) {
  Job j = J("p1").submit(kNow - 60);
  j.sched.system_priority = SystemPriority{5, false};
  Look l("", snapshot_of(kNow, one_proc_nodes(1), {running_on(J("r"), kNow - 60, {"n01"}), j}));
  const std::string out = l.text("checkjob", {"p1", "--explain"});
  // An absolute system priority puts the job at 1e9 + 5 (docs/semantics.md 79).
  EXPECT_NE(out.find("PE:  1.00  StartPriority:  1000000005  SystemPriority:  5\n"), std::string::npos) << out;
  EXPECT_NE(out.find("; then the system priority)"), std::string::npos) << out;
}

// ----------------------------------------------------------------------------------------------
// showbf honours reservation ACLs; showstart says where its time comes from.

TEST(Views, ShowbfHonoursTheReservationsAcl) {
  AdminReservation maint;
  maint.name = "maint";
  maint.start = kNow + kHour;
  maint.end = kNow + 3 * kHour;
  maint.hosts = {"n01"};
  maint.acl = {user_entry("alice")};
  Look l("", snapshot_of(kNow, one_proc_nodes(2), {}), {maint});
  // bob: n01 is his for an hour only, n02 for ever. alice may use the reservation: both for ever.
  EXPECT_EQ(l.text("showbf", {"-u", "bob"}),
            lines({"backfill window (user: 'bob' group: '-' partition: ALL) Mon Sep 23 12:00:00\n\n",
                   "  2 procs available for       1:00:00\n", "  1 procs available with no timelimit\n\n\n\n"}));
  EXPECT_EQ(l.text("showbf", {"-u", "alice"}),
            lines({"backfill window (user: 'alice' group: '-' partition: ALL) Mon Sep 23 12:00:00\n\n",
                   "  2 procs available with no timelimit\n\n\n\n"}));
  json::Value v = l.json_of("showbf", {"-u", "bob"});
  const json::Array* windows = (*v.getAsObject()->getArray("partitions"))[0].getAsObject()->getArray("windows");
  ASSERT_EQ(windows->size(), 2u);
  EXPECT_EQ(*(*windows)[0].getAsObject()->getInteger("procs"), 2);
  EXPECT_EQ(*(*windows)[0].getAsObject()->getInteger("duration"), kHour);
  EXPECT_TRUE((*windows)[1].getAsObject()->get("duration")->getAsNull().hasValue());
  // The caller who is no admin asks for themself.
  ViewAnswer own = l.view("showbf", {}, false, "alice");
  EXPECT_NE(own.out.find("user: 'alice'"), std::string::npos) << own.out;
  // Without -u and -g, the windows of the caller, named as Maui 3.3.1 names them (its clients ran
  // as root: `user: 'root' group: 'root'`): alice may use maint.
  ViewRequest asked{"showbf", {}, false, std::nullopt};
  asked.caller_user = "alice";
  asked.caller_group = "staff";
  EXPECT_EQ(render_view(l.context(), asked).out,
            lines({"backfill window (user: 'alice' group: 'staff' partition: ALL) Mon Sep 23 12:00:00\n\n",
                   "  2 procs available with no timelimit\n\n\n\n"}));
}

// showres as Maui 3.3.1 (B T90100: `maint.0.0  User -  -00:01:40  00:58:20  1:00:00`): a standing
// reservation's instance already open shows its real start, an hour ago at 11:00, and lasts its
// whole window; its name is NAME.N.0. Tomorrow's (depth 1, as Maui books) starts in 23 h.
TEST(Views, ShowresOpenStandingInstanceKeepsItsStart) {
  Look l("SRCFG[m] PERIOD=DAY STARTTIME=11:00:00 ENDTIME=13:00:00 HOSTLIST=n01\n",
         snapshot_of(kNow, one_proc_nodes(2), {}));
  EXPECT_EQ(l.text("showres"),
            lines({"Reservations\n\n",
                   "ReservationID       Type S       Start         End    Duration    N/P    StartTime\n\n",
                   "m.0.0               User -    -1:00:00     1:00:00     2:00:00    1/1    Mon Sep 23 11:00:00\n",
                   "m.1.0               User -    23:00:00  1:01:00:00     2:00:00    1/1    Tue Sep 24 11:00:00\n",
                   "\n2 reservations located\n\n"}));
}

TEST(Views, ShowstartFromTheCalendar) {
  // Two one-proc nodes, one busy for 2 h more: a 2-proc job can start in 2 h. With
  // RESERVATIONDEPTH 0 it holds no reservation: the time is the calendar's.
  Look l("RESERVATIONDEPTH 0\n", snapshot_of(kNow, one_proc_nodes(2),
                                             {running_on(J("r").walltime(3 * kHour), kNow - kHour, {"n01"}),
                                              J("w").tasks(2).submit(kNow - 60)}));
  const std::string out = l.text("showstart", {"w"});
  EXPECT_NE(out.find("job w requires 2 procs for 1:00:00\n\nEarliest start in          2:00:00 on Mon Sep 23 "
                     "14:00:00\nEarliest completion in     3:00:00 on Mon Sep 23 15:00:00\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Why: it holds no reservation"), std::string::npos) << out;
  json::Value v = l.json_of("showstart", {"w"});
  EXPECT_EQ(v.getAsObject()->getString("basis")->str(), "calendar");
  EXPECT_EQ(*v.getAsObject()->getInteger("start"), kNow + 2 * kHour);
  // The running one started an hour ago.
  EXPECT_EQ(l.json_of("showstart", {"r"}).getAsObject()->getString("basis")->str(), "running");
}

// A class runs only on its nodes (docs/semantics.md 134): n01 runs debug's jobs only, n02 batch's;
// r (debug) holds n01 for 2 h more.
TEST(Views, ShowstartAndShowbfKeepAClassToItsNodes) {
  std::vector<Node> nodes = one_proc_nodes(2);
  nodes[0].classes = {"debug"};
  nodes[1].classes = {"batch"};
  Look l("RESERVATIONDEPTH 0\n",
         snapshot_of(kNow, nodes,
                     {running_on(J("r").job_class("debug").walltime(3 * kHour), kNow - kHour, {"n01"}),
                      J("w").job_class("debug").submit(kNow - 60)}));
  // w waits for n01, though n02 is idle. (showbf in Maui 3.3.1's layout: partition ALL, three blank lines.)
  json::Value v = l.json_of("showstart", {"w"});
  EXPECT_EQ(v.getAsObject()->getString("basis")->str(), "calendar");
  EXPECT_EQ(*v.getAsObject()->getInteger("start"), kNow + 2 * kHour);
  EXPECT_EQ(l.text("showbf", {"-c", "batch"}),
            lines({"backfill window (user: '-' group: '-' class: 'batch' partition: ALL) Mon Sep 23 12:00:00\n\n",
                   "  1 procs available with no timelimit\n\n\n\n"}));
  EXPECT_EQ(l.text("showbf", {"-c", "debug"}),
            lines({"backfill window (user: '-' group: '-' class: 'debug' partition: ALL) Mon Sep 23 12:00:00\n\n",
                   "no procs available\n\n\n\n"}));
}

// ----------------------------------------------------------------------------------------------
// only_user, unknown jobs and nodes.

TEST(Views, OnlyUserSeesTheirOwnJobsAndReservations) {
  Look l("RESERVATIONDEPTH 2\n",
         snapshot_of(kNow, one_proc_nodes(1),
                     {running_on(J("r").user("alice"), kNow - 60, {"n01"}), J("42").user("alice").submit(kNow - 30),
                      J("43").user("bob").submit(kNow - 20)}));
  ViewAnswer denied = l.view("checkjob", {"42"}, false, "bob");
  EXPECT_EQ(denied.status, ViewStatus::PermissionDenied);
  EXPECT_EQ(denied.err, "checkjob: job 42 belongs to alice");
  EXPECT_TRUE(denied.out.empty());
  EXPECT_EQ(l.view("checkjob", {"43"}, false, "bob").status, ViewStatus::Ok);
  // showres: alice's running job and her job's reservation; bob's reservation only for bob.
  auto names = [&](std::optional<std::string> who) {
    json::Value v = *json::parse(l.view("showres", {}, true, who).out);
    std::vector<std::string> out;
    for (const auto& r : *v.getAsObject()->getArray("reservations"))
      out.push_back(r.getAsObject()->getString("name")->str());
    return out;
  };
  EXPECT_EQ(names(std::nullopt), (std::vector<std::string>{"r", "42", "43"}));
  EXPECT_EQ(names("alice"), (std::vector<std::string>{"r", "42"}));
  EXPECT_EQ(names("bob"), (std::vector<std::string>{"43"}));
}

// checkjob of a job that is gone answers as Maui 3.3.1 does (B T90100, checkjob 33: `ERROR:  cannot
// locate job '33'`): one never submitted, and one that has completed, which the snapshot still
// holds (it printed a wall time of 0 and a queued time growing to now).
TEST(Views, UnknownJobsAndNodes) {
  Job done = J("2").walltime(kHour).submit(kNow - 2 * kHour).state(JobState::Completed);
  done.start_time = kNow - 2 * kHour;
  Look l("", snapshot_of(kNow, one_proc_nodes(1), {J("1").submit(kNow), done}));
  ViewAnswer a = l.view("checkjob", {"9"});
  EXPECT_EQ(a.status, ViewStatus::NotFound);
  EXPECT_EQ(a.err, "ERROR:  cannot locate job '9'");
  a = l.view("checkjob", {"2", "-v"});
  EXPECT_EQ(a.status, ViewStatus::NotFound);
  EXPECT_EQ(a.out, "");
  EXPECT_EQ(a.err, "ERROR:  cannot locate job '2'");
  EXPECT_EQ(l.view("checkjob", {"2"}, true).status, ViewStatus::NotFound);
  EXPECT_EQ(l.view("showstart", {"9"}).err, "showstart: no job '9'");
  EXPECT_EQ(l.view("checknode", {"n09"}).err, "checknode: no node 'n09'");
  EXPECT_EQ(l.view("checknode", {"n09"}).status, ViewStatus::NotFound);
}

// ----------------------------------------------------------------------------------------------
// Usage errors: one line naming the bad argument and what was expected.

TEST(Views, UsageErrors) {
  Look l("", snapshot_of(kNow, one_proc_nodes(1), {J("1").submit(kNow)}));
  auto err = [&](std::string command, std::vector<std::string> args) {
    ViewAnswer a = l.view(std::move(command), std::move(args));
    EXPECT_EQ(a.status, ViewStatus::Usage) << a.out;
    EXPECT_TRUE(a.out.empty());
    return a.err;
  };
  EXPECT_EQ(
      err("showqq", {}),
      "unknown command 'showqq' (expected one of checkjob, checknode, diagnose, showbf, showconfig, showq, showres, "
      "showstart)");
  EXPECT_EQ(err("showq", {"-x"}), "showq: unknown option '-x' (expected -r, -i, -b, --explain, -u USER)");
  EXPECT_EQ(err("showq", {"-u"}), "showq: '-u' needs a USER after it");
  EXPECT_EQ(err("showq", {"-r", "-r"}), "showq: '-r' given twice");
  EXPECT_EQ(err("showq", {"-r", "-b"}), "showq: -r, -i and -b each show one section: give one of them");
  EXPECT_EQ(err("showq", {"alice"}), "showq: unexpected argument 'alice' (expected -r, -i, -b, --explain, -u USER)");
  EXPECT_EQ(err("checkjob", {}), "checkjob: expected a JOBID (expected JOBID, -v, --explain)");
  EXPECT_EQ(err("checkjob", {"1", "2"}), "checkjob: unexpected argument '2': one JOBID only, '1' was given first");
  EXPECT_EQ(err("checkjob", {"1", "-x"}), "checkjob: unknown option '-x' (expected JOBID, -v, --explain)");
  EXPECT_EQ(err("showres", {"-x"}), "showres: unknown option '-x' (expected -n)");
  EXPECT_EQ(err("showbf", {"-g"}), "showbf: '-g' needs a GROUP after it");
  EXPECT_EQ(err("showbf", {"-n", "4"}),
            "showbf: unknown option '-n' (expected -u USER, -g GROUP, -a ACCOUNT, -c CLASS, -q QOS)");
  EXPECT_EQ(err("showstart", {}), "showstart: expected a JOBID (expected JOBID)");
  EXPECT_EQ(err("diagnose", {}), "diagnose: expected one of -p, -f, -q, -r, -j, -l (got none)");
  EXPECT_EQ(err("diagnose", {"-p", "-f"}), "diagnose: expected one of -p, -f, -q, -r, -j, -l (got several)");
  EXPECT_EQ(err("diagnose", {"-n"}), "diagnose: unknown option '-n' (expected -p, -f, -q, -r, -j, -l, --explain)");
  EXPECT_EQ(err("showconfig", {"-v"}), "showconfig: unknown option '-v' (expected no arguments)");
  EXPECT_EQ(err("checknode", {}), "checknode: expected a NODE (expected NODE)");
}

TEST(Views, CommandsAreSortedAndKnown) {
  const auto& names = view_commands();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_EQ(names.size(), 8u);
  for (auto n : names) EXPECT_TRUE(is_view(n)) << n;
  EXPECT_FALSE(is_view("setres"));
  EXPECT_FALSE(is_view(""));
}

// ----------------------------------------------------------------------------------------------
// diagnose -p --explain / -f are `mauirun priority` / `mauirun fairshare`.

TEST(Views, DiagnosePriorityAndFairshareAreTheReports) {
  Look l("USERWEIGHT 1\nCREDWEIGHT 1\nUSERCFG[john] PRIORITY=100\n",
         snapshot_of(kNow, one_proc_nodes(1),
                     {running_on(J("r"), kNow - 60, {"n01"}), J("j1").user("john").submit(kNow - 600),
                      J("j2").user("ann").submit(kNow - 300)}));
  const FairshareStanding none;
  const auto rows = priority_rows(*l.policy.dir, none, l.snap);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].job->id, "j1");  // 100 + 10 minutes before 5 minutes
  // --explain: the report; plain -p is Maui 3.3.1's table (tests/maui331/, MauiReference), of
  // the eligible jobs: j1 100 (USERWEIGHT 1 x 100) + 10 minutes = 110, all of it Cred as
  // CREDWEIGHT is 1 and the default SERVWEIGHT 1 x QUEUETIMEWEIGHT 1 x 10 = 10: 90.9% / 9.1%.
  EXPECT_EQ(l.text("diagnose", {"-p", "--explain"}), render_priority_table(l.policy.policy(), rows));
  const std::string maui = l.text("diagnose", {"-p"});
  EXPECT_NE(maui.find("j1                          110    90.9(100.0)   9.1( 10.0)\n"), std::string::npos) << maui;
  // The same content; a view's JSON is on one line.
  EXPECT_EQ(l.view("diagnose", {"-p"}, true).out, priority_json(l.policy.policy(), rows, 0));
  EXPECT_EQ(l.text("diagnose", {"-f"}), render_fairshare(l.policy.policy(), none));
  EXPECT_EQ(l.view("diagnose", {"-f"}, true).out, fairshare_json(l.policy.policy(), none, 0));
  EXPECT_EQ(*json::parse(priority_json(l.policy.policy(), rows, 0)),
            *json::parse(priority_json(l.policy.policy(), rows)));
}

// ----------------------------------------------------------------------------------------------
// A simulation stopped at a second, looked at as the daemon looks (runtime/views/view_snapshot.h).

std::unique_ptr<ViewSnapshot> stopped_at(const TestPolicy& p, const Trace& trace, Epoch second) {
  std::unique_ptr<ViewSnapshot> snapshot;
  SimulationOptions o;
  o.stop_at = second;
  o.at_stop = [&](SchedulingCycle& cycle, SimulatedCluster& cluster) {
    snapshot = look(cycle, *p.dir, cluster.state());
  };
  simulate(*p.dir, trace, one_proc_nodes(2), o);
  return snapshot;
}

TEST(ViewSnapshot, AStoppedSimulationLooked) {
  // Job 1 (1 proc, limit 100 s, runs 50 s) at 100; job 2 (2 procs) at 120. The trace's origin is 0.
  TestPolicy p = compile_policy("RESERVATIONDEPTH 1\n");
  const Trace trace = trace_of({trace_job(1, 100, 50, 100, 1), trace_job(2, 120, 60, 60, 2)});
  // Before the first submission: nothing yet, at that second.
  auto before = stopped_at(p, trace, 50);
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(before->cluster.now, 50);
  EXPECT_TRUE(before->cluster.jobs.empty());
  // At 130: job 1 runs (since 100), job 2 waits for the second proc, reserved at job 1's limit (200).
  auto at = stopped_at(p, trace, 130);
  ASSERT_NE(at, nullptr);
  EXPECT_EQ(at->cluster.now, 130);
  ViewRequest showq{"showq", {}, true, std::nullopt};
  json::Value v = *json::parse(render_view(at->context(), showq).out);
  const json::Object* o = v.getAsObject();
  ASSERT_EQ(o->getArray("active")->size(), 1u);
  EXPECT_EQ(*(*o->getArray("active"))[0].getAsObject()->getInteger("remaining"), 70);
  ASSERT_EQ(o->getArray("eligible")->size(), 1u);
  EXPECT_EQ(*(*o->getArray("eligible"))[0].getAsObject()->getObject("reservation")->getInteger("start"), 200);
  // The look stays valid whatever becomes of the simulation: it owns what it shows.
  EXPECT_NE(at->iteration.calendar, nullptr);
  // After the end: job 1 ended at 150, job 2 ran 150-210; at 500 nothing is left.
  auto after = stopped_at(p, trace, 500);
  ASSERT_NE(after, nullptr);
  json::Value empty = *json::parse(render_view(after->context(), showq).out);
  EXPECT_EQ(*empty.getAsObject()->getObject("summary")->getInteger("jobs"), 0);
}

// ----------------------------------------------------------------------------------------------
// Maui's dates and durations, checked against `date -u -d @T`.

TEST(ViewText, DatesAsCtime) {
  EXPECT_EQ(maui_date(0, 0), "Thu Jan  1 00:00:00");
  EXPECT_EQ(maui_date(1'700'000'000, 0), "Tue Nov 14 22:13:20");
  EXPECT_EQ(maui_date(1'700'000'000, 3600), "Tue Nov 14 23:13:20");  // UTC+1
  EXPECT_EQ(maui_date(1'700'000'000, -23 * 3600), "Mon Nov 13 23:13:20");
  EXPECT_EQ(maui_date(1'709'164'800, 0), "Thu Feb 29 00:00:00");  // 2024, a leap day
  EXPECT_EQ(maui_date(-1, 0), "Wed Dec 31 23:59:59");
  EXPECT_EQ(maui_date(kMonday, 0), "Mon Sep 23 00:00:00");
}

// As Maui 3.3.1's clients print them (tests/maui331/README.md: showq's `1:00:00` WCLIMIT, showres's
// `-00:26:59` Start, `1:00:25:29` for a standing reservation a day ahead, checkjob's `00:00:00`).
TEST(ViewText, Durations) {
  EXPECT_EQ(maui_duration(0), "00:00:00");
  EXPECT_EQ(maui_duration(59), "00:00:59");
  EXPECT_EQ(maui_duration(15 * 60), "00:15:00");
  EXPECT_EQ(maui_duration(kHour), "1:00:00");
  EXPECT_EQ(maui_duration(kHour + 11 * 60 + 50), "1:11:50");
  EXPECT_EQ(maui_duration(3 * kHour + 61), "3:01:01");
  EXPECT_EQ(maui_duration(kDay - 1), "23:59:59");
  EXPECT_EQ(maui_duration(kDay + 25 * 60 + 29), "1:00:25:29");
  EXPECT_EQ(maui_duration(kDay + kHour), "1:01:00:00");
  EXPECT_EQ(maui_duration(-(26 * 60 + 59)), "-00:26:59");
  EXPECT_EQ(maui_duration(-kHour), "-1:00:00");
  EXPECT_EQ(maui_duration(ir::kInfinity), "INFINITY");
  EXPECT_EQ(maui_time_until(kEndOfTime, kNow), "INFINITY");
  EXPECT_EQ(percent_text(1, 8), "12.50");
  EXPECT_EQ(percent_text(1, 0), "0.00");
}

TEST(ViewArgs, ReadAgainstTheSpec) {
  const ArgSpec spec{{"-v"}, {{"-u", "USER"}}, "JOBID"};
  std::vector<std::string> args = {"-u", "alice", "42", "-v"};
  ArgsOrError r = parse_args("x", spec, args);
  ASSERT_TRUE(r.args) << r.error;
  EXPECT_TRUE(r.args->has("-v"));
  EXPECT_EQ(*r.args->option("-u"), "alice");
  EXPECT_EQ(*r.args->positional, "42");
  std::vector<std::string> empty_value = {"42", "-u", ""};
  EXPECT_EQ(parse_args("x", spec, empty_value).error, "x: '-u' needs a USER after it");
}

}  // namespace
}  // namespace maui::runtime::testing
