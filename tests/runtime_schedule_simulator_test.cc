// The iteration driven by the trace simulator (runtime/rm/sim/simulator.h): textbook EASY by hand
// and on the whole KTH trace (general engine and EASY fast path), repeated job numbers, fairshare
// accrual, skipped futile iterations, RESERVATIONPOLICY HIGHEST across iterations, jobs removed
// as never runnable, and a simulation that stops when nothing can ever start.
//
// Shared with the other scheduling-iteration tests: tests/schedule_fixtures.h (FCFS policies,
// kNow) and tests/schedule_support.h (one iteration, lookups in its result). Every expected start
// time below is worked out by hand in the comment next to it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/scheduler.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/simulator.h"
#include "tests/runtime_support.h"
#include "tests/schedule_fixtures.h"
#include "tests/schedule_support.h"

namespace maui::runtime {
namespace {

using namespace testing;

// ---------------------------------------------------------------------------------------------
// 9. EASY: FIRSTFIT with RESERVATIONDEPTH 1 and FCFS priority on identical one-proc nodes is
// textbook EASY (docs/reference/backfill-notes.md). The textbook algorithm, written here from
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
  std::vector<TraceJob> jobs{trace_job(1, 0, 50, 100, 6), trace_job(2, 0, 300, 300, 4), trace_job(3, 10, 10, 10, 8),
                             trace_job(4, 20, 1000, 1000, 2), trace_job(5, 50, 100, 100, 1)};
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
  ASSERT_FALSE(read.error) << message_of(read.error);
  ASSERT_EQ(read.trace.jobs.size(), static_cast<std::size_t>(kEasyJobs > 0 ? kEasyJobs : 28475));
  SimulatedNodes cluster = simulated_nodes(unit->policy, {100, 1});
  ASSERT_FALSE(cluster.error) << message_of(cluster.error);
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
                    << (sim.jobs[i].start ? std::to_string(*sim.jobs[i].start) : "never") << ", textbook EASY at "
                    << (easy[i] ? std::to_string(*easy[i]) : "never");
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
  const Trace trace =
      trace_of({trace_job(5, 0, 100, 100, 1), trace_job(6, 10, 50, 50, 1), trace_job(5, 20, 30, 30, 1)});
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
  ASSERT_FALSE(read.error) << message_of(read.error);
  SimulatedNodes cluster = simulated_nodes(unit->policy, {0, 1});
  ASSERT_FALSE(cluster.error) << message_of(cluster.error);
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
  TestPolicy p = fcfs(
      "RESERVATIONPOLICY HIGHEST\nRESERVATIONDEPTH 1\nQOSWEIGHT 1\nCREDWEIGHT 1\n"
      "QOSCFG[hi] PRIORITY=1000 QFLAGS=NORESERVATION\nUSERCFG[u2] QDEF=hi\n");
  const Trace trace = trace_of(
      {trace_job(1, 0, kHour, kHour, 2), trace_job(2, 100, kHour, kHour, 2), trace_job(3, 200, kHour, kHour, 2, "u2")});
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
  TestPolicy accrual = compile_policy(
      "QUEUETIMEWEIGHT 1\nXFACTORWEIGHT 0\nFSPOLICY NONE\n"
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
  TestPolicy p = fcfs(
      "SYSTEMMAXJOBWALLTIME 1:00:00\n"
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

}  // namespace
}  // namespace maui::runtime
