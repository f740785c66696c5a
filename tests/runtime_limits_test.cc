// Throttling and eligibility (runtime/engine/limits.h, runtime/engine/eligibility.h) against the manual's
// section 6.2: the MAXPS example, the MAXJOB 2,8 soft/hard example, the 6.2.2 override example
// with its five conditions, DEFAULT credentials and -1, multi-dimensional limits, idle limits
// and queue stuffing, system per-job limits, holds, dependencies and negative priorities.
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "runtime/engine/eligibility.h"
#include "runtime/engine/limits.h"
#include "tests/runtime_support.h"

namespace maui::runtime {
namespace {

using namespace testing;
using R = ir::LimitResource;

constexpr Epoch kNow = 1'700'000'000;

ClusterSnapshot snapshot(std::vector<Job> jobs) {
  ClusterSnapshot s;
  s.now = kNow;
  s.jobs = std::move(jobs);
  return s;
}

// The eligibility of every queued job, by id.
struct Outcome {
  QueueEvaluation q;
  const ClusterSnapshot* snap;
  const JobEligibility& operator[](std::string_view id) const {
    for (const auto& e : q.eligibility.jobs)
      if (snap->jobs[e.index].id == id) return e;
    ADD_FAILURE() << "no queued job " << id;
    static JobEligibility none;
    return none;
  }
  std::vector<std::string> eligible(bool soft = false) const {
    std::vector<std::string> ids;
    for (const auto& e : q.eligibility.jobs)
      if (soft ? e.soft_eligible : e.eligible) ids.push_back(snap->jobs[e.index].id);
    return ids;
  }
};

Outcome evaluate(const TestPolicy& t, const ClusterSnapshot& s, const FairshareStanding& fs = {}) {
  return Outcome{evaluate_queue(*t.dir, fs, s), &s};
}

std::vector<std::string> reasons(const std::vector<LimitViolation>& vs) {
  std::vector<std::string> out;
  for (const auto& v : vs) out.push_back(describe(v));
  std::sort(out.begin(), out.end());
  return out;
}

// 6.2.1.1 MAXPS: "a 4 processor job which will complete in 1 hour and a 2 processor job which
// will complete in 6 hours ... 4 * 1 * 3600 + 2 * 6 * 3600 = 16 * 3600 outstanding
// processor-seconds".
TEST(RuntimeLimits, MaxProcSecondsCountsOutstandingTime) {
  Job four = J("r1").user("john").tasks(4).walltime(3 * 3600).running(kNow - 2 * 3600);
  Job two = J("r2").user("john").tasks(2).walltime(8 * 3600).running(kNow - 2 * 3600);
  EXPECT_DOUBLE_EQ(active_usage(four, kNow, {})[R::PS], 4 * 1 * 3600);
  EXPECT_DOUBLE_EQ(active_usage(two, kNow, {})[R::PS], 2 * 6 * 3600);
  EXPECT_DOUBLE_EQ(active_usage(two, kNow, {})[R::WC], 6 * 3600);

  auto at_limit = compile_policy("USERCFG[john] MAXPS=57600\n");  // 16 * 3600
  auto s = snapshot({four, two, J("new").user("john").walltime(1).submit(kNow)});
  auto o = evaluate(at_limit, s);
  EXPECT_FALSE(o["new"].eligible);
  EXPECT_EQ(
      reasons(o["new"].violations),
      std::vector<std::string>{"violates active HARD MAXPS limit of 57600 for user john (request 1, usage 57600)"});
  auto one_more = compile_policy("USERCFG[john] MAXPS=57601\n");
  EXPECT_TRUE(evaluate(one_more, s)["new"].eligible);
  // An hour later the same jobs hold 4*0 + 2*5*3600 = 36000 outstanding proc-seconds.
  Throttle later(*at_limit.dir, {}, kNow + 3600);
  later.add_running(four);
  later.add_running(two);
  std::vector<LimitViolation> v;
  EXPECT_EQ(later.check(J("x").user("john").walltime(21600), job_request(J("x").user("john").walltime(21600), {}),
                        LimitLevel::Hard, Throttle::kActive, v),
            0u);
}

TEST(RuntimeLimits, MaxWallclockCountsOutstandingSeconds) {
  auto t = compile_policy("USERCFG[john] MAXWC=10:00:00\n");
  auto s = snapshot({J("r").user("john").walltime(8 * 3600).running(kNow - 3600),  // 7 h left
                     J("a").user("john").walltime(3 * 3600).submit(kNow),
                     J("b").user("john").walltime(4 * 3600).submit(kNow + 1)});
  auto o = evaluate(t, s);
  EXPECT_TRUE(o["a"].eligible);   // 7 + 3 = 10 h
  EXPECT_FALSE(o["b"].eligible);  // 10 + 4 > 10 h
}

// 6.2.4: USERCFG[DEFAULT] MAXJOB=2,8 — "the scheduler would select all jobs which meet the per
// user MAXJOB limit of 2 ... then select all jobs which meet the less constraining hard per user
// MAXJOB limit of 8 jobs".
TEST(RuntimeLimits, SoftAndHardMaxJob) {
  auto t = compile_policy("USERCFG[DEFAULT] MAXJOB=2,8\n");
  std::vector<Job> jobs;
  for (int i = 0; i < 10; ++i) jobs.push_back(J(fmt::format("j{}", i)).user("steve").submit(kNow - 100 + i));
  auto s = snapshot(jobs);
  auto o = evaluate(t, s);
  EXPECT_EQ(o.eligible(), (std::vector<std::string>{"j0", "j1", "j2", "j3", "j4", "j5", "j6", "j7"}));
  EXPECT_EQ(o.eligible(true), (std::vector<std::string>{"j0", "j1"}));
  EXPECT_EQ(reasons(o["j8"].violations),
            std::vector<std::string>{"violates active HARD MAXJOB limit of 8 for user steve (request 1, usage 8)"});
  EXPECT_EQ(reasons(o["j2"].soft_violations),
            std::vector<std::string>{"violates active SOFT MAXJOB limit of 2 for user steve (request 1, usage 2)"});
  // With one running job the soft pass has room for one more, the hard pass for seven.
  jobs.push_back(J("run").user("steve").running(kNow - 10));
  auto s2 = snapshot(jobs);
  auto o2 = evaluate(t, s2);
  EXPECT_EQ(o2.q.eligibility.soft_eligible, 1u);
  EXPECT_EQ(o2.q.eligibility.eligible, 7u);
}

// 6.2.1.1 example 1: USERCFG[DEFAULT] MAXJOB=4, USERCFG[john] MAXJOB=8 — "allow user john to
// run up to 8 jobs while all other users may only run up to 4". -1 is unlimited and stops the
// DEFAULT fallback.
TEST(RuntimeLimits, DefaultCredentialAndUnlimited) {
  auto t = compile_policy("USERCFG[DEFAULT] MAXJOB=4\nUSERCFG[john] MAXJOB=8\nUSERCFG[free] MAXJOB=-1\n");
  std::vector<Job> jobs;
  for (const char* u : {"john", "mary", "free"})
    for (int i = 0; i < 10; ++i) jobs.push_back(J(fmt::format("{}{}", u, i)).user(u).submit(kNow - 100 + i));
  auto s = snapshot(jobs);
  auto o = evaluate(t, s);
  auto count = [&](std::string_view user) {
    return std::count_if(o.q.eligibility.jobs.begin(), o.q.eligibility.jobs.end(),
                         [&](const JobEligibility& e) { return e.eligible && s.jobs[e.index].user == user; });
  };
  EXPECT_EQ(count("john"), 8);
  EXPECT_EQ(count("mary"), 4);
  EXPECT_EQ(count("free"), 10);
  EXPECT_EQ(o["mary4"].violations.front().source, LimitSource::Default);
  EXPECT_EQ(o["mary4"].violations.front().source_credential, (ir::Credential{ir::CredKind::User, "DEFAULT"}));
}

// 6.2.1.1 example 2: steve may run 2 jobs on 30 nodes; any class other than batch 16 nodes.
// "If steve submitted a job to run in the class interactive ... and there were jobs already
// running in this class using a total of 14 nodes, his job would be blocked unless it requested
// 2 or fewer nodes".
TEST(RuntimeLimits, MixedLimitsManualExample) {
  auto t = compile_policy(
      "USERCFG[steve] MAXJOB=2 MAXNODE=30\nGROUPCFG[staff] MAXJOB=5\n"
      "CLASSCFG[DEFAULT] MAXNODE=16\nCLASSCFG[batch] MAXNODE=32\n");
  Job others = J("r").user("ann").job_class("interactive").nodes(14).running(kNow - 60);
  auto s = snapshot({others, J("two").user("steve").group("staff").job_class("interactive").nodes(2).submit(kNow),
                     J("three").user("steve").group("staff").job_class("interactive").nodes(3).submit(kNow + 1)});
  auto o = evaluate(t, s);
  EXPECT_TRUE(o["two"].eligible);
  EXPECT_EQ(reasons(o["three"].violations),
            (std::vector<std::string>{
                "violates active HARD MAXNODE limit of 16 for class interactive (request 3, usage 16)"}));
}

// 6.2.2, the [PDF-3.2] version of the example (tests/data/doc-examples.cfg): a job of user
// steve, group staff, class batch, QOS hiprio "will be allowed to start so long as running it
// does not lead to any of the following conditions" — each condition is tested at its edge.
struct OverrideExample : ::testing::Test {
  static constexpr std::string_view kConfig =
      "USERCFG[steve]    MAXJOB=2 MAXNODE=30\n"
      "GROUPCFG[staff]   MAXJOB=5\n"
      "CLASSCFG[DEFAULT] MAXNODE=16\n"
      "CLASSCFG[batch]   MAXNODE=32\n"
      "QOSCFG[hiprio]    MAXJOB=3 OMAXNODE=64\n";
  TestPolicy t = compile_policy(kConfig);
  static Job candidate(std::int64_t nodes) {
    return J("cand").user("steve").group("staff").job_class("batch").qos("hiprio").nodes(nodes).submit(kNow);
  }
  const JobEligibility check(std::vector<Job> running, const Job& job) {
    running.push_back(job);
    snap_ = snapshot(running);
    auto o = evaluate(t, snap_);
    return o["cand"];
  }
  ClusterSnapshot snap_;
};

TEST_F(OverrideExample, UserNodesUpTo64NotSteves30) {
  // Condition 1: "total nodes used by user steve jobs do not exceed 64".
  Job steve40 = J("s").user("steve").group("other").job_class("other").qos("low").nodes(40).running(kNow - 60);
  EXPECT_TRUE(check({steve40}, candidate(24)).eligible);  // 64: over steve's own 30, within 64
  auto blocked = check({steve40}, candidate(25));
  EXPECT_EQ(reasons(blocked.violations),
            std::vector<std::string>{"violates active HARD MAXNODE limit of 64 for user steve (request 25, usage 40)"});
  EXPECT_EQ(blocked.violations.front().source, LimitSource::QosOverride);
  // Without hiprio steve's own 30 applies.
  Job plain = candidate(24);
  plain.qos = "low";
  EXPECT_EQ(reasons(check({steve40}, plain).violations),
            std::vector<std::string>{"violates active HARD MAXNODE limit of 30 for user steve (request 24, usage 40)"});
}

TEST_F(OverrideExample, UserJobsUpTo2) {
  // Condition 2: "total active jobs associated with user steve does not exceed 2".
  Job one = J("s1").user("steve").group("other").job_class("other").qos("low").running(kNow - 60);
  Job two = J("s2").user("steve").group("other").job_class("other").qos("low").running(kNow - 60);
  EXPECT_TRUE(check({one}, candidate(1)).eligible);
  EXPECT_EQ(reasons(check({one, two}, candidate(1)).violations),
            std::vector<std::string>{"violates active HARD MAXJOB limit of 2 for user steve (request 1, usage 2)"});
}

TEST_F(OverrideExample, GroupJobsUpTo5) {
  // Condition 3: "total active jobs associated with group staff does not exceed 5".
  std::vector<Job> running;
  for (int i = 0; i < 4; ++i)
    running.push_back(J(fmt::format("g{}", i))
                          .user(fmt::format("u{}", i))
                          .group("staff")
                          .job_class("other")
                          .qos("low")
                          .running(kNow));
  EXPECT_TRUE(check(running, candidate(1)).eligible);
  running.push_back(J("g4").user("u4").group("staff").job_class("other").qos("low").running(kNow));
  EXPECT_EQ(reasons(check(running, candidate(1)).violations),
            std::vector<std::string>{"violates active HARD MAXJOB limit of 5 for group staff (request 1, usage 5)"});
}

TEST_F(OverrideExample, ClassNodesUpTo64NotBatchs32) {
  // Condition 4: "total nodes dedicated to class batch jobs do not exceed 64".
  Job batch50 = J("b").user("ann").group("other").job_class("batch").qos("low").nodes(50).running(kNow - 60);
  EXPECT_TRUE(check({batch50}, candidate(14)).eligible);
  EXPECT_EQ(
      reasons(check({batch50}, candidate(15)).violations),
      std::vector<std::string>{"violates active HARD MAXNODE limit of 64 for class batch (request 15, usage 50)"});
}

TEST_F(OverrideExample, QosJobsUpTo3) {
  // Condition 5: "total active jobs associated with QOS hiprio does not exceed 3".
  std::vector<Job> running;
  for (int i = 0; i < 2; ++i)
    running.push_back(J(fmt::format("q{}", i))
                          .user(fmt::format("u{}", i))
                          .group("other")
                          .job_class("other")
                          .qos("hiprio")
                          .running(kNow));
  EXPECT_TRUE(check(running, candidate(1)).eligible);
  running.push_back(J("q2").user("u2").group("other").job_class("other").qos("hiprio").running(kNow));
  EXPECT_EQ(reasons(check(running, candidate(1)).violations),
            std::vector<std::string>{"violates active HARD MAXJOB limit of 3 for qos hiprio (request 1, usage 3)"});
}

TEST_F(OverrideExample, OverrideDoesNotLimitCredentialsWithoutALimit) {
  // Group staff has no MAXNODE: the override does not give it one (the manual's conditions list
  // no group node limit).
  std::vector<Job> running = {J("g").user("ann").group("staff").job_class("other").qos("low").nodes(100).running(kNow)};
  EXPECT_TRUE(check(running, candidate(10)).eligible);
}

TEST(RuntimeLimits, OverrideExampleDocVersion) {
  // [DOC] version: QOSCFG[hiprio] OMAXJOB=3 OMAXNODE=64. OMAXJOB supersedes steve's MAXJOB=2 and
  // staff's MAXJOB=5; the QOS itself has no MAXJOB (docs/semantics.md, Engine).
  auto t = compile_policy(
      "USERCFG[steve] MAXJOB=2 MAXNODE=30\nGROUPCFG[staff] MAXJOB=5\n"
      "CLASSCFG[DEFAULT] MAXNODE=16\nCLASSCFG[batch] MAXNODE=32\n"
      "QOSCFG[hiprio] OMAXJOB=3 OMAXNODE=64\n");
  std::vector<Job> jobs;
  for (int i = 0; i < 5; ++i)
    jobs.push_back(
        J(fmt::format("h{}", i)).user("steve").group("staff").job_class("batch").qos("hiprio").submit(kNow + i));
  auto s = snapshot(jobs);
  auto o = evaluate(t, s);
  EXPECT_EQ(o.eligible(), (std::vector<std::string>{"h0", "h1", "h2"}));
  EXPECT_EQ(reasons(o["h3"].violations),
            (std::vector<std::string>{"violates active HARD MAXJOB limit of 3 for group staff (request 1, usage 3)",
                                      "violates active HARD MAXJOB limit of 3 for user steve (request 1, usage 3)"}));
}

// 6.2.1.2: "CLASSCFG[fast] MAXPROC[USER:steve]=3 MAXPROC[USER:bob]=4" — steve and bob may use 3
// and 4 procs within class fast; "CLASSCFG[batch] MAXJOB=3 MAXNODE[USER]=8" — any user 8 nodes
// within batch; "CLASSCFG[fast] MAXJOB[GROUP]=12" — each group 12 jobs in fast.
TEST(RuntimeLimits, MultiDimensionalLimits) {
  auto t = compile_policy(
      "CLASSCFG[batch] MAXJOB=3 MAXNODE[USER]=8\n"
      "CLASSCFG[fast] MAXPROC[USER:steve]=3 MAXPROC[USER:bob]=4\n"
      "CLASSCFG[fast] MAXJOB[GROUP]=12\n");
  auto s = snapshot({J("r1").user("steve").job_class("fast").tasks(2).running(kNow),
                     J("r2").user("steve").job_class("batch").tasks(10).running(kNow),  // other class: not counted
                     J("s1").user("steve").job_class("fast").tasks(1).submit(kNow),
                     J("s2").user("steve").job_class("fast").tasks(1).submit(kNow + 1),
                     J("b1").user("bob").job_class("fast").tasks(4).submit(kNow + 2),
                     J("b2").user("ann").job_class("fast").tasks(50).submit(kNow + 3)});
  auto o = evaluate(t, s);
  EXPECT_TRUE(o["s1"].eligible);  // 2 + 1 = 3
  EXPECT_EQ(reasons(o["s2"].violations),
            std::vector<std::string>{
                "violates active HARD MAXPROC limit of 3 for user steve in class fast (request 1, usage 3)"});
  EXPECT_TRUE(o["b1"].eligible);  // bob: 4
  EXPECT_TRUE(o["b2"].eligible);  // ann has no per-user limit in fast

  // MAXNODE[USER]=8 in batch: every user separately.
  auto s2 = snapshot({J("r").user("ann").job_class("batch").nodes(6).running(kNow),
                      J("a").user("ann").job_class("batch").nodes(3).submit(kNow),
                      J("b").user("bob").job_class("batch").nodes(8).submit(kNow + 1)});
  auto o2 = evaluate(t, s2);
  EXPECT_EQ(reasons(o2["a"].violations),
            std::vector<std::string>{
                "violates active HARD MAXNODE limit of 8 for user ann in class batch (request 3, usage 6)"});
  EXPECT_TRUE(o2["b"].eligible);

  // MAXJOB[GROUP]=12 in fast: the 13th job of a group.
  std::vector<Job> jobs;
  for (int i = 0; i < 13; ++i)
    jobs.push_back(
        J(fmt::format("f{:02}", i)).user(fmt::format("u{}", i)).group("physics").job_class("fast").submit(kNow + i));
  auto s3 = snapshot(jobs);
  auto o3 = evaluate(t, s3);
  EXPECT_EQ(o3.q.eligibility.eligible, 12u);
  EXPECT_EQ(reasons(o3["f12"].violations),
            std::vector<std::string>{
                "violates active HARD MAXJOB limit of 12 for group physics in class fast (request 1, usage 12)"});
}

TEST(RuntimeLimits, MaxJobPerUserInAClassAndItsDefault) {
  auto t = compile_policy("CLASSCFG[short] MAXJOBPERUSER=2\nCLASSCFG[DEFAULT] MAXJOBPERUSER=1\n");
  auto s = snapshot(
      {J("a1").user("a").job_class("short").submit(kNow), J("a2").user("a").job_class("short").submit(kNow + 1),
       J("a3").user("a").job_class("short").submit(kNow + 2), J("b1").user("b").job_class("short").submit(kNow + 3),
       J("l1").user("a").job_class("long").submit(kNow + 4), J("l2").user("a").job_class("long").submit(kNow + 5)});
  auto o = evaluate(t, s);
  EXPECT_EQ(o.eligible(), (std::vector<std::string>{"a1", "a2", "b1", "l1"}));
  EXPECT_EQ(o["l2"].violations.front().source, LimitSource::Default);
}

// 6.2.3: idle limits decide which jobs are eligible, in priority order — queue stuffing.
TEST(RuntimeLimits, IdleLimitsStopQueueStuffing) {
  auto t = compile_policy("USERCFG[DEFAULT] MAXIJOB=2\nUSERCFG[steve] MAXIPROC=30\n");
  std::vector<Job> jobs;
  for (int i = 0; i < 10; ++i) jobs.push_back(J(fmt::format("stuff{}", i)).user("stuffer").submit(kNow - 1000 + i));
  jobs.push_back(J("late").user("other").submit(kNow));
  jobs.push_back(J("s1").user("steve").tasks(20).submit(kNow));
  jobs.push_back(J("s2").user("steve").tasks(11).submit(kNow + 1));
  auto s = snapshot(jobs);
  auto o = evaluate(t, s);
  EXPECT_EQ(o.eligible(), (std::vector<std::string>{"stuff0", "stuff1", "late", "s1"}));
  EXPECT_EQ(reasons(o["stuff2"].violations),
            std::vector<std::string>{"violates idle HARD MAXIJOB limit of 2 for user stuffer (request 1, usage 2)"});
  EXPECT_EQ(reasons(o["s2"].violations),
            std::vector<std::string>{"violates idle HARD MAXIPROC limit of 30 for user steve (request 11, usage 20)"});
  EXPECT_FALSE(o["stuff2"].meets_queue_policy);

  // QUEUEPOLICY (the default): the stuffer's blocked jobs accrue no queue time.
  accrue_queue_time(s, o.q.eligibility, AccrualPolicy::QueuePolicy, 600);
  EXPECT_EQ(*s.find_job("stuff0")->sched.queue_time_accrued, 1000 + 600);
  EXPECT_EQ(*s.find_job("stuff5")->sched.queue_time_accrued, 1000 - 5);
  EXPECT_EQ(*s.find_job("late")->sched.queue_time_accrued, 600);
}

TEST(RuntimeLimits, AccrualPolicies) {
  auto t = compile_policy("USERCFG[u] MAXJOB=1\n");
  auto s =
      snapshot({J("run").running(kNow - 10), J("held").hold("user").submit(kNow - 100), J("wait").submit(kNow - 100)});
  auto o = evaluate(t, s);
  EXPECT_FALSE(o["wait"].eligible);           // over MAXJOB: an active limit
  EXPECT_TRUE(o["wait"].meets_queue_policy);  // but no idle limit
  EXPECT_FALSE(o["held"].meets_queue_policy);
  for (auto [policy, wait, held] :
       {std::tuple{AccrualPolicy::Always, 160, 160}, std::tuple{AccrualPolicy::QueuePolicy, 160, 100},
        std::tuple{AccrualPolicy::FullPolicy, 100, 100}}) {
    ClusterSnapshot copy = s;
    accrue_queue_time(copy, o.q.eligibility, policy, 60);
    EXPECT_EQ(effective_queue_time(*copy.find_job("wait"), policy, copy.now), wait);
    EXPECT_EQ(effective_queue_time(*copy.find_job("held"), policy, copy.now), held);
  }
}

TEST(RuntimeLimits, SystemPerJobLimitsAndQosOverride) {
  auto t = compile_policy("SYSTEMMAXPROCPERJOB 64\nSYSTEMMAXJOBWALLTIME 1:00:00:00\nQOSCFG[big] OMAXJPROC=256\n");
  auto s = snapshot({J("wide").tasks(128).submit(kNow), J("wide-big").tasks(128).qos("big").submit(kNow),
                     J("long").walltime(2 * 86400).submit(kNow)});
  auto o = evaluate(t, s);
  EXPECT_EQ(reasons(o["wide"].violations),
            std::vector<std::string>{"violates system HARD SYSTEMMAXPROCPERJOB limit of 64 per job (request 128)"});
  EXPECT_TRUE(o["wide-big"].eligible);
  EXPECT_EQ(
      reasons(o["long"].violations),
      std::vector<std::string>{"violates system HARD SYSTEMMAXJOBWALLTIME limit of 86400 per job (request 172800)"});
}

// QOS flags (docs/semantics.md 80): IGN*PERUSER lift the user's limits and the per-user limits
// inside other credentials, not the group's; IGNJOBQUEUEDPERUSER the user's MAXIJOB; IGNSYSMAX*
// the system per-job limits (but not the QOS's own OMAXJ*); IGNALL all of them; a QOS without
// flags of its own takes QOSCFG[DEFAULT]'s.
TEST(RuntimeLimits, QosFlagsLiftLimits) {
  auto t = compile_policy(
      "USERCFG[john] MAXJOB=1 MAXIJOB=1\nGROUPCFG[staff] MAXJOB=2\nCLASSCFG[batch] MAXPROCPERUSER=2\n"
      "SYSTEMMAXPROCPERJOB 4\nSYSTEMMAXJOBWALLTIME 1:00:00\n"
      "QOSCFG[free] QFLAGS=IGNJOBPERUSER\nQOSCFG[wide] QFLAGS=IGNPROCPERUSER:IGNSYSMAXPROC OMAXJPROC=6\n"
      "QOSCFG[all] QFLAGS=IGNALL\nQOSCFG[DEFAULT] QFLAGS=IGNSYSMAXTIME\n"
      "QOSCFG[plain] PRIORITY=1\n");
  auto violations = [&](const Job& job, const std::vector<Job>& running, unsigned families) {
    Throttle th(*t.dir, {}, kNow);
    for (const auto& r : running) th.add_running(r);
    std::vector<LimitViolation> v;
    th.check(job, job_request(job, {}), LimitLevel::Hard, families, v);
    return reasons(v);
  };
  const Job running = J("r").user("john").group("staff").running(kNow - 60);
  const auto all_families = Throttle::kActive | Throttle::kSystem;
  auto john = [](std::string qos) { return Job(J("n").user("john").group("staff").qos(std::move(qos)).submit(kNow)); };
  EXPECT_EQ(violations(john("plain"), {running}, all_families),
            std::vector<std::string>{"violates active HARD MAXJOB limit of 1 for user john (request 1, usage 1)"});
  EXPECT_TRUE(violations(john("free"), {running}, all_families).empty());
  // The group's MAXJOB still counts: a third job of the group is blocked even in QOS free.
  EXPECT_EQ(violations(john("free"), {running, J("r2").user("ann").group("staff").running(kNow - 60)}, all_families),
            std::vector<std::string>{"violates active HARD MAXJOB limit of 2 for group staff (request 1, usage 2)"});
  // 6 procs: class batch's per-user 2 is lifted, the system's 4 is lifted, QOS wide's own 6 holds.
  Job six = Job(J("w").user("ann").tasks(6).qos("wide").submit(kNow));
  EXPECT_TRUE(violations(six, {}, all_families).empty());
  six.tasks = 7;
  EXPECT_EQ(violations(six, {}, all_families),
            std::vector<std::string>{"violates system HARD SYSTEMMAXPROCPERJOB limit of 6 per job (request 7)"});
  Job three = Job(J("p").user("ann").tasks(3).qos("plain").submit(kNow));
  EXPECT_EQ(violations(three, {}, all_families).size(), 1u);  // MAXPROCPERUSER 2 of class batch
  // IGNALL: everything user and system; the DEFAULT QOS's IGNSYSMAXTIME reaches QOS plain's
  // jobs (no flags of its own) but not QOS free's (its own flags replace DEFAULT's).
  Job big = Job(J("b").user("john").group("staff").tasks(8).walltime(7200).qos("all").submit(kNow));
  EXPECT_TRUE(violations(big, {running}, all_families).empty());
  Job long_plain = Job(J("l").user("ann").walltime(7200).qos("plain").submit(kNow));
  EXPECT_TRUE(violations(long_plain, {}, Throttle::kSystem).empty());
  Job long_free = Job(J("l").user("ann").walltime(7200).qos("free").submit(kNow));
  EXPECT_EQ(violations(long_free, {}, Throttle::kSystem),
            std::vector<std::string>{"violates system HARD SYSTEMMAXJOBWALLTIME limit of 3600 per job (request 7200)"});
  // Idle: john's MAXIJOB=1 stops a second queued job unless its QOS is queue.
  auto idle =
      compile_policy("USERCFG[john] MAXIJOB=1\nQOSCFG[queue] QFLAGS=IGNJOBQUEUEDPERUSER\nQOSCFG[plain] PRIORITY=1\n");
  auto s = snapshot({J("q1").user("john").qos("plain").submit(kNow - 10),
                     J("q2").user("john").qos("plain").submit(kNow), J("q3").user("john").qos("queue").submit(kNow)});
  auto o = evaluate(idle, s);
  EXPECT_TRUE(o["q1"].eligible);
  EXPECT_FALSE(o["q2"].eligible);
  EXPECT_TRUE(o["q3"].eligible) << ::testing::PrintToString(reasons(o["q3"].violations));
}

TEST(RuntimeLimits, SystemWideLimitsOnSyscfg) {
  // 6.2.1: limits "can be applied to any job credential ... or on a system-wide basis".
  auto t = compile_policy("SYSCFG[base] MAXJOB=2\n");
  auto s = snapshot({J("r").user("a").running(kNow), J("x").user("b").submit(kNow), J("y").user("c").submit(kNow + 1)});
  auto o = evaluate(t, s);
  EXPECT_TRUE(o["x"].eligible);
  EXPECT_EQ(
      reasons(o["y"].violations),
      std::vector<std::string>{"violates active HARD MAXJOB limit of 2 for the whole system (request 1, usage 2)"});
}

TEST(RuntimeLimits, MaxMemIsEnforced) {
  auto t = compile_policy("USERCFG[u] MAXMEM=2048\n");
  Job big = J("big").tasks(2).submit(kNow);
  big.memory_per_task_mb = 1500;
  auto s = snapshot({big});
  EXPECT_EQ(reasons(evaluate(t, s)["big"].violations),
            std::vector<std::string>{"violates active HARD MAXMEM limit of 2048 for user u (request 3000, usage 0)"});
}

TEST(RuntimeLimits, EveryViolationIsListed) {
  auto t = compile_policy("USERCFG[u] MAXJOB=1 MAXPROC=4\nGROUPCFG[g] MAXPROC=2\nSYSTEMMAXPROCPERJOB 4\n");
  auto s = snapshot({J("run").running(kNow), J("x").tasks(8).submit(kNow).hold("user").depends_on("run")});
  auto o = evaluate(t, s);
  const auto& e = o["x"];
  EXPECT_FALSE(e.eligible);
  EXPECT_EQ(e.holds, std::vector<std::string>{"user"});
  EXPECT_EQ(e.waiting_for, std::vector<std::string>{"run"});
  EXPECT_EQ(reasons(e.violations),
            (std::vector<std::string>{"violates active HARD MAXJOB limit of 1 for user u (request 1, usage 1)",
                                      "violates active HARD MAXPROC limit of 2 for group g (request 8, usage 1)",
                                      "violates active HARD MAXPROC limit of 4 for user u (request 8, usage 1)",
                                      "violates system HARD SYSTEMMAXPROCPERJOB limit of 4 per job (request 8)"}));
}

TEST(RuntimeLimits, DependenciesAndRmHoldState) {
  auto t = compile_policy("");
  auto s = snapshot({J("done").state(JobState::Completed), J("a").depends_on("done").depends_on("gone").submit(kNow),
                     J("b").depends_on("a").submit(kNow), J("c").state(JobState::Hold).submit(kNow)});
  auto o = evaluate(t, s);
  EXPECT_TRUE(o["a"].eligible);
  EXPECT_EQ(o["b"].waiting_for, std::vector<std::string>{"a"});
  EXPECT_FALSE(o["c"].eligible);
  EXPECT_TRUE(o["c"].not_idle);
}

TEST(RuntimeLimits, NegativePriorityRejectedOnlyWhenEnabledAndRejecting) {
  auto cfg = "QUEUETIMEWEIGHT 0\nUSERWEIGHT 1\nUSERCFG[neg] PRIORITY=-5\nENABLENEGJOBPRIORITY TRUE\n";
  auto s = snapshot({J("n").user("neg").submit(kNow)});
  auto o = evaluate(compile_policy(cfg), s);
  EXPECT_TRUE(o["n"].negative_priority);
  EXPECT_FALSE(o["n"].eligible);
  EXPECT_TRUE(evaluate(compile_policy(lines({cfg, "REJECTNEGPRIOJOBS FALSE\n"})), s)["n"].eligible);
}

TEST(RuntimeLimits, SoftPolicyViolatorsAmongRunningJobs) {
  auto t = compile_policy("USERCFG[u] MAXJOB=1,3\n");
  auto s =
      snapshot({J("first").running(kNow - 100), J("second").running(kNow - 50), J("other").user("v").running(kNow)});
  mark_soft_policy_violators(*t.dir, s);
  EXPECT_FALSE(s.find_job("first")->soft_policy_violation);
  EXPECT_TRUE(s.find_job("second")->soft_policy_violation);
  EXPECT_FALSE(s.find_job("other")->soft_policy_violation);
}

}  // namespace
}  // namespace maui::runtime
