// The EASY fast path (runtime/engine/easy_fast_path.h) against the general iteration it stands in for:
//   - which policies and nodes it takes, and the reason it gives for each one it refuses;
//   - on random snapshots of one-proc nodes, under every policy it takes, it returns exactly
//     what schedule_iteration returns: starts (nodes, order, backfill marks), the reservation,
//     bypass counts, cancellations and warnings;
//   - it hands back (none) the snapshots it does not model, and the simulator runs the general
//     iteration for those;
//   - whole random simulations decide the same with it and without it, start by start and node
//     by node.
#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "runtime/engine/easy_fast_path.h"
#include "runtime/rm/sim/run_log.h"
#include "runtime/rm/sim/simulator.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kSnapshots = 1500;
constexpr int kSimulations = 40;
#else
constexpr int kSnapshots = 6000;
constexpr int kSimulations = 200;
#endif

constexpr std::string_view kEasy =
    "QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nJOBPRIOACCRUALPOLICY ALWAYS\nBACKFILLPOLICY FIRSTFIT\n"
    "RESERVATIONDEPTH 1\nNODEALLOCATIONPOLICY FIRSTAVAILABLE\n";

std::vector<Node> one_proc_nodes(std::size_t count) {
  std::vector<Node> nodes;
  for (std::size_t n = 0; n < count; ++n) nodes.push_back(make_node(fmt::format("n{:02}", n + 1), 1));
  return nodes;
}

std::string refusal(std::string_view config, const std::vector<Node>& nodes = one_proc_nodes(4)) {
  TestPolicy p = compile_policy(config);
  return EasyFastPath::refusal(*p.dir, nodes);
}

TEST(EasyFastPath, TakesEasyOnOneProcNodes) {
  EXPECT_EQ(refusal(kEasy), "");
  EXPECT_EQ(refusal(lines({kEasy, "RESERVATIONDEPTH 0\nNODEALLOCATIONPOLICY LASTAVAILABLE\n"})), "");
  EXPECT_EQ(refusal(lines({kEasy, "QUEUETIMEWEIGHT 5\nQUEUETIMECAP 100\nSERVICEWEIGHT 2\n"})), "");
  // FSPOLICY alone does not weigh a job: fairshare accrues, ranking ignores it.
  EXPECT_EQ(refusal(lines({kEasy, "FSPOLICY DEDICATEDPS\n"})), "");
  // Without limits every queued job accrues queue time under every JOBPRIOACCRUALPOLICY, the
  // default QUEUEPOLICY included: EASY as a new admin writes it.
  EXPECT_EQ(refusal(lines({kEasy, "JOBPRIOACCRUALPOLICY QUEUEPOLICY\n"})), "");
  EXPECT_EQ(refusal(lines({kEasy, "JOBPRIOACCRUALPOLICY FULLPOLICY\n"})), "");
  EXPECT_EQ(refusal("BACKFILLPOLICY FIRSTFIT\nRESERVATIONPOLICY CURRENTHIGHEST\nRESERVATIONDEPTH 1\n"), "");
  EXPECT_EQ(refusal("RMCFG[base] TYPE=PBS\nADMIN1 root\n"), "");  // all defaults: EASY as well
  EXPECT_NE(refusal("JOBPRIOACCRUALPOLICY QUEUEPOLICY\nUSERCFG[DEFAULT] MAXIJOB=2\n"), "");
}

