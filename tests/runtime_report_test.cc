// The what-if comparison (runtime/report/comparison.h) and the HTML report's data
// (runtime/report/report_recorder.h, report_html.h) on three jobs worked by hand
// (tests/report/three_jobs.swf on two one-proc nodes):
//
//   job 1: user u1, 2 procs, submitted at 0, runs 100 s;
//   job 2: user u1, 2 procs, submitted at 10, runs 100 s;
//   job 3: user u2, 1 proc, submitted at 20, runs 100 s.
//
// Under examples/easy.cfg (queue time alone) job 1 runs 0-100, job 2 (older) 100-200 on both
// nodes, job 3 200-300: waits 0, 90, 180. Under tests/report/favour_u2.cfg (u2 has PRIORITY
// 1000) job 3 goes first at 100 on one node, job 2 cannot start beside it and waits for 200:
// waits 0, 190, 80.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "llvm/Support/JSON.h"
#include "runtime/io/swf.h"
#include "runtime/report/comparison.h"
#include "runtime/report/report_html.h"
#include "runtime/report/report_recorder.h"
#include "runtime/report/simulation_summary.h"
#include "runtime/report/what_if.h"

namespace maui::runtime {
namespace {

const std::string kTrace = MAUI_SOURCE_DIR "/tests/report/three_jobs.swf";
const std::string kOld = MAUI_SOURCE_DIR "/examples/easy.cfg";
const std::string kNew = MAUI_SOURCE_DIR "/tests/report/favour_u2.cfg";

struct Fixture {
  std::unique_ptr<Compilation> old_cfg = checker::check_file(kOld), new_cfg = checker::check_file(kNew);
  Trace trace = read_swf(kTrace).trace;
  std::vector<Node> nodes() const { return simulated_nodes(old_cfg->policy, {2, 1}).nodes; }
  WhatIf compare(std::vector<GroupBy> by = {GroupBy::User}) const {
    return what_if(replay(old_cfg->policy, "old.cfg", trace, "three.swf", {nodes(), {}, {}}, {}),
                   replay(new_cfg->policy, "new.cfg", trace, "three.swf", {nodes(), {}, {}}, {}), by);
  }
};

TEST(Compare, PerCredentialAndPerJobWorkedByHand) {
  Fixture f;
  ASSERT_EQ(f.trace.jobs.size(), 3u);
  const WhatIf w = f.compare();
  ASSERT_EQ(w.comparison.kinds.size(), 1u);
  const KindChange& users = w.comparison.kinds[0];
  ASSERT_EQ(users.credentials.size(), 2u);
  // u2: 180 -> 80 s (a change of 100 s); u1: (0 + 90) / 2 = 45 -> (0 + 190) / 2 = 95 s (50 s).
  // The larger change first.
  const CredentialChange &u2 = users.credentials[0], &u1 = users.credentials[1];
  EXPECT_EQ(u2.name, "u2");
  EXPECT_DOUBLE_EQ(u2.old_side->metrics.average_wait, 180);
  EXPECT_DOUBLE_EQ(u2.new_side->metrics.average_wait, 80);
  EXPECT_EQ(u1.name, "u1");
  EXPECT_DOUBLE_EQ(u1.old_side->metrics.average_wait, 45);
  EXPECT_DOUBLE_EQ(u1.new_side->metrics.average_wait, 95);
  // The 95th percentile of two waits is the larger (the ceil(1.9) = 2nd smallest).
  EXPECT_EQ(u1.old_side->metrics.p95_wait, 90);
  EXPECT_EQ(u1.new_side->metrics.p95_wait, 190);
  // Shares of the proc-seconds: u1 200 + 200 of 500, u2 100 of 500, under both.
  EXPECT_DOUBLE_EQ(u1.old_side->share, 0.8);
  EXPECT_DOUBLE_EQ(u2.new_side->share, 0.2);
  EXPECT_FALSE(u1.unchanged());
  // Jobs 2 (+100 s) and 3 (-100 s) moved as much: by job number.
  EXPECT_EQ(w.comparison.jobs_moved, 2);
  ASSERT_EQ(w.comparison.moved.size(), 2u);
  EXPECT_EQ(w.comparison.moved[0].index, 1u);
  EXPECT_EQ(w.comparison.moved[0].old_start, 100);
  EXPECT_EQ(w.comparison.moved[0].new_start, 200);
  EXPECT_EQ(w.comparison.moved[1].index, 2u);
}

TEST(Compare, TextSaysWhoWaitsMoreAndWhoLess) {
  const std::string text = comparison_text(Fixture().compare());
  // 180 -> 80 s is -56 %; 45 -> 95 s is +111 %. u2 changed most: its verdict comes first.
  const auto u2 = text.find("    user u2: average wait 0:03:00 → 0:01:20 (-56 %)\n");
  const auto u1 = text.find("    user u1: average wait 0:00:45 → 0:01:35 (+111 %)\n");
  ASSERT_NE(u2, std::string::npos) << text;
  ASSERT_NE(u1, std::string::npos) << text;
  EXPECT_LT(u2, u1);
  // The whole run's average wait is 90 s under both: (0 + 90 + 180) / 3 = (0 + 190 + 80) / 3.
  EXPECT_NE(text.find("  average wait              0:01:30             0:01:30             0:00:00\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    job 2 (user u1, 2 procs): starts 0:01:40 later (100 s → 200 s)\n"), std::string::npos);
  EXPECT_NE(text.find("    job 3 (user u2, 1 proc): starts 0:01:40 earlier (200 s → 100 s)\n"), std::string::npos);
}

TEST(Compare, EachSideOfTheJsonIsWhatSimulatePrints) {
  const Fixture f;
  const WhatIf w = f.compare({GroupBy::User, GroupBy::Qos});
  auto parsed = llvm::json::parse(comparison_json(w));
  ASSERT_TRUE(bool(parsed));
  const llvm::json::Object& o = *parsed->getAsObject();
  auto simulate = llvm::json::parse(simulation_json(w.old_summary, w.old_run, w.old_by));
  ASSERT_TRUE(bool(simulate));
  EXPECT_EQ(*o.get("old"), *simulate);
  const llvm::json::Array& users = *o.getObject("by")->getArray("user");
  ASSERT_EQ(users.size(), 2u);
  const llvm::json::Object& u2 = *users[0].getAsObject();
  EXPECT_EQ(*u2.getString("name"), "u2");
  EXPECT_EQ(*u2.getObject("old")->getInteger("average_wait"), 180);
  EXPECT_EQ(*u2.getObject("new")->getInteger("average_wait"), 80);
  EXPECT_EQ(*u2.getObject("change")->getInteger("average_wait"), -100);
  const llvm::json::Object& moved = *(*o.getArray("moved"))[0].getAsObject();
  EXPECT_EQ(*moved.getInteger("id"), 2);
  EXPECT_EQ(*moved.getInteger("moved"), 100);
}

TEST(Compare, JobsCsvWorkedByHand) {
  EXPECT_EQ(comparison_jobs_csv(Fixture().compare()),
            "id,submit,procs,user,group,account,class,old_qos,new_qos,old_start,new_start,old_wait,new_wait,moved\n"
            "1,0,2,u1,g1,,q1,DEFAULT,DEFAULT,0,0,0,0,0\n"
            "2,10,2,u1,g1,,q1,DEFAULT,DEFAULT,100,200,90,190,100\n"
            "3,20,1,u2,g1,,q1,DEFAULT,DEFAULT,200,100,180,80,-100\n");
}

TEST(ReportRecorder, TheOldRunDrawnByHand) {
  const Fixture f;
  RecorderOptions options;
  options.bins = 3;
  ReportRecorder recorder(f.old_cfg->policy, f.nodes(), f.trace, options);
  SimulationOptions sim;
  recorder.attach(sim);
  const PolicyRun run = replay(f.old_cfg->policy, "old.cfg", f.trace, "three.swf", {f.nodes(), {}, {}}, sim);
  const ReportSide s = recorder.side("old", "old.cfg", run.result);
  // One rectangle per run on a contiguous range of nodes: jobs 1 and 2 on node001-node002, job 3
  // on node001 (FIRSTAVAILABLE).
  ASSERT_EQ(s.blocks.size(), 3u);
  EXPECT_EQ((std::vector<Epoch>{s.blocks[0].start, s.blocks[1].start, s.blocks[2].start}),
            (std::vector<Epoch>{0, 100, 200}));
  EXPECT_EQ((std::vector<std::int32_t>{s.blocks[0].nodes, s.blocks[1].nodes, s.blocks[2].nodes}),
            (std::vector<std::int32_t>{2, 2, 1}));
  EXPECT_EQ(s.blocks[2].node, 0);
  // Job 3's reservation, from the iteration at 100 that made it (the ones at 10 and 20, when
  // nothing could start, were skipped) to its planned start at 200, on node001.
  ASSERT_EQ(s.shades.size(), 1u);
  EXPECT_EQ(s.shades[0].kind, Shade::Kind::Job);
  EXPECT_EQ(s.shades[0].name, "3");
  EXPECT_EQ(s.shades[0].start, 100);
  EXPECT_EQ(s.shades[0].end, 200);
  // Three bins of 100 s over [0, 300): 2 busy procs of 2, 2 of 2, then 1 of 2; jobs waiting:
  // job 2 for 90 s and job 3 for 80 s in the first (1.7 on average), job 3 all the second.
  EXPECT_EQ(s.utilization.step, 100);
  EXPECT_EQ(s.utilization.values, (std::vector<double>{1.0, 1.0, 0.5}));
  ASSERT_EQ(s.queue.values.size(), 3u);
  EXPECT_DOUBLE_EQ(s.queue.values[0], 1.7);
  EXPECT_DOUBLE_EQ(s.queue.values[1], 1.0);
  EXPECT_DOUBLE_EQ(s.queue.values[2], 0.0);
  // Waits of u1 (0, 90): 5th percentile and quartile 0 (the 1st smallest), median 0, the
  // 75th and 95th percentiles 90 (the 2nd).
  const auto u1 = std::find_if(s.distributions.begin(), s.distributions.end(),
                               [](const Distribution& d) { return d.kind == GroupBy::User && d.name == "u1"; });
  ASSERT_NE(u1, s.distributions.end());
  EXPECT_EQ(u1->wait, (Quantiles{0, 0, 0, 90, 90}));
}

TEST(ReportHtml, SelfContainedAndNoNameEndsTheDataScript) {
  ReportData data;
  data.title = "a <b> & c";
  ReportSide side;
  side.label = "old";
  JobOutcome job;
  job.number = 1;
  job.user = "</script><script>alert(1)</script>";
  job.start = 5;
  job.end = 10;
  job.procs = 1;
  side.jobs.push_back(job);
  side.blocks.push_back({0, 0, 1, 5, 10});
  data.sides.push_back(side);
  const std::string html = render_report_html(data);
  // Three script elements, each opening a line: the library, the data, the page; no script,
  // style sheet or image from elsewhere (the browser test watches the network too).
  std::size_t scripts = 0;
  for (std::size_t at = 0; (at = html.find("\n<script", at)) != std::string::npos; ++at) ++scripts;
  EXPECT_EQ(scripts, 3u);
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_NE(html.find("<title>a &lt;b> &amp; c</title>"), std::string::npos);
  EXPECT_EQ(html.find("</script><script>alert"), std::string::npos);
  // The data reads back, the user's name whole.
  auto parsed = llvm::json::parse(report_data_json(data));
  ASSERT_TRUE(bool(parsed));
  const auto& names = *parsed->getAsObject()->getArray("sides")->front().getAsObject()->getObject("names");
  EXPECT_EQ(*names.getArray("user")->front().getAsString(), job.user);
}

}  // namespace
}  // namespace maui::runtime
