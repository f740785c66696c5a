// One iteration on a given snapshot (runtime/rm/sim/snapshot_iteration.h, `mauirun schedule`):
// the simulated cluster a snapshot shows holds what its running jobs run on, and at every
// iteration of a simulation, the simulator's snapshot written as JOBS.json, read back and given
// to iterate_snapshot decides what the simulation's own iteration decided: the same starts on the
// same nodes, the same reservations, the same jobs never runnable.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "runtime/io/jobs_json.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/simulated_cluster.h"
#include "runtime/rm/sim/simulated_nodes.h"
#include "runtime/rm/sim/snapshot_iteration.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

// n1 and n2 have 2 procs each. Job r runs 3 tasks on both, its tasks not listed (so 2 on n1 and
// 1 on n2, as the engine spreads them), and ends by its end_time; job c has completed.
TEST(SnapshotIteration, TheClusterHoldsWhatItsRunningJobsRunOn) {
  Job r = running_on(J("r").tasks(3), 100, {"n1", "n2"});
  r.end_time = 400;
  Job c = J("c").state(JobState::Completed);
  SimulatedCluster rm(snapshot_of(200, {make_node("n1", 2), make_node("n2", 2)}, {r, J("q").tasks(2), c}));
  EXPECT_EQ(rm.state().now, 200);
  EXPECT_EQ(rm.next_end(), 400);
  RmStatus full = rm.start_job("q", std::vector<std::string>{"n2"}, std::vector<std::int64_t>{2});
  EXPECT_FALSE(full.ok);
  EXPECT_EQ(full.error.message,
            "job q: node n2 cannot take 2 task(s) of 1 proc(s), 0 MB memory: 1 of its 2 procs and 0 of its 0 MB memory "
            "are in use");
  EXPECT_FALSE(rm.start_job("q", std::vector<std::string>{"n1", "n2"}, std::vector<std::int64_t>{1, 1}).ok);
  EXPECT_FALSE(rm.start_job("c", std::vector<std::string>{"n2"}, std::vector<std::int64_t>{1}).ok);

  // When r ends, its procs come back.
  rm.state().now = 400;
  EXPECT_EQ(rm.finish_due(), 1u);
  EXPECT_TRUE(rm.start_job("q", std::vector<std::string>{"n2"}, std::vector<std::int64_t>{2}).ok);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Compared {
  std::int64_t iterations = 0, starts = 0, backfills = 0, reservations = 0;
};

// The simulator's loop (runtime/rm/sim/simulator.cc) on the trace; before each iteration the
// simulator's snapshot goes through JOBS.json into iterate_snapshot, whose decisions are
// compared with the iteration's. Ends when nothing is left to submit and nothing runs.
Compared compare_every_iteration(const CredentialDirectory& dir, const Trace& trace, SimulatedNodes simulated) {
  EXPECT_FALSE(simulated.error) << message_of(simulated.error);
  std::vector<Node> nodes = std::move(simulated.nodes);
  const Seconds utc_offset = trace.time_zone.value_or(0);
  SimulatedCluster cluster(std::move(nodes), trace.unix_start_time.value_or(0));
  CycleOptions options;
  options.utc_offset = utc_offset;
  SchedulingCycle cycle(dir, options, cluster.state().nodes);
  std::size_t next = 0;
  std::vector<RmEvent> events;
  Compared out;
  if (!trace.jobs.empty()) cluster.state().now = cluster.origin() + trace.jobs[0].submit;
  for (;;) {
    Epoch t = std::min(cycle.next_wakeup(), cluster.next_end());
    if (next < trace.jobs.size()) t = std::min(t, cluster.origin() + trace.jobs[next].submit);
    const auto& jobs = cluster.state().jobs;
    if (t == kEndOfTime || (next == trace.jobs.size() &&
                            std::none_of(jobs.begin(), jobs.end(), [](const Job& j) { return j.is_active(); })))
      break;
    events.clear();
    cluster.wait(t, events);
    cycle.advance_to(cluster, t);
    cycle.note(events);
    cluster.forget_completed();
    while (next < trace.jobs.size() && cluster.origin() + trace.jobs[next].submit <= t) {
      cluster.submit(trace.jobs[next++]);
      cluster.state().jobs.back().qos = dir.default_qos(cluster.state().jobs.back());
    }
    const ClusterSnapshot before = cluster.state();
    const IterationReport& report = cycle.iterate(cluster);
    if (!report.ran) continue;  // skipped: it could start nothing

    const std::string text = jobs_json_text(before);
    JobsFile file = parse_jobs_json("JOBS.json", text);
    EXPECT_TRUE(file.errors.empty()) << to_text(file.errors.front());
    SnapshotIterationOptions options;
    options.utc_offset = utc_offset;
    const SnapshotIteration it = iterate_snapshot(dir, std::move(file.snapshot), options);
    IterationResult simulated = report.result, given = it.report.result;
    simulated.reservations = cycle.reservations();
    given.reservations = it.reservations;
    expect_same_decisions(simulated, before, given, it.cluster);
    EXPECT_EQ(given.never_runnable.size(), simulated.never_runnable.size()) << "at " << before.now;
    for (std::size_t k = 0; k < std::min(given.never_runnable.size(), simulated.never_runnable.size()); ++k)
      EXPECT_EQ(it.cluster.jobs[given.never_runnable[k].job].id, before.jobs[simulated.never_runnable[k].job].id);
    EXPECT_TRUE(it.warnings.empty()) << to_text(it.warnings.front());
    ++out.iterations;
    out.starts += static_cast<std::int64_t>(simulated.starts.size());
    for (const auto& s : simulated.starts) out.backfills += s.backfill;
    for (const auto& r : simulated.reservations) out.reservations += r.kind == ReservationKind::Job;
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "the snapshot:\n" << text;
      break;
    }
  }
  return out;
}