TEST(EasyFastPath, RefusesWhatItDoesNotModel) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"BACKFILLPOLICY BESTFIT\n", "BACKFILLPOLICY"},
      {"BACKFILLPOLICY NONE\n", "BACKFILLPOLICY"},
      {"RESERVATIONDEPTH 2\n", "RESERVATIONDEPTH"},
      {"RESERVATIONDEPTH[1] 1\nRESERVATIONQOSLIST[1] high\n", "RESERVATIONDEPTH"},
      {"RESERVATIONPOLICY HIGHEST\n", "RESERVATIONPOLICY"},
      {"RESERVATIONTHRESHOLDTYPE BYPASS\nRESERVATIONTHRESHOLDVALUE 1\n", "RESERVATIONTHRESHOLDTYPE"},
      {"BACKFILLDEPTH 3\n", "BACKFILLDEPTH"},
      {"BFCHUNKSIZE 4\nBFCHUNKDURATION 00:10:00\n", "BFCHUNKSIZE"},
      {"NODEALLOCATIONPOLICY PRIORITY\n", "NODEALLOCATIONPOLICY PRIORITY"},
      {"NODEACCESSPOLICY SINGLEJOB\n", "NODEACCESSPOLICY"},
      {"XFACTORWEIGHT 1\n", "priority"},
      {"QUEUETIMEWEIGHT -1\n", "priority"},
      {"CREDWEIGHT 1\nUSERWEIGHT 1\n", "priority"},
      {"USERCFG[alice] MAXJOB=1\n", "credentials"},
      {"QOSCFG[DEFAULT] QTWEIGHT=5\n", "credentials"},
      {"SYSTEMMAXPROCPERJOB 2\n", "throttling limits"},
      {"SRCFG[night] TASKCOUNT=1 PERIOD=DAY STARTTIME=00:00:00 ENDTIME=06:00:00\n", "standing"},
  };
  for (const auto& [line, why] : cases) {
    SCOPED_TRACE(line);
    EXPECT_NE(refusal(lines({kEasy, line})).find(why), std::string::npos) << refusal(lines({kEasy, line}));
  }
  std::vector<Node> nodes = one_proc_nodes(3);
  nodes[1].procs = 2;
  EXPECT_EQ(refusal(kEasy, nodes), "node n02 has 2 procs, not one");
  nodes = one_proc_nodes(3);
  nodes[2].state = NodeState::Down;
  EXPECT_EQ(refusal(kEasy, nodes), "node n03 takes no new work");
  nodes = one_proc_nodes(3);
  nodes[0].max_jobs = 1;
  EXPECT_EQ(refusal(kEasy, nodes), "node n01 has a MAXJOB");
  nodes = one_proc_nodes(3);
  nodes[2].partition = "other";
  EXPECT_EQ(refusal(kEasy, nodes), "the nodes are in more than one partition");
  EXPECT_EQ(refusal(kEasy, {}), "no nodes");
}

// Everything an iteration decides, field by field.
void expect_identical(const IterationResult& general, const IterationResult& fast) {
  ASSERT_EQ(fast.starts.size(), general.starts.size());
  for (std::size_t k = 0; k < general.starts.size(); ++k) {
    SCOPED_TRACE(fmt::format("start {}", k));
    EXPECT_EQ(fast.starts[k].job, general.starts[k].job);
    EXPECT_EQ(fast.starts[k].nodes, general.starts[k].nodes);
    EXPECT_EQ(fast.starts[k].backfill, general.starts[k].backfill);
    EXPECT_EQ(fast.starts[k].pass, general.starts[k].pass);
    EXPECT_EQ(fast.starts[k].priority, general.starts[k].priority);
  }
  ASSERT_EQ(fast.reservations.size(), general.reservations.size());
  for (std::size_t k = 0; k < general.reservations.size(); ++k) {
    const Reservation &a = general.reservations[k], &b = fast.reservations[k];
    EXPECT_EQ(b.id, a.id);
    EXPECT_EQ(b.kind, a.kind);
    EXPECT_EQ(b.name, a.name);
    EXPECT_EQ(b.start, a.start);
    EXPECT_EQ(b.end, a.end);
    EXPECT_EQ(b.nodes, a.nodes);
    EXPECT_EQ(b.per_task, a.per_task);
    EXPECT_EQ(b.job, a.job);
    EXPECT_EQ(b.dedicated, a.dedicated);
    EXPECT_EQ(b.whole_nodes, a.whole_nodes);
    EXPECT_EQ(b.user, a.user);
  }
  EXPECT_EQ(fast.bypassed, general.bypassed);
  ASSERT_EQ(fast.never_runnable.size(), general.never_runnable.size());
  for (std::size_t k = 0; k < general.never_runnable.size(); ++k) {
    EXPECT_EQ(fast.never_runnable[k].job, general.never_runnable[k].job);
    EXPECT_EQ(fast.never_runnable[k].reason, general.never_runnable[k].reason);
  }
  EXPECT_EQ(fast.warnings, general.warnings);
  EXPECT_TRUE(fast.preempted.empty());
}

