// The live report of mauirun serve (runtime/report/live_report.h) fed three turns by hand, on
// nodes n1 and n2 of 2 procs each; the report's second 0 is the oldest submission the first
// turn sees (job 7's, epoch 980):
//
//   turn 1 (1000): job 7 (u1, 2 procs, submitted 980) runs on n2 since 990; job 8 (u2, 4 procs,
//                  submitted 995) waits.
//   turn 2 (1100): job 7 completed at 1050; job 8 runs on n1 and n2 since 1060; job 9 (u1,
//                  submitted 1080) waits.
//   turn 3 (1200): job 7 is no longer listed (Slurm's MinJobAge), job 9 neither (cancelled while
//                  it waited); job 8 runs on.
//
// So, in the report's seconds: job 7 (submitted 0) waited 10 s and ran [10, 70) on n2; job 8
// (submitted 15) waited 65 s and runs [80, 220) so far on n1-n2; job 9 (submitted 100) never
// started. Average wait (10 + 65) / 2 = 37.5 s.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "runtime/report/live_report.h"

namespace maui::runtime {
namespace {

Job job(std::string id, std::string user, std::int64_t tasks, Epoch submit) {
  Job j;
  j.id = std::move(id);
  j.user = std::move(user);
  j.group = "staff";
  j.tasks = tasks;
  j.walltime = 3600;
  j.submit_time = submit;
  return j;
}

Job running(Job j, Epoch start, std::vector<std::string> nodes) {
  j.state = JobState::Running;
  j.start_time = start;
  j.allocated_nodes = std::move(nodes);
  return j;
}

struct Turns {
  std::unique_ptr<Compilation> config = checker::check_file(MAUI_SOURCE_DIR "/examples/easy.cfg");
  std::shared_ptr<const ir::Policy> policy{std::shared_ptr<const ir::Policy>(), &config->policy};
  FairshareHistory fairshare;

  ClusterSnapshot at(Epoch now, std::vector<Job> jobs) const {
    ClusterSnapshot s;
    s.now = now;
    for (const char* name : {"n1", "n2"}) {
      Node n;
      n.name = name;
      n.procs = 2;
      s.nodes.push_back(n);
    }
    s.jobs = std::move(jobs);
    return s;
  }