Trace kth(std::int64_t jobs) {
  TraceReadOptions opt;
  opt.limit_jobs = jobs;
  TraceReadResult read = read_swf(MAUI_SOURCE_DIR "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz", opt);
  EXPECT_FALSE(read.error) << message_of(read.error);
  return read.trace;
}

// The site example (QOS, limits, XFACTOR, a business-hours standing reservation, MINRESOURCE on
// its 100 NODECFG nodes) without fairshare: a snapshot carries no fairshare windows.
TEST(SnapshotIteration, DecidesAsEveryIterationOfASimulationOfTheSite) {
  std::string config = file_text(MAUI_SOURCE_DIR "/examples/site.cfg");
  const std::string fs = "FSPOLICY              DEDICATEDPS";
  ASSERT_NE(config.find(fs), std::string::npos);
  config.replace(config.find(fs), fs.size(), "FSPOLICY              NONE");
  auto unit = checker::check_text("site.cfg", config);
  for (const auto& d : unit->diagnostics.diagnostics()) ASSERT_NE(d.severity, Severity::Error) << d.message;
  CredentialDirectory dir(unit->policy);
  const Compared c = compare_every_iteration(dir, kth(600), simulated_nodes(unit->policy, {}));
  EXPECT_GT(c.iterations, 400);
  EXPECT_GT(c.starts, 550);
  EXPECT_GT(c.backfills, 100);
  EXPECT_GT(c.reservations, 400);
}

// EASY on one-proc nodes: the fast path decides in the simulation and in iterate_snapshot alike.
TEST(SnapshotIteration, DecidesAsEveryIterationOfAnEasySimulation) {
  auto unit = checker::check_text("easy.cfg", file_text(MAUI_SOURCE_DIR "/examples/easy.cfg"));
  CredentialDirectory dir(unit->policy);
  const Compared c = compare_every_iteration(dir, kth(600), simulated_nodes(unit->policy, {100, 1}));
  EXPECT_GT(c.iterations, 400);
  EXPECT_GT(c.starts, 550);
  EXPECT_GT(c.backfills, 100);
}

}  // namespace
}  // namespace maui::runtime::testing