// What queue-time accrual reads of the general iteration (JOBPRIOACCRUALPOLICY other than
// ALWAYS): the queued jobs in order, whether each meets the queue policies and is eligible. The
// fast path leaves the priorities out (nobody reads them there); that none is rejected as
// negative, held, waiting or over a limit, the general iteration says.
void expect_same_judgement(const EligibilityReport& g, const EligibilityReport& f) {
  EXPECT_EQ(f.eligible, g.eligible);
  EXPECT_EQ(f.soft_eligible, g.soft_eligible);
  ASSERT_EQ(f.jobs.size(), g.jobs.size());
  for (std::size_t k = 0; k < g.jobs.size(); ++k) {
    SCOPED_TRACE(fmt::format("queued {}", k));
    EXPECT_EQ(f.jobs[k].index, g.jobs[k].index);
    EXPECT_EQ(f.jobs[k].eligible, g.jobs[k].eligible);
    EXPECT_EQ(f.jobs[k].soft_eligible, g.jobs[k].soft_eligible);
    EXPECT_EQ(f.jobs[k].meets_queue_policy, g.jobs[k].meets_queue_policy);
    EXPECT_FALSE(g.jobs[k].negative_priority || g.jobs[k].not_idle);
    EXPECT_TRUE(g.jobs[k].holds.empty() && g.jobs[k].waiting_for.empty() && g.jobs[k].violations.empty() &&
                g.jobs[k].fairshare_caps.empty() && g.jobs[k].soft_violations.empty());
  }
}

// A policy the fast path takes, drawn at random.
std::string random_policy(std::mt19937_64& rng) {
  auto pick = [&](std::initializer_list<const char*> options) {
    std::vector<const char*> v(options);
    return std::string(v[rng() % v.size()]);
  };
  return fmt::format(
      "QUEUETIMEWEIGHT {}\nXFACTORWEIGHT 0\n{}BACKFILLPOLICY FIRSTFIT\n"
      "RESERVATIONDEPTH {}\nNODEALLOCATIONPOLICY {}\nRMPOLLINTERVAL {}\n{}",
      pick({"0", "1", "7"}),
      pick({"JOBPRIOACCRUALPOLICY ALWAYS\n", "JOBPRIOACCRUALPOLICY ALWAYS\n", "JOBPRIOACCRUALPOLICY QUEUEPOLICY\n",
            "JOBPRIOACCRUALPOLICY FULLPOLICY\n", ""}),
      pick({"0", "1", "1"}), pick({"FIRSTAVAILABLE", "LASTAVAILABLE", "MINRESOURCE", "CPULOAD"}),
      pick({"00:00:30", "00:05:00"}), pick({"", "QUEUETIMECAP 3\n", "SERVICEWEIGHT 3\n"}));
}