  void run(LiveReport& live) const {
    live.observe(policy, at(1000, {running(job("7", "u1", 2, 980), 990, {"n2"}), job("8", "u2", 4, 995)}), {},
                 fairshare);
    Job seven = running(job("7", "u1", 2, 980), 990, {"n2"});
    seven.state = JobState::Completed;
    seven.end_time = 1050;
    live.observe(policy,
                 at(1100, {seven, running(job("8", "u2", 4, 995), 1060, {"n1", "n2"}), job("9", "u1", 2, 1080)}), {},
                 fairshare);
    live.observe(policy, at(1200, {running(job("8", "u2", 4, 995), 1060, {"n1", "n2"})}), {}, fairshare);
  }
};

TEST(LiveReport, JobsRunsAndWaitsOfThreeTurnsWorkedByHand) {
  LiveReport live;
  EXPECT_EQ(live.version(), 0u);
  Turns().run(live);
  EXPECT_EQ(live.version(), 3u);
  const ReportData d = live.data("site.cfg", 3600, nullptr);
  EXPECT_EQ(d.origin, 980);
  EXPECT_EQ(d.utc_offset, 3600);
  ASSERT_EQ(d.sides.size(), 1u);
  const ReportSide& s = d.sides[0];
  EXPECT_EQ(s.config, "site.cfg");
  EXPECT_EQ(s.iterations, 3);
  EXPECT_EQ(s.nodes, (std::vector<std::string>{"n1", "n2"}));
  ASSERT_EQ(s.jobs.size(), 3u);
  EXPECT_EQ(s.jobs[0].number, 7);
  EXPECT_EQ(s.jobs[0].submit, 0);
  EXPECT_EQ(s.jobs[0].start, 10);
  EXPECT_EQ(s.jobs[0].end, 70);  // its end as Slurm said, not when it left the list
  EXPECT_EQ(s.jobs[1].number, 8);
  EXPECT_EQ(s.jobs[1].submit, 15);
  EXPECT_EQ(s.jobs[1].start, 80);
  EXPECT_EQ(s.jobs[1].end, 220);  // running: up to the last turn
  EXPECT_EQ(s.jobs[1].procs, 4);
  EXPECT_EQ(s.jobs[2].number, 9);
  EXPECT_EQ(s.jobs[2].submit, 100);
  EXPECT_FALSE(s.jobs[2].start.has_value());
  EXPECT_EQ(s.jobs[2].reason, "left Slurm's queue before it started");
  // One rectangle each: job 7 on n2 (row 1), job 8 on n1-n2 (rows 0-1).
  ASSERT_EQ(s.blocks.size(), 2u);
  EXPECT_EQ(s.blocks[0].job, 0);
  EXPECT_EQ(s.blocks[0].node, 1);
  EXPECT_EQ(s.blocks[0].nodes, 1);
  EXPECT_EQ(s.blocks[0].start, 10);
  EXPECT_EQ(s.blocks[0].end, 70);
  EXPECT_EQ(s.blocks[1].job, 1);
  EXPECT_EQ(s.blocks[1].node, 0);
  EXPECT_EQ(s.blocks[1].nodes, 2);
  EXPECT_EQ(s.blocks[1].start, 80);
  EXPECT_EQ(s.blocks[1].end, 220);
  EXPECT_EQ(s.metrics.machine_procs, 4);
  EXPECT_EQ(s.metrics.started, 2);
  EXPECT_EQ(s.metrics.never_started, 1);
  EXPECT_DOUBLE_EQ(s.metrics.average_wait, 37.5);
}

// Backfill is the scheduler's word, not Slurm's: the turn that starts a job says whether it
// backfilled it, and the latest start decision of a job counts.
TEST(LiveReport, StartsByBackfillAreCountedAsTheTurnsSayThem) {
  Turns t;
  LiveReport live;
  live.observe(
      t.policy,
      t.at(1000, {running(job("7", "u1", 2, 990), 1000, {"n1"}), running(job("8", "u2", 2, 995), 1000, {"n2"})}), {},
      t.fairshare, {{"7", true}, {"8", false}});
  ReportSide s = live.data("site.cfg", 0, nullptr).sides[0];
  ASSERT_EQ(s.jobs.size(), 2u);
  EXPECT_TRUE(s.jobs[0].backfilled);
  EXPECT_FALSE(s.jobs[1].backfilled);
  EXPECT_EQ(s.metrics.backfilled, 1);
  // Job 7 requeued, then started again in priority order.
  live.observe(t.policy, t.at(1010, {job("7", "u1", 2, 990), running(job("8", "u2", 2, 995), 1000, {"n2"})}), {},
               t.fairshare);
  live.observe(
      t.policy,
      t.at(1020, {running(job("7", "u1", 2, 990), 1020, {"n1"}), running(job("8", "u2", 2, 995), 1000, {"n2"})}), {},
      t.fairshare, {{"7", false}});
  s = live.data("site.cfg", 0, nullptr).sides[0];
  EXPECT_FALSE(s.jobs[0].backfilled);
  EXPECT_EQ(s.metrics.backfilled, 0);
}

TEST(LiveReport, AJobRequeuedClosesItsRunAndWaitsAgain) {
  Turns t;
  LiveReport live;
  live.observe(t.policy, t.at(1000, {running(job("8", "u2", 4, 995), 1000, {"n1", "n2"})}), {}, t.fairshare);
  live.observe(t.policy, t.at(1030, {job("8", "u2", 4, 995)}), {}, t.fairshare);  // requeued
  const ReportSide s = live.data("site.cfg", 0, nullptr).sides[0];
  ASSERT_EQ(s.jobs.size(), 1u);
  EXPECT_FALSE(s.jobs[0].start.has_value());
  EXPECT_EQ(s.jobs[0].reason, "waiting in the queue");
  ASSERT_EQ(s.blocks.size(), 1u);  // the run it had, [5, 35) from its submission at 995
  EXPECT_EQ(s.blocks[0].start, 5);
  EXPECT_EQ(s.blocks[0].end, 35);
}

// A start is first seen when serve asks it of Slurm (Starting, at the time asked: 1000), then
// ended at Slurm's own start and end (1002 to 1008, its allocation no longer listed), and listed
// so for one more turn. That is one run, moved to 1002: from the oldest submission (980) the
// block is [22, 28) on n1, and with job 8 on n2 the 4 procs are never more than all busy.
TEST(LiveReport, ARunFirstSeenAsAskedTakesSlurmsStartAndIsCountedOnce) {
  Turns t;
  LiveReport live;
  const Job eight = running(job("8", "u2", 2, 980), 990, {"n2"});
  Job seven = running(job("7", "u1", 2, 985), 1000, {"n1"});
  seven.state = JobState::Starting;
  live.observe(t.policy, t.at(1000, {seven, eight}), {}, t.fairshare);
  seven.state = JobState::Completed;
  seven.start_time = 1002;
  seven.end_time = 1008;
  seven.allocated_nodes.clear();
  live.observe(t.policy, t.at(1010, {seven, eight}), {}, t.fairshare);
  live.observe(t.policy, t.at(1020, {seven, eight}), {}, t.fairshare);
  const ReportSide s = live.data("site.cfg", 0, nullptr).sides[0];
  ASSERT_EQ(s.jobs.size(), 2u);
  EXPECT_EQ(s.jobs[0].number, 7);
  EXPECT_EQ(s.jobs[0].start, 22);
  EXPECT_EQ(s.jobs[0].end, 28);
  ASSERT_EQ(s.blocks.size(), 2u);
  EXPECT_EQ(s.blocks[0].job, 0);
  EXPECT_EQ(s.blocks[0].node, 0);
  EXPECT_EQ(s.blocks[0].start, 22);
  EXPECT_EQ(s.blocks[0].end, 28);
  ASSERT_FALSE(s.utilization.values.empty());
  for (double u : s.utilization.values) EXPECT_LE(u, 1.0 + 1e-9);
  EXPECT_GT(*std::max_element(s.utilization.values.begin(), s.utilization.values.end()), 0.99);  // both ran
}

// A window of 100 s, looked at every 50 s: at the third turn (1200) job 7, gone from Slurm and
// ended at 1050, is older than the window (1100) and forgotten with its run; job 9 left at 1200
// and stays.
TEST(LiveReport, JobsThatEndedBeforeTheWindowAreForgotten) {
  LiveReport live({100, 50, 20});
  Turns().run(live);
  const ReportSide s = live.data("site.cfg", 0, nullptr).sides[0];
  ASSERT_EQ(s.jobs.size(), 2u);
  EXPECT_EQ(s.jobs[0].number, 8);
  EXPECT_EQ(s.jobs[1].number, 9);
  ASSERT_EQ(s.blocks.size(), 1u);
  EXPECT_EQ(s.blocks[0].job, 0);
  EXPECT_EQ(s.blocks[0].start, 80);
}

TEST(LiveReport, BeforeTheFirstTurnItSaysSo) {
  const ReportData d = LiveReport().data("site.cfg", 0, nullptr);
  ASSERT_EQ(d.sides.size(), 1u);
  EXPECT_TRUE(d.sides[0].jobs.empty());
  ASSERT_EQ(d.sides[0].warnings.size(), 1u);
  EXPECT_EQ(d.sides[0].warnings[0].message, "the scheduler has not read Slurm yet");
  EXPECT_EQ(d.sides[0].warnings[0].line, 0);  // about no config line
}

}  // namespace
}  // namespace maui::runtime
