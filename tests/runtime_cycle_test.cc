// The scheduling cycle (runtime/cycle/scheduling_cycle.h): what it carries from one iteration to
// the next is kept by name, so that a live RM's fresh snapshots and a restart from the saved
// memory schedule as the simulator does; usage is charged up to each job's end; reservations
// follow their nodes by name when the nodes change.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "runtime/cycle/scheduling_cycle.h"
#include "runtime/io/swf.h"
#include "runtime/rm/sim/simulator.h"
#include "tests/live_view_support.h"
#include "tests/schedule_support.h"

namespace maui::runtime::testing {
namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The site example (fairshare, QOS, limits, a standing reservation, MINRESOURCE) on the first
// 1,500 KTH jobs, with the fairshare standing refreshed only every two hours (RMPOLLINTERVAL):
// between two refreshes the iterations use the standing of the last, so a restart must bring
// back that standing, not compute one from the windows as they are at the restart.
TEST(SchedulingCycle, ALiveViewAndRestartsScheduleTheSiteAsTheSimulator) {
  std::string config = file_text(MAUI_SOURCE_DIR "/examples/site.cfg");
  ASSERT_NE(config.find("RMPOLLINTERVAL        00:00:30"), std::string::npos);
  config.replace(config.find("RMPOLLINTERVAL        00:00:30"), 30, "RMPOLLINTERVAL        02:00:00");
  auto unit = checker::check_text("site.cfg", config);
  for (const auto& d : unit->diagnostics.diagnostics()) ASSERT_NE(d.severity, Severity::Error) << d.message;
  CredentialDirectory dir(unit->policy);
  TraceReadOptions opt;
  opt.limit_jobs = 1500;
  TraceReadResult read = read_swf(MAUI_SOURCE_DIR "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz", opt);
  ASSERT_FALSE(read.error) << message_of(read.error);
  const SimulatedNodes cluster = simulated_nodes(unit->policy, {});
  ASSERT_FALSE(cluster.error) << message_of(cluster.error);
  const std::vector<Node>& nodes = cluster.nodes;
  const SimulationResult sim = simulate(dir, read.trace, nodes);

  CycleOptions options;
  options.utc_offset = read.trace.time_zone.value_or(0);
  const Seconds quiet = 2 * 7 * kDay + 8 * kDay;  // FSDEPTH 7 of FSINTERVAL 24:00:00, and a day
  for (const int restart_every : {0, 7, 50}) {
    const LiveReplay live = replay_live(dir, read.trace, nodes, options, quiet, restart_every);
    ASSERT_EQ(live.outcomes.size(), sim.jobs.size());
    std::int64_t mismatches = 0, started = 0;
    for (std::size_t i = 0; i < sim.jobs.size(); ++i) {
      started += sim.jobs[i].start.has_value();
      if (sim.jobs[i].start == live.outcomes[i].start && sim.jobs[i].end == live.outcomes[i].end) continue;
      if (++mismatches <= 3)
        ADD_FAILURE() << "restarted every " << restart_every << " turns: job " << sim.jobs[i].number << " started "
                      << sim.jobs[i].start.value_or(-1) << " by the simulator, " << live.outcomes[i].start.value_or(-1)
                      << " through the live view";
    }
    EXPECT_EQ(mismatches, 0) << "restarted every " << restart_every << " turns";
    EXPECT_GT(started, 1400);
    if (restart_every > 0) {
      EXPECT_GT(live.restarts, 1500 / restart_every);
    }
  }
}

// A job that ended within the time accrued is charged up to its end, not to the end of the
// interval; a job that ended before it is not charged; one still running is charged throughout.
TEST(SchedulingCycle, UsageIsChargedUpToEachJobsEnd) {
  TestPolicy p = compile_policy("FSPOLICY DEDICATEDPS\nFSINTERVAL 24:00:00\nFSDEPTH 2\nFSWEIGHT 1\n");
  ClusterSnapshot s;
  s.now = 1000;
  Job ended = J("ended").user("a").tasks(2).running(0);
  ended.state = JobState::Completed;
  ended.end_time = 600;
  Job old = J("old").user("b").running(0);
  old.state = JobState::Completed;
  old.end_time = 100;
  s.jobs = {ended, old, J("runs").user("c").tasks(3).running(300)};
  FairshareHistory history;
  accrue_usage(history, p.dir->policy(), s, 200, 1000);
  const FairshareWindow* w = history.find(window_start(200, 86'400));
  ASSERT_NE(w, nullptr);
  auto usage_of = [&](const char* user) {
    auto it = w->usage.find(CredentialLess::Key{ir::CredKind::User, user});
    return it == w->usage.end() ? 0.0 : it->second;
  };
  EXPECT_EQ(usage_of("a"), 2.0 * (600 - 200));
  EXPECT_EQ(usage_of("b"), 0.0);
  EXPECT_EQ(usage_of("c"), 3.0 * (1000 - 300));
  EXPECT_EQ(w->total, 2.0 * 400 + 3.0 * 700);
}

// An RM that hands the cycle a snapshot it sets by hand, as a live RM reads one.
class HandRm final : public ResourceManager {
 public:
  ClusterSnapshot snapshot;
  std::vector<StartRequest> started;
  std::string name() const override { return "hand"; }
  RmCapabilities capabilities() const override {
    RmCapabilities c;
    c.live = true;
    return c;
  }
  Epoch wait(Epoch deadline, std::vector<RmEvent>&) override { return deadline; }
  RmStatus refresh() override { return {}; }
  ClusterSnapshot& cluster() override { return snapshot; }
  RmStatus start_job(StartRequest&& r) override {
    started.push_back(std::move(r));
    return {};
  }
  RmStatus hold_job(const std::string&, const std::string&) override { return {}; }
  RmStatus release_job(const std::string&) override { return {}; }
  RmStatus cancel_job(const std::string&, const std::string&) override { return {}; }
  RmStatus requeue_job(const std::string&) override { return {}; }
  RmStatus set_priority(const std::string&, std::int64_t) override { return {}; }
};

// A floating standing reservation keeps the nodes it had in the iteration before. When a live
// RM's node list changes between two iterations (a node leaves, the others move up), the
// reservation keeps the same nodes by name, not the same positions.
TEST(SchedulingCycle, AReservationKeepsItsNodesByNameWhenTheNodesChange) {
  TestPolicy p = compile_policy(
      "SRCFG[float] TASKCOUNT=2 PERIOD=INFINITY USERLIST=alice\n"
      "BACKFILLPOLICY FIRSTFIT\nRESERVATIONDEPTH 1\n");
  HandRm rm;
  rm.snapshot =
      snapshot_of(kMonday, {make_node("a", 1), make_node("b", 1), make_node("c", 1), make_node("d", 1)},
                  {running_on(J("busy").walltime(kHour), kMonday - 60, {"a"}), J("w").user("bob").submit(kMonday)});
  SchedulingCycle cycle(*p.dir, {});
  cycle.advance_to(rm, kMonday);
  cycle.iterate(rm);
  auto reserved = [&](const ClusterSnapshot& s) {
    std::set<std::string> names;
    for (const auto& r : cycle.reservations())
      if (r.kind == ReservationKind::Standing)
        for (const auto& nt : r.nodes) names.insert(s.nodes[nt.node].name);
    return names;
  };
  const std::set<std::string> first = reserved(rm.snapshot);
  ASSERT_EQ(first.size(), 2u);
  ASSERT_EQ(first.count("a"), 0u) << "node a is busy: the floating reservation takes free nodes";

  // Node a leaves; the RM lists the rest in another order.
  rm.snapshot = snapshot_of(kMonday + 60, {make_node("c", 1), make_node("d", 1), make_node("b", 1)},
                            {J("w").user("bob").submit(kMonday)});
  cycle.advance_to(rm, kMonday + 60);
  cycle.iterate(rm);
  EXPECT_EQ(reserved(rm.snapshot), first);
}

}  // namespace
}  // namespace maui::runtime::testing