// A snapshot of one-proc nodes as a resource manager may give it: running jobs on distinct
// nodes (some past their walltime), queued jobs in any order with ties in submission time and
// job numbers out of order, now and then a completed job or one wider than the cluster.
ClusterSnapshot random_snapshot(std::mt19937_64& rng) {
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  const Epoch now = 1'000'000;
  const auto n_nodes = static_cast<std::size_t>(uniform(1, 12));
  std::vector<Node> nodes = one_proc_nodes(n_nodes);
  std::vector<std::size_t> order(n_nodes);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<Job> jobs;
  std::size_t used = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(n_nodes)));
  for (std::size_t taken = 0; taken < used;) {
    const auto width = std::min<std::size_t>(used - taken, static_cast<std::size_t>(uniform(1, 4)));
    Job job = J(std::to_string(uniform(1, 500))).walltime(uniform(0, 6000)).running(now - uniform(0, 5000));
    job.tasks = static_cast<std::int64_t>(width);
    for (std::size_t k = 0; k < width; ++k) {
      const std::size_t n = order[taken + k];
      job.allocated_nodes.push_back(nodes[n].name);
      if (uniform(0, 1)) job.allocated_tasks.push_back(1);
      job.allocated_node_hint.push_back(n);
    }
    if (uniform(0, 2) == 0) job.allocated_node_hint.clear();  // found by name then
    if (job.allocated_tasks.size() != width) job.allocated_tasks.clear();
    taken += width;
    jobs.push_back(std::move(job));
  }
  // Now and then a queued job's walltime ends it just when a running job ends: the reservation's
  // start, which a backfill may reach but not pass.
  std::vector<Seconds> remaining;
  for (const auto& j : jobs) remaining.push_back(*j.start_time + j.walltime - now);
  const std::int64_t queued = uniform(0, 8);
  for (std::int64_t q = 0; q < queued; ++q) {
    Seconds walltime = uniform(0, 8000);
    if (!remaining.empty() && uniform(0, 2) == 0)
      walltime = std::max<Seconds>(
          0, remaining[static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(remaining.size()) - 1))] +
                 uniform(-1, 1));
    Job job = J(std::to_string(uniform(1, 500)))
                  .tasks(uniform(1, static_cast<std::int64_t>(n_nodes) + 1))
                  .walltime(walltime)
                  .submit(now - 60 * uniform(0, 20) - uniform(0, 1) * 30);
    // The queue time an engine kept for it (JOBPRIOACCRUALPOLICY QUEUEPOLICY / FULLPOLICY):
    // mostly all of its wait or more, now and then less (it was held for a while).
    if (uniform(0, 3) == 0) job.sched.queue_time_accrued = now - job.submit_time + uniform(0, 600);
    if (uniform(0, 40) == 0)
      job.sched.queue_time_accrued = std::max<Seconds>(0, now - job.submit_time - uniform(1, 600));
    jobs.push_back(std::move(job));
  }
  if (uniform(0, 4) == 0) jobs.push_back(J("999").state(JobState::Completed));
  std::shuffle(jobs.begin(), jobs.end(), rng);
  return snapshot_of(now, std::move(nodes), std::move(jobs));
}

TEST(EasyFastPath, DecidesAsTheGeneralIterationOnRandomSnapshots) {
  std::mt19937_64 rng(20261123);
  std::int64_t reserved = 0, backfilled = 0, cancelled = 0, bypassed = 0, reversed = 0, accruing = 0, handed_back = 0;
  for (int c = 0; c < kSnapshots; ++c) {
    const std::string config = random_policy(rng);
    TestPolicy p = compile_policy(config);
    const ClusterSnapshot snap = random_snapshot(rng);
    SCOPED_TRACE(fmt::format("case {}:\n{}", c, config));
    ASSERT_EQ(EasyFastPath::refusal(*p.dir, snap.nodes), "");
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &snap;
    EasyFastPath fast(*p.dir, snap.nodes);
    const std::optional<IterationResult> decided = fast.iterate(in);
    const IterationResult general = schedule_iteration(in);
    // Handed back exactly when some queued job accrued less than it waited (not under ALWAYS).
    const AccrualPolicy accrual = p.dir->priority_plan().accrual;
    const bool accrued_less = std::any_of(snap.jobs.begin(), snap.jobs.end(), [&](const Job& j) {
      return j.is_queued() &&
             effective_queue_time(j, accrual, snap.now) < effective_queue_time(j, AccrualPolicy::Always, snap.now);
    });
    ASSERT_EQ(decided.has_value(), !accrued_less);
    if (!decided) {
      ++handed_back;
      continue;
    }
    expect_identical(general, *decided);
    if (accrual != AccrualPolicy::Always) {
      EXPECT_TRUE(decided->queue.ranked.empty());
      expect_same_judgement(general.queue.eligibility, decided->queue.eligibility);
      // The same without the iteration, as the cycle asks for one it skips.
      const std::optional<EligibilityReport> judged = fast.queue_judgement(snap);
      ASSERT_TRUE(judged.has_value());
      expect_same_judgement(general.queue.eligibility, *judged);
      accruing += !general.queue.ranked.empty();
    }
    if (HasFatalFailure() || HasNonfatalFailure()) return;
    reserved += !general.reservations.empty();
    backfilled += std::any_of(general.starts.begin(), general.starts.end(), [](const auto& s) { return s.backfill; });
    cancelled += !general.never_runnable.empty();
    bypassed += !general.bypassed.empty();
    reversed += config.find("LASTAVAILABLE") != std::string::npos && !general.starts.empty();
  }
  // The cases reached every kind of decision.
  EXPECT_GT(reserved, kSnapshots / 5) << reserved;
  EXPECT_GT(backfilled, kSnapshots / 20) << backfilled;
  EXPECT_GT(cancelled, kSnapshots / 20) << cancelled;
  EXPECT_GT(bypassed, kSnapshots / 20) << bypassed;
  EXPECT_GT(reversed, kSnapshots / 20) << reversed;
  EXPECT_GT(accruing, kSnapshots / 5) << accruing;
  EXPECT_GT(handed_back, kSnapshots / 200) << handed_back;
}

