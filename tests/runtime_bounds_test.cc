// Inputs at schemas/ir.h's bounds through the whole engine: a trace with the largest times and
// processor counts read_swf accepts, replayed under an EASY, a conservative and a site policy
// (fairshare, limits, QOS, XFACTOR, a standing reservation) on nodes of the largest size a
// config accepts; and a snapshot with the largest values JOBS.json accepts, scheduled. In the
// sanitizer build (CI) a signed overflow anywhere aborts the test; here the schedules are
// checked as well.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/engine/scheduler.h"
#include "runtime/io/jobs_json.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/simulator.h"
#include "schemas/ir.h"
#include "tests/runtime_support.h"

namespace maui::runtime {
namespace {

using testing::compile_policy;
using testing::TestPolicy;

constexpr const char* kEasy = "SERVERHOST h\nQUEUETIMEWEIGHT 1\nBACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n";
constexpr const char* kConservative =
    "SERVERHOST h\nQUEUETIMEWEIGHT 1\nBACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 100\n";
// Every priority component, fairshare, limits in every family and a standing reservation.
constexpr const char* kSite =
    "SERVERHOST h\nQUEUETIMEWEIGHT 10\nXFACTORWEIGHT 100\nRESWEIGHT 1\nPROCWEIGHT 1\nMEMWEIGHT 1\n"
    "PSWEIGHT 1\nPEWEIGHT 1\nWALLTIMEWEIGHT 1\nBYPASSWEIGHT 1\nFSWEIGHT 1\nFSUSERWEIGHT 10\nFSPOLICY DEDICATEDPS\n"
    "FSDEPTH 7\nFSINTERVAL 24:00:00\nFSDECAY 0.8\nUSERCFG[DEFAULT] MAXJOB=8 MAXPROC=2000000000 FSTARGET=5\n"
    "QOSCFG[urgent] PRIORITY=2000\nUSERCFG[u1] QDEF=urgent\nRESERVATIONDEPTH 2\n"
    "NODEALLOCATIONPOLICY MINRESOURCE\n"
    "SRCFG[short] PERIOD=DAY STARTTIME=08:00:00 ENDTIME=18:00:00 HOSTLIST=n1 TIMELIMIT=01:00:00\n"
    "NODECFG[n1] RESOURCES=PROCS:1000000000;MEM:1000000000000\n"
    "NODECFG[n2] RESOURCES=PROCS:1000000000;MEM:1000000000000\n"
    "NODECFG[n3] RESOURCES=PROCS:1000000000;MEM:1000000000000\n";

// Whole-cluster jobs for the longest time, small ones around them, the last submitted as late
// as a trace may: times add up to 4 x 10^12 s past an origin of 10^12 s.
constexpr const char* kTrace =
    "; UnixStartTime: 1000000000000\n"
    "; TimeZone: 86400\n"
    "1 0 0 1000000000000 1000000000 -1 -1 1000000000 1000000000000 -1 1 1 1 1 1 -1 -1 -1\n"
    "2 1 0 1000000000000 2000000000 -1 -1 4 1000000000000 -1 1 2 1 1 1 -1 -1 -1\n"
    "3 2 0 5 3 -1 -1 3 10 -1 1 3 1 1 1 -1 -1 -1\n"
    "4 1000000000000 0 1000000000000 1000000000 -1 -1 4 1000000000000 -1 1 1 1 1 1 -1 -1 -1\n"
    "5 1000000000000 0 1 3000000000 -1 -1 4 -1 -1 1 2 1 1 1 -1 -1 -1\n";

TEST(InputBounds, TheLargestTraceIsReplayedUnderEveryPolicy) {
  const Trace trace = parse_swf(kTrace, "bounds.swf");
  // Jobs 2 and 5 ask for more procs than a trace may hold.
  ASSERT_EQ(trace.problems.size(), 2u);
  ASSERT_EQ(trace.jobs.size(), 3u);
  for (const char* config : {kEasy, kConservative, kSite}) {
    SCOPED_TRACE(config);
    TestPolicy p = compile_policy(config);
    SimulatedNodes cluster = simulated_nodes(p.policy(), {p.policy().nodes.empty() ? 3 : 0, ir::kMaxProcs});
    std::vector<Node>& nodes = cluster.nodes;
    ASSERT_EQ(nodes.size(), 3u) << message_of(cluster.error);
    const SimulationResult r = simulate(*p.dir, trace, nodes);
    ASSERT_EQ(r.jobs.size(), 3u);
    for (const JobOutcome& j : r.jobs) {
      ASSERT_TRUE(j.start) << "job " << j.number << ": " << j.reason;
      EXPECT_GE(*j.start, j.submit) << j.number;
    }
    // Job 1 holds 10^9 of the 3 x 10^9 procs for 10^12 s; job 3 fits beside it at once.
    EXPECT_EQ(r.jobs[0].start, Epoch{0});
    EXPECT_EQ(r.jobs[0].end, ir::kMaxSeconds);
    EXPECT_EQ(r.jobs[1].start, Epoch{2});
    EXPECT_EQ(r.jobs[2].start, ir::kMaxSeconds);
    EXPECT_EQ(r.jobs[2].end, 2 * ir::kMaxSeconds);
    EXPECT_TRUE(std::isfinite(r.metrics.utilization));
    EXPECT_GT(r.metrics.utilization, 0.0);
    EXPECT_LE(r.metrics.utilization, 1.0);
    EXPECT_EQ(r.metrics.makespan, 2 * ir::kMaxSeconds);
  }
}

// A job whose numbers pass the bounds is never replayed, whichever way the trace was built
// (read_swf refuses it; a trace built in code is checked by the simulator itself).
TEST(InputBounds, TheSimulatorDoesNotReplayJobsBeyondTheBounds) {
  TestPolicy p = compile_policy(kEasy);
  Trace trace;
  TraceJob ok;
  ok.number = 1, ok.run = 10, ok.requested = 10, ok.procs = 1;
  TraceJob late = ok, wide = ok, long_run = ok;
  late.number = 2, late.submit = ir::kMaxSeconds + 1;
  wide.number = 3, wide.procs = ir::kMaxProcs + 1;
  long_run.number = 4, long_run.run = long_run.requested = std::numeric_limits<Seconds>::max();
  trace.jobs = {ok, late, wide, long_run};
  trace.unix_start_time = std::numeric_limits<Epoch>::max();
  const SimulationResult r = simulate(*p.dir, trace, {testing::make_node("n1", 1)});
  ASSERT_EQ(r.jobs.size(), 4u);
  EXPECT_EQ(r.jobs[0].start, Epoch{0});
  for (std::size_t k = 1; k < 4; ++k) {
    EXPECT_EQ(r.jobs[k].number, static_cast<std::int64_t>(k + 1));
    EXPECT_FALSE(r.jobs[k].start);
    EXPECT_NE(r.jobs[k].reason.find("not replayed"), std::string::npos) << r.jobs[k].reason;
  }
  EXPECT_EQ(r.metrics.never_started, 3);
}

TEST(InputBounds, TheLargestSnapshotIsScheduled) {
  const JobsFile file = parse_jobs_json("bounds.json", R"({"now": 1000000000000,
    "nodes": [{"name": "n1", "procs": 1000000000, "memory": 1000000000000},
              {"name": "n2", "procs": 1000000000, "memory": 1000000000000},
              {"name": "n3", "procs": 1000000000, "memory": 1000000000000}],
    "jobs": [
      {"id": "1", "user": "u1", "walltime": 1000000000000, "submit_time": -1000000000000, "state": "Running",
       "start_time": -1000000000000, "allocated_nodes": ["n1"], "tasks": 1000000000, "utilized_procs": 1000000000},
      {"id": "2", "user": "u2", "walltime": 1000000000000, "submit_time": -1000000000000, "tasks": 1000,
       "procs_per_task": 1000000, "memory_per_task": 1000000000, "nodes": 1000000,
       "bypass_count": 1000000000000, "queue_time_accrued": 1000000000000},
      {"id": "3", "user": "u1", "walltime": 1, "submit_time": 1000000000000, "procs": 1000000000},
      {"id": "4", "user": "u3", "walltime": 1000000000000, "submit_time": 0, "procs": 1}]})");
  ASSERT_TRUE(file.errors.empty()) << to_text(file.errors.front());
  for (const char* config : {kEasy, kConservative, kSite}) {
    SCOPED_TRACE(config);
    TestPolicy p = compile_policy(config);
    SchedulerInput in;
    in.dir = p.dir.get();
    in.snapshot = &file.snapshot;
    in.explain = true;
    const IterationResult r = schedule_iteration(in);
    std::vector<std::string> started;
    for (const auto& s : r.starts) {
      started.push_back(file.snapshot.jobs[s.job].id);
      for (const auto& nt : s.nodes) EXPECT_NE(file.snapshot.nodes[nt.node].name, "n1");  // job 1's
    }
    // Job 2 asks for 10^9 procs as 1,000 tasks on up to 10^6 nodes, i.e. one task per node:
    // three nodes can never hold it. Jobs 4 and 3 take the two idle nodes, in priority order.
    EXPECT_EQ(started, (std::vector<std::string>{"4", "3"}));
    ASSERT_EQ(r.never_runnable.size(), 1u);
    EXPECT_EQ(file.snapshot.jobs[r.never_runnable[0].job].id, "2");
  }
}

}  // namespace
}  // namespace maui::runtime
