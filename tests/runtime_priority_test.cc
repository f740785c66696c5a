// Job priority (runtime/engine/priority.h) against the manual's section 5.1.2 and reference §4
// ("reference §N": a section of docs/reference/maui-3.3-semantics.md): the worked examples (CRED,
// the fairshare component, the XFACTOR table, PE), every subcomponent, caps, QOS weights, the
// target component, the usage component, negative priorities, the 1e9 cap and the deterministic
// order. Expected values are the manual's arithmetic.
#include <array>
#include <cmath>
#include <random>
#include <string>

#include <fmt/format.h>

#include <gtest/gtest.h>

#include "runtime/engine/priority.h"
#include "tests/runtime_support.h"

namespace maui::runtime {
namespace {

using namespace testing;
using S = ir::PrioritySubcomponent;
using C = ir::PriorityComponent;

constexpr Epoch kNow = 1'000'000'000;  // an hour boundary is not needed; any fixed time

PriorityBreakdown score(const TestPolicy& t, const Job& job, const FairshareStanding& fs = {},
                        ClusterTotals totals = {}) {
  PriorityCalculator calc(*t.dir, fs, totals, kNow);
  return calc.evaluate(job);
}

// 5.1.2.1: USERCFG[john] PRIORITY=2000, USERCFG[paul] PRIORITY=-1000, GROUPCFG[staff]
// PRIORITY=10000 with CREDWEIGHT, USERWEIGHT, GROUPWEIGHT 1.
TEST(RuntimePriority, CredentialComponentManualExample) {
  auto t = compile_policy(
      "CREDWEIGHT 1\nUSERWEIGHT 1\nGROUPWEIGHT 1\nQUEUETIMEWEIGHT 0\n"
      "USERCFG[john] PRIORITY=2000\nUSERCFG[paul] PRIORITY=-1000\nGROUPCFG[staff] PRIORITY=10000\n");
  auto john = score(t, Job(J("1").user("john").group("staff").submit(kNow)));
  EXPECT_EQ(john.priority, 2000 + 10000);
  EXPECT_DOUBLE_EQ(john[S::User].value, 2000);
  EXPECT_DOUBLE_EQ(john[S::Group].value, 10000);
  EXPECT_DOUBLE_EQ(john[C::Cred].contribution, 12000);
  EXPECT_DOUBLE_EQ(john[C::Cred].percent, 100);

  auto paul = score(t, Job(J("2").user("paul").group("staff").submit(kNow)));
  EXPECT_EQ(paul.priority, -1000 + 10000);
  // "All priorities may be positive or negative": paul alone is at -1000, which
  // ENABLENEGJOBPRIORITY FALSE (the default) raises to 1.
  auto alone = score(t, Job(J("3").user("paul").group("other").submit(kNow)));
  EXPECT_DOUBLE_EQ(alone.sum, -1000);
  EXPECT_EQ(alone.priority, 1);
  EXPECT_TRUE(alone.floored);
}

TEST(RuntimePriority, DefaultCredentialIsTheFallbackAndAWrittenValueWins) {
  auto t = compile_policy(
      "QUEUETIMEWEIGHT 0\nUSERWEIGHT 1\nCLASSWEIGHT 1\nQOSWEIGHT 1\n"
      "USERCFG[DEFAULT] PRIORITY=100\nUSERCFG[zero] PRIORITY=0\nUSERCFG[own] PRIORITY=7\n"
      "CLASSCFG[DEFAULT] PRIORITY=5\nQOSCFG[DEFAULT] PRIORITY=3\nQOSCFG[high] PRIORITY=50\n");
  EXPECT_EQ(score(t, Job(J("a").user("nobody").submit(kNow))).priority, 100 + 5 + 3);
  EXPECT_EQ(score(t, Job(J("b").user("zero").submit(kNow))).priority, 0 + 5 + 3);
  EXPECT_EQ(score(t, Job(J("c").user("own").submit(kNow).qos("high"))).priority, 7 + 5 + 50);
}

// 5.1.2.2 worked example: user target 50 usage 45, group no target usage 65, account target 25
// usage 35, QOS floor 10+ usage 25, class no target usage 20, FSWEIGHT 100 and FS*WEIGHT
// 10 / 20 / 30 / 40 / 0: Priority += 100 * (10*5 + 20*0 + 30*(-10) + 40*0 + 0*0).
struct FairshareExample : ::testing::Test {
  static constexpr std::string_view kConfig =
      "QUEUETIMEWEIGHT 0\nFSPOLICY DEDICATEDPS\nFSWEIGHT 100\nFSUSERWEIGHT 10\nFSGROUPWEIGHT 20\n"
      "FSACCOUNTWEIGHT 30\nFSQOSWEIGHT 40\nFSCLASSWEIGHT 0\nENABLENEGJOBPRIORITY TRUE\n"
      "REJECTNEGPRIOJOBS FALSE\nUSERCFG[A] FSTARGET=50\nACCOUNTCFG[C] FSTARGET=25\nQOSCFG[D] FSTARGET=10+\n";
  static FairshareHistory history(const ir::Policy& p) {
    FairshareHistory h;
    auto& w = h.window(window_start(kNow, p.fairshare.interval.value));
    w.total = 1000;
    w.usage[{ir::CredKind::User, "A"}] = 450;
    w.usage[{ir::CredKind::Group, "B"}] = 650;
    w.usage[{ir::CredKind::Account, "C"}] = 350;
    w.usage[{ir::CredKind::Qos, "D"}] = 250;
    w.usage[{ir::CredKind::Class, "E"}] = 200;
    return h;
  }
  static Job job() { return Job(J("X").user("A").group("B").account("C").job_class("E").qos("D").submit(kNow)); }
};

TEST_F(FairshareExample, ComponentIsTheManualsSum) {
  auto t = compile_policy(kConfig);
  auto fs = FairshareStanding::compute(*t.dir, history(t.policy()), kNow);
  auto b = score(t, job(), fs);
  EXPECT_NEAR(b[S::FsUser].value, 5, 1e-9);       // 5% below target
  EXPECT_NEAR(b[S::FsGroup].value, 0, 1e-9);      // no target: ignored
  EXPECT_NEAR(b[S::FsAccount].value, -10, 1e-9);  // 10% above target
  EXPECT_NEAR(b[S::FsQos].value, 0, 1e-9);        // over a floor: no effect
  EXPECT_NEAR(b[S::FsClass].value, 0, 1e-9);
  const double expected = 100.0 * (10 * 5 + 20 * 0 + 30 * (-10) + 40 * 0 + 0 * 0);
  EXPECT_NEAR(b[C::Fairshare].contribution, expected, 1e-6);
  EXPECT_EQ(b.priority, -25000);
}

TEST_F(FairshareExample, FloorAndCeilingAndCaps) {
  // The QOS 10+ floor counts once usage drops below it; a ceiling only counts above it.
  auto t = compile_policy(lines({kConfig, "QOSCFG[D] FSTARGET=30+\nGROUPCFG[B] FSTARGET=80-\n"}));
  auto fs = FairshareStanding::compute(*t.dir, history(t.policy()), kNow);
  auto b = score(t, job(), fs);
  EXPECT_NEAR(b[S::FsQos].value, 5, 1e-9);    // 30 - 25
  EXPECT_NEAR(b[S::FsGroup].value, 0, 1e-9);  // 65 is below the 80 ceiling
  auto t2 = compile_policy(lines({kConfig, "GROUPCFG[B] FSTARGET=60-\nUSERCFG[A] FSTARGET=40^\n"}));
  auto fs2 = FairshareStanding::compute(*t2.dir, history(t2.policy()), kNow);
  auto b2 = score(t2, job(), fs2);
  EXPECT_NEAR(b2[S::FsGroup].value, -5, 1e-9);  // 60 - 65
  EXPECT_NEAR(b2[S::FsUser].value, 0, 1e-9);    // a cap acts on feasibility only
}

TEST_F(FairshareExample, PercentageModeIsOneMinusUsageOverTarget) {
  auto t = compile_policy(lines({kConfig, "FSPOLICY DEDICATEDPS%\n"}));
  auto fs = FairshareStanding::compute(*t.dir, history(t.policy()), kNow);
  auto b = score(t, job(), fs);
  EXPECT_NEAR(b[S::FsUser].value, 1 - 45.0 / 50, 1e-12);
  EXPECT_NEAR(b[S::FsAccount].value, 1 - 35.0 / 25, 1e-12);
}

TEST_F(FairshareExample, SubcomponentAndComponentCaps) {
  // FSUSERCAP 2 cuts the user's +5 to 2; FSCAP bounds the sum from above only.
  auto t = compile_policy(lines({kConfig, "FSUSERCAP 2\nFSACCOUNTWEIGHT 0\nFSCAP 10\n"}));
  auto fs = FairshareStanding::compute(*t.dir, history(t.policy()), kNow);
  auto b = score(t, job(), fs);
  EXPECT_NEAR(b[S::FsUser].contribution, 10 * 2, 1e-9);
  EXPECT_NEAR(b[C::Fairshare].factor, 20, 1e-9);
  EXPECT_NEAR(b[C::Fairshare].contribution, 100 * 10, 1e-9);
}

TEST_F(FairshareExample, NoUsageRecordedMeansNoFairshareComponent) {
  auto t = compile_policy(kConfig);
  auto fs = FairshareStanding::compute(*t.dir, FairshareHistory{}, kNow);
  EXPECT_DOUBLE_EQ(score(t, job(), fs)[C::Fairshare].contribution, 0);
}

// 5.1.2.4.2 table: XFactor = 1 + QueueTime / WallClockLimit for 1 h and 4 h jobs queued 1, 2, 4,
// 8 and 16 hours.
TEST(RuntimePriority, ExpansionFactorTable) {
  auto t = compile_policy("QUEUETIMEWEIGHT 0\nXFACTORWEIGHT 100\n");
  struct Row {
    Seconds walltime;
    double expected[5];
  } rows[] = {{3600, {2.00, 3.00, 5.00, 9.00, 17.0}}, {4 * 3600, {1.25, 1.50, 2.00, 3.00, 5.0}}};
  const int hours[] = {1, 2, 4, 8, 16};
  for (const auto& row : rows)
    for (int i = 0; i < 5; ++i) {
      auto b = score(t, Job(J("x").walltime(row.walltime).submit(kNow - hours[i] * 3600)));
      EXPECT_NEAR(b.xfactor, row.expected[i], 1e-12) << row.walltime << " s job queued " << hours[i] << " h";
      EXPECT_NEAR(b[S::XFactor].value, row.expected[i], 1e-12);
      EXPECT_EQ(b.priority, static_cast<std::int64_t>(std::llround(100 * row.expected[i])));
    }
}

TEST(RuntimePriority, XfMinWcLimitFloorsTheDenominator) {
  // A one-minute job queued 9 minutes: 1 + 9/1 = 10 without XFMINWCLIMIT, (9 + 1) / 10 = 1 with
  // XFMINWCLIMIT 10 minutes.
  Job j = Job(J("x").walltime(60).submit(kNow - 9 * 60));
  EXPECT_NEAR(score(compile_policy("XFACTORWEIGHT 1\n"), j).xfactor, 10.0, 1e-12);
  EXPECT_NEAR(score(compile_policy("XFACTORWEIGHT 1\nXFMINWCLIMIT 00:10:00\n"), j).xfactor, 1.0, 1e-12);
}

TEST(RuntimePriority, QueueTimeInMinutesWithQosWeight) {
  // Defaults: SERVICEWEIGHT 1, QUEUETIMEWEIGHT 1 (the only subcomponent on by default).
  auto t = compile_policy("QOSCFG[special] QTWEIGHT=5000 XFWEIGHT=5000\n");
  auto plain = score(t, Job(J("p").submit(kNow - 90 * 60)));
  EXPECT_DOUBLE_EQ(plain[S::QueueTime].value, 90);
  EXPECT_EQ(plain.priority, 90);
  auto special = score(t, Job(J("s").qos("special").walltime(3600).submit(kNow - 90 * 60)));
  EXPECT_EQ(special[S::QueueTime].weight, 1 + 5000);
  EXPECT_EQ(special[S::XFactor].weight, 0 + 5000);
  EXPECT_NEAR(special.sum, 5001 * 90 + 5000 * (1 + 90.0 / 60), 1e-6);
}

TEST(RuntimePriority, SubcomponentCapBoundsFromAboveOnly) {
  auto t = compile_policy("QUEUETIMECAP 60\n");
  auto b = score(t, Job(J("x").submit(kNow - 90 * 60)));
  EXPECT_DOUBLE_EQ(b[S::QueueTime].value, 90);
  EXPECT_DOUBLE_EQ(b[S::QueueTime].contribution, 60);
  // CREDCAP: a negative factor is not raised to the cap.
  auto c = compile_policy(
      "QUEUETIMEWEIGHT 0\nUSERWEIGHT 1\nCREDCAP 10\nUSERCFG[a] PRIORITY=500\nUSERCFG[b] PRIORITY=-500\n"
      "ENABLENEGJOBPRIORITY TRUE\nREJECTNEGPRIOJOBS FALSE\n");
  EXPECT_EQ(score(c, Job(J("a").user("a").submit(kNow))).priority, 10);
  EXPECT_EQ(score(c, Job(J("b").user("b").submit(kNow))).priority, -500);
}

TEST(RuntimePriority, ResourceComponentAndProcessorEquivalents) {
  // 5.1.2.3: 25% of the procs and 50% of the memory of a 128-processor system: PE = 64.
  auto t = compile_policy(
      "QUEUETIMEWEIGHT 0\nRESWEIGHT 1\nNODEWEIGHT 1\nPROCWEIGHT 10\nMEMWEIGHT 0\nPEWEIGHT 1000\n"
      "PSWEIGHT 0\nWALLTIMEWEIGHT 0\n");
  ClusterTotals totals{128, 128 * 1024, 0, 0};
  Job j = Job(J("x").tasks(32).walltime(7200).submit(kNow));
  j.memory_per_task_mb = 2048;  // 64 GB of 128 GB
  j.nodes = 4;
  auto b = score(t, j, {}, totals);
  EXPECT_DOUBLE_EQ(b[S::PE].value, 64);
  EXPECT_DOUBLE_EQ(b[S::Proc].value, 32);
  EXPECT_DOUBLE_EQ(b[S::Mem].value, 32 * 2048);
  EXPECT_DOUBLE_EQ(b[S::PS].value, 32 * 7200);
  EXPECT_DOUBLE_EQ(b[S::Walltime].value, 7200);
  EXPECT_DOUBLE_EQ(b[S::Node].value, 4);
  EXPECT_EQ(b.priority, 4 + 10 * 32 + 1000 * 64);
  // RESCAP bounds the component.
  auto capped = compile_policy("QUEUETIMEWEIGHT 0\nRESWEIGHT 2\nPROCWEIGHT 10\nRESCAP 100\n");
  EXPECT_EQ(score(capped, j, {}, totals).priority, 2 * 100);
}

TEST(RuntimePriority, TargetQueueTimeGrowsTowardTheTargetAndSaturates) {
  // TARGETQUEUETIME: (QTTARGET - queue time)^-2, queue time in seconds; 1e8 once reached.
  auto t = compile_policy(
      "QUEUETIMEWEIGHT 0\nTARGETWEIGHT 1\nTARGETQUEUETIMEWEIGHT 1\n"
      "QOSCFG[gold] QTTARGET=1:00:00\n");
  auto at = [&](Seconds queued) {
    return score(t, Job(J("x").qos("gold").submit(kNow - queued)))[S::TargetQueueTime].value;
  };
  EXPECT_NEAR(at(0), 1.0 / (3600.0 * 3600.0), 1e-18);
  EXPECT_NEAR(at(3500), 1.0 / (100.0 * 100.0), 1e-12);
  EXPECT_NEAR(at(3590), 1.0 / (10.0 * 10.0), 1e-12);
  EXPECT_NEAR(at(3600), 1e8, 1e-3);
  EXPECT_NEAR(at(7200), 1e8, 1e-3);
  EXPECT_LT(at(0), at(1800));
  // A QOS without a target contributes nothing.
  EXPECT_DOUBLE_EQ(score(t, Job(J("y").submit(kNow - 100)))[S::TargetQueueTime].value, 0);
}

TEST(RuntimePriority, TargetXFactor) {
  auto t = compile_policy("QUEUETIMEWEIGHT 0\nTARGETWEIGHT 1\nTARGETXFACTORWEIGHT 1\nQOSCFG[gold] XFTARGET=3\n");
  // 1 h job queued 1 h: XF 2, (3 - 2)^-2 = 1.
  auto b = score(t, Job(J("x").qos("gold").walltime(3600).submit(kNow - 3600)));
  EXPECT_NEAR(b[S::TargetXFactor].value, 1.0, 1e-12);
  EXPECT_EQ(b.priority, 1);
}

TEST(RuntimePriority, UsageComponentForActiveJobs) {
  auto t = compile_policy(
      "QUEUETIMEWEIGHT 0\nUSAGEWEIGHT 1\nCONSUMEDWEIGHT 1\nREMAININGWEIGHT 1\nPERCENTWEIGHT 1\n"
      "USAGEEXECUTIONTIMEWEIGHT 1\n");
  Job running = J("r").tasks(4).walltime(4000).submit(kNow - 5000).running(kNow - 1000);
  auto b = score(t, running);
  EXPECT_DOUBLE_EQ(b[S::Consumed].value, 4 * 1000);
  EXPECT_DOUBLE_EQ(b[S::Remaining].value, 4 * 3000);
  EXPECT_DOUBLE_EQ(b[S::Percent].value, 25);
  EXPECT_DOUBLE_EQ(b[S::ExecutionTime].value, 1000);
  EXPECT_EQ(b.priority, 4000 + 12000 + 25 + 1000);
  // Idle jobs have no usage component.
  EXPECT_DOUBLE_EQ(score(t, Job(J("i").submit(kNow)))[C::Usage].contribution, 0);
}

TEST(RuntimePriority, ServiceBypassAndSoftPolicyViolation) {
  auto t = compile_policy(
      "QUEUETIMEWEIGHT 0\nBYPASSWEIGHT 10\nSPVIOLATIONWEIGHT -100\n"
      "ENABLENEGJOBPRIORITY TRUE\nREJECTNEGPRIOJOBS FALSE\n");
  Job j = Job(J("x").submit(kNow));
  j.sched.bypass_count = 3;
  EXPECT_EQ(score(t, j).priority, 30);
  j.soft_policy_violation = true;
  EXPECT_EQ(score(t, j).priority, 30 - 100);
}

TEST(RuntimePriority, NegativePriorityRules) {
  const std::string base = "QUEUETIMEWEIGHT 0\nUSERWEIGHT 1\nUSERCFG[neg] PRIORITY=-50\n";
  Job j = Job(J("x").user("neg").submit(kNow));
  // ENABLENEGJOBPRIORITY FALSE (default): floored at 1, never rejected.
  auto floored = score(compile_policy(base), j);
  EXPECT_EQ(floored.priority, 1);
  EXPECT_FALSE(floored.rejected_negative);
  // TRUE, with the manual's REJECTNEGPRIOJOBS TRUE default: kept and the job is ineligible.
  auto rejected = score(compile_policy(lines({base, "ENABLENEGJOBPRIORITY TRUE\n"})), j);
  EXPECT_EQ(rejected.priority, -50);
  EXPECT_TRUE(rejected.rejected_negative);
  auto kept = score(compile_policy(lines({base, "ENABLENEGJOBPRIORITY TRUE\nREJECTNEGPRIOJOBS FALSE\n"})), j);
  EXPECT_EQ(kept.priority, -50);
  EXPECT_FALSE(kept.rejected_negative);
}

TEST(RuntimePriority, CappedAtOneBillion) {
  auto t = compile_policy("QUEUETIMEWEIGHT 0\nUSERWEIGHT 1000\nUSERCFG[big] PRIORITY=2000000000\n");
  auto b = score(t, Job(J("x").user("big").submit(kNow)));
  EXPECT_EQ(b.priority, 1'000'000'000);
  EXPECT_TRUE(b.capped);
}

TEST(RuntimePriority, PercentContributionsAddUpToHundred) {
  auto t = compile_policy(
      "USERWEIGHT 1\nUSERCFG[a] PRIORITY=-30\nENABLENEGJOBPRIORITY TRUE\n"
      "REJECTNEGPRIOJOBS FALSE\n");
  auto b = score(t, Job(J("x").user("a").submit(kNow - 10 * 60)));
  // |CRED| = 30, |SERV| = 10: 75% and 25%.
  EXPECT_NEAR(b[C::Cred].percent, 75, 1e-9);
  EXPECT_NEAR(b[C::Service].percent, 25, 1e-9);
}

TEST(RuntimePriority, AccrualPolicyDecidesTheEffectiveQueueTime) {
  Job j = Job(J("x").submit(kNow - 3600));
  j.sched.queue_time_accrued = 600;
  EXPECT_EQ(effective_queue_time(j, AccrualPolicy::Always, kNow), 3600);
  EXPECT_EQ(effective_queue_time(j, AccrualPolicy::QueuePolicy, kNow), 600);
  EXPECT_EQ(effective_queue_time(j, AccrualPolicy::FullPolicy, kNow), 600);
  j.sched.queue_time_accrued.reset();  // a job the engine has no record of: since submission
  EXPECT_EQ(effective_queue_time(j, AccrualPolicy::QueuePolicy, kNow), 3600);
  auto t = compile_policy("JOBPRIOACCRUALPOLICY ALWAYS\n");
  j.sched.queue_time_accrued = 600;
  EXPECT_EQ(score(t, j).priority, 60);
}

TEST(RuntimePriority, OrderIsPriorityThenSubmissionThenId) {
  auto t = compile_policy("QUEUETIMEWEIGHT 0\nUSERWEIGHT 1\nUSERCFG[hi] PRIORITY=10\n");
  std::vector<Job> jobs = {Job(J("b").submit(100)), Job(J("a").submit(100)), Job(J("c").submit(50)),
                           Job(J("d").user("hi").submit(500)),
                           Job(J("r").user("hi").state(JobState::Running).start(10))};
  FairshareStanding no_fairshare;
  PriorityCalculator calc(*t.dir, no_fairshare, {}, kNow);
  auto ranked = rank_jobs(calc, jobs);
  std::vector<std::string> order;
  for (const auto& r : ranked) order.push_back(jobs[r.index].id);
  EXPECT_EQ(order, (std::vector<std::string>{"d", "c", "a", "b"}));
}

// Ties of priority and submission go by id in natural order: numbers by value, array tasks by
// task number (Slurm's 12_2 before 12_10), text as text; the order is total.
TEST(RuntimePriority, IdsInNaturalOrder) {
  // Array 12's tasks come after job 10 and before job 13's, 99 and 100 (12 < 13 < 99 < 100).
  const std::vector<std::string> sorted{"7",  "9",   "10", "12_1", "12_2", "12_10", "12_100", "13_1",
                                        "99", "100", "a",  "a2",   "a10",  "ab",    "b"};
  for (std::size_t x = 0; x < sorted.size(); ++x)
    for (std::size_t y = 0; y < sorted.size(); ++y)
      EXPECT_EQ(id_before(sorted[x], sorted[y]), x < y) << sorted[x] << " " << sorted[y];
  // The same by value, still ordered one way only.
  EXPECT_NE(id_before("007", "7"), id_before("7", "007"));
  EXPECT_FALSE(id_before("12_2", "12_2"));
}

// Slurm's nice value (docs/semantics.md 132) is taken off after the floor and the cap, before an
// operator's system priority: 100 minutes queued is 100; nice 30 makes it 70, nice -30 130; an
// absolute setspri 5 still gives 1e9 + 5; floored at 1, nice 10 gives -9.
TEST(RuntimePriority, NiceIsTakenOffAfterTheFloorAndTheCap) {
  auto t = compile_policy("QUEUETIMEWEIGHT 1\n");
  Job queued = J("q").submit(kNow - 100 * 60);
  queued.nice = 30;
  const auto b = score(t, queued);
  EXPECT_EQ(b.priority, 70);
  EXPECT_EQ(b.nice, 30);
  queued.nice = -30;
  EXPECT_EQ(score(t, queued).priority, 130);
  queued.sched.system_priority = SystemPriority{5, false};
  EXPECT_EQ(score(t, queued).priority, 1'000'000'005);
  Job fresh = J("f").submit(kNow);
  fresh.nice = 10;
  EXPECT_EQ(score(t, fresh).priority, -9);
}

// An operator's system priority (setspri, docs/semantics.md 79), after the floor and the cap:
// absolute is 1e9 + value, relative is added; REJECTNEGPRIOJOBS judges the result.
TEST(RuntimePriority, SystemPriorityComesAfterTheFloorAndTheCap) {
  auto t = compile_policy("QUEUETIMEWEIGHT 1\nUSERWEIGHT 1\nUSERCFG[big] PRIORITY=2000000000\n");
  auto with = [](Job job, std::int64_t value, bool relative) {
    job.sched.system_priority = SystemPriority{value, relative};
    return job;
  };
  const Job queued = J("q").submit(kNow - 100 * 60);  // 100 minutes: priority 100
  EXPECT_EQ(score(t, queued).priority, 100);
  auto absolute = score(t, with(queued, 5, false));
  EXPECT_EQ(absolute.priority, 1'000'000'005);
  ASSERT_TRUE(absolute.system_priority.has_value());
  EXPECT_EQ(score(t, with(queued, 0, false)).priority, 1'000'000'000);
  EXPECT_EQ(score(t, with(queued, -40, true)).priority, 60);
  // Capped at 1e9 first, then 7 added: above the cap, and above an absolute 5.
  auto capped = score(t, with(J("b").user("big").submit(kNow), 7, true));
  EXPECT_TRUE(capped.capped);
  EXPECT_EQ(capped.priority, 1'000'000'007);
  // Floored at 1 first (ENABLENEGJOBPRIORITY FALSE), then -10: negative, and still ranked.
  auto floored = score(t, with(J("f").submit(kNow), -10, true));
  EXPECT_TRUE(floored.floored);
  EXPECT_EQ(floored.priority, -9);
  EXPECT_FALSE(floored.rejected_negative);
  auto strict = compile_policy("QUEUETIMEWEIGHT 1\nENABLENEGJOBPRIORITY TRUE\nREJECTNEGPRIOJOBS TRUE\n");
  EXPECT_TRUE(score(strict, with(queued, -101, true)).rejected_negative);
  EXPECT_FALSE(score(strict, with(queued, -100, true)).rejected_negative);
  // The order: the absolute one first, then the relative ones by their result.
  std::vector<Job> jobs = {queued, with(J("a").submit(kNow), 5, false), with(J("r").submit(kNow - 60 * 60), 50, true),
                           with(J("c").user("big").submit(kNow), 7, true)};
  FairshareStanding no_fairshare;
  PriorityCalculator calc(*t.dir, no_fairshare, {}, kNow);
  std::vector<std::string> order;
  for (const auto& r : rank_jobs(calc, jobs)) order.push_back(jobs[r.index].id);
  EXPECT_EQ(order, (std::vector<std::string>{"c", "a", "r", "q"}));
}

// Ranking computes priorities without the terms that weigh nothing and without the
// percentages; on random weights (0 included, for subcomponents and components), caps,
// credential priorities, fairshare targets, QOS queue-time and expansion-factor weights and
// targets, and negative priorities allowed or not, every job's ranking priority and refusal
// equal the explained ones, also when only the credential kinds ranking reads are numbered
// (PriorityCalculator::ranked_kinds, as the scheduler numbers them without limits).
TEST(RuntimePriority, RankingPriorityEqualsTheExplainedOne) {
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const char* weights[] = {"CREDWEIGHT",
                           "FSWEIGHT",
                           "USERWEIGHT",
                           "GROUPWEIGHT",
                           "ACCOUNTWEIGHT",
                           "QOSWEIGHT",
                           "CLASSWEIGHT",
                           "FSUSERWEIGHT",
                           "FSGROUPWEIGHT",
                           "FSACCOUNTWEIGHT",
                           "FSQOSWEIGHT",
                           "FSCLASSWEIGHT",
                           "SERVICEWEIGHT",
                           "QUEUETIMEWEIGHT",
                           "XFACTORWEIGHT",
                           "BYPASSWEIGHT",
                           "RESWEIGHT",
                           "PROCWEIGHT",
                           "NODEWEIGHT",
                           "PSWEIGHT",
                           "WALLTIMEWEIGHT",
                           "TARGETWEIGHT",
                           "TARGETQUEUETIMEWEIGHT",
                           "TARGETXFACTORWEIGHT"};
  const char* caps[] = {"CREDCAP", "FSCAP", "QUEUETIMECAP", "XFACTORCAP", "RESCAP", "PSCAP", "TARGETCAP"};
  const char* kinds[] = {"USERCFG", "GROUPCFG", "ACCOUNTCFG", "QOSCFG", "CLASSCFG"};
  for (int round = 0; round < 40; ++round) {
    std::string config = "FSPOLICY DEDICATEDPS\n";
    if (pick(0, 1)) config += "ENABLENEGJOBPRIORITY TRUE\nREJECTNEGPRIOJOBS TRUE\n";
    for (const char* w : weights) config += fmt::format("{} {}\n", w, std::array{0, 0, 1, 7, -3}[pick(0, 4)]);
    for (const char* c : caps)
      if (pick(0, 2) == 0) config += fmt::format("{} {}\n", c, pick(1, 5000));
    for (const char* k : kinds)
      for (int n = 0; n < 2; ++n)
        config += fmt::format("{}[c{}] PRIORITY={} FSTARGET={}\n", k, n, pick(-500, 500), pick(1, 60));
    // A QOS may weigh queue time and expansion factor when the policy does not (and set targets).
    for (int n = 0; n < 2; ++n)
      config += fmt::format("QOSCFG[c{}] QTWEIGHT={} XFWEIGHT={} QTTARGET={} XFTARGET={}\n", n, pick(0, 5), pick(0, 5),
                            pick(0, 1) * pick(60, 7200), pick(0, 1) * pick(2, 9));
    auto t = compile_policy(config);
    const FairshareStanding standing = FairshareStanding::compute(*t.dir, FairshareHistory{}, kNow);
    PriorityCalculator calc(*t.dir, standing, {}, kNow);
    PriorityCalculator ranked_only(*t.dir, standing, {}, kNow);
    for (int j = 0; j < 20; ++j) {
      auto cred = [&] { return fmt::format("c{}", pick(0, 2)); };  // c2 is not configured
      Job job = J(std::to_string(j))
                    .user(cred())
                    .group(cred())
                    .account(cred())
                    .qos(cred())
                    .job_class(cred())
                    .tasks(pick(1, 8))
                    .walltime(pick(60, 7200))
                    .submit(kNow - pick(0, 86400));
      if (pick(0, 3) == 0) job.sched.system_priority = SystemPriority{pick(-2000, 2000), pick(0, 1) == 1};
      if (job.sched.system_priority && !job.sched.system_priority->relative)
        job.sched.system_priority->value = pick(0, 2000);
      const JobCredentialIds ids = calc.index().intern(job);
      const PriorityBreakdown explained = calc.evaluate(job, ids);
      const PriorityCalculator::Rank ranked = calc.rank(job, ids);
      EXPECT_EQ(ranked.priority, explained.priority) << config << "job " << j;
      EXPECT_EQ(ranked.rejected_negative, explained.rejected_negative) << config << "job " << j;
      const JobCredentialIds some = ranked_only.index().intern(job, ranked_only.ranked_kinds());
      EXPECT_EQ(ranked_only.rank(job, some).priority, explained.priority) << config << "job " << j;
    }
  }
}

// A cleared index numbers names as a fresh one does (the scheduler's workspace keeps one and
// clears it every iteration): ids from 0 in the order names are first seen, nothing left of
// what came before the clear, also after the table grew.
TEST(CredentialIndex, ClearedIndexNumbersAsAFreshOne) {
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  CredentialIndex reused;
  for (int round = 0; round < 30; ++round) {
    CredentialIndex fresh;
    if (round > 0) reused.clear();
    const int names = pick(1, 300);  // the table first grows at 32 names
    for (int k = 0; k < 3 * names; ++k) {
      const ir::CredKind kind = ir::kCredKinds[static_cast<std::size_t>(pick(0, 4))];
      const std::string name = fmt::format("n{}", pick(0, names) + round * 7);
      ASSERT_EQ(reused.intern(kind, name), fresh.intern(kind, name)) << "round " << round << ", " << name;
    }
    for (ir::CredKind kind : ir::kCredKinds) {
      ASSERT_EQ(reused.size(kind), fresh.size(kind)) << "round " << round;
      for (std::uint32_t id = 0; id < fresh.size(kind); ++id) EXPECT_EQ(reused.name(kind, id), fresh.name(kind, id));
    }
  }
}

}  // namespace
}  // namespace maui::runtime