TEST(EasyFastPath, HandsBackWhatItDoesNotModel) {
  TestPolicy p = compile_policy(kEasy);
  const std::vector<Node> nodes = one_proc_nodes(4);
  EasyFastPath fast(*p.dir, nodes);
  auto decides = [&](std::vector<Job> jobs, bool explain = false) {
    const ClusterSnapshot snap = snapshot_of(1000, nodes, std::move(jobs));
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &snap;
    in.explain = explain;
    return fast.iterate(in).has_value();
  };
  EXPECT_TRUE(decides({J("1").tasks(2), running_on(J("2").tasks(2), 900, {"n01", "n02"})}));
  EXPECT_FALSE(decides({J("1").hold("user")}));
  EXPECT_FALSE(decides({J("1").depends_on("2"), J("2")}));
  EXPECT_FALSE(decides({J("1").nodes(1)}));
  EXPECT_FALSE(decides({J("1").procs_per_task(2)}));
  Job with_memory = J("1");
  with_memory.memory_per_task_mb = 100;
  EXPECT_FALSE(decides({with_memory}));
  Job with_priority = J("1");
  with_priority.sched.system_priority = SystemPriority{5, false};
  EXPECT_FALSE(decides({with_priority}));
  EXPECT_FALSE(decides({running_on(J("2"), 900, {"elsewhere"})}));
  EXPECT_FALSE(decides({running_on(J("2"), 900, {"n01"}), running_on(J("3"), 900, {"n01"})}));
  EXPECT_FALSE(decides({running_on(J("2").tasks(2), 900, {"n01"}, {2})}));
  EXPECT_FALSE(decides({J("1")}, /*explain=*/true));
  // Nor does it judge queue-time accrual where a queued job is such: the cycle evaluates the
  // queue then. Running jobs it does not model make no queued job ineligible: judged as the
  // general evaluation judges them.
  EXPECT_FALSE(fast.queue_judgement(snapshot_of(1000, nodes, {J("1").hold("user")})).has_value());
  EXPECT_FALSE(fast.queue_judgement(snapshot_of(1000, nodes, {J("1").procs_per_task(2)})).has_value());
  const ClusterSnapshot odd =
      snapshot_of(1000, nodes, {J("1"), J("3").tasks(9), running_on(J("2"), 900, {"elsewhere"})});
  const std::optional<EligibilityReport> judged = fast.queue_judgement(odd);
  ASSERT_TRUE(judged.has_value());
  expect_same_judgement(evaluate_queue(*p.dir, FairshareStanding{}, odd, /*admitted_use_active=*/false).eligibility,
                        *judged);
  const std::vector<Node> three = one_proc_nodes(3);  // not the nodes it was made for
  const ClusterSnapshot other = snapshot_of(1000, three, {J("1")});
  SchedulerInput in;
  in.dir = p.dir.get();
  in.snapshot = &other;
  EXPECT_FALSE(fast.iterate(in).has_value());
}

// Whole simulations of random traces, with and without the fast path: the same outcome for
// every job and the same runs on the same nodes.
TEST(EasyFastPath, SimulatesAsTheGeneralEngine) {
  std::mt19937_64 rng(11232026);
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  std::int64_t fast_iterations = 0, backfilled = 0;
  for (int c = 0; c < kSimulations; ++c) {
    const std::string config = random_policy(rng);
    TestPolicy p = compile_policy(config);
    const auto n_nodes = static_cast<std::size_t>(uniform(2, 16));
    std::vector<TraceJob> jobs;
    Epoch submit = 0;
    for (int j = 0; j < 60; ++j) {
      submit += uniform(0, 3) == 0 ? 0 : uniform(1, 900);
      const Seconds requested = uniform(1, 7200);
      jobs.push_back(trace_job(uniform(1, 100000), submit, uniform(0, requested + 600), requested,
                               uniform(1, static_cast<std::int64_t>(n_nodes) + (uniform(0, 30) == 0 ? 3 : 0))));
    }
    const Trace trace = trace_of(jobs);
    SCOPED_TRACE(fmt::format("case {} on {} nodes:\n{}", c, n_nodes, config));
    auto run = [&](bool fast_path) {
      RunLog log;
      SimulationOptions options;
      options.fast_path = fast_path;
      options.on_run = [&](const RunEvent& e) { EXPECT_TRUE(log.record(e)); };
      SimulationResult result = simulate(*p.dir, trace, one_proc_nodes(n_nodes), options);
      std::ostringstream csv;
      write_runs_csv(csv, log.runs(), result.jobs);
      return std::pair{std::move(result), csv.str()};
    };
    const auto [general, general_runs] = run(false);
    const auto [fast, fast_runs] = run(true);
    EXPECT_EQ(general.fast_path_iterations, 0);
    EXPECT_EQ(fast.fast_path_iterations, fast.iterations);
    EXPECT_EQ(fast.iterations, general.iterations);
    EXPECT_EQ(fast_runs, general_runs);
    ASSERT_EQ(fast.jobs.size(), general.jobs.size());
    for (std::size_t j = 0; j < general.jobs.size(); ++j) {
      EXPECT_EQ(fast.jobs[j].start, general.jobs[j].start) << "job " << general.jobs[j].number;
      EXPECT_EQ(fast.jobs[j].end, general.jobs[j].end) << "job " << general.jobs[j].number;
      EXPECT_EQ(fast.jobs[j].backfilled, general.jobs[j].backfilled) << "job " << general.jobs[j].number;
      EXPECT_EQ(fast.jobs[j].reason, general.jobs[j].reason) << "job " << general.jobs[j].number;
      backfilled += general.jobs[j].backfilled;
    }
    EXPECT_EQ(fast.warnings, general.warnings);
    if (HasFailure()) return;
    fast_iterations += fast.fast_path_iterations;
  }
  EXPECT_GT(fast_iterations, 20 * kSimulations) << fast_iterations;
  EXPECT_GT(backfilled, kSimulations) << backfilled;
}

// A policy it refuses runs every iteration through the general engine.
TEST(EasyFastPath, RefusedPoliciesRunTheGeneralEngine) {
  TestPolicy p = compile_policy(lines({kEasy, "RESERVATIONDEPTH 2\n"}));
  const Trace trace =
      trace_of({trace_job(1, 0, 100, 100, 2), trace_job(2, 10, 100, 100, 2), trace_job(3, 20, 50, 50, 1)});
  const SimulationResult r = simulate(*p.dir, trace, one_proc_nodes(2));
  EXPECT_GT(r.iterations, 0);
  EXPECT_EQ(r.fast_path_iterations, 0);
  TestPolicy easy = compile_policy(kEasy);
  EXPECT_EQ(simulate(*easy.dir, trace, one_proc_nodes(2)).fast_path_iterations,
            simulate(*easy.dir, trace, one_proc_nodes(2)).iterations);
  std::vector<Node> two_procs = {make_node("n01", 2)};
  EXPECT_EQ(simulate(*easy.dir, trace, two_procs).fast_path_iterations, 0);
}

}  // namespace
}  // namespace maui::runtime::testing
